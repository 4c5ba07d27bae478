import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/src/shared/db.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BLACKJACK_VEGAS_H17, SeededTestRng, dealBlackjackRound } from '@krone/games-math';
import { rounds } from '../src/db/schema.js';
import type { JackpotWin } from '../src/platform-client.js';
import { launchToken, ledger, playerWith, realSession, startWorld, studioCall, type SessionData, type TestWorld } from './harness.js';

/**
 * A jackpot hit (issue 26) as the studio keeps it: the platform pays the pools a stake won in the
 * stake's own transaction and says so in its answer (`jackpotWins`, only when one was won). Here a
 * stand-in adds that to the in-process platform's answers, as the platform does: decided when the
 * call lands, answered the same to every copy of it. The round keeps the pools as paid and shows
 * them apart from the game's win, in its answer, its explanation, its look-up and its replay. Then
 * against the platform's own pools: a drop forced by its test hook (JACKPOT_TEST_HOOKS), won by the
 * next feeding stake. PGlite by default; PostgreSQL with TEST_DATABASE_URL.
 */

const KRONE: JackpotWin = { poolId: 'kronejackpotten', poolName: 'Kronejackpotten', amountOre: 12_345_678 };
const GULD_MINI: JackpotWin = { poolId: 'guld-mini', poolName: 'Guldjackpotten Mini', amountOre: 25_050 };

/**
 * The platform's side of a hit: the next stake that lands (bet or betAndWin) wins the armed pools;
 * every copy of that call is answered the same (the platform answers a repeat as the first time).
 */
function jackpotPlatform(world: TestWorld) {
  const armed: JackpotWin[][] = [];
  const won = new Map<string, JackpotWin[]>();
  const landed: string[] = [];
  world.network.answer = (operation, request, data) => {
    if (operation !== 'betAndWin' && operation !== 'bet') return data;
    const transactionId = String(request.transactionId);
    landed.push(transactionId);
    if (!won.has(transactionId) && armed.length > 0) won.set(transactionId, armed.shift()!);
    const wins = won.get(transactionId);
    if (!wins) return data;
    const paid = wins.reduce((sum, win) => sum + win.amountOre, 0);
    return { ...data, balanceOre: Number(data.balanceOre) + paid, jackpotWins: wins };
  };
  return { arm: (wins: JackpotWin[]) => armed.push(wins), landed };
}

interface ShownRound {
  roundId: string;
  stakeOre: number;
  winOre: number | null;
  jackpotWins: JackpotWin[];
  jackpotWinOre: number | null;
  status: string;
  outcome: {
    wins: { winOre: number }[];
    freeSpins: { winOre: number } | null;
    jackpot: { wins: JackpotWin[]; winOre: number } | null;
  } | null;
  table: { kind: string } | null;
}
interface Played {
  round: ShownRound;
  session: SessionData;
}

let world: TestWorld;
let platform: ReturnType<typeof jackpotPlatform>;
beforeAll(async () => {
  world = await startWorld({}, { studio: { inRequestDelaysMs: [0, 0, 0] }, platformEnv: { JACKPOT_TEST_HOOKS: 'true' } });
}, 60_000);
afterAll(async () => {
  await world.close();
});
beforeEach(() => {
  world.network.failing = null;
  world.nextOutcome(null);
  platform = jackpotPlatform(world);
});

const play = (session: { sessionId: string; token: string }, stakeOre: number) =>
  studioCall<Played>(world, 'POST', `/sessions/${session.sessionId}/rounds`, { body: { stakeOre }, bearer: session.token });
const lookUp = (session: { sessionId: string; token: string }, roundId: string) =>
  studioCall<Played>(world, 'GET', `/sessions/${session.sessionId}/rounds/${roundId}`, { bearer: session.token });
