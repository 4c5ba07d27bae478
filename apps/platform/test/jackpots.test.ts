import { randomUUID } from 'node:crypto';
import { dropCommitment, JACKPOT_POOLS, PPM } from '@krone/games-math';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlatform, type Platform } from '../src/app.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { createJackpots } from '../src/games/jackpots/pools.js';
import { checkInvariants } from '../src/invariants/check.js';
import { rowsOf } from '../src/shared/db.js';
import { canonicalHash, createWalletService } from '../src/wallet/service.js';
import { addTestTitles, gameProvider, launchToken, playerWithCash, type GameProviderClient } from './games-provider.js';
import { startTestPlatform, type TestPlatform } from './harness.js';

/**
 * Issue 26: progressive jackpots on the ledger. A feeding title's stake splits in the bet's own
 * transfer (the pool's whole øre, the fraction carried), a pool is paid whole to the round whose
 * part takes it to its committed drop value, in that round's transaction, and seeded again by the
 * house; exactly one round wins each drop, also with rounds racing from two platform processes.
 */
const SECRET = 'studio-secret-of-the-jackpots-0123456789';
const STEPS = [100, 150, 1_000, 10_000];
const MINI = JACKPOT_POOLS.find((pool) => pool.id === 'guld-mini')!;
const KRONE = JACKPOT_POOLS.find((pool) => pool.id === 'kronejackpotten')!;

let platform: TestPlatform;
let studio: GameProviderClient;
/** A second platform process on the same database (PostgreSQL only), with its own pool of connections. */
let second: { database: Database; platform: Platform; studio: GameProviderClient } | null = null;

beforeAll(async () => {
  platform = await startTestPlatform({ GAME_PROVIDER_KRONE_STUDIO_SECRET: SECRET });
  await addTestTitles(platform.database.db, [
    { id: 'jp-guld', stepsOre: STEPS },
    { id: 'jp-krone', stepsOre: STEPS },
    { id: 'jp-plain', stepsOre: STEPS },
  ]);
  // The suite's titles feed as the maths' feeds would: one the Guld tiers, one Kronejackpotten.
  await platform.database.db.execute(sql`insert into jackpot_feeds (game_id, pool_id, rate_ppm) values
    ('jp-guld', 'guld-mini', 5000), ('jp-guld', 'guld-midi', 3000), ('jp-guld', 'guld-maxi', 2000), ('jp-krone', 'kronejackpotten', 5000)`);
  studio = gameProvider(platform.publicApp, 'krone-studio', SECRET);
  if (platform.database.kind === 'postgres') {
    const database = await openDatabase({ url: platform.config.DATABASE_URL, dataDir: '', poolSize: 8 });
    const other = await buildPlatform({ config: platform.config, database, logger: false });
    await other.ready();
    second = { database, platform: other, studio: gameProvider(other.public, 'krone-studio', SECRET) };
  }
}, 120_000);
afterAll(async () => {
  await second?.platform.close();
  await second?.database.close();
  await platform.close();
});

const id = (prefix: string) => `${prefix}-${randomUUID()}`;
const db = () => platform.database.db;
const wallet = () => createWalletService(db(), () => new Date());

async function seated(gameId: string, cashOre: number, provider = studio) {
  const player = await playerWithCash(platform, cashOre);
  const token = await launchToken(platform, player.token, gameId);
  const auth = await provider.call('authenticate', { token });
  expect(auth.status, JSON.stringify(auth.body)).toBe(200);
  return { player, sessionId: auth.body.data!.sessionId as string };
}

/** A whole round in one call (betAndWin, ended), with new ids: a stake of `stakeOre` and a win of `winOre`. */
const wholeRound = (sessionId: string, stakeOre: number, winOre = 0, roundId = id('round')) =>
  studio.call('betAndWin', {
    sessionId,
    roundId,
    transactionId: id('bet'),
    amountOre: stakeOre,
    winTransactionId: id('win'),
    winAmountOre: winOre,
    endRound: true,
  });

type PoolRow = { id: string; amount_ore: string; carry_micro: string; drop_seq: number; drop_ore: string; account_id: string };
async function pool(poolId: string) {
  const [row] = await rowsOf<PoolRow>(sql`select * from jackpot_pools where id = ${poolId}`, db());
  return {
    amount: Number(row!.amount_ore),
    carry: Number(row!.carry_micro),
    seq: row!.drop_seq,
    drop: Number(row!.drop_ore),
    account: row!.account_id,
  };
}

