import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { VERIFICATION_LEVELS, type DocumentsService } from '../documents/service.js';
import type { LimitsService } from '../limits/service.js';
import type { StaffAccess } from '../players/staff-access.js';
import { errorBody, iso, isoDateTime, isoOrNull, noStore, ok, ore } from '../shared/http.js';
import type { WalletService } from '../wallet/service.js';
import { proposalJson, proposalSchema, reasonBody } from './proposal-routes.js';
import type { Proposals } from './proposals.js';
import { PLAYER_LOCKERS, PLAYER_READERS, STAFF_ROLES } from './roles.js';
import { bearerOf, type StaffService, type StaffSession } from './service.js';
import type { Db } from '../db/client.js';

const tags = ['staff'];
const refusals = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

const staffSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.enum(STAFF_ROLES)),
});
const playerParams = z.object({ playerId: z.uuid() });
const playerSummary = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  status: z.string(),
  registeredAt: isoDateTime,
});
const trailEntry = z.object({
  action: z.string(),
  staffName: z.string(),
  reason: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  at: isoDateTime,
});

declare module 'fastify' {
  interface FastifyRequest {
    /** The staff member of the request's session, set by the route's role guard. */
    staff: StaffSession;
  }
}

export interface StaffRoutesOptions {
  db: Db;
  staff: StaffService;
  access: StaffAccess;
  proposals: Proposals;
  wallet: WalletService;
  limits: LimitsService;
  documents: DocumentsService;
  trail: (targetKind: string, targetId: string) => Promise<z.infer<typeof trailEntry>[]>;
  /** Ends the player's game sessions (the games context), after a lock has committed. */
  endGameSessions: (playerId: string) => Promise<void>;
}

/**
 * The staff door's calls (docs/backoffice.md): the back office's server, with its key, and for
 * every call but the login's a staff session (Authorization: Bearer) whose roles the route admits.
 */
