import 'server-only';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Where the build's WebP lobby tiles are (apps/web/public/games/tiles, made by scripts/build-tiles.ts,
 * not committed) and the file of one title in one width.
 */

export const TILES_SUBDIR = path.join('public', 'games', 'tiles');

/** The tiles folder from the working directory (apps/web, or the repository's root); undefined before a build. */
export function tilesDir(): string | undefined {
  for (const base of [process.cwd(), path.join(process.cwd(), 'apps', 'web')]) {
    const dir = path.join(base, TILES_SUBDIR);
    if (existsSync(dir) && statSync(dir).isDirectory()) return dir;
  }
  return undefined;
}

export const tileFileName = (gameId: string, width: number) => `${gameId}-${width}.webp`;

/** The built file of a title's tile in a width, if the build made it. */
export function tileFile(gameId: string, width: number): string | undefined {
  const dir = tilesDir();
  if (!dir) return undefined;
  const file = path.join(dir, tileFileName(gameId, width));
  return existsSync(file) ? file : undefined;
}
