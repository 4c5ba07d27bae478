import { queryPrepared, type Db } from '../db/client.js';
import { CHECK_VIOLATION, pgErrorIn, UNIQUE_VIOLATION } from '../shared/db.js';
import { canonicalHash } from '../wallet/service.js';
import { ledgerKey, requestHash, type BetAndWinAnswer, type BetAndWinRequest, type MoneyAnswer, type MoneyRequest } from './contract.js';
import type { SessionFacts } from './sessions.js';
import { exposureDay } from './win-bounds.js';
import { BET_AND_WIN_FEEDING_IN_ONE_STATEMENT } from './one-statement-feeding.js';
import { BET_AND_WIN_RECORDS, BIG_WIN, PAID, PROVIDER_OPEN, STAKE_FROM_CASH, TAKEN, WITHIN_LARGEST_WIN } from './one-statement-sql.js';

/**
 * The contract's common money calls as one statement each (games/README.md, "Speed"): the round's
 * and the transaction id's advisory locks (the same keys, in the same order, as the
 * multi-statement path takes them, so the two never interleave on a round), the player's balance
 * rows locked in id order, the ledger's transfer, its entries and balance, the round's row and the
 * contract's record, in one statement, which is atomic on its own. Each covers only the plain case
 * and otherwise does nothing (no row back) or fails on a constraint (a unique key taken meanwhile,
 * the balance CHECK); the caller then runs the multi-statement path, which decides every refusal
 * exactly as before. The texts never change (the server keeps them planned: queryPrepared).
 */

/**
 * A bet that opens its round, taken from cash alone: $1 provider, $2 round, $3 transaction id,
 * $4 session, $5 amount, $6 now, $7 cash account, $8 bonus account, $9 the provider's games account,
 * $10 player, $11 game, $12 ledger key, $13 the transfer's hash, $14 its reference, $15 the call's
 * hash. Nothing when the session has ended or expired, the round is known, the player is
 * excluded from play (the limits context's play_exclusions, as the ledger's own statement reads
 * them) or locked (the players context's status, which `assertAccountOpen` reads: the other path
 * asks it and answers its refusal), or their cash is short (a split with the bonus balance is the other path's). A transaction id
 * seen before fails the statement on the contract's key (the ledger's key inserts nothing, so
 * nothing else is written either): no look-up by id here, whose kept (generic) plan, made while
 * the table was empty, probed the round index and read every row of the provider. $16 is the
 * Copenhagen day whose takings the stake joins (win-bounds.ts).
 */
export const BET_IN_ONE_STATEMENT = `
  with lk as materialized (
    select pg_advisory_xact_lock(hashtext('game-round:' || $1::text || ':' || $2::text)),
           pg_advisory_xact_lock(hashtext('game-tx:' || $1::text || ':' || $3::text))
  ),
  ${STAKE_FROM_CASH},
  t as (
    insert into wallet_transfers (idempotency_key, request_hash, kind, reference, reverses, created_at)
    select $12::text, $13::text, 'bet', $14::jsonb, null, $6::timestamptz from ok
    where ${PROVIDER_OPEN('$16')}
    on conflict (idempotency_key) do nothing
    returning id, created_at
  ),
  upd as (
    update wallet_accounts a set balance_ore = a.balance_ore - $5::bigint
    from t where a.id = $7::uuid
    returning a.balance_ore
  ),
  ins as (
    insert into wallet_entries (transfer_id, account_id, amount_ore, balance_after_ore, created_at)
    select t.id, $9::uuid, $5::bigint, null, t.created_at from t
    union all
    select t.id, $7::uuid, -$5::bigint, upd.balance_ore, t.created_at from t, upd
  ),
  rnd as (
    insert into game_rounds (provider_id, round_id, session_id, player_id, game_id, staked_ore, bonus_staked_ore, balance_after_ore, created_at)
    select $1::text, $2::text, $4::uuid, $10::uuid, $11::text, $5::bigint, 0, bal.cash - $5::bigint + bal.bonus, $6::timestamptz from t, bal
  ),
  ${TAKEN('$5::bigint', 't', '$16')},
  rec as (
    insert into game_transactions
      (provider_id, transaction_id, kind, round_id, session_id, amount_ore, bonus_amount_ore, request_hash, status, transfer_id, answer, created_at)
    select $1::text, $3::text, 'bet', $2::text, $4::uuid, $5::bigint, 0, $15::text, 'done', t.id,
      jsonb_build_object('transactionId', $3::text, 'ledgerTransferId', t.id, 'balanceOre', bal.cash - $5::bigint + bal.bonus,
        'cashOre', bal.cash - $5::bigint, 'bonusOre', bal.bonus),
      $6::timestamptz
    from t, bal
  )
  select t.id as transfer_id, bal.cash - $5::bigint as cash, bal.bonus from t, bal`;

