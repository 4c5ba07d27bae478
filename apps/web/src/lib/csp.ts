import { createHash } from 'node:crypto';
import { SCREEN_SIZE_BOOT_SCRIPT } from '../components/runtime/screen-size-boot';

/**
 * Content-Security-Policy. Pages rendered per request for one visitor (login, registration, the
 * account, contact, unsubscribe) get a strict policy with a fresh nonce from the proxy: only
 * scripts Next marks with it, and what those load, may run ('strict-dynamic'). Cached public
 * pages are the same bytes for everyone, so they cannot carry a per-request nonce; they allow
 * this site's own scripts and Next's inline payload ('unsafe-inline'), and hold no form or
 * personal data. Everything else is as strict on both.
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

/**
 * Pages with the card form: the browser sends the card to the provider's tokenisation endpoint
 * and shows its 3-D Secure page in a frame, so their policy names the provider's origin.
 */
export const CARD_FORM_ROUTES: readonly string[] = Object.freeze(['/min-konto/overfoer', '/QuickDeposit', '/quick-deposit']);
export const isCardFormRoute = (pathname: string) => CARD_FORM_ROUTES.some((route) => pathname === route || pathname === `${route}/`);

/** The one page of ours that may be framed (by our own pages): where 3-D Secure returns to. */
export const FRAMEABLE_PATH = '/api/deposit/3ds-return';

export const isNonceRoute = (pathname: string) =>
  NONCE_ROUTES.some((route) => pathname === route || pathname.startsWith(`${route}/`));

/** The one inline script of our own (screen size before first paint), allowed by its hash. */
export const BOOT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(SCREEN_SIZE_BOOT_SCRIPT).digest('base64')}'`;

export function contentSecurityPolicy({ nonce, secure, paymentOrigin }: { nonce: string | null; secure: boolean; paymentOrigin?: string }): string {
  const provider = paymentOrigin ? ` ${paymentOrigin}` : '';
  const scripts = nonce ? `'self' 'nonce-${nonce}' 'strict-dynamic' ${BOOT_SCRIPT_HASH}` : `'self' 'unsafe-inline'`;
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    // React and the consent banner set style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${provider}`,
    // The 3-D Secure frame starts at the provider and ends on our own return page.
    ...(paymentOrigin ? [`frame-src 'self' ${paymentOrigin}`] : []),
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
