import { describe, expect, it, vi } from 'vitest';
import { allowsAnalytics, buildConsentConfig, CONSENT_TEXT_KEYS, readStoredConsent } from './consent';

const NOW = Date.parse('2026-03-01T12:00:00Z');

function consentCookie(value: Record<string, unknown>): string {
  return `cc_cookie=${encodeURIComponent(JSON.stringify(value))}`;
}

describe('readStoredConsent', () => {
  it('reads the categories the banner stored', () => {
    const cookie = `sid=abc; ${consentCookie({ categories: ['necessary', 'analytics'], revision: 0, expirationTime: NOW + 1000 })}; x=1`;
    expect(readStoredConsent(cookie, NOW)).toEqual({ categories: ['necessary', 'analytics'] });
  });

  it('has no consent without the cookie, with a broken one, an expired one or another revision', () => {
    expect(readStoredConsent('', NOW)).toBeNull();
    expect(readStoredConsent('cc_cookie_other=1; sid=2', NOW)).toBeNull();
    expect(readStoredConsent('cc_cookie=%7Bnot-json', NOW)).toBeNull();
    expect(readStoredConsent(consentCookie({ categories: 'analytics' }), NOW)).toBeNull();
    expect(readStoredConsent(consentCookie({ categories: ['necessary'], expirationTime: NOW }), NOW)).toBeNull();
    expect(readStoredConsent(consentCookie({ categories: ['necessary'], revision: 3 }), NOW)).toBeNull();
  });

  it('tells whether analytics is allowed', () => {
    expect(allowsAnalytics(null)).toBe(false);
    expect(allowsAnalytics({ categories: ['necessary'] })).toBe(false);
    expect(allowsAnalytics({ categories: ['necessary', 'analytics'] })).toBe(true);
  });
});

describe('buildConsentConfig', () => {
  const texts = Object.fromEntries(CONSENT_TEXT_KEYS.map((key) => [key, `da:${key}`]));

  it('uses the Danish texts, the cc_cookie cookie and the three categories', () => {
    const config = buildConsentConfig(texts, { onConsent: vi.fn() });
    expect(config.cookie?.name).toBe('cc_cookie');
    expect(config.language.default).toBe('da');
    expect(Object.keys(config.categories)).toEqual(['necessary', 'analytics', 'marketing']);
    expect(config.categories.necessary).toMatchObject({ enabled: true, readOnly: true });
    expect(config.mode).toBe('opt-in');
    const da = config.language.translations.da as unknown as {
      consentModal: Record<string, string>;
      preferencesModal: { sections: { linkedCategory?: string; title?: string }[] };
    };
    expect(da.consentModal.title).toBe('da:keywords.cookie_title');
    expect(da.consentModal.acceptNecessaryBtn).toBe('da:keywords.cookie_accept_necessary');
    expect(da.preferencesModal.sections.map((s) => s.linkedCategory)).toEqual([undefined, 'necessary', 'analytics', 'marketing']);
    // Every text comes from the dictionary, none is written into the code.
    const shown: string[] = [];
    JSON.stringify(config.language.translations, (key, value: unknown) => {
      if (typeof value === 'string' && key !== 'linkedCategory') shown.push(value);
      return value;
    });
    expect(shown.length).toBeGreaterThan(10);
    expect(shown.filter((text) => !text.startsWith('da:'))).toEqual([]);
  });

  it('falls back to the key when a text is missing', () => {
    const config = buildConsentConfig({}, { onConsent: vi.fn() });
    const da = config.language.translations.da as unknown as { consentModal: Record<string, string> };
    expect(da.consentModal.title).toBe('keywords.cookie_title');
  });

  it('reports the accepted categories on consent and on change', () => {
    const onConsent = vi.fn();
    const config = buildConsentConfig(texts, { onConsent });
    const cookie = { categories: ['necessary', 'analytics'] } as never;
    config.onConsent?.({ cookie });
    config.onChange?.({ cookie, changedCategories: ['analytics'], changedServices: {} });
    expect(onConsent.mock.calls).toEqual([[['necessary', 'analytics']], [['necessary', 'analytics']]]);
  });
});
