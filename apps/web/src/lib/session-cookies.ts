/**
 * The deployment mode and the session cookie names, shared by the proxy (which cannot import
 * server-only modules), lib/session, the front door's startup check and the browser.
 *
 * KRONE_ENV is `production` (the default when unset), `development` or `test` (docs/decisions.md).
 * In production the cookies carry the `__Host-` prefix: the browser then only accepts them with
 * Secure, Path=/ and no Domain, so no sibling host or plain-http page can set or shadow them.
 * Development and test keep the plain names (Chromium over http://127.0.0.1 refuses `__Host-`).
 */
export type KroneEnv = 'production' | 'development' | 'test';

export function kroneEnv(value: string | undefined = process.env.KRONE_ENV): KroneEnv {
  return value === 'development' || value === 'test' ? value : 'production';
}

export const isProduction = (mode: KroneEnv = kroneEnv()) => mode === 'production';

const SESSION_NAME = 'krone_session';
const USER_NAME = 'krone_uid';
const HOST_PREFIX = '__Host-';

/**
 * Whether a session cookie's value can be a platform session token (base64url, 256 random bits
 * today; a little room either way). Anything else is no session: sent on, an over-long or
 * undecodable value made the platform refuse the path itself (414/400), which the storefront's
 * handlers then answered 502 instead of "no session".
 */
export const isSessionTokenShaped = (value: string | undefined | null): value is string =>
  typeof value === 'string' && /^[A-Za-z0-9_-]{20,128}$/.test(value);

/** The HttpOnly cookie holding the platform's session token. */
export const sessionCookie = (mode: KroneEnv = kroneEnv()) => (isProduction(mode) ? HOST_PREFIX : '') + SESSION_NAME;
/** The player's id (no credential), readable by page script. */
export const userCookie = (mode: KroneEnv = kroneEnv()) => (isProduction(mode) ? HOST_PREFIX : '') + USER_NAME;
/** Both names of the user cookie: the browser does not know the server's mode and accepts either. */
export const USER_COOKIE_NAMES = [HOST_PREFIX + USER_NAME, USER_NAME] as const;

/**
 * Whether a player is logged in, read in the browser from the user-id cookie (the session
 * cookie itself is HttpOnly). Cached pages are the same for everyone; this is what lets their
 * header show the player's side. The server renders the guest's view.
 */
export function readLoggedIn(cookie: string): boolean {
  // `__Host-krone_uid` in production, `krone_uid` in development.
  return cookie
    .split(/;\s*/)
    .some((part) => USER_COOKIE_NAMES.some((name) => part.startsWith(`${name}=`) && part.length > name.length + 1));
}
