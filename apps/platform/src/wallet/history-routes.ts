import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, iso, isoDateTime, noStore, ok, ore, sessionParams } from '../shared/http.js';
import { HISTORY_PERIODS, HISTORY_STATUSES, HISTORY_TYPES, MAX_PAGE_SIZE, type HistoryService } from './history.js';

/** A Copenhagen calendar day, or an instant with its offset. */
export const historyBound = z
  .string()
  .max(40)
  .regex(/^\d{4}-\d{2}-\d{2}(T[0-9:.]+(Z|[+-]\d{2}:\d{2}))?$/);

/** One row of a player's transaction history (also the back office's player page). */
export const transactionRow = z.object({
  orderId: z.string(),
  transactionId: z.uuid().nullable(),
  time: isoDateTime,
  type: z.enum(['deposit', 'withdrawal', 'bet', 'win', 'bonus', 'other']),
  category: z.enum(['payments', 'games', 'bonus', 'other']),
  /** The ledger's transfer kind: within type win, `jackpot_win` is a jackpot pool's hit, kept apart from the game's `win`. */
  kind: z.string(),
  /** The game of a bet, win or jackpot win (its Danish name from the games catalogue). */
  game: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** A bet's or win's round as its provider's game shows it (a live table's round id); null for other rows. */
  roundId: z.string().nullable(),
  stakeOre: ore.nullable(),
  winOre: ore.nullable(),
  amountOre: ore,
  method: z.string().nullable(),
  status: z.enum(HISTORY_STATUSES),
  /** Spec §3's bonus types: free (free rounds' wins and their bonus), money (a money bonus), null (no bonus). */
  bonusType: z.enum(['money', 'free']).nullable(),
});

/** The player's transaction history (spec §3 columns and statuses), for the storefront (BFF). */
export const historyRoutes: FastifyPluginAsyncZod<{ history: HistoryService }> = async (app, { history }) => {
  app.get(
    '/Wallet/transactions/:sessionId',
    {
      schema: {
        tags: ['wallet'],
        operationId: 'getTransactions',
        summary:
          'The session’s player’s transactions from the ledger, newest first: the last 30 days by default, any period within the last 90 days; amounts in øre',
        params: sessionParams,
        querystring: z.object({
          type: z.enum(HISTORY_TYPES).default('all'),
          period: z.enum(HISTORY_PERIODS).default('30d'),
          from: historyBound.optional(),
          to: historyBound.optional(),
          page: z.coerce.number().int().min(1).max(100_000).default(1),
          pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10),
        }),
        response: {
          200: ok(
            z.object({
              period: z.enum(HISTORY_PERIODS),
              type: z.enum(HISTORY_TYPES),
              from: isoDateTime,
              to: isoDateTime,
              earliest: isoDateTime,
              rows: z.array(transactionRow),
              pagination: z.object({
                currentPage: z.number().int(),
                lastPage: z.number().int(),
                pageSize: z.number().int(),
                totalRecords: z.number().int(),
                pages: z.array(z.number().int()),
              }),
            }),
          ),
          400: errorBody,
          401: errorBody,
        },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      const answer = await history.transactions(request.player.id, request.query);
      return {
        result: 1 as const,
        data: {
          ...answer,
          from: iso(answer.from),
          to: iso(answer.to),
          earliest: iso(answer.earliest),
          rows: answer.rows.map((r) => ({ ...r, time: iso(r.time) })),
        },
      };
    },
  );
};
