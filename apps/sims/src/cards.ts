import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { bearerMatches, createIdempotentAnswers, escapeHtml, readForm, readJson, sendJson } from './http.js';
import { createWebhookSender } from './webhooks.js';

export { signWebhook } from './webhooks.js';

/**
 * A card payment provider, as Krone would use one: card data goes from the player's browser
 * straight to the provider's tokenisation endpoint, and Krone's platform only ever sees a
 * single-use token and the last four digits. Payments are created server to server with a
 * secret key and an idempotency key; 3-D Secure is a page of the provider's the browser visits;
 * results reach the platform as webhooks signed with a shared secret (Stripe-style
 * `t=…,v1=HMAC-SHA256(secret, "t.body")`), retried until answered 2xx.
 */

/** Test cards: what each does when paid with (any holder, a future expiry, any 3-digit CVV). */
export const TEST_CARDS = Object.freeze({
  success: '4571000000000001',
  declined: '4000000000000002',
  wrongDetails: '4000000000000127',
  challenge: '4000000000003220',
  challengeFails: '4000000000003238',
  providerError: '4000000000000119',
} as const);

export type CardOutcome = keyof typeof TEST_CARDS;
const OUTCOME_BY_NUMBER = new Map<string, CardOutcome>(
  Object.entries(TEST_CARDS).map(([outcome, number]) => [number, outcome as CardOutcome]),
);

export function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export interface CardProviderOptions {
  publicUrl: string;
  /** The storefront's origin: the only page allowed to tokenise cards from a browser. */
  webOrigin: string;
  secretKey: string;
  webhookSecret: string;
  /** Where events go (the platform); none means events are only kept. */
  webhookUrl?: string;
  now: () => Date;
  /** Delays between webhook attempts, in ms. */
  retryDelaysMs?: number[];
  /**
   * How long a 3-D Secure challenge waits for the cardholder (15 minutes by default, as a bank's
   * access control server gives up): after it the payment fails with `authentication_timeout`.
   */
  challengeExpiresAfterMs?: number;
}

interface Token {
  id: string;
  last4: string;
  brand: string;
  outcome: CardOutcome | 'unknown';
  expiresAt: number;
  used: boolean;
}

type PaymentStatus = 'succeeded' | 'declined' | 'requires_action' | 'failed';
interface Payment {
  id: string;
  reference: string;
  amountOre: number;
  currency: 'DKK';
  last4: string;
  status: PaymentStatus;
  declineCode: string | null;
  returnUrl: string;
  challengeFails: boolean;
  createdAt: string;
}

