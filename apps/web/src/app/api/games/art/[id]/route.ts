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
  if (!GAME_ID.test(id)) return new Response(null, { status: 404 });
  const answer = await loadGame(id);
  if (!answer.ok) return new Response(null, { status: answer.status === 404 ? 404 : 502, headers: { 'Cache-Control': 'no-store' } });
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
