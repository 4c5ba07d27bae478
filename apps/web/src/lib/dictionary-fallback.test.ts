import { describe, expect, it } from 'vitest';
import { createDictionarySource } from './dictionary-fallback';
import { createTranslator } from './i18n';

describe('a failed translations call (spec §8: ignored)', () => {
  it('draws the page with the last dictionary the platform gave', async () => {
    let fail = false;
    const source = createDictionarySource(async () => {
      if (fail) throw new Error('platform down');
      return { btn: { login: 'Log ind (fra platformen)' } };
    }, 'Krone Casino');
    expect((await source()).dictionary.btn!.login).toBe('Log ind (fra platformen)');
    fail = true;
    const after = await source();
    expect(after.fallback).toBe(true);
    expect(createTranslator(after.dictionary)('btn.login')).toBe('Log ind (fra platformen)');
  });

  it('before any answer, with the Danish texts the build ships, the brand filled in', async () => {
    const source = createDictionarySource(async () => {
      throw new Error('platform down');
    }, 'Testkrone');
    const t = createTranslator((await source()).dictionary);
    expect(t('btn.login')).toBe('Log ind');
    expect(t('authentication.under_min_age')).toContain('Testkrone');
    expect(JSON.stringify((await source()).dictionary)).not.toContain('{{brand}}');
  });
});
