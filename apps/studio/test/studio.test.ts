import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { evaluate, type RoundOutcome } from '@krone/games-math';
import { rounds, sessions } from '../src/db/schema.js';
import { loadConfig } from '../src/config.js';
import { loadTitleCatalogue, type SlotTitle } from '../src/titles.js';
import { gameProvider } from '../../platform/test/games-provider.js';
import {
  GAME,
  SOUND_LEDGER,
  STUDIO_KEY,
  STUDIO_SECRET,
  launchToken,
  ledger,
  playerWith,
  realSession,
  startWorld,
  studioCall,
  type SessionData,
  type TestWorld,
} from './harness.js';

/**
 * The studio against an in-process platform through the signed games contract: the rules of a
 * round, money moved exactly once, platform refusals passed through with nothing kept, and a
 * network that loses answers. PGlite by default; PostgreSQL with TEST_DATABASE_URL (CI).
 */
interface RoundData {
  round: {
    roundId: string;
    startedAt: string;
    stakeOre: number;
    winOre: number;
    status: string;
    outcome: { window: number[][]; wins: { kind: string; winOre: number }[]; freeSpins: { spins: number; winOre: number } | null };
  };
  session: SessionData;
}

let world: TestWorld;
beforeAll(async () => {
  world = await startWorld();
}, 60_000);
afterAll(async () => {
  await world.close();
});
beforeEach(() => {
  world.network.failing = null;
  world.network.delayMs = null;
  world.nextOutcome(null);
});

const play = (session: { sessionId: string; token: string }, stakeOre: number, bearer = session.token) =>
  studioCall<RoundData>(world, 'POST', `/sessions/${session.sessionId}/rounds`, { body: { stakeOre }, bearer });

async function keptRounds(sessionId: string) {
  return world.database.db.select().from(rounds).where(eq(rounds.sessionId, sessionId));
}

