import { fail, forbiddenOrigin, ok, sameOrigin } from '@/lib/api';
import { SESSION_ID_PATTERN, clearStudioToken, gameRefusal, studioBearer } from '@/lib/game-sessions';
import { endSession } from '@/lib/studio';

type Context = { params: Promise<{ sessionId: string }> };

/** POST /api/spil/sessions/{id}/end: the player leaves the game; the session ends and its cookie goes. */
export async function POST(request: Request, { params }: Context) {
  if (!sameOrigin(request)) return forbiddenOrigin();
  const { sessionId } = await params;
  const bearer = await studioBearer();
  if (!SESSION_ID_PATTERN.test(sessionId) || !bearer) return fail(404, 'GAME_SESSION_NOT_FOUND', 'games.error_session_not_found');
  const answer = await endSession(sessionId, bearer);
  const response = answer.ok ? ok({ result: 1, data: answer.data }) : await gameRefusal(answer);
  clearStudioToken(response, sessionId);
  return response;
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
