import { z } from 'zod';
import { fail, forbiddenOrigin, ok, parseJson, sameOrigin } from '@/lib/api';
import { liveStudioOrigin } from '@/lib/csp';
import { GAME_ID_PATTERN, gameRefusal } from '@/lib/game-sessions';
import { launchLiveTable } from '@/lib/live';
import { logError } from '@/lib/log-redaction';
import { sessionToken } from '@/lib/session';

const body = z.object({ gameId: z.string().regex(GAME_ID_PATTERN) });

/**
 * POST /api/live/launch {gameId}: seats the logged-in player at a live table for money (the
 * platform's POST /Games/live/launch: a game session, refused as any launch is, and the studio's
 * game client address). Called by the live launch page once it runs in the browser, so no page
 * view (a prefetch, a crawler) opens a session. The answer's `gameUrl` is the live studio's, on the
 * origin the page's policy may frame (LIVE_STUDIO_ORIGIN), or the launch is refused as unavailable.
 */
export async function POST(request: Request) {
  if (!sameOrigin(request)) return forbiddenOrigin();
  const parsed = await parseJson(request, body);
  if (!parsed.ok) return parsed.response;
  const token = await sessionToken();
  if (!token) return fail(401, 'SESSION_INVALID', 'authentication.session_invalid');
  const studioOrigin = liveStudioOrigin();
  if (!studioOrigin) return fail(503, 'LIVE_STUDIO_UNAVAILABLE', 'games.live_unavailable');
  const launched = await launchLiveTable(token, parsed.data.gameId);
  if (!launched.ok) return gameRefusal({ ...launched, extra: {} });
  const { gameSessionId, gameId, tableId, gameUrl, expiresAt } = launched.data;
  if (originOf(gameUrl) !== studioOrigin) {
    // The page could not frame it (frame-src names LIVE_STUDIO_ORIGIN only): a setting to fix, said in the log.
    logError(
      `storefront: live launch: the game client is not on LIVE_STUDIO_ORIGIN (${studioOrigin})`,
      new Error(originOf(gameUrl) ?? 'no URL'),
    );
    return fail(503, 'LIVE_STUDIO_UNAVAILABLE', 'games.error_live_unavailable');
  }
  // startedAt: the storefront's time of the launch, from which the game bar counts the session's rounds.
  return ok({ result: 1, data: { gameSessionId, gameId, tableId, gameUrl, expiresAt, startedAt: new Date().toISOString() } });
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
