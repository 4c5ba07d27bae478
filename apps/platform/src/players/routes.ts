import { BTAG_PATTERN, DEPOSIT_LIMIT_PERIODS, MAX_DEPOSIT_LIMIT_ORE, MIN_DEPOSIT_LIMIT_ORE, MOBILE_COUNTRY_CODES } from '@krone/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import { z } from 'zod';
import { errorBody, iso, isoDateTime, noStore, ok, sessionParams } from '../shared/http.js';
import { AppError } from '../shared/errors.js';
import { logSecurityEvent } from '../shared/security-log.js';
import { PROVIDERS } from './identity.js';
import type { PlayersService } from './service.js';

const tags = ['players'];
const token = z.string().min(1).max(200);
const provider = z.enum(PROVIDERS as ['mitid', 'mobilepay']);

const registrationStateSchema = z.object({
  step: z.enum(['details', 'terms']),
  expiresAt: isoDateTime,
  prefill: z.object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().optional(),
    mobileCc: z.string().optional(),
    mobileNo: z.string().optional(),
  }),
});

const sessionAnswer = z.object({ sessionToken: z.string(), expiresAt: isoDateTime, playerId: z.uuid(), loginLogId: z.uuid() });

/**
 * The players context over HTTP. The storefront (BFF) is the only caller: it holds the session
 * token in an HttpOnly cookie and passes it here; page script never sees it. The spec's backend
 * calls keep their paths; login and registration (not shown in the spec) are ours.
 */
