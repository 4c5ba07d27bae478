import { z } from 'zod';
import { fail, forbiddenOrigin, ok, parseJson, sameOrigin } from '@/lib/api';
import { loadFavourites, setFavourite } from '@/lib/games';
import { sessionToken } from '@/lib/session';

const GAME_ID = /^[a-z0-9][a-z0-9-]{1,79}$/;
const body = z.object({ gameId: z.string().regex(GAME_ID), favourite: z.boolean() });

/** GET /api/games/favourites: the ids of the logged-in player's favourites (the hearts); never cached. */
export async function GET() {
  const token = await sessionToken();
  if (!token) return fail(401, 'SESSION_INVALID', 'authentication.session_invalid');
  const answer = await loadFavourites(token);
  if (!answer.ok)
    return answer.status === 401
      ? fail(401, 'SESSION_INVALID', 'authentication.session_invalid')
      : fail(502, 'SERVER_ERROR', 'slot_machines.list_error');
  return ok({ result: 1, data: { ids: answer.data.items.map((game) => game.id) } });
}

/**
 * POST /api/games/favourites {gameId, favourite}: a heart pressed. Guarded like every change the
 * storefront makes (same origin, a JSON body); the platform's refusal passes through with its code.
 */
export async function POST(request: Request) {
  if (!sameOrigin(request)) return forbiddenOrigin();
  const parsed = await parseJson(request, body);
  if (!parsed.ok) return parsed.response;
  const token = await sessionToken();
  if (!token) return fail(401, 'SESSION_INVALID', 'authentication.session_invalid');
  const answer = await setFavourite(token, parsed.data.gameId, parsed.data.favourite);
  if (answer.ok) return ok({ result: 1, data: parsed.data });
  if (answer.status === 401) return fail(401, 'SESSION_INVALID', 'authentication.session_invalid');
  if (answer.status === 404) return fail(404, 'GAME_NOT_FOUND', 'games.error_game_not_found');
  return fail(502, 'SERVER_ERROR', 'slot_machines.favourite_error');
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
