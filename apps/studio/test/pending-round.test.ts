import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAME, launchToken, playerWith, startWorld, studioCall, type SessionData, type TestWorld } from './harness.js';

/**
 * A player's pending round follows them (issue 22 §1, after a reload): a round whose platform
 * answer is still owed is carried by every session of the same player (a reload, another tab,
 * another game), which may read its fate; another player's session learns nothing of it.
 * PGlite by default; PostgreSQL with TEST_DATABASE_URL.
 */
const OTHER_GAME = 'akrobat-og-elefant';

let world: TestWorld;
beforeAll(async () => {
  world = await startWorld();
}, 60_000);
afterAll(async () => {
  await world.close();
});

interface PendingRound {
  roundId: string;
  gameId: string;
  stakeOre: number;
  startedAt: string;
}
type View = SessionData & { pendingRound: PendingRound | null };
interface RoundAnswer {
  round: { roundId: string; stakeOre: number; startedAt: string; status: string; winOre: number | null; outcome: unknown };
  session: View;
}

/** A new game session of the player's login: a launch at the platform, then a session at the studio (a reload, a tab). */
async function tab(playerToken: string, gameId = GAME) {
  const token = await launchToken(world, playerToken, gameId);
  const started = await studioCall<View>(world, 'POST', '/sessions', { body: { mode: 'real', token } });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return started.body.data;
}

const look = (session: View) => studioCall<View>(world, 'GET', `/sessions/${session.sessionId}`, { bearer: session.token });
const fateOf = (session: View, roundId: string) =>
  studioCall<RoundAnswer>(world, 'GET', `/sessions/${session.sessionId}/rounds/${roundId}`, { bearer: session.token });

describe('a pending round follows its player into a new session', () => {
  it('is carried by a reload and by another game of the same player, whose sessions read its fate; another player’s cannot', async () => {
    const player = await playerWith(world, 50_000);
    const first = await tab(player.token);
    expect(first.pendingRound).toBeNull();

    // The platform's answer is lost: the round is pending.
    world.network.failing = (operation) => (operation === 'betAndWin' ? 'lost-answer' : null);
    const played = await studioCall<RoundAnswer>(world, 'POST', `/sessions/${first.sessionId}/rounds`, {
      body: { stakeOre: first.stake.defaultOre },
      bearer: first.token,
    });
    expect(played.status).toBe(200);
    const pending = played.body.data.round;
    expect(pending.status).toBe('pending');
    const expected = { roundId: pending.roundId, gameId: GAME, stakeOre: first.stake.defaultOre, startedAt: pending.startedAt };

    // A reload (a new session of the same game) and another game both carry the round, at start and on look-up.
    const reloaded = await tab(player.token);
    const otherGame = await tab(player.token, OTHER_GAME);
    expect(reloaded.pendingRound).toEqual(expected);
    expect(otherGame.pendingRound).toEqual(expected);
    expect((await look(otherGame)).body.data.pendingRound).toEqual(expected);
    expect((await look(first)).body.data.pendingRound).toEqual(expected);

    // Both may read its fate: still pending, nothing shown.
    for (const session of [reloaded, otherGame]) {
      const fate = await fateOf(session, pending.roundId);
      expect(fate.status, JSON.stringify(fate.body)).toBe(200);
      expect(fate.body.data.round).toMatchObject({ roundId: pending.roundId, status: 'pending', winOre: null, outcome: null });
      expect(fate.body.data.session.sessionId).toBe(session.sessionId);
    }

    // Another player's session neither carries the round nor reads it; a fun session neither.
    const stranger = await tab((await playerWith(world, 10_000)).token);
    expect(stranger.pendingRound).toBeNull();
    const refused = await fateOf(stranger, pending.roundId);
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('GAME_ROUND_NOT_FOUND');
    const fun = await studioCall<View>(world, 'POST', '/sessions', { body: { mode: 'fun', gameId: GAME } });
    expect(fun.body.data.pendingRound).toBeNull();
    expect((await fateOf(fun.body.data, pending.roundId)).body.code).toBe('GAME_ROUND_NOT_FOUND');

    // The network heals, the background settles it as drawn: the new sessions read it settled, and no longer carry it.
    world.network.failing = null;
    world.moveStudioClock(10 * 60_000);
    expect(await world.studio.rounds.recover({ quietMs: 0 })).toMatchObject({ paid: 1 });
    const settled = await fateOf(reloaded, pending.roundId);
    expect(settled.body.data.round).toMatchObject({ roundId: pending.roundId, status: 'settled' });
    expect(settled.body.data.round.outcome).not.toBeNull();
    expect((await fateOf(otherGame, pending.roundId)).body.data.round.status).toBe('settled');
    expect((await look(reloaded)).body.data.pendingRound).toBeNull();
    expect((await look(otherGame)).body.data.pendingRound).toBeNull();
  });
});