const kept = async (roundId: string) => (await world.database.db.select().from(rounds).where(eq(rounds.id, roundId)))[0]!;
/** What the game's wins of a shown slot round add up to (the base spin's and the free spins'). */
const gameWins = (round: ShownRound) =>
  round.outcome!.wins.reduce((sum, win) => sum + win.winOre, 0) + (round.outcome!.freeSpins?.winOre ?? 0);

describe('a round whose stake won a pool', () => {
  it('keeps the pools as paid and shows them apart from the game’s win: its answer, explanation, look-up and replay', async () => {
    const { player, session } = await realSession(world, 100_000);
    const stake = session.stake.defaultOre;
    const cashBefore = (await ledger(world, player.id)).cashOre;
    world.nextOutcome('win');
    platform.arm([KRONE, GULD_MINI]);
    const played = await play(session, stake);
    expect(played.status, JSON.stringify(played.body)).toBe(200);
    const { round } = played.body.data;
    const jackpotOre = KRONE.amountOre + GULD_MINI.amountOre;

    expect(round.status).toBe('settled');
    expect(round.jackpotWins).toEqual([KRONE, GULD_MINI]);
    expect(round.jackpotWinOre).toBe(jackpotOre);
    // The game's win is the game's alone; the explanation names the jackpot as its own part.
    expect(round.winOre).toBeGreaterThan(0);
    expect(gameWins(round)).toBe(round.winOre);
    expect(round.outcome!.jackpot).toEqual({ wins: [KRONE, GULD_MINI], winOre: jackpotOre });
    // The balance the platform answered holds the jackpot (the stand-in pays it only in its answer);
    // the session's net counts it with the game's win.
    expect(played.body.data.session.balanceOre).toBe(cashBefore - stake + round.winOre! + jackpotOre);
    expect(played.body.data.session.netOre).toBe(round.winOre! + jackpotOre - stake);

    const row = await kept(round.roundId);
    expect(row.jackpotWins).toEqual([KRONE, GULD_MINI]);
    expect(row.jackpotWinOre).toBe(jackpotOre);
    expect(row.winOre).toBe(round.winOre);

    // Looked up again (a reload, another tab): the same pools.
    const again = await lookUp(session, round.roundId);
    expect(again.body.data.round).toEqual(round);
    const reload = await studioCall<SessionData>(world, 'POST', '/sessions', {
      body: { mode: 'real', token: await launchToken(world, player.token) },
    });
    expect((await lookUp(reload.body.data, round.roundId)).body.data.round.jackpotWins).toEqual([KRONE, GULD_MINI]);
    // Replayed from its draws: the same game, and the pools as paid.
    const replayed = await world.studio.rounds.replay(round.roundId);
    expect(replayed!.replayed).toEqual(replayed!.stored);
    expect(replayed!.jackpotWins).toEqual([KRONE, GULD_MINI]);
  });

  it('shows no jackpot part when the stake won none, and a jackpot with a game that won nothing', async () => {
    const { session } = await realSession(world, 100_000);
    const stake = session.stake.defaultOre;
    const plain = (await play(session, stake)).body.data.round;
    expect(plain).toMatchObject({ status: 'settled', jackpotWins: [], jackpotWinOre: 0 });
    expect(plain.outcome!.jackpot).toBeNull();
    expect((await kept(plain.roundId)).jackpotWins).toBeNull();

    world.moveStudioClock(5_000);
    world.nextOutcome('loss');
    platform.arm([KRONE]);
    const lost = await play(session, stake);
    const { round } = lost.body.data;
    expect(round).toMatchObject({ status: 'settled', winOre: 0, jackpotWins: [KRONE], jackpotWinOre: KRONE.amountOre });
    expect(round.outcome!.jackpot).toEqual({ wins: [KRONE], winOre: KRONE.amountOre });
    expect(lost.body.data.session.netOre).toBe(plain.winOre! - 2 * stake + KRONE.amountOre);
  });

  it('keeps the same pools when the settlement is retried: the answer lost, the call sent again, answered as the first time', async () => {
    const { session } = await realSession(world, 100_000);
    const stake = session.stake.defaultOre;
    world.moveStudioClock(5_000);
    platform.arm([KRONE]);
    // The call lands (the pool is won and paid there) but no answer comes back: pending, nothing shown.
    world.network.failing = (operation) => (operation === 'betAndWin' ? 'lost-answer' : null);
    const played = await play(session, stake);
    const pending = played.body.data.round;
    expect(pending).toMatchObject({ status: 'pending', winOre: null, jackpotWins: [], jackpotWinOre: null, outcome: null });
    expect((await kept(pending.roundId)).jackpotWins).toBeNull();

    // The network heals; two studio processes send the round again at once: the platform answers
    // each copy as the first time, and the round keeps the pools once.
    world.network.failing = null;
    world.moveStudioClock(10 * 60_000);
    const other = await world.anotherStudio();
    const [mine, theirs] = await Promise.all([world.studio.rounds.recover({ quietMs: 0 }), other.rounds.recover({ quietMs: 0 })]);
    expect(mine.paid + theirs.paid).toBeGreaterThanOrEqual(1);
    const transactions = platform.landed.filter((id) => id === `${pending.roundId}:bet`);
    expect(transactions.length).toBeGreaterThanOrEqual(2);

    const row = await kept(pending.roundId);
    expect(row.status).toBe('settled');
    expect(row.jackpotWins).toEqual([KRONE]);
    expect(row.jackpotWinOre).toBe(KRONE.amountOre);
    const settled = (await lookUp(session, pending.roundId)).body.data;
    expect(settled.round).toMatchObject({ status: 'settled', jackpotWins: [KRONE], jackpotWinOre: KRONE.amountOre });
    expect(settled.round.outcome!.jackpot).toEqual({ wins: [KRONE], winOre: KRONE.amountOre });
    // Counted once in the session: its net is the one round's game win and jackpot less its stake.
    expect(settled.session.netOre).toBe(row.winOre! + KRONE.amountOre - stake);
    expect(settled.session.roundsPlayed).toBe(1);
  });

  it('leaves out what is not a pool won in the answer (a malformed entry), keeping the well-formed ones', async () => {
    const { session } = await realSession(world, 100_000);
    world.moveStudioClock(5_000);
    world.network.answer = (operation, _request, data) =>
      operation === 'betAndWin'
        ? { ...data, jackpotWins: [KRONE, { poolId: 'x', poolName: 'X', amountOre: -5 }, { poolId: 7 }, 'kronejackpotten'] }
        : data;
    const { round } = (await play(session, session.stake.defaultOre)).body.data;
    expect(round.jackpotWins).toEqual([KRONE]);
    expect(round.jackpotWinOre).toBe(KRONE.amountOre);
  });
});