/**
 * A win of a round of the session whose stakes all came from cash (so all of it goes to cash): $1
 * provider, $2 round, $3 transaction id, $4 session, $5 amount (0: recorded, nothing moves), $6
 * now, $7 cash account, $8 bonus account, $9 the provider's games account, $10 ledger key, $11 the
 * transfer's hash, $12 its reference, $13 the call's hash, $14 the Copenhagen day, $15 the
 * provider's daily payout limit. Nothing when the round is not the session's, has ended, has no
 * stake standing (a win above 0), took bonus money, or would win past its stake × the title's
 * largest win; an id seen before fails the statement on the contract's key, and a win past the
 * provider's limit on the exposure's CHECK (so the round's update goes too).
 */
export const WIN_IN_ONE_STATEMENT = `
  with lk as materialized (
    select pg_advisory_xact_lock(hashtext('game-round:' || $1::text || ':' || $2::text)),
           pg_advisory_xact_lock(hashtext('game-tx:' || $1::text || ':' || $3::text))
  ),
  locked as materialized (
    select id, balance_ore from wallet_accounts
    where id = any(array[$7::uuid, $8::uuid]) and (select count(*) from lk) = 1
    order by id for update
  ),
  bal as (
    select coalesce((select balance_ore from locked where id = $7::uuid), 0) as cash,
           coalesce((select balance_ore from locked where id = $8::uuid), 0) as bonus
  ),
  r as (
    update game_rounds g set won_ore = g.won_ore + $5::bigint, has_win = g.has_win or $5::bigint > 0,
      balance_after_ore = bal.cash + bal.bonus + $5::bigint
    from bal
    where g.provider_id = $1::text and g.round_id = $2::text and g.session_id = $4::uuid and g.ended_at is null
      and g.bonus_staked_ore = 0 and (g.staked_ore > 0 or $5::bigint = 0)
      and (${WITHIN_LARGEST_WIN('g.game_id', 'g.staked_ore', 'g.won_ore + $5::bigint')})
    returning g.round_id
  ),
  t as (
    insert into wallet_transfers (idempotency_key, request_hash, kind, reference, reverses, created_at)
    select $10::text, $11::text, 'win', $12::jsonb, null, $6::timestamptz from r where $5::bigint > 0
    on conflict (idempotency_key) do nothing
    returning id, created_at
  ),
  ${PAID('$5::bigint', 't', '$14', '$15')},
  upd as (
    update wallet_accounts a set balance_ore = a.balance_ore + $5::bigint
    from t where a.id = $7::uuid
    returning a.balance_ore
  ),
  ins as (
    insert into wallet_entries (transfer_id, account_id, amount_ore, balance_after_ore, created_at)
    select t.id, $9::uuid, -$5::bigint, null, t.created_at from t
    union all
    select t.id, $7::uuid, $5::bigint, upd.balance_ore, t.created_at from t, upd
  ),
  rec as (
    insert into game_transactions
      (provider_id, transaction_id, kind, round_id, session_id, amount_ore, bonus_amount_ore, request_hash, status, transfer_id, answer, created_at)
    select $1::text, $3::text, 'win', $2::text, $4::uuid, $5::bigint, 0, $13::text, 'done', (select id from t),
      jsonb_build_object('transactionId', $3::text, 'ledgerTransferId', (select id from t), 'balanceOre', bal.cash + bal.bonus + $5::bigint,
        'cashOre', bal.cash + $5::bigint, 'bonusOre', bal.bonus),
      $6::timestamptz
    from r, bal
  )
  select (select id from t) as transfer_id, bal.cash + $5::bigint as cash, bal.bonus from r, bal`;

