// bench:chaos's verdicts after the faults: the platform's own invariants (checkInvariants,
// apps/platform/src/invariants) and the bench's record of what it was told, held against the
// ledger: every acknowledged operation in it exactly once, no refused operation moving money, the
// withdrawals final, the deposit limits and pauses never broken, and the live table's rounds
// settled once each on the result the studio revealed. Each check returns
// { name, ok, detail, examples }. checkRecord reads through a `query(text, params) => rows`
// function, so that the platform's tests (test/chaos-checks.test.ts) run it on either database:
// pgQuery for a node-postgres client (the bench), drizzleQuery for a drizzle database or
// transaction (PGlite or PostgreSQL). Times are read as epoch milliseconds and amounts as
// numbers, whatever the driver makes of timestamptz and bigint.
import { createHash } from 'node:crypto';
import { DEPOSIT_LIMIT_LOOK_BACK_DAYS } from '@krone/domain';
import { settleRoulette } from '@krone/games-math';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { checkInvariants } from '../../apps/platform/src/invariants/check.ts';
import { foldPeriod } from '../../apps/platform/src/limits/service.ts';

const EXAMPLES = 5;
const verdict = (name, problems, detail) => ({ name, ok: problems.length === 0, detail, examples: problems.slice(0, EXAMPLES) });
const gameKey = (transactionId) => `game:krone-studio:${transactionId}`;
/** A timestamptz column as epoch milliseconds (float8: a number on every driver). */
const ms = (column) => `(extract(epoch from ${column}) * 1000)::float8`;
const FINAL_WITHDRAWAL = new Set(['paid', 'cancelled', 'failed']);
/** The live studio's provider id on the platform (games/providers.ts). */
export const LIVE_PROVIDER = 'lysmester-live';

/** Every verdict, the platform's first. */
export async function checkAll(databaseUrl, record) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  try {
    const platform = await checkInvariants(drizzle({ client: pool }), { olderThanMs: 0 });
    const client = await pool.connect();
    try {
      return [...platform, ...(await checkRecord(pgQuery(client), record))];
    } finally {
      client.release();
    }
  } finally {
    await pool.end();
  }
}

/** A node-postgres client or pool as checkRecord's query function. */
export const pgQuery =
  (client) =>
  async (text, params = []) =>
    (await client.query(text, params)).rows;

/** A drizzle database or transaction (either driver) as checkRecord's query function; `$n` are the params. */
export const drizzleQuery =
  (db) =>
  async (text, params = []) => {
    const parts = text.split(/\$(\d+)/);
    const chunks = parts.map((part, i) => (i % 2 === 1 ? sql`${params[Number(part) - 1]}` : sql.raw(part)));
    const result = await db.execute(sql.join(chunks));
    return Array.isArray(result) ? result : result.rows;
  };

/**
 * The bench's record (chaos-load.mjs createRecord) held against the database: the verdicts
 * acknowledged_exactly_once, refused_moved_nothing, withdrawals_final, limits_kept and live_rounds.
 */