describe('the storefront server’s key and the session’s bearer', () => {
  it('answers /health to anyone, everything else only with the key; a session only with its own bearer', async () => {
    expect((await world.studio.inject({ method: 'GET', url: '/health' })).json()).toMatchObject({ status: 'ok' });
    expect((await studioCall(world, 'GET', `/games/${GAME}/rules`, { key: null })).body.code).toBe('UNAUTHORIZED');
    expect((await studioCall(world, 'GET', `/games/${GAME}/rules`, { key: 'not-the-key-of-the-storefront' })).status).toBe(401);
    expect((await studioCall(world, 'POST', '/sessions', { body: { mode: 'fun', gameId: GAME }, key: null })).status).toBe(401);

    const fun = (await studioCall<SessionData>(world, 'POST', '/sessions', { body: { mode: 'fun', gameId: GAME } })).body.data;
    expect(fun.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const other = (await studioCall<SessionData>(world, 'POST', '/sessions', { body: { mode: 'fun', gameId: GAME } })).body.data;
    expect((await play(fun, 200, other.token)).body.code).toBe('GAME_SESSION_FORBIDDEN');
    expect((await studioCall(world, 'GET', `/sessions/${fun.sessionId}`)).body.code).toBe('GAME_SESSION_FORBIDDEN');
    expect((await studioCall(world, 'GET', `/sessions/${fun.sessionId}`, { bearer: other.token })).status).toBe(403);
    expect((await studioCall(world, 'GET', '/sessions/00000000-0000-4000-8000-000000000000', { bearer: fun.token })).body.code).toBe(
      'GAME_SESSION_NOT_FOUND',
    );
    expect(await keptRounds(fun.sessionId)).toHaveLength(0);
  });

  it('refuses an unknown game (a session and its rules), and gives a title’s rules with its stakes', async () => {
    expect((await studioCall(world, 'POST', '/sessions', { body: { mode: 'fun', gameId: 'no-such-game' } })).body.code).toBe(
      'GAME_NOT_FOUND',
    );
    expect((await studioCall(world, 'GET', '/games/no-such-game/rules')).status).toBe(404);
    const rules = await studioCall<{
      family: string;
      symbols: { kind: string }[];
      wildExcludes: number[];
      rtp: number;
      stake: { stepsOre: number[] };
    }>(world, 'GET', `/games/${GAME}/rules`);
    expect(rules.body.data.family).toBe('lines');
    // The title's wild never stands in for runesten (symbol 7): the paytable says so.
    expect(rules.body.data.wildExcludes).toEqual([7]);
    expect(rules.body.data.symbols.map((s) => s.kind)).toContain('scatter');
    expect(rules.body.data.rtp).toBeGreaterThan(0.94);
    expect(rules.body.data.stake.stepsOre.length).toBeGreaterThan(0);
  });
});

describe('fun', () => {
  it('plays with the studio’s play money, the same maths, and never calls the platform', async () => {
    world.network.failing = () => 'error502';
    world.network.calls.length = 0;
    const started = await studioCall<SessionData>(world, 'POST', '/sessions', { body: { mode: 'fun', gameId: GAME } });
    const session = started.body.data;
    expect(session).toMatchObject({ mode: 'fun', balanceOre: 500_000, netOre: 0, roundsPlayed: 0, warning: null });
    const stake = session.stake.defaultOre;
    const played = await play(session, stake);
    expect(played.status, JSON.stringify(played.body)).toBe(200);
    const { round } = played.body.data;
    expect(round.status).toBe('settled');
    expect(played.body.data.session.balanceOre).toBe(500_000 - stake + round.winOre);
    expect(played.body.data.session.netOre).toBe(round.winOre - stake);
    expect(round.outcome.window).toHaveLength(5);
    const explained = round.outcome.wins.reduce((sum, w) => sum + w.winOre, 0) + (round.outcome.freeSpins?.winOre ?? 0);
    expect(explained).toBe(round.winOre);
    expect(world.network.calls).toEqual([]);

    // A fun session's bearer is no launch token: the platform does not know it.
    world.network.failing = null;
    expect((await studioCall(world, 'POST', '/sessions', { body: { mode: 'real', token: session.token } })).body.code).toBe(
      'GAME_SESSION_NOT_FOUND',
    );
  });

  it('refuses a stake over the play money left, keeping no round', async () => {
    const { body } = await studioCall<SessionData>(world, 'POST', '/sessions', { body: { mode: 'fun', gameId: GAME } });
    const session = body.data;
    // Play money nearly spent (as after a long losing run).
    await world.database.db.update(sessions).set({ balanceOre: 50 }).where(eq(sessions.id, session.sessionId));
    const refused = await play(session, session.stake.minOre);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'INSUFFICIENT_FUNDS', balanceOre: 50 });
    expect(await keptRounds(session.sessionId)).toHaveLength(0);
  });
});

