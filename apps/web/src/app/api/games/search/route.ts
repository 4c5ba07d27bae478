import { fail, ok } from '@/lib/api';
import { toTileGame } from '@/lib/game-types';
import { searchGames } from '@/lib/games';
import { searchTerm } from '@/lib/games-query';

/**
 * GET /api/games/search?q=vikingrnes: the titles matching what a player typed, as tiles (the
 * platform's trigram search, typo-tolerant). The lobby's search box asks it as the player types.
 * The same question answers the same for everyone: cached for a minute.
 */
export async function GET(request: Request) {
  const term = searchTerm(new URL(request.url).searchParams.get('q'));
  if (!term) return ok({ result: 1, data: { term, items: [] } });
  const answer = await searchGames(term);
  if (!answer.ok) return fail(502, 'SERVER_ERROR', 'slot_machines.list_error');
  return ok({ result: 1, data: { term, items: answer.data.items.map(toTileGame) } }, { cacheSeconds: 60 });
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
