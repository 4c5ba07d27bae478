import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONSENT_TEXT_KEYS } from './consent';
import { RUNTIME_TEXT_KEYS, text } from './text-keys';

const here = import.meta.dirname;

describe('RUNTIME_TEXT_KEYS', () => {
  it('lists every key the components read, once', () => {
    const used = new Set<string>();
    for (const file of readdirSync(here).filter((name) => name.endsWith('.tsx') && !name.endsWith('.test.tsx'))) {
      const source = readFileSync(join(here, file), 'utf8');
      for (const match of source.matchAll(/text\(texts, '([\w.]+)'\)/g)) used.add(match[1]!);
    }
    expect(used.size).toBeGreaterThan(5);
    for (const key of [...used, ...CONSENT_TEXT_KEYS]) expect(RUNTIME_TEXT_KEYS).toContain(key);
    expect(new Set(RUNTIME_TEXT_KEYS).size).toBe(RUNTIME_TEXT_KEYS.length);
  });

  it('keeps Danish out of the components', () => {
    for (const file of readdirSync(here).filter((name) => name.endsWith('.tsx') && !name.endsWith('.test.tsx'))) {
      const source = readFileSync(join(here, file), 'utf8');
      expect(source, file).not.toMatch(/[æøåÆØÅ]/);
    }
  });

  it('shows the key when a text is missing', () => {
    expect(text({ 'modal.close': 'Luk' }, 'modal.close')).toBe('Luk');
    expect(text({}, 'modal.close')).toBe('modal.close');
  });
});
