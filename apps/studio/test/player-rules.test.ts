import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../platform/src/players/secrets.js';
import { launchToken, playerWith, startWorld, studioCall, type SessionData, type TestWorld } from './harness.js';

/**
 * Responsible-gaming rules per player, not per game window (issue 22 §4): the 3 s pace, one round
 * at a time and the money-played warning's clock hold across every game and tab of a player, and
 * a game ends at once with the player's login. PGlite by default; PostgreSQL with TEST_DATABASE_URL.
 */
const OTHER_GAME = 'akrobat-og-elefant';

let world: TestWorld;
beforeAll(async () => {
  world = await startWorld({ STUDIO_ROUND_PACE_MS: '3000', STUDIO_WARNING_MINUTES: '5' });
}, 60_000);
afterAll(async () => {
  await world.close();
});

interface RoundAnswer {
  round: { roundId: string; startedAt: string };
  session: SessionData;
}

/** A tab: a new game session of the player's login (a launch at the platform, then a session at the studio). */
async function tab(playerToken: string, gameId?: string) {
  const token = await launchToken(world, playerToken, gameId);
  const started = await studioCall<SessionData>(world, 'POST', '/sessions', { body: { mode: 'real', token } });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return started.body.data;
}

const play = (session: SessionData) =>
  studioCall<RoundAnswer>(world, 'POST', `/sessions/${session.sessionId}/rounds`, {
    body: { stakeOre: session.stake.defaultOre },
    bearer: session.token,
  });
const look = (session: SessionData) => studioCall<SessionData>(world, 'GET', `/sessions/${session.sessionId}`, { bearer: session.token });

describe('the pace and one round at a time are the player’s, across games and tabs', () => {
  it('refuses a round in a second tab (another game too) within 3 s of the first tab’s, saying when the next may start', async () => {
    const player = await playerWith(world, 100_000);
    const first = await tab(player.token);
    const second = await tab(player.token);
    const otherGame = await tab(player.token, OTHER_GAME);

    const played = await play(first);
    expect(played.status).toBe(200);
    const nextRoundAt = new Date(Date.parse(played.body.data.round.startedAt) + 3000).toISOString();
    for (const elsewhere of [second, otherGame]) {
      const refused = await play(elsewhere);
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('GAME_ROUND_TOO_SOON_ELSEWHERE');
      expect(refused.body.message).toContain('andet spil eller vindue');
      expect(refused.body.nextRoundAt).toBe(nextRoundAt);
    }
    // A tab's own session tells the player's pace too.
    expect((await look(second)).body.data.nextRoundAt).toBe(nextRoundAt);
    // In the first tab it is the plain pace.
    expect((await play(first)).body.code).toBe('GAME_ROUND_TOO_SOON');

    world.moveStudioClock(3000);
    expect((await play(otherGame)).status).toBe(200);
    expect((await play(second)).body.code).toBe('GAME_ROUND_TOO_SOON_ELSEWHERE');
  });

  it('lets one round of the player run at a time: of two tabs’ rounds at once, one is refused', async () => {
    const player = await playerWith(world, 100_000);
    const [first, second] = [await tab(player.token), await tab(player.token, OTHER_GAME)];
    world.moveStudioClock(3000);
    world.network.delayMs = (operation) => (operation === 'betAndWin' ? 200 : 0);
    try {
      const answers = await Promise.all([play(first), play(second)]);
      const codes = answers.map((answer) => (answer.status === 200 ? 'ok' : answer.body.code)).sort();
      expect(codes).toEqual(['GAME_ROUND_IN_PROGRESS_ELSEWHERE', 'ok']);
    } finally {
      world.network.delayMs = null;
    }
  });

  it('keeps another player’s pace apart', async () => {
    const one = await tab((await playerWith(world, 10_000)).token);
    const other = await tab((await playerWith(world, 10_000)).token);
    world.moveStudioClock(3000);
    expect((await play(one)).status).toBe(200);
    expect((await play(other)).status).toBe(200);
  });
});

describe('the money-played warning’s clock is the player’s', () => {
  it('is not restarted by a reload or a new tab: due at the player’s minutes, answered in one tab for all', async () => {
    const player = await playerWith(world, 100_000);
    const first = await tab(player.token);
    world.moveStudioClock(3000);
    expect((await play(first)).status).toBe(200);
    world.moveStudioClock(4 * 60_000);
    // A reload: a new launch and a new studio session of the same login, four minutes on.
    const reloaded = await tab(player.token);
    expect(reloaded.warning).toBeNull();
    expect((await play(reloaded)).status).toBe(200);
    world.moveStudioClock(60_000);

    const due = await look(reloaded);
    expect(due.body.data.warning).toMatchObject({ minutesPlayed: 5, stakedOre: 2 * first.stake.defaultOre });
    expect((await play(reloaded)).body.code).toBe('GAME_WARNING_UNANSWERED');
    const newTab = await tab(player.token, OTHER_GAME);
    expect(newTab.warning).toMatchObject({ minutesPlayed: 5 });
    expect((await play(newTab)).body.code).toBe('GAME_WARNING_UNANSWERED');

    const answered = await studioCall<SessionData>(world, 'POST', `/sessions/${newTab.sessionId}/warning`, {
      body: { answer: 'continue' },
      bearer: newTab.token,
    });
    expect(answered.body.data.warning).toBeNull();
    expect((await look(reloaded)).body.data.warning).toBeNull();
    expect((await play(reloaded)).status).toBe(200);
  });
});

describe('a game ends with the player’s login', () => {
  it('a logout ends the game at once: the next round is GAME_SESSION_ENDED and the session reads as ended', async () => {
    const player = await playerWith(world, 10_000);
    const game = await tab(player.token);
    world.moveStudioClock(3000);
    expect((await play(game)).status).toBe(200);
    const logout = await world.platform.app.inject({ method: 'POST', url: `/Players/sessions/${player.token}/logout` });
    expect(logout.statusCode).toBe(200);
    expect((await look(game)).body.data.endedAt).not.toBeNull();
    world.moveStudioClock(3000);
    expect((await play(game)).body.code).toBe('GAME_SESSION_ENDED');
  });

  it('a login that idled out ends the game at once, with no logout: the session reads as ended, no round is played', async () => {
    const player = await playerWith(world, 10_000);
    const game = await tab(player.token);
    await world.platform.database.db.execute(
      sql`update player_sessions set last_seen_at = now() - interval '31 minutes' where token_hash = ${hashToken(player.token)}`,
    );
    expect((await look(game)).body.data.endedAt).not.toBeNull();
    world.moveStudioClock(3000);
    expect((await play(game)).body.code).toBe('GAME_SESSION_ENDED');
  });
});
