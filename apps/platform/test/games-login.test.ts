import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../src/players/secrets.js';
import { rowsOf } from '../src/shared/db.js';
import { createWalletService } from '../src/wallet/service.js';
import { addTestTitles, gameProvider, playerWithCash, type GameProviderClient } from './games-provider.js';
import { startTestPlatform, type TestPlatform } from './harness.js';

/**
 * A game session belongs to the player's login that launched it and ends with it (issue 22 §4):
 * logout, the idle time, the absolute limit. Every contract call that needs a live session
 * (authenticate, balance, bet, betAndWin) is refused GAME_SESSION_ENDED at once, in its own
 * statement, with nothing moved; a win of a round already staked is still paid.
 */
const SECRET = 'studio-secret-of-the-login-tests-0123456789';
const GAME = 'login-slot';

let platform: TestPlatform;
let now = new Date();
let provider: GameProviderClient;

beforeAll(async () => {
  platform = await startTestPlatform({ GAME_PROVIDER_KRONE_STUDIO_SECRET: SECRET, SESSION_IDLE_MINUTES: '30' });
  platform.setNow(now);
  await addTestTitles(platform.database.db, [{ id: GAME, stepsOre: [100, 1_000] }]);
  provider = gameProvider(platform.publicApp, 'krone-studio', SECRET, () => now);
}, 60_000);
afterAll(async () => {
  await platform.close();
});

/** Moves the platform's clock and the provider's signatures with it. */
function moveClock(ms: number) {
  now = new Date(now.getTime() + ms);
  platform.setNow(now);
}

async function launch(playerToken: string) {
  const response = await platform.app.inject({
    method: 'POST',
    url: `/Games/launch/${playerToken}`,
    payload: { providerId: 'krone-studio', gameId: GAME, mode: 'real' },
  });
  return { status: response.statusCode, body: response.json() as { code?: string; data: { token: string; expiresAt: string } } };
}

/** A logged-in player with cash, in a game session the provider has authenticated. */
async function seated(cashOre: number) {
  const player = await playerWithCash(platform, cashOre);
  const launched = await launch(player.token);
  expect(launched.status).toBe(200);
  const auth = await provider.call('authenticate', { token: launched.body.data.token });
  expect(auth.status).toBe(200);
  return { player, launchToken: launched.body.data.token, sessionId: auth.body.data!.sessionId as string };
}

const wholeRound = (sessionId: string) => ({
  sessionId,
  roundId: `r-${randomUUID()}`,
  transactionId: `b-${randomUUID()}`,
  amountOre: 1_000,
  winTransactionId: `w-${randomUUID()}`,
  winAmountOre: 0,
  endRound: true,
});

const cash = async (playerId: string) => (await createWalletService(platform.database.db, () => now).playerBalances(playerId)).player_cash;
const transferCount = async () =>
  Number((await rowsOf<{ n: string | number }>(sql`select count(*) as n from wallet_transfers`, platform.database.db))[0]!.n);

/** Every call that needs a live session is refused GAME_SESSION_ENDED, and nothing moves. */
async function expectEnded(seat: Awaited<ReturnType<typeof seated>>, cashOre: number) {
  const transfers = await transferCount();
  const { sessionId } = seat;
  const answers = {
    authenticate: await provider.call('authenticate', { token: seat.launchToken }),
    balance: await provider.call('balance', { sessionId }),
    bet: await provider.call('bet', { sessionId, roundId: `r-${randomUUID()}`, transactionId: `b-${randomUUID()}`, amountOre: 1_000 }),
    betAndWin: await provider.call('betAndWin', wholeRound(sessionId)),
  };
  for (const [operation, answer] of Object.entries(answers))
    expect({ operation, status: answer.status, code: answer.body.code }).toEqual({ operation, status: 409, code: 'GAME_SESSION_ENDED' });
  expect(await transferCount()).toBe(transfers);
  expect(await cash(seat.player.id)).toBe(cashOre);
}

describe('a game session ends with the login that launched it', () => {
  it('plays while the login lives; authenticate answers when the login began', async () => {
    const seat = await seated(10_000);
    const auth = await provider.call('authenticate', { token: seat.launchToken });
    const [login] = await rowsOf<{ created_at: string | Date }>(
      sql`select created_at from player_sessions where token_hash = ${hashToken(seat.player.token)}`,
      platform.database.db,
    );
    expect(auth.body.data!.loginAt).toBe(new Date(login!.created_at).toISOString());
    expect((await provider.call('betAndWin', wholeRound(seat.sessionId))).status).toBe(200);
    expect((await provider.call('balance', { sessionId: seat.sessionId })).body.data).toMatchObject({ balanceOre: 9_000 });
  });

  it('a logout ends it at once: every call after is GAME_SESSION_ENDED, nothing moves; a win of a staked round is still paid', async () => {
    const seat = await seated(10_000);
    const roundId = `r-${randomUUID()}`;
    const bet = await provider.call('bet', { sessionId: seat.sessionId, roundId, transactionId: `b-${randomUUID()}`, amountOre: 1_000 });
    expect(bet.status).toBe(200);
    const logout = await platform.app.inject({ method: 'POST', url: `/Players/sessions/${seat.player.token}/logout` });
    expect(logout.statusCode).toBe(200);
    await expectEnded(seat, 9_000);
    const win = await provider.call('win', { sessionId: seat.sessionId, roundId, transactionId: `w-${randomUUID()}`, amountOre: 2_500 });
    expect(win.status).toBe(200);
    expect(await cash(seat.player.id)).toBe(11_500);
  });

  it('a login left idle past SESSION_IDLE_MINUTES ends it, with no logout and no look-up of the login', async () => {
    const seat = await seated(10_000);
    expect((await provider.call('betAndWin', wholeRound(seat.sessionId))).status).toBe(200);
    moveClock(29 * 60_000);
    expect((await provider.call('betAndWin', wholeRound(seat.sessionId))).status).toBe(200);
    moveClock(2 * 60_000);
    try {
      await expectEnded(seat, 8_000);
    } finally {
      moveClock(-31 * 60_000);
    }
  });

  it('never outlives the login’s absolute limit: launched late in a login, it ends when the login does', async () => {
    const player = await playerWithCash(platform, 10_000);
    // The login began 11 h 50 min ago (SESSION_ABSOLUTE_HOURS 12): ten minutes are left of it.
    const loginEnds = new Date(now.getTime() + 10 * 60_000);
    await platform.database.db.execute(
      sql`update player_sessions set expires_at = ${loginEnds.toISOString()}::timestamptz where token_hash = ${hashToken(player.token)}`,
    );
    const launched = await launch(player.token);
    expect(launched.status).toBe(200);
    expect(launched.body.data.expiresAt).toBe(loginEnds.toISOString());
    const auth = await provider.call('authenticate', { token: launched.body.data.token });
    const seat = { player, launchToken: launched.body.data.token, sessionId: auth.body.data!.sessionId as string };
    expect((await provider.call('betAndWin', wholeRound(seat.sessionId))).status).toBe(200);
    // The login ends in the database (as at its absolute end): the game with it, whatever its own expiry said.
    await platform.database.db.execute(
      sql`update player_sessions set expires_at = ${now.toISOString()}::timestamptz where token_hash = ${hashToken(player.token)}`,
    );
    await expectEnded(seat, 9_000);
  });

  it('refuses a launch without a live login', async () => {
    const player = await playerWithCash(platform, 1_000);
    await platform.app.inject({ method: 'POST', url: `/Players/sessions/${player.token}/logout` });
    expect((await launch(player.token)).status).toBe(401);
  });
});
