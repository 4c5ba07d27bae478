import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import translations from '../../../../platform/src/content/seed/translations.json';
import { TABLE_TEXT_KEYS } from './text-keys';

const dictionary = translations as unknown as Record<string, Record<string, string>>;
const here = path.resolve(__dirname);
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
const keysIn = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/'((?:games|slot_machines|label)\.[a-z0-9_]+)'/g)].map((m) => m[1]!);
const exists = (key: string) => {
  const [group, name] = key.split('.') as [string, string];
  return dictionary[group]?.[name] != null;
};
/** Rendered on the server only (they get the whole translator), so their keys need not ship. */
const SERVER_ONLY = new Set(['table-game-page.tsx', 'table-rules-panel.tsx', 'text-keys.ts']);

describe('the table screens’ texts', () => {
  it('are all in the Danish dictionary, every key named in this folder', () => {
    const missing = sources(here).flatMap((file) =>
      keysIn(file)
        .filter((key) => !exists(key))
        .map((key) => `${path.relative(here, file)}: ${key}`),
    );
    expect(missing).toEqual([]);
    expect(TABLE_TEXT_KEYS.filter((key) => !exists(key))).toEqual([]);
  });

  it('reach the browser: every key a client file names is picked for it', () => {
    const picked = new Set<string>(TABLE_TEXT_KEYS);
    const unpicked = sources(here)
      .filter((file) => !SERVER_ONLY.has(path.basename(file)))
      .flatMap((file) =>
        keysIn(file)
          .filter((key) => !picked.has(key))
          .map((key) => `${path.relative(here, file)}: ${key}`),
      );
    expect(unpicked).toEqual([]);
  });
});
