import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { buildConsentConfig, CONSENT_TEXT_KEYS } from './consent';
import { CookieBanner } from './cookie-banner';

const texts = {
  title: 'Vi bruger cookies',
  description: 'Vi bruger nødvendige cookies.',
  acceptAll: 'Accepter alle',
  acceptNecessary: 'Kun nødvendige',
  settings: 'Indstillinger',
};

describe('the cookie banner', () => {
  it('is a named region, not a dialog: no aria-modal, no role dialog, nothing that takes the focus', () => {
    const html = renderToStaticMarkup(<CookieBanner texts={texts} onChoice={vi.fn()} />);
    expect(html).toMatch(/^<section [^>]*aria-labelledby="cookie-banner-title"/);
    expect(html).toContain('<h2 id="cookie-banner-title"');
    expect(html).not.toMatch(/aria-modal|role="dialog"|role="alertdialog"|autofocus|tabindex/i);
  });

  it('offers its three choices as buttons named by their text, reachable by keyboard', () => {
    const html = renderToStaticMarkup(<CookieBanner texts={texts} onChoice={vi.fn()} />);
    const buttons = [...html.matchAll(/<button type="button"[^>]*>([^<]*)<\/button>/g)].map((match) => match[1]);
    expect(buttons).toEqual(['Accepter alle', 'Kun nødvendige', 'Indstillinger']);
  });

  it('never lets the consent library show its own box (a dialog with aria-modal that takes the focus and keeps Tab inside)', () => {
    const config = buildConsentConfig(Object.fromEntries(CONSENT_TEXT_KEYS.map((key) => [key, key])), { onConsent: vi.fn() });
    expect(config.autoShow).toBe(false);
    expect(config.disablePageInteraction).toBe(false);
  });
});
