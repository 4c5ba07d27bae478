import { randomUUID } from 'node:crypto';
import { seededRandom } from '@krone/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonusGrants } from '../src/bonus/schema.js';
import { gameRounds, games, gameTransactions } from '../src/games/schema.js';
import { players } from '../src/players/schema.js';
import { checkInvariants } from '../src/invariants/check.js';
import { rowsOf } from '../src/shared/db.js';
import { createWalletService } from '../src/wallet/service.js';
import { addTestTable, addTestTitles, gameProvider, playerWithCash, type GameProviderClient } from './games-provider.js';
import { startTestPlatform, type TestPlatform } from './harness.js';

/**
 * The games contract's conformance suite (issue 14): an outside provider plays against the
 * platform over HTTP (signed calls, as games/README.md tells a provider to make them), with what
 * real networks and providers do: duplicates, reordering, timeouts followed by rollbacks, late
 * bets, forged and stale signatures. After every scenario the ledger's audit holds. PGlite by
 * default, a PostgreSQL server with TEST_DATABASE_URL (CI).
 */
const STUDIO_SECRET = 'studio-secret-of-the-tests-0123456789';
const OTHER_SECRET = 'other-secret-of-the-tests-0123456789';

let platform: TestPlatform;
let now = new Date();
let studio: GameProviderClient;
let other: GameProviderClient;

/**
 * The suite's titles in the catalogue: one per provider, with the stake steps the scenarios bet
 * (a bet must be one of them). The bonus's maximum bet (100 kr.) lies below the largest step.
 */
const STEPS = [100, 250, 300, 500, 700, 1_000, 1_500, 2_000, 3_000, 4_000, 5_000, 8_000, 10_000, 20_000];
const GAME = 'kontrakt-slot';
const OTHER_GAME = 'kontrakt-slot-anden';
/** A table of the suite's: stakes of 1 kr. units, at most 20 kr. a call and 50 kr. a round. */
const TABLE = 'kontrakt-bord';

beforeAll(async () => {
  platform = await startTestPlatform({
    GAME_PROVIDER_KRONE_STUDIO_SECRET: STUDIO_SECRET,
    GAME_PROVIDERS_EXTRA: `other-studio:${OTHER_SECRET}`,
  });
  platform.setNow(now);
  await addTestTitles(platform.database.db, [
    { id: GAME, stepsOre: STEPS },
    { id: OTHER_GAME, providerId: 'other-studio', stepsOre: STEPS },
  ]);
  await addTestTable(platform.database.db, {
    id: TABLE,
    stake: { stepsOre: [1_000, 2_000], defaultOre: 1_000, minOre: 1_000, unitOre: 100, maxCallOre: 2_000, maxRoundOre: 5_000 },
  });
  studio = gameProvider(platform.publicApp, 'krone-studio', STUDIO_SECRET, () => now);
  other = gameProvider(platform.publicApp, 'other-studio', OTHER_SECRET, () => now);
}, 60_000);
afterAll(async () => {
  await platform.close();
});

/** Moves the platform's clock (and the providers' with it). */
function moveClock(ms: number) {
  now = new Date(now.getTime() + ms);
  platform.setNow(now);
}

const wallet = () => createWalletService(platform.database.db, () => now);

/** A player with money on their cash account. */
const playerWith = (cashOre: number) => playerWithCash(platform, cashOre);

async function launch(token: string, body: Record<string, unknown> = {}) {
  const response = await platform.app.inject({
    method: 'POST',
    url: `/Games/launch/${token}`,
    payload: { providerId: 'krone-studio', gameId: body.providerId === 'other-studio' ? OTHER_GAME : GAME, mode: 'real', ...body },
  });
  return { status: response.statusCode, body: response.json() as { code?: string; data?: { token: string; gameSessionId: string } } };
}

/** A player with money, in a game session the provider has authenticated (on the provider's slot, or the title named). */
async function seated(cashOre: number, provider: GameProviderClient = studio, gameId?: string) {
  const player = await playerWith(cashOre);
  const launched = await launch(player.token, { providerId: provider.id, ...(gameId ? { gameId } : {}) });
  expect(launched.status).toBe(200);
  const auth = await provider.call('authenticate', { token: launched.body.data!.token });
  expect(auth.status).toBe(200);
  return { player, sessionId: auth.body.data!.sessionId as string };
}

const cash = async (playerId: string) => (await wallet().playerBalances(playerId)).player_cash;
/** Every transfer in the ledger: a refused call adds none. */
const transferCount = async () =>
  Number((await rowsOf<{ n: string | number }>(sql`select count(*) as n from wallet_transfers`, platform.database.db))[0]!.n);

/** An open welcome bonus (VELKOMST100, valid 60 days) of `amountOre` on the player’s bonus account: its maximum bet holds while it is open. */
async function grantWelcomeBonus(playerId: string, amountOre: number) {
  const grantId = randomUUID();
  await platform.database.db.insert(bonusGrants).values({
    id: grantId,
    playerId,
    code: 'VELKOMST100',
    paymentId: randomUUID(),
    amountOre,
    wageringRequirementOre: 10_000_000,
    grantedAt: now,
    expiresAt: new Date(now.getTime() + 60 * 86_400_000),
  });
  await wallet().transfer({
    idempotencyKey: `bonus:${grantId}`,
    kind: 'bonus_grant',
    entries: [
      { accountId: await wallet().systemAccount('bonus_cost'), amountOre: -amountOre },
      { accountId: await wallet().playerAccount(playerId, 'player_bonus'), amountOre },
    ],
    reference: { grantId, code: 'VELKOMST100' },
  });
}

async function expectLedgerSound() {
  const audit = await wallet().audit();
  expect(audit).toEqual({ ledgerSumOre: 0, unbalancedTransfers: 0, negativeBalances: 0, mismatchedBalances: 0 });
}

let ids = 0;
const id = (prefix: string) => `${prefix}-${++ids}-${randomUUID().slice(0, 8)}`;

