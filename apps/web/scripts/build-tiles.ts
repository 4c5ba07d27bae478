/**
 * The lobby tiles as WebP, made before `next build` (package.json prebuild; npm start and CI build
 * through it): every title of @krone/games-math/titles and every table title (TABLE_TITLES, issue 24)
 * drawn by lib/game-art.ts and rendered by sharp in the widths of lib/game-types.ts TILE_WIDTHS into
 * public/games/tiles/{id}-{width}.webp (not committed). Incremental: a manifest keeps the hash of everything the pictures follow from (the
 * titles, the drawing's sources, the icon set's version, the widths), and a build with the same hash
 * leaves the files alone.
 *
 *   node --conditions=react-server --import tsx scripts/build-tiles.ts [--force]
 *
 * (react-server: the drawing's modules are marked server-only, which this script is.)
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TABLE_TITLES } from '@krone/games-math';
import { loadTitles } from '@krone/games-math/titles';
import sharp from 'sharp';
import { ART_WIDTH, gameArtSvg, type GameArtInput } from '../src/lib/game-art';
import { TILE_WIDTHS } from '../src/lib/game-types';
import { iconSetFile } from '../src/lib/symbol-art/icons';
import { tileFileName } from '../src/lib/symbol-art/tile-files';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(webDir, 'public', 'games', 'tiles');
const manifestFile = path.join(outDir, 'manifest.json');
const QUALITY = 78;

/** The sources the pictures are drawn by: a change in any of them makes every tile anew. */
const DRAWING_SOURCES = [
  'scripts/build-tiles.ts',
  'src/lib/game-art.ts',
  'src/lib/game-types.ts',
  ...readdirSync(path.join(webDir, 'src/lib/symbol-art'))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => `src/lib/symbol-art/${file}`),
].sort();

function artInputs(): GameArtInput[] {
  const slots = loadTitles().map((title) => ({
    id: title.id,
    name: title.name,
    theme: title.theme,
    symbols: title.maths.symbols.map((symbol, index) => ({
      name: symbol.name,
      pays: symbol.pays ?? [],
      kind: index === title.maths.wild?.symbol ? 'wild' : index === title.maths.scatter?.symbol ? 'scatter' : 'normal',
    })),
  }));
  // The table titles (issue 24) draw their game, not symbols (lib/symbol-art/table-art.ts).
  const tables = TABLE_TITLES.map((title) => ({ id: title.id, name: title.name, theme: title.theme, table: title.kind }));
  return [...slots, ...tables];
}

function inputsHash(inputs: GameArtInput[]): string {
  const hash = createHash('sha256');
  for (const file of DRAWING_SOURCES) hash.update(file).update(readFileSync(path.join(webDir, file)));
  const iconPackage = JSON.parse(readFileSync(path.join(path.dirname(iconSetFile()), 'package.json'), 'utf8')) as { version: string };
  hash.update(`icons ${iconPackage.version} widths ${TILE_WIDTHS.join(',')} quality ${QUALITY} sharp ${sharp.versions.sharp ?? ''}`);
  hash.update(JSON.stringify(inputs));
  return hash.digest('hex');
}

interface Manifest {
  hash: string;
  widths: number[];
  ids: string[];
  bytes: number;
}

async function renderOne(input: GameArtInput): Promise<number> {
  const svg = Buffer.from(gameArtSvg(input));
  const largest = Math.max(...TILE_WIDTHS);
  // Drawn once at the largest width, then scaled down for the others.
  const { data, info } = await sharp(svg, { density: (72 * largest) / ART_WIDTH })
    .resize(largest)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  let bytes = 0;
  for (const width of TILE_WIDTHS) {
    const webp = await sharp(data, raw).resize(width).webp({ quality: QUALITY, effort: 4 }).toBuffer();
    await writeFile(path.join(outDir, tileFileName(input.id, width)), webp);
    bytes += webp.length;
  }
  return bytes;
}

async function main() {
  const started = performance.now();
  const force = process.argv.includes('--force');
  const inputs = artInputs();
  const hash = inputsHash(inputs);
  if (!force && existsSync(manifestFile)) {
    const previous = JSON.parse(await readFile(manifestFile, 'utf8')) as Manifest;
    const complete = previous.ids.every((id) => TILE_WIDTHS.every((width) => existsSync(path.join(outDir, tileFileName(id, width)))));
    if (previous.hash === hash && complete) {
      console.log(
        `tiles: ${previous.ids.length} titles up to date (${(previous.bytes / 1024 / 1024).toFixed(1)} MB), checked in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      return;
    }
  }
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  // A few titles at once keep every core busy (sharp's own default here is one thread).
  sharp.concurrency(availableParallelism());
  const concurrency = Math.max(2, availableParallelism() * 2);
  let next = 0;
  let bytes = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < inputs.length) bytes += await renderOne(inputs[next++]!);
    }),
  );
  const manifest: Manifest = { hash, widths: [...TILE_WIDTHS], ids: inputs.map((input) => input.id), bytes };
  await writeFile(manifestFile, `${JSON.stringify(manifest)}\n`);
  const sizes = await Promise.all(TILE_WIDTHS.map((width) => stat(path.join(outDir, tileFileName(inputs[0]!.id, width)))));
  console.log(
    `tiles: ${inputs.length} titles × ${TILE_WIDTHS.length} widths in ${((performance.now() - started) / 1000).toFixed(1)} s, ` +
      `${(bytes / 1024 / 1024).toFixed(1)} MB in ${path.relative(process.cwd(), outDir)} ` +
      `(${inputs[0]!.id}: ${TILE_WIDTHS.map((width, i) => `${width} px ${(sizes[i]!.size / 1024).toFixed(1)} kB`).join(', ')})`,
  );
}

await main();
