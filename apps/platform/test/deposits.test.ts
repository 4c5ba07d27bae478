import { startSims, type Sims } from '@krone/sims';
import { TEST_CARDS } from '@krone/sims/cards';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonusGrants } from '../src/bonus/schema.js';
import { createBonusService } from '../src/bonus/service.js';
import { systemConfigs } from '../src/content/schema.js';
import { payments } from '../src/payments/schema.js';
import { players } from '../src/players/schema.js';
import { walletTransfers } from '../src/wallet/schema.js';
import { createWalletService } from '../src/wallet/service.js';
import { createLoggedInPlayer, sendSignedWebhook, startTestPlatform, type TestPlatform } from './harness.js';

const web = 'http://127.0.0.1:3000';
const cardsKey = 'test-cards-key-123';
const cardsSecret = 'test-cards-webhook-secret';
const mpKey = 'test-mobilepay-key-123';
const mpSecret = 'test-mobilepay-webhook-secret';
let sims: Sims;
let platform: TestPlatform;
let simsNow: Date | undefined;

beforeAll(async () => {
  sims = await startSims({
    webPublicUrl: web,
    now: () => simsNow ?? new Date(),
    cards: { secretKey: cardsKey, webhookSecret: cardsSecret },
    mobilePayPayments: { apiKey: mpKey, webhookSecret: mpSecret },
  });
  platform = await startTestPlatform({
    CARDS_API_URL: `${sims.url}/cards`,
    CARDS_SECRET_KEY: cardsKey,
    CARDS_WEBHOOK_SECRET: cardsSecret,
    MOBILEPAY_PAYMENTS_URL: `${sims.url}/mobilepay-payments`,
    MOBILEPAY_PAYMENTS_KEY: mpKey,
    MOBILEPAY_WEBHOOK_SECRET: mpSecret,
  });
});
afterAll(async () => {
  await platform.close();
  await sims.close();
});

type Answer = {
  result: number;
  code?: string;
  message?: string;
  data?: {
    id: string;
    orderId: string;
    method: string;
    status: string;
    amountOre: number;
    actionUrl: string | null;
    last4: string | null;
    failureCode: string | null;
    settledAt: string | null;
    bonus: { code: string; amountOre: number; wageringRequirementOre: number } | null;
  };
};

/** Each call from its own address: the deposit routes' per-client rate limit is not what these tests are about. */
let calls = 0;
const client = () => `10.1.${Math.floor(++calls / 250)}.${calls % 250}`;

const player = (monthlyLimitOre = 1_000_000) => createLoggedInPlayer(platform, { monthlyLimitOre });
const wallet = () => createWalletService(platform.database.db, () => new Date());
const balances = async (playerId: string) => wallet().playerBalances(playerId);

async function startMobilePay(sessionToken: string, payload: Record<string, unknown>) {
  const response = await platform.app.inject({
    method: 'POST',
    remoteAddress: client(),
    url: `/Payments/deposits/mobilepay/${sessionToken}`,
    payload: { returnUrl: `${web}/MobilePay`, ...payload },
  });
  return { status: response.statusCode, body: response.json() as Answer };
}

