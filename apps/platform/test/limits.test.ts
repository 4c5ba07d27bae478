import type { Sims } from '@krone/sims';
import { TEST_CARDS } from '@krone/sims/cards';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildPlatform } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { accountExclusions, depositLimits } from '../src/limits/schema.js';
import { foldPeriod } from '../src/limits/service.js';
import { createSessionStore } from '../src/players/sessions.js';
import { createWalletService } from '../src/wallet/service.js';
import { createLoggedInPlayer, stakeRulesOf, startPlatformWithCards, type TestPlatform } from './harness.js';

const web = 'http://127.0.0.1:3000';
const HOUR = 3_600_000;
let sims: Sims;
let platform: TestPlatform;

beforeAll(async () => {
  ({ sims, platform } = await startPlatformWithCards());
});
afterAll(async () => {
  await platform.close();
  await sims.close();
});
afterEach(() => platform.setNow(undefined));

interface Overview {
  status: 'active' | 'paused' | 'closed';
  pausedUntil: string | null;
  closedAt: string | null;
  limits: {
    period: string;
    amountOre: number | null;
    usedOre: number;
    remainingOre: number | null;
    lookBackDays: number;
    pending: { amountOre: number | null; effectiveAt: string } | null;
  }[];
}
type Answer<T> = { status: number; body: { result: number; code?: string; message?: string; data?: T } };

async function call<T = Overview>(method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown): Promise<Answer<T>> {
  const response = await platform.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as never }) });
  return { status: response.statusCode, body: response.json() };
}
const overview = (token: string) => call('GET', `/Limits/${token}`);
const setLimit = (token: string, period: string, amountOre: unknown) =>
  call<{ change: { amountOre: number; effectiveAt: string; immediate: boolean }; overview: Overview }>(
    'PUT',
    `/Limits/${token}/deposit/${period}`,
    { amountOre },
  );
const removeLimit = (token: string, period: string) =>
  call<{ change: { effectiveAt: string; immediate: boolean }; overview: Overview }>('DELETE', `/Limits/${token}/deposit/${period}`);
const limitOf = (view: Overview | undefined, period: string) => view!.limits.find((limit) => limit.period === period)!;

/** A fresh session for a player at a moved time (sessions expire when the clock jumps a day). */
async function sessionAt(playerId: string, at: Date) {
  return (await createSessionStore(platform.database.db, () => at, { idleMs: HOUR, absoluteMs: HOUR }).create(playerId, 'mitid')).token;
}

