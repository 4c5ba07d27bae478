import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { bearerMatches, createIdempotentAnswers, readJson, sendJson } from './http.js';
import { createWebhookSender } from './webhooks.js';

/**
 * NemKonto payouts, as a payout provider offers them: the platform sends an amount to a person
 * by CPR (every Danish adult's NemKonto), the provider accepts it at once and pays it later
 * (banks do it within 1–3 working days; here after `settleAfterMs`), then reports it with a
 * signed webhook `payout.paid`. A CPR with no NemKonto is refused at once.
 */
export interface NemKontoOptions {
  apiKey: string;
  webhookSecret: string;
  webhookUrl?: string;
  now: () => Date;
  /** Whether a CPR has a NemKonto. */
  hasNemKonto: (cpr: string) => boolean;
  /** How long until an accepted payout is paid (default 30 s: a demo is not 3 days long). */
  settleAfterMs?: number;
  retryDelaysMs?: number[];
}

type PayoutStatus = 'accepted' | 'paid';
interface Payout {
  id: string;
  reference: string;
  amountOre: number;
  status: PayoutStatus;
  acceptedAt: string;
  paidAt: string | null;
}

export interface PayoutEvent {
  id: string;
  type: 'payout.paid';
  createdAt: string;
  data: { payoutId: string; reference: string; amountOre: number; paidAt: string };
}

const body = z.object({
  cpr: z.string().regex(/^\d{10}$/),
  amountOre: z.number().int().min(1).max(100_000_000),
  reference: z.string().min(1).max(100),
});

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;

export function createNemKonto(options: NemKontoOptions) {
  const payouts = new Map<string, Payout>();
  const idempotent = createIdempotentAnswers();
  const deliver = createWebhookSender<PayoutEvent>({
    url: options.webhookUrl,
    secret: options.webhookSecret,
    now: options.now,
    retryDelaysMs: options.retryDelaysMs,
  });
  const authorised = (req: IncomingMessage) => bearerMatches(req, options.apiKey);
  const view = (payout: Payout) => ({ ...payout });

  function settle(payout: Payout) {
    if (payout.status === 'paid') return;
    payout.status = 'paid';
    payout.paidAt = options.now().toISOString();
    void deliver({
      id: id('evt'),
      type: 'payout.paid',
      createdAt: payout.paidAt,
      data: { payoutId: payout.id, reference: payout.reference, amountOre: payout.amountOre, paidAt: payout.paidAt },
    });
  }

  async function create(req: IncomingMessage, res: ServerResponse) {
    const key = idempotent.begin(req, res);
    if (!key) return;
    const parsed = body.safeParse(await readJson(req));
    if (!parsed.success) return sendJson(res, 400, { error: 'invalid_request' });
    const answer = (status: number, answerBody: unknown) => idempotent.answer(res, key, status, answerBody);
    if (!options.hasNemKonto(parsed.data.cpr)) return answer(422, { error: 'no_nemkonto' });
    const payout: Payout = {
      id: id('po'),
      reference: parsed.data.reference,
      amountOre: parsed.data.amountOre,
      status: 'accepted',
      acceptedAt: options.now().toISOString(),
      paidAt: null,
    };
    payouts.set(payout.id, payout);
    setTimeout(() => settle(payout), options.settleAfterMs ?? 30_000).unref();
    return answer(201, view(payout));
  }

  return {
    async handle(req: IncomingMessage, res: ServerResponse, path: string) {
      if (!authorised(req)) return sendJson(res, 401, { error: 'unauthorized' });
      if (path === '/v1/payouts' && req.method === 'POST') return create(req, res);
      const read = /^\/v1\/payouts\/([\w-]+)$/.exec(path);
      if (read && req.method === 'GET') {
        const payout = payouts.get(read[1]!);
        return payout ? sendJson(res, 200, view(payout)) : sendJson(res, 404, { error: 'not_found' });
      }
      // Test hook: pay an accepted payout now (browser tests with a moved clock).
      const now = /^\/v1\/test\/payouts\/([\w-]+)\/settle$/.exec(path);
      if (now && req.method === 'POST') {
        const payout = payouts.get(now[1]!);
        if (!payout) return sendJson(res, 404, { error: 'not_found' });
        settle(payout);
        return sendJson(res, 200, view(payout));
      }
      return sendJson(res, 404, { error: 'not_found' });
    },
  };
}

export type NemKonto = ReturnType<typeof createNemKonto>;
