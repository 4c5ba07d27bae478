import { normalizeIP, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { sessionPlayerId } from './session-player.js';

/**
 * The rate limit of a player-owned call (a sessionId in its path): counted per player and client
 * address, after the session is resolved, so that neither the players behind one address (a
 * household, a mobile carrier's NAT) nor a flood of made-up session ids share a real player's
 * bucket. A call whose session does not resolve counts against its own address's `no-session`
 * bucket only, and is then refused 401 by the session-player hook (shared/session-player.ts). The key carries the player id, never the
 * session token (the keys may live in Redis).
 *
 * `hook: 'preHandler'` (@fastify/rate-limit's documented way to limit after authentication):
 * the count comes after routing and validation; `onRequest` suits a route whose handler reads
 * its own body stream (a multipart upload).
 */
export function perPlayerRateLimit({
  max,
  timeWindow,
  hook = 'preHandler',
}: {
  max: number;
  timeWindow: string | number;
  hook?: 'preHandler' | 'onRequest';
}): RateLimitOptions {
  return {
    hook,
    max,
    timeWindow,
    keyGenerator: (request: FastifyRequest) => playerRateLimitKey(request),
  };
}

export async function playerRateLimitKey(request: FastifyRequest): Promise<string> {
  const address = normalizeIP(request.ip);
  // The same resolution the session-player hook then uses: one look-up per request.
  const playerId = await sessionPlayerId(request);
  return playerId ? `player:${playerId}:${address}` : `no-session:${address}`;
}
