import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { bearerMatches, createIdempotentAnswers, escapeHtml, readForm, readJson, sendJson } from './http.js';
import { createWebhookSender } from './webhooks.js';

/**
 * MobilePay payments, as the ePayment API works: the platform creates a payment (secret key,
 * idempotency key) and sends the player to the app's approval (here a page that stands in for
 * the app); the app sends the player back to `returnUrl?payment=<id>` and the result reaches the
 * platform as a signed webhook. A payment not answered within `expiresAfterMs` expires.
 * Payments are captured at approval (a deposit is used at once).
 */
export interface MobilePayPaymentsOptions {
  publicUrl: string;
  apiKey: string;
  webhookSecret: string;
  webhookUrl?: string;
  now: () => Date;
  expiresAfterMs?: number;
  retryDelaysMs?: number[];
}

type Status = 'created' | 'captured' | 'aborted' | 'expired';
interface Payment {
  id: string;
  reference: string;
  amountOre: number;
  description: string;
  returnUrl: string;
  status: Status;
  createdAt: number;
  /** How long this payment waits for an answer (the merchant's `expiresInSeconds`), in ms. */
  expiresAfterMs: number;
}

export interface MobilePayEvent {
  id: string;
  type: 'payment.succeeded' | 'payment.failed';
  createdAt: string;
  data: { paymentId: string; reference: string; amountOre: number; currency: 'DKK'; status: Status };
}

const body = z.object({
  amountOre: z.number().int().min(1).max(100_000_000),
  currency: z.literal('DKK'),
  reference: z.string().min(1).max(100),
  description: z.string().min(1).max(100),
  returnUrl: z.url(),
  /** The merchant's own timeout for this payment; the stand-in's default without it. */
  expiresInSeconds: z.number().int().min(30).max(3600).optional(),
});

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;

export function createMobilePayPayments(options: MobilePayPaymentsOptions) {
  const payments = new Map<string, Payment>();
  const idempotent = createIdempotentAnswers();
  const deliver = createWebhookSender<MobilePayEvent>({
    url: options.webhookUrl,
    secret: options.webhookSecret,
    now: options.now,
    retryDelaysMs: options.retryDelaysMs,
  });
  const expiresAfter = options.expiresAfterMs ?? 5 * 60_000;
  const authorised = (req: IncomingMessage) => bearerMatches(req, options.apiKey);

  function finish(payment: Payment, status: Exclude<Status, 'created'>) {
    payment.status = status;
    void deliver({
      id: id('evt'),
      type: status === 'captured' ? 'payment.succeeded' : 'payment.failed',
      createdAt: options.now().toISOString(),
      data: { paymentId: payment.id, reference: payment.reference, amountOre: payment.amountOre, currency: 'DKK', status },
    });
  }

  /** A payment left unanswered past its time expires when next looked at. */
  function current(payment: Payment) {
    if (payment.status === 'created' && options.now().getTime() - payment.createdAt > payment.expiresAfterMs) finish(payment, 'expired');
    return payment;
  }

  const view = (payment: Payment) => ({
    id: payment.id,
    reference: payment.reference,
    amountOre: payment.amountOre,
    currency: 'DKK' as const,
    status: payment.status,
    ...(payment.status === 'created' ? { redirectUrl: `${options.publicUrl}/mobilepay-payments/app/${payment.id}` } : {}),
  });

  async function create(req: IncomingMessage, res: ServerResponse) {
    if (!authorised(req)) return sendJson(res, 401, { error: 'unauthorized' });
    const key = idempotent.begin(req, res);
    if (!key) return;
    const parsed = body.safeParse(await readJson(req));
    if (!parsed.success) return sendJson(res, 400, { error: 'invalid_request' });
    const { expiresInSeconds, ...fields } = parsed.data;
    const payment: Payment = {
      id: id('mp'),
      ...fields,
      status: 'created',
      createdAt: options.now().getTime(),
      // The merchant's own time, but never past the stand-in's configured one: that stands for the
      // person at the app who gives up (the benches set it short, so nothing they leave waits long).
      expiresAfterMs:
        expiresInSeconds === undefined
          ? expiresAfter
          : Math.min(expiresInSeconds * 1000, options.expiresAfterMs ?? Number.POSITIVE_INFINITY),
    };
    payments.set(payment.id, payment);
    return idempotent.answer(res, key, 201, view(payment));
  }

  function appPage(res: ServerResponse, payment: Payment) {
    const amount = `${Math.floor(payment.amountOre / 100)},${String(payment.amountOre % 100).padStart(2, '0')} kr.`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(`<!doctype html><html lang="da"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>MobilePay – godkend betaling</title>
<style>body{font-family:system-ui,sans-serif;margin:0;background:#2f4bd6;color:#fff}main{max-width:24rem;margin:0 auto;padding:2rem 1.25rem}
.card{background:#fff;color:#1b1f24;border-radius:.75rem;padding:1.25rem}h1{font-size:1.25rem}.amount{font-size:2rem;font-weight:700;margin:.5rem 0}
.row{display:flex;gap:.5rem;margin-top:1.25rem}button{flex:1;min-height:3rem;font:inherit;font-weight:700;border-radius:2rem;border:2px solid #2f4bd6;cursor:pointer}
.ok{background:#2f4bd6;color:#fff}.no{background:#fff;color:#2f4bd6}</style></head>
<body><main><h1>MobilePay (testmiljø)</h1><div class="card"><p>${escapeHtml(payment.description)}</p><p class="amount" data-testid="mobilepay-amount">${escapeHtml(amount)}</p>
<form method="post" class="row"><button class="ok" name="answer" value="approve" data-testid="mobilepay-approve">Godkend</button><button class="no" name="answer" value="reject" data-testid="mobilepay-reject">Afvis</button></form></div></main></body></html>`);
  }

  function back(res: ServerResponse, payment: Payment) {
    const target = new URL(payment.returnUrl);
    target.searchParams.set('payment', payment.id);
    res.writeHead(303, { location: target.toString(), 'cache-control': 'no-store' }).end();
  }

  async function app(req: IncomingMessage, res: ServerResponse, paymentId: string) {
    const payment = payments.get(paymentId);
    if (!payment) return sendJson(res, 404, { error: 'not_found' });
    current(payment);
    if (payment.status !== 'created') return back(res, payment);
    if (req.method === 'GET') return appPage(res, payment);
    finish(payment, (await readForm(req)).get('answer') === 'approve' ? 'captured' : 'aborted');
    return back(res, payment);
  }

  return {
    async handle(req: IncomingMessage, res: ServerResponse, path: string) {
      if (path === '/v1/payments' && req.method === 'POST') return create(req, res);
      const read = /^\/v1\/payments\/([\w-]+)$/.exec(path);
      if (read && req.method === 'GET') {
        if (!authorised(req)) return sendJson(res, 401, { error: 'unauthorized' });
        const payment = payments.get(read[1]!);
        return payment ? sendJson(res, 200, view(current(payment))) : sendJson(res, 404, { error: 'not_found' });
      }
      const approval = /^\/app\/([\w-]+)$/.exec(path);
      if (approval) return app(req, res, approval[1]!);
      return sendJson(res, 404, { error: 'not_found' });
    },
  };
}
