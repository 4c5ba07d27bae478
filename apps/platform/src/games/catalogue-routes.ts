import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, iso, isoDateTime, isoOrNull, noStore, ok, ore, sessionParams } from '../shared/http.js';
import {
  CATALOGUE_CATEGORIES,
  CATALOGUE_SORTS,
  FEATURES,
  GAME_TYPES,
  LISTED_GAME_TYPES,
  MAX_PAGE_SIZE,
  VOLATILITIES,
  type GameSummary,
} from './catalogue.js';
import { MAX_HISTORY_PAGE_SIZE, type PlayerGames } from './player-games.js';
import { GAME_ID_PATTERN, type GamesService } from './service.js';

const tags = ['games'];

const gameId = z.string().regex(GAME_ID_PATTERN);
const page = z.coerce.number().int().min(1).max(10_000).default(1);
const flag = z.enum(['0', '1', 'true', 'false']).transform((value) => value === '1' || value === 'true');

/** What every list shows of a title (games-common.md "GameSummary"). */
const gameSummary = z.object({
  id: z.string(),
  name: z.string(),
  studio: z.string(),
  /** A slot's from its maths; a table's from the published spread of its strategy's rounds (catalogue-sync.ts). */
  volatility: z.enum(VOLATILITIES),
  features: z.array(z.enum(FEATURES)),
  tags: z.array(z.string()),
  /** slot, table or live. */
  gameType: z.enum(GAME_TYPES),
  /** A table game's category (an id of the system config BordspilCategory), a live table's (LiveCategories); null for a slot. */
  category: z.string().nullable(),
  /** The exact return to player, a fraction (0.9612 is 96.12 %). */
  rtp: z.number(),
  /** The return is the best the game allows (optimal play, the best bet): shown as "up to". */
  rtpIsUpTo: z.boolean(),
  /** The share of rounds that win anything, a fraction; null for a table game (its bets decide). */
  hitFrequency: z.number().nullable(),
  /** The largest win of a round, × the total stake. */
  largestWin: z.number(),
  minStakeOre: ore,
  maxStakeOre: ore,
  releaseDate: z.iso.date(),
  devices: z.array(z.enum(['mobile', 'tablet', 'desktop'])),
  /** A slot's reels (family, rows, reels); null for a table game. */
  family: z.enum(['lines', 'ways', 'classic']).nullable(),
  rows: z.number().int().nullable(),
  reelsCount: z.number().int().nullable(),
  theme: z.object({
    motif: z.string(),
    colours: z.object({ background: z.string(), primary: z.string(), accent: z.string() }),
  }),
  /** Released within the last 30 days. */
  isNew: z.boolean(),
  /**
   * The jackpots the title feeds (null: none): the share of every stake that goes to their pools
   * together, a fraction (0.005 is 0.5 %), and the pools. `rtp` is the base game's return, without it.
   */
  jackpot: z
    .object({
      contributionRate: z.number(),
      pools: z.array(z.object({ id: z.string(), name: z.string() })),
    })
    .nullable(),
});
z.globalRegistry.add(gameSummary, { id: 'GameSummary' });

const summaries = z.object({ items: z.array(gameSummary) });
const favouriteIds = z.object({ gameIds: z.array(z.string()) });
const favouriteParams = sessionParams.extend({ gameId: z.string().max(80) });

/** The lists of titles are the same for everyone: a shared cache may keep them a minute. */
const publicList = { 'cache-control': 'public, max-age=60' };

/** The database's rows as they travel (the summary schema narrows the text columns). */
const asSummary = (game: GameSummary) => game as z.infer<typeof gameSummary>;

/** One round of a player's game history (also the back office's player page). */
export const roundEntry = z.object({
  /** The contract's round id (unique per provider). */
  roundId: z.string(),
  /** The provider's own id of the round, as its game shows it (a live table's round id). */
  providerRoundId: z.string(),
  gameId: z.string(),
  /** The title's name (a live table's name). */
  gameName: z.string(),
  /** slot, table or live; null for a title the catalogue does not hold. */
  gameType: z.enum(GAME_TYPES).nullable(),
  /** open: the provider has not settled the round yet (a live round before the studio's credit or cancel); settled: ended. */
  state: z.enum(['open', 'settled']),
  startedAt: isoDateTime,
  endedAt: isoDateTime.nullable(),
  /** The round's stakes (net of rollbacks); of them, jackpotStakeOre went to jackpot pools. */
  stakeOre: ore,
  jackpotStakeOre: ore,
  /** The game's win, without a jackpot hit. */
  winOre: ore,
  /** Paid from jackpot pools (a hit), apart from the game's win. */
  jackpotWinOre: ore,
  balanceAfterOre: ore.nullable(),
  mode: z.literal('real'),
});