export const staffRoutes: FastifyPluginAsyncZod<StaffRoutesOptions> = async (app, options) => {
  const { staff, access, proposals, wallet, limits, documents, trail } = options;
  const { guard } = staff;
  app.decorateRequest('staff', null as never);
  app.addHook('onSend', async (_request, reply) => void reply.headers(noStore));

  app.post(
    '/Staff/login/start',
    {
      schema: {
        tags,
        operationId: 'staffLoginStart',
        summary: 'Starts a staff login at the staff identity provider: where to send the browser, and the round trip’s id',
        body: z.object({}).strict(),
        response: { 200: ok(z.object({ loginId: z.uuid(), authorizationUrl: z.url() })), 502: errorBody },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async () => ({ result: 1 as const, data: await staff.startLogin() }),
  );

  app.post(
    '/Staff/login/complete',
    {
      schema: {
        tags,
        operationId: 'staffLoginComplete',
        summary: 'Completes a staff login with the IdP’s callback: a staff session (second factor required)',
        body: z.object({
          loginId: z.uuid(),
          callbackParams: z.record(z.string().max(64), z.string().max(4096)).refine((params) => Object.keys(params).length <= 10),
        }),
        response: {
          200: ok(z.object({ sessionToken: z.string(), expiresAt: isoDateTime, staff: staffSchema })),
          ...refusals,
          502: errorBody,
        },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const { sessionToken, expiresAt, staff: member } = await staff.completeLogin(request.body.loginId, request.body.callbackParams);
      return { result: 1 as const, data: { sessionToken, expiresAt: iso(expiresAt), staff: member as z.infer<typeof staffSchema> } };
    },
  );

  app.post(
    '/Staff/logout',
    { schema: { tags, operationId: 'staffLogout', summary: 'Ends the staff session', response: { 200: ok(z.object({})) } } },
    async (request) => {
      const token = bearerOf(request);
      if (token) await staff.logout(token);
      return { result: 1 as const, data: {} };
    },
  );

  app.get(
    '/Staff/me',
    {
      ...guard('any'),
      schema: {
        tags,
        operationId: 'staffMe',
        summary: 'The staff member of the session, their roles and when the session ends if left idle',
        response: { 200: ok(staffSchema.extend({ sessionExpiresAt: isoDateTime })), ...refusals },
      },
    },
    async (request) => {
      const { sessionExpiresAt, ...member } = request.staff;
      return { result: 1 as const, data: { ...(member as z.infer<typeof staffSchema>), sessionExpiresAt: iso(sessionExpiresAt) } };
    },
  );

  app.get(
    '/Staff/players',
    {
      ...guard(PLAYER_READERS),
      schema: {
        tags,
        operationId: 'staffSearchPlayers',
        summary: 'Players by name, e-mail, phone or player id; a CPR number only by exact match (of its hash)',
        querystring: z.object({ q: z.string().trim().min(2).max(100) }),
        response: { 200: ok(z.object({ players: z.array(playerSummary) })), ...refusals },
      },
    },
    async (request) => {
      const found = await access.search(request.query.q);
      return { result: 1 as const, data: { players: found.map((player) => ({ ...player, registeredAt: iso(player.registeredAt) })) } };
    },
  );

  app.get(
    '/Staff/players/:playerId',
    {
      ...guard(PLAYER_READERS),
      schema: {
        tags,
        operationId: 'staffPlayer',
        summary:
          'A player’s page: profile, status, balances, logins, limits and their history, pauses and closure, documents, proposals, the trail',
        params: playerParams,
        response: {
          200: ok(
            z.object({
              profile: playerSummary.extend({
                birthDate: z.string(),
                nickname: z.string().nullable(),
                address: z.string().nullable(),
                zip: z.string().nullable(),
                city: z.string().nullable(),
                playerType: z.string(),
                emailNotify: z.boolean(),
                smsNotify: z.boolean(),
                campaignCode: z.string().nullable(),
                lastLoginAt: isoDateTime.nullable(),
              }),
              balances: z.object({ cashOre: ore, bonusOre: ore, payoutReserveOre: ore }),
              account: z.object({
                state: z.enum(['active', 'paused', 'closed']),
                pausedUntil: isoDateTime.nullable(),
                closedAt: isoDateTime.nullable(),
              }),
              limits: z.array(
                z.object({
                  period: z.string(),
                  amountOre: ore.nullable(),
                  usedOre: ore,
                  pendingOre: ore.nullable(),
                  pendingAt: isoDateTime.nullable(),
                }),
              ),
              limitChanges: z.array(
                z.object({
                  period: z.string(),
                  amountOre: ore.nullable(),
                  createdAt: isoDateTime,
                  effectiveAt: isoDateTime,
                  source: z.string(),
                }),
              ),
              exclusions: z.array(
                z.object({
                  kind: z.string(),
                  startsAt: isoDateTime,
                  endsAt: isoDateTime.nullable(),
                  createdAt: isoDateTime,
                  source: z.string(),
                }),
              ),
              sessions: z.array(
                z.object({
                  method: z.string(),
                  createdAt: isoDateTime,
                  lastSeenAt: isoDateTime,
                  endedAt: isoDateTime.nullable(),
                  endedReason: z.string().nullable(),
                  live: z.boolean(),
                }),
              ),
              documents: z.array(
                z.object({
                  id: z.string(),
                  documentType: z.string(),
                  status: z.string(),
                  rejectionReason: z.string().nullable(),
                  uploadedAt: isoDateTime,
                }),
              ),
              verification: z.enum(VERIFICATION_LEVELS),
              proposals: z.array(proposalSchema),
              trail: z.array(trailEntry),
            }),
          ),
          ...refusals,
        },
      },
    },
    async (request) => {
      const { playerId } = request.params;
      const profile = await access.profile(playerId);
      const [balances, overview, history, logins, docs, open, verification] = await Promise.all([
        wallet.playerBalances(playerId),
        limits.overview(playerId),
        limits.history(playerId),
        access.loginSessions(playerId),
        documents.list(playerId),
        proposals.list('all', playerId),
        documents.verification(playerId),
      ]);
      return {
        result: 1 as const,
        data: {
          profile: { ...profile, registeredAt: iso(profile.registeredAt), lastLoginAt: isoOrNull(profile.lastLoginAt) },
          balances: { cashOre: balances.player_cash, bonusOre: balances.player_bonus, payoutReserveOre: balances.player_payout_reserve },
          account: { state: overview.status, pausedUntil: isoOrNull(overview.pausedUntil), closedAt: isoOrNull(overview.closedAt) },
          limits: overview.limits.map((limit) => ({
            period: limit.period,
            amountOre: limit.amountOre,
            usedOre: limit.usedOre,
            pendingOre: limit.pending?.amountOre ?? null,
            pendingAt: isoOrNull(limit.pending?.effectiveAt),
          })),
          limitChanges: history.limitChanges.map((change) => ({
            ...change,
            createdAt: iso(change.createdAt),
            effectiveAt: iso(change.effectiveAt),
          })),
          exclusions: history.exclusions.map((row) => ({
            ...row,
            startsAt: iso(row.startsAt),
            endsAt: isoOrNull(row.endsAt),
            createdAt: iso(row.createdAt),
          })),
          sessions: logins.map((row) => ({
            ...row,
            createdAt: iso(row.createdAt),
            lastSeenAt: iso(row.lastSeenAt),
            endedAt: isoOrNull(row.endedAt),
          })),
          documents: docs.map((doc) => ({
            id: doc.id,
            documentType: doc.documentType,
            status: doc.status,
            rejectionReason: doc.rejectionReason,
            uploadedAt: iso(doc.createdAt),
          })),
          proposals: open.map(proposalJson),
          trail: await trail('player', playerId),
          verification,
        },
      };
    },
  );

  for (const [path, status] of [
    ['lock', 'locked'],
    ['unlock', 'active'],
  ] as const) {
    app.post(
      `/Staff/players/:playerId/${path}`,
      {
        ...guard(PLAYER_LOCKERS),
        schema: {
          tags,
          operationId: path === 'lock' ? 'staffLockPlayer' : 'staffUnlockPlayer',
          summary:
            path === 'lock'
              ? 'Locks a player, with a reason: their logins and game sessions end at once'
              : 'Unlocks a locked player, with a reason',
          params: playerParams,
          body: reasonBody,
          response: { 200: ok(z.object({ status: z.string() })), ...refusals },
        },
      },
      async (request) => {
        const { playerId } = request.params;
        await options.db.transaction(async (tx) => {
          const before = await access.setStatus(tx, playerId, status);
          await staff.record(tx, request.staff.id, {
            action: `player.${path}`,
            targetKind: 'player',
            targetId: playerId,
            reason: request.body.reason,
            before: { status: before },
            after: { status },
          });
        });
        if (status === 'locked') await options.endGameSessions(playerId);
        return { result: 1 as const, data: { status } };
      },
    );
  }
};
