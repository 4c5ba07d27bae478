import { createHash } from 'node:crypto';
import { SCREEN_SIZE_BOOT_SCRIPT } from './screen-size-boot';
import { originSetting } from './origin-setting';

/**
 * Content-Security-Policy. A policy belongs to the document: a page reached by a client-side
 * navigation keeps the policy of the first page loaded, so every document the site serves names
 * the card provider's origin in connect-src and frame-src (the deposit form can be reached from
 * any page: the header's balance, the menu, the overview, quick deposit, the popups).
 *
 * Pages rendered per request for one visitor (login, registration, the account, contact,
 * unsubscribe) get a strict policy with a fresh nonce from the proxy: only scripts Next marks
 * with it, and what those load, may run ('strict-dynamic'). Cached public pages are the same
 * bytes for everyone, so they cannot carry a per-request nonce; they allow this site's own
 * scripts and Next's inline payload ('unsafe-inline'), and hold no form or personal data. Their
 * policy and the other site-wide headers are set by the front door (server.ts) from
 * siteSecurityHeaders, computed once at start from the runtime settings (next.config's headers()
 * would be frozen at build time). Everything else is as strict on both.
 */
export const NONCE_ROUTES: readonly string[] = Object.freeze([
  '/log-ind',
  '/registrer',
  '/loginsuccess',
  '/min-konto',
  '/kontaktos',
  '/unsubscribe',
  '/unsubscribesms',
  '/unsubscribebrand',
  '/unsubscribe-brand',
  '/QuickDeposit',
  '/quick-deposit',
  '/MobilePay',
  '/MobilePayQuick',
  '/extpayment',
]);

/** The card provider's public address when CARDS_PUBLIC_URL is unset: the development stand-in. */
export const DEFAULT_CARDS_PUBLIC_URL = 'http://127.0.0.1:4300/cards';

/**
 * The card provider's origin, which every page's policy names: the browser sends the card to its
 * tokenisation endpoint and shows its 3-D Secure page in a frame. Throws on a value that is not
 * an http(s) URL, so a bad setting stops the start instead of blocking every deposit.
 */
export function cardsOrigin(value: string | undefined = process.env.CARDS_PUBLIC_URL): string {
  return originSetting('CARDS_PUBLIC_URL', value, DEFAULT_CARDS_PUBLIC_URL);
}

/**
 * The live studio's origin (issue 25), whose game client the live launch page frames: every page's
 * policy names it in frame-src, as the card provider's (a policy belongs to the first document of
 * a visit). LIVE_STUDIO_ORIGIN, read at start: unset or empty means no live studio (null: the
 * policy frames no studio, the launch page says live casino is unavailable); a value that is not an
 * http(s) URL stops the start. Only the origin counts (a path given is dropped).
 */
export function liveStudioOrigin(value: string | undefined = process.env.LIVE_STUDIO_ORIGIN): string | null {
  if (!value || !value.trim()) return null;
  return originSetting('LIVE_STUDIO_ORIGIN', value.trim(), value.trim());
}

/** The one page of ours that may be framed (by our own pages): where 3-D Secure returns to. */
export const FRAMEABLE_PATH = '/api/deposit/3ds-return';

export const isNonceRoute = (pathname: string) => NONCE_ROUTES.some((route) => pathname === route || pathname.startsWith(`${route}/`));

/** The one inline script of our own (screen size before first paint), allowed by its hash. */
export const BOOT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(SCREEN_SIZE_BOOT_SCRIPT).digest('base64')}'`;

export function contentSecurityPolicy({
  nonce,
  secure,
  paymentOrigin,
  liveOrigin = null,
}: {
  nonce: string | null;
  secure: boolean;
  paymentOrigin: string;
  /** The live studio's origin (its game client framed by the live launch page), or null. */
  liveOrigin?: string | null;
}): string {
  const scripts = nonce ? `'self' 'nonce-${nonce}' 'strict-dynamic' ${BOOT_SCRIPT_HASH}` : `'self' 'unsafe-inline'`;
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    // React and the consent banner set style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self' ${paymentOrigin}`,
    // The 3-D Secure frame starts at the provider and ends on our own return page; the live
    // studio's game client is framed by the live launch page.
    `frame-src 'self' ${paymentOrigin}${liveOrigin ? ` ${liveOrigin}` : ''}`,
    // The captcha solves its proof of work in a worker it makes from a data: or blob: URL.
    "worker-src 'self' blob: data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(secure ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

export const newNonce = () => Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');

/** The headers every answer but the 3-D Secure return page carries, whatever the page. */
export interface SiteSecurityHeaders {
  /** HSTS (https sites), nosniff, framing, referrer, permissions, opener. */
  common: ReadonlyArray<readonly [string, string]>;
  /** The policy of everything without a nonce policy of its own (cached public pages, the API). */
  staticPolicy: string;
}

/**
 * The site-wide security headers, computed once when the server starts from the public URL
 * (WEB_PUBLIC_URL: https turns on HSTS and upgrade-insecure-requests), the card provider's
 * origin and the live studio's.
 */
export function siteSecurityHeaders({
  publicUrl,
  paymentOrigin,
  liveOrigin = null,
}: {
  publicUrl: string;
  paymentOrigin: string;
  liveOrigin?: string | null;
}): SiteSecurityHeaders {
  const secure = publicUrl.startsWith('https://');
  return {
    common: Object.freeze([
      // HSTS wherever the site is served over https (every deployment but a laptop).
      ...(secure ? [['Strict-Transport-Security', 'max-age=63072000; includeSubDomains; preload'] as const] : []),
      ['X-Content-Type-Options', 'nosniff'],
      ['X-Frame-Options', 'DENY'],
      ['Referrer-Policy', 'strict-origin-when-cross-origin'],
      ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(self)'],
      ['Cross-Origin-Opener-Policy', 'same-origin'],
    ] as const),
    staticPolicy: contentSecurityPolicy({ nonce: null, secure, paymentOrigin, liveOrigin }),
  };
}

/**
 * The site-wide headers for one request path: none for the 3-D Secure return page (it sets its
 * own: it alone may be framed, by our pages); no static policy where the proxy sets a nonce one.
 */
export function securityHeadersFor(pathname: string, site: SiteSecurityHeaders): Array<readonly [string, string]> {
  if (pathname === FRAMEABLE_PATH || pathname === `${FRAMEABLE_PATH}/`) return [];
  if (isNonceRoute(pathname)) return [...site.common];
  return [...site.common, ['Content-Security-Policy', site.staticPolicy]];
}