describe('real money through the games contract', () => {
  it('moves exactly stake − win per round between the player and the provider’s games account, and keeps every round', async () => {
    const { player, session } = await realSession(world, 100_000);
    expect(session).toMatchObject({ mode: 'real', balanceOre: 100_000, netOre: 0 });
    const before = await ledger(world, player.id);
    let net = 0;
    for (let i = 0; i < 6; i++) {
      const answer = await play(session, session.stake.stepsOre[i % session.stake.stepsOre.length]!);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      net += answer.body.data.round.stakeOre - answer.body.data.round.winOre;
      expect(answer.body.data.round.status).toBe('settled');
      expect(answer.body.data.session.balanceOre).toBe(100_000 - net);
    }
    const after = await ledger(world, player.id);
    expect(before.cashOre - after.cashOre).toBe(net);
    // The provider's account takes the stakes less the parts a feeding title's stakes gave the jackpot pools.
    expect(after.gamesOre - before.gamesOre + (after.jackpotStakeOre - before.jackpotStakeOre)).toBe(net);
    expect(after.audit).toEqual(SOUND_LEDGER);

    const kept = await keptRounds(session.sessionId);
    expect(kept).toHaveLength(6);
    for (const round of kept) {
      expect(round).toMatchObject({
        status: 'settled',
        mode: 'real',
        gameId: GAME,
        betTransactionId: `${round.id}:bet`,
        winTransactionId: `${round.id}:win`,
      });
      expect(round.platformEndedAt).not.toBeNull();
      expect(round.endedAt).not.toBeNull();
    }
    const got = await studioCall<SessionData>(world, 'GET', `/sessions/${session.sessionId}`, { bearer: session.token });
    expect(got.body.data).toMatchObject({ roundsPlayed: 6, netOre: -net, balanceOre: 100_000 - net });
  });

  it('replays every kept round from its draws: evaluate(config, draws) is the stored outcome', async () => {
    const titleById = await loadTitleCatalogue();
    const all = await world.database.db
      .select()
      .from(rounds)
      .where(sql`${rounds.outcome} is not null`);
    expect(all.length).toBeGreaterThan(5);
    for (const round of all) {
      const stored = round.outcome as unknown as RoundOutcome;
      const replayed = evaluate((titleById(round.gameId) as SlotTitle).maths, stored.draws);
      expect(JSON.parse(JSON.stringify(replayed))).toEqual(stored);
    }
  });

  it('refuses a stake off the title’s steps or limits, with nothing moved or kept', async () => {
    const { player, session } = await realSession(world, 100_000);
    const before = await ledger(world, player.id);
    const { stepsOre, maxOre, minOre } = session.stake;
    const offStep = stepsOre.find((s, i) => i > 0 && s - stepsOre[i - 1]! > 20)! - 20;
    for (const stakeOre of [offStep, maxOre + stepsOre[0]!, minOre - 20]) {
      const answer = await play(session, stakeOre);
      expect(answer.body.code, `${stakeOre}`).toBe('GAME_STAKE_NOT_ALLOWED');
      expect(answer.status).toBe(400);
    }
    expect((await play(session, 0)).body.code).toBe('INVALID_INPUT');
    expect(await keptRounds(session.sessionId)).toHaveLength(0);
    expect((await ledger(world, player.id)).cashOre).toBe(before.cashOre);
  });

  it('passes the platform’s refusals through (insufficient funds with the balance, a paused player); the round is kept refused, never paid', async () => {
    const poor = await realSession(world, 100);
    world.nextOutcome('win');
    const short = await play(poor.session, poor.session.stake.minOre * 2);
    expect(short.status).toBe(409);
    expect(short.body).toMatchObject({ code: 'INSUFFICIENT_FUNDS', balanceOre: 100 });
    expect(short.body.message).toMatch(/\w/);
    // The outcome was drawn before the platform was asked: kept with the refused round, its win never paid.
    const [refusedRound] = await keptRounds(poor.session.sessionId);
    // Nothing of it is on the platform: no round to end there (no endRound call owed).
    expect(refusedRound).toMatchObject({ status: 'refused', stage: 'done', refusalCode: 'INSUFFICIENT_FUNDS' });
    expect(refusedRound!.platformEndedAt).not.toBeNull();
    expect(refusedRound!.winOre).toBeGreaterThan(0);
    expect((await ledger(world, poor.player.id)).cashOre).toBe(100);
    const poorView = await studioCall<SessionData>(world, 'GET', `/sessions/${poor.session.sessionId}`, { bearer: poor.session.token });
    expect(poorView.body.data).toMatchObject({ roundsPlayed: 0, netOre: 0, balanceOre: 100 });

    const { player, session } = await realSession(world, 50_000);
    const launched = await launchToken(world, player.token);
    const before = await ledger(world, player.id);
    const pause = await world.platform.app.inject({ method: 'POST', url: `/Limits/${player.token}/pause`, payload: { duration: '24h' } });
    expect(pause.statusCode).toBe(200);
    // The platform refuses the paused player's bet (or has ended the game sessions with the pause).
    const refused = await play(session, session.stake.defaultOre);
    expect(['ACCOUNT_PAUSED', 'GAME_SESSION_ENDED']).toContain(refused.body.code);
    expect([403, 409]).toContain(refused.status);
    expect((await keptRounds(session.sessionId)).map((round) => round.status)).toEqual(['refused']);
    const after = await ledger(world, player.id);
    expect(after.cashOre).toBe(before.cashOre);
    expect(after.gamesOre).toBe(before.gamesOre);
    // Nor can a paused player start a session with a launch token taken before the pause.
    const late = await studioCall(world, 'POST', '/sessions', { body: { mode: 'real', token: launched } });
    expect(['ACCOUNT_PAUSED', 'GAME_SESSION_ENDED']).toContain(late.body.code);
  });

  it('lets one round at a time run per session: of two at once, one is refused', async () => {
    const { session } = await realSession(world, 100_000);
    world.network.delayMs = (operation) => (operation === 'betAndWin' ? 150 : 0);
    const answers = await Promise.all([play(session, session.stake.defaultOre), play(session, session.stake.defaultOre)]);
    const codes = answers.map((a) => (a.status === 200 ? 'ok' : a.body.code)).sort();
    expect(codes).toEqual(['GAME_ROUND_IN_PROGRESS', 'ok']);
    expect(await keptRounds(session.sessionId)).toHaveLength(1);
  });

  it('keeps one live studio session per launch: starting again with the same token ends the first', async () => {
    const player = await playerWith(world, 10_000);
    const token = await launchToken(world, player.token);
    const first = (await studioCall<SessionData>(world, 'POST', '/sessions', { body: { mode: 'real', token } })).body.data;
    const second = (await studioCall<SessionData>(world, 'POST', '/sessions', { body: { mode: 'real', token } })).body.data;
    expect((await play(first, first.stake.defaultOre)).body.code).toBe('GAME_SESSION_ENDED');
    expect((await play(second, second.stake.defaultOre)).status).toBe(200);
  });

  it('keeps one round at a time across two studio processes on one database', async () => {
    const { session } = await realSession(world, 100_000);
    const second = await world.anotherStudio();
    world.network.delayMs = (operation) => (operation === 'betAndWin' ? 150 : 0);
    const headers = { 'krone-studio-key': STUDIO_KEY, authorization: `Bearer ${session.token}` };
    const request = {
      method: 'POST' as const,
      url: `/sessions/${session.sessionId}/rounds`,
      headers,
      payload: { stakeOre: session.stake.defaultOre },
    };
    const answers = await Promise.all([world.studio.inject(request), second.inject(request)]);
    const codes = answers.map((a) => (a.statusCode === 200 ? 'ok' : (a.json() as { code: string }).code)).sort();
    expect(codes).toEqual(['GAME_ROUND_IN_PROGRESS', 'ok']);
    expect(await keptRounds(session.sessionId)).toHaveLength(1);
  });

  it('refuses a second open round of a session in the database itself (the partial unique index)', async () => {
    const { session } = await realSession(world, 10_000);
    const open = (id: string) => ({
      id,
      sessionId: session.sessionId,
      gameId: GAME,
      mathsHash: 'x',
      mode: 'real',
      stakeOre: 100,
      status: 'open',
      stage: 'bet',
      startedAt: new Date(),
      attemptedAt: new Date(),
    });
    await world.database.db.insert(rounds).values(open('00000000-0000-4000-8000-00000000000a'));
    await expect(world.database.db.insert(rounds).values(open('00000000-0000-4000-8000-00000000000b'))).rejects.toThrow();
    await world.database.db.delete(rounds).where(eq(rounds.sessionId, session.sessionId));
  });
});

