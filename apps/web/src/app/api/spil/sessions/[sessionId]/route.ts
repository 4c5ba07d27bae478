import { fail, ok } from '@/lib/api';
import { SESSION_ID_PATTERN, gameRefusal, studioBearer } from '@/lib/game-sessions';
import { readSession } from '@/lib/studio';

type Context = { params: Promise<{ sessionId: string }> };

/** GET /api/spil/sessions/{id}: the session as it stands (balance, net result, a pending money-played warning). */
export async function GET(_request: Request, { params }: Context) {
  const { sessionId } = await params;
  const bearer = await studioBearer();
  if (!SESSION_ID_PATTERN.test(sessionId) || !bearer) return fail(404, 'GAME_SESSION_NOT_FOUND', 'games.error_session_not_found');
  const answer = await readSession(sessionId, bearer);
  return answer.ok ? ok({ result: 1, data: answer.data }) : gameRefusal(answer);
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
