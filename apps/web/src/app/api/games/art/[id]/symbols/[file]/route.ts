import { fail } from '@/lib/api';
import { loadGame } from '@/lib/games';
import { loadGameRules } from '@/lib/studio';
import { symbolArtFor } from '@/lib/symbol-art/symbol-file';

/**
 * GET /api/games/art/{gameId}/symbols/{index}.svg?v=1: one symbol of the title as its themed tile
 * (lib/symbol-art), for the paytable, the round's words and the reels' textures. The picture follows
 * from the title alone and the address carries the drawing's version (lib/symbol-art-href.ts), so a
 * browser and any cache in between keep it a year.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string; file: string }> }) {
  const { id, file } = await params;
  const answer = await symbolArtFor(id, file, { loadRules: loadGameRules, loadTheme: loadGame });
  if (!answer.ok)
    return answer.code === 'SERVER_ERROR'
      ? fail(502, 'SERVER_ERROR', 'slot_machines.list_error')
      : answer.code === 'GAME_NOT_FOUND'
        ? fail(404, 'GAME_NOT_FOUND', 'games.error_game_not_found')
        : fail(404, 'NOT_FOUND', 'validation.not_found');
  return new Response(answer.svg, {
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
