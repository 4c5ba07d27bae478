import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, iso, isoDateTime, isoOrNull, noStore, ok, ore, sessionParams } from '../shared/http.js';
import { perPlayerRateLimit } from '../shared/player-rate-limit.js';
import type { LeaderboardRow, Tournaments, TournamentView } from './service.js';

const tags = ['bonus'];

const row = z.object({
  /** The place; a draw's: the order drawn. */
  rank: z.number().int(),
  /** "Dorte D."; null: the player chose not to be shown among winners (the storefront says "Anonym spiller"). */
  name: z.string().nullable(),
  /** The rule's points in hundredths: of the best round's win over its stake (best_multiplier), of points (won_hands); a draw's winner: their qualifying rounds. */
  points: z.number().int(),
  reachedAt: isoDateTime,
  gameId: z.string(),
  /** The prize the place pays at the end (0: none). */
  prizeOre: ore,
  /** The session player's own row. */
  me: z.boolean(),
});
const tournament = z.object({
  slug: z.string(),
  campaignSlug: z.string(),
  recurrence: z.enum(['monthly', 'weekly']),
  /** "2026-11" (monthly) or "2026-W48" (weekly): what a join names. */
  edition: z.string(),
  startsAt: isoDateTime,
  endsAt: isoDateTime,
  /** open: playing now; upcoming: its edition (a draw's evening) is still to come; ended: over (a draw's: drawn or to be drawn). */
  status: z.enum(['open', 'upcoming', 'ended']),
  /** join: a player joins first; automatic: a draw, every player who plays as its terms say is in it. */
  entry: z.enum(['join', 'automatic']),
  rule: z.object({
    kind: z.enum(['best_multiplier', 'won_hands', 'draw']),
    gameIds: z.array(z.string()),
    minStakeOre: ore,
    /** A draw's: the qualifying rounds for a ticket. */
    minRounds: z.number().int().optional(),
  }),
  prizes: z.array(z.object({ fromRank: z.number().int(), toRank: z.number().int(), prizeOre: ore })),
  prizePoolOre: ore,
  placesPaid: z.number().int(),
  entrants: z.number().int(),
  leaderboard: z.array(row),
  joinedAt: isoDateTime.nullable(),
  standing: row.nullable(),
  /** A draw's: whether it has been drawn (the leaderboard then lists the winners in the order drawn). */
  drawn: z.boolean(),
  /** A draw's, for the session player: their qualifying rounds so far and whether they have a ticket (null: no player, or no draw). */
  progress: z.object({ rounds: z.number().int(), qualified: z.boolean() }).nullable(),
});
const prize = z.object({
  tournamentSlug: z.string(),
  campaignSlug: z.string().nullable(),
  edition: z.string(),
  rank: z.number().int(),
  points: z.number().int(),
  prizeOre: ore,
  paidAt: isoDateTime,
});

const rowJson = (entry: LeaderboardRow) => ({ ...entry, reachedAt: iso(entry.reachedAt) });
const tournamentJson = (entry: TournamentView) => ({
  ...entry,
  startsAt: iso(entry.startsAt),
  endsAt: iso(entry.endsAt),
  leaderboard: entry.leaderboard.map(rowJson),
  joinedAt: isoOrNull(entry.joinedAt),
  standing: entry.standing && rowJson(entry.standing),
});

/**
 * Tournaments (issue 27): their editions and live leaderboards (public), the player's page
 * (/min-konto/gamification) and a join.
 */
export const tournamentRoutes: FastifyPluginAsyncZod<{ tournaments: Tournaments }> = async (app, { tournaments }) => {
  app.get(
    '/Tournaments',
    {
      schema: {
        tags,
        operationId: 'listTournaments',
        summary: 'The tournaments: each one’s edition now, its rule, prizes and leaderboard, read from the entrants’ rounds (public)',
        response: { 200: ok(z.object({ tournaments: z.array(tournament) })) },
      },
    },
    async (_request, reply) => {
      reply.headers({ 'cache-control': 'public, max-age=5' });
      return { result: 1 as const, data: { tournaments: (await tournaments.list()).map(tournamentJson) } };
    },
  );

  app.get(
    '/Tournaments/:sessionId',
    {
      schema: {
        tags,
        operationId: 'getPlayerTournaments',
        summary: 'The session player’s tournaments: each with their entry and place, and the prizes they have won',
        params: sessionParams,
        response: { 200: ok(z.object({ tournaments: z.array(tournament), prizes: z.array(prize) })), 401: errorBody },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      const mine = await tournaments.ofPlayer(request.player.id);
      return {
        result: 1 as const,
        data: {
          tournaments: mine.tournaments.map(tournamentJson),
          prizes: mine.prizes.map((entry) => ({ ...entry, paidAt: iso(entry.paidAt) })),
        },
      };
    },
  );

  app.post(
    '/Tournaments/:sessionId/join',
    {
      config: { rateLimit: perPlayerRateLimit({ max: 30, timeWindow: '1 minute' }) },
      schema: {
        tags,
        operationId: 'joinTournament',
        summary:
          'Joins the session player to the edition running now (refused: ended, not begun, joined already, a draw with no join, paused or closed); only rounds after it count',
        params: sessionParams,
        body: z.object({
          tournament: z.string().regex(/^[a-z0-9-]{2,80}$/),
          edition: z.string().regex(/^\d{4}-(\d{2}|W\d{2})$/),
        }),
        response: { 200: ok(tournament), 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      const joined = await tournaments.join(request.player.id, request.body.tournament, request.body.edition);
      return { result: 1 as const, data: tournamentJson(joined) };
    },
  );
};