describe('a pool won at the platform itself', () => {
  it('keeps what the platform paid: the drop forced by its test hook, won by the next stake on a title of the Guld family', async () => {
    world.network.answer = null;
    const { player, session } = await realSession(world, 100_000);
    const stake = session.stake.defaultOre;
    const [mini] = await rowsOf<{ amount_ore: string; name: string }>(
      sql`select amount_ore, name from jackpot_pools where id = 'guld-mini'`,
      world.platform.database.db,
    );
    // The pool falls at the next feeding stake's part (GAME, vikingernes-guld, feeds the Guld tiers).
    const forced = await world.platform.app.inject({
      method: 'POST',
      url: '/Games/jackpots/guld-mini/test-drop',
      payload: { dropOre: Number(mini!.amount_ore) + 1 },
    });
    expect(forced.statusCode, forced.body).toBe(200);
    const before = await ledger(world, player.id);
    world.moveStudioClock(5_000);
    const played = await play(session, stake);
    expect(played.status, JSON.stringify(played.body)).toBe(200);
    const { round } = played.body.data;
    expect(round.status).toBe('settled');
    expect(round.jackpotWins).toHaveLength(1);
    const [won] = round.jackpotWins;
    expect(won).toMatchObject({ poolId: 'guld-mini', poolName: mini!.name });
    expect(won!.amountOre).toBeGreaterThan(Number(mini!.amount_ore));
    expect(round.jackpotWinOre).toBe(won!.amountOre);
    expect(round.outcome!.jackpot).toEqual({ wins: [won], winOre: won!.amountOre });

    // The player's cash moved by the game's win and the jackpot's less the stake; the balance shown is the ledger's.
    const after = await ledger(world, player.id);
    expect(after.cashOre - before.cashOre).toBe(round.winOre! + won!.amountOre - stake);
    expect(played.body.data.session.balanceOre).toBe(after.cashOre);
    expect(after.audit).toMatchObject({ ledgerSumOre: 0, unbalancedTransfers: 0, negativeBalances: 0 });
    expect((await kept(round.roundId)).jackpotWins).toEqual([won]);
  });

  it('keeps them when the answer was lost: the platform answers the copy sent again as the first time', async () => {
    world.network.answer = null;
    const { player, session } = await realSession(world, 100_000);
    const [mini] = await rowsOf<{ amount_ore: string }>(
      sql`select amount_ore from jackpot_pools where id = 'guld-mini'`,
      world.platform.database.db,
    );
    const forced = await world.platform.app.inject({
      method: 'POST',
      url: '/Games/jackpots/guld-mini/test-drop',
      payload: { dropOre: Number(mini!.amount_ore) + 1 },
    });
    expect(forced.statusCode, forced.body).toBe(200);
    const before = await ledger(world, player.id);
    world.moveStudioClock(5_000);
    world.network.failing = (operation) => (operation === 'betAndWin' ? 'lost-answer' : null);
    const pending = (await play(session, session.stake.defaultOre)).body.data.round;
    expect(pending.status).toBe('pending');
    world.network.failing = null;
    world.moveStudioClock(10 * 60_000);
    expect(await world.studio.rounds.recover({ quietMs: 0 })).toMatchObject({ paid: 1 });
    const settled = (await lookUp(session, pending.roundId)).body.data.round;
    expect(settled.status).toBe('settled');
    expect(settled.jackpotWins).toHaveLength(1);
    expect(settled.jackpotWins[0]).toMatchObject({ poolId: 'guld-mini' });
    const after = await ledger(world, player.id);
    expect(after.cashOre - before.cashOre).toBe(settled.winOre! + settled.jackpotWinOre! - settled.stakeOre);
  });
});

