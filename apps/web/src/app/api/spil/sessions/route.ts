import { z } from 'zod';
import { forbiddenOrigin, parseJson, sameOrigin } from '@/lib/api';
import { GAME_ID_PATTERN, gameRefusal, launchGameSession, sessionOpened, visitorOf } from '@/lib/game-sessions';
import { sessionToken } from '@/lib/session';

const body = z.object({ gameId: z.string().regex(GAME_ID_PATTERN), mode: z.enum(['fun', 'real']) });

/**
 * POST /api/spil/sessions {gameId, mode}: a new game session at the studio, for fun (anyone) or
 * for money (the logged-in player, launched by the platform). The answer is the session; its
 * bearer token goes into an HttpOnly cookie scoped to the session's own API path (lib/game-sessions).
 */
export async function POST(request: Request) {
  if (!sameOrigin(request)) return forbiddenOrigin();
  const parsed = await parseJson(request, body);
  if (!parsed.ok) return parsed.response;
  const launched = await launchGameSession(parsed.data.gameId, parsed.data.mode, await sessionToken(), visitorOf(request));
  return launched.ok ? sessionOpened(launched.data) : gameRefusal(launched);
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
