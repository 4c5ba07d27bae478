import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { serveEventStream } from '../../shared/event-stream.js';
import { errorBody, iso, isoDateTime, isoOrNull, noStore, ok, ore, sessionParams } from '../../shared/http.js';
import { perPlayerRateLimit } from '../../shared/player-rate-limit.js';
import type { LiveCasino } from './service.js';
import { LIVE_KINDS, LIVE_ROUND_STATES } from './types.js';
import type { LiveWarningState } from './warning.js';

const tags = ['games'];

/** A shown result: a roulette pocket, the money wheel's number and multiplier, the blackjack dealer's total. */
const liveResult = z.object({
  pocket: z.number().int().optional(),
  number: z.number().int().optional(),
  multiplier: z.number().int().optional(),
  dealerTotal: z.number().int().optional(),
});

/** A live table's state as the storefront's live lobby shows it. */
const liveTable = z.object({
  /** The catalogue's id (GET /Games/catalogue/{gameId}, the launch's gameId). */
  gameId: z.string(),
  /** The studio's own id of the table. */
  tableId: z.string(),
  name: z.string(),
  kind: z.enum(LIVE_KINDS),
  /** An id of the system config LiveCategories: live-roulette, live-blackjack or andre-live-spil. */
  category: z.string(),
  dealer: z.string(),
  /**
   * The studio streams the table on video. False: the studio draws it (no video), and the storefront
   * labels it so rather than as live (danish-rules.md); false too when the studio does not say.
   */
  video: z.boolean(),
  /** Open for play: the studio says so and was heard from within the last 30 s. */
  open: z.boolean(),
  players: z.number().int(),
  /** One bet's least and most, in øre. */
  limits: z.object({ minBetOre: ore, maxBetOre: ore }),
  /** The return to player the studio publishes, a fraction; the best bet's when rtpIsUpTo. */
  rtp: z.number(),
  rtpIsUpTo: z.boolean(),
  round: z.object({
    roundId: z.string(),
    state: z.enum(LIVE_ROUND_STATES),
    bettingClosesAt: isoDateTime,
    resultAt: isoDateTime,
  }),
  /** Newest first. */
  lastResults: z.array(liveResult),
});
const liveLobby = z.object({
  /** When the studio's state shown was received. */
  updatedAt: isoDateTime,
  tables: z.array(liveTable),
});
z.globalRegistry.add(liveLobby, { id: 'LiveLobby' });

/** The money-played warning at the live tables for the player's login (games/live/warning.ts). */
const liveWarning = z.object({
  /** Due and unanswered: the live studio's debits are refused (LIMIT_REACHED) until the player continues. */
  due: z.boolean(),
  /** When it falls (or fell) due; null before the login's first live table. */
  dueAt: isoDateTime.nullable(),
  /** When the login's live play began: the minutes played and the figures count from it. */
  playSince: isoDateTime.nullable(),
  /** Whole minutes since playSince by the platform's clock; 0 before the first live table. */
  minutesPlayed: z.number().int().min(0),
  warningMinutes: z.number().int().min(1),
  /** What the player staked (net of cancelled debits) and won at the live tables since playSince, in øre. */
  stakedOre: ore,
  wonOre: ore,
});
z.globalRegistry.add(liveWarning, { id: 'LiveWarning' });

const warningAnswer = (state: LiveWarningState) => ({
  result: 1 as const,
  data: { ...state, dueAt: isoOrNull(state.dueAt), playSince: isoOrNull(state.playSince) },
});

/**
 * The live casino for the storefront (games/README.md "Live casino"): the live tables' state (once
 * and as a stream) and a player's launch to a table for money.
 */
export const liveRoutes: FastifyPluginAsyncZod<{ live: LiveCasino }> = async (app, { live }) => {
  // The streams end before the listener closes: an open stream would hold the close forever.
  app.addHook('preClose', async () => live.close());

  app.get(
    '/Games/live/lobby',
    {
      schema: {
        tags,
        operationId: 'liveLobby',
        summary:
          'The live tables the catalogue lists, each with its live state from the studio (dealer, video or drawn, open, players, limits, round, last results); a studio unheard of for 30 s shows them closed; empty while the live casino is off',
        response: { 200: ok(liveLobby) },
      },
    },
    async (_request, reply) => {
      reply.headers(noStore);
      return { result: 1 as const, data: await live.lobby.current() };
    },
  );

  app.get(
    '/Games/live/lobby/stream',
    {
      schema: {
        tags,
        operationId: 'liveLobbyStream',
        summary:
          'The live lobby as server-sent events (text/event-stream): `event: lobby` with the data of GET /Games/live/lobby at once and at every change, a `: ping` comment every 15 s; 503 SERVICE_OVERLOADED past the subscribers a process serves',
        response: {
          200: z.string().describe('text/event-stream: `event: lobby`, `data: <LiveLobby as JSON>`; `: ping` comments'),
          503: errorBody,
        },
      },
    },
    // Refused (too many subscribers) before anything is written: answered as any refusal is.
    async (_request, reply) => serveEventStream(reply, (subscriber) => live.lobby.subscribe(subscriber)),
  );

  app.post(
    '/Games/live/launch/:sessionId',
    {
      schema: {
        tags,
        operationId: 'launchLiveTable',
        summary:
          'Seats the session’s player at a live table for money: a game session (refused as POST /Games/launch refuses) and the studio’s game client address for it; 503 LIVE_STUDIO_UNAVAILABLE when the studio does not answer or refuses (the game session is ended then); 404 GAME_NOT_FOUND for a title that is no live table in play',
        params: sessionParams,
        body: z.object({ gameId: z.string().max(80) }),
        response: {
          200: ok(
            z.object({
              gameSessionId: z.uuid(),
              gameId: z.string(),
              tableId: z.string(),
              /** The studio's game client for this player, to embed (its origin is the studio's). */
              gameUrl: z.url(),
              expiresAt: isoDateTime,
            }),
          ),
          400: errorBody,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          409: errorBody,
          503: errorBody,
        },
      },
      config: { rateLimit: perPlayerRateLimit({ max: 30, timeWindow: '1 minute' }) },
    },
    async (request, reply) => {
      reply.headers(noStore);
      const seated = await live.launch(request.player.id, request.body.gameId, request.params.sessionId);
      return { result: 1 as const, data: { ...seated, expiresAt: iso(seated.expiresAt) } };
    },
  );

  app.get(
    '/Games/live/warning/:sessionId',
    {
      schema: {
        tags,
        operationId: 'liveWarning',
        summary:
          'The money-played warning at the live tables for the session’s login: due or not, when, since when the login plays live, the minutes (system config wageringTimePopup) and the stakes and wins at the live tables since then; while due, the live studio’s debits are refused',
        params: sessionParams,
        response: { 200: ok(liveWarning), 401: errorBody },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return warningAnswer(await live.warning.state(request.player.id, request.params.sessionId));
    },
  );

  app.post(
    '/Games/live/warning/:sessionId/continue',
    {
      schema: {
        tags,
        operationId: 'continueLiveWarning',
        summary:
          'The player’s “continue” to the money-played warning at the live tables: when it is due, its minutes start again from now; when it is not (answered already, or not yet due), nothing changes. Answers the warning’s state as GET does',
        params: sessionParams,
        response: { 200: ok(liveWarning), 401: errorBody },
      },
      config: { rateLimit: perPlayerRateLimit({ max: 30, timeWindow: '1 minute' }) },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return warningAnswer(await live.warning.answer(request.player.id, request.params.sessionId));
    },
  );
};