async function deposit(token: string, amountOre = 25_000) {
  const tokenised = await fetch(`${sims.url}/cards/v1/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: web },
    body: JSON.stringify({
      number: TEST_CARDS.success,
      holder: 'Test Spiller',
      expiryMonth: 12,
      expiryYear: new Date().getUTCFullYear() + 1,
      cvv: '123',
    }),
  });
  const card = ((await tokenised.json()) as { token: string }).token;
  return call<{ status: string }>('POST', `/Payments/deposits/card/${token}`, {
    token: card,
    amountOre,
    returnUrl: `${web}/min-konto/overfoer`,
  });
}

async function bet(playerId: string, amountOre = 1_000, options: { idempotencyKey?: string; bonusOre?: number } = {}) {
  const entries: Parameters<ReturnType<typeof stakeRulesOf>>[0]['entries'] = [
    { account: { playerId, kind: 'player_cash' }, amountOre: -amountOre },
  ];
  // A stake taken from both the cash and the bonus account: the ledger's multi-statement path.
  if (options.bonusOre) entries.push({ account: { playerId, kind: 'player_bonus' }, amountOre: -options.bonusOre });
  entries.push({ account: { system: 'house' }, amountOre: amountOre + (options.bonusOre ?? 0) });
  // The wallet's stake rules, as the games contract applies them (games/README.md): game money has no other door.
  return stakeRulesOf(platform)({ idempotencyKey: options.idempotencyKey ?? `bet-${playerId}-${Math.random()}`, kind: 'bet', entries });
}

/** Money into a player's account from the house's side: a win (house) or a bonus grant (bonus cost), through the ledger in-process. */
function credit(kind: 'win' | 'bonus_grant', playerId: string, account: 'player_cash' | 'player_bonus', amountOre: number) {
  return stakeRulesOf(platform)({
    idempotencyKey: `${kind}-${playerId}-${Math.random()}`,
    kind,
    entries: [
      { account: { system: kind === 'win' ? 'house' : 'bonus_cost' }, amountOre: -amountOre },
      { account: { playerId, kind: account }, amountOre },
    ],
  });
}

const cash = async (playerId: string) =>
  (await createWalletService(platform.database.db, () => new Date()).playerBalances(playerId)).player_cash;
const limitRows = async (playerId: string) => platform.database.db.select().from(depositLimits).where(eq(depositLimits.playerId, playerId));

describe('deposit limits', () => {
  it('applies a decrease at once and an increase only 24 hours later, showing when', async () => {
    const p = await createLoggedInPlayer(platform, { monthlyLimitOre: 100_000 });
    const lowered = await setLimit(p.token, 'month', 50_000);
    expect(lowered.body.data!.change.immediate).toBe(true);
    expect(limitOf(lowered.body.data!.overview, 'month')).toMatchObject({ amountOre: 50_000, pending: null, lookBackDays: 30 });

    // The lower limit holds at once: a deposit above it is refused.
    expect((await deposit(p.token, 60_000)).body.code).toBe('DEPOSIT_LIMIT_EXCEEDED');
    expect((await deposit(p.token, 20_000)).status).toBe(200);
    expect(limitOf((await overview(p.token)).body.data, 'month')).toMatchObject({ usedOre: 20_000, remainingOre: 30_000 });

    const start = Date.now();
    const raised = await setLimit(p.token, 'month', 200_000);
    expect(raised.body.data!.change.immediate).toBe(false);
    const effectiveAt = new Date(raised.body.data!.change.effectiveAt).getTime();
    expect(effectiveAt - start).toBeGreaterThanOrEqual(24 * HOUR - 1_000);
    expect(effectiveAt - start).toBeLessThanOrEqual(24 * HOUR + 5_000);
    expect(limitOf(raised.body.data!.overview, 'month')).toMatchObject({ amountOre: 50_000, pending: { amountOre: 200_000 } });
    expect((await deposit(p.token, 40_000)).body.code).toBe('DEPOSIT_LIMIT_EXCEEDED');

    // A minute before: still the old limit. After 24 hours: the new one, nothing pending.
    platform.setNow(new Date(effectiveAt - 60_000));
    const before = await sessionAt(p.id, new Date(effectiveAt - 60_000));
    expect(limitOf((await overview(before)).body.data, 'month')).toMatchObject({ amountOre: 50_000 });
    platform.setNow(new Date(effectiveAt + 1_000));
    const later = await sessionAt(p.id, new Date(effectiveAt + 1_000));
    expect(limitOf((await overview(later)).body.data, 'month')).toMatchObject({ amountOre: 200_000, pending: null, remainingOre: 180_000 });
    expect((await deposit(later, 40_000)).status).toBe(200);
    expect(await cash(p.id)).toBe(60_000);
  });

  it('replaces a waiting increase with a newer change, so it never applies', async () => {
    const p = await createLoggedInPlayer(platform, { monthlyLimitOre: 100_000 });
    const first = await setLimit(p.token, 'month', 300_000);
    const firstAt = new Date(first.body.data!.change.effectiveAt).getTime();
    // A second raise replaces the first and starts its own 24 hours.
    platform.setNow(new Date(Date.now() + 2 * HOUR));
    const second = await setLimit(await sessionAt(p.id, new Date(Date.now() + 2 * HOUR)), 'month', 250_000);
    expect(limitOf(second.body.data!.overview, 'month')).toMatchObject({ amountOre: 100_000, pending: { amountOre: 250_000 } });
    platform.setNow(new Date(firstAt + 60_000));
    expect(limitOf((await overview(await sessionAt(p.id, new Date(firstAt + 60_000)))).body.data, 'month')).toMatchObject({
      amountOre: 100_000,
      pending: { amountOre: 250_000 },
    });

    // A decrease while a raise waits applies at once and cancels the raise.
    const now = new Date(firstAt + 2 * 60_000);
    platform.setNow(now);
    const token = await sessionAt(p.id, now);
    const lowered = await setLimit(token, 'month', 80_000);
    expect(limitOf(lowered.body.data!.overview, 'month')).toMatchObject({ amountOre: 80_000, pending: null });
    platform.setNow(new Date(now.getTime() + 48 * HOUR));
    expect(limitOf((await overview(await sessionAt(p.id, new Date(now.getTime() + 48 * HOUR)))).body.data, 'month')).toMatchObject({
      amountOre: 80_000,
      pending: null,
    });
  });

  it('sets a first limit for another period at once, removes one only after 24 hours, and never the last', async () => {
    const p = await createLoggedInPlayer(platform, { monthlyLimitOre: 100_000 });
    expect((await removeLimit(p.token, 'month')).body).toMatchObject({
      code: 'LAST_LIMIT',
      message: expect.stringContaining('mindst én indbetalingsgrænse'),
    });
    expect((await removeLimit(p.token, 'day')).body.code).toBe('LIMIT_NOT_SET');

    const daily = await setLimit(p.token, 'day', 500_000);
    expect(daily.body.data!.change.immediate).toBe(true);
    expect(limitOf(daily.body.data!.overview, 'day')).toMatchObject({ amountOre: 500_000, remainingOre: 500_000, lookBackDays: 1 });

    const removal = await removeLimit(p.token, 'month');
    expect(removal.status).toBe(200);
    expect(limitOf(removal.body.data!.overview, 'month')).toMatchObject({ amountOre: 100_000, pending: { amountOre: null } });
    // The day limit is now the only one that will remain: it cannot go too.
    expect((await removeLimit(p.token, 'day')).body.code).toBe('LAST_LIMIT');

    const at = new Date(new Date(removal.body.data!.change.effectiveAt).getTime() + 1_000);
    platform.setNow(at);
    const view = (await overview(await sessionAt(p.id, at))).body.data!;
    expect(limitOf(view, 'month')).toMatchObject({ amountOre: null, remainingOre: null, pending: null });
    expect(limitOf(view, 'day')).toMatchObject({ amountOre: 500_000 });
  });

  it('keeps a limit even when two removals race', async () => {
    const p = await createLoggedInPlayer(platform, { monthlyLimitOre: 100_000 });
    await setLimit(p.token, 'day', 50_000);
    const answers = await Promise.all([removeLimit(p.token, 'day'), removeLimit(p.token, 'month')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const at = new Date(Date.now() + 25 * HOUR);
    platform.setNow(at);
    const view = (await overview(await sessionAt(p.id, at))).body.data!;
    expect(view.limits.filter((limit) => limit.amountOre !== null)).toHaveLength(1);
  });

  it('keeps a yearly limit over a rolling 365 days beside the month’s 30 (issue 28)', async () => {
    const start = new Date();
    const p = await createLoggedInPlayer(platform, { monthlyLimitOre: 100_000 });
    // A new period's limit applies at once.
    const yearly = await setLimit(p.token, 'year', 60_000);
    expect(yearly.status, JSON.stringify(yearly.body)).toBe(200);
    expect(yearly.body.data!.change.immediate).toBe(true);
    expect(limitOf(yearly.body.data!.overview, 'year')).toMatchObject({ amountOre: 60_000, usedOre: 0, lookBackDays: 365 });
    expect((await deposit(p.token, 25_000)).body.data).toMatchObject({ status: 'succeeded' });

    // 200 days on: the month has forgotten the deposit, the year has not.
    const later = new Date(start.getTime() + 200 * 24 * HOUR);
    platform.setNow(later);
    const token = await sessionAt(p.id, later);
    const view = (await overview(token)).body.data!;
    expect(limitOf(view, 'month')).toMatchObject({ usedOre: 0, remainingOre: 100_000 });
    expect(limitOf(view, 'year')).toMatchObject({ usedOre: 25_000, remainingOre: 35_000 });
    const over = await deposit(token, 40_000);
    expect(over.body.code).toBe('DEPOSIT_LIMIT_EXCEEDED');
    expect((await deposit(token, 35_000)).body.data).toMatchObject({ status: 'succeeded' });
    expect(limitOf((await overview(token)).body.data, 'year')).toMatchObject({ usedOre: 60_000, remainingOre: 0 });

    // 366 days after the first deposit, it has left the year; the second has not.
    const yearOn = new Date(start.getTime() + 366 * 24 * HOUR);
    platform.setNow(yearOn);
    expect(limitOf((await overview(await sessionAt(p.id, yearOn))).body.data, 'year')).toMatchObject({
      usedOre: 35_000,
      remainingOre: 25_000,
    });
  });

  it('refuses bad amounts and unknown periods, writing nothing', async () => {
    const p = await createLoggedInPlayer(platform, { monthlyLimitOre: 100_000 });
    for (const amountOre of ['50000', -100, 0, 99, 1234.5, 1e12, 2 ** 53, null, true]) {
      const answer = await setLimit(p.token, 'week', amountOre);
      expect(answer.status, String(amountOre)).toBe(400);
      expect(answer.body).toMatchObject({
        result: 0,
        code: 'INVALID_INPUT',
        message: 'Nogle af oplysningerne er ikke gyldige. Tjek felterne, og prøv igen.',
      });
    }
    expect((await setLimit(p.token, 'decade', 50_000)).status).toBe(400);
    expect((await call('PUT', `/Limits/${p.token}/deposit/week`, {})).status).toBe(400);
    expect(await limitRows(p.id)).toHaveLength(1);
  });

  it('answers only for the session’s own player', async () => {
    const a = await createLoggedInPlayer(platform, { monthlyLimitOre: 100_000 });
    const b = await createLoggedInPlayer(platform, { monthlyLimitOre: 400_000 });
    await setLimit(b.token, 'month', 10_000);
    expect(limitOf((await overview(a.token)).body.data, 'month').amountOre).toBe(100_000);
    expect(limitOf((await overview(b.token)).body.data, 'month').amountOre).toBe(10_000);
    for (const [method, url, payload] of [
      ['GET', '/Limits/not-a-session', undefined],
      ['PUT', '/Limits/not-a-session/deposit/month', { amountOre: 50_000 }],
      ['DELETE', '/Limits/not-a-session/deposit/month', undefined],
      ['POST', '/Limits/not-a-session/pause', { duration: '24h' }],
      ['POST', '/Limits/not-a-session/closure', { confirm: true }],
    ] as const) {
      expect((await call(method, url, payload)).status, `${method} ${url}`).toBe(401);
    }
    expect(await limitRows(a.id)).toHaveLength(1);
  });

  it('asks a player without a limit to set one before the first deposit', async () => {
    const p = await createLoggedInPlayer(platform);
    expect((await deposit(p.token)).body).toMatchObject({
      code: 'DEPOSIT_LIMIT_REQUIRED',
      message: expect.stringContaining('Begrænsninger'),
    });
    expect((await overview(p.token)).body.data!.limits.every((limit) => limit.amountOre === null)).toBe(true);
    // The first limit ever applies at once.
    expect((await setLimit(p.token, 'week', 100_000)).body.data!.change.immediate).toBe(true);
    expect((await deposit(p.token)).body.data?.status).toBe('succeeded');
  });
});

describe('pause and closure', () => {
  it('the ledger refuses every stake of a paused player in the statement that would move it, but answers a retried one', async () => {
    const p = await createLoggedInPlayer(platform, { monthlyLimitOre: 1_000_000 });
    expect((await deposit(p.token, 50_000)).status).toBe(200);
    expect((await credit('bonus_grant', p.id, 'player_bonus', 3_000)).status).toBe(200);
    const before = await bet(p.id, 1_000, { idempotencyKey: `round-1-${p.id}` });
    expect(before.status).toBe(200);
    const balances = () =>
      call('GET', `/GATMaven/users/${p.token}/account-summary`).then((r) => r.body.data as unknown as Record<string, number>);
    const held = await balances();

    expect((await call('POST', `/Limits/${p.token}/pause`, { duration: '30d' })).status).toBe(200);
    // The game provider's retry of a stake made before the pause gets the first answer.
    const retried = await bet(p.id, 1_000, { idempotencyKey: `round-1-${p.id}` });
    expect(retried).toMatchObject({ status: 200, body: { data: { transferId: before.body.data!.transferId, replayed: true } } });
    // New stakes are refused, from cash alone (one statement) or from cash and bonus (a transaction).
    const refused = await bet(p.id, 1_000);
    expect(refused).toMatchObject({ status: 403, body: { code: 'ACCOUNT_PAUSED', message: expect.stringContaining('pause') } });
    expect(await bet(p.id, 1_000, { bonusOre: 500 })).toMatchObject({ status: 403, body: { code: 'ACCOUNT_PAUSED' } });
    // A win (money in) is still paid.
    expect((await credit('win', p.id, 'player_cash', 2_000)).status).toBe(200);
    expect(await balances()).toMatchObject({ WithdrawableBalance: held.WithdrawableBalance + 2_000, BonusBalance: 3_000 });

    // Once the account is closed for good, a stake is refused as closed.
    expect((await call('POST', `/Limits/${p.token}/closure`, { confirm: true })).status).toBe(200);
    expect(await bet(p.id, 1_000, { bonusOre: 500 })).toMatchObject({ status: 403, body: { code: 'ACCOUNT_CLOSED' } });
    expect(await bet(p.id, 1_000)).toMatchObject({ status: 403, body: { code: 'ACCOUNT_CLOSED' } });
    expect((await balances()).WithdrawableBalance).toBe(held.WithdrawableBalance + 2_000);
  });

  it('a pause blocks deposits and bets until it ends, cannot be shortened, and keeps the player logged in', async () => {
    const p = await createLoggedInPlayer(platform, { monthlyLimitOre: 1_000_000 });
    expect((await deposit(p.token, 50_000)).status).toBe(200);
    expect((await bet(p.id)).status).toBe(200);

    const paused = await call('POST', `/Limits/${p.token}/pause`, { duration: '24h' });
    expect(paused.body.data).toMatchObject({ status: 'paused' });
    const until = new Date(paused.body.data!.pausedUntil!).getTime();
    expect(until - Date.now()).toBeGreaterThan(23.9 * HOUR);

    expect((await deposit(p.token)).body).toMatchObject({ code: 'ACCOUNT_PAUSED', message: expect.stringContaining('pause') });
    expect(await bet(p.id)).toMatchObject({ status: 403, body: { code: 'ACCOUNT_PAUSED' } });
    // Still logged in: the balance (to withdraw) and the limits page answer.
    expect((await call('GET', `/GATMaven/users/${p.token}/account-summary`)).status).toBe(200);
    expect((await overview(p.token)).body.data!.status).toBe('paused');
    // Lowering a limit is still possible; a shorter pause does not shorten the running one.
    expect((await setLimit(p.token, 'month', 500_000)).status).toBe(200);
    expect((await call('POST', `/Limits/${p.token}/pause`, { duration: '24h' })).body.data!.pausedUntil).not.toBe(null);
    expect((await call('POST', `/Limits/${p.token}/pause`, { duration: '1h' })).status).toBe(400);

    const after = new Date(until + 60_000 + 2_000);
    platform.setNow(new Date(until - 60_000));
    expect((await overview(await sessionAt(p.id, new Date(until - 60_000)))).body.data!.status).toBe('paused');
    platform.setNow(after);
    const token = await sessionAt(p.id, after);
    expect((await overview(token)).body.data).toMatchObject({ status: 'active', pausedUntil: null });
    expect((await deposit(token, 10_000)).status).toBe(200);
    expect((await bet(p.id)).status).toBe(200);
    expect(await cash(p.id)).toBe(58_000);
  });

  it('a 30-day pause lasts 30 days', async () => {
    const p = await createLoggedInPlayer(platform, { monthlyLimitOre: 1_000_000 });
    const paused = await call('POST', `/Limits/${p.token}/pause`, { duration: '30d' });
    const days = (new Date(paused.body.data!.pausedUntil!).getTime() - Date.now()) / (24 * HOUR);
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThan(30.01);
    const at = new Date(Date.now() + 29 * 24 * HOUR);
    platform.setNow(at);
    expect((await deposit(await sessionAt(p.id, at))).body.code).toBe('ACCOUNT_PAUSED');
  });

  it('a closure is for good: no deposits, no bets, no more changes, but the player still logs in', async () => {
    const p = await createLoggedInPlayer(platform, { monthlyLimitOre: 1_000_000 });
    expect((await deposit(p.token, 30_000)).status).toBe(200);
    expect((await call('POST', `/Limits/${p.token}/closure`, {})).status).toBe(400);
    expect((await call('POST', `/Limits/${p.token}/closure`, { confirm: false })).status).toBe(400);
    const closed = await call('POST', `/Limits/${p.token}/closure`, { confirm: true });
    expect(closed.body.data).toMatchObject({ status: 'closed', closedAt: expect.any(String) });

    expect((await deposit(p.token)).body).toMatchObject({ code: 'ACCOUNT_CLOSED', message: expect.stringContaining('lukket') });
    expect(await bet(p.id)).toMatchObject({ status: 403, body: { code: 'ACCOUNT_CLOSED' } });
    expect((await setLimit(p.token, 'month', 10_000)).body.code).toBe('ACCOUNT_CLOSED');
    expect((await call('POST', `/Limits/${p.token}/pause`, { duration: '24h' })).body.code).toBe('ACCOUNT_CLOSED');
    expect((await call('GET', `/GATMaven/users/${p.token}/account-summary`)).body).toMatchObject({ data: { WithdrawableBalance: 30_000 } });

    const years = new Date(Date.now() + 300 * 24 * HOUR);
    platform.setNow(years);
    expect((await overview(await sessionAt(p.id, years))).body.data!.status).toBe('closed');
    expect(await cash(p.id)).toBe(30_000);
  });

  it('keeps limits, pauses and closures append-only in the database', async () => {
    const p = await createLoggedInPlayer(platform, { monthlyLimitOre: 100_000 });
    await call('POST', `/Limits/${p.token}/pause`, { duration: '24h' });
    await expect(
      platform.database.db.update(depositLimits).set({ amountOre: 1_000_000 }).where(eq(depositLimits.playerId, p.id)),
    ).rejects.toThrow();
    await expect(platform.database.db.delete(accountExclusions).where(eq(accountExclusions.playerId, p.id))).rejects.toThrow();
    expect((await overview(p.token)).body.data).toMatchObject({
      status: 'paused',
      limits: expect.arrayContaining([expect.objectContaining({ amountOre: 100_000 })]),
    });
  });
});

describe('the rule of one period', () => {
  const at = (hours: number) => new Date(Date.UTC(2026, 0, 1) + hours * HOUR);
  const row = (amountOre: number | null, createdH: number, effectiveH = createdH) => ({
    amountOre,
    createdAt: at(createdH),
    effectiveAt: at(effectiveH),
  });

  it('folds the changes in the order they were made', () => {
    const rows = [row(1000, 0), row(2000, 1, 25), row(1500, 2, 26)];
    expect(foldPeriod(rows, at(25.5))).toEqual({ amountOre: 1000, pending: { amountOre: 1500, effectiveAt: at(26) } });
    expect(foldPeriod(rows, at(26))).toEqual({ amountOre: 1500, pending: null });
    // A raise that became effective before the next change stays in force until that change.
    expect(foldPeriod([row(1000, 0), row(2000, 1, 25), row(1800, 30)], at(40))).toEqual({ amountOre: 1800, pending: null });
    expect(foldPeriod([row(1000, 0), row(2000, 1, 25), row(3000, 27, 51)], at(40))).toEqual({
      amountOre: 2000,
      pending: { amountOre: 3000, effectiveAt: at(51) },
    });
    expect(foldPeriod([], at(0))).toEqual({ amountOre: null, pending: null });
  });
});

describe('the test clock', () => {
  it('is off unless asked for, and refused in production', async () => {
    expect((await platform.app.inject({ method: 'PUT', url: '/Test/clock', payload: { offsetMs: 1 } })).statusCode).toBe(404);
    expect(() => loadConfig({ KRONE_ENV: 'production', TEST_CLOCK_CONTROL: 'true' })).toThrow(/TEST_CLOCK_CONTROL/);
    // A second app on the same database, with the control on.
    const moved = await buildPlatform({
      config: { ...platform.config, TEST_CLOCK_CONTROL: true },
      database: platform.database,
      logger: false,
    });
    const headers = { 'krone-storefront-key': platform.config.STOREFRONT_API_KEY };
    try {
      const answer = await moved.internal.inject({ method: 'PUT', url: '/Test/clock', payload: { offsetMs: 48 * HOUR }, headers });
      expect(new Date((answer.json() as { data: { now: string } }).data.now).getTime() - Date.now()).toBeGreaterThan(47.9 * HOUR);
    } finally {
      await moved.close();
    }
  });
});
