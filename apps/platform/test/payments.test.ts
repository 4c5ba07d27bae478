import type { Sims } from '@krone/sims';
import { TEST_CARDS } from '@krone/sims/cards';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalletService } from '../src/wallet/service.js';
import { createLoggedInPlayer, sendSignedWebhook, startPlatformWithCards, type TestPlatform } from './harness.js';

const web = 'http://127.0.0.1:3000';
const webhookSecret = 'test-webhook-secret-123';
let sims: Sims;
let platform: TestPlatform;

beforeAll(async () => {
  ({ sims, platform } = await startPlatformWithCards(webhookSecret));
});
afterAll(async () => {
  await platform.close();
  await sims.close();
});

const player = (monthlyLimitOre = 1_000_000) => createLoggedInPlayer(platform, { monthlyLimitOre });

async function tokenise(number: string) {
  const response = await fetch(`${sims.url}/cards/v1/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: web },
    body: JSON.stringify({ number, holder: 'Test Spiller', expiryMonth: 12, expiryYear: new Date().getUTCFullYear() + 1, cvv: '123' }),
  });
  return ((await response.json()) as { token: string }).token;
}

async function deposit(token: string, card: string, amountOre = 25_000) {
  const response = await platform.app.inject({
    method: 'POST',
    url: `/Payments/deposits/card/${token}`,
    payload: { token: await tokenise(card), amountOre, returnUrl: `${web}/min-konto/overfoer` },
  });
  return {
    status: response.statusCode,
    body: response.json() as {
      result: number;
      code?: string;
      message?: string;
      data?: { id: string; status: string; actionUrl: string | null; last4: string };
    },
  };
}

const cash = async (playerId: string) =>
  (await createWalletService(platform.database.db, () => new Date()).playerBalances(playerId)).player_cash;

const sendEvent = (event: unknown, secret = webhookSecret, at?: number) =>
  sendSignedWebhook(platform, '/Payments/webhooks/cards', event, secret, at);
const eventOf = (paymentId: string) => sims.cards.events().find((event) => event.data.reference === paymentId)!;

describe('card deposits', () => {
  it('credits a successful card deposit once, whether the answer or the webhook comes first or again', async () => {
    const p = await player();
    const done = await deposit(p.token, TEST_CARDS.success);
    expect(done.body.data).toMatchObject({ status: 'succeeded', last4: '0001' });
    expect(await cash(p.id)).toBe(25_000);
    const event = eventOf(done.body.data!.id);
    expect((await sendEvent(event)).body.data?.status).toBe('succeeded');
    expect((await sendEvent(event)).status).toBe(200);
    expect(await cash(p.id)).toBe(25_000);
    // A late failure for a payment that succeeded changes nothing.
    expect(
      (await sendEvent({ ...event, id: 'evt_late', type: 'payment.failed', data: { ...event.data, status: 'failed', declineCode: 'x' } }))
        .body.data?.status,
    ).toBe('succeeded');
    expect(await cash(p.id)).toBe(25_000);
    // Only the player's own session can read it.
    const other = await player();
    expect((await platform.app.inject({ method: 'GET', url: `/Payments/deposits/${other.token}/${done.body.data!.id}` })).statusCode).toBe(
      404,
    );
    expect((await platform.app.inject({ method: 'GET', url: `/Payments/deposits/${p.token}/${done.body.data!.id}` })).json()).toMatchObject(
      { data: { status: 'succeeded' } },
    );
  });

  it('refuses forged, stale and malformed webhooks without touching money', async () => {
    const p = await player();
    const challenged = await deposit(p.token, TEST_CARDS.challenge);
    expect(challenged.body.data).toMatchObject({ status: 'requires_action' });
    const forged = {
      id: 'evt_forged',
      type: 'payment.succeeded',
      data: { paymentId: 'pay_x', reference: challenged.body.data!.id, amountOre: 25_000, status: 'succeeded', declineCode: null },
    };
    expect((await sendEvent(forged, 'not-the-secret')).status).toBe(401);
    expect((await sendEvent(forged, webhookSecret, Math.floor(Date.now() / 1000) - 3600)).status).toBe(401);
    const unsigned = await platform.publicApp.inject({
      method: 'POST',
      url: '/Payments/webhooks/cards',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(forged),
    });
    expect(unsigned.statusCode).toBe(401);
    expect((await sendEvent({ id: 'evt_bad', type: 'payment.succeeded', data: { reference: 'nope' } })).status).toBe(400);
    // Signed, but for another provider payment or amount than ours: refused.
    expect((await sendEvent(forged)).status).toBe(409);
    expect(await cash(p.id)).toBe(0);
  });

  it('credits a 3-D Secure deposit when the player passes the challenge and the webhook reports it', async () => {
    const p = await player();
    const challenged = await deposit(p.token, TEST_CARDS.challenge, 50_000);
    const page = await fetch(challenged.body.data!.actionUrl!, {
      method: 'POST',
      body: new URLSearchParams({ answer: 'approve' }),
      redirect: 'manual',
    });
    expect(page.headers.get('location')).toBe(
      `${web}/min-konto/overfoer?deposit=${challenged.body.data!.id}&payment=${challenged.body.data!.actionUrl!.split('/').pop()}`,
    );
    expect(await cash(p.id)).toBe(0);
    expect((await sendEvent(eventOf(challenged.body.data!.id))).body.data?.status).toBe('succeeded');
    expect(await cash(p.id)).toBe(50_000);
  });

  it('refuses less than 100 kr., declined cards and wrong details with their codes, moving nothing', async () => {
    const p = await player();
    expect((await deposit(p.token, TEST_CARDS.success, 9_999)).body).toMatchObject({
      code: 'DEPOSIT_TOO_SMALL',
      message: 'Mindste indbetaling er 100 kr.',
    });
    expect((await deposit(p.token, TEST_CARDS.declined)).body).toMatchObject({ code: 'CARD_DECLINED' });
    expect((await deposit(p.token, TEST_CARDS.wrongDetails)).body).toMatchObject({ code: 'CARD_DETAILS_INCORRECT' });
    expect((await deposit(p.token, TEST_CARDS.providerError)).status).toBe(502);
    expect((await deposit('not-a-session', TEST_CARDS.success)).status).toBe(401);
    expect(await cash(p.id)).toBe(0);
  });

  it('keeps deposits within the player’s limit, counting deposits under way, even when sent at once', async () => {
    const p = await player(60_000);
    const results = await Promise.all([
      deposit(p.token, TEST_CARDS.success),
      deposit(p.token, TEST_CARDS.success),
      deposit(p.token, TEST_CARDS.success),
    ]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    const refused = results.find((r) => r.status === 409)!;
    expect(refused.body).toMatchObject({ code: 'DEPOSIT_LIMIT_EXCEEDED', message: 'Indbetalingen overskrider din indbetalingsgrænse.' });
    expect(await cash(p.id)).toBe(50_000);
  });
});