export async function checkRecord(query, record) {
  const transfers = new Map(
    (await query(`select idempotency_key as key, id::text as id from wallet_transfers`)).map((row) => [row.key, row.id]),
  );
  const acked = [];
  const refused = [];
  let ackedCount = 0;
  let refusedCount = 0;

  // Game money: an acknowledged call's transfer is there, under its key, with the id answered
  // (none for a win of 0 or a rollback that had nothing to undo); a refused call's key moved nothing.
  const expectOnce = (key, answeredId, what) => {
    const found = transfers.get(key) ?? null;
    if (found !== (answeredId ?? null)) acked.push(`${what}: answered transfer ${answeredId}, the ledger has ${found}`);
  };
  for (const [transactionId, game] of record.games) {
    if (game.outcome === 'acked') {
      ackedCount++;
      expectOnce(gameKey(transactionId), game.ledgerTransferId, `${game.kind} ${transactionId}`);
      if (game.winTransactionId) expectOnce(gameKey(game.winTransactionId), game.winLedgerTransferId, `win ${game.winTransactionId}`);
      if (game.duplicateLedgerTransferId !== undefined && game.duplicateLedgerTransferId !== game.ledgerTransferId)
        acked.push(`${game.kind} ${transactionId}: two answers name different transfers`);
    } else if (game.outcome === 'refused') {
      refusedCount++;
      for (const id of [transactionId, game.winTransactionId].filter(Boolean))
        if (transfers.has(gameKey(id))) refused.push(`${game.kind} ${id} refused (${game.code}) but moved money`);
    }
  }

  // Withdrawals: an acknowledged request reserved its money once; a refused one made no row and
  // moved nothing; every one the bench asked for that was made ends paid, cancelled or failed.
  const withdrawalRows = new Map(
    (await query(`select id::text as id, player_id::text as player_id, status, amount_ore::text as amount_ore from withdrawals`)).map(
      (row) => [row.id, { ...row, amount_ore: Number(row.amount_ore) }],
    ),
  );
  const finalWithdrawal = [];
  for (const [id, withdrawal] of record.withdrawals) {
    const row = withdrawalRows.get(id);
    if (row && !FINAL_WITHDRAWAL.has(row.status)) finalWithdrawal.push(`withdrawal ${id} (${withdrawal.outcome}): still ${row.status}`);
    if (withdrawal.outcome === 'acked') {
      ackedCount++;
      if (!row || row.player_id !== withdrawal.playerId || row.amount_ore !== withdrawal.amountOre)
        acked.push(`withdrawal ${id}: acknowledged, no such row for the player`);
      else if (!transfers.has(`withdrawal:${id}`)) acked.push(`withdrawal ${id}: acknowledged, nothing reserved`);
      if (withdrawal.cancel?.outcome === 'acked') {
        ackedCount++;
        if (row?.status !== 'cancelled' || !transfers.has(`withdrawal-cancel:${id}`))
          acked.push(`withdrawal ${id}: cancel acknowledged, status ${row?.status}`);
        if (transfers.has(`payout:${id}`)) acked.push(`withdrawal ${id}: cancelled and paid`);
      } else if (withdrawal.cancel?.outcome === 'refused') {
        refusedCount++;
        if (row?.status === 'cancelled') refused.push(`withdrawal ${id}: cancel refused (${withdrawal.cancel.code}) but cancelled`);
      }
    } else if (withdrawal.outcome === 'refused') {
      refusedCount++;
      if (row || transfers.has(`withdrawal:${id}`)) refused.push(`withdrawal ${id} refused (${withdrawal.code}) but made`);
    }
  }

  // Deposits: an acknowledged one is its player's, and ends as the player's answer at the provider
  // said; a refused one made no payment that moved or may still move money (a refusal from the
  // provider, CARD_DECLINED, leaves its payment failed: that one moved nothing). A player's live
  // payments (any but failed, or credited) are at most the deposits acknowledged or unanswered.
  const paymentRows = new Map(
    (
      await query(
        `select id::text as id, player_id::text as player_id, status, amount_ore::text as amount_ore, ${ms('created_at')} as created_ms from payments`,
      )
    ).map((row) => [row.id, { ...row, amount_ore: Number(row.amount_ore), created_ms: Number(row.created_ms) }]),
  );
  const madePerPlayer = new Map();
  for (const row of paymentRows.values())
    if (row.status !== 'failed' || transfers.has(`deposit:${row.id}`))
      madePerPlayer.set(row.player_id, (madePerPlayer.get(row.player_id) ?? 0) + 1);
  const allowedPerPlayer = new Map();
  for (const deposit of record.deposits) {
    if (deposit.outcome !== 'refused') allowedPerPlayer.set(deposit.playerId, (allowedPerPlayer.get(deposit.playerId) ?? 0) + 1);
    if (deposit.outcome === 'refused') refusedCount++;
    if (deposit.outcome !== 'acked') continue;
    ackedCount++;
    const row = paymentRows.get(deposit.paymentId);
    if (!row || row.player_id !== deposit.playerId || row.amount_ore !== deposit.amountOre) {
      acked.push(`deposit ${deposit.paymentId}: acknowledged, no such payment for the player`);
      continue;
    }
    const expected =
      deposit.status === 'succeeded' || deposit.decision === 'approve' ? 'succeeded' : deposit.decision === 'reject' ? 'failed' : null;
    if (expected && row.status !== expected) acked.push(`deposit ${deposit.paymentId}: ${row.status}, expected ${expected}`);
    if (row.status === 'succeeded' && !transfers.has(`deposit:${deposit.paymentId}`))
      acked.push(`deposit ${deposit.paymentId}: succeeded, not credited`);
  }
  for (const [playerId, made] of madePerPlayer) {
    const allowed = allowedPerPlayer.get(playerId) ?? 0;
    if (made > allowed) refused.push(`player ${playerId}: ${made} payments, ${allowed} deposits acknowledged or unanswered`);
  }

  // Limit changes and pauses acknowledged are kept (append-only rows): per player, period and
  // amount, at least as many of the player's own changes as were acknowledged (a change sent
  // again after an unclear answer may have been made twice).
  const limitRows = (
    await query(
      `select player_id::text as player_id, period, amount_ore::text as amount_ore, source,
              ${ms('created_at')} as created_ms, ${ms('effective_at')} as effective_ms
         from deposit_limits order by created_at, id`,
    )
  ).map((row) => ({
    ...row,
    amount_ore: row.amount_ore === null ? null : Number(row.amount_ore),
    created_ms: Number(row.created_ms),
    effective_ms: Number(row.effective_ms),
  }));
  const limitRowsOf = new Map();
  for (const row of limitRows) {
    const key = `${row.player_id} ${row.period}`;
    if (!limitRowsOf.has(key)) limitRowsOf.set(key, []);
    limitRowsOf.get(key).push({ amountOre: row.amount_ore, createdAt: new Date(row.created_ms), effectiveAt: new Date(row.effective_ms) });
  }
  const changeKey = (playerId, period, amountOre) => `${playerId} ${period} ${amountOre}`;
  const changesKept = new Map();
  for (const row of limitRows)
    if (row.source === 'player') {
      const key = changeKey(row.player_id, row.period, row.amount_ore);
      changesKept.set(key, (changesKept.get(key) ?? 0) + 1);
    }
  const changesAcked = new Map();
  for (const change of record.limitChanges) {
    if (change.outcome === 'acked') {
      ackedCount++;
      const key = changeKey(change.playerId, change.period, change.amountOre);
      changesAcked.set(key, (changesAcked.get(key) ?? 0) + 1);
    } else if (change.outcome === 'refused') refusedCount++;
  }
  for (const [key, n] of changesAcked)
    if ((changesKept.get(key) ?? 0) < n) acked.push(`limit change ${key}: acknowledged ${n} times, kept ${changesKept.get(key) ?? 0}`);
  const exclusions = await query(`select player_id::text as player_id from account_exclusions where kind = 'pause'`);
  for (const playerId of record.pausedAt.keys()) {
    ackedCount++;
    if (!exclusions.some((row) => row.player_id === playerId)) acked.push(`player ${playerId}: pause acknowledged, not kept`);
  }

  // The deposit limits: at every succeeded deposit, the player's succeeded deposits over each
  // period's look-back (counted as the platform counts them, from when they were made) within
  // the limit then in force (the limits service's own fold of the rows made by then).
  const limitProblems = [];
  const byPlayer = new Map();
  for (const row of [...paymentRows.values()].filter((row) => row.status === 'succeeded').sort((a, b) => a.created_ms - b.created_ms)) {
    if (!byPlayer.has(row.player_id)) byPlayer.set(row.player_id, []);
    byPlayer.get(row.player_id).push(row);
  }
  let depositsChecked = 0;
  for (const [playerId, rows] of byPlayer) {
    for (const deposit of rows) {
      depositsChecked++;
      const at = new Date(deposit.created_ms);
      for (const [period, days] of Object.entries(DEPOSIT_LIMIT_LOOK_BACK_DAYS)) {
        const history = (limitRowsOf.get(`${playerId} ${period}`) ?? []).filter((row) => row.createdAt <= at);
        const limit = foldPeriod(history, at).amountOre;
        if (limit === null) continue;
        const since = deposit.created_ms - days * 86_400_000;
        const total = rows
          .filter((row) => row.created_ms >= since && row.created_ms <= deposit.created_ms)
          .reduce((sum, row) => sum + row.amount_ore, 0);
        if (total > limit)
          limitProblems.push(`player ${playerId}: ${total} øre deposited in the ${period} to ${at.toISOString()}, limit ${limit}`);
      }
    }
  }
  // A pause: no stake accepted once the pause was acknowledged (the bench sent it after).
  let betsAfterPause = 0;
  for (const [transactionId, game] of record.games) {
    if (game.kind !== 'bet' || !game.sentAfterPause) continue;
    betsAfterPause++;
    if (game.outcome === 'acked') limitProblems.push(`bet ${transactionId} accepted after the player's pause was acknowledged`);
  }

  return [
    verdict('acknowledged_exactly_once', acked, `${ackedCount} acknowledged operations held against the ledger`),
    verdict('refused_moved_nothing', refused, `${refusedCount} refused operations`),
    verdict('withdrawals_final', finalWithdrawal, `${record.withdrawals.size} withdrawals requested`),
    verdict(
      'limits_kept',
      limitProblems,
      `${depositsChecked} succeeded deposits against each period's limit; ${betsAfterPause} bets sent after a pause`,
    ),
    await checkLive(query, record, transfers),
  ];
}

