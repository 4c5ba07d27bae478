import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, iso, isoDateTime, isoOrNull, noStore, ok, ore, sessionParams } from '../shared/http.js';
import { perPlayerRateLimit } from '../shared/player-rate-limit.js';
import { MAX_BONUS_CODE_LENGTH } from './codes.js';
import type { AvailableOffer, OfferTerms, Offers, PlayerBonus } from './offers.js';

const tags = ['bonus'];

const terms = z.object({
  code: z.string(),
  /** The campaign page (/kampagner/{slug}) with the offer's whole terms. */
  campaignSlug: z.string().nullable(),
  kind: z.enum(['money', 'free_rounds']),
  matchPercent: z.number().int(),
  maxBonusOre: ore,
  freeRounds: z.number().int().nullable(),
  freeRoundStakeOre: ore.nullable(),
  gameIds: z.array(z.string()),
  minDepositOre: ore,
  wageringMultiple: z.number().int(),
  grantValidDays: z.number().int(),
  maxBetOre: ore,
  paymentMethod: z.string().nullable(),
  firstDepositOnly: z.boolean(),
  welcomeOffer: z.boolean(),
  validUntil: isoDateTime,
  weeklyWindow: z.object({ days: z.array(z.number().int()), from: z.string(), until: z.string() }).nullable(),
  window: z.object({ open: z.boolean(), opensAt: isoDateTime.nullable(), closesAt: isoDateTime.nullable() }).nullable(),
});
const available = terms.extend({
  /** Why the player may not claim it now (an error code: BONUS_OUTSIDE_WINDOW, BONUS_CODE_USED, ACCOUNT_PAUSED, …), or null. */
  refusal: z.string().nullable(),
});
const bonusRow = z.object({
  id: z.uuid(),
  code: z.string(),
  campaignSlug: z.string().nullable(),
  kind: z.enum(['money', 'free_rounds']),
  amountOre: ore,
  wageringRequirementOre: ore,
  wageredOre: ore,
  grantedAt: isoDateTime,
  expiresAt: isoDateTime,
  maxBetOre: ore,
  freeRounds: z
    .object({
      id: z.uuid(),
      stakeOre: ore,
      gameIds: z.array(z.string()),
      roundsTotal: z.number().int(),
      roundsLeft: z.number().int(),
      wonOre: ore,
    })
    .nullable(),
  outcome: z.enum(['converted', 'forfeited', 'expired', 'merged']).nullable(),
  endedAt: isoDateTime.nullable(),
});

const windowJson = (window: AvailableOffer['window']) =>
  window && { open: window.open, opensAt: isoOrNull(window.opensAt), closesAt: isoOrNull(window.closesAt) };
const termsJson = (offer: OfferTerms & { window: AvailableOffer['window'] }) => ({
  ...offer,
  validUntil: iso(offer.validUntil),
  window: windowJson(offer.window),
});
const bonusJson = (entry: PlayerBonus) => ({
  ...entry,
  grantedAt: iso(entry.grantedAt),
  expiresAt: iso(entry.expiresAt),
  endedAt: isoOrNull(entry.endedAt),
});

/**
 * The offers (issue 27): the campaigns' codes and their terms (public), the player's offers page
 * (/min-konto/kampagne), and a claim from a campaign page, which checks and moves nothing.
 */
export const bonusRoutes: FastifyPluginAsyncZod<{ offers: Offers }> = async (app, { offers }) => {
  app.get(
    '/Bonus/offers',
    {
      schema: {
        tags,
        operationId: 'listOffers',
        summary: 'The campaigns’ offers valid now, with the terms shown beside them (public)',
        response: { 200: ok(z.object({ offers: z.array(terms) })) },
      },
    },
    async (_request, reply) => {
      reply.headers({ 'cache-control': 'public, max-age=30' });
      return { result: 1 as const, data: { offers: (await offers.publicOffers()).map(termsJson) } };
    },
  );

  app.get(
    '/Bonus/offers/:sessionId',
    {
      schema: {
        tags,
        operationId: 'getPlayerOffers',
        summary:
          'The session player’s offers: the campaigns’ codes they may claim (with why not), their open bonus (wagering, free rounds left, maximum bet, expiry) and their ended ones',
        params: sessionParams,
        response: {
          200: ok(z.object({ available: z.array(available), active: z.array(bonusRow), ended: z.array(bonusRow) })),
          401: errorBody,
        },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      const mine = await offers.offersOf(request.player.id);
      return {
        result: 1 as const,
        data: {
          available: mine.available.map((offer) => ({ ...termsJson(offer), refusal: offer.refusal })),
          active: mine.active.map(bonusJson),
          ended: mine.ended.map(bonusJson),
        },
      };
    },
  );

  app.post(
    '/Bonus/offers/:sessionId/claim',
    {
      config: { rateLimit: perPlayerRateLimit({ max: 30, timeWindow: '1 minute' }) },
      schema: {
        tags,
        operationId: 'claimOffer',
        summary:
          'A claim from a campaign page: every rule of the code for the player now (its window, uses, the registration’s choice, a pause, another open bonus); nothing moves. Allowed, it answers the terms the qualifying deposit must meet',
        params: sessionParams,
        body: z.object({ code: z.string().min(1).max(MAX_BONUS_CODE_LENGTH) }),
        response: { 200: ok(terms), 400: errorBody, 401: errorBody, 403: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      const claimed = await offers.claim(request.player.id, request.body.code);
      return { result: 1 as const, data: termsJson({ ...claimed, window: null }) };
    },
  );
};
