import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RoundOutcome } from '@krone/games-math';
import { bonusGrants, freeRoundGrants } from '../../platform/src/bonus/schema.js';
import { createWalletService } from '../../platform/src/wallet/service.js';
import { rounds, sessions } from '../src/db/schema.js';
import {
  GAME,
  launchToken,
  ledger,
  playerWith,
  SOUND_LEDGER,
  startWorld,
  studioCall,
  type SessionData,
  type TestWorld,
} from './harness.js';

/**
 * Free rounds (issue 27) as the studio plays them: the platform tells a real session of the
 * player's grants (authenticate, balance), and each round is a whole round sent with betAndWin
 * naming the grant, at its stake: the house's stake, the win into the player's bonus balance.
 * Against the in-process platform, its grants written as its bonus context writes them (a deposit
 * with a free-rounds code grants 500; here a few, to reach the last). PGlite by default;
 * PostgreSQL with TEST_DATABASE_URL.
 */

/** 0,20 kr.: a stake vikingernes-guld's maths plays in whole øre, though not one of its stake steps (no stake choice). */
const GRANT_STAKE_ORE = 20;
const TABLE_GAME = 'europaeisk-roulette';

interface FreeRoundsView {
  id: string;
  stakeOre: number;
  roundsTotal: number;
  roundsLeft: number;
  wonOre: number;
  expiresAt: string;
}
type View = SessionData & { freeRounds: FreeRoundsView | null; gameId: string };
interface ShownRound {
  roundId: string;
  stakeOre: number;
  winOre: number | null;
  status: string;
  outcome: unknown;
  refusalCode: string | null;
  freeRound: { roundsLeft: number; roundsTotal: number; wonOre: number } | null;
}
interface Played {
  round: ShownRound;
  session: View;
}

let world: TestWorld;
/** Every betAndWin that landed on the platform, as the studio sent it. */
let sent: Record<string, unknown>[];

beforeAll(async () => {
  world = await startWorld({}, { studio: { inRequestDelaysMs: [0, 0, 0] } });
}, 60_000);
afterAll(async () => {
  await world.close();
});
beforeEach(() => {
  world.network.failing = null;
  world.nextOutcome(null);
  sent = [];
  world.network.answer = (operation, request, data) => {
    if (operation === 'betAndWin') sent.push(request);
    return data;
  };
});

/** The platform's grant of free rounds to a player, as its bonus context writes one (an open free_rounds bonus). */
async function grantFreeRounds(playerId: string, roundsTotal: number, stakeOre = GRANT_STAKE_ORE, gameIds = [GAME]) {
  const db = world.platform.database.db;
  const now = new Date();
  const expiresAt = new Date(now.getTime() + 60 * 86_400_000);
  const [bonus] = await db
    .insert(bonusGrants)
    .values({
      playerId,
      code: 'TESTSPINS',
      kind: 'free_rounds',
      paymentId: randomUUID(),
      amountOre: roundsTotal * stakeOre,
      wageringRequirementOre: roundsTotal * stakeOre * 10,
      grantedAt: now,
      expiresAt,
    })
    .returning();
  const [grant] = await db
    .insert(freeRoundGrants)
    .values({ bonusGrantId: bonus!.id, playerId, gameIds, stakeOre, roundsTotal, grantedAt: now, expiresAt })
    .returning();
  return grant!;
}

