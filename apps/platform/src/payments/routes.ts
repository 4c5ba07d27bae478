import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config.js';
import { errorBody, iso, isoDateTime, isoOrNull, noStore, ok, sessionParams } from '../shared/http.js';
import { MAX_DEPOSIT_ORE } from '@krone/domain';
import type { PaymentMethod, PaymentsService, ProviderEvent } from './service.js';
import { perPlayerRateLimit } from '../shared/player-rate-limit.js';
import { registerSignedWebhooks, signedWebhook } from './signed-webhooks.js';

const tags = ['payments'];
const paymentView = z.object({
  id: z.uuid(),
  /** What the receipt calls the order: the payment id's first 8 characters, upper case. */
  orderId: z.string(),
  method: z.enum(['card', 'mobilepay']),
  amountOre: z.number().int(),
  status: z.enum(['created', 'requires_action', 'succeeded', 'failed']),
  last4: z.string().nullable(),
  failureCode: z.string().nullable(),
  /** The page the browser must visit: 3-D Secure for a card, the MobilePay app. */
  actionUrl: z.string().nullable(),
  createdAt: isoDateTime,
  settledAt: isoDateTime.nullable(),
  bonus: z
    .object({
      code: z.string(),
      /** The money granted, or the free rounds' value (rounds × stake). */
      amountOre: z.number().int(),
      wageringRequirementOre: z.number().int(),
      expiresAt: isoDateTime,
      /** A free-rounds bonus's rounds (issue 27): how many, at what stake, on which titles; null for money. */
      freeRounds: z.object({ roundsTotal: z.number().int(), stakeOre: z.number().int(), gameIds: z.array(z.string()) }).nullable(),
    })
    .nullable(),
});
type View = Awaited<ReturnType<PaymentsService['paymentForPlayer']>>;
const toJson = (payment: View): z.infer<typeof paymentView> => ({
  ...payment,
  status: payment.status as z.infer<typeof paymentView>['status'],
  createdAt: iso(payment.createdAt),
  settledAt: isoOrNull(payment.settledAt),
  bonus: payment.bonus ? { ...payment.bonus, expiresAt: iso(payment.bonus.expiresAt) } : null,
});

const amountOre = z.number().int().min(1).max(MAX_DEPOSIT_ORE);
/** Optional; an empty one is refused by the bonus rules with its own code, not dropped. */
const bonusCode = z.string().max(100).optional();
const depositResponses = {
  200: ok(paymentView),
  400: errorBody,
  401: errorBody,
  402: errorBody,
  403: errorBody,
  409: errorBody,
  502: errorBody,
};

/** A provider's webhook event: what both providers send, plus the provider's own result fields. */
const providerEvent = <Result extends z.ZodRawShape>(result: Result) =>
  z.object({
    id: z.string().min(1).max(100),
    type: z.enum(['payment.succeeded', 'payment.failed']),
    data: z.object({ paymentId: z.string().min(1).max(100), reference: z.uuid(), amountOre: z.number().int(), ...result }),
  });
const cardEvent = providerEvent({ status: z.string().max(40), declineCode: z.string().max(60).nullable() });
const mobilePayEvent = providerEvent({ status: z.enum(['created', 'captured', 'aborted', 'expired']) });

/**
 * Deposits over HTTP: the storefront (BFF) starts them with the player's session (the internal
 * listener); the providers report results to their webhooks (paymentWebhookRoutes, the public one).
 */
export const paymentsRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (app, { payments }) => {
  app.post(
    '/Payments/deposits/card/:sessionId',
    {
      schema: {
        tags,
        operationId: 'startCardDeposit',
        summary:
          'Deposit by card with a token from the provider’s tokenisation endpoint (amount in øre, at least 100 kr.; optional bonus code)',
        params: sessionParams,
        body: z.object({ token: z.string().min(1).max(100), amountOre, returnUrl: z.url(), bonusCode }),
        response: depositResponses,
      },
      config: { rateLimit: perPlayerRateLimit({ max: 20, timeWindow: '1 minute' }) },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return { result: 1 as const, data: toJson(await payments.startCardDeposit(request.player.id, request.body)) };
    },
  );

  app.post(
    '/Payments/deposits/mobilepay/:sessionId',
    {
      schema: {
        tags,
        operationId: 'startMobilePayDeposit',
        summary:
          'Deposit by MobilePay: answers requires_action with the app’s address (actionUrl); the player returns to returnUrl?payment=…',
        params: sessionParams,
        body: z.object({ amountOre, returnUrl: z.url(), bonusCode }),
        response: depositResponses,
      },
      config: { rateLimit: perPlayerRateLimit({ max: 20, timeWindow: '1 minute' }) },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return { result: 1 as const, data: toJson(await payments.startMobilePayDeposit(request.player.id, request.body)) };
    },
  );

  app.get(
    '/Payments/deposits/:sessionId/:paymentId',
    {
      schema: {
        tags,
        operationId: 'getDeposit',
        summary:
          'Where one of the session’s player’s deposits stands, with its receipt; one still under way is first settled from the provider’s own answer',
        params: sessionParams.extend({ paymentId: z.uuid() }),
        response: { 200: ok(paymentView), 401: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return { result: 1 as const, data: toJson(await payments.paymentForPlayer(request.player.id, request.params.paymentId)) };
    },
  );
};

/**
 * The deposit providers' webhooks: the raw body is checked against its signature before anything
 * is read from it. On the platform's public listener (app.ts), where the providers reach them.
 */
export const paymentWebhookRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService; config: Config; clock: () => Date }> = async (
  app,
  { payments, config, clock },
) => {
  const toPaymentStatus = (method: PaymentMethod) => async (event: ProviderEvent) => ({
    status: (await payments.handleProviderEvent(method, event)).status,
  });
  await registerSignedWebhooks(app, clock, [
    signedWebhook({
      path: '/Payments/webhooks/cards',
      operationId: 'cardWebhook',
      summary: 'Card provider events (signed: Krone-Signature t=…,v1=HMAC-SHA256)',
      secret: config.CARDS_WEBHOOK_SECRET,
      schema: cardEvent,
      handle: (event) =>
        toPaymentStatus('card')({
          providerPaymentId: event.data.paymentId,
          reference: event.data.reference,
          amountOre: event.data.amountOre,
          succeeded: event.type === 'payment.succeeded',
          failureCode: event.data.declineCode ?? event.data.status,
        }),
    }),
    signedWebhook({
      path: '/Payments/webhooks/mobilepay',
      operationId: 'mobilePayWebhook',
      summary: 'MobilePay events (signed: Krone-Signature t=…,v1=HMAC-SHA256)',
      secret: config.MOBILEPAY_WEBHOOK_SECRET,
      schema: mobilePayEvent,
      handle: (event) =>
        toPaymentStatus('mobilepay')({
          providerPaymentId: event.data.paymentId,
          reference: event.data.reference,
          amountOre: event.data.amountOre,
          // Only a captured payment is money; a "succeeded" event with any other status is not.
          succeeded: event.type === 'payment.succeeded' && event.data.status === 'captured',
          failureCode: event.data.status,
        }),
    }),
  ]);
};
