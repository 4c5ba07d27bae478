import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config.js';
import { errorBody, iso, isoDateTime, isoOrNull, noStore, ok, sessionParams } from '../shared/http.js';
import { perPlayerRateLimit } from '../shared/player-rate-limit.js';
import { registerSignedWebhooks, signedWebhook } from './signed-webhooks.js';
import type { PayoutEvent } from './withdrawals-nemkonto.js';
import type { WithdrawalView, WithdrawalsService } from './withdrawals.js';

const tags = ['payments'];

const withdrawalView = z.object({
  id: z.uuid(),
  amountOre: z.number().int(),
  /**
   * pending (cancellable), processing (held for review by the operator, or sent to NemKonto), paid,
   * cancelled, failed (refused by NemKonto; money back), rejected (by the operator; money back, rejectionReason says why)
   */
  status: z.enum(['pending', 'processing', 'paid', 'cancelled', 'failed', 'rejected']),
  cancellable: z.boolean(),
  requestedAt: isoDateTime,
  /** At most 3 Danish banking days after the request. */
  expectedBy: isoDateTime,
  paidAt: isoDateTime.nullable(),
  cancelledAt: isoDateTime.nullable(),
  failedAt: isoDateTime.nullable(),
  /** The bonus balance this withdrawal forfeited (asked while a bonus was open, confirmed with forfeitBonus), 0 when none. */
  forfeitedBonusOre: z.number().int().min(0),
  /** The operator's reason for a rejection, shown to the player; null otherwise. */
  rejectionReason: z.string().nullable(),
});
const toJson = (row: WithdrawalView): z.infer<typeof withdrawalView> => ({
  ...row,
  requestedAt: iso(row.requestedAt),
  expectedBy: iso(row.expectedBy),
  paidAt: isoOrNull(row.paidAt),
  cancelledAt: isoOrNull(row.cancelledAt),
  failedAt: isoOrNull(row.failedAt),
});

const payoutEvent = z.object({
  id: z.string().min(1).max(100),
  type: z.literal('payout.paid'),
  createdAt: z.string().max(40),
  data: z.object({
    payoutId: z.string().min(1).max(100),
    reference: z.uuid(),
    amountOre: z.number().int(),
    paidAt: z.string().max(40),
  }),
});

/**
 * Withdrawals over HTTP: the storefront (BFF) requests, lists and cancels them with the player's
 * session (the internal listener); NemKonto reports payouts paid to its webhook (payoutWebhookRoutes).
 */
export const withdrawalsRoutes: FastifyPluginAsyncZod<{ withdrawals: WithdrawalsService }> = async (app, { withdrawals }) => {
  app.post(
    '/Payments/withdrawals/:sessionId',
    {
      schema: {
        tags,
        operationId: 'requestWithdrawal',
        summary:
          'Withdraw to the player’s NemKonto (øre, at least 100 kr., at most the withdrawable balance); reserved at once. While a bonus is open the withdrawal forfeits it: refused 409 WITHDRAWAL_FORFEITS_BONUS (with bonusOre) unless forfeitBonus is true',
        params: sessionParams,
        body: z.object({
          amountOre: z.number().describe('Whole øre'),
          /** A uuid made per confirmation: sending the same request again answers the first. */
          requestId: z.uuid().optional(),
          /**
           * The player confirmed that the withdrawal forfeits their open bonus (the bonus balance
           * named by WITHDRAWAL_FORFEITS_BONUS's bonusOre): the bonus ends with the withdrawal.
           */
          forfeitBonus: z.boolean().optional(),
        }),
        response: { 200: ok(withdrawalView), 400: errorBody, 401: errorBody, 409: errorBody },
      },
      // Per player and address, never keyed by the session token (shared/player-rate-limit.ts).
      config: { rateLimit: perPlayerRateLimit({ max: 20, timeWindow: '1 minute' }) },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return { result: 1 as const, data: toJson(await withdrawals.requestWithdrawal(request.player.id, request.body)) };
    },
  );

  app.get(
    '/Payments/withdrawals/:sessionId',
    {
      schema: {
        tags,
        operationId: 'listWithdrawals',
        summary: 'The session’s player’s withdrawals (newest 50) and what they can withdraw now',
        params: sessionParams,
        response: {
          200: ok(
            z.object({
              withdrawableOre: z.number().int(),
              reservedOre: z.number().int(),
              minimumOre: z.number().int(),
              /** The open bonus a withdrawal now would forfeit: its balance and expiry; null when none is open. */
              openBonus: z
                .object({ bonusOre: z.number().int().min(0), freeRoundsLeft: z.number().int().min(0), expiresAt: isoDateTime })
                .nullable(),
              withdrawals: z.array(withdrawalView),
            }),
          ),
          401: errorBody,
        },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      const list = await withdrawals.listWithdrawals(request.player.id);
      const openBonus = list.openBonus && {
        bonusOre: list.openBonus.bonusOre,
        freeRoundsLeft: list.openBonus.freeRoundsLeft,
        expiresAt: iso(list.openBonus.expiresAt),
      };
      return { result: 1 as const, data: { ...list, openBonus, withdrawals: list.withdrawals.map(toJson) } };
    },
  );

  app.post(
    '/Payments/withdrawals/:sessionId/:withdrawalId/cancel',
    {
      schema: {
        tags,
        operationId: 'cancelWithdrawal',
        summary: 'Cancel one of the player’s pending withdrawals: the money goes back to the game account',
        params: sessionParams.extend({ withdrawalId: z.uuid() }),
        response: { 200: ok(withdrawalView), 401: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return { result: 1 as const, data: toJson(await withdrawals.cancelWithdrawal(request.player.id, request.params.withdrawalId)) };
    },
  );
};

/**
 * NemKonto's payout webhook, its raw body checked against its signature before anything is read
 * from it. On the platform's public listener (app.ts), where NemKonto reaches it.
 */
export const payoutWebhookRoutes: FastifyPluginAsyncZod<{ withdrawals: WithdrawalsService; config: Config; clock: () => Date }> = async (
  app,
  { withdrawals, config, clock },
) => {
  await registerSignedWebhooks(app, clock, [
    signedWebhook({
      path: '/Payments/webhooks/nemkonto',
      operationId: 'nemkontoWebhook',
      summary: 'NemKonto payout events (signed: Krone-Signature t=…,v1=HMAC-SHA256)',
      secret: config.NEMKONTO_WEBHOOK_SECRET,
      schema: payoutEvent,
      handle: (event: PayoutEvent) => withdrawals.handlePayoutEvent(event),
    }),
  ]);
};