/**
 * A whole round (betAndWin) that opens its round, its stake from cash alone: $1 to $15 as
 * BET_IN_ONE_STATEMENT's ($3 the bet's transaction id, $5 the stake, $12 to $14 the bet's ledger
 * key, transfer hash and reference, $15 the call's hash), then $16 the win's transaction id, $17
 * the win, $18 to $20 the win's ledger key, transfer hash and reference, $21 whether the round
 * ends, $22 the Copenhagen day, $23 the provider's daily payout limit. The two ids are locked in
 * byte order (as the other path sorts them). The player's cash row is updated once, by stake and
 * win together; each transfer's entry carries the balance after it. Either id seen before fails
 * the statement on a key (the transfers' or the contract's); a win past the stake × the title's
 * largest win writes nothing, one past the provider's limit fails on the exposure's CHECK. The
 * round's net counts once in the provider's day: as takings when it lost, as payout when it won.
 */
export const BET_AND_WIN_IN_ONE_STATEMENT = `
  with lk as materialized (
    select pg_advisory_xact_lock(hashtext('game-round:' || $1::text || ':' || $2::text)),
           pg_advisory_xact_lock(hashtext('game-tx:' || $1::text || ':' || least($3::text collate "C", $16::text collate "C"))),
           pg_advisory_xact_lock(hashtext('game-tx:' || $1::text || ':' || greatest($3::text collate "C", $16::text collate "C")))
  ),
  ${STAKE_FROM_CASH},
  tb as (
    insert into wallet_transfers (idempotency_key, request_hash, kind, reference, reverses, created_at)
    select $12::text, $13::text, 'bet', $14::jsonb, null, $6::timestamptz from ok
    where ${PROVIDER_OPEN('$22')} and (${WITHIN_LARGEST_WIN('$11::text', '$5::bigint', '$17::bigint')})
    returning id, created_at
  ),
  ${TAKEN('$5::bigint - $17::bigint', 'tb where $17::bigint < $5::bigint', '$22')},
  ${PAID('$17::bigint - $5::bigint', 'tb where $17::bigint > $5::bigint', '$22', '$23')},
  tw as (
    insert into wallet_transfers (idempotency_key, request_hash, kind, reference, reverses, created_at)
    select $18::text, $19::text, 'win', $20::jsonb, null, $6::timestamptz from tb where $17::bigint > 0
    returning id, created_at
  ),
  upd as (
    update wallet_accounts a set balance_ore = a.balance_ore - $5::bigint + $17::bigint
    from tb where a.id = $7::uuid
    returning a.balance_ore
  ),
  ins as (
    insert into wallet_entries (transfer_id, account_id, amount_ore, balance_after_ore, created_at)
    select tb.id, $9::uuid, $5::bigint, null, tb.created_at from tb
    union all
    select tb.id, $7::uuid, -$5::bigint, upd.balance_ore - $17::bigint, tb.created_at from tb, upd
    union all
    select tw.id, $9::uuid, -$17::bigint, null, tw.created_at from tw
    union all
    select tw.id, $7::uuid, $17::bigint, upd.balance_ore, tw.created_at from tw, upd
  ),
  rnd as (
    insert into game_rounds (provider_id, round_id, session_id, player_id, game_id, staked_ore, bonus_staked_ore, won_ore, has_win,
      balance_after_ore, created_at, ended_at)
    select $1::text, $2::text, $4::uuid, $10::uuid, $11::text, $5::bigint, 0, $17::bigint, $17::bigint > 0,
      bal.cash - $5::bigint + $17::bigint + bal.bonus, $6::timestamptz, case when $21::boolean then $6::timestamptz end
    from tb, bal
  ),
  ${BET_AND_WIN_RECORDS}
  select tb.id as transfer_id, (select id from tw) as win_transfer_id, bal.cash - $5::bigint + $17::bigint as cash, bal.bonus,
    (select count(*) from wn) as winners
  from tb, bal`;

