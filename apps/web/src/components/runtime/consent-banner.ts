'use client';

// A client module: a server component importing the barrel must not follow the lazy banner
// chunk (and its global stylesheets) into the server graph.

import type { CookieConsentConfig } from 'vanilla-cookieconsent';

type CookieConsentApi = typeof import('./cookie-consent-chunk');

let api: Promise<CookieConsentApi> | null = null;
let running: Promise<CookieConsentApi> | null = null;
let config: CookieConsentConfig | null = null;

/** Set by ConsentManager with the Danish texts, before anything may open the banner. */
export function configureConsentBanner(next: CookieConsentConfig): void {
  config = next;
}

function loadApi(): Promise<CookieConsentApi> {
  // The banner, its library and its stylesheet are one lazy chunk: nobody pays for them at load.
  api ??= import('./cookie-consent-chunk').catch((error: unknown) => {
    api = null;
    throw error;
  });
  return api;
}

/**
 * Loads and runs the consent library once (it keeps the choice and the preferences dialog; its own
 * consent box never shows, `autoShow: false` in consent.ts: cookie-banner.tsx asks instead).
 */
export function runConsentBanner(): Promise<CookieConsentApi> {
  if (!config) return Promise.reject(new Error('consent banner is not configured'));
  const current = config;
  running ??= loadApi()
    .then(async (cc) => {
      await cc.run(current);
      return cc;
    })
    .catch((error: unknown) => {
      running = null;
      throw error;
    });
  return running;
}

/** The banner's answer: every category, or only the necessary ones (stored, and onConsent told). */
export async function answerConsent(choice: 'all' | 'necessary'): Promise<void> {
  const cc = await runConsentBanner();
  cc.acceptCategory(choice === 'all' ? 'all' : []);
}

/** For a footer "cookie settings" link: opens the preferences, loading the banner if needed. */
export async function openCookiePreferences(): Promise<void> {
  const cc = await runConsentBanner();
  cc.showPreferences();
}
