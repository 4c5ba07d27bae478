import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config.js';
import { errorBody, isoDateTime, ok } from '../content/contracts.js';
import { AppError } from '../shared/errors.js';
import { MAX_DEPOSIT_ORE, verifyWebhookSignature, type CardEvent, type PaymentsService } from './service.js';

const tags = ['payments'];
const sessionParams = z.object({ sessionId: z.string().min(1).max(200) });
const noStore = { 'cache-control': 'no-store' };
const paymentView = z.object({
  id: z.uuid(),
  method: z.string(),
  amountOre: z.number().int(),
  status: z.enum(['created', 'requires_action', 'succeeded', 'failed']),
  last4: z.string().nullable(),
  failureCode: z.string().nullable(),
  actionUrl: z.string().nullable(),
  createdAt: isoDateTime,
});
const toJson = (payment: { createdAt: Date } & Omit<z.infer<typeof paymentView>, 'createdAt' | 'status'> & { status: string }) => ({
  ...payment,
  status: payment.status as z.infer<typeof paymentView>['status'],
  createdAt: payment.createdAt.toISOString(),
});

const cardEvent = z.object({
  id: z.string().min(1).max(100),
  type: z.enum(['payment.succeeded', 'payment.failed']),
  data: z.object({
    paymentId: z.string().min(1).max(100),
    reference: z.uuid(),
    amountOre: z.number().int(),
    status: z.string().max(40),
    declineCode: z.string().max(60).nullable(),
  }),
});

/**
 * Deposits over HTTP: the storefront (BFF) starts them with the player's session; the card
 * provider reports results to the webhook, whose raw body is checked against its signature
 * before anything is read from it.
 */
export const paymentsRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService; config: Config; clock: () => Date }> = async (app, { payments, config, clock }) => {
  app.post(
    '/Payments/deposits/card/:sessionId',
    {
      schema: {
        tags,
        operationId: 'startCardDeposit',
        summary: 'Deposit by card with a token from the provider’s tokenisation endpoint (amount in øre, at least 100 kr.)',
        params: sessionParams,
        body: z.object({ token: z.string().min(1).max(100), amountOre: z.number().int().min(1).max(MAX_DEPOSIT_ORE), returnUrl: z.url() }),
        response: { 200: ok(paymentView), 400: errorBody, 401: errorBody, 402: errorBody, 403: errorBody, 409: errorBody, 502: errorBody },
      },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return { result: 1 as const, data: toJson(await payments.startCardDeposit(request.params.sessionId, request.body)) };
    },
  );

  app.get(
    '/Payments/deposits/:sessionId/:paymentId',
    {
      schema: {
        tags,
        operationId: 'getDeposit',
        summary: 'Where one of the session’s player’s deposits stands',
        params: sessionParams.extend({ paymentId: z.uuid() }),
        response: { 200: ok(paymentView), 401: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return { result: 1 as const, data: toJson(await payments.paymentForPlayer(request.params.sessionId, request.params.paymentId)) };
    },
  );

  // The webhook needs its body as sent, to check the signature over the exact bytes.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));
    scope.post(
      '/Payments/webhooks/cards',
      {
        schema: {
          tags,
          operationId: 'cardWebhook',
          summary: 'Card provider events (signed: Krone-Signature t=…,v1=HMAC-SHA256)',
          hide: false,
          response: { 200: ok(z.object({ status: z.string() })), 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody },
        },
      },
      async (request, reply) => {
        reply.headers(noStore);
        const raw = typeof request.body === 'string' ? request.body : '';
        const signature = request.headers['krone-signature'];
        if (!verifyWebhookSignature(typeof signature === 'string' ? signature : undefined, raw, config.CARDS_WEBHOOK_SECRET, clock())) {
          throw new AppError('WEBHOOK_SIGNATURE_INVALID', 401, 'validation.forbidden');
        }
        let parsed: CardEvent;
        try {
          parsed = cardEvent.parse(JSON.parse(raw)) as CardEvent;
        } catch {
          throw new AppError('INVALID_INPUT', 400, 'validation.invalid_input');
        }
        const payment = await payments.handleCardEvent(parsed);
        return { result: 1 as const, data: { status: payment.status } };
      },
    );
  });
};