describe('launch', () => {
  it('gives a signed, expiring token for money play, keeps only its hash, and refuses fun play, unknown providers and games', async () => {
    const player = await playerWith(0);
    const launched = await launch(player.token);
    expect(launched.status).toBe(200);
    const token = launched.body.data!.token;
    expect(token).toMatch(/^gs1\.[A-Za-z0-9_-]{43}\.\d+\.[0-9a-f]{64}$/);
    const stored = await rowsOf<{ token_hash: string }>(sql`select token_hash from game_sessions`, platform.database.db);
    expect(stored.some((row) => row.token_hash === token)).toBe(false);
    expect(stored.length).toBeGreaterThan(0);

    expect((await launch(player.token, { mode: 'fun' })).body.code).toBe('GAME_MODE_NOT_REAL');
    expect((await launch(player.token, { providerId: 'nobody' })).body.code).toBe('GAME_PROVIDER_UNKNOWN');
    expect((await launch(player.token, { gameId: 'Not A Game!' })).body.code).toBe('GAME_NOT_FOUND');
    expect((await launch('not-a-session-token-of-anyone-at-all-000000')).status).toBe(401);
  });

  it('launches only a title of the catalogue, in play and of the provider asked (404 GAME_NOT_FOUND otherwise); authenticate tells the warning’s minutes', async () => {
    const player = await playerWith(0);
    const notInCatalogue = await launch(player.token, { gameId: 'no-such-game-here' });
    expect(notInCatalogue).toMatchObject({ status: 404, body: { code: 'GAME_NOT_FOUND' } });
    // Another provider's title is not this provider's to launch.
    expect((await launch(player.token, { gameId: OTHER_GAME })).body.code).toBe('GAME_NOT_FOUND');
    await addTestTitles(platform.database.db, [{ id: 'kontrakt-trukket-tilbage', stepsOre: STEPS }]);
    expect((await launch(player.token, { gameId: 'kontrakt-trukket-tilbage' })).status).toBe(200);
    await platform.database.db.update(games).set({ withdrawnAt: now }).where(eq(games.id, 'kontrakt-trukket-tilbage'));
    expect((await launch(player.token, { gameId: 'kontrakt-trukket-tilbage' })).body.code).toBe('GAME_NOT_FOUND');

    const launched = await launch(player.token);
    const auth = await studio.call('authenticate', { token: launched.body.data!.token });
    // The system config wageringTimePopup (content seed): 5 minutes.
    expect(auth.body.data).toMatchObject({ gameId: GAME, warningMinutes: 5 });
    const sessions = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from game_sessions where player_id = ${player.id}`,
      platform.database.db,
    );
    // Refused launches made no session: the two that went through did.
    expect(sessions[0]?.n).toBe(2);
  });

  it('refuses a paused player, and a provider’s authenticate of an expired or another provider’s token', async () => {
    const player = await playerWith(0);
    const launched = await launch(player.token);
    expect((await other.call('authenticate', { token: launched.body.data!.token })).body.code).toBe('GAME_SESSION_NOT_FOUND');
    expect((await studio.call('authenticate', { token: 'gs1.made-up' })).body.code).toBe('GAME_SESSION_NOT_FOUND');

    const pause = await platform.app.inject({ method: 'POST', url: `/Limits/${player.token}/pause`, payload: { duration: '24h' } });
    expect(pause.statusCode).toBe(200);
    expect((await launch(player.token)).body.code).toBe('ACCOUNT_PAUSED');
    // The pause ended the game session launched before it.
    expect((await studio.call('authenticate', { token: launched.body.data!.token })).body.code).toBe('GAME_SESSION_ENDED');

    const later = await playerWith(0);
    const second = await launch(later.token);
    moveClock(13 * 3_600_000);
    try {
      expect((await studio.call('authenticate', { token: second.body.data!.token })).body.code).toBe('GAME_SESSION_ENDED');
    } finally {
      moveClock(-13 * 3_600_000);
    }
  });
});

describe('signatures', () => {
  it('refuses a wrong secret, another provider’s secret, a tampered body, a stale or missing timestamp, an unknown provider: 401, nothing moves', async () => {
    const { player, sessionId } = await seated(10_000);
    const bet = { sessionId, roundId: id('r'), transactionId: id('t'), amountOre: 1_000 };
    const refusals = [
      await studio.call('bet', bet, { secret: 'a-guessed-secret-0123456789' }),
      await studio.call('bet', bet, { secret: OTHER_SECRET }),
      await studio.call('bet', bet, { body: JSON.stringify({ ...bet, amountOre: 1 }) }),
      await studio.call('bet', bet, { at: new Date(now.getTime() - 6 * 60_000) }),
      await studio.call('bet', bet, { at: new Date(now.getTime() + 6 * 60_000) }),
      await studio.call('bet', bet, { headers: { 'krone-signature': '' } }),
      await gameProvider(platform.publicApp, 'nobody', STUDIO_SECRET, () => now).call('bet', bet),
    ];
    for (const refusal of refusals) expect(refusal).toMatchObject({ status: 401, body: { code: 'GAME_SIGNATURE_INVALID' } });
    expect(await cash(player.id)).toBe(10_000);
    // Within the tolerance (4 minutes off) the same call goes through.
    expect((await studio.call('bet', bet, { at: new Date(now.getTime() - 4 * 60_000) })).status).toBe(200);
    expect(await cash(player.id)).toBe(9_000);
  });
});

describe('money', () => {
  it('plays a round: bet, win, endRound; balances in every answer; the provider’s games account holds the difference', async () => {
    const { player, sessionId } = await seated(10_000);
    const roundId = id('r');
    const bet = await studio.call('bet', { sessionId, roundId, transactionId: id('b'), amountOre: 2_000 });
    expect(bet).toMatchObject({ status: 200, body: { data: { balanceOre: 8_000, cashOre: 8_000, bonusOre: 0 } } });
    const win = await studio.call('win', { sessionId, roundId, transactionId: id('w'), amountOre: 5_000 });
    expect(win).toMatchObject({ status: 200, body: { data: { balanceOre: 13_000 } } });
    const ended = await studio.call('endRound', { sessionId, roundId });
    expect(ended).toMatchObject({ status: 200, body: { data: { roundId, stakedOre: 2_000, wonOre: 5_000, balanceOre: 13_000 } } });
    expect((await studio.call('endRound', { sessionId, roundId })).status).toBe(200);
    expect((await studio.call('bet', { sessionId, roundId, transactionId: id('b'), amountOre: 100 })).body.code).toBe('GAME_ROUND_ENDED');
    expect((await studio.call('win', { sessionId, roundId, transactionId: id('w'), amountOre: 100 })).body.code).toBe('GAME_ROUND_ENDED');
    expect(await cash(player.id)).toBe(13_000);
    const balance = await studio.call('balance', { sessionId });
    expect(balance.body.data).toMatchObject({ balanceOre: 13_000, currency: 'DKK' });
    await expectLedgerSound();
  });

  it('answers a duplicate with the first answer and moves money once; the same id with another body is refused (409)', async () => {
    const { player, sessionId } = await seated(10_000);
    const roundId = id('r');
    const bet = { sessionId, roundId, transactionId: id('b'), amountOre: 1_500 };
    const first = await studio.call('bet', bet);
    const again = await studio.call('bet', bet);
    expect(again).toEqual(first);
    expect((await studio.call('bet', { ...bet, amountOre: 1_600 })).body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const win = { sessionId, roundId, transactionId: id('w'), amountOre: 700 };
    const won = await studio.call('win', win);
    expect(await studio.call('win', win)).toEqual(won);
    expect((await studio.call('win', { ...win, amountOre: 701 })).status).toBe(409);
    expect(await cash(player.id)).toBe(10_000 - 1_500 + 700);
    await expectLedgerSound();
  });

  it('refuses a bet over the balance with the balance in the answer, and moves nothing', async () => {
    const { player, sessionId } = await seated(1_234);
    const refused = await studio.call('bet', { sessionId, roundId: id('r'), transactionId: id('b'), amountOre: 1_500 });
    expect(refused).toMatchObject({ status: 409, body: { code: 'INSUFFICIENT_FUNDS', balanceOre: 1_234 } });
    expect(await cash(player.id)).toBe(1_234);
  });

  it('refuses a bet on an unknown or ended session, and pays a win and a rollback on an ended one', async () => {
    const unknown = await studio.call('bet', { sessionId: randomUUID(), roundId: id('r'), transactionId: id('b'), amountOre: 100 });
    expect(unknown.body.code).toBe('GAME_SESSION_NOT_FOUND');
    const { player, sessionId } = await seated(10_000);
    const roundId = id('r');
    const stake = { sessionId, roundId, transactionId: id('b'), amountOre: 1_000 };
    expect((await studio.call('bet', stake)).status).toBe(200);
    const second = id('r');
    const secondBet = id('b');
    expect((await studio.call('bet', { sessionId, roundId: second, transactionId: secondBet, amountOre: 500 })).status).toBe(200);
    moveClock(13 * 3_600_000);
    try {
      expect((await studio.call('bet', { ...stake, transactionId: id('b') })).body.code).toBe('GAME_SESSION_ENDED');
      expect((await studio.call('win', { sessionId, roundId, transactionId: id('w'), amountOre: 3_000 })).status).toBe(200);
      const rolled = await studio.call('rollback', {
        sessionId,
        roundId: second,
        transactionId: id('rb'),
        referenceTransactionId: secondBet,
      });
      expect(rolled.status).toBe(200);
      // A replay of the first bet still gets its first answer after the session ended.
      expect((await studio.call('bet', stake)).status).toBe(200);
    } finally {
      moveClock(-13 * 3_600_000);
    }
    expect(await cash(player.id)).toBe(10_000 - 1_000 + 3_000);
    await expectLedgerSound();
  });

  it('ends the game sessions of a player who pauses: a bet after is GAME_SESSION_ENDED, their win still paid', async () => {
    const { player, sessionId } = await seated(10_000);
    const roundId = id('r');
    expect((await studio.call('bet', { sessionId, roundId, transactionId: id('b'), amountOre: 1_000 })).status).toBe(200);
    await platform.app.inject({ method: 'POST', url: `/Limits/${player.token}/pause`, payload: { duration: '24h' } });
    const refused = await studio.call('bet', { sessionId, roundId, transactionId: id('b'), amountOre: 1_000 });
    expect(refused).toMatchObject({ status: 409, body: { code: 'GAME_SESSION_ENDED' } });
    expect((await studio.call('win', { sessionId, roundId, transactionId: id('w'), amountOre: 2_000 })).status).toBe(200);
    expect(await cash(player.id)).toBe(11_000);
  });

  it('ends the game sessions of a player who logs out or closes their account: a bet after is GAME_SESSION_ENDED', async () => {
    const { player, sessionId } = await seated(10_000);
    const roundId = id('r');
    expect((await studio.call('bet', { sessionId, roundId, transactionId: id('b'), amountOre: 1_000 })).status).toBe(200);
    const logout = await platform.app.inject({ method: 'POST', url: `/Players/sessions/${player.token}/logout` });
    expect(logout.statusCode).toBe(200);
    const refused = await studio.call('bet', { sessionId, roundId, transactionId: id('b'), amountOre: 1_000 });
    expect(refused).toMatchObject({ status: 409, body: { code: 'GAME_SESSION_ENDED' } });
    expect(await cash(player.id)).toBe(9_000);
    const [ended] = await rowsOf<{ ended_reason: string }>(
      sql`select ended_reason from game_sessions where id = ${sessionId}`,
      platform.database.db,
    );
    expect(ended?.ended_reason).toBe('logout');

    const closing = await seated(10_000);
    const closure = await platform.app.inject({
      method: 'POST',
      url: `/Limits/${closing.player.token}/closure`,
      payload: { confirm: true },
    });
    expect(closure.statusCode).toBe(200);
    const afterClosure = await studio.call('bet', {
      sessionId: closing.sessionId,
      roundId: id('r'),
      transactionId: id('b'),
      amountOre: 1_000,
    });
    expect(afterClosure.body.code).toBe('GAME_SESSION_ENDED');
    expect(await cash(closing.player.id)).toBe(10_000);
  });

  it('refuses a bet not on the title’s stake steps (400 GAME_STAKE_NOT_ALLOWED), moving nothing and recording nothing', async () => {
    const { player, sessionId } = await seated(10_000);
    const roundId = id('r');
    const transactionId = id('b');
    for (const amountOre of [1, 99, 1_001, 20_001, 50_000]) {
      const refused = await studio.call('bet', { sessionId, roundId, transactionId, amountOre });
      expect(refused).toMatchObject({ status: 400, body: { code: 'GAME_STAKE_NOT_ALLOWED' } });
    }
    expect(await cash(player.id)).toBe(10_000);
    // Refused, the id was not taken: the same id with a stake on a step goes through.
    expect((await studio.call('bet', { sessionId, roundId, transactionId, amountOre: 1_000 })).status).toBe(200);
    expect(await cash(player.id)).toBe(9_000);
    await expectLedgerSound();
  });

  it('refuses the bet of a player whose game account was locked after the launch, and still pays their win', async () => {
    const { player, sessionId } = await seated(10_000);
    const roundId = id('r');
    expect((await studio.call('bet', { sessionId, roundId, transactionId: id('b'), amountOre: 1_000 })).status).toBe(200);
    await platform.database.db.update(players).set({ status: 'game_locked' }).where(eq(players.id, player.id));
    const refused = await studio.call('bet', { sessionId, roundId, transactionId: id('b'), amountOre: 1_000 });
    expect(refused).toMatchObject({ status: 403, body: { code: 'GAME_ACCOUNT_LOCKED' } });
    expect((await studio.call('win', { sessionId, roundId, transactionId: id('w'), amountOre: 500 })).status).toBe(200);
    expect(await cash(player.id)).toBe(9_500);
    // The lock seen at the bet ended the player's game sessions.
    expect((await studio.call('bet', { sessionId, roundId: id('r'), transactionId: id('b'), amountOre: 1_000 })).body.code).toBe(
      'GAME_SESSION_ENDED',
    );
  });

  it('refuses the first bet of a new round once the session ended or the player was locked elsewhere (in the database only), moving nothing', async () => {
    // Another platform process ends a session or locks a player: this process's memory of the session must not let a bet through.
    const ended = await seated(10_000);
    expect(
      (await studio.call('bet', { sessionId: ended.sessionId, roundId: id('r'), transactionId: id('b'), amountOre: 1_000 })).status,
    ).toBe(200);
    await platform.database.db.execute(
      sql`update game_sessions set ended_at = now(), ended_reason = 'logout' where id = ${ended.sessionId}`,
    );
    const afterEnd = await studio.call('bet', { sessionId: ended.sessionId, roundId: id('r'), transactionId: id('b'), amountOre: 1_000 });
    expect(afterEnd).toMatchObject({ status: 409, body: { code: 'GAME_SESSION_ENDED' } });
    expect(await cash(ended.player.id)).toBe(9_000);

    const locked = await seated(10_000);
    expect(
      (await studio.call('bet', { sessionId: locked.sessionId, roundId: id('r'), transactionId: id('b'), amountOre: 1_000 })).status,
    ).toBe(200);
    await platform.database.db.update(players).set({ status: 'locked' }).where(eq(players.id, locked.player.id));
    const afterLock = await studio.call('bet', { sessionId: locked.sessionId, roundId: id('r'), transactionId: id('b'), amountOre: 1_000 });
    expect(afterLock).toMatchObject({ status: 403, body: { code: 'USER_LOCKED' } });
    expect(await cash(locked.player.id)).toBe(9_000);
    await expectLedgerSound();
  });

  it('ends the game sessions of a player found locked at a session look-up', async () => {
    const { player, sessionId } = await seated(10_000);
    await platform.database.db.update(players).set({ status: 'locked' }).where(eq(players.id, player.id));
    const lookUp = await platform.app.inject({ method: 'GET', url: `/Games/favourites/${player.token}` });
    expect(lookUp.statusCode).toBe(401);
    await platform.database.db.update(players).set({ status: 'active' }).where(eq(players.id, player.id));
    const refused = await studio.call('bet', { sessionId, roundId: id('r'), transactionId: id('b'), amountOre: 1_000 });
    expect(refused).toMatchObject({ status: 409, body: { code: 'GAME_SESSION_ENDED' } });
    expect(await cash(player.id)).toBe(10_000);
  });

  it('refuses a stake over the open bonus’s maximum bet (the wallet’s stake rules) and takes bonus money after cash', async () => {
    const { player, sessionId } = await seated(5_000);
    await grantWelcomeBonus(player.id, 50_000);
    const roundId = id('r');
    const over = await studio.call('bet', { sessionId, roundId, transactionId: id('b'), amountOre: 20_000 });
    expect(over).toMatchObject({ status: 409, body: { code: 'BONUS_MAX_BET' } });
    const bet = await studio.call('bet', { sessionId, roundId, transactionId: id('b'), amountOre: 8_000 });
    expect(bet.body.data).toMatchObject({ cashOre: 0, bonusOre: 47_000, balanceOre: 47_000 });
    // The win follows the stake's shares: 3/8 of it to the bonus balance (rounded down), the rest to cash.
    const win = await studio.call('win', { sessionId, roundId, transactionId: id('w'), amountOre: 1_001 });
    expect(win.body.data).toMatchObject({ cashOre: 626, bonusOre: 47_375 });
    await expectLedgerSound();
  });
});

describe('a table’s stakes (issue 24)', () => {
  const gameTransactionIds = async (sessionId: string) =>
    (await platform.database.db.select().from(gameTransactions).where(eq(gameTransactions.sessionId, sessionId)))
      .map((row) => row.transactionId)
      .sort();
  const staked = async (roundId: string) =>
    (await platform.database.db.select().from(gameRounds).where(eq(gameRounds.roundId, roundId)))[0]?.stakedOre ?? null;

  it('takes whole units, at least one, at most the most a call, and a round’s standing stakes at most its most a round (400 GAME_STAKE_NOT_ALLOWED), nothing moved or recorded', async () => {
    const { player, sessionId } = await seated(20_000, studio, TABLE);
    const roundId = id('r');
    const bet = (amountOre: number, transactionId = id('b')) => studio.call('bet', { sessionId, roundId, transactionId, amountOre });
    const transfersBefore = await transferCount();
    // Off the rule as the round's first stake: below a unit, not a whole unit, past the most a call (a slot's steps do not apply).
    for (const amountOre of [50, 150, 1_050, 2_100, 5_000])
      expect(await bet(amountOre), String(amountOre)).toMatchObject({ status: 400, body: { code: 'GAME_STAKE_NOT_ALLOWED' } });
    expect(await transferCount()).toBe(transfersBefore);
    expect(await staked(roundId)).toBeNull();
    // Any whole units within the call's limit, not only the steps the player picks from.
    expect((await bet(1_300)).status).toBe(200);
    expect((await bet(2_000)).status).toBe(200); // a double: 3,300
    // 3,300 + 1,800 = 5,100 past the round's 5,000: refused whole, recorded nowhere; the id stays free.
    const refusedId = id('b');
    expect(await bet(1_800, refusedId)).toMatchObject({ status: 400, body: { code: 'GAME_STAKE_NOT_ALLOWED' } });
    expect(
      await studio.call('betAndWin', {
        sessionId,
        roundId,
        transactionId: id('b'),
        amountOre: 1_800,
        winTransactionId: id('w'),
        winAmountOre: 0,
        endRound: false,
      }),
    ).toMatchObject({ status: 400, body: { code: 'GAME_STAKE_NOT_ALLOWED' } });
    expect(await cash(player.id)).toBe(16_700);
    expect(await staked(roundId)).toBe(3_300);
    expect(await gameTransactionIds(sessionId)).not.toContain(refusedId);
    // Exactly the round's limit.
    expect((await bet(1_700, refusedId)).status).toBe(200);
    expect(await staked(roundId)).toBe(5_000);
    expect((await bet(100)).body.code).toBe('GAME_STAKE_NOT_ALLOWED');
    // A stake rolled back no longer stands: its room is free again.
    const rolledId = id('b');
    const second = { sessionId, roundId: id('r'), transactionId: rolledId, amountOre: 2_000 };
    expect((await studio.call('bet', second)).status).toBe(200);
    expect((await studio.call('bet', { ...second, transactionId: id('b') })).status).toBe(200);
    expect((await studio.call('bet', { ...second, transactionId: id('b') })).body.code).toBe('GAME_STAKE_NOT_ALLOWED');
    await studio.call('rollback', { sessionId, roundId: second.roundId, transactionId: id('rb'), referenceTransactionId: rolledId });
    // 2,000 stands: the 2,000 refused a moment ago (6,000) now fits (4,000).
    expect((await studio.call('bet', { ...second, transactionId: id('b') })).status).toBe(200);
    expect(await staked(second.roundId)).toBe(4_000);
    // A whole round in one call is held to the same rule.
    const whole = (amountOre: number) => ({
      sessionId,
      roundId: id('r'),
      transactionId: id('b'),
      amountOre,
      winTransactionId: id('w'),
      winAmountOre: 0,
      endRound: true,
    });
    expect((await studio.call('betAndWin', whole(2_100))).body.code).toBe('GAME_STAKE_NOT_ALLOWED');
    expect((await studio.call('betAndWin', whole(1_900))).status).toBe(200);
    expect(await cash(player.id)).toBe(20_000 - 5_000 - 4_000 - 1_900);
    await expectLedgerSound();
  });

  it('holds the open bonus’s maximum bet (100 kr.) for a round’s stakes together: a double past it is refused 409 BONUS_MAX_BET, nothing moved', async () => {
    const { player, sessionId } = await seated(20_000, studio, 'blackjack-vegas');
    await grantWelcomeBonus(player.id, 50_000);
    const roundId = id('r');
    const bet = (amountOre: number) => studio.call('bet', { sessionId, roundId, transactionId: id('b'), amountOre });
    expect((await bet(6_000)).status).toBe(200);
    const transfersBefore = await transferCount();
    // A double of 60 kr.: 120 kr. in the round. Refused, by bet and by betAndWin.
    expect(await bet(6_000)).toMatchObject({ status: 409, body: { code: 'BONUS_MAX_BET' } });
    expect(
      (
        await studio.call('betAndWin', {
          sessionId,
          roundId,
          transactionId: id('b'),
          amountOre: 6_000,
          winTransactionId: id('w'),
          winAmountOre: 0,
          endRound: true,
        })
      ).body.code,
    ).toBe('BONUS_MAX_BET');
    expect(await transferCount()).toBe(transfersBefore);
    expect(await staked(roundId)).toBe(6_000);
    expect(await cash(player.id)).toBe(14_000);
    // Up to 100 kr. together is allowed; one krone more is not. Two doubles of 40 kr. at once: one lands.
    const racing = await Promise.all([bet(4_000), bet(4_000)]);
    expect(racing.map((answer) => answer.body.code ?? answer.status).sort()).toEqual([200, 'BONUS_MAX_BET']);
    expect((await bet(100)).body.code).toBe('BONUS_MAX_BET');
    expect(await staked(roundId)).toBe(10_000);
    // A new round starts from nothing.
    expect((await studio.call('bet', { sessionId, roundId: id('r'), transactionId: id('b'), amountOre: 10_000 })).status).toBe(200);

    // Without a bonus, a round's stakes are held to the table's own limits only.
    const free = await seated(30_000, studio, 'blackjack-vegas');
    const freeRound = id('r');
    for (const amountOre of [10_000, 10_000, 5_000])
      expect((await studio.call('bet', { sessionId: free.sessionId, roundId: freeRound, transactionId: id('b'), amountOre })).status).toBe(
        200,
      );
    expect(await staked(freeRound)).toBe(25_000);
    await expectLedgerSound();
  });
});

describe('a whole round in one call (betAndWin)', () => {
  const round = (sessionId: string, amountOre: number, winAmountOre: number, endRound = true) => ({
    sessionId,
    roundId: id('r'),
    transactionId: id('b'),
    amountOre,
    winTransactionId: id('w'),
    winAmountOre,
    endRound,
  });
  const roundRow = async (roundId: string) =>
    (await platform.database.db.select().from(gameRounds).where(eq(gameRounds.roundId, roundId)))[0];

  it('takes the stake and pays the win in one go, ends the round, answers a repeat as the first time and refuses either id reused', async () => {
    const { player, sessionId } = await seated(10_000);
    const call = round(sessionId, 2_000, 5_000);
    const first = await studio.call('betAndWin', call);
    expect(first).toMatchObject({
      status: 200,
      body: { data: { balanceOre: 13_000, cashOre: 13_000, bonusOre: 0, roundEnded: true, winTransactionId: call.winTransactionId } },
    });
    expect(first.body.data!.ledgerTransferId).toEqual(expect.any(String));
    expect(first.body.data!.winLedgerTransferId).toEqual(expect.any(String));
    expect(await studio.call('betAndWin', call)).toEqual(first);
    expect(await cash(player.id)).toBe(13_000);
    expect(await roundRow(call.roundId)).toMatchObject({ stakedOre: 2_000, wonOre: 5_000, hasWin: true, balanceAfterOre: 13_000 });
    // Two transfers, bet then win, each entry of the player's with the balance after it (the statement shows them).
    const entries = await rowsOf<{ kind: string; amount_ore: string; balance_after_ore: string | null }>(
      sql`select t.kind, e.amount_ore, e.balance_after_ore from wallet_entries e join wallet_transfers t on t.id = e.transfer_id
          where t.id in (${first.body.data!.ledgerTransferId as string}, ${first.body.data!.winLedgerTransferId as string})
            and e.balance_after_ore is not null order by e.balance_after_ore`,
      platform.database.db,
    );
    expect(entries.map((row) => [row.kind, Number(row.amount_ore), Number(row.balance_after_ore)])).toEqual([
      ['bet', -2_000, 8_000],
      ['win', 5_000, 13_000],
    ]);
    expect((await roundRow(call.roundId))!.endedAt).not.toBeNull();
    // The same ids for anything else: refused, nothing moves.
    expect((await studio.call('betAndWin', { ...call, winAmountOre: 6_000 })).body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const { roundId, sessionId: s, winTransactionId } = call;
    expect((await studio.call('win', { sessionId: s, roundId, transactionId: winTransactionId, amountOre: 5_000 })).body.code).toBe(
      'IDEMPOTENCY_KEY_REUSED',
    );
    expect((await studio.call('betAndWin', { ...round(sessionId, 100, 0), transactionId: call.transactionId })).status).toBe(409);
    expect((await studio.call('betAndWin', { ...round(sessionId, 100, 0), winTransactionId })).status).toBe(409);
    // The round has ended: no bet joins it.
    expect((await studio.call('bet', { sessionId, roundId, transactionId: id('b'), amountOre: 100 })).body.code).toBe('GAME_ROUND_ENDED');
    expect((await studio.call('betAndWin', { ...call, transactionId: id('b'), winTransactionId: id('w') })).body.code).toBe(
      'GAME_ROUND_ENDED',
    );
    // Its bet cannot be rolled back after its win.
    const rollback = { sessionId, roundId, transactionId: id('rb'), referenceTransactionId: call.transactionId };
    expect((await studio.call('rollback', rollback)).body.code).toBe('GAME_ROLLBACK_ROUND_SETTLED');
    expect(await cash(player.id)).toBe(13_000);
    await expectLedgerSound();
  });

  it('records a win of 0 with no transfer, leaves the round open when asked, and refuses a rollback of a lost round: it stands as drawn', async () => {
    const { player, sessionId } = await seated(10_000);
    const open = round(sessionId, 1_000, 0, false);
    const answer = await studio.call('betAndWin', open);
    expect(answer.body.data).toMatchObject({ balanceOre: 9_000, winLedgerTransferId: null, roundEnded: false });
    expect((await roundRow(open.roundId))!.endedAt).toBeNull();
    // Open: another win may join it (a free-spins win paid apart), then its end.
    const later = { sessionId, roundId: open.roundId, transactionId: id('w'), amountOre: 300 };
    expect((await studio.call('win', later)).body.data).toMatchObject({ balanceOre: 9_300 });
    expect((await studio.call('endRound', { sessionId, roundId: open.roundId })).status).toBe(200);

    // A provider that never heard the answer tries to roll the round's bet back: a round that landed
    // whole (its outcome drawn before the stake) is settled as drawn, win or no win. Refused, nothing moves.
    const lost = round(sessionId, 2_000, 0);
    await studio.call('betAndWin', lost);
    expect(await cash(player.id)).toBe(7_300);
    const transfersBefore = await transferCount();
    const back = await studio.call('rollback', {
      sessionId,
      roundId: lost.roundId,
      transactionId: id('rb'),
      referenceTransactionId: lost.transactionId,
    });
    expect(back).toMatchObject({ status: 409, body: { code: 'GAME_ROLLBACK_ROUND_SETTLED' } });
    expect(await cash(player.id)).toBe(7_300);
    expect(await transferCount()).toBe(transfersBefore);
    expect(await roundRow(lost.roundId)).toMatchObject({ stakedOre: 2_000, wonOre: 0 });
    // The round's call sent again answers as the first time (idempotent); no money moves.
    expect((await studio.call('betAndWin', lost)).status).toBe(200);
    expect(await cash(player.id)).toBe(7_300);
    await expectLedgerSound();
  });

  it('after a timeout: a rollback of a round never seen bars the round arriving late, and nothing moves', async () => {
    const { player, sessionId } = await seated(10_000);
    const late = round(sessionId, 3_000, 9_000);
    const rolled = await studio.call('rollback', {
      sessionId,
      roundId: late.roundId,
      transactionId: id('rb'),
      referenceTransactionId: late.transactionId,
    });
    expect(rolled.body.data).toMatchObject({ ledgerTransferId: null, balanceOre: 10_000 });
    expect((await studio.call('betAndWin', late)).body.code).toBe('GAME_TRANSACTION_ROLLED_BACK');
    expect(await cash(player.id)).toBe(10_000);
    expect((await roundRow(late.roundId))!.wonOre).toBe(0);
    await expectLedgerSound();
  });

  it('refuses as a bet is refused (funds with the balance, stake steps, ended or unknown session, a locked player), moving and keeping nothing', async () => {
    const { player, sessionId } = await seated(1_234);
    const poor = round(sessionId, 1_500, 50_000);
    expect(await studio.call('betAndWin', poor)).toMatchObject({ status: 409, body: { code: 'INSUFFICIENT_FUNDS', balanceOre: 1_234 } });
    expect((await studio.call('betAndWin', round(sessionId, 123, 0))).body.code).toBe('GAME_STAKE_NOT_ALLOWED');
    expect((await studio.call('betAndWin', round(randomUUID(), 100, 0))).body.code).toBe('GAME_SESSION_NOT_FOUND');
    expect((await studio.call('betAndWin', { ...round(sessionId, 100, 0), winAmountOre: -1 })).status).toBe(400);
    const same = id('b');
    expect((await studio.call('betAndWin', { ...round(sessionId, 100, 0), transactionId: same, winTransactionId: same })).status).toBe(400);
    await platform.database.db.update(players).set({ status: 'game_locked' }).where(eq(players.id, player.id));
    expect((await studio.call('betAndWin', round(sessionId, 100, 50))).body.code).toBe('GAME_ACCOUNT_LOCKED');
    expect((await studio.call('betAndWin', round(sessionId, 100, 50))).body.code).toBe('GAME_SESSION_ENDED');
    expect(await cash(player.id)).toBe(1_234);
    expect((await roundRow(poor.roundId)) ?? null).toBeNull();
    const kept = await platform.database.db.select().from(gameTransactions).where(eq(gameTransactions.sessionId, sessionId));
    expect(kept).toEqual([]);
    await expectLedgerSound();
  });

  it('splits a stake with the bonus balance and pays the win in the stake’s shares, as bet then win would', async () => {
    const { player, sessionId } = await seated(5_000);
    await grantWelcomeBonus(player.id, 50_000);
    expect((await studio.call('betAndWin', round(sessionId, 20_000, 0))).body.code).toBe('BONUS_MAX_BET');
    const answer = await studio.call('betAndWin', round(sessionId, 8_000, 1_001));
    expect(answer.body.data).toMatchObject({ cashOre: 626, bonusOre: 47_375, balanceOre: 48_001 });
    await expectLedgerSound();
  });
});

describe('rollbacks', () => {
  it('gives a bet back as it was taken, once, whatever repeats or other rollback ids follow', async () => {
    const { player, sessionId } = await seated(10_000);
    const roundId = id('r');
    const betId = id('b');
    await studio.call('bet', { sessionId, roundId, transactionId: betId, amountOre: 4_000 });
    const rollback = { sessionId, roundId, transactionId: id('rb'), referenceTransactionId: betId };
    const first = await studio.call('rollback', rollback);
    expect(first.body.data).toMatchObject({ balanceOre: 10_000 });
    expect(await studio.call('rollback', rollback)).toEqual(first);
    const another = await studio.call('rollback', { ...rollback, transactionId: id('rb') });
    expect(another.body.data).toMatchObject({ balanceOre: 10_000, ledgerTransferId: null });
    expect(await cash(player.id)).toBe(10_000);
    // The wallet's reports count a rolled-back bet as reversed.
    expect((await wallet().betWinSummary(player.id)).totalStake).toBe(0);
    await expectLedgerSound();
  });

  it('after a timeout: a rollback of a bet never seen leaves a marker, and the bet arriving late is refused', async () => {
    const { player, sessionId } = await seated(10_000);
    const roundId = id('r');
    const betId = id('b');
    const rolled = await studio.call('rollback', { sessionId, roundId, transactionId: id('rb'), referenceTransactionId: betId });
    expect(rolled).toMatchObject({ status: 200, body: { data: { ledgerTransferId: null, balanceOre: 10_000 } } });
    const late = await studio.call('bet', { sessionId, roundId, transactionId: betId, amountOre: 3_000 });
    expect(late).toMatchObject({ status: 409, body: { code: 'GAME_TRANSACTION_ROLLED_BACK' } });
    // Nothing stands in the round, so nothing can be won in it; a rollback cannot name itself.
    expect((await studio.call('win', { sessionId, roundId, transactionId: id('w'), amountOre: 5_000 })).body.code).toBe(
      'GAME_ROUND_NOT_FOUND',
    );
    const self = id('rb');
    expect((await studio.call('rollback', { sessionId, roundId, transactionId: self, referenceTransactionId: self })).status).toBe(400);
    expect(await cash(player.id)).toBe(10_000);
    expect((await studio.call('endRound', { sessionId, roundId })).status).toBe(200);
  });

  it('refuses a rollback after the round’s win, and a rollback of a win', async () => {
    const { player, sessionId } = await seated(10_000);
    const roundId = id('r');
    const betId = id('b');
    const winId = id('w');
    await studio.call('bet', { sessionId, roundId, transactionId: betId, amountOre: 1_000 });
    await studio.call('win', { sessionId, roundId, transactionId: winId, amountOre: 2_500 });
    const refused = await studio.call('rollback', { sessionId, roundId, transactionId: id('rb'), referenceTransactionId: betId });
    expect(refused).toMatchObject({ status: 409, body: { code: 'GAME_ROLLBACK_ROUND_SETTLED' } });
    const ofWin = await studio.call('rollback', { sessionId, roundId, transactionId: id('rb'), referenceTransactionId: winId });
    expect(ofWin.body.code).toBe('GAME_ROLLBACK_NOT_A_BET');
    expect(await cash(player.id)).toBe(11_500);
  });

  it('reordered: a win for a round with no bet is refused; the bet then the win in order go through', async () => {
    const { sessionId } = await seated(10_000);
    const roundId = id('r');
    expect((await studio.call('win', { sessionId, roundId, transactionId: id('w'), amountOre: 900 })).body.code).toBe(
      'GAME_ROUND_NOT_FOUND',
    );
    expect((await studio.call('bet', { sessionId, roundId, transactionId: id('b'), amountOre: 300 })).status).toBe(200);
    expect((await studio.call('win', { sessionId, roundId, transactionId: id('w'), amountOre: 900 })).status).toBe(200);
  });
});

describe('a provider’s credentials cannot mint money', () => {
  it('moves money only between its own sessions’ players and its own games account, never out of nothing', async () => {
    const mine = await seated(10_000, studio);
    const theirs = await seated(10_000, other);
    const before = { mine: await cash(mine.player.id), theirs: await cash(theirs.player.id) };
    const roundId = id('r');
    // Another provider's session, named with the studio's credentials: unknown to it.
    for (const operation of ['bet', 'win'] as const)
      expect(
        (await studio.call(operation, { sessionId: theirs.sessionId, roundId, transactionId: id('x'), amountOre: 5_000 })).body.code,
      ).toBe('GAME_SESSION_NOT_FOUND');
    expect((await studio.call('balance', { sessionId: theirs.sessionId })).body.code).toBe('GAME_SESSION_NOT_FOUND');
    const theirRound = { sessionId: theirs.sessionId, roundId, transactionId: id('x'), amountOre: 100, winTransactionId: id('x') };
    expect((await studio.call('betAndWin', { ...theirRound, winAmountOre: 5_000, endRound: true })).body.code).toBe(
      'GAME_SESSION_NOT_FOUND',
    );
    // A win with no bet of this session's round, and fields naming accounts or players, get nowhere.
    expect(
      (await studio.call('win', { sessionId: mine.sessionId, roundId: id('r'), transactionId: id('x'), amountOre: 1_000_000 })).status,
    ).toBe(404);
    const sneaky = await studio.call('bet', {
      sessionId: mine.sessionId,
      roundId,
      transactionId: id('x'),
      amountOre: 100,
      playerId: theirs.player.id,
      accountId: randomUUID(),
      kind: 'deposit',
    });
    expect(sneaky.status).toBe(200);
    // A round of one session cannot be used from another session, nor a bet of it rolled back there.
    const mine2 = await seated(10_000, studio);
    expect((await studio.call('bet', { sessionId: mine2.sessionId, roundId, transactionId: id('x'), amountOre: 100 })).body.code).toBe(
      'GAME_ROUND_CONFLICT',
    );
    // The ledger has no door of its own that a provider's secret could open: game money moves only here.
    const door = await platform.publicApp.inject({
      method: 'POST',
      url: '/Wallet/transfers',
      headers: { 'x-api-key': STUDIO_SECRET },
      payload: { idempotencyKey: id('k'), kind: 'win', entries: [] },
    });
    expect(door.statusCode).toBe(404);
    expect(await cash(mine.player.id)).toBe(before.mine - 100);
    expect(await cash(theirs.player.id)).toBe(before.theirs);

    // Every transfer the studio's calls made touches only its own games account and its sessions' players.
    const touched = await rowsOf<{ kind: string; player_id: string | null }>(
      sql`select distinct a.kind, a.player_id from wallet_entries e
          join wallet_accounts a on a.id = e.account_id
          join wallet_transfers t on t.id = e.transfer_id
          where t.idempotency_key like 'game:krone-studio:%'`,
      platform.database.db,
    );
    const studioPlayers = await rowsOf<{ player_id: string }>(
      sql`select distinct player_id from game_sessions where provider_id = 'krone-studio'`,
      platform.database.db,
    );
    for (const row of touched) {
      if (row.player_id === null) expect(row.kind).toBe('provider:krone-studio:games');
      else expect(studioPlayers.map((p) => p.player_id)).toContain(row.player_id);
    }
    const kinds = await rowsOf<{ kind: string }>(
      sql`select distinct kind from wallet_transfers where idempotency_key like 'game:%'`,
      platform.database.db,
    );
    expect(kinds.map((k) => k.kind).every((kind) => ['bet', 'win', 'rollback'].includes(kind))).toBe(true);
    await expectLedgerSound();
  });
});

describe('at once (truly concurrent on PostgreSQL)', () => {
  it('moves a bet sent five times at once once, never overdraws on racing bets, and never lets a bet race past its rollback', async () => {
    const { player, sessionId } = await seated(10_000);
    const roundId = id('r');
    const bet = { sessionId, roundId, transactionId: id('b'), amountOre: 1_000 };
    const copies = await Promise.all(Array.from({ length: 5 }, () => studio.call('bet', bet)));
    expect(new Set(copies.map((copy) => JSON.stringify(copy)))).toEqual(new Set([JSON.stringify(copies[0])]));
    expect(await cash(player.id)).toBe(9_000);
    // A whole round sent five times at once: one stake, one win.
    const whole = { ...bet, roundId: id('r'), transactionId: id('b'), winTransactionId: id('w'), winAmountOre: 400, endRound: true };
    const wholes = await Promise.all(Array.from({ length: 5 }, () => studio.call('betAndWin', whole)));
    expect(new Set(wholes.map((copy) => JSON.stringify(copy)))).toEqual(new Set([JSON.stringify(wholes[0])]));
    expect(await cash(player.id)).toBe(8_400);
    const rolled = await studio.call('rollback', {
      sessionId,
      roundId: whole.roundId,
      transactionId: id('rb'),
      referenceTransactionId: whole.transactionId,
    });
    expect(rolled.body.code).toBe('GAME_ROLLBACK_ROUND_SETTLED');
    expect(await cash(player.id)).toBe(8_400);

    // Fourteen stakes of 700 racing on 8,400, bets and whole rounds winning 0 in turn, each its own round: exactly twelve land.
    const racing = await Promise.all(
      Array.from({ length: 14 }, (_, i) =>
        i % 2 === 0
          ? studio.call('bet', { sessionId, roundId: id('r'), transactionId: id('b'), amountOre: 700 })
          : studio.call('betAndWin', {
              ...whole,
              roundId: id('r'),
              transactionId: id('b'),
              winTransactionId: id('w'),
              amountOre: 700,
              winAmountOre: 0,
            }),
      ),
    );
    expect(racing.filter((answer) => answer.status === 200)).toHaveLength(12);
    expect(racing.filter((answer) => answer.body.code === 'INSUFFICIENT_FUNDS')).toHaveLength(2);
    expect(await cash(player.id)).toBe(0);

    // A rollback and its bet racing: either the bet lands and is rolled back, or it is barred.
    const { player: other, sessionId: otherSession } = await seated(5_000);
    for (let i = 0; i < 5; i++) {
      const race = id('r');
      const betId = id('b');
      await Promise.all([
        studio.call('bet', { sessionId: otherSession, roundId: race, transactionId: betId, amountOre: 700 }),
        studio.call('rollback', { sessionId: otherSession, roundId: race, transactionId: id('rb'), referenceTransactionId: betId }),
      ]);
      // Whichever came first, the rollback stands: a late copy of the bet is refused or answers a rolled-back bet.
      await studio.call('rollback', { sessionId: otherSession, roundId: race, transactionId: id('rb'), referenceTransactionId: betId });
      expect(await cash(other.id)).toBe(5_000);
    }
    await expectLedgerSound();
  });
});

describe('a burst of random play', () => {
  it('keeps the ledger at zero, no balance negative, and every round’s money in the ledger exactly once', async () => {
    const seed = Number(process.env.GAMES_BURST_SEED ?? 20261124);
    const random = seededRandom(seed); // a failing burst replays from its seed
    const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]!;
    const seats = [await seated(20_000), await seated(5_000), await seated(500), await seated(20_000, other)];
    const providerOf = (seat: (typeof seats)[number]) => (seat === seats[3] ? other : studio);
    type Sent = {
      provider: GameProviderClient;
      operation: 'bet' | 'win' | 'betAndWin' | 'rollback' | 'endRound';
      payload: Record<string, unknown>;
    };
    const sent: Sent[] = [];
    const tally = new Map<string, number>();
    const rounds: { seat: (typeof seats)[number]; roundId: string; bets: string[] }[] = [];
    for (let step = 0; step < 400; step++) {
      const roll = random();
      let call: Sent;
      if (roll < 0.15 && sent.length > 0) {
        call = pick(sent); // a duplicate, possibly long after (reordering)
      } else {
        const seat = pick(seats);
        let round = rounds.filter((r) => r.seat === seat).at(-1);
        if (!round || random() < 0.3) {
          round = { seat, roundId: id('r'), bets: [] };
          rounds.push(round);
        }
        const base = { sessionId: seat.sessionId, roundId: round.roundId };
        const what = random();
        if (what < 0.45) {
          const transactionId = id('b');
          round.bets.push(transactionId);
          call = {
            provider: providerOf(seat),
            operation: 'bet',
            payload: { ...base, transactionId, amountOre: pick(STEPS.filter((step) => step <= 3_000)) },
          };
        } else if (what < 0.75) {
          call = {
            provider: providerOf(seat),
            operation: 'win',
            payload: { ...base, transactionId: id('w'), amountOre: Math.floor(random() * 6_000) },
          };
        } else if (what < 0.92) {
          // A rollback of a bet of the round, or of one never sent (a timeout), which may then arrive.
          const referenceTransactionId = round.bets.length > 0 && random() < 0.7 ? pick(round.bets) : id('b');
          call = {
            provider: providerOf(seat),
            operation: 'rollback',
            payload: { ...base, transactionId: id('rb'), referenceTransactionId },
          };
          if (!round.bets.includes(referenceTransactionId) && random() < 0.5)
            sent.push({
              provider: providerOf(seat),
              operation: 'bet',
              payload: { ...base, transactionId: referenceTransactionId, amountOre: 250 },
            });
        } else if (what < 0.97) {
          // A whole round in one call, in a round of its own (new or, refused, one already open).
          const transactionId = id('b');
          round.bets.push(transactionId);
          call = {
            provider: providerOf(seat),
            operation: 'betAndWin',
            payload: {
              ...base,
              transactionId,
              amountOre: pick(STEPS.filter((step) => step <= 3_000)),
              winTransactionId: id('w'),
              winAmountOre: random() < 0.5 ? 0 : Math.floor(random() * 6_000),
              endRound: random() < 0.8,
            },
          };
        } else {
          call = { provider: providerOf(seat), operation: 'endRound', payload: base };
        }
        sent.push(call);
      }
      const answer = await call.provider.call(call.operation, call.payload);
      expect([200, 404, 409, 403], JSON.stringify({ seed, step, call, answer })).toContain(answer.status);
      const outcome = `${call.operation}:${answer.body.code ?? 'ok'}`;
      tally.set(outcome, (tally.get(outcome) ?? 0) + 1);
    }
    // The burst went through the cases it is meant to: late bets, overdrafts, rollbacks after wins.
    for (const outcome of [
      'bet:ok',
      'win:ok',
      'betAndWin:ok',
      'rollback:ok',
      'endRound:ok',
      'bet:INSUFFICIENT_FUNDS',
      'bet:GAME_TRANSACTION_ROLLED_BACK',
    ])
      expect(tally.get(outcome) ?? 0, `${outcome} in ${JSON.stringify([...tally])}`).toBeGreaterThan(0);
    // The invariants checker (invariants/README.md), which the chaos bench runs too: the ledger
    // sound, and every transaction that moved money has exactly one ledger transfer under its key,
    // each round's net in the ledger its bets (not rolled back) less its wins.
    const invariants = await checkInvariants(platform.database.db, { now });
    expect(invariants.filter((invariant) => !invariant.ok)).toEqual([]);
    const [{ played }] = (await platform.database.db
      .select({ played: sql<number>`count(*)::int` })
      .from(gameTransactions)
      .where(and(eq(gameTransactions.kind, 'bet'), eq(gameTransactions.status, 'done')))) as [{ played: number }];
    expect(played).toBeGreaterThan(50);
  }, 120_000);
});