export const playersRoutes: FastifyPluginAsyncZod<{ players: PlayersService; config: Config }> = async (app, { players, config }) => {
  const authLimit = { rateLimit: { max: config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } };

  app.post(
    '/Players/auth/start',
    {
      schema: {
        tags,
        operationId: 'startAuthorization',
        summary: 'Start a MitID or MobilePay login or registration: the broker URL and a one-time transaction id',
        body: z.object({ provider, purpose: z.enum(['login', 'register']), redirectTo: z.string().max(500).nullish() }),
        response: {
          200: ok(z.object({ authorizationUrl: z.url(), transactionId: z.string() })),
          400: errorBody,
          429: errorBody,
          502: errorBody,
        },
      },
      config: authLimit,
    },
    async (request, reply) => {
      reply.headers(noStore);
      return { result: 1 as const, data: await players.startAuthorization(request.body) };
    },
  );

  app.post(
    '/Players/auth/callback',
    {
      schema: {
        tags,
        operationId: 'finishAuthorization',
        summary: 'The broker sent the player back: a session (login) or a registration under way',
        body: z.object({ provider, transactionId: token, params: z.record(z.string().max(40), z.string().max(4000)) }),
        response: {
          200: ok(
            z.discriminatedUnion('outcome', [
              sessionAnswer.extend({ outcome: z.literal('session'), redirectTo: z.string().nullable() }),
              z.object({
                outcome: z.literal('registration'),
                registrationId: z.string(),
                expiresAt: isoDateTime,
                redirectTo: z.string().nullable(),
              }),
              z.object({
                outcome: z.literal('cpr-check'),
                registrationId: z.string(),
                expiresAt: isoDateTime,
                redirectTo: z.string().nullable(),
              }),
              z.object({ outcome: z.literal('confirmed'), redirectTo: z.string().nullable() }),
            ]),
          ),
          400: errorBody,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          409: errorBody,
          429: errorBody,
          502: errorBody,
          503: errorBody,
        },
      },
      config: authLimit,
    },
    async (request, reply) => {
      reply.headers(noStore);
      const answer = await players.finishAuthorization(request.body).catch((error: unknown) => {
        // OIDC callback failures and broker errors: an operator sees attacks (no token, no code).
        logSecurityEvent(request, 'login_failed', {
          provider: request.body.provider,
          reason: error instanceof AppError ? error.code : 'internal_error',
          brokerError: request.body.params.error?.slice(0, 100),
        });
        throw error;
      });
      if (answer.outcome === 'confirmed') return { result: 1 as const, data: answer };
      return { result: 1 as const, data: { ...answer, expiresAt: iso(answer.expiresAt) } };
    },
  );

  const registrationParams = z.object({ registrationId: token });

  app.get(
    '/Players/registrations/:registrationId',
    {
      schema: {
        tags,
        operationId: 'getRegistration',
        summary: 'Where a registration stands',
        params: registrationParams,
        response: { 200: ok(registrationStateSchema), 410: errorBody },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      const state = await players.registrationState(request.params.registrationId);
      return { result: 1 as const, data: { ...state, expiresAt: iso(state.expiresAt) } };
    },
  );

  app.post(
    '/Players/registrations/:registrationId/cpr-check',
    {
      schema: {
        tags,
        operationId: 'checkCprForLogin',
        summary:
          'A MitID login with no account: the CPR, confirmed by MitID, finds the account and logs it in (the MitID linked to it); NO_ACTIVE_ACCOUNT offers registration',
        params: registrationParams,
        body: z.object({ cpr: z.string().max(20) }),
        response: {
          200: ok(sessionAnswer.extend({ outcome: z.literal('session') })),
          400: errorBody,
          403: errorBody,
          404: errorBody,
          409: errorBody,
          410: errorBody,
          429: errorBody,
          502: errorBody,
          503: errorBody,
        },
      },
      config: authLimit,
    },
    async (request, reply) => {
      reply.headers(noStore);
      const answer = await players.finishCprCheck(request.params.registrationId, request.body.cpr).catch((error: unknown) => {
        logSecurityEvent(request, 'login_failed', { provider: 'mitid', reason: error instanceof AppError ? error.code : 'internal_error' });
        throw error;
      });
      return { result: 1 as const, data: { ...answer, outcome: 'session' as const, expiresAt: iso(answer.expiresAt) } };
    },
  );

  app.post(
    '/Players/registrations/:registrationId/details',
    {
      schema: {
        tags,
        operationId: 'submitRegistrationDetails',
        summary: 'Registration step two: CPR (confirmed by MitID), names, e-mail and mobile',
        params: registrationParams,
        body: z.object({
          cpr: z.string().max(20),
          firstName: z.string().trim().min(1).max(50),
          lastName: z.string().trim().min(1).max(100),
          email: z.string().trim().toLowerCase().pipe(z.email().max(254)),
          mobileCc: z.enum(MOBILE_COUNTRY_CODES),
          mobileNo: z.string().max(20),
        }),
        response: {
          200: ok(registrationStateSchema),
          400: errorBody,
          403: errorBody,
          409: errorBody,
          410: errorBody,
          429: errorBody,
          502: errorBody,
          503: errorBody,
        },
      },
      // CPR tries are limited per client too, besides the broker's 3 in 15 minutes per person.
      config: { rateLimit: { max: config.CPR_RATE_LIMIT_PER_15_MINUTES, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      reply.headers(noStore);
      const state = await players.submitDetails(request.params.registrationId, request.body).catch((error: unknown) => {
        // Never the CPR tried, not even in part.
        if (error instanceof AppError && error.code === 'CPR_MISMATCH') {
          logSecurityEvent(request, 'cpr_mismatch', {
            provider: 'mitid',
            reason: error.code,
            remainingAttempts: (error.details?.remainingAttempts as number | null | undefined) ?? null,
          });
        }
        throw error;
      });
      return { result: 1 as const, data: { ...state, expiresAt: iso(state.expiresAt) } };
    },
  );

  app.post(
    '/Players/registrations/:registrationId/complete',
    {
      schema: {
        tags,
        operationId: 'completeRegistration',
        summary: 'Registration step three: terms, bonus choice and (when the bonus is declined) the deposit limit',
        params: registrationParams,
        body: z.object({
          acceptTerms: z.literal(true, { error: 'validation.terms_required' }),
          bonus: z.boolean(),
          depositLimit: z
            .object({
              period: z.enum(DEPOSIT_LIMIT_PERIODS),
              amountOre: z.number().int().min(MIN_DEPOSIT_LIMIT_ORE).max(MAX_DEPOSIT_LIMIT_ORE),
            })
            .optional(),
          bTag: z.string().regex(BTAG_PATTERN).optional(),
        }),
        response: { 200: ok(sessionAnswer), 400: errorBody, 409: errorBody, 410: errorBody },
      },
      config: authLimit,
    },
    async (request, reply) => {
      reply.headers(noStore);
      const answer = await players.completeRegistration(request.params.registrationId, request.body);
      return { result: 1 as const, data: { ...answer, expiresAt: iso(answer.expiresAt) } };
    },
  );

  app.post(
    '/Players/sessions/:sessionId/logout',
    {
      schema: {
        tags,
        operationId: 'logout',
        summary: 'End a session',
        params: sessionParams,
        response: { 200: ok(z.object({ ended: z.boolean() })) },
      },
      // A session already over answers ended: false, never 401.
      config: { sessionPlayer: false },
    },
    async (request) => ({ result: 1 as const, data: { ended: await players.logout(request.params.sessionId) } }),
  );
};
