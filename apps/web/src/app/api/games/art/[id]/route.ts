import { fail } from '@/lib/api';
import { gameArtSvg } from '@/lib/game-art';
import { loadGame } from '@/lib/games';

const GAME_ID = /^[a-z0-9][a-z0-9-]{1,79}$/;

/**
 * GET /api/games/art/{gameId}?v=1: the title's generated tile artwork (lib/game-art.ts) as SVG.
 * The picture follows from the title alone and the address carries the drawing's version
 * (lib/game-types.ts ART_VERSION), so a browser and any cache in between keep it a year.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!GAME_ID.test(id)) return fail(404, 'GAME_NOT_FOUND', 'games.error_game_not_found');
  const answer = await loadGame(id);
  if (!answer.ok)
    return answer.status === 404
      ? fail(404, 'GAME_NOT_FOUND', 'games.error_game_not_found')
      : fail(502, 'SERVER_ERROR', 'slot_machines.list_error');
  return new Response(gameArtSvg(answer.data), {
    headers: {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': 'public, max-age=31536000, immutable',
      // Opened on its own, the picture may run nothing.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