/** Σ contributions + Σ seeds = Σ pool amounts + Σ hits, to the øre; each pool's amount is its ledger account's; the fractions add up. */
async function proof() {
  const [sums] = await rowsOf<Record<string, string>>(
    sql`select (select coalesce(sum(amount_ore), 0) from jackpot_contributions) as contributions,
               (select coalesce(sum(micro), 0) from jackpot_contributions) as micro,
               (select coalesce(sum(amount_ore), 0) from jackpot_seeds) as seeds,
               (select coalesce(sum(amount_ore), 0) from jackpot_pools) as pools,
               (select coalesce(sum(carry_micro), 0) from jackpot_pools) as carry,
               (select coalesce(sum(amount_ore), 0) from jackpot_hits) as hits,
               (select count(*) from jackpot_pools p where p.amount_ore <>
                  (select coalesce(sum(e.amount_ore), 0) from wallet_entries e where e.account_id = p.account_id)) as off_ledger`,
    db(),
  );
  const n = (key: string) => BigInt(sums![key]!);
  expect(n('contributions') + n('seeds')).toBe(n('pools') + n('hits'));
  expect(n('micro')).toBe(n('contributions') * BigInt(PPM) + n('carry'));
  expect(n('off_ledger')).toBe(0n);
  return { contributions: n('contributions'), hits: n('hits') };
}