export interface CardEvent {
  id: string;
  type: 'payment.succeeded' | 'payment.failed';
  createdAt: string;
  data: {
    paymentId: string;
    reference: string;
    amountOre: number;
    currency: 'DKK';
    last4: string;
    status: PaymentStatus;
    declineCode: string | null;
  };
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;

const cardBody = z.object({
  number: z.string().transform((value) => value.replace(/[\s-]/g, '')),
  holder: z.string().trim().min(1).max(100),
  expiryMonth: z.coerce.number().int().min(1).max(12),
  expiryYear: z.coerce.number().int().min(2000).max(2100),
  cvv: z.string().regex(/^\d{3,4}$/),
});

const paymentBody = z.object({
  token: z.string().min(1).max(100),
  amountOre: z.number().int().min(1).max(100_000_000),
  currency: z.literal('DKK'),
  reference: z.string().min(1).max(100),
  returnUrl: z.url(),
});

export function createCardProvider(options: CardProviderOptions) {
  const tokens = new Map<string, Token>();
  const payments = new Map<string, Payment>();
  const idempotent = createIdempotentAnswers();
  const events = new Map<string, CardEvent>();

  const cors = (req: IncomingMessage): Record<string, string> =>
    req.headers.origin === options.webOrigin
      ? {
          'access-control-allow-origin': options.webOrigin,
          'access-control-allow-headers': 'content-type',
          'access-control-allow-methods': 'POST',
          vary: 'Origin',
        }
      : {};

  const authorised = (req: IncomingMessage) => bearerMatches(req, options.secretKey);

  const deliver = createWebhookSender<CardEvent>({
    url: options.webhookUrl,
    secret: options.webhookSecret,
    now: options.now,
    retryDelaysMs: options.retryDelaysMs,
  });

  function settle(payment: Payment) {
    if (payment.status === 'requires_action') return;
    const event: CardEvent = {
      id: id('evt'),
      type: payment.status === 'succeeded' ? 'payment.succeeded' : 'payment.failed',
      createdAt: options.now().toISOString(),
      data: {
        paymentId: payment.id,
        reference: payment.reference,
        amountOre: payment.amountOre,
        currency: payment.currency,
        last4: payment.last4,
        status: payment.status,
        declineCode: payment.declineCode,
      },
    };
    events.set(event.id, event);
    void deliver(event);
  }

  const challengeExpiresAfter = options.challengeExpiresAfterMs ?? 15 * 60_000;
  /** A challenge left unanswered past its time fails when next looked at, and the platform hears of it. */
  function current(payment: Payment) {
    if (payment.status === 'requires_action' && options.now().getTime() - Date.parse(payment.createdAt) > challengeExpiresAfter) {
      Object.assign(payment, { status: 'failed', declineCode: 'authentication_timeout' });
      settle(payment);
    }
    return payment;
  }

  const view = (payment: Payment) => ({
    id: payment.id,
    reference: payment.reference,
    amountOre: payment.amountOre,
    currency: payment.currency,
    last4: payment.last4,
    status: payment.status,
    declineCode: payment.declineCode,
    ...(payment.status === 'requires_action' ? { actionUrl: `${options.publicUrl}/cards/3ds/${payment.id}` } : {}),
  });

  /** POST /cards/v1/tokens, from the player's browser: card data in, a single-use token out. */
  async function tokenise(req: IncomingMessage, res: ServerResponse) {
    const headers = cors(req);
    if (!headers['access-control-allow-origin'] && req.headers.origin) return sendJson(res, 403, { error: 'origin_not_allowed' });
    const parsed = cardBody.safeParse(await readJson(req));
    if (!parsed.success)
      return sendJson(res, 400, { error: 'invalid_card', fields: parsed.error.issues.map((issue) => issue.path.join('.')) }, headers);
    const card = parsed.data;
    const at = options.now();
    const expired =
      card.expiryYear < at.getUTCFullYear() || (card.expiryYear === at.getUTCFullYear() && card.expiryMonth < at.getUTCMonth() + 1);
    if (!/^\d{16}$/.test(card.number) || !luhnValid(card.number))
      return sendJson(res, 400, { error: 'invalid_card', fields: ['number'] }, headers);
    if (expired) return sendJson(res, 400, { error: 'invalid_card', fields: ['expiry'] }, headers);
    const token: Token = {
      id: id('tok'),
      last4: card.number.slice(-4),
      brand: card.number.startsWith('4571') ? 'visa_dankort' : card.number.startsWith('4') ? 'visa' : 'mastercard',
      outcome: OUTCOME_BY_NUMBER.get(card.number) ?? 'unknown',
      expiresAt: at.getTime() + 15 * 60_000,
      used: false,
    };
    tokens.set(token.id, token);
    return sendJson(
      res,
      201,
      { token: token.id, last4: token.last4, brand: token.brand, expiryMonth: card.expiryMonth, expiryYear: card.expiryYear },
      headers,
    );
  }

  /** POST /cards/v1/payments, from the platform: charge a token, idempotent by key. */
  async function createPayment(req: IncomingMessage, res: ServerResponse) {
    if (!authorised(req)) return sendJson(res, 401, { error: 'unauthorized' });
    const key = idempotent.begin(req, res);
    if (!key) return;
    const parsed = paymentBody.safeParse(await readJson(req));
    if (!parsed.success) return sendJson(res, 400, { error: 'invalid_request' });
    const answer = (status: number, body: unknown) => idempotent.answer(res, key, status, body);
    const token = tokens.get(parsed.data.token);
    if (!token || token.used || token.expiresAt < options.now().getTime()) return answer(400, { error: 'invalid_token' });
    token.used = true;
    if (token.outcome === 'providerError') return answer(502, { error: 'processing_error' });
    const payment: Payment = {
      id: id('pay'),
      reference: parsed.data.reference,
      amountOre: parsed.data.amountOre,
      currency: 'DKK',
      last4: token.last4,
      status: 'succeeded',
      declineCode: null,
      returnUrl: parsed.data.returnUrl,
      challengeFails: token.outcome === 'challengeFails',
      createdAt: options.now().toISOString(),
    };
    if (token.outcome === 'declined') Object.assign(payment, { status: 'declined', declineCode: 'card_declined' });
    if (token.outcome === 'wrongDetails') Object.assign(payment, { status: 'declined', declineCode: 'incorrect_details' });
    if (token.outcome === 'challenge' || token.outcome === 'challengeFails') payment.status = 'requires_action';
    payments.set(payment.id, payment);
    settle(payment);
    return answer(201, view(payment));
  }

  /** The 3-D Secure page the player's browser opens (900 px window on desktop, 700 px on phones). */
  function challengePage(res: ServerResponse, payment: Payment) {
    const amount = `${Math.floor(payment.amountOre / 100)},${String(payment.amountOre % 100).padStart(2, '0')} kr.`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(`<!doctype html><html lang="da"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>3-D Secure – bekræft betaling</title>
<style>body{font-family:system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1b1f24}main{max-width:28rem;margin:2rem auto;background:#fff;padding:1.5rem;border-radius:.5rem;box-shadow:0 1px 4px #0002}
h1{font-size:1.25rem}dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dd{margin:0;font-weight:600}.row{display:flex;gap:.5rem;margin-top:1.5rem}
button{flex:1;min-height:2.75rem;font:inherit;font-weight:600;border-radius:.25rem;border:1px solid #1b4fd8;cursor:pointer}.ok{background:#1b4fd8;color:#fff}.no{background:#fff;color:#1b4fd8}</style></head>
<body><main><h1>Bekræft din betaling</h1><p>Din bank beder dig bekræfte betalingen med MitID (testmiljø).</p>
<dl><dt>Beløb</dt><dd data-testid="challenge-amount">${escapeHtml(amount)}</dd><dt>Kort</dt><dd>•••• ${escapeHtml(payment.last4)}</dd></dl>
<form method="post" class="row"><button class="ok" name="answer" value="approve" data-testid="challenge-approve">Godkend</button><button class="no" name="answer" value="reject" data-testid="challenge-reject">Afvis</button></form></main></body></html>`);
  }

  async function challenge(req: IncomingMessage, res: ServerResponse, paymentId: string) {
    const found = payments.get(paymentId);
    const payment = found && current(found);
    if (!payment) return sendJson(res, 404, { error: 'not_found' });
    if (req.method === 'GET') {
      if (payment.status !== 'requires_action') return redirect(res, payment);
      return challengePage(res, payment);
    }
    if (payment.status === 'requires_action') {
      const approved = (await readForm(req)).get('answer') === 'approve' && !payment.challengeFails;
      payment.status = approved ? 'succeeded' : 'failed';
      payment.declineCode = approved ? null : 'authentication_failed';
      settle(payment);
    }
    return redirect(res, payment);
  }

  function redirect(res: ServerResponse, payment: Payment) {
    const target = new URL(payment.returnUrl);
    target.searchParams.set('payment', payment.id);
    res.writeHead(303, { location: target.toString(), 'cache-control': 'no-store' }).end();
  }

  return {
    events: () => [...events.values()],
    /** Sends an event again, as a provider does on its own retries (tests of idempotency). */
    redeliver: (eventId: string) => {
      const event = events.get(eventId);
      return event ? deliver(event) : Promise.resolve();
    },
    async handle(req: IncomingMessage, res: ServerResponse, path: string) {
      if (req.method === 'OPTIONS' && path === '/v1/tokens') {
        const headers = cors(req);
        return void res
          .writeHead(headers['access-control-allow-origin'] ? 204 : 403, { ...headers, 'access-control-max-age': '600' })
          .end();
      }
      if (path === '/v1/tokens' && req.method === 'POST') return tokenise(req, res);
      if (path === '/v1/payments' && req.method === 'POST') return createPayment(req, res);
      const read = /^\/v1\/payments\/([\w-]+)$/.exec(path);
      if (read && req.method === 'GET') {
        if (!authorised(req)) return sendJson(res, 401, { error: 'unauthorized' });
        const payment = payments.get(read[1]!);
        return payment ? sendJson(res, 200, view(current(payment))) : sendJson(res, 404, { error: 'not_found' });
      }
      const action = /^\/3ds\/([\w-]+)$/.exec(path);
      if (action) return challenge(req, res, action[1]!);
      const replay = /^\/v1\/test\/events\/([\w-]+)\/redeliver$/.exec(path);
      if (replay && req.method === 'POST') {
        if (!authorised(req)) return sendJson(res, 401, { error: 'unauthorized' });
        if (!events.has(replay[1]!)) return sendJson(res, 404, { error: 'not_found' });
        await this.redeliver(replay[1]!);
        return sendJson(res, 202, { redelivered: replay[1] });
      }
      if (path === '/v1/test/events' && req.method === 'GET') {
        if (!authorised(req)) return sendJson(res, 401, { error: 'unauthorized' });
        return sendJson(res, 200, { events: [...events.values()] });
      }
      return sendJson(res, 404, { error: 'not_found' });
    },
  };
}

export type CardProvider = ReturnType<typeof createCardProvider>;