async function tokenise(number: string) {
  const response = await fetch(`${sims.url}/cards/v1/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: web },
    body: JSON.stringify({ number, holder: 'Test Spiller', expiryMonth: 12, expiryYear: new Date().getUTCFullYear() + 1, cvv: '123' }),
  });
  return ((await response.json()) as { token: string }).token;
}

async function startCard(sessionToken: string, card: string, payload: Record<string, unknown> = {}) {
  const response = await platform.app.inject({
    method: 'POST',
    remoteAddress: client(),
    url: `/Payments/deposits/card/${sessionToken}`,
    payload: { token: await tokenise(card), amountOre: 25_000, returnUrl: `${web}/min-konto/overfoer`, ...payload },
  });
  return { status: response.statusCode, body: response.json() as Answer };
}

const read = async (sessionToken: string, paymentId: string) =>
  (await platform.app.inject({ method: 'GET', url: `/Payments/deposits/${sessionToken}/${paymentId}` })).json() as Answer;

/** The player answers in the MobilePay app stand-in; the browser is sent back to our return page. */
async function answerInApp(actionUrl: string, answer: 'approve' | 'reject') {
  const response = await fetch(actionUrl, { method: 'POST', body: new URLSearchParams({ answer }), redirect: 'manual' });
  return response.headers.get('location');
}

const providerId = (actionUrl: string) => actionUrl.split('/').pop()!;

const sendMobilePayEvent = (event: unknown, secret = mpSecret, at?: number) =>
  sendSignedWebhook(platform, '/Payments/webhooks/mobilepay', event, secret, at);

const mpEvent = (paymentId: string, providerPaymentId: string, amountOre: number, status: 'captured' | 'aborted' | 'expired') => ({
  id: `evt_${Math.random().toString(36).slice(2)}`,
  type: status === 'captured' ? 'payment.succeeded' : 'payment.failed',
  createdAt: new Date().toISOString(),
  data: { paymentId: providerPaymentId, reference: paymentId, amountOre, currency: 'DKK', status },
});

async function transfersOf(paymentId: string) {
  const rows = await platform.database.db.select().from(walletTransfers).where(eq(walletTransfers.kind, 'deposit'));
  return rows.filter((row) => row.reference.paymentId === paymentId);
}

const summary = async (sessionToken: string) =>
  (
    (await platform.app.inject({ method: 'GET', url: `/GATMaven/users/${sessionToken}/account-summary` })).json() as {
      data: Record<string, number>;
    }
  ).data;

describe('MobilePay deposits', () => {
  it('credits once by the signed webhook, however often it comes', async () => {
    const p = await player();
    const started = await startMobilePay(p.token, { amountOre: 30_000 });
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({ method: 'mobilepay', status: 'requires_action', amountOre: 30_000 });
    expect(started.body.data!.actionUrl).toContain('/mobilepay-payments/app/');
    expect(await answerInApp(started.body.data!.actionUrl!, 'approve')).toBe(
      `${web}/MobilePay?deposit=${started.body.data!.id}&payment=${providerId(started.body.data!.actionUrl!)}`,
    );
    const event = mpEvent(started.body.data!.id, providerId(started.body.data!.actionUrl!), 30_000, 'captured');
    expect((await sendMobilePayEvent(event)).body.data?.status).toBe('succeeded');
    expect((await sendMobilePayEvent(event)).body.data?.status).toBe('succeeded');
    expect((await sendMobilePayEvent({ ...event, id: 'evt_other' })).status).toBe(200);
    // A late failure does not undo the success.
    expect(
      (await sendMobilePayEvent(mpEvent(started.body.data!.id, providerId(started.body.data!.actionUrl!), 30_000, 'aborted'))).body.data
        ?.status,
    ).toBe('succeeded');
    expect((await balances(p.id)).player_cash).toBe(30_000);
    expect(await transfersOf(started.body.data!.id)).toHaveLength(1);
    const receipt = await read(p.token, started.body.data!.id);
    expect(receipt.data).toMatchObject({
      status: 'succeeded',
      method: 'mobilepay',
      amountOre: 30_000,
      orderId: started.body.data!.id.slice(0, 8).toUpperCase(),
    });
    expect(receipt.data!.settledAt).not.toBeNull();
  });

  it('settles by asking MobilePay when the player returns and no webhook came, once even when asked at once', async () => {
    const p = await player();
    const started = await startMobilePay(p.token, { amountOre: 20_000 });
    expect((await read(p.token, started.body.data!.id)).data?.status).toBe('requires_action');
    await answerInApp(started.body.data!.actionUrl!, 'approve');
    const answers = await Promise.all([
      read(p.token, started.body.data!.id),
      read(p.token, started.body.data!.id),
      read(p.token, started.body.data!.id),
    ]);
    expect(answers.map((answer) => answer.data?.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    // The webhook arriving afterwards changes nothing.
    await sendMobilePayEvent(mpEvent(started.body.data!.id, providerId(started.body.data!.actionUrl!), 20_000, 'captured'));
    expect((await balances(p.id)).player_cash).toBe(20_000);
    expect(await transfersOf(started.body.data!.id)).toHaveLength(1);
  });

  it('records a rejected and an expired payment as failed, moving no money and freeing the limit', async () => {
    const p = await player(30_000);
    const rejected = await startMobilePay(p.token, { amountOre: 30_000 });
    await answerInApp(rejected.body.data!.actionUrl!, 'reject');
    expect((await read(p.token, rejected.body.data!.id)).data).toMatchObject({ status: 'failed', failureCode: 'aborted' });

    const expiring = await startMobilePay(p.token, { amountOre: 30_000 });
    expect(expiring.status).toBe(200);
    simsNow = new Date(Date.now() + 6 * 60_000);
    try {
      expect((await read(p.token, expiring.body.data!.id)).data).toMatchObject({ status: 'failed', failureCode: 'expired' });
    } finally {
      simsNow = undefined;
    }
    expect((await balances(p.id)).player_cash).toBe(0);
    expect((await startMobilePay(p.token, { amountOre: 30_000 })).status).toBe(200);
    expect((await startMobilePay(p.token, { amountOre: 10_000 })).body).toMatchObject({
      code: 'DEPOSIT_LIMIT_EXCEEDED',
      message: 'Indbetalingen overskrider din indbetalingsgrænse.',
    });
  });

  it('honours the operator’s settingMobilePay: its amounts, its timeout, and switched off', async () => {
    const db = platform.database.db;
    const [config] = await db.select().from(systemConfigs).where(eq(systemConfigs.name, 'settingMobilePay'));
    const set = (value: Record<string, unknown>) =>
      db
        .update(systemConfigs)
        .set({ value: { ...(config!.value as object), ...value } })
        .where(eq(systemConfigs.name, 'settingMobilePay'));
    const p = await player();
    try {
      await set({ min_amount: 150, max_amount: 1000, timeout_seconds: 120 });
      for (const [amountOre, code] of [
        [12_000, 'DEPOSIT_TOO_SMALL'],
        [100_100, 'DEPOSIT_TOO_LARGE'],
      ] as const) {
        const refused = await startMobilePay(p.token, { amountOre });
        expect(refused.body, String(amountOre)).toMatchObject({
          code,
          fields: { amount: 'deposit.mobilepay_range' },
          minOre: 15_000,
          maxOre: 100_000,
        });
      }
      expect(await db.select().from(payments).where(eq(payments.playerId, p.id))).toHaveLength(0);
      // Within the bounds: asked of MobilePay, which lets it wait the operator's 120 s, not its own 5 minutes.
      const started = await startMobilePay(p.token, { amountOre: 15_000 });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      simsNow = new Date(Date.now() + 3 * 60_000);
      try {
        expect((await read(p.token, started.body.data!.id)).data).toMatchObject({ status: 'failed', failureCode: 'expired' });
      } finally {
        simsNow = undefined;
      }
      await set({ deposit_enabled: false, quick_deposit_enabled: false });
      expect((await startMobilePay(p.token, { amountOre: 15_000 })).body).toMatchObject({
        code: 'MOBILEPAY_DEPOSIT_DISABLED',
        message: 'Indbetaling med MobilePay er ikke muligt lige nu. Vælg betalingskort.',
      });
      // MobilePay login off: refused before the round trip.
      await set({ login_enabled: false });
      const login = await platform.app.inject({
        method: 'POST',
        url: '/Players/auth/start',
        payload: { provider: 'mobilepay', purpose: 'login' },
        headers: { 'x-forwarded-for': client() },
      });
      expect(login.statusCode).toBe(403);
      expect(login.json()).toMatchObject({ code: 'MOBILEPAY_LOGIN_DISABLED' });
    } finally {
      await db.update(systemConfigs).set({ value: config!.value }).where(eq(systemConfigs.name, 'settingMobilePay'));
    }
  });

  it('tells with a refusal over the limit how much may still be deposited', async () => {
    const p = await player(30_000);
    expect((await startMobilePay(p.token, { amountOre: 20_000 })).status).toBe(200);
    const refused = await startMobilePay(p.token, { amountOre: 20_000 });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'DEPOSIT_LIMIT_EXCEEDED', remainingOre: 10_000 });
  });

  // The player leaves the MobilePay app unanswered (it expires after 5 minutes), or the bank's
  // 3-D Secure page (it gives up after 15): the next deposit learns it from the provider.
  it.each([
    {
      left: 'a MobilePay request',
      start: (token: string) => startMobilePay(token, { amountOre: 30_000 }),
      minutes: 6,
      failureCode: 'expired',
    },
    {
      left: 'a 3-D Secure challenge',
      start: (token: string) => startCard(token, TEST_CARDS.challenge, { amountOre: 30_000 }),
      minutes: 16,
      failureCode: 'authentication_timeout',
    },
  ])(
    'lets $left the player walked away from stop holding the limit once the provider gives up on it',
    async ({ start, minutes, failureCode }) => {
      const p = await player(30_000);
      const abandoned = await start(p.token);
      expect(abandoned.body.data).toMatchObject({ status: 'requires_action' });
      expect((await startMobilePay(p.token, { amountOre: 10_000 })).body.code).toBe('DEPOSIT_LIMIT_EXCEEDED');
      simsNow = new Date(Date.now() + minutes * 60_000);
      try {
        expect((await startMobilePay(p.token, { amountOre: 30_000 })).status).toBe(200);
      } finally {
        simsNow = undefined;
      }
      expect((await read(p.token, abandoned.body.data!.id)).data).toMatchObject({ status: 'failed', failureCode });
      expect((await balances(p.id)).player_cash).toBe(0);
    },
  );

  it('refuses forged, stale, unsigned and mismatched webhooks and unknown payments', async () => {
    const p = await player();
    const started = await startMobilePay(p.token, { amountOre: 40_000 });
    const event = mpEvent(started.body.data!.id, providerId(started.body.data!.actionUrl!), 40_000, 'captured');
    expect((await sendMobilePayEvent(event, 'not-the-secret-at-all')).status).toBe(401);
    expect((await sendMobilePayEvent(event, cardsSecret)).status).toBe(401);
    expect((await sendMobilePayEvent(event, mpSecret, Math.floor(Date.now() / 1000) - 3600)).status).toBe(401);
    const unsigned = await platform.publicApp.inject({
      method: 'POST',
      url: '/Payments/webhooks/mobilepay',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(401);
    expect((await sendMobilePayEvent({ ...event, data: { ...event.data, amountOre: 4_000_000 } })).status).toBe(409);
    expect((await sendMobilePayEvent({ ...event, data: { ...event.data, paymentId: 'mp_someone_else' } })).status).toBe(409);
    expect(
      (await sendMobilePayEvent({ ...event, data: { ...event.data, reference: '00000000-0000-4000-8000-000000000000' } })).status,
    ).toBe(404);
    expect((await sendMobilePayEvent({ id: 'x', type: 'payment.succeeded', data: { reference: 'nope' } })).status).toBe(400);
    expect((await balances(p.id)).player_cash).toBe(0);
    expect((await read(p.token, started.body.data!.id)).data?.status).toBe('requires_action');
  });

  it('refuses bad amounts with a code and writes nothing', async () => {
    const p = await player();
    for (const amountOre of ['25000', -25_000, 25_000.5, 1e12, 0, null]) {
      const refused = await startMobilePay(p.token, { amountOre });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('INVALID_INPUT');
    }
    expect((await startMobilePay(p.token, { amountOre: 9_999 })).body).toMatchObject({
      code: 'DEPOSIT_TOO_SMALL',
      message: 'Mindste indbetaling er 100 kr.',
    });
    expect((await startMobilePay('not-a-session', { amountOre: 20_000 })).status).toBe(401);
    expect(await platform.database.db.select().from(payments).where(eq(payments.playerId, p.id))).toHaveLength(0);
  });
});

describe('card deposits coming back from 3-D Secure', () => {
  it('settles from the provider when the browser returns before (or without) the webhook', async () => {
    const p = await player();
    const challenged = await startCard(p.token, TEST_CARDS.challenge, { amountOre: 50_000 });
    expect(challenged.body.data).toMatchObject({ status: 'requires_action', last4: '3220' });
    await answerInApp(challenged.body.data!.actionUrl!, 'approve');
    expect((await read(p.token, challenged.body.data!.id)).data).toMatchObject({
      status: 'succeeded',
      amountOre: 50_000,
      last4: '3220',
      method: 'card',
    });
    expect((await balances(p.id)).player_cash).toBe(50_000);

    const failing = await startCard(p.token, TEST_CARDS.challengeFails, { amountOre: 50_000 });
    await answerInApp(failing.body.data!.actionUrl!, 'approve');
    expect((await read(p.token, failing.body.data!.id)).data).toMatchObject({ status: 'failed', failureCode: 'authentication_failed' });
    expect((await balances(p.id)).player_cash).toBe(50_000);
  });
});

describe('first deposit', () => {
  it('makes the player a depositor with firstdeposit True on the first success only', async () => {
    const p = await player();
    const property = async () =>
      (
        (await platform.app.inject({ method: 'GET', url: `/GATMaven/users/${p.token}/getProperty?keyProperty=firstdeposit` })).json() as {
          data: unknown;
        }
      ).data;
    const type = async () =>
      (await platform.database.db.select({ playerType: players.playerType }).from(players).where(eq(players.id, p.id)))[0]!.playerType;
    expect(await type()).toBe('Non-Depositor');
    expect((await startCard(p.token, TEST_CARDS.declined)).status).toBe(402);
    expect(await type()).toBe('Non-Depositor');
    expect((await startCard(p.token, TEST_CARDS.success)).body.data?.status).toBe('succeeded');
    expect(await type()).toBe('Depositor');
    expect(await property()).toBe('True');
    expect((await startCard(p.token, TEST_CARDS.success)).body.data?.status).toBe('succeeded');
    expect(await type()).toBe('Depositor');
  });
});

describe('bonus codes', () => {
  it('refuses an empty, unknown or expired code, or a deposit below its minimum, before any money moves', async () => {
    const p = await player();
    expect((await startMobilePay(p.token, { amountOre: 20_000, bonusCode: '  ' })).body).toMatchObject({
      code: 'BONUS_CODE_EMPTY',
      message: 'Indtast en bonuskode.',
    });
    expect((await startMobilePay(p.token, { amountOre: 20_000, bonusCode: 'FINDESIKKE' })).body).toMatchObject({
      code: 'INVALID_BONUS_CODE',
      message: 'Bonuskoden er ugyldig.',
    });
    expect((await startCard(p.token, TEST_CARDS.success, { bonusCode: 'SOMMER2024' })).body).toMatchObject({ code: 'INVALID_BONUS_CODE' });
    expect((await startCard(p.token, TEST_CARDS.success, { amountOre: 15_000, bonusCode: 'KRONE50' })).body).toMatchObject({
      code: 'INVALID_BONUS_CODE',
    });
    expect(await platform.database.db.select().from(payments).where(eq(payments.playerId, p.id))).toHaveLength(0);
    expect(await balances(p.id)).toMatchObject({ player_cash: 0, player_bonus: 0 });
  });

  it('grants the bonus once on success, with its wagering in the account summary', async () => {
    const p = await player();
    expect(await summary(p.token)).toMatchObject({ TotalActiveWageringRequirement: 0, TotalActiveBonusWageredFraction: 0 });
    const started = await startMobilePay(p.token, { amountOre: 30_000, bonusCode: ' velkomst100 ' });
    expect(started.status).toBe(200);
    // Nothing is granted while the payment is under way.
    expect((await balances(p.id)).player_bonus).toBe(0);
    await answerInApp(started.body.data!.actionUrl!, 'approve');
    const receipt = await read(p.token, started.body.data!.id);
    expect(receipt.data?.bonus).toMatchObject({ code: 'VELKOMST100', amountOre: 30_000, wageringRequirementOre: 600_000 });
    await sendMobilePayEvent(mpEvent(started.body.data!.id, providerId(started.body.data!.actionUrl!), 30_000, 'captured'));
    await read(p.token, started.body.data!.id);
    expect(await balances(p.id)).toMatchObject({ player_cash: 30_000, player_bonus: 30_000 });
    expect(await platform.database.db.select().from(bonusGrants).where(eq(bonusGrants.playerId, p.id))).toHaveLength(1);
    const [grant] = await platform.database.db.select().from(bonusGrants).where(eq(bonusGrants.playerId, p.id));
    const grantTransfers = await platform.database.db
      .select()
      .from(walletTransfers)
      .where(eq(walletTransfers.idempotencyKey, `bonus:${grant!.id}`));
    expect(grantTransfers).toHaveLength(1);
    expect(grantTransfers[0]).toMatchObject({ kind: 'bonus_grant', reference: { grantId: grant!.id, code: 'VELKOMST100' } });
    expect(await summary(p.token)).toMatchObject({
      TotalBalance: 60_000,
      BonusBalance: 30_000,
      WithdrawableBalance: 30_000,
      TotalActiveWageringRequirement: 600_000,
      TotalActiveBonusWageredFraction: 0,
    });

    // One bonus at a time (bonus.test.ts has the rest of its life).
    expect((await startCard(p.token, TEST_CARDS.success, { bonusCode: 'KRONE50' })).body).toMatchObject({ code: 'BONUS_ALREADY_ACTIVE' });

    // The bonus is capped at the code's maximum, and a failed deposit grants nothing.
    const q = await player();
    expect((await startCard(q.token, TEST_CARDS.declined, { bonusCode: 'VELKOMST100' })).status).toBe(402);
    const big = await startCard(q.token, TEST_CARDS.success, { amountOre: 300_000, bonusCode: 'VELKOMST100' });
    expect(big.body.data?.bonus).toMatchObject({ amountOre: 100_000, wageringRequirementOre: 4_000_000 });
    expect((await balances(q.id)).player_bonus).toBe(100_000);

    // After the bonus's 60 days, its wagering no longer counts (the session would have ended too).
    const later = createBonusService(platform.database.db, () => new Date(Date.now() + 61 * 86_400_000), wallet());
    expect(await later.wageringSummary(p.id)).toEqual({ TotalActiveWageringRequirement: 0, TotalActiveBonusWageredFraction: 0 });
    const audit = await wallet().audit();
    expect(audit).toMatchObject({ ledgerSumOre: 0, unbalancedTransfers: 0, negativeBalances: 0, mismatchedBalances: 0 });
  });
});
