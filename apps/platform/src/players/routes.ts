import { DEPOSIT_LIMIT_PERIODS, MAX_DEPOSIT_LIMIT_ORE, MIN_DEPOSIT_LIMIT_ORE, MOBILE_COUNTRY_CODES } from '@krone/domain';
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
const day = z.iso.date();

const userInfoSchema = z.object({
  userId: z.uuid(),
  login: z.string(),
  nickname: z.string(),
  country: z.string(),
  birthday: z.string(),
  firstName: z.string(),
  middleName: z.string(),
  lastName: z.string(),
  currency: z.string(),
  language: z.string(),
  email: z.string(),
  mobileNo: z.string(),
  mobileCC: z.string(),
  emailNotify: z.union([z.literal(0), z.literal(1)]),
  smsNotify: z.union([z.literal(0), z.literal(1)]),
  campaignCode: z.string(),
  bTag: z.string(),
  nationalId: z.string(),
  registered: z.string(),
  lastLogin: z.string().nullable(),
  previousLogin: z.string().nullable(),
  marketingNotificationDay: z.string().nullable(),
  timeZone: z.string(),
});

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
        response: { 200: ok(z.object({ authorizationUrl: z.url(), transactionId: z.string() })), 400: errorBody, 429: errorBody, 502: errorBody },
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
              z.object({ outcome: z.literal('registration'), registrationId: z.string(), expiresAt: isoDateTime, redirectTo: z.string().nullable() }),
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
        response: { 200: ok(registrationStateSchema), 400: errorBody, 403: errorBody, 409: errorBody, 410: errorBody, 429: errorBody, 502: errorBody, 503: errorBody },
      },
      // CPR tries are limited per client too, besides the broker's 3 in 15 minutes per person.
      config: { rateLimit: { max: config.CPR_RATE_LIMIT_PER_15_MINUTES, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      reply.headers(noStore);
      const state = await players.submitDetails(request.params.registrationId, request.body).catch((error: unknown) => {
        // Never the CPR tried, not even in part.
        if (error instanceof AppError && error.code === 'CPR_MISMATCH') {
          logSecurityEvent(request, 'cpr_mismatch', { provider: 'mitid', reason: error.code, remainingAttempts: (error.details?.remainingAttempts as number | null | undefined) ?? null });
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
            .object({ period: z.enum(DEPOSIT_LIMIT_PERIODS), amountOre: z.number().int().min(MIN_DEPOSIT_LIMIT_ORE).max(MAX_DEPOSIT_LIMIT_ORE) })
            .optional(),
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
      schema: { tags, operationId: 'logout', summary: 'End a session', params: sessionParams, response: { 200: ok(z.object({ ended: z.boolean() })) } },
      // A session already over answers ended: false, never 401.
      config: { sessionPlayer: false },
    },
    async (request) => ({ result: 1 as const, data: { ended: await players.logout(request.params.sessionId) } }),
  );

  app.post(
    '/Players/users/:sessionId/contact-change',
    {
      schema: {
        tags,
        operationId: 'startContactChange',
        summary: 'Change e-mail or mobile: checked now, applied after the player confirms with MitID (the broker URL and transaction)',
        params: sessionParams,
        body: z.object({
          email: z.string().trim().toLowerCase().pipe(z.email().max(254)),
          mobileCc: z.enum(MOBILE_COUNTRY_CODES),
          mobileNo: z.string().max(20),
          redirectTo: z.string().max(500).nullish(),
        }),
        response: { 200: ok(z.object({ authorizationUrl: z.url(), transactionId: z.string() })), 400: errorBody, 401: errorBody, 403: errorBody, 409: errorBody, 429: errorBody, 502: errorBody },
      },
      config: authLimit,
    },
    async (request, reply) => {
      reply.headers(noStore);
      return { result: 1 as const, data: await players.startContactChange(request.player, request.body) };
    },
  );

  app.get(
    '/GATMaven/users/:sessionId/validateExpire',
    {
      schema: {
        tags,
        operationId: 'validateExpire',
        summary: 'Is the session alive? result 1 and data true when it is (spec §7)',
        params: sessionParams,
        response: { 200: ok(z.literal(true)), 401: errorBody },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      // The session-player hook answered 401 already when it is not.
      return { result: 1 as const, data: true as const };
    },
  );

  app.get(
    '/GATMaven/users/:sessionId/profile',
    {
      schema: {
        tags,
        operationId: 'getUserProfile',
        summary: 'userInfo and playerType of the session’s player',
        params: sessionParams,
        response: {
          200: ok(z.object({ userInfo: userInfoSchema, playerType: z.string(), segment: z.string(), properties: z.record(z.string(), z.string()) })),
          401: errorBody,
        },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return { result: 1 as const, data: await players.profile(request.player) };
    },
  );

  app.post(
    '/GATMaven/users/:sessionId/setProperties',
    {
      schema: {
        tags,
        operationId: 'setProperties',
        params: sessionParams,
        body: z.array(z.object({ property: z.enum(['acceptsmsoffer', 'firstdeposit']), value: z.enum(['True', 'False']) })).min(1).max(10),
        response: { 200: ok(z.record(z.string(), z.string())), 400: errorBody, 401: errorBody },
      },
    },
    async (request) => ({ result: 1 as const, data: await players.setProperties(request.player, request.body) }),
  );

  app.get(
    '/GATMaven/users/:sessionId/getProperty',
    {
      schema: {
        tags,
        operationId: 'getProperty',
        params: sessionParams,
        querystring: z.object({ keyProperty: z.enum(['firstdeposit', 'acceptsmsoffer']) }),
        response: { 200: ok(z.string().nullable()), 401: errorBody },
      },
    },
    async (request) => ({ result: 1 as const, data: await players.getProperty(request.player, request.query.keyProperty) }),
  );

  const flag = z.enum(['0', '1', 'true', 'false']).transform((value) => value === '1' || value === 'true');
  app.put(
    '/GATMaven/users/:sessionId/EmailNotify/update',
    {
      schema: {
        tags,
        operationId: 'updateNotify',
        params: sessionParams,
        querystring: z.object({ EmailNotify: flag, SMSNotify: flag }),
        response: { 200: ok(z.object({ emailNotify: z.boolean(), smsNotify: z.boolean() })), 400: errorBody, 401: errorBody },
      },
    },
    async (request) => ({
      result: 1 as const,
      data: await players.setNotify(request.player.id, { emailNotify: request.query.EmailNotify, smsNotify: request.query.SMSNotify }),
    }),
  );

  app.get(
    '/Player/MarketingNotification/:sessionId/:userId',
    {
      schema: {
        tags,
        operationId: 'getMarketingNotification',
        params: z.object({ sessionId: token, userId: z.uuid() }),
        response: { 200: ok(z.object({ day: z.string().nullable() })), 401: errorBody, 403: errorBody },
      },
    },
    async (request) => ({ result: 1 as const, data: await players.getMarketingNotification(request.player, request.params.userId) }),
  );

  app.put(
    '/Player/MarketingNotification/:sessionId',
    {
      schema: {
        tags,
        operationId: 'setMarketingNotification',
        params: sessionParams,
        body: z.object({ userId: z.uuid(), day }),
        response: { 200: ok(z.object({ day: z.string() })), 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => ({
      result: 1 as const,
      data: await players.setMarketingNotification(request.player.id, request.body.userId, request.body.day),
    }),
  );

  app.put(
    '/GATMaven/users/:sessionId/updateDepositor',
    {
      schema: { tags, operationId: 'updateDepositor', params: sessionParams, response: { 200: ok(z.object({ playerType: z.string() })), 401: errorBody } },
    },
    async (request) => ({ result: 1 as const, data: await players.updateDepositor(request.player.id) }),
  );

  app.put(
    '/CMScasino/UpdatePlayerTypeToDB/',
    {
      schema: {
        tags,
        operationId: 'updatePlayerType',
        querystring: z.object({ sessionId: token, playerType: z.enum(['Depositor', 'Non-Depositor']) }),
        response: { 200: ok(z.object({ playerType: z.string() })), 400: errorBody, 401: errorBody },
      },
    },
    async (request) => ({ result: 1 as const, data: await players.updatePlayerType(request.player.id, request.query.playerType) }),
  );

  const unsubscribeLimit = { rateLimit: { max: 20, timeWindow: '1 minute' } };
  app.post(
    '/GATMaven/users/DisablePromotionalEmail',
    {
      schema: {
        tags,
        operationId: 'disablePromotionalEmail',
        querystring: z.object({ UserGuid: z.uuid(), IpAddress: z.string().max(64).optional() }),
        response: { 200: ok(z.literal(true)), 400: errorBody, 404: errorBody },
      },
      config: unsubscribeLimit,
    },
    async (request) => ({ result: 1 as const, data: (await players.unsubscribe(request.query.UserGuid, 'email')) as true }),
  );

  app.put(
    '/SMSUnsubscribe/:PlayerId',
    {
      schema: {
        tags,
        operationId: 'smsUnsubscribe',
        params: z.object({ PlayerId: z.uuid() }),
        response: { 200: ok(z.literal(true)), 400: errorBody, 404: errorBody },
      },
      config: unsubscribeLimit,
    },
    async (request) => ({ result: 1 as const, data: (await players.unsubscribe(request.params.PlayerId, 'sms')) as true }),
  );

  app.put(
    '/SMSUnsubscribe/UnsubscribeBrand',
    {
      schema: {
        tags,
        operationId: 'brandUnsubscribe',
        body: z.object({ playerID: z.uuid(), brand: z.string().min(1).max(60) }),
        response: { 200: ok(z.literal(true)), 400: errorBody, 404: errorBody },
      },
      config: unsubscribeLimit,
    },
    async (request) => ({ result: 1 as const, data: (await players.unsubscribe(request.body.playerID, 'brand')) as true }),
  );

  app.post(
    '/Logs/CreateSessionExpireLog',
    {
      schema: {
        tags,
        operationId: 'createSessionExpireLog',
        body: z.object({ userId: z.uuid(), from_route: z.string().max(500), datetime: z.string().max(40) }),
        response: { 200: ok(z.object({ id: z.uuid() })), 400: errorBody },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => ({
      result: 1 as const,
      data: { id: await players.logSessionExpiry({ userId: request.body.userId, fromRoute: request.body.from_route, datetime: request.body.datetime }) },
    }),
  );
};