describe('a table hand whose deal won a pool', () => {
  it('keeps the pools its deal’s stake won through the hand, and shows them once it is dealt and once it is settled', async () => {
    const player = await playerWith(world, 1_000_000);
    const token = await launchToken(world, player.token, 'blackjack-vegas');
    const table = (await studioCall<SessionData>(world, 'POST', '/sessions', { body: { mode: 'real', token } })).body.data;
    const stake = 5_000;
    let seed = 1;
    // A hand of two cards that waits for its player (no blackjack at the deal).
    while (dealBlackjackRound(BLACKJACK_VEGAS_H17, stake, new SeededTestRng(seed)).phase !== 'player') seed++;
    world.steer(seed);
    platform.arm([KRONE]);
    const dealt = await play(table, stake);
    world.steer(null);
    expect(dealt.status, JSON.stringify(dealt.body)).toBe(200);
    expect(dealt.body.data.round).toMatchObject({ status: 'playing', jackpotWins: [KRONE], jackpotWinOre: KRONE.amountOre });

    const stood = await studioCall<Played>(world, 'POST', `/sessions/${table.sessionId}/rounds/${dealt.body.data.round.roundId}/actions`, {
      body: { action: 'stand' },
      bearer: table.token,
    });
    expect(stood.body.data.round).toMatchObject({ status: 'settled', jackpotWins: [KRONE], jackpotWinOre: KRONE.amountOre });
    expect(stood.body.data.session.netOre).toBe(stood.body.data.round.winOre! + KRONE.amountOre - stake);
  });
});
