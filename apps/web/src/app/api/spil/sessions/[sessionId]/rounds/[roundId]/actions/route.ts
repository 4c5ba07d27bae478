import { z } from 'zod';
import { fail, forbiddenOrigin, ok, parseJson, sameOrigin } from '@/lib/api';
import { SESSION_ID_PATTERN, gameRefusal, studioBearer, visitorOf } from '@/lib/game-sessions';
import { playTableAction } from '@/lib/studio';

const ROUND_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const body = z.union([
  z.object({ action: z.enum(['hit', 'stand', 'double', 'split', 'surrender']) }),
  z.object({ action: z.literal('insurance'), take: z.boolean() }),
  z.object({ action: z.literal('draw'), holds: z.array(z.boolean()).length(5) }),
]);
type Context = { params: Promise<{ sessionId: string; roundId: string }> };

/**
 * POST /api/spil/sessions/{id}/rounds/{roundId}/actions: the player's decision in a table round
 * that waits for one: blackjack's hit, stand, double, split, surrender and insurance (take or
 * not), video poker's draw with its five holds. The studio checks the move against the round and
 * the table's rules (TABLE_ACTION_NOT_ALLOWED, TABLE_ROUND_OVER, another player's round 404), takes
 * the stake of a double, split or insurance and pays the round when it ends; its refusal comes
 * back with its code and Danish message.
 */
export async function POST(request: Request, { params }: Context) {
  if (!sameOrigin(request)) return forbiddenOrigin();
  const parsed = await parseJson(request, body);
  if (!parsed.ok) return parsed.response;
  const { sessionId, roundId } = await params;
  const bearer = await studioBearer();
  if (!SESSION_ID_PATTERN.test(sessionId) || !bearer) return fail(404, 'GAME_SESSION_NOT_FOUND', 'games.error_session_not_found');
  if (!ROUND_ID_PATTERN.test(roundId)) return fail(404, 'GAME_ROUND_NOT_FOUND', 'games.error_round_not_found');
  const answer = await playTableAction(sessionId, roundId, bearer, parsed.data, visitorOf(request));
  return answer.ok ? ok({ result: 1, data: answer.data }) : gameRefusal(answer);
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
