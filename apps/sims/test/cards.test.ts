import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSims, type Sims } from '../src/app.js';
import { luhnValid, signWebhook, TEST_CARDS, type CardEvent } from '../src/cards.js';

const web = 'http://127.0.0.1:3000';
const secretKey = 'test-cards-secret-key';
const webhookSecret = 'test-cards-webhook-secret';

/** The platform's side of the webhook: records every delivery; answers 500 while told to. */
const received: { body: string; signature: string }[] = [];
let failNext = 0;
let hook: Server;
let sims: Sims;
/** How far the stand-in's clock runs ahead of the real one. */
let ahead = 0;

beforeAll(async () => {
  hook = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), signature: String(req.headers['krone-signature']) });
      if (failNext > 0) {
        failNext--;
        res.writeHead(500).end();
      } else res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  const webhookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/webhook`;
  sims = await startSims({
    webPublicUrl: web,
    now: () => new Date(Date.now() + ahead),
    cards: { secretKey, webhookSecret, webhookUrl, retryDelaysMs: [50, 50] },
  });
});
afterAll(async () => {
  await sims.close();
  await new Promise<void>((resolve) => hook.close(() => resolve()));
});

const nextYear = new Date().getUTCFullYear() + 1;
async function tokenise(number: string, overrides: Record<string, unknown> = {}, origin = web) {
  const response = await fetch(`${sims.url}/cards/v1/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ number, holder: 'Test Spiller', expiryMonth: 12, expiryYear: nextYear, cvv: '123', ...overrides }),
  });
  return {
    status: response.status,
    cors: response.headers.get('access-control-allow-origin'),
    body: (await response.json()) as Record<string, string>,
  };
}
async function pay(token: string, key = `key-${token}`, auth = secretKey) {
  const response = await fetch(`${sims.url}/cards/v1/payments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${auth}`, 'idempotency-key': key },
    body: JSON.stringify({ token, amountOre: 25_000, currency: 'DKK', reference: `dep-${token}`, returnUrl: `${web}/min-konto/overfoer` }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}
const eventsFor = (paymentId: string) =>
  received.map((r) => JSON.parse(r.body) as CardEvent).filter((event) => event.data.paymentId === paymentId);
const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(check()).toBe(true);
};

