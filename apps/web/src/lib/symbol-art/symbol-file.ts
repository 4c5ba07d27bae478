import 'server-only';
import { symbolTileSvg, type ThemeColours } from './compose';

/**
 * The symbol artwork route's work (app/api/games/art/[id]/symbols/[file]): which symbol a file name
 * asks for, and its SVG from the title's rules and theme. The loaders are passed in, so this is
 * tested without the studio or the platform.
 */

export const GAME_ID = /^[a-z0-9][a-z0-9-]{1,79}$/;
const SYMBOL_FILE = /^(0|[1-9][0-9]?)\.svg$/;

/** The symbol index of a file name ("3.svg" → 3); undefined for anything else. */
export function symbolIndexOf(file: string): number | undefined {
  const match = SYMBOL_FILE.exec(file);
  return match ? Number(match[1]) : undefined;
}

export interface SymbolArtSources {
  loadRules: (
    gameId: string,
  ) => Promise<{ ok: true; data: { symbols: { name: string; kind?: string }[] } } | { ok: false; status: number }>;
  loadTheme: (gameId: string) => Promise<{ ok: true; data: { theme: { colours: ThemeColours } } } | { ok: false; status: number }>;
}

export type SymbolArtAnswer =
  | { ok: true; svg: string }
  | { ok: false; status: 404; code: 'GAME_NOT_FOUND' | 'NOT_FOUND' }
  | { ok: false; status: 502; code: 'SERVER_ERROR' };

/** One symbol's tile of one title: 404 for an unknown title, file name or index, 502 when a source is down. */
export async function symbolArtFor(gameId: string, file: string, sources: SymbolArtSources): Promise<SymbolArtAnswer> {
  if (!GAME_ID.test(gameId)) return { ok: false, status: 404, code: 'GAME_NOT_FOUND' };
  const index = symbolIndexOf(file);
  if (index === undefined) return { ok: false, status: 404, code: 'NOT_FOUND' };
  const [rules, game] = await Promise.all([sources.loadRules(gameId), sources.loadTheme(gameId)]);
  if (!rules.ok || !game.ok) {
    const notFound = (!rules.ok && rules.status === 404) || (!game.ok && game.status === 404);
    return notFound ? { ok: false, status: 404, code: 'GAME_NOT_FOUND' } : { ok: false, status: 502, code: 'SERVER_ERROR' };
  }
  const symbol = rules.data.symbols[index];
  if (!symbol) return { ok: false, status: 404, code: 'NOT_FOUND' };
  return { ok: true, svg: symbolTileSvg(symbol, game.data.theme.colours) };
}
