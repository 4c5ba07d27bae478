import { startSims, type Sims } from '@krone/sims';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../src/payments/schema.js';
import { createLoggedInPlayer, startTestPlatform, type TestPlatform } from './harness.js';

// Payments left under way are settled by the platform itself (payments/service.ts `settleStale`,
// a background job of every process), not only when the player comes back: bench:chaos found a
// card payment left `created` for good by a kill -9 between writing it and calling the provider.
let sims: Sims;
let platform: TestPlatform;
let simsNow: Date | undefined;
const web = 'http://127.0.0.1:3000';
const mpKey = 'stale-test-mobilepay-key';
const mpSecret = 'stale-test-mobilepay-webhook-secret';

beforeAll(async () => {
  sims = await startSims({
    webPublicUrl: web,
    now: () => simsNow ?? new Date(),
    cards: { secretKey: 'stale-test-cards-key', webhookSecret: 'stale-test-cards-webhook-secret' },
    mobilePayPayments: { apiKey: mpKey, webhookSecret: mpSecret },
  });
  platform = await startTestPlatform(
    {
      // The card provider is down: a card payment gets no answer at all and stays `created`, as after a crash.
      CARDS_API_URL: 'http://127.0.0.1:9/cards',
      MOBILEPAY_PAYMENTS_URL: `${sims.url}/mobilepay-payments`,
      MOBILEPAY_PAYMENTS_KEY: mpKey,
      MOBILEPAY_WEBHOOK_SECRET: mpSecret,
      PAYMENT_SETTLE_INTERVAL_SECONDS: '1',
      PAYMENT_STALE_SECONDS: '600',
      PAYOUT_PROCESS_INTERVAL_SECONDS: '0',
      BONUS_SETTLE_INTERVAL_SECONDS: '0',
    },
    { backgroundJobs: true },
  );
});
afterAll(async () => {
  await platform.close();
  await sims.close();
});

const statusOf = async (id: string) => (await platform.database.db.select().from(payments).where(eq(payments.id, id)))[0]!;
async function until(check: () => Promise<boolean>) {
  for (let i = 0; i < 100 && !(await check()); i++) await new Promise((resolve) => setTimeout(resolve, 100));
}

describe('payments left under way', () => {
  it('are settled by the platform once stale: one the provider never named fails as not_sent, one it has is asked of it', async () => {
    const player = await createLoggedInPlayer(platform, { monthlyLimitOre: 1_000_000 });
    const card = await platform.app.inject({
      method: 'POST',
      url: `/Payments/deposits/card/${player.token}`,
      payload: { token: 'tok_never_sent', amountOre: 20_000, returnUrl: `${web}/indbetal` },
    });
    expect(card.json()).toMatchObject({ code: 'PAYMENT_PROVIDER_ERROR' });
    const [unsent] = await platform.database.db.select().from(payments).where(eq(payments.playerId, player.id));
    expect(unsent).toMatchObject({ status: 'created', providerPaymentId: null });
    const mobilePay = await platform.app.inject({
      method: 'POST',
      url: `/Payments/deposits/mobilepay/${player.token}`,
      payload: { amountOre: 10_000, returnUrl: `${web}/MobilePay` },
    });
    const waiting = mobilePay.json().data as { id: string; status: string };
    expect(waiting.status).toBe('requires_action');

    // Within PAYMENT_STALE_SECONDS nothing is touched: the player may still be in the app.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await statusOf(unsent!.id)).status).toBe('created');
    expect((await statusOf(waiting.id)).status).toBe('requires_action');

    // Eleven minutes on, the player never came back: MobilePay has expired the request (after 5).
    const later = new Date(Date.now() + 11 * 60_000);
    platform.setNow(later);
    simsNow = later;
    await until(async () => (await statusOf(unsent!.id)).status !== 'created' && (await statusOf(waiting.id)).status !== 'requires_action');
    expect(await statusOf(unsent!.id)).toMatchObject({ status: 'failed', failureCode: 'not_sent' });
    expect(await statusOf(waiting.id)).toMatchObject({ status: 'failed', failureCode: 'expired' });
    // No longer counted against the deposit limit as under way: the player may deposit the whole limit again.
    const limits = (await platform.app.inject({ method: 'GET', url: `/Limits/${player.token}` })).json() as {
      data: { limits: { period: string; usedOre: number; remainingOre: number | null }[] };
    };
    expect(limits.data.limits.find((limit) => limit.period === 'month')).toMatchObject({ usedOre: 0, remainingOre: 1_000_000 });
  });
});