describe('card payment stand-in', () => {
  it('tokenises a card for the storefront’s origin only, keeping only the last four digits', async () => {
    expect(luhnValid(TEST_CARDS.success)).toBe(true);
    const ok = await tokenise(TEST_CARDS.success);
    expect(ok.status).toBe(201);
    expect(ok.cors).toBe(web);
    expect(ok.body).toMatchObject({ last4: '0001', brand: 'visa_dankort' });
    expect(JSON.stringify(ok.body)).not.toContain(TEST_CARDS.success);
    expect((await tokenise(TEST_CARDS.success, {}, 'https://evil.example')).status).toBe(403);
    expect((await tokenise('4571000000000002')).body.error).toBe('invalid_card');
    expect((await tokenise(TEST_CARDS.success, { expiryYear: 2020 })).body.fields).toEqual(['expiry']);
    expect((await tokenise(TEST_CARDS.success, { cvv: '12' })).status).toBe(400);
  });

  it('charges a token once, answers a repeated idempotency key the same, and signs its webhook', async () => {
    const { body: card } = await tokenise(TEST_CARDS.success);
    expect((await pay(card.token!, 'k1', 'wrong-key')).status).toBe(401);
    const first = await pay(card.token!, 'k1');
    expect(first).toMatchObject({ status: 201, body: { status: 'succeeded', last4: '0001' } });
    expect((await pay(card.token!, 'k1')).body).toEqual(first.body);
    // The token is single-use: another key cannot charge it again.
    expect((await pay(card.token!, 'k2')).body.error).toBe('invalid_token');

    await waitFor(() => eventsFor(first.body.id!).length === 1);
    const delivery = received.find((r) => r.body.includes(first.body.id!))!;
    const t = Number(/t=(\d+)/.exec(delivery.signature)![1]);
    expect(delivery.signature).toBe(signWebhook(webhookSecret, delivery.body, t));
    expect(delivery.signature).toContain(createHmac('sha256', webhookSecret).update(`${t}.${delivery.body}`).digest('hex'));
    expect(eventsFor(first.body.id!)[0]).toMatchObject({
      type: 'payment.succeeded',
      data: { amountOre: 25_000, reference: `dep-${card.token}` },
    });
  });

  it('declines, refuses wrong details and fails as the test cards say', async () => {
    const declined = await pay((await tokenise(TEST_CARDS.declined)).body.token!);
    expect(declined.body).toMatchObject({ status: 'declined', declineCode: 'card_declined' });
    const wrong = await pay((await tokenise(TEST_CARDS.wrongDetails)).body.token!);
    expect(wrong.body).toMatchObject({ status: 'declined', declineCode: 'incorrect_details' });
    expect((await pay((await tokenise(TEST_CARDS.providerError)).body.token!)).status).toBe(502);
    await waitFor(() => eventsFor(declined.body.id!).some((event) => event.type === 'payment.failed'));
  });

  it('asks for 3-D Secure in its own page and reports the answer', async () => {
    const challenged = await pay((await tokenise(TEST_CARDS.challenge)).body.token!);
    expect(challenged.body.status).toBe('requires_action');
    const page = await fetch(challenged.body.actionUrl!);
    expect(await page.text()).toContain('250,00 kr.');
    const answer = await fetch(challenged.body.actionUrl!, {
      method: 'POST',
      body: new URLSearchParams({ answer: 'approve' }),
      redirect: 'manual',
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`${web}/min-konto/overfoer?payment=${challenged.body.id}`);
    await waitFor(() => eventsFor(challenged.body.id!).some((event) => event.type === 'payment.succeeded'));

    const failing = await pay((await tokenise(TEST_CARDS.challengeFails)).body.token!);
    await fetch(failing.body.actionUrl!, { method: 'POST', body: new URLSearchParams({ answer: 'approve' }), redirect: 'manual' });
    const status = await fetch(`${sims.url}/cards/v1/payments/${failing.body.id}`, { headers: { authorization: `Bearer ${secretKey}` } });
    expect(await status.json()).toMatchObject({ status: 'failed', declineCode: 'authentication_failed' });
  });

  it('gives up on a challenge the cardholder leaves unanswered for 15 minutes, and reports it', async () => {
    const left = await pay((await tokenise(TEST_CARDS.challenge)).body.token!);
    const read = async () =>
      (await fetch(`${sims.url}/cards/v1/payments/${left.body.id}`, { headers: { authorization: `Bearer ${secretKey}` } })).json();
    ahead = 14 * 60_000;
    try {
      expect(await read()).toMatchObject({ status: 'requires_action' });
      ahead = 16 * 60_000;
      expect(await read()).toMatchObject({ status: 'failed', declineCode: 'authentication_timeout' });
    } finally {
      ahead = 0;
    }
    await waitFor(() =>
      eventsFor(left.body.id!).some((event) => event.type === 'payment.failed' && event.data.declineCode === 'authentication_timeout'),
    );
    // Too late to approve: the page only sends the player back, and nothing succeeds.
    const late = await fetch(left.body.actionUrl!, {
      method: 'POST',
      body: new URLSearchParams({ answer: 'approve' }),
      redirect: 'manual',
    });
    expect(late.status).toBe(303);
    expect(await read()).toMatchObject({ status: 'failed' });
    expect(eventsFor(left.body.id!).filter((event) => event.type === 'payment.succeeded')).toHaveLength(0);
  });

  it('retries a webhook the platform did not take, and can send one again on request', async () => {
    failNext = 1;
    const paid = await pay((await tokenise(TEST_CARDS.success)).body.token!);
    await waitFor(() => eventsFor(paid.body.id!).length === 2);
    const [event] = eventsFor(paid.body.id!);
    const again = await fetch(`${sims.url}/cards/v1/test/events/${event!.id}/redeliver`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secretKey}` },
    });
    expect(again.status).toBe(202);
    await waitFor(() => eventsFor(paid.body.id!).length === 3);
    // The same event each time: one id, for the platform's idempotency.
    expect(new Set(eventsFor(paid.body.id!).map((e) => e.id)).size).toBe(1);
  });
});
