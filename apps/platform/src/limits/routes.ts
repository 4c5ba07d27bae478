import { DEPOSIT_LIMIT_PERIODS, MAX_DEPOSIT_LIMIT_ORE, MIN_DEPOSIT_LIMIT_ORE, PAUSE_DURATIONS } from '@krone/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, iso, isoDateTime, isoOrNull, noStore, ok, ore, sessionParams } from '../shared/http.js';
import { perPlayerRateLimit } from '../shared/player-rate-limit.js';
import type { LimitsOverview, LimitsService } from './service.js';

const tags = ['limits'];
const periodParams = sessionParams.extend({ period: z.enum(DEPOSIT_LIMIT_PERIODS) });

const overviewSchema = z.object({
  status: z.enum(['active', 'paused', 'closed']),
  pausedUntil: isoDateTime.nullable(),
  closedAt: isoDateTime.nullable(),
  limits: z.array(
    z.object({
      period: z.enum(DEPOSIT_LIMIT_PERIODS),
      amountOre: ore.nullable(),
      usedOre: ore,
      remainingOre: ore.nullable(),
      lookBackDays: z.number().int(),
      pending: z.object({ amountOre: ore.nullable(), effectiveAt: isoDateTime }).nullable(),
    }),
  ),
});
const changeAnswer = z.object({
  change: z.object({ period: z.enum(DEPOSIT_LIMIT_PERIODS), amountOre: ore.nullable(), effectiveAt: isoDateTime, immediate: z.boolean() }),
  overview: overviewSchema,
});

const toJson = (view: LimitsOverview): z.infer<typeof overviewSchema> => ({
  ...view,
  pausedUntil: isoOrNull(view.pausedUntil),
  closedAt: isoOrNull(view.closedAt),
  limits: view.limits.map((limit) => ({
    ...limit,
    pending: limit.pending ? { amountOre: limit.pending.amountOre, effectiveAt: iso(limit.pending.effectiveAt) } : null,
  })),
});

/**
 * The player's own deposit limits, pause and closure (spec §2 /min-konto/begraensninger), for the
 * storefront (BFF), which holds the session token.
 */
export const limitsRoutes: FastifyPluginAsyncZod<{ limits: LimitsService }> = async (app, { limits }) => {
  // Per player and address, after the session is resolved (shared/player-rate-limit.ts).
  const changeLimit = { rateLimit: perPlayerRateLimit({ max: 30, timeWindow: '1 minute' }) };
  // Pause and closure are tools the regulator requires to work: no shared cap, only a generous
  // per-player one against a runaway client; made-up sessions fill their own address's bucket.
  const selfExclusionLimit = { rateLimit: perPlayerRateLimit({ max: 60, timeWindow: '1 minute' }) };

  app.get(
    '/Limits/:sessionId',
    {
      schema: {
        tags,
        operationId: 'getLimits',
        summary:
          'The account state (active, paused until, closed) and per period the deposit limit in force, what is left of it and a change still waiting',
        params: sessionParams,
        response: { 200: ok(overviewSchema), 401: errorBody },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return { result: 1 as const, data: toJson(await limits.overview(request.player.id)) };
    },
  );

  app.put(
    '/Limits/:sessionId/deposit/:period',
    {
      schema: {
        tags,
        operationId: 'setDepositLimit',
        summary: 'Set one period’s deposit limit (øre): a decrease or a new period applies at once, an increase after 24 hours',
        params: periodParams,
        body: z.object({ amountOre: z.number().int().min(MIN_DEPOSIT_LIMIT_ORE).max(MAX_DEPOSIT_LIMIT_ORE) }),
        response: { 200: ok(changeAnswer), 400: errorBody, 401: errorBody, 403: errorBody },
      },
      config: changeLimit,
    },
    async (request, reply) => {
      reply.headers(noStore);
      const playerId = request.player.id;
      const change = await limits.changeDepositLimit(playerId, request.params.period, request.body.amountOre);
      return {
        result: 1 as const,
        data: { change: { ...change, effectiveAt: iso(change.effectiveAt) }, overview: toJson(await limits.overview(playerId)) },
      };
    },
  );

  app.delete(
    '/Limits/:sessionId/deposit/:period',
    {
      schema: {
        tags,
        operationId: 'removeDepositLimit',
        summary: 'Remove one period’s deposit limit after 24 hours; refused when it is the last limit the player has',
        params: periodParams,
        response: { 200: ok(changeAnswer), 401: errorBody, 403: errorBody, 409: errorBody },
      },
      config: changeLimit,
    },
    async (request, reply) => {
      reply.headers(noStore);
      const playerId = request.player.id;
      const change = await limits.changeDepositLimit(playerId, request.params.period, null);
      return {
        result: 1 as const,
        data: { change: { ...change, effectiveAt: iso(change.effectiveAt) }, overview: toJson(await limits.overview(playerId)) },
      };
    },
  );

  app.post(
    '/Limits/:sessionId/pause',
    {
      schema: {
        tags,
        operationId: 'startPause',
        summary: 'Pause the account for 24 hours or 30 days: no deposits and no play until it ends; it cannot be lifted early',
        params: sessionParams,
        body: z.object({ duration: z.enum(PAUSE_DURATIONS) }),
        response: { 200: ok(overviewSchema), 400: errorBody, 401: errorBody, 403: errorBody },
      },
      config: selfExclusionLimit,
    },
    async (request, reply) => {
      reply.headers(noStore);
      const playerId = request.player.id;
      await limits.startPause(playerId, request.body.duration);
      return { result: 1 as const, data: toJson(await limits.overview(playerId)) };
    },
  );

  app.post(
    '/Limits/:sessionId/closure',
    {
      schema: {
        tags,
        operationId: 'closeAccount',
        summary: 'Close the account for good: no deposits and no play; the player can still log in and withdraw',
        params: sessionParams,
        body: z.object({ confirm: z.literal(true) }),
        response: { 200: ok(overviewSchema), 400: errorBody, 401: errorBody },
      },
      config: selfExclusionLimit,
    },
    async (request, reply) => {
      reply.headers(noStore);
      const playerId = request.player.id;
      await limits.closeAccount(playerId);
      return { result: 1 as const, data: toJson(await limits.overview(playerId)) };
    },
  );
};
