import { z } from 'zod';
import { fail, forbiddenOrigin, ok, parseJson, sameOrigin } from '@/lib/api';
import { SESSION_ID_PATTERN, gameRefusal, studioBearer, visitorOf } from '@/lib/game-sessions';
import { playRound } from '@/lib/studio';
import { ROULETTE_BET_KINDS } from '@/lib/studio-schemas';

const stakeOre = z.number().int().positive().max(100_000_000);

/**
 * A roulette bet's shape (the studio checks that the numbers are a spot of the layout, the
 * selector fits the kind and the stakes keep the table's limits): an inside bet's numbers (1–6 of
 * 0..36), an outside bet's selector. At most 200 bets, as no layout has more spots than 157.
 */
const rouletteBet = z
  .object({
    kind: z.enum(ROULETTE_BET_KINDS),
    numbers: z.array(z.number().int().min(0).max(36)).min(1).max(6).optional(),
    selector: z.union([z.literal(1), z.literal(2), z.literal(3), z.enum(['red', 'black', 'odd', 'even', 'low', 'high'])]).optional(),
    stakeOre,
  })
  .refine((bet) => (bet.numbers === undefined) !== (bet.selector === undefined), { message: 'numbers or selector' });

const body = z.union([
  z.object({ stakeOre }).strict(),
  z.object({ bets: z.array(rouletteBet).min(1).max(200) }).strict(),
  // A free round (issue 27): the grant's, at its stake (the studio and the casino hold it).
  z.object({ freeRoundsId: z.uuid() }).strict(),
]);
type Context = { params: Promise<{ sessionId: string }> };

/**
 * POST /api/spil/sessions/{id}/rounds: one round, drawn by the studio. `{stakeOre}` for a slot's
 * spin and a blackjack or video-poker deal, `{bets}` for a roulette spin, `{freeRoundsId}` for a
 * free round. The studio enforces the
 * stake steps and table limits, one round at a time, the 3 s pace and an unanswered money-played
 * warning; its refusal comes back with its code and Danish message.
 */
export async function POST(request: Request, { params }: Context) {
  if (!sameOrigin(request)) return forbiddenOrigin();
  const parsed = await parseJson(request, body);
  if (!parsed.ok) return parsed.response;
  const { sessionId } = await params;
  const bearer = await studioBearer();
  if (!SESSION_ID_PATTERN.test(sessionId) || !bearer) return fail(404, 'GAME_SESSION_NOT_FOUND', 'games.error_session_not_found');
  const answer = await playRound(sessionId, bearer, parsed.data, visitorOf(request));
  return answer.ok ? ok({ result: 1, data: answer.data }) : gameRefusal(answer);
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
