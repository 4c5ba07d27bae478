/**
 * NODE ONLY (reads files): the catalogue of titles from packages/games-math/titles/*.json, parsed and
 * validated by parseTitle, sorted by id, cached for the process. Imported as '@krone/games-math/titles';
 * the package's main entry stays free of file I/O.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseTitle, TitleError, type Title } from '../title.js';

let cache: { titles: readonly Title[]; byId: ReadonlyMap<string, Title> } | undefined;

/**
 * Where the title files are: KRONE_TITLES_DIR when set, else beside this file's package (tsx, vitest,
 * tsc), else found from the working directory upwards (a bundler such as Next.js may move this file).
 */
export function titlesDir(): string {
  const fromEnv = process.env.KRONE_TITLES_DIR;
  if (fromEnv) return path.resolve(fromEnv);
  const candidates: string[] = [];
  try {
    candidates.push(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../titles'));
  } catch {
    // import.meta.url is not a file URL in some bundles; fall through to the working directory.
  }
  for (let dir = process.cwd(); ; dir = path.dirname(dir)) {
    candidates.push(path.join(dir, 'packages/games-math/titles'), path.join(dir, 'node_modules/@krone/games-math/titles'));
    if (path.dirname(dir) === dir) break;
  }
  const found = candidates.find((dir) => existsSync(dir) && statSync(dir).isDirectory());
  if (!found) throw new TitleError(`no titles directory found (looked in ${candidates.slice(0, 3).join(', ')} …; set KRONE_TITLES_DIR)`);
  return found;
}

function listJson(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return listJson(full);
    return entry.isFile() && entry.name.endsWith('.json') ? [full] : [];
  });
}

/** Reads and validates every titles/**\/*.json once per process; throws TitleError naming the file and problem. */
export function loadTitles(): readonly Title[] {
  if (cache) return cache.titles;
  const dir = titlesDir();
  const titles: Title[] = [];
  const byId = new Map<string, Title>();
  const names = new Set<string>();
  for (const file of listJson(dir)) {
    const relative = path.relative(dir, file);
    let title: Title;
    try {
      title = parseTitle(JSON.parse(readFileSync(file, 'utf8')));
    } catch (error) {
      throw new TitleError(`${relative}: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (path.basename(file) !== `${title.id}.json`) throw new TitleError(`${relative}: the file must be named ${title.id}.json`);
    if (byId.has(title.id)) throw new TitleError(`${relative}: id ${title.id} used twice`);
    if (names.has(title.name)) throw new TitleError(`${relative}: name ${title.name} used twice`);
    byId.set(title.id, Object.freeze(title));
    names.add(title.name);
    titles.push(title);
  }
  titles.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  cache = { titles: Object.freeze(titles), byId };
  return cache.titles;
}

export function titleById(id: string): Title | undefined {
  loadTitles();
  return cache!.byId.get(id);
}