/**
 * endRound of a round of the session: $1 provider, $2 round, $3 session, $4 now, $5 player, $6 and
 * $7 the new winners' big win. Under the round's lock; ending it again changes nothing (its big win
 * is in the outbox once, by the outbox's key). Nothing when the round is not the session's.
 */
export const END_ROUND_IN_ONE_STATEMENT = `
  with lk as materialized (select pg_advisory_xact_lock(hashtext('game-round:' || $1::text || ':' || $2::text))),
  r as (
    update game_rounds g set ended_at = coalesce(g.ended_at, $4::timestamptz)
    where g.provider_id = $1::text and g.round_id = $2::text and g.session_id = $3::uuid and (select count(*) from lk) = 1
    returning g.round_id, g.staked_ore, g.won_ore, g.ended_at, g.game_id, g.player_id
  ),
  ${BIG_WIN({ game: 'r.game_id', player: 'r.player_id', stake: 'r.staked_ore', won: 'r.won_ore', when: 'r.ended_at' }, 'r', 'true', '$6', '$7')}
  select r.round_id, r.staked_ore, r.won_ore, r.ended_at,
    coalesce((select balance_ore from wallet_accounts where player_id = $5::uuid and kind = 'player_cash'), 0) as cash,
    coalesce((select balance_ore from wallet_accounts where player_id = $5::uuid and kind = 'player_bonus'), 0) as bonus,
    (select count(*) from wn) as winners
  from r`;

/** What a one-statement call's failure may be: a key taken meanwhile, the balance CHECK, a deadlock or serialisation failure. */
const FALL_BACK_CODES = new Set([UNIQUE_VIOLATION, CHECK_VIOLATION, '40P01', '40001']);

export interface OneStatementDeps {
  db: Db;
  clock: () => Date;
  sessionFacts: (providerId: string, sessionId: string) => Promise<SessionFacts>;
  assertStakeAllowed: (gameId: string, amountOre: number) => Promise<void>;
  checkStake: (playerIds: string[], stakeOre: number, idempotencyKey: string) => Promise<void>;
  accountsOf: (providerId: string, playerId: string) => Promise<{ cash: string; bonus: string; games: string }>;
  /** The provider's daily payout limit (win-bounds.ts), which the win's statements hold its day to. */
  payoutLimitOre: (providerId: string) => number;
  /** The new winners' big win (jackpots/pools.ts). */
  bigWin: { minOre: number; minMultiple: number };
  /** The jackpot pools a title feeds (jackpots/pools.ts `feedsOf`): a feeding title's round takes its own statement. */
  feedsOf: (gameId: string) => Promise<readonly unknown[]>;
  reference: (
    session: Pick<SessionFacts, 'providerId' | 'gameId' | 'id'>,
    roundId: string,
    transactionId: string,
  ) => Record<string, string>;
}

