import { readFile } from 'node:fs/promises';
import { fail } from '@/lib/api';
import { gameArtSvg, tableArtOf } from '@/lib/game-art';
import { TILE_WIDTHS } from '@/lib/game-types';
import { loadGame } from '@/lib/games';
import { loadGameRules } from '@/lib/studio';
import { tileFile } from '@/lib/symbol-art/tile-files';

const GAME_ID = /^[a-z0-9][a-z0-9-]{1,79}$/;

const IMMUTABLE = {
  'Cache-Control': 'public, max-age=31536000, immutable',
  // Opened on its own, the picture may run nothing.
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
  'X-Content-Type-Options': 'nosniff',
};

/**
 * GET /api/games/art/{gameId}?v=2[&w=200|360|480]: the title's tile artwork (lib/game-art.ts). With
 * a width the build rendered (lib/game-types.ts TILE_WIDTHS), the build's WebP file of that width
 * (scripts/build-tiles.ts); without one, or where the build made no file, the SVG, which fits any
 * width. A table title draws its game (lib/symbol-art/table-art.ts) from its catalogue entry alone.
 * The picture follows from the title alone and the address carries the drawing's version
 * (ART_VERSION), so a browser and any cache in between keep it a year.
 */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!GAME_ID.test(id)) return fail(404, 'GAME_NOT_FOUND', 'games.error_game_not_found');
  const width = Number(new URL(request.url).searchParams.get('w'));
  const file = (TILE_WIDTHS as readonly number[]).includes(width) ? tileFile(id, width) : undefined;
  if (file) {
    const webp = await readFile(file).catch(() => undefined);
    if (webp) return new Response(new Uint8Array(webp), { headers: { 'Content-Type': 'image/webp', ...IMMUTABLE } });
  }
  // The rules are asked at once (a slot's symbols), as the title is; a table title does not need them.
  const [answer, rules] = await Promise.all([loadGame(id), loadGameRules(id)]);
  if (!answer.ok)
    return answer.status === 404
      ? fail(404, 'GAME_NOT_FOUND', 'games.error_game_not_found')
      : fail(502, 'SERVER_ERROR', 'slot_machines.list_error');
  // A table title (issue 24) draws its game, by the catalogue's category: no symbols, no rules needed.
  const table = tableArtOf(answer.data);
  if (table)
    return new Response(gameArtSvg({ ...answer.data, table }), {
      headers: { 'Content-Type': 'image/svg+xml; charset=utf-8', ...IMMUTABLE },
    });
  // Another provider's title has no rules at our studio: its tile shows a slot machine. A studio
  // that is down must not leave that picture in caches for a year.
  if (!rules.ok && rules.status !== 404) return fail(502, 'SERVER_ERROR', 'slot_machines.list_error');
  const symbols = rules.ok ? rules.data.symbols : undefined;
  return new Response(gameArtSvg({ ...answer.data, symbols }), {
    headers: { 'Content-Type': 'image/svg+xml; charset=utf-8', ...IMMUTABLE },
  });
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