async function realSession(playerToken: string, gameId = GAME) {
  const started = await studioCall<View>(world, 'POST', '/sessions', {
    body: { mode: 'real', token: await launchToken(world, playerToken, gameId) },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return started.body.data;
}

const play = (session: View, body: Record<string, unknown>) =>
  studioCall<Played>(world, 'POST', `/sessions/${session.sessionId}/rounds`, { body, bearer: session.token });
const lookUp = (session: View, roundId: string) =>
  studioCall<Played>(world, 'GET', `/sessions/${session.sessionId}/rounds/${roundId}`, { bearer: session.token });
const kept = async (roundId: string) => (await world.database.db.select().from(rounds).where(eq(rounds.id, roundId)))[0]!;
const grantRow = async (grantId: string) =>
  (await world.platform.database.db.select().from(freeRoundGrants).where(eq(freeRoundGrants.id, grantId)))[0]!;
const bonusOf = async (playerId: string) =>
  (await createWalletService(world.platform.database.db, () => new Date()).playerBalances(playerId)).player_bonus;

describe('free rounds of a real session', () => {
  it('shows them, plays each at the grant’s stake naming the grant, counts them down, and tells the last one’s total', async () => {
    const player = await playerWith(world, 10_000);
    const grant = await grantFreeRounds(player.id, 3);
    const session = await realSession(player.token);
    expect(session.freeRounds).toEqual({
      id: grant.id,
      stakeOre: GRANT_STAKE_ORE,
      roundsTotal: 3,
      roundsLeft: 3,
      wonOre: 0,
      expiresAt: grant.expiresAt.toISOString(),
    });
    // The grant's stake is no stake step of the title: the player has no stake choice in a free round.
    expect(session.stake.stepsOre).not.toContain(GRANT_STAKE_ORE);
    const cashBefore = (await ledger(world, player.id)).cashOre;

    world.nextOutcome('win');
    const first = await play(session, { freeRoundsId: grant.id });
    world.nextOutcome(null);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const firstRound = first.body.data.round;
    expect(firstRound).toMatchObject({ status: 'settled', stakeOre: GRANT_STAKE_ORE });
    expect(firstRound.winOre).toBeGreaterThan(0);
    expect(firstRound.outcome).not.toBeNull();
    expect(firstRound.freeRound).toEqual({ roundsLeft: 2, roundsTotal: 3, wonOre: firstRound.winOre });
    expect(first.body.data.session.freeRounds).toMatchObject({ id: grant.id, roundsLeft: 2, wonOre: firstRound.winOre });
    // The stake is the house's: the session's net is the win alone, the balance the platform's (cash and bonus).
    expect(first.body.data.session.netOre).toBe(firstRound.winOre);
    expect(first.body.data.session.balanceOre).toBe(cashBefore + firstRound.winOre!);
    // Sent as a whole round naming the grant, at its stake, with the drawn win.
    expect(sent).toEqual([
      expect.objectContaining({
        roundId: firstRound.roundId,
        freeRoundsId: grant.id,
        amountOre: GRANT_STAKE_ORE,
        winAmountOre: firstRound.winOre,
        endRound: true,
      }),
    ]);

    // The grant's stake sent along is the same round; another stake is refused, nothing sent or used.
    const second = await play(session, { freeRoundsId: grant.id, stakeOre: GRANT_STAKE_ORE });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.data.round.freeRound).toMatchObject({ roundsLeft: 1, roundsTotal: 3 });
    const otherStake = await play(session, { freeRoundsId: grant.id, stakeOre: session.stake.defaultOre });
    expect(otherStake).toMatchObject({ status: 400, body: { code: 'GAME_STAKE_NOT_ALLOWED' } });
    expect(sent).toHaveLength(2);

    const last = await play(session, { freeRoundsId: grant.id });
    expect(last.status, JSON.stringify(last.body)).toBe(200);
    const rounds = [firstRound, second.body.data.round, last.body.data.round];
    const totalWonOre = rounds.reduce((sum, round) => sum + round.winOre!, 0);
    // The last round: none left to show in the session, the round itself tells the grant's total.
    expect(last.body.data.round.freeRound).toEqual({ roundsLeft: 0, roundsTotal: 3, wonOre: totalWonOre });
    expect(last.body.data.session.freeRounds).toBeNull();
    expect((await lookUp(session, last.body.data.round.roundId)).body.data.round.freeRound).toEqual({
      roundsLeft: 0,
      roundsTotal: 3,
      wonOre: totalWonOre,
    });
    // Another round of it: none left, refused without asking the platform.
    expect(await play(session, { freeRoundsId: grant.id })).toMatchObject({ status: 409, body: { code: 'FREE_ROUNDS_USED_UP' } });
    expect(sent).toHaveLength(3);
    // The session asked of the platform again (the game screen's poll): it tells of none, so the grant is unknown here now.
    expect(
      (await studioCall<View>(world, 'GET', `/sessions/${session.sessionId}`, { bearer: session.token })).body.data.freeRounds,
    ).toBeNull();
    expect(await play(session, { freeRoundsId: grant.id })).toMatchObject({ status: 404, body: { code: 'FREE_ROUNDS_NOT_FOUND' } });

    // The money: the player's cash untouched, every win in their bonus balance; the platform's grant used three times.
    const money = await ledger(world, player.id);
    expect(money.cashOre).toBe(cashBefore);
    expect(money.audit).toMatchObject(SOUND_LEDGER);
    expect(await bonusOf(player.id)).toBe(totalWonOre);
    expect(await grantRow(grant.id)).toMatchObject({ roundsUsed: 3, wonOre: totalWonOre });
    // Drawn from the maths as a paid round is: each kept round replays from its draws.
    for (const round of rounds) {
      const replay = (await world.studio.rounds.replay(round.roundId))!;
      expect(replay.replayed).toEqual(replay.stored as RoundOutcome);
      expect(await kept(round.roundId)).toMatchObject({ freeRoundsId: grant.id, stakeOre: GRANT_STAKE_ORE });
    }
    // A paid round after them is a paid round, its freeRound null.
    const paid = await play(session, { stakeOre: session.stake.defaultOre });
    expect(paid.body.data.round).toMatchObject({ status: 'settled', freeRound: null });
    expect(sent.at(-1)).not.toHaveProperty('freeRoundsId');
  });

  it('a round the platform refuses (its grant used up elsewhere) never happens, and the session asks the platform for its free rounds again', async () => {
    const player = await playerWith(world, 10_000);
    const grant = await grantFreeRounds(player.id, 5);
    const session = await realSession(player.token);
    expect(session.freeRounds).toMatchObject({ id: grant.id, roundsLeft: 5 });
    // Played meanwhile where this session cannot see it: the platform has none left.
    await world.platform.database.db.update(freeRoundGrants).set({ roundsUsed: 5 }).where(eq(freeRoundGrants.id, grant.id));

    const refused = await play(session, { freeRoundsId: grant.id });
    expect(refused).toMatchObject({ status: 409, body: { code: 'FREE_ROUNDS_USED_UP' } });
    expect(sent).toEqual([]);
    const [row] = await world.database.db.select().from(rounds).where(eq(rounds.sessionId, session.sessionId));
    // Kept with its drawn outcome, never shown or paid.
    expect(row).toMatchObject({ status: 'refused', refusalCode: 'FREE_ROUNDS_USED_UP', freeRoundsId: grant.id, freeRoundsLeft: null });
    expect(row!.outcome).not.toBeNull();
    const shown = await lookUp(session, row!.id);
    expect(shown.body.data.round).toMatchObject({ status: 'refused', winOre: null, outcome: null, freeRound: null });
    expect(await bonusOf(player.id)).toBe(0);
    // The session's offer was asked again after the refusal (the look-up asks the platform nothing).
    expect(shown.body.data.session.freeRounds).toBeNull();
    const [stored] = await world.database.db.select().from(sessions).where(eq(sessions.id, session.sessionId));
    expect(stored!.freeRounds).toEqual([]);
    expect((await play(session, { freeRoundsId: grant.id })).body.code).toBe('FREE_ROUNDS_NOT_FOUND');
  });

  it('a free round whose answer is lost is sent again with the same grant until answered, and used once', async () => {
    const player = await playerWith(world, 10_000);
    const grant = await grantFreeRounds(player.id, 2);
    const session = await realSession(player.token);
    world.network.failing = (operation) => (operation === 'betAndWin' ? 'lost-answer' : null);

    const played = await play(session, { freeRoundsId: grant.id });
    expect(played.status, JSON.stringify(played.body)).toBe(200);
    const { roundId } = played.body.data.round;
    expect(played.body.data.round).toMatchObject({ status: 'pending', winOre: null, outcome: null, freeRound: null });
    world.moveStudioClock(10 * 60_000);
    expect(await world.studio.rounds.recover({ quietMs: 0 })).toMatchObject({ waiting: 1 });

    world.network.failing = null;
    world.moveStudioClock(10 * 60_000);
    expect(await world.studio.rounds.recover({ quietMs: 0 })).toMatchObject({ paid: 1 });
    // Every copy the same call: the grant, its stake, the round's ids.
    expect(sent.length).toBeGreaterThanOrEqual(5);
    const first = sent[0]!;
    expect(first).toMatchObject({ roundId, freeRoundsId: grant.id, amountOre: GRANT_STAKE_ORE });
    for (const copy of sent) expect(copy).toEqual(first);

    const settled = await lookUp(session, roundId);
    expect(settled.body.data.round).toMatchObject({ status: 'settled', freeRound: { roundsLeft: 1, roundsTotal: 2 } });
    const winOre = settled.body.data.round.winOre!;
    expect(settled.body.data.round.freeRound!.wonOre).toBe(winOre);
    expect(settled.body.data.session.freeRounds).toMatchObject({ id: grant.id, roundsLeft: 1, wonOre: winOre });
    // Used once, however many copies landed.
    expect(await grantRow(grant.id)).toMatchObject({ roundsUsed: 1, wonOre: winOre });
    expect(await bonusOf(player.id)).toBe(winOre);
    expect((await ledger(world, player.id)).audit).toMatchObject(SOUND_LEDGER);
  });
});

describe('free rounds refused before anything is drawn or sent', () => {
  it('a fun session, a table game, a grant the session does not have, and a stake the title cannot play', async () => {
    const player = await playerWith(world, 10_000);
    const grant = await grantFreeRounds(player.id, 3, GRANT_STAKE_ORE, [GAME, TABLE_GAME]);
    const session = await realSession(player.token);
    const calls = world.network.calls.length;

    const fun = (await studioCall<View>(world, 'POST', '/sessions', { body: { mode: 'fun', gameId: GAME } })).body.data;
    expect(fun.freeRounds).toBeNull();
    expect(await play(fun, { freeRoundsId: grant.id })).toMatchObject({ status: 404, body: { code: 'FREE_ROUNDS_NOT_FOUND' } });

    const table = await realSession(player.token, TABLE_GAME);
    expect(await play(table, { freeRoundsId: grant.id })).toMatchObject({ status: 404, body: { code: 'FREE_ROUNDS_NOT_FOUND' } });

    // A grant unknown here, and another player's (told to their own session only).
    expect((await play(session, { freeRoundsId: randomUUID() })).body.code).toBe('FREE_ROUNDS_NOT_FOUND');
    const other = await playerWith(world, 10_000);
    const othersGrant = await grantFreeRounds(other.id, 3);
    expect((await play(session, { freeRoundsId: othersGrant.id })).body.code).toBe('FREE_ROUNDS_NOT_FOUND');
    expect((await play(session, { freeRoundsId: 'not-a-grant' })).body.code).toBe('INVALID_INPUT');

    // A grant at a stake the title's maths cannot pay in whole øre.
    const odd = await playerWith(world, 10_000);
    const oddGrant = await grantFreeRounds(odd.id, 3, 7);
    const oddSession = await realSession(odd.token);
    expect(oddSession.freeRounds).toMatchObject({ id: oddGrant.id, stakeOre: 7 });
    expect(await play(oddSession, { freeRoundsId: oddGrant.id })).toMatchObject({
      status: 400,
      body: { code: 'FREE_ROUND_STAKE_MISMATCH' },
    });

    // Nothing reached the platform's money, nothing was kept, nothing used.
    expect(world.network.calls.slice(calls).filter((operation) => operation !== 'authenticate')).toEqual([]);
    for (const id of [session.sessionId, fun.sessionId, table.sessionId, oddSession.sessionId])
      expect(await world.database.db.select().from(rounds).where(eq(rounds.sessionId, id))).toEqual([]);
    expect(await grantRow(grant.id)).toMatchObject({ roundsUsed: 0 });
  });
});