/** The common bet, win and endRound as one statement each; each answers null when the multi-statement path must decide. */
export function createOneStatementCalls(deps: OneStatementDeps) {
  const { db, clock, sessionFacts, assertStakeAllowed, checkStake, accountsOf, reference, payoutLimitOre, bigWin, feedsOf } = deps;

  /**
   * One of the one-statement calls (one-statement.ts): its row, or null when it did nothing or
   * failed on a constraint (nothing of it stands: one statement is atomic), for the caller to take
   * the multi-statement path, which decides the case exactly.
   */
  async function oneStatement<T>(name: string, text: string, values: unknown[]): Promise<T | null> {
    try {
      const [row] = await queryPrepared<T>(db, name, text, values);
      return row ?? null;
    } catch (error) {
      const cause = pgErrorIn(error, (candidate) => FALL_BACK_CODES.has(candidate.code ?? ''));
      if (cause) return null;
      throw error;
    }
  }

  /** The session's facts for a one-statement call, or null (unknown, another provider's, expired: the other path answers). */
  async function factsFor(providerId: string, sessionId: string): Promise<SessionFacts | null> {
    return sessionFacts(providerId, sessionId).catch(() => null);
  }

  type MoneyRow = { transfer_id: string | null; cash: string | number; bonus: string | number };
  const moneyAnswer = (transactionId: string, row: MoneyRow): MoneyAnswer => ({
    transactionId,
    ledgerTransferId: row.transfer_id,
    balanceOre: Number(row.cash) + Number(row.bonus),
    cashOre: Number(row.cash),
    bonusOre: Number(row.bonus),
  });

  /**
   * A new round's stake from cash: the session's facts (live, not expired) and the accounts, once
   * the title's stake steps and the stake rules let it through; null sends the call to the other path.
   */
  async function stakeFacts(providerId: string, request: MoneyRequest) {
    const facts = await factsFor(providerId, request.sessionId);
    if (!facts || clock() >= facts.expiresAt) return null;
    try {
      await assertStakeAllowed(facts.gameId, request.amountOre);
      await checkStake([facts.playerId], request.amountOre, ledgerKey(providerId, request.transactionId));
    } catch {
      return null;
    }
    return { facts, accounts: await accountsOf(providerId, facts.playerId) };
  }

  /** The ledger's hash of a game transfer between the player's cash and the games account (+ to the games account: a stake). */
  const cashTransferHash = (
    accounts: { cash: string; games: string },
    kind: 'bet' | 'win',
    toGamesOre: number,
    ref: Record<string, string>,
  ) =>
    canonicalHash({
      kind,
      entries: [
        { accountId: accounts.games, amountOre: toGamesOre },
        { accountId: accounts.cash, amountOre: -toGamesOre },
      ],
      reference: ref,
    });

  /**
   * The parameters $1 to $15 that BET_IN_ONE_STATEMENT and BET_AND_WIN_IN_ONE_STATEMENT share
   * (STAKE_FROM_CASH's and the bet's transfer), the call's own hash last.
   */
  function stakeValues(
    providerId: string,
    request: MoneyRequest,
    staking: NonNullable<Awaited<ReturnType<typeof stakeFacts>>>,
    callHash: string,
  ) {
    const { facts, accounts } = staking;
    const ref = reference(facts, request.roundId, request.transactionId);
    return [
      providerId,
      request.roundId,
      request.transactionId,
      facts.id,
      request.amountOre,
      clock().toISOString(),
      accounts.cash,
      accounts.bonus,
      accounts.games,
      facts.playerId,
      facts.gameId,
      ledgerKey(providerId, request.transactionId),
      cashTransferHash(accounts, 'bet', request.amountOre, ref),
      JSON.stringify(ref),
      callHash,
    ];
  }

  /**
   * A bet in one statement (BET_IN_ONE_STATEMENT): the common bet, the first of its round, from
   * cash. Null for anything else: a bet refused, repeated, in a round already open, split with
   * the bonus balance; the checks before it that refuse send it to the other path too, which
   * answers a repeat before them.
   */
  async function betInOneStatement(providerId: string, request: MoneyRequest): Promise<MoneyAnswer | null> {
    const staking = await stakeFacts(providerId, request);
    if (!staking) return null;
    const row = await oneStatement<MoneyRow>('games_bet_one_statement', BET_IN_ONE_STATEMENT, [
      ...stakeValues(providerId, request, staking, requestHash('bet', request)),
      exposureDay(clock()),
    ]);
    return row?.transfer_id ? moneyAnswer(request.transactionId, row) : null;
  }

  /** A win in one statement (WIN_IN_ONE_STATEMENT): its round's stakes all from cash. Null for anything else. */
  async function winInOneStatement(providerId: string, request: MoneyRequest): Promise<MoneyAnswer | null> {
    const facts = await factsFor(providerId, request.sessionId);
    if (!facts) return null;
    const accounts = await accountsOf(providerId, facts.playerId);
    const ref = reference(facts, request.roundId, request.transactionId);
    const transferHash = cashTransferHash(accounts, 'win', -request.amountOre, ref);
    const row = await oneStatement<MoneyRow>('games_win_one_statement', WIN_IN_ONE_STATEMENT, [
      providerId,
      request.roundId,
      request.transactionId,
      facts.id,
      request.amountOre,
      clock().toISOString(),
      accounts.cash,
      accounts.bonus,
      accounts.games,
      ledgerKey(providerId, request.transactionId),
      transferHash,
      JSON.stringify(ref),
      requestHash('win', request),
      exposureDay(clock()),
      payoutLimitOre(providerId),
    ]);
    return row ? moneyAnswer(request.transactionId, row) : null;
  }

  /** A whole round in one statement (BET_AND_WIN_IN_ONE_STATEMENT): a new round, its stake from cash. Null for anything else. */
  async function betAndWinInOneStatement(providerId: string, request: BetAndWinRequest): Promise<BetAndWinAnswer | null> {
    const staking = await stakeFacts(providerId, request);
    if (!staking) return null;
    const { facts, accounts } = staking;
    const winRef = reference(facts, request.roundId, request.winTransactionId);
    const values = [
      ...stakeValues(providerId, request, staking, requestHash('betAndWin', request)),
      request.winTransactionId,
      request.winAmountOre,
      ledgerKey(providerId, request.winTransactionId),
      cashTransferHash(accounts, 'win', -request.winAmountOre, winRef),
      JSON.stringify(winRef),
      request.endRound,
      exposureDay(clock()),
      payoutLimitOre(providerId),
      bigWin.minOre,
      bigWin.minMultiple,
    ];
    // A title that feeds jackpot pools: its stake splits in the statement, which makes the bet transfer's hash from the split entries.
    const feeding = (await feedsOf(facts.gameId)).length > 0;
    const betRef = reference(facts, request.roundId, request.transactionId);
    const row = feeding
      ? await oneStatement<MoneyRow & { win_transfer_id: string | null }>(
          'games_bet_and_win_feeding_one_statement',
          BET_AND_WIN_FEEDING_IN_ONE_STATEMENT,
          [
            ...values,
            JSON.stringify(
              Object.keys(betRef)
                .sort()
                .map((key) => [key, betRef[key]]),
            ),
          ],
        )
      : await oneStatement<MoneyRow & { win_transfer_id: string | null }>(
          'games_bet_and_win_one_statement',
          BET_AND_WIN_IN_ONE_STATEMENT,
          values,
        );
    if (!row?.transfer_id) return null;
    return {
      ...moneyAnswer(request.transactionId, row),
      ledgerTransferId: row.transfer_id,
      winTransactionId: request.winTransactionId,
      winLedgerTransferId: row.win_transfer_id,
      roundEnded: request.endRound,
    };
  }

  /** endRound in one statement (END_ROUND_IN_ONE_STATEMENT). Null when the round is not the session's (the other path refuses). */
  async function endRound(providerId: string, request: { sessionId: string; roundId: string }) {
    const facts = await factsFor(providerId, request.sessionId);
    if (!facts) return null;
    const row = await oneStatement<{
      round_id: string;
      staked_ore: string | number;
      won_ore: string | number;
      ended_at: string | Date;
      cash: string | number;
      bonus: string | number;
    }>('games_end_round_one_statement', END_ROUND_IN_ONE_STATEMENT, [
      providerId,
      request.roundId,
      facts.id,
      clock().toISOString(),
      facts.playerId,
      bigWin.minOre,
      bigWin.minMultiple,
    ]);
    if (row)
      return {
        roundId: row.round_id,
        stakedOre: Number(row.staked_ore),
        wonOre: Number(row.won_ore),
        endedAt: new Date(row.ended_at),
        balanceOre: Number(row.cash) + Number(row.bonus),
        cashOre: Number(row.cash),
        bonusOre: Number(row.bonus),
      };
    return null;
  }

  return { bet: betInOneStatement, win: winInOneStatement, betAndWin: betAndWinInOneStatement, endRound };
}
