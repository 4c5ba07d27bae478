import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const webSrc = path.resolve(__dirname, '..');
const dictionary = JSON.parse(readFileSync(path.resolve(webSrc, '../../platform/src/content/seed/translations.json'), 'utf8')) as Record<
  string,
  Record<string, string>
>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('translations used by the storefront', () => {
  it('exist in the seeded Danish dictionary for every t() call and text key list', () => {
    const missing: string[] = [];
    for (const file of sourceFiles(webSrc)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bt\(\s*'([a-z_]+)\.([a-z0-9_]+)'/g)) {
        if (dictionary[match[1]!]?.[match[2]!] == null) missing.push(`${path.relative(webSrc, file)}: ${match[1]}.${match[2]}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
