import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSims, type Sims } from '../src/app.js';
import type { MobilePayEvent } from '../src/mobilepay-payments.js';
import { signWebhook } from '../src/webhooks.js';

const apiKey = 'test-mobilepay-key';
const webhookSecret = 'test-mobilepay-webhook-secret';
const received: { event: MobilePayEvent; body: string; signature: string }[] = [];
let hook: Server;
let sims: Sims;
let now = new Date('2026-11-23T12:00:00Z');

beforeAll(async () => {
  hook = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ event: JSON.parse(body) as MobilePayEvent, body, signature: String(req.headers['krone-signature']) });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  const webhookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/mobilepay`;
  sims = await startSims({ now: () => now, mobilePayPayments: { apiKey, webhookSecret, webhookUrl } });
});
afterAll(async () => {
  await sims.close();
  await new Promise<void>((resolve) => hook.close(() => resolve()));
});

async function create(reference: string, key = reference, auth = apiKey, extra: Record<string, unknown> = {}, on: Sims = sims) {
  const response = await fetch(`${on.url}/mobilepay-payments/v1/payments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${auth}`, 'idempotency-key': key },
    body: JSON.stringify({
      amountOre: 50_000,
      currency: 'DKK',
      reference,
      description: 'Indbetaling til Krone Casino',
      returnUrl: 'http://127.0.0.1:3000/MobilePay',
      ...extra,
    }),
  });
  return { status: response.status, body: (await response.json()) as { id: string; status: string; redirectUrl?: string } };
}
const eventFor = async (paymentId: string) => {
  for (let i = 0; i < 100 && !received.some((r) => r.event.data.paymentId === paymentId); i++)
    await new Promise((resolve) => setTimeout(resolve, 20));
  return received.find((r) => r.event.data.paymentId === paymentId);
};
const answer = (url: string, value: string) =>
  fetch(url, { method: 'POST', body: new URLSearchParams({ answer: value }), redirect: 'manual' });

describe('MobilePay payments stand-in', () => {
  it('creates a payment once per key, and the app approves it: back to the return URL, a signed webhook', async () => {
    expect((await create('dep-1', 'k1', 'wrong')).status).toBe(401);
    const created = await create('dep-1', 'k1');
    expect(created).toMatchObject({ status: 201, body: { status: 'created' } });
    expect((await create('dep-1', 'k1')).body).toEqual(created.body);
    const page = await fetch(created.body.redirectUrl!);
    expect(await page.text()).toContain('500,00 kr.');
    const back = await answer(created.body.redirectUrl!, 'approve');
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`http://127.0.0.1:3000/MobilePay?payment=${created.body.id}`);
    const delivery = (await eventFor(created.body.id))!;
    expect(delivery.event).toMatchObject({
      type: 'payment.succeeded',
      data: { status: 'captured', amountOre: 50_000, reference: 'dep-1' },
    });
    const t = Number(/t=(\d+)/.exec(delivery.signature)![1]);
    expect(delivery.signature).toBe(signWebhook(webhookSecret, delivery.body, t));
    // Answered once: the page now only sends the player back.
    expect((await answer(created.body.redirectUrl!, 'reject')).status).toBe(303);
    const read = await fetch(`${sims.url}/mobilepay-payments/v1/payments/${created.body.id}`, {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    expect(await read.json()).toMatchObject({ status: 'captured' });
  });

  it('reports a rejection and an unanswered payment that expired', async () => {
    const rejected = await create('dep-2');
    await answer(rejected.body.redirectUrl!, 'reject');
    expect((await eventFor(rejected.body.id))!.event).toMatchObject({ type: 'payment.failed', data: { status: 'aborted' } });

    const waiting = await create('dep-3');
    now = new Date(now.getTime() + 6 * 60_000);
    const read = await fetch(`${sims.url}/mobilepay-payments/v1/payments/${waiting.body.id}`, {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    expect(await read.json()).toMatchObject({ status: 'expired' });
    expect((await eventFor(waiting.body.id))!.event).toMatchObject({ type: 'payment.failed', data: { status: 'expired' } });
  });

  it('waits the merchant’s expiresInSeconds, but never past the time the stand-in is configured with', async () => {
    const read = async (id: string, on: Sims = sims) =>
      (
        (await (
          await fetch(`${on.url}/mobilepay-payments/v1/payments/${id}`, { headers: { authorization: `Bearer ${apiKey}` } })
        ).json()) as {
          status: string;
        }
      ).status;
    const short = await create('dep-4', 'dep-4', apiKey, { expiresInSeconds: 30 });
    const usual = await create('dep-5');
    now = new Date(now.getTime() + 35_000);
    expect(await read(short.body.id)).toBe('expired');
    expect(await read(usual.body.id)).toBe('created');

    const bench = await startSims({ now: () => now, mobilePayPayments: { apiKey, webhookSecret, expiresAfterMs: 45_000 } });
    try {
      const long = await create('dep-6', 'dep-6', apiKey, { expiresInSeconds: 300 }, bench);
      now = new Date(now.getTime() + 50_000);
      expect(await read(long.body.id, bench)).toBe('expired');
    } finally {
      await bench.close();
    }
  });
});