describe('a network that loses answers', () => {
  it('sends a round whose answer was lost once again, in the request: it lands once and is settled', async () => {
    const { player, session } = await realSession(world, 20_000);
    const before = await ledger(world, player.id);
    let lost = 1;
    world.network.failing = (operation) => (operation === 'betAndWin' && lost-- > 0 ? 'lost-answer' : null);
    world.network.calls.length = 0;
    const answer = await play(session, session.stake.defaultOre);
    expect(answer.status).toBe(200);
    expect(answer.body.data.round.status).toBe('settled');
    expect(world.network.calls).toEqual(['betAndWin', 'betAndWin']);
    const { stakeOre, winOre } = answer.body.data.round;
    const after = await ledger(world, player.id);
    expect(before.cashOre - after.cashOre).toBe(stakeOre - winOre);
    expect(after.audit).toEqual(SOUND_LEDGER);
  });

  it('never rolls back a drawn round whose answer never came: pending without its outcome, sent again until answered, settled as drawn', async () => {
    const cases = [
      ['loss', 'lost-answer'],
      ['win', 'lost-answer'],
      ['win', 'error502-after-landing'],
      ['win', 'timeout'],
      ['loss', 'error502'],
    ] as const;
    for (const [kind, fault] of cases) {
      const { player, session } = await realSession(world, 20_000);
      const stake = session.stake.defaultOre;
      const before = await ledger(world, player.id);
      world.nextOutcome(kind);
      world.network.failing = (operation) => (operation === 'betAndWin' ? fault : null);
      world.network.calls.length = 0;
      const answer = await play(session, stake);
      world.nextOutcome(null);
      // Pending: neither the outcome nor the win shown; the same call sent three times, never a rollback.
      expect(answer.status, `${kind} ${fault}`).toBe(200);
      expect(answer.body.data.round).toMatchObject({ status: 'pending', winOre: null, outcome: null, stakeOre: stake });
      expect(world.network.calls).toEqual(['betAndWin', 'betAndWin', 'betAndWin']);
      const { roundId } = answer.body.data.round;
      const landed = fault === 'lost-answer' || fault === 'error502-after-landing';
      const [kept] = await keptRounds(session.sessionId);
      expect((await ledger(world, player.id)).cashOre).toBe(before.cashOre - (landed ? stake - kept!.winOre! : 0));
      expect((await play(session, stake)).body.code).toBe('GAME_ROUND_IN_PROGRESS');
      const fate = () =>
        studioCall<{ round: RoundData['round'] & { refusalCode: string | null } }>(
          world,
          'GET',
          `/sessions/${session.sessionId}/rounds/${roundId}`,
          { bearer: session.token },
        );
      expect((await fate()).body.data.round).toMatchObject({ status: 'pending', outcome: null, winOre: null });

      // The background: still no answer, still pending; then the network heals and it is settled as drawn.
      world.moveStudioClock(60_000);
      expect(await world.studio.rounds.recover({ quietMs: 0 })).toMatchObject({ waiting: 1, paid: 0 });
      world.network.failing = null;
      world.moveStudioClock(10 * 60_000);
      expect(await world.studio.rounds.recover({ quietMs: 0 })).toMatchObject({ paid: 1, rolledBack: 0 });
      const settled = (await fate()).body.data.round;
      expect(settled).toMatchObject({ status: 'settled', winOre: kept!.winOre, refusalCode: null });
      expect(settled.outcome).not.toBeNull();
      if (kind === 'win') expect(settled.winOre).toBeGreaterThan(0);
      expect(world.network.calls).not.toContain('rollback');
      const after = await ledger(world, player.id);
      expect(before.cashOre - after.cashOre).toBe(stake - kept!.winOre!);
      expect(after.audit).toEqual(SOUND_LEDGER);
      const view = await studioCall<SessionData>(world, 'GET', `/sessions/${session.sessionId}`, { bearer: session.token });
      expect(view.body.data).toMatchObject({ roundsPlayed: 1, netOre: kept!.winOre! - stake });
      // Another session's bearer, or a round of another session, learns nothing.
      const other = await realSession(world, 1_000);
      expect(
        (await studioCall(world, 'GET', `/sessions/${session.sessionId}/rounds/${roundId}`, { bearer: other.session.token })).status,
      ).toBe(403);
      expect(
        (await studioCall(world, 'GET', `/sessions/${other.session.sessionId}/rounds/${roundId}`, { bearer: other.session.token })).body
          .code,
      ).toBe('GAME_ROUND_NOT_FOUND');
    }
  });

  it('answers GAME_PLATFORM_UNAVAILABLE when the platform does not answer a session’s start, and keeps nothing', async () => {
    const player = await playerWith(world, 1000);
    const token = await launchToken(world, player.token);
    world.network.failing = () => 'timeout';
    const answer = await studioCall(world, 'POST', '/sessions', { body: { mode: 'real', token } });
    expect(answer.status).toBe(503);
    expect(answer.body.code).toBe('GAME_PLATFORM_UNAVAILABLE');
    world.network.failing = null;
    expect((await studioCall(world, 'POST', '/sessions', { body: { mode: 'real', token } })).status).toBe(200);
  });

  it('refuses a round the platform refuses after an unanswered try only once a late copy is barred: never shown, never paid', async () => {
    const { player, session } = await realSession(world, 20_000);
    const stake = session.stake.defaultOre;
    const before = await ledger(world, player.id);
    world.nextOutcome('win');
    world.network.failing = (operation) => (operation === 'betAndWin' ? 'timeout' : null);
    const answer = await play(session, stake);
    world.nextOutcome(null);
    expect(answer.body.data.round.status).toBe('pending');
    const { roundId } = answer.body.data.round;
    // The player pauses meanwhile: the platform now refuses the round. A copy of the first try could
    // still be on its way, so the studio first bars it (a rollback of the bet never seen), and the
    // rollback itself goes unanswered once: still pending.
    const pause = await world.platform.app.inject({ method: 'POST', url: `/Limits/${player.token}/pause`, payload: { duration: '24h' } });
    expect(pause.statusCode).toBe(200);
    world.network.failing = (operation) => (operation === 'rollback' ? 'error502' : null);
    world.network.calls.length = 0;
    world.moveStudioClock(10 * 60_000);
    expect(await world.studio.rounds.recover({ quietMs: 0 })).toMatchObject({ waiting: 1 });
    expect(world.network.calls).toEqual(['betAndWin', 'rollback']);
    const fate = () =>
      studioCall<{ round: RoundData['round'] & { refusalCode: string | null } }>(
        world,
        'GET',
        `/sessions/${session.sessionId}/rounds/${roundId}`,
        { bearer: session.token },
      );
    expect((await fate()).body.data.round).toMatchObject({ status: 'pending', outcome: null });
    world.network.failing = null;
    world.moveStudioClock(10 * 60_000);
    expect(await world.studio.rounds.recover({ quietMs: 0 })).toMatchObject({ refused: 1, paid: 0 });
    const refused = (await fate()).body.data.round;
    expect(refused).toMatchObject({ status: 'refused', outcome: null, winOre: null });
    expect(['ACCOUNT_PAUSED', 'GAME_SESSION_ENDED']).toContain(refused.refusalCode);
    const [kept] = await keptRounds(session.sessionId);
    expect(kept).toMatchObject({ status: 'refused', rollbackTransactionId: `${roundId}:rollback` });
    expect(kept!.winOre).toBeGreaterThan(0);
    // The late copy of the round, arriving now, can never land.
    const [row] = await world.database.db.select().from(sessions).where(eq(sessions.id, session.sessionId));
    const late = await gameProvider(world.platform.publicApp, 'krone-studio', STUDIO_SECRET).call('betAndWin', {
      sessionId: row!.platformSessionId,
      roundId,
      transactionId: `${roundId}:bet`,
      amountOre: stake,
      winTransactionId: `${roundId}:win`,
      winAmountOre: kept!.winOre,
      endRound: true,
    });
    expect(late.body.code).toBe('GAME_TRANSACTION_ROLLED_BACK');
    const after = await ledger(world, player.id);
    expect(after.cashOre).toBe(before.cashOre);
    expect(after.gamesOre).toBe(before.gamesOre);
    expect(after.audit).toEqual(SOUND_LEDGER);
  });
});