/** The seats of the live bets the studio answered OK: by the platform's round (`{studio round}:{game session}`), each with its bets. */
export function liveSeats(live) {
  const seats = new Map();
  for (const bet of live?.bets ?? []) {
    if (bet.outcome !== 'acked') continue;
    const key = `${bet.roundId}:${bet.gameSessionId}`;
    const seat = seats.get(key) ?? { roundId: bet.roundId, playerId: bet.playerId, bets: [] };
    seat.bets.push(bet);
    seats.set(key, seat);
  }
  return seats;
}

/** The studio's commitment to a roulette round's result, published when betting opened (apps/sims/src/live/rounds.ts commitmentOf). */
const commitmentOf = (roundId, result, nonce) =>
  createHash('sha256')
    .update(`${roundId}|${JSON.stringify({ kind: result.kind, pocket: result.pocket })}|${nonce}`)
    .digest('hex');

/**
 * live_rounds: the live table's rounds (chaos-live.mjs) against the platform's. Every debit the
 * studio answered OK is one bet transaction under its id, in its seat's round, of its amount, with
 * its transfer. A seat of a round whose result the studio revealed (and had committed to when betting
 * opened) is settled exactly once: its round ended, staked the seat's debits, won exactly the return
 * of the seat's bets on that result (games-math's settleRoulette), with one win, and the player's
 * side of the ledger for the round is that return less the stakes. A voided round's debits are all
 * rolled back: nothing staked or won, the player's net 0. No round of the provider is left with a
 * stake and no end; no live bet was taken after the player's pause was acknowledged; every void the
 * studio acknowledged is a void. (The studio's unanswered debits are cancelled by it: a seat's stake
 * being exactly its answered debits shows they moved nothing.)
 */
