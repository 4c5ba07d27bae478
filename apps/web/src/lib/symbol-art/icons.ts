import 'server-only';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { USED_ICONS } from './catalogue';

/**
 * The icons of the Fluent Emoji Flat set (@iconify-json/fluent-emoji-flat, MIT, © Microsoft) that the
 * symbol catalogue uses. The set's JSON (9 MB, 3 000 icons) is read once per process from
 * node_modules, not bundled, and only the catalogue's ~180 icons are kept.
 */

export interface IconData {
  body: string;
  left: number;
  top: number;
  width: number;
  height: number;
}

interface IconSet {
  width?: number;
  height?: number;
  icons: Record<string, Partial<IconData> & { body: string }>;
  aliases?: Record<string, { parent: string }>;
}

const PACKAGE = '@iconify-json/fluent-emoji-flat';

/** Where the set's icons.json is: from the working directory upwards (a bundler moves this file). */
export function iconSetFile(): string {
  for (let dir = process.cwd(); ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'node_modules', PACKAGE, 'icons.json');
    if (existsSync(file)) return file;
    if (path.dirname(dir) === dir) throw new Error(`${PACKAGE}/icons.json not found from ${process.cwd()} upwards (npm ci)`);
  }
}

let cache: ReadonlyMap<string, IconData> | undefined;

/** The used icons by name (an alias resolved to its parent). */
export function loadIcons(names: readonly string[] = USED_ICONS): ReadonlyMap<string, IconData> {
  if (cache && names === USED_ICONS) return cache;
  const set = JSON.parse(readFileSync(iconSetFile(), 'utf8')) as IconSet;
  const icons = new Map<string, IconData>();
  for (const name of names) {
    const own = set.icons[name] ?? set.icons[set.aliases?.[name]?.parent ?? ''];
    if (!own) continue;
    icons.set(name, {
      body: own.body,
      left: own.left ?? 0,
      top: own.top ?? 0,
      width: own.width ?? set.width ?? 16,
      height: own.height ?? set.height ?? 16,
    });
  }
  if (names === USED_ICONS) cache = icons;
  return icons;
}

/** One used icon; undefined for a name the set does not have. */
export const iconOf = (name: string): IconData | undefined => loadIcons().get(name);
