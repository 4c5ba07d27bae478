import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './redirects';

describe('where to return after login', () => {
  it('keeps paths on this site, with their query', () => {
    expect(safeRedirectPath('/min-konto/profil')).toBe('/min-konto/profil');
    expect(safeRedirectPath('/nyheder?side=2')).toBe('/nyheder?side=2');
  });

  it('refuses anything that could lead to another site', () => {
    for (const value of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'evil',
      '',
      null,
      undefined,
      '/a\nb',
      `/${'x'.repeat(600)}`,
    ]) {
      expect(safeRedirectPath(value)).toBeNull();
    }
  });
});
