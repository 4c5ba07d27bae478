import type { CookieConsentConfig } from 'vanilla-cookieconsent';
import { textsTranslator } from '../../lib/i18n';

/** Spec §9: the consent banner comes 10 s after load. */
export const CONSENT_BANNER_DELAY_MS = 10_000;
export const CONSENT_COOKIE_NAME = 'cc_cookie';
/** Raise it when the categories or their meaning change: every player is asked again. */
export const CONSENT_REVISION = 0;
export const CONSENT_CATEGORIES = ['necessary', 'analytics', 'marketing'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];

export const CONSENT_TEXT_KEYS = [
  'keywords.cookie_title',
  'keywords.cookie_description',
  'keywords.cookie_accept_all',
  'keywords.cookie_accept_necessary',
  'keywords.cookie_settings',
  'keywords.cookie_save',
  'keywords.cookie_necessary_title',
  'keywords.cookie_necessary_description',
  'keywords.cookie_analytics_title',
  'keywords.cookie_analytics_description',
  'keywords.cookie_marketing_title',
  'keywords.cookie_marketing_description',
  'modal.close',
] as const;

export interface StoredConsent {
  categories: string[];
}

/**
 * Reads the consent the banner stored (vanilla-cookieconsent v3 writes URL-encoded JSON), so a
 * returning player neither downloads the banner nor waits for it before the tag manager may
 * load. Answers null when there is none, it is expired, or it belongs to an older revision.
 */
export function readStoredConsent(cookieHeader: string, now: number = Date.now()): StoredConsent | null {
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== CONSENT_COOKIE_NAME) continue;
    try {
      const value: unknown = JSON.parse(decodeURIComponent(part.slice(eq + 1).trim()));
      if (typeof value !== 'object' || value === null) return null;
      const { categories, revision, expirationTime } = value as Record<string, unknown>;
      if (!Array.isArray(categories) || !categories.every((c) => typeof c === 'string')) return null;
      if ((revision ?? 0) !== CONSENT_REVISION) return null;
      if (typeof expirationTime === 'number' && expirationTime <= now) return null;
      return { categories };
    } catch {
      return null;
    }
  }
  return null;
}

export function allowsAnalytics(consent: StoredConsent | null): boolean {
  return consent?.categories.includes('analytics') ?? false;
}

export interface ConsentHandlers {
  /** Called with the accepted categories on first consent, on every load with consent, and on change. */
  onConsent: (categories: string[]) => void;
}

export function buildConsentConfig(texts: Record<string, string>, handlers: ConsentHandlers): CookieConsentConfig {
  const translate = textsTranslator(texts);
  // Only the consent keys, so a key the layout does not pick fails the typecheck.
  const t = (key: (typeof CONSENT_TEXT_KEYS)[number]) => translate(key);
  const report = ({ cookie }: { cookie: { categories: string[] } }) => handlers.onConsent(cookie.categories);
  return {
    mode: 'opt-in',
    revision: CONSENT_REVISION,
    // The library's bot check is navigator.webdriver, which also hides the banner from automated
    // accessibility and regression tests; the banner arrives 10 s after load, after a crawler has
    // taken its snapshot.
    hideFromBots: false,
    // The library's own consent box is a dialog (aria-modal, focus taken, Tab kept inside) over a
    // page it does not block: it is never shown. Our banner (cookie-banner.tsx) asks instead, a
    // region that leaves the focus where it is; the library keeps the choice and the preferences.
    autoShow: false,
    disablePageInteraction: false,
    cookie: { name: CONSENT_COOKIE_NAME, sameSite: 'Lax', expiresAfterDays: 182 },
    guiOptions: {
      // Accepting and declining look the same: consent must be as easy to refuse as to give.
      consentModal: { layout: 'box', position: 'bottom left', equalWeightButtons: true, flipButtons: false },
      preferencesModal: { layout: 'box', equalWeightButtons: true, flipButtons: false },
    },
    categories: {
      necessary: { enabled: true, readOnly: true },
      analytics: { autoClear: { cookies: [{ name: /^_ga/ }, { name: '_gid' }] } },
      marketing: {},
    },
    language: {
      default: 'da',
      translations: {
        da: {
          consentModal: {
            title: t('keywords.cookie_title'),
            description: t('keywords.cookie_description'),
            acceptAllBtn: t('keywords.cookie_accept_all'),
            acceptNecessaryBtn: t('keywords.cookie_accept_necessary'),
            showPreferencesBtn: t('keywords.cookie_settings'),
          },
          preferencesModal: {
            title: t('keywords.cookie_settings'),
            acceptAllBtn: t('keywords.cookie_accept_all'),
            acceptNecessaryBtn: t('keywords.cookie_accept_necessary'),
            savePreferencesBtn: t('keywords.cookie_save'),
            closeIconLabel: t('modal.close'),
            sections: [
              { title: t('keywords.cookie_title'), description: t('keywords.cookie_description') },
              {
                title: t('keywords.cookie_necessary_title'),
                description: t('keywords.cookie_necessary_description'),
                linkedCategory: 'necessary',
              },
              {
                title: t('keywords.cookie_analytics_title'),
                description: t('keywords.cookie_analytics_description'),
                linkedCategory: 'analytics',
              },
              {
                title: t('keywords.cookie_marketing_title'),
                description: t('keywords.cookie_marketing_description'),
                linkedCategory: 'marketing',
              },
            ],
          },
        },
      },
    },
    onConsent: report,
    onChange: report,
  };
}
