import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, isoDateTime, noStore, ok, ore } from '../../shared/http.js';
import { serveEventStream } from '../../shared/event-stream.js';
import { GAME_TYPES } from '../catalogue.js';
import { MAX_WINNERS_PAGE, type JackpotFeed } from './feed.js';

const tags = ['games'];

/** A pool's id: lower-case letters, digits and dashes (the maths' JACKPOT_POOLS). */
export const POOL_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,39}$/;

const drop = z.object({
  /** The drop's number: 1 at the pool's start, one more at every reset. */
  sequence: z.number().int().min(1),
  /** The commitment to the drop's value, published before it: sha256 hex of `${poolId}|${sequence}|${ore}|${nonce}`. */
  hash: z.string(),
});

const jackpotHit = z.object({
  poolId: z.string(),
  poolName: z.string(),
  /** The drop won. */
  sequence: z.number().int().min(1),
  amountOre: ore,
  gameId: z.string(),
  gameName: z.string(),
  at: isoDateTime,
  /** The winner's first name and the initial of the last ("Dorte D."); null: the player chose not to be shown. */
  winner: z.string().nullable(),
  /** The drop revealed: anyone can check sha256(`${poolId}|${sequence}|${ore}|${nonce}`) against the hash published before. */
  drop: z.object({ ore, nonce: z.string(), hash: z.string() }),
});
z.globalRegistry.add(jackpotHit, { id: 'JackpotHit' });

const jackpotPool = z.object({
  id: z.string(),
  name: z.string(),
  /** The jackpot the pool belongs to: a network pool fed by many titles, or a tier of a family's jackpot. */
  jackpot: z.object({ id: z.string(), name: z.string(), kind: z.enum(['network', 'tiered']) }),
  tier: z.enum(['mini', 'midi', 'maxi']).nullable(),
  amountOre: ore,
  /** What the house puts in at the start and after every hit. */
  seedOre: ore,
  /** The most the pool can reach: it is won at the latest there (a must-drop jackpot). */
  capOre: ore,
  /** Each feeding title's stake share, in parts per million (5000 is 0.5 %). */
  ratePpm: z.number().int(),
  /** The drop in force. */
  drop,
  /** The newest 5 hits, newest first. */
  lastHits: z.array(jackpotHit),
  /** The titles in play that feed the pool, by name. */
  games: z.array(z.object({ id: z.string(), name: z.string() })),
  gameCount: z.number().int(),
});
z.globalRegistry.add(jackpotPool, { id: 'JackpotPool' });

const winner = z.object({
  id: z.number().int(),
  /** win: a round's big win; jackpot: a pool's hit. */
  kind: z.enum(['win', 'jackpot']),
  gameId: z.string(),
  gameName: z.string(),
  gameType: z.enum(GAME_TYPES),
  amountOre: ore,
  stakeOre: ore,
  /** The pool won (a jackpot); null for a game win. */
  poolName: z.string().nullable(),
  at: isoDateTime,
  /** The winner's first name and the initial of the last ("Dorte D."). */
  winner: z.string(),
});
z.globalRegistry.add(winner, { id: 'Winner' });

const streamAnswers = { 503: errorBody };

export interface JackpotRoutesOptions {
  feed: JackpotFeed;
  /**
   * The browser tests' hook (config JACKPOT_TEST_HOOKS, refused in production): sets a pool's drop
   * in force. Absent: `POST /Games/jackpots/{poolId}/test-drop` is not served.
   */
  forceDrop?: ((poolId: string, dropOre: number) => Promise<{ sequence: number; hash: string }>) | null;
}

/** The jackpots and the new winners for the storefront (games/jackpots/README.md): reads and streams, anyone's. */
export const jackpotRoutes: FastifyPluginAsyncZod<JackpotRoutesOptions> = async (app, { feed, forceDrop }) => {
  // The streams end before the listener closes: an open stream would hold the close forever.
  app.addHook('preClose', async () => feed.close());

  app.get(
    '/Games/jackpots',
    {
      schema: {
        tags,
        operationId: 'jackpots',
        summary:
          'The jackpot pools in play by position: amount, seed, cap (a must-drop jackpot is won at the latest there), rate, the committed hash of the drop in force, the 5 newest hits (revealed drops, the winner’s shortened name or null), the feeding titles',
        response: { 200: ok(z.object({ pools: z.array(jackpotPool) })) },
      },
    },
    async (_request, reply) => {
      reply.headers(noStore);
      return { result: 1 as const, data: { pools: await feed.pools() } };
    },
  );

  app.get(
    '/Games/jackpots/stream',
    {
      schema: {
        tags,
        operationId: 'jackpotsStream',
        summary:
          'The pools as server-sent events (text/event-stream): `event: pools` with {pools: [{id, amountOre, drop}], at} at once and whenever a pool changed (at most about 4 a second), `event: hit` with a JackpotHit when a pool is won, a `: ping` comment every 15 s; 503 SERVICE_OVERLOADED past the subscribers a process serves',
        response: {
          200: z.string().describe('text/event-stream: `event: pools` and `event: hit`, `data: <JSON>`; `: ping` comments'),
          ...streamAnswers,
        },
      },
    },
    async (_request, reply) => serveEventStream(reply, (subscriber) => feed.subscribePools(subscriber)),
  );

  app.get(
    '/Games/winners',
    {
      schema: {
        tags,
        operationId: 'winners',
        summary:
          'The new winners, newest first: big wins and jackpot hits from settled rounds, with the title, amounts and the winner’s first name and initial; players who opted out are never shown. `before`: the last id of the page before',
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(MAX_WINNERS_PAGE).default(20),
          before: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
        }),
        response: { 200: ok(z.object({ items: z.array(winner) })), 400: errorBody },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return { result: 1 as const, data: { items: await feed.winners(request.query) } };
    },
  );

  app.get(
    '/Games/winners/stream',
    {
      schema: {
        tags,
        operationId: 'winnersStream',
        summary:
          'The new winners as server-sent events (text/event-stream): a `: ready` comment at once, then `event: winner` with a Winner for each new one shown, a `: ping` comment every 15 s; 503 SERVICE_OVERLOADED past the subscribers a process serves',
        response: {
          200: z.string().describe('text/event-stream: `event: winner`, `data: <Winner as JSON>`; comments'),
          ...streamAnswers,
        },
      },
    },
    async (_request, reply) => serveEventStream(reply, (subscriber) => feed.subscribeWinners(subscriber)),
  );

  // The browser tests' hook only (JACKPOT_TEST_HOOKS, refused in production): not in the OpenAPI document.
  if (forceDrop)
    app.post(
      '/Games/jackpots/:poolId/test-drop',
      {
        schema: {
          hide: true,
          params: z.object({ poolId: z.string().regex(POOL_ID_PATTERN) }),
          body: z.object({ dropOre: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }),
          response: { 200: ok(drop), 400: errorBody, 404: errorBody },
        },
      },
      async (request, reply) => {
        reply.headers(noStore);
        return { result: 1 as const, data: await forceDrop(request.params.poolId, request.body.dropOre) };
      },
    );
};
