import { z } from 'zod';
import { fail, forbiddenOrigin, ok, parseJson, sameOrigin } from '@/lib/api';
import { SESSION_ID_PATTERN, gameRefusal, studioBearer, visitorOf } from '@/lib/game-sessions';
import { playRound } from '@/lib/studio';

const body = z.object({ stakeOre: z.number().int().positive().max(100_000_000) });
type Context = { params: Promise<{ sessionId: string }> };

/**
 * POST /api/spil/sessions/{id}/rounds {stakeOre}: one round, drawn by the studio. The studio
 * enforces the stake steps, one round at a time, the 3 s pace and an unanswered money-played
 * warning; its refusal comes back with its code and Danish message.
 */
export async function POST(request: Request, { params }: Context) {
  if (!sameOrigin(request)) return forbiddenOrigin();
  const parsed = await parseJson(request, body);
  if (!parsed.ok) return parsed.response;
  const { sessionId } = await params;
  const bearer = await studioBearer();
  if (!SESSION_ID_PATTERN.test(sessionId) || !bearer) return fail(404, 'GAME_SESSION_NOT_FOUND', 'games.error_session_not_found');
  const answer = await playRound(sessionId, bearer, parsed.data.stakeOre, visitorOf(request));
  return answer.ok ? ok({ result: 1, data: answer.data }) : gameRefusal(answer);
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
