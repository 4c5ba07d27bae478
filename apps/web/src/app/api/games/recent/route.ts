import { fail, ok } from '@/lib/api';
import { toTileGame } from '@/lib/game-types';
import { loadRecent } from '@/lib/games';
import { sessionToken } from '@/lib/session';

/** GET /api/games/recent: the logged-in player's recently played titles, as tiles; never cached. */
export async function GET() {
  const token = await sessionToken();
  if (!token) return fail(401, 'SESSION_INVALID', 'authentication.session_invalid');
  const answer = await loadRecent(token);
  if (!answer.ok)
    return answer.status === 401
      ? fail(401, 'SESSION_INVALID', 'authentication.session_invalid')
      : fail(502, 'SERVER_ERROR', 'slot_machines.list_error');
  return ok({ result: 1, data: { items: answer.data.items.map(toTileGame) } });
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
