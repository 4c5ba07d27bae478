import { z } from 'zod';
import { fail, forbiddenOrigin, ok, parseJson, sameOrigin } from '@/lib/api';
import { SESSION_ID_PATTERN, gameRefusal, studioBearer } from '@/lib/game-sessions';
import { answerWarning } from '@/lib/studio';

const body = z.object({ answer: z.enum(['continue', 'stop']) });
type Context = { params: Promise<{ sessionId: string }> };

/** POST /api/spil/sessions/{id}/warning {answer: "continue" | "stop"}: the player's answer to the money-played warning. */
export async function POST(request: Request, { params }: Context) {
  if (!sameOrigin(request)) return forbiddenOrigin();
  const parsed = await parseJson(request, body);
  if (!parsed.ok) return parsed.response;
  const { sessionId } = await params;
  const bearer = await studioBearer();
  if (!SESSION_ID_PATTERN.test(sessionId) || !bearer) return fail(404, 'GAME_SESSION_NOT_FOUND', 'games.error_session_not_found');
  const answer = await answerWarning(sessionId, bearer, parsed.data.answer);
  return answer.ok ? ok({ result: 1, data: answer.data }) : gameRefusal(answer);
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
