import { MOBILE_COUNTRY_CODES } from '@krone/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config.js';
import { errorBody, noStore, ok, sessionParams } from '../shared/http.js';
import type { PlayersService } from './service.js';

const tags = ['players'];
const token = z.string().min(1).max(200);
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
  address1: z.string(),
  address2: z.string(),
  address3: z.string(),
  streetName: z.string(),
  streetNumber: z.string(),
  streetLetter: z.string(),
  region: z.string(),
  zip: z.string(),
  city: z.string(),
  phone: z.string(),
  /** From the CPR number's last digit: 'male', 'female'. */
  gender: z.enum(['male', 'female', '']),
  mobileModel: z.string(),
  pin: z.string(),
  currency: z.string(),
  language: z.string(),
  email: z.string(),
  mobileNo: z.string(),
  mobileCC: z.string(),
  emailNotify: z.union([z.literal(0), z.literal(1)]),
  smsNotify: z.union([z.literal(0), z.literal(1)]),
  campaignCode: z.string(),
  campaignName: z.string(),
  referAFriend: z.string(),
  /** The player's segment (Depositor, Non-Depositor). */
  groupId: z.string(),
  bTag: z.string(),
  nationalId: z.string(),
  externalId: z.string(),
  registered: z.string(),
  lastLogin: z.string().nullable(),
  previousLogin: z.string().nullable(),
  marketingNotificationDay: z.string().nullable(),
  timeZone: z.string(),
});

/** The session's player's profile: userInfo, the segment, the offer properties, the new-winners choice. */
const profileSchema = z.object({
  userInfo: userInfoSchema,
  playerType: z.string(),
  segment: z.string(),
  properties: z.record(z.string(), z.string()),
  /** Never shown among the new winners, and nameless in a jackpot's last hits. */
  winnersOptOut: z.boolean(),
});

/**
 * The player's own account over HTTP (contact change, profile, properties, marketing consent,
 * unsubscribe links, session logs): the spec's backend calls, for the storefront (BFF). Session
 * routes get their player from the session-player hook (shared/session-player.ts).
 */
export const playerAccountRoutes: FastifyPluginAsyncZod<{ players: PlayersService; config: Config }> = async (app, { players, config }) => {
  const authLimit = { rateLimit: { max: config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } };

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
        response: {
          200: ok(z.object({ authorizationUrl: z.url(), transactionId: z.string() })),
          400: errorBody,
          401: errorBody,
          403: errorBody,
          409: errorBody,
          429: errorBody,
          502: errorBody,
        },
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
        summary: 'userInfo and playerType of the session’s player, and their choice not to be shown among the new winners',
        params: sessionParams,
        response: {
          200: ok(profileSchema),
          401: errorBody,
        },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return { result: 1 as const, data: await players.profile(request.player) };
    },
  );

  app.put(
    '/GATMaven/users/:sessionId/profile',
    {
      schema: {
        tags,
        operationId: 'updateUserProfile',
        summary:
          'The session’s player’s choices on their profile: winnersOptOut true leaves them out of the new winners (their earlier wins too) and nameless in a jackpot’s last hits; a change is written to the player log',
        params: sessionParams,
        body: z.object({ winnersOptOut: z.boolean() }),
        response: { 200: ok(z.object({ winnersOptOut: z.boolean() })), 400: errorBody, 401: errorBody },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return { result: 1 as const, data: await players.setWinnersOptOut(request.player.id, request.body.winnersOptOut) };
    },
  );

  app.put(
    '/GATMaven/users/:sessionId/address',
    {
      schema: {
        tags,
        operationId: 'updateUserAddress',
        summary:
          'The session’s player completes or changes their postal address (street and number, a second line, zip, city); answers the profile',
        params: sessionParams,
        body: z.object({
          address1: z.string().max(200),
          address2: z.string().max(200).optional(),
          zip: z.string().max(10),
          city: z.string().max(100),
        }),
        response: {
          200: ok(profileSchema),
          400: errorBody,
          401: errorBody,
        },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return { result: 1 as const, data: await players.setAddress(request.player.id, request.body) };
    },
  );

  app.post(
    '/GATMaven/users/:sessionId/setProperties',
    {
      schema: {
        tags,
        operationId: 'setProperties',
        params: sessionParams,
        body: z
          .array(z.object({ property: z.enum(['acceptsmsoffer', 'firstdeposit']), value: z.enum(['True', 'False']) }))
          .min(1)
          .max(10),
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
      schema: {
        tags,
        operationId: 'updateDepositor',
        params: sessionParams,
        response: { 200: ok(z.object({ playerType: z.string() })), 401: errorBody },
      },
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

  // The player is the session's (its token, which has expired or ended by now), never the body's:
  // a body naming a user is not read. `sessionPlayer: false`, as the session is no longer alive.
  app.post(
    '/Logs/CreateSessionExpireLog/:sessionId',
    {
      schema: {
        tags,
        operationId: 'createSessionExpireLog',
        summary: 'Log that the storefront saw this session (live or ended) expire, for the session’s player',
        params: sessionParams,
        body: z.object({ from_route: z.string().max(500), datetime: z.string().max(40) }),
        response: { 200: ok(z.object({ id: z.uuid() })), 400: errorBody, 401: errorBody },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' }, sessionPlayer: false },
    },
    async (request) => ({
      result: 1 as const,
      data: {
        id: await players.logSessionExpiry({
          token: request.params.sessionId,
          fromRoute: request.body.from_route,
          datetime: request.body.datetime,
        }),
      },
    }),
  );
};
