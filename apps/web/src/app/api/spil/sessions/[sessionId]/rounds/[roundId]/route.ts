import { isErrorCode, messageKeyOf } from '@krone/domain';
import { fail, ok } from '@/lib/api';
import { getTranslator } from '@/lib/content';
import { SESSION_ID_PATTERN, gameRefusal, studioBearer } from '@/lib/game-sessions';
import { readRound } from '@/lib/studio';

const ROUND_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
type Context = { params: Promise<{ sessionId: string; roundId: string }> };

/**
 * GET /api/spil/sessions/{id}/rounds/{roundId}: a round's fate, which the game screen polls while
 * the round is pending (the casino's answer still owed): still pending (no outcome), settled with
 * its outcome, or refused (never happened) with the refusal in Danish. The round may be of another
 * session of the same player (the session's `pendingRound` after a reload, in another tab or game):
 * the studio answers it to any session of that player, another player's is 404. The session's
 * cookie is sent here too (its path is the session's).
 */
export async function GET(_request: Request, { params }: Context) {
  const { sessionId, roundId } = await params;
  const bearer = await studioBearer();
  if (!SESSION_ID_PATTERN.test(sessionId) || !bearer) return fail(404, 'GAME_SESSION_NOT_FOUND', 'games.error_session_not_found');
  if (!ROUND_ID_PATTERN.test(roundId)) return fail(404, 'GAME_ROUND_NOT_FOUND', 'games.error_round_not_found');
  const answer = await readRound(sessionId, roundId, bearer);
  if (!answer.ok) return gameRefusal(answer);
  const { round } = answer.data;
  let refusal: { code: string; message: string } | null = null;
  if ('status' in round && (round.status === 'refused' || round.status === 'cancelled')) {
    const code = round.refusalCode ?? 'GAME_ROUND_CANCELLED';
    const t = await getTranslator();
    refusal = { code, message: `${t('slot_machines.round_refused')} ${isErrorCode(code) ? t(messageKeyOf(code)) : ''}`.trim() };
  }
  return ok({ result: 1, data: { ...answer.data, refusal } });
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