async function checkLive(query, record, transfers) {
  const live = record.live ?? { bets: [], rounds: new Map(), voids: [] };
  const rounds = new Map(
    (
      await query(
        `select round_id, staked_ore::text as staked, won_ore::text as won, case when ended_at is null then 0 else 1 end as ended
           from game_rounds where provider_id = $1`,
        [LIVE_PROVIDER],
      )
    ).map((row) => [row.round_id, { staked: Number(row.staked), won: Number(row.won), ended: Number(row.ended) === 1 }]),
  );
  const transactions = new Map(
    (
      await query(
        `select transaction_id, kind, round_id, amount_ore::text as amount, status from game_transactions where provider_id = $1`,
        [LIVE_PROVIDER],
      )
    ).map((row) => [row.transaction_id, { ...row, amount: Number(row.amount) }]),
  );
  const winsOf = new Map();
  for (const transaction of transactions.values())
    if (transaction.kind === 'win') winsOf.set(transaction.round_id, (winsOf.get(transaction.round_id) ?? 0) + 1);
  const playerNet = new Map(
    (
      await query(
        `select t.reference->>'roundId' as round_id, sum(e.amount_ore)::text as net
           from wallet_transfers t join wallet_entries e on e.transfer_id = t.id join wallet_accounts a on a.id = e.account_id
          where t.idempotency_key like $1 and a.player_id is not null group by 1`,
        [`game:${LIVE_PROVIDER}:%`],
      )
    ).map((row) => [row.round_id, Number(row.net)]),
  );

  const problems = [];
  const seats = liveSeats(live);
  let settled = 0;
  let voided = 0;
  for (const [platformRound, seat] of seats) {
    const stakeOre = seat.bets.reduce((sum, bet) => sum + bet.amountOre, 0);
    const row = rounds.get(platformRound);
    const shown = live.rounds.get(seat.roundId);
    const net = playerNet.get(platformRound) ?? 0;
    for (const bet of seat.bets) {
      const taken = transactions.get(bet.transactionId);
      if (
        !taken ||
        taken.kind !== 'bet' ||
        taken.round_id !== platformRound ||
        taken.amount !== bet.amountOre ||
        !transfers.has(`game:${LIVE_PROVIDER}:${bet.transactionId}`)
      )
        problems.push(
          `debit ${bet.transactionId} (${bet.amountOre} øre in ${platformRound}) answered OK; the platform has ${taken ? `${taken.kind} ${taken.amount} øre in ${taken.round_id}` : 'nothing'}`,
        );
      if (bet.sentAfterPause) problems.push(`debit ${bet.transactionId} taken after the player's pause was acknowledged`);
    }
    if (shown?.state === 'void') {
      voided++;
      const standing = seat.bets.filter((bet) => transactions.get(bet.transactionId)?.status !== 'rolled_back');
      if (standing.length > 0 || (row && (row.staked !== 0 || row.won !== 0)) || net !== 0 || winsOf.has(platformRound))
        problems.push(
          `voided round ${platformRound}: ${standing.length} debits not rolled back, staked ${row?.staked ?? 0}, won ${row?.won ?? 0}, the player's net ${net} øre, ${winsOf.get(platformRound) ?? 0} wins`,
        );
      continue;
    }
    if (shown?.state !== 'result' || !shown.result) {
      problems.push(`round ${seat.roundId}: bet in, its result or void never seen`);
      continue;
    }
    if (shown.result.kind !== 'roulette' || !shown.nonce || commitmentOf(seat.roundId, shown.result, shown.nonce) !== shown.commitment) {
      problems.push(`round ${seat.roundId}: the result shown (${JSON.stringify(shown.result)}) is not the one committed to`);
      continue;
    }
    const dueOre = settleRoulette(
      'european',
      seat.bets.flatMap((bet) => bet.bets),
      shown.result.pocket,
    ).totalReturnOre;
    const wins = winsOf.get(platformRound) ?? 0;
    const rolledBack = seat.bets.filter((bet) => transactions.get(bet.transactionId)?.status !== 'done').length;
    if (!row || !row.ended || row.staked !== stakeOre || row.won !== dueOre || wins !== 1 || rolledBack > 0 || net !== dueOre - stakeOre)
      problems.push(
        `round ${platformRound} (pocket ${shown.result.pocket}): staked ${stakeOre}, due ${dueOre}; the platform has ${row ? `${row.ended ? 'ended' : 'open'}, staked ${row.staked}, won ${row.won}` : 'no round'}, ${wins} wins, ${rolledBack} debits not standing, the player's net ${net} øre`,
      );
    else settled++;
  }
  let open = 0;
  for (const [roundId, row] of rounds)
    if (!row.ended && row.staked !== 0) {
      open++;
      problems.push(`round ${roundId} left open with ${row.staked} øre staked`);
    }
  for (const voiding of live.voids)
    if (voiding.outcome === 'acked' && live.rounds.get(voiding.roundId)?.state !== 'void')
      problems.push(`round ${voiding.roundId}: the void was acknowledged, the studio shows it ${live.rounds.get(voiding.roundId)?.state}`);
  const count = (outcome) => live.bets.filter((bet) => bet.outcome === outcome).length;
  return verdict(
    'live_rounds',
    problems,
    `${count('acked')} live bets in ${seats.size} seats: ${settled} settled once on the result, ${voided} voided and given back; ${count('unknown')} unanswered, ${count('refused')} refused; ${open} rounds left open`,
  );
}
