import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSims, type Sims } from '../src/app.js';
import { MITID_IDENTITIES } from '../src/identities.js';
import type { PayoutEvent } from '../src/nemkonto.js';
import { signWebhook } from '../src/webhooks.js';

const apiKey = 'test-nemkonto-key';
const webhookSecret = 'test-nemkonto-webhook-secret';
const received: { event: PayoutEvent; body: string; signature: string }[] = [];
let hook: Server;
let sims: Sims;

beforeAll(async () => {
  hook = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ event: JSON.parse(body) as PayoutEvent, body, signature: String(req.headers['krone-signature']) });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  const webhookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/payouts`;
  sims = await startSims({ nemkonto: { apiKey, webhookSecret, webhookUrl, settleAfterMs: 200 } });
});
afterAll(async () => {
  await sims.close();
  await new Promise<void>((resolve) => hook.close(() => resolve()));
});

const payout = (body: unknown, key: string, auth = apiKey) =>
  fetch(`${sims.url}/nemkonto/v1/payouts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${auth}`, 'idempotency-key': key },
    body: JSON.stringify(body),
  });
const person = (given: string) => MITID_IDENTITIES.find((identity) => identity.givenName === given)!;

describe('NemKonto payout stand-in', () => {
  it('accepts a payout at once, pays it later and reports it with a signed webhook', async () => {
    const mette = person('Mette');
    expect((await payout({ cpr: mette.cpr, amountOre: 50_000, reference: 'w-1' }, 'k1', 'wrong')).status).toBe(401);
    const accepted = await payout({ cpr: mette.cpr, amountOre: 50_000, reference: 'w-1' }, 'k1');
    expect(accepted.status).toBe(201);
    const body = (await accepted.json()) as { id: string; status: string };
    expect(body.status).toBe('accepted');
    // The same key again: the same payout, not a second one.
    expect(await (await payout({ cpr: mette.cpr, amountOre: 50_000, reference: 'w-1' }, 'k1')).json()).toEqual(body);

    for (let i = 0; i < 100 && !received.some((r) => r.event.data.payoutId === body.id); i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const delivery = received.find((r) => r.event.data.payoutId === body.id)!;
    expect(delivery.event).toMatchObject({ type: 'payout.paid', data: { reference: 'w-1', amountOre: 50_000 } });
    const t = Number(/t=(\d+)/.exec(delivery.signature)![1]);
    expect(delivery.signature).toBe(signWebhook(webhookSecret, delivery.body, t));
    const read = await fetch(`${sims.url}/nemkonto/v1/payouts/${body.id}`, { headers: { authorization: `Bearer ${apiKey}` } });
    expect(await read.json()).toMatchObject({ status: 'paid' });
  });

  it('refuses a person with no NemKonto and a bad request', async () => {
    const erik = person('Erik');
    expect(erik.nemkonto).toBe(false);
    const refused = await payout({ cpr: erik.cpr, amountOre: 10_000, reference: 'w-2' }, 'k2');
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({ error: 'no_nemkonto' });
    expect((await payout({ cpr: '123', amountOre: 10_000, reference: 'w-3' }, 'k3')).status).toBe(400);
    expect((await payout({ cpr: person('Mette').cpr, amountOre: 0.5, reference: 'w-4' }, 'k4')).status).toBe(400);
    expect((await payout({ cpr: person('Mette').cpr, amountOre: 100, reference: 'w-5' }, '')).status).toBe(400);
  });
});