describe('pools on the ledger', () => {
  it('seeds each defined pool once from the house, with a drop committed between seed and cap', async () => {
    const pools = await rowsOf<{
      id: string;
      amount_ore: string;
      seed_ore: string;
      cap_ore: string;
      drop_seq: number;
      drop_ore: string;
      drop_nonce: string;
      drop_hash: string;
    }>(sql`select * from jackpot_pools order by position`, db());
    expect(pools.map((row) => row.id)).toEqual(JACKPOT_POOLS.map((def) => def.id));
    for (const row of pools) {
      expect(Number(row.drop_ore)).toBeGreaterThanOrEqual(Number(row.seed_ore));
      expect(Number(row.drop_ore)).toBeLessThanOrEqual(Number(row.cap_ore));
      expect(row.drop_hash).toBe(dropCommitment(row.id, row.drop_seq, Number(row.drop_ore), row.drop_nonce));
    }
    const seeds = await rowsOf<{ pool_id: string; amount_ore: string; kind: string }>(
      sql`select s.pool_id, s.amount_ore, t.kind from jackpot_seeds s join wallet_transfers t on t.id = s.transfer_id order by s.pool_id`,
      db(),
    );
    expect(seeds.every((seed) => seed.kind === 'jackpot_seed')).toBe(true);
    expect(Number(seeds.find((seed) => seed.pool_id === 'kronejackpotten')?.amount_ore)).toBe(KRONE.seedOre);
    // A second sync (a restart, another process) seeds nothing again.
    const again = await createJackpots({ db: db(), clock: () => new Date(), wallet: wallet() }).sync([]);
    expect(again.seeded).toBe(0);
    // The real titles' feeds are the maths': a fruit machine feeds Kronejackpotten, a "-guld" title the three tiers.
    const [feeds] = await rowsOf<{ krone: number; guld: number }>(
      sql`select count(*) filter (where pool_id = 'kronejackpotten')::int as krone, count(*) filter (where pool_id = 'guld-mini')::int as guld
          from jackpot_feeds`,
      db(),
    );
    expect(feeds!.krone).toBeGreaterThan(20);
    expect(feeds!.guld).toBeGreaterThan(10);
    await proof();
  });

  it("splits a feeding stake in the bet's own transfer, carrying the fractions of an øre", async () => {
    const { sessionId } = await seated('jp-krone', 10_000);
    const before = await pool('kronejackpotten');
    const gamesBefore = await wallet().balance(await wallet().systemAccount('provider:krone-studio:games'));
    // 150 øre × 0.5 % = 0.75 øre each: 0, then 1 (1.5), then 1 (2.25 → carry .25) …
    const moved: number[] = [];
    for (let i = 0; i < 4; i++) {
      const roundId = id('round');
      const answer = await studio.call('betAndWin', {
        sessionId,
        roundId,
        transactionId: id('bet'),
        amountOre: 150,
        winTransactionId: id('win'),
        winAmountOre: 0,
        endRound: true,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const [round] = await rowsOf<{ staked_ore: string; jackpot_staked_ore: string }>(
        sql`select staked_ore, jackpot_staked_ore from game_rounds where round_id = ${roundId}`,
        db(),
      );
      expect(Number(round!.staked_ore)).toBe(150);
      moved.push(Number(round!.jackpot_staked_ore));
      // The bet's transfer: the player −150, the games account 150 − part, the pool + part.
      const entries = await rowsOf<{ account_id: string; amount_ore: string }>(
        sql`select e.account_id, e.amount_ore from wallet_entries e where e.transfer_id = ${answer.body.data!.ledgerTransferId as string}::uuid`,
        db(),
      );
      const part = entries.find((entry) => entry.account_id === before.account);
      // The transfer's request hash is the ledger's own over its (split) entries, whichever path wrote it.
      const [transfer] = await rowsOf<{ request_hash: string; kind: string; reference: Record<string, string> }>(
        sql`select request_hash, kind, reference from wallet_transfers where id = ${answer.body.data!.ledgerTransferId as string}::uuid`,
        db(),
      );
      expect(transfer!.request_hash).toBe(
        canonicalHash({
          kind: transfer!.kind,
          entries: entries.map((entry) => ({ accountId: entry.account_id, amountOre: Number(entry.amount_ore) })),
          reference: transfer!.reference,
        }),
      );
      expect(Number(part?.amount_ore ?? 0)).toBe(moved.at(-1));
      expect(entries.reduce((sum, entry) => sum + Number(entry.amount_ore), 0)).toBe(0);
    }
    const expected: number[] = [];
    let carry = before.carry;
    for (let i = 0; i < 4; i++) {
      const total = carry + 150 * KRONE.ratePpm;
      expected.push(Math.floor(total / PPM));
      carry = total % PPM;
    }
    expect(moved).toEqual(expected);
    const after = await pool('kronejackpotten');
    expect(after.amount).toBe(before.amount + expected.reduce((a, b) => a + b, 0));
    expect(after.carry).toBe(carry);
    const gamesAfter = await wallet().balance(await wallet().systemAccount('provider:krone-studio:games'));
    expect(gamesAfter - gamesBefore).toBe(600 - (after.amount - before.amount));
    await proof();
  });

  it('leaves a title that feeds no pool on its one-statement path, its pools untouched', async () => {
    const { sessionId } = await seated('jp-plain', 10_000);
    const before = await proof();
    const answer = await wholeRound(sessionId, 1_000);
    expect(answer.status).toBe(200);
    expect((await proof()).contributions).toBe(before.contributions);
  });
});

describe('a hit', () => {
  it('pays the whole pool to the round that reaches the drop, in its transaction, and seeds the next drop', async () => {
    const { player, sessionId } = await seated('jp-guld', 100_000);
    const jackpots = createJackpots({ db: db(), clock: () => new Date(), wallet: wallet() });
    const mini = await pool('guld-mini');
    // The next stake of 1 000 øre adds 5 øre (plus the carry): the drop just above the amount is reached by it.
    const forced = await jackpots.forceDrop('guld-mini', mini.amount + 1);
    expect(forced.sequence).toBe(mini.seq);
    const roundId = id('round');
    const answer = await wholeRound(sessionId, 1_000, 200, roundId);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const wins = answer.body.data!.jackpotWins as { poolId: string; poolName: string; amountOre: number }[];
    expect(wins).toHaveLength(1);
    const [hit] = await rowsOf<{
      amount_ore: string;
      drop_ore: string;
      drop_nonce: string;
      drop_hash: string;
      player_id: string;
      round_id: string;
      transfer_id: string;
    }>(sql`select * from jackpot_hits where pool_id = 'guld-mini' and drop_seq = ${mini.seq}`, db());
    expect(hit!.round_id).toBe(roundId);
    expect(hit!.player_id).toBe(player.id);
    expect(wins[0]).toEqual({ poolId: 'guld-mini', poolName: 'Guld Mini', amountOre: Number(hit!.amount_ore) });
    expect(Number(hit!.amount_ore)).toBeGreaterThanOrEqual(mini.amount + 1);
    // The drop revealed matches the commitment published before.
    expect(hit!.drop_hash).toBe(forced.hash);
    expect(dropCommitment('guld-mini', mini.seq, Number(hit!.drop_ore), hit!.drop_nonce)).toBe(forced.hash);
    // Paid to cash with the round, apart from the game's win: the balance says so.
    const cash = (await wallet().playerBalances(player.id)).player_cash;
    expect(cash).toBe(100_000 - 1_000 + 200 + Number(hit!.amount_ore));
    expect(answer.body.data!.cashOre).toBe(cash);
    const [round] = await rowsOf<{ won_ore: string; jackpot_won_ore: string; jackpot_staked_ore: string }>(
      sql`select won_ore, jackpot_won_ore, jackpot_staked_ore from game_rounds where round_id = ${roundId}`,
      db(),
    );
    expect([Number(round!.won_ore), Number(round!.jackpot_won_ore)]).toEqual([200, Number(hit!.amount_ore)]);
    const [transfer] = await rowsOf<{ kind: string; reference: Record<string, string> }>(
      sql`select kind, reference from wallet_transfers where id = ${hit!.transfer_id}::uuid`,
      db(),
    );
    expect(transfer).toMatchObject({ kind: 'jackpot_win', reference: { poolId: 'guld-mini', game: 'jp-guld', roundId } });
    // Reset: the next drop, seeded again by the house; a new commitment.
    const after = await pool('guld-mini');
    expect(after.seq).toBe(mini.seq + 1);
    expect(after.amount).toBe(MINI.seedOre);
    expect(after.drop).toBeGreaterThanOrEqual(MINI.seedOre);
    expect(after.drop).toBeLessThanOrEqual(MINI.capOre);
    // The new winners: the jackpot hit, once.
    const winners = await rowsOf<{ kind: string; amount_ore: string }>(
      sql`select kind, amount_ore::text from game_winners where round_id = ${roundId}`,
      db(),
    );
    expect(winners).toEqual([{ kind: 'jackpot', amount_ore: String(hit!.amount_ore) }]);
    // The same call again answers the first answer: nothing is paid twice.
    const again = await studio.call('betAndWin', {
      sessionId,
      roundId,
      transactionId: (answer.body.data!.transactionId as string) ?? '',
      amountOre: 1_000,
      winTransactionId: answer.body.data!.winTransactionId as string,
      winAmountOre: 200,
      endRound: true,
    });
    expect(again.body.data!.jackpotWins).toEqual(wins);
    expect((await wallet().playerBalances(player.id)).player_cash).toBe(cash);
    await proof();
    expect((await checkInvariants(db())).filter((result) => !result.ok)).toEqual([]);
  });

  it("applies a pool's changed seed and cap from its next drop, the one in force kept as committed", async () => {
    const MIDI = JACKPOT_POOLS.find((def) => def.id === 'guld-midi')!;
    const jackpots = createJackpots({ db: db(), clock: () => new Date(), wallet: wallet() });
    const terms = async () => {
      const [row] = await rowsOf<{ seed_ore: string; cap_ore: string; next_seed_ore: string | null; next_cap_ore: string | null }>(
        sql`select seed_ore, cap_ore, next_seed_ore, next_cap_ore from jackpot_pools where id = 'guld-midi'`,
        db(),
      );
      return [row!.seed_ore, row!.cap_ore, row!.next_seed_ore, row!.next_cap_ore].map((value) => (value === null ? null : Number(value)));
    };
    // The pool was made under other terms than its definition has now (a release changed them).
    await db().execute(
      sql`update jackpot_pools set seed_ore = ${MIDI.seedOre - 100}, cap_ore = ${MIDI.capOre + 100} where id = 'guld-midi'`,
    );
    const before = await pool('guld-midi');
    await jackpots.sync([]);
    // The drop in force stays as committed; the new terms wait for the next.
    expect(await terms()).toEqual([MIDI.seedOre - 100, MIDI.capOre + 100, MIDI.seedOre, MIDI.capOre]);
    expect((await pool('guld-midi')).drop).toBe(before.drop);
    const forced = await jackpots.forceDrop('guld-midi', before.amount + 1);
    const { sessionId } = await seated('jp-guld', 100_000);
    const answer = await wholeRound(sessionId, 1_000);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((answer.body.data!.jackpotWins as { poolId: string }[]).map((win) => win.poolId)).toContain('guld-midi');
    // The hit reset the pool on the new terms: its seed, a drop drawn within them, nothing waiting.
    expect(await terms()).toEqual([MIDI.seedOre, MIDI.capOre, null, null]);
    const after = await pool('guld-midi');
    expect(after.seq).toBe(forced.sequence + 1);
    expect(after.amount).toBe(MIDI.seedOre);
    expect(after.drop).toBeGreaterThanOrEqual(MIDI.seedOre);
    expect(after.drop).toBeLessThanOrEqual(MIDI.capOre);
    const [seeded] = await rowsOf<{ amount_ore: string }>(
      sql`select amount_ore from jackpot_seeds where pool_id = 'guld-midi' and drop_seq = ${after.seq}`,
      db(),
    );
    expect(Number(seeded!.amount_ore)).toBe(MIDI.seedOre);
    // Terms waiting that the definition no longer asks for are let go at the next sync.
    await db().execute(sql`update jackpot_pools set next_seed_ore = 1, next_cap_ore = 2 where id = 'guld-midi'`);
    await jackpots.sync([]);
    expect(await terms()).toEqual([MIDI.seedOre, MIDI.capOre, null, null]);
    await proof();
    expect((await checkInvariants(db())).filter((result) => !result.ok)).toEqual([]);
  });

  it('refuses to roll back a bet that won a pool (its outcome was seen)', async () => {
    const { sessionId } = await seated('jp-guld', 100_000);
    const mini = await pool('guld-mini');
    await createJackpots({ db: db(), clock: () => new Date(), wallet: wallet() }).forceDrop('guld-mini', mini.amount + 1);
    const roundId = id('round');
    const bet = id('bet');
    const answer = await studio.call('bet', { sessionId, roundId, transactionId: bet, amountOre: 1_000 });
    expect(answer.status).toBe(200);
    expect(answer.body.data!.jackpotWins).toHaveLength(1);
    const rollback = await studio.call('rollback', { sessionId, roundId, transactionId: id('rb'), referenceTransactionId: bet });
    expect(rollback.status).toBe(409);
    expect(rollback.body.code).toBe('GAME_ROLLBACK_ROUND_SETTLED');
    await proof();
  });
});

describe('a rollback', () => {
  it('gives a feeding stake back whole from the games account; its part stays in the pool and leaves the round', async () => {
    const { player, sessionId } = await seated('jp-guld', 100_000);
    // A drop on this bet would settle its round, and a settled round's stake is never given back
    // (above): each pool's drop point is set to its cap, out of the bet's reach.
    const jackpots = createJackpots({ db: db(), clock: () => new Date(), wallet: wallet() });
    const caps = await rowsOf<{ id: string; cap_ore: string }>(sql`select id, cap_ore from jackpot_pools where id like 'guld-%'`, db());
    for (const cap of caps) await jackpots.forceDrop(cap.id, Number(cap.cap_ore));
    const before = await pool('guld-mini');
    const roundId = id('round');
    const bet = id('bet');
    expect((await studio.call('bet', { sessionId, roundId, transactionId: bet, amountOre: 10_000 })).status).toBe(200);
    const [staked] = await rowsOf<{ jackpot_staked_ore: string }>(
      sql`select jackpot_staked_ore from game_rounds where round_id = ${roundId}`,
      db(),
    );
    expect(Number(staked!.jackpot_staked_ore)).toBeGreaterThanOrEqual(100); // 50 + 30 + 20 øre at least
    const rollback = await studio.call('rollback', { sessionId, roundId, transactionId: id('rb'), referenceTransactionId: bet });
    expect(rollback.status, JSON.stringify(rollback.body)).toBe(200);
    expect((await wallet().playerBalances(player.id)).player_cash).toBe(100_000);
    const [round] = await rowsOf<{ staked_ore: string; jackpot_staked_ore: string }>(
      sql`select staked_ore, jackpot_staked_ore from game_rounds where round_id = ${roundId}`,
      db(),
    );
    expect([Number(round!.staked_ore), Number(round!.jackpot_staked_ore)]).toEqual([0, 0]);
    expect((await pool('guld-mini')).amount).toBeGreaterThanOrEqual(before.amount + 50);
    await proof();
    expect((await checkInvariants(db())).filter((result) => !result.ok)).toEqual([]);
  });
});

describe('the new winners', () => {
  it('records a big win when its round ends, once, on both paths; a small win never', async () => {
    for (const gameId of ['jp-plain', 'jp-krone']) {
      const { sessionId } = await seated(gameId, 100_000);
      // 100 øre staked, 500 kr. won: past max(500 kr., 50 × 1 kr.).
      const big = id('round');
      const call = {
        sessionId,
        roundId: big,
        transactionId: id('bet'),
        amountOre: 100,
        winTransactionId: id('win'),
        winAmountOre: 50_000,
        endRound: true,
      };
      // The title's largest win bounds a round's win: a test title's is far above 500 ×.
      const answer = await studio.call('betAndWin', call);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect((await studio.call('betAndWin', call)).status).toBe(200);
      const small = id('round');
      await studio.call('betAndWin', {
        ...call,
        roundId: small,
        transactionId: id('bet'),
        winTransactionId: id('win'),
        winAmountOre: 49_999,
      });
      // bet, win, endRound: written at the end, not before.
      const split = id('round');
      await studio.call('bet', { sessionId, roundId: split, transactionId: id('bet'), amountOre: 1_000 });
      await studio.call('win', { sessionId, roundId: split, transactionId: id('win'), amountOre: 60_000 });
      const beforeEnd = await rowsOf<{ id: string }>(sql`select id from game_winners where round_id = ${split}`, db());
      expect(beforeEnd).toEqual([]);
      expect((await studio.call('endRound', { sessionId, roundId: split })).status).toBe(200);
      expect((await studio.call('endRound', { sessionId, roundId: split })).status).toBe(200);
      const rows = await rowsOf<{ round_id: string; kind: string; amount_ore: string; stake_ore: string; game_id: string }>(
        sql`select round_id, kind, amount_ore::text, stake_ore::text, game_id from game_winners where round_id in (${big}, ${small}, ${split}) order by id`,
        db(),
      );
      expect(rows).toEqual([
        { round_id: big, kind: 'win', amount_ore: '50000', stake_ore: '100', game_id: gameId },
        { round_id: split, kind: 'win', amount_ore: '60000', stake_ore: '1000', game_id: gameId },
      ]);
    }
  });
});

describe('exactly one winner per drop under concurrency', () => {
  it('pays each forced drop to one round of many racing (from two platform processes on PostgreSQL)', async () => {
    const seats = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const provider = second && i % 2 === 1 ? second.studio : studio;
        return { ...(await seated('jp-guld', 1_000_000, provider)), provider };
      }),
    );
    const jackpots = createJackpots({ db: db(), clock: () => new Date(), wallet: wallet() });
    const runs = platform.database.kind === 'postgres' ? 8 : 4;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 4, max: 16 }), async (gap, rounds) => {
        const before = await pool('guld-mini');
        await jackpots.forceDrop('guld-mini', Math.min(before.amount + gap, MINI.capOre));
        // Each round adds 5 øre to guld-mini (1 000 øre at 0.5 %): `rounds` × 5 may pass the drop, once.
        const answers = await Promise.all(
          Array.from({ length: rounds }, (_, i) => {
            const seat = seats[i % seats.length]!;
            return seat.provider.call('betAndWin', {
              sessionId: seat.sessionId,
              roundId: id('round'),
              transactionId: id('bet'),
              amountOre: 1_000,
              winTransactionId: id('win'),
              winAmountOre: 0,
              endRound: true,
            });
          }),
        );
        for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        const won = answers.filter((answer) =>
          ((answer.body.data!.jackpotWins as { poolId: string }[] | undefined) ?? []).some((win) => win.poolId === 'guld-mini'),
        );
        // After the forced drop the pool starts again with a new drop point drawn by the CSPRNG, which
        // the remaining rounds may also reach: every drop of the run is counted, each won once.
        const drops = await rowsOf<{ drop_seq: number; n: number }>(
          sql`select drop_seq, count(*)::int as n from jackpot_hits where pool_id = 'guld-mini' and drop_seq >= ${before.seq} group by drop_seq`,
          db(),
        );
        const forced = drops.find((drop) => drop.drop_seq === before.seq)?.n ?? 0;
        const reached = rounds * 5 >= gap; // the carry only adds
        expect(won.length).toBe(drops.reduce((sum, drop) => sum + drop.n, 0));
        for (const drop of drops) expect(drop.n, `drop ${drop.drop_seq}`).toBe(1);
        if (rounds * 5 + 1 < gap) expect(drops).toEqual([]);
        if (reached) expect(forced).toBe(1);
      }),
      { numRuns: runs },
    );
    await proof();
    expect((await checkInvariants(db())).filter((result) => !result.ok)).toEqual([]);
  }, 120_000);
});
