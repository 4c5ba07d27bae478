import type { FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Player } from '../players/service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The player of the session named in the route (`sessionId` in its path or query), resolved
     * once per request by the session-player hook before the handler runs. Only on session routes.
     */
    player: Player;
  }
  interface FastifyInstance {
    /** Registered by the session-player hook below; use `request.player` or `sessionPlayerId`. */
    resolveSessionPlayer: ResolvePlayer;
  }
  interface FastifyContextConfig {
    /** `false`: a session route that answers for a session that does not resolve (logout). */
    sessionPlayer?: boolean;
  }
}

/** The player behind a session token, or a throw (the 401 every session call answers). */
export type ResolvePlayer = (sessionId: string) => Promise<Player>;

type Outcome = { player: Player } | { player: null; error: unknown };

const outcomes = new WeakMap<FastifyRequest, Promise<Outcome>>();

function sessionIdOf(request: FastifyRequest): string | null {
  const fromParams = (request.params as { sessionId?: unknown } | undefined)?.sessionId;
  const fromQuery = (request.query as { sessionId?: unknown } | undefined)?.sessionId;
  const sessionId = fromParams ?? fromQuery;
  return typeof sessionId === 'string' && sessionId ? sessionId : null;
}

/** The session is resolved once per request, whoever asks first (the rate limit or the hook). */
function outcomeOf(request: FastifyRequest): Promise<Outcome> {
  let outcome = outcomes.get(request);
  if (!outcome) {
    const sessionId = sessionIdOf(request);
    const resolve = request.server.hasDecorator('resolveSessionPlayer') ? request.server.resolveSessionPlayer : null;
    outcome =
      sessionId && resolve
        ? resolve(sessionId).then(
            (player): Outcome => ({ player }),
            (error: unknown): Outcome => ({ player: null, error }),
          )
        : Promise.resolve({ player: null, error: new Error('session-player: no session in this route, or no resolver registered') });
    outcomes.set(request, outcome);
  }
  return outcome;
}

/** The id of the request's session player, or null when the session does not resolve: for rate-limit keys. */
export async function sessionPlayerId(request: FastifyRequest): Promise<string | null> {
  return (await outcomeOf(request)).player?.id ?? null;
}

/** Whether a route names a session: a `sessionId` in its path, or in its query's schema. */
function isSessionRoute(route: RouteOptions): boolean {
  if (route.config?.sessionPlayer === false) return false;
  if (/(^|\/):sessionId(\/|$)/.test(route.url)) return true;
  const query = route.schema?.querystring as { shape?: Record<string, unknown> } | undefined;
  return Boolean(query?.shape && 'sessionId' in query.shape);
}

/**
 * One way to know the player: every route that names a session (`:sessionId`, or `sessionId` in
 * its query) gets a preHandler that resolves it and puts the player on `request.player`, or
 * answers the resolver's refusal (401 SESSION_INVALID). Handlers and services then work with the
 * player, never with the token.
 *
 * Register it after @fastify/rate-limit: both add their preHandlers when a route is added, in the
 * order they were registered, so a per-player limit counts first (a flood of made-up sessions
 * is limited, shared/player-rate-limit.ts) and the refusal comes after. The rate limit and this
 * hook share one resolution per request.
 */
export const sessionPlayer = fp<{ resolve: ResolvePlayer }>(async (app, { resolve }) => {
  app.decorate('resolveSessionPlayer', resolve);
  app.decorateRequest('player', null as unknown as Player);
  app.addHook('onRoute', (route) => {
    if (!isSessionRoute(route)) return;
    const requirePlayer = async (request: FastifyRequest) => {
      const outcome = await outcomeOf(request);
      if (!outcome.player) throw outcome.error;
      request.player = outcome.player;
    };
    route.preHandler = [
      ...(Array.isArray(route.preHandler) ? route.preHandler : route.preHandler ? [route.preHandler] : []),
      requirePlayer,
    ];
  });
});