/** A page of a player's game history: their own (`/Games/history`) and the back office's player page alike. */
export const gameHistoryPage = z.object({
  from: isoDateTime,
  to: isoDateTime,
  items: z.array(roundEntry),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  lastPage: z.number().int(),
});

export const gameHistoryJson = (history: Awaited<ReturnType<PlayerGames['history']>>): z.infer<typeof gameHistoryPage> => ({
  ...history,
  from: iso(history.from),
  to: iso(history.to),
  items: history.items.map((item) => ({ ...item, startedAt: iso(item.startedAt), endedAt: isoOrNull(item.endedAt) })),
});

/**
 * The catalogue for the storefront (anyone) and what belongs to the session's player (favourites,
 * recently played, game history: always the session's own, through the session-player hook).
 */
export const catalogueRoutes: FastifyPluginAsyncZod<{ games: GamesService }> = async (app, { games }) => {
  const { catalogue, playerGames } = games;

  app.get(
    '/Games/lobby',
    {
      schema: {
        tags,
        operationId: 'gamesLobby',
        summary:
          'The operator’s own rows first (`featured`: the visible lobby categories of the back office in their order, each with its titles in play in the order chosen; a row with none left out); the lobby’s rows of slots: the 12 newest, the 12 most played in 7 days (titles with rounds only: empty until anyone plays), each studio’s 12 newest, total slots in play; and every table game in play (by the BordspilCategory order, then name)',
        response: {
          200: ok(
            z.object({
              featured: z.array(z.object({ slug: z.string(), name: z.string(), games: z.array(gameSummary) })),
              newest: z.array(gameSummary),
              popular: z.array(gameSummary),
              byStudio: z.array(z.object({ studio: z.string(), games: z.array(gameSummary) })),
              total: z.number().int(),
              tables: z.array(gameSummary),
            }),
          ),
        },
      },
    },
    async (_request, reply) => {
      reply.headers(publicList);
      const lobby = await catalogue.lobby();
      return {
        result: 1 as const,
        data: {
          featured: lobby.featured.map((row) => ({ slug: row.slug, name: row.name, games: row.games.map(asSummary) })),
          newest: lobby.newest.map(asSummary),
          popular: lobby.popular.map(asSummary),
          byStudio: lobby.byStudio.map((row) => ({ studio: row.studio, games: row.games.map(asSummary) })),
          total: lobby.total,
          tables: lobby.tables.map(asSummary),
        },
      };
    },
  );

  app.get(
    '/Games/catalogue',
    {
      schema: {
        tags,
        operationId: 'gamesCatalogue',
        summary:
          'The titles in play of one type (slots unless type=table or type=live, or a category is given: a table game’s, or a live table’s, which means that type), filtered (category, studio, volatility, feature, new only), sorted and paged; the filters’ choices for that type as facets',
        querystring: z.object({
          type: z.enum(LISTED_GAME_TYPES).optional(),
          /** A table game's (BordspilCategory: roulette, blackjack, video-poker) or a live table's (LiveCategories: live-roulette, live-blackjack, andre-live-spil). */
          category: z.enum(CATALOGUE_CATEGORIES).optional(),
          page,
          pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(24),
          studio: z.string().max(80).optional(),
          volatility: z.enum(VOLATILITIES).optional(),
          feature: z.enum(FEATURES).optional(),
          sort: z.enum(CATALOGUE_SORTS).default('newest'),
          newOnly: flag.optional(),
        }),
        response: {
          200: ok(
            z.object({
              items: z.array(gameSummary),
              page: z.number().int(),
              pageSize: z.number().int(),
              total: z.number().int(),
              lastPage: z.number().int(),
              facets: z.object({
                studios: z.array(z.string()),
                volatilities: z.array(z.enum(VOLATILITIES)),
                features: z.array(z.enum(FEATURES)),
              }),
            }),
          ),
          400: errorBody,
        },
      },
    },
    async (request, reply) => {
      reply.headers(publicList);
      const answer = await catalogue.list(request.query);
      return { result: 1 as const, data: { ...answer, items: answer.items.map(asSummary) } };
    },
  );

  app.get(
    '/Games/best',
    {
      schema: {
        tags,
        operationId: 'gamesBest',
        summary: 'The most played titles of the last days, from real rounds (a stake standing): rounds and distinct players counted',
        querystring: z.object({
          days: z.coerce.number().int().min(1).max(90).default(7),
          limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(24),
        }),
        response: {
          200: ok(z.object({ items: z.array(gameSummary.extend({ rounds: z.number().int(), players: z.number().int() })) })),
          400: errorBody,
        },
      },
    },
    async (request, reply) => {
      reply.headers(publicList);
      const best = await catalogue.best(request.query.days, request.query.limit);
      return {
        result: 1 as const,
        data: { items: best.items.map((item) => ({ ...asSummary(item), rounds: item.rounds, players: item.players })) },
      };
    },
  );

  app.get(
    '/Games/search',
    {
      schema: {
        tags,
        operationId: 'gamesSearch',
        summary:
          'Titles of every type by name, studio, theme tag or a table game’s kind: typo-tolerant trigram search, Danish letters folded (æ/ae, ø/oe, å/aa)',
        querystring: z.object({
          q: z.string().max(80),
          limit: z.coerce.number().int().min(1).max(50).default(20),
        }),
        response: { 200: ok(summaries), 400: errorBody },
      },
    },
    async (request, reply) => {
      reply.headers(publicList);
      const found = await catalogue.search(request.query.q, request.query.limit);
      return { result: 1 as const, data: { items: found.items.map(asSummary) } };
    },
  );

  app.get(
    '/Games/catalogue/:gameId',
    {
      schema: {
        tags,
        operationId: 'gamesTitle',
        summary:
          'One title in play, with its stakes (a slot’s bet must be one of stepsOre; a table’s stakes multiples of unitOre, each at most maxCallOre, a round’s at most maxRoundOre); 404 GAME_NOT_FOUND for another',
        params: z.object({ gameId: z.string().max(80) }),
        response: {
          200: ok(
            gameSummary.extend({
              stake: z.object({
                minOre: ore,
                maxOre: ore,
                stepsOre: z.array(ore),
                defaultOre: ore,
                /** A table's stake rule; null for a slot. */
                unitOre: ore.nullable(),
                maxCallOre: ore.nullable(),
                maxRoundOre: ore.nullable(),
              }),
            }),
          ),
          404: errorBody,
        },
      },
    },
    async (request, reply) => {
      const title = await catalogue.byId(request.params.gameId);
      // Set after the look-up: a 404 is not kept by a cache (the title may come with the next start).
      reply.headers(publicList);
      return { result: 1 as const, data: { ...asSummary(title), stake: title.stake } };
    },
  );

  app.get(
    '/Games/favourites/:sessionId',
    {
      schema: {
        tags,
        operationId: 'getGameFavourites',
        summary: 'The session’s player’s favourite titles in play, the latest first',
        params: sessionParams,
        response: { 200: ok(summaries), 401: errorBody },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      const favourites = await playerGames.favourites(request.player.id);
      return { result: 1 as const, data: { items: favourites.items.map(asSummary) } };
    },
  );

  app.put(
    '/Games/favourites/:sessionId/:gameId',
    {
      schema: {
        tags,
        operationId: 'addGameFavourite',
        summary: 'Marks a title in play as the session’s player’s favourite (again: nothing changes); answers all their favourites’ ids',
        params: favouriteParams,
        response: { 200: ok(favouriteIds), 401: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return { result: 1 as const, data: await playerGames.addFavourite(request.player.id, request.params.gameId) };
    },
  );

  app.delete(
    '/Games/favourites/:sessionId/:gameId',
    {
      schema: {
        tags,
        operationId: 'removeGameFavourite',
        summary: 'Unmarks a favourite of the session’s player (not one: nothing changes); answers all their favourites’ ids',
        params: favouriteParams,
        response: { 200: ok(favouriteIds), 401: errorBody },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return { result: 1 as const, data: await playerGames.removeFavourite(request.player.id, request.params.gameId) };
    },
  );

  app.get(
    '/Games/recent/:sessionId',
    {
      schema: {
        tags,
        operationId: 'getRecentGames',
        summary: 'The titles the session’s player played for money lately (launches and rounds of 90 days), the last played first',
        params: sessionParams,
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(50).default(12) }),
        response: { 200: ok(z.object({ items: z.array(gameSummary.extend({ lastPlayedAt: isoDateTime })) })), 401: errorBody },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      const recent = await playerGames.recent(request.player.id, request.query.limit);
      return {
        result: 1 as const,
        data: { items: recent.items.map((item) => ({ ...asSummary(item), lastPlayedAt: iso(item.lastPlayedAt) })) },
      };
    },
  );

  app.get(
    '/Games/history/:sessionId',
    {
      schema: {
        tags,
        operationId: 'getGameHistory',
        summary:
          'Every round of the session’s player, newest first: stake and its jackpot part, the game’s win and a jackpot win apart, balance after (øre), open or settled, the provider’s own round id; the last 30 days by default, any period within the last 90 days; one game optionally',
        params: sessionParams,
        querystring: z.object({
          from: z.string().max(40).optional(),
          to: z.string().max(40).optional(),
          gameId: gameId.optional(),
          page,
          pageSize: z.coerce.number().int().min(1).max(MAX_HISTORY_PAGE_SIZE).default(20),
        }),
        response: { 200: ok(gameHistoryPage), 400: errorBody, 401: errorBody },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return { result: 1 as const, data: gameHistoryJson(await playerGames.history(request.player.id, request.query)) };
    },
  );
};