describe('the pace and the money-played warning', () => {
  let paced: TestWorld;
  beforeAll(async () => {
    paced = await startWorld({ STUDIO_ROUND_PACE_MS: '3000', STUDIO_WARNING_MINUTES: '5', TEST_CLOCK_CONTROL: 'true' });
  }, 60_000);
  afterAll(async () => {
    await paced.close();
  });
  const pacedPlay = (session: { sessionId: string; token: string }, stakeOre: number) =>
    studioCall<RoundData>(paced, 'POST', `/sessions/${session.sessionId}/rounds`, { body: { stakeOre }, bearer: session.token });

  it('refuses a round sooner than the pace after the previous one, saying when the next may start', async () => {
    const { session } = await realSession(paced, 50_000);
    const first = await pacedPlay(session, session.stake.defaultOre);
    expect(first.status).toBe(200);
    const soon = await pacedPlay(session, session.stake.defaultOre);
    expect(soon.status).toBe(409);
    expect(soon.body.code).toBe('GAME_ROUND_TOO_SOON');
    expect(soon.body.nextRoundAt).toBe(first.body.data.session.nextRoundAt);
    expect(Date.parse(soon.body.nextRoundAt!) - Date.parse(first.body.data.round.startedAt)).toBe(3000);
    paced.moveStudioClock(3000);
    expect((await pacedPlay(session, session.stake.defaultOre)).status).toBe(200);
  });

  it('after the warning’s minutes, shows the warning and refuses the next round until answered; stop ends the session', async () => {
    const { session } = await realSession(paced, 50_000);
    paced.moveStudioClock(3000);
    expect((await pacedPlay(session, session.stake.defaultOre)).status).toBe(200);
    paced.moveStudioClock(5 * 60_000);
    const due = await studioCall<SessionData>(paced, 'GET', `/sessions/${session.sessionId}`, { bearer: session.token });
    expect(due.body.data.warning).toMatchObject({ minutesPlayed: 5, stakedOre: session.stake.defaultOre });
    expect(due.body.data.warning!.netOre).toBe(due.body.data.netOre);
    expect((await pacedPlay(session, session.stake.defaultOre)).body.code).toBe('GAME_WARNING_UNANSWERED');

    const answered = await studioCall<SessionData>(paced, 'POST', `/sessions/${session.sessionId}/warning`, {
      body: { answer: 'continue' },
      bearer: session.token,
    });
    expect(answered.body.data.warning).toBeNull();
    expect((await pacedPlay(session, session.stake.defaultOre)).status).toBe(200);

    paced.moveStudioClock(5 * 60_000);
    const stopped = await studioCall<SessionData>(paced, 'POST', `/sessions/${session.sessionId}/warning`, {
      body: { answer: 'stop' },
      bearer: session.token,
    });
    expect(stopped.body.data.endedAt).not.toBeNull();
    expect((await pacedPlay(session, session.stake.defaultOre)).body.code).toBe('GAME_SESSION_ENDED');
  });

  it('moves its clock by PUT /Test/clock only when configured so, and only with the key', async () => {
    expect((await studioCall(paced, 'PUT', '/Test/clock', { body: { offsetMs: 0 } })).status).toBe(200);
    expect((await studioCall(paced, 'PUT', '/Test/clock', { body: { offsetMs: 0 }, key: null })).status).toBe(401);
    expect((await studioCall(world, 'PUT', '/Test/clock', { body: { offsetMs: 0 } })).status).toBe(404);
  });
});

describe('configuration', () => {
  it('refuses development secrets, short keys and the test clock in production', () => {
    expect(() => loadConfig({})).toThrow(/STUDIO_PROVIDER_SECRET[\s\S]*STUDIO_API_KEY/);
    expect(() => loadConfig({ STUDIO_PROVIDER_SECRET: 'a'.repeat(40), STUDIO_API_KEY: 'short-but-16-chars' })).toThrow(
      /STUDIO_API_KEY: at least 32/,
    );
    expect(() =>
      loadConfig({ STUDIO_PROVIDER_SECRET: 'a'.repeat(40), STUDIO_API_KEY: 'b'.repeat(40), TEST_CLOCK_CONTROL: 'true' }),
    ).toThrow(/TEST_CLOCK_CONTROL/);
    expect(
      loadConfig({ STUDIO_PROVIDER_SECRET: 'a'.repeat(40), STUDIO_API_KEY: 'b'.repeat(40), PLATFORM_URL: 'https://platform.example:4001' })
        .STUDIO_ROUND_PACE_MS,
    ).toBe(3000);
  });
});
