import { z } from 'zod';
import { fail, forbiddenOrigin, ok, parseJson, sameOrigin } from '@/lib/api';
import { sessionToken } from '@/lib/session';
import { joinRefusalKey } from '@/lib/tournament-rules';
import { joinTournament } from '@/lib/tournaments';

/** The platform's shapes: a tournament's slug and an edition ("2026-11", "2026-W48"). */
const body = z.object({
  tournament: z.string().regex(/^[a-z0-9-]{2,80}$/),
  edition: z.string().regex(/^\d{4}-(\d{2}|W\d{2})$/),
});

/**
 * POST /api/tournaments/join {tournament, edition}: "Tilmeld dig" on a campaign page or the
 * player's tournaments page. The platform joins the player to the edition running now; refused
 * (ended, not begun, joined already, paused or closed), the rule's code and its Danish message, and
 * nothing changes. CSRF-guarded like every POST (same origin, JSON body).
 */
export async function POST(request: Request) {
  if (!sameOrigin(request)) return forbiddenOrigin();
  const parsed = await parseJson(request, body);
  if (!parsed.ok) return parsed.response;
  const token = await sessionToken();
  if (!token) return fail(401, 'SESSION_INVALID', 'authentication.session_invalid');
  const answer = await joinTournament(token, parsed.data.tournament, parsed.data.edition);
  if (answer.ok) return ok({ result: 1, data: answer.data });
  if (answer.status === 401) return fail(401, 'SESSION_INVALID', 'authentication.session_invalid');
  if (answer.status < 400 || answer.status >= 500) return fail(502, 'SERVER_ERROR', 'campaign.tournament_join_error');
  return fail(answer.status, answer.code, joinRefusalKey(answer.code));
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as GET, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
