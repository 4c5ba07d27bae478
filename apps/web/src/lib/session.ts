import 'server-only';
import { cookies } from 'next/headers';
import { env } from './env';
import { platformNoStore } from './platform';
import { isProduction, isSessionTokenShaped, sessionCookie, userCookie } from './session-cookies';

/**
 * The player's session as the storefront holds it. The platform's session token lives only in an
 * HttpOnly cookie that page script cannot read; `krone_uid` carries the player's id (no
 * credential) so cached pages can tell in the browser that someone is logged in.
 */
export { sessionCookie, userCookie } from './session-cookies';
export const AUTH_TRANSACTION_COOKIE = 'krone_auth_tx';
export const REGISTRATION_COOKIE = 'krone_reg';
/** Spec §7: the profile is kept for 86400 s. */
export const USER_COOKIE_SECONDS = 86_400;

/**
 * Secure in production (which refuses to start without an https public URL, edge/startup-check)
 * and whenever the site is served over https.
 */
export const secureCookies = () => isProduction() || env.siteUrl.startsWith('https://');

export function cookieOptions(maxAgeSeconds?: number, { httpOnly = true } = {}) {
  return {
    httpOnly,
    sameSite: 'lax' as const,
    secure: secureCookies(),
    path: '/',
    ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }),
  };
}

/** The session cookie's token, or null when there is none or its value cannot be a token (isSessionTokenShaped). */
export async function sessionToken(): Promise<string | null> {
  const value = (await cookies()).get(sessionCookie())?.value;
  return isSessionTokenShaped(value) ? value : null;
}

type CookieJar = { set(name: string, value: string, options: ReturnType<typeof cookieOptions>): unknown };

export const secondsUntil = (iso: string) => Math.max(60, Math.floor((Date.parse(iso) - Date.now()) / 1000));

/** Sets the cookies of a fresh session (login or completed registration) on a response or the jar. */
export async function startSession(answer: { sessionToken: string; expiresAt: string; playerId: string }, jar?: CookieJar) {
  const target = jar ?? (await cookies());
  const seconds = secondsUntil(answer.expiresAt);
  target.set(sessionCookie(), answer.sessionToken, cookieOptions(seconds));
  target.set(userCookie(), answer.playerId, cookieOptions(Math.min(seconds, USER_COOKIE_SECONDS), { httpOnly: false }));
}

export async function clearSession() {
  const jar = await cookies();
  for (const name of [sessionCookie(), userCookie()]) jar.set(name, '', cookieOptions(0, { httpOnly: name === sessionCookie() }));
}

export type Profile = NonNullable<Awaited<ReturnType<typeof loadProfile>>>;

/** A session's profile, or null when the platform has none for it; throws when it could not be asked. */
export async function fetchProfile(token: string) {
  const { data } = await platformNoStore.GET('/GATMaven/users/{sessionId}/profile', { params: { path: { sessionId: token } } });
  return data?.data ?? null;
}

/** The logged-in player's profile, or null for a guest or an ended session. Never cached. */
export async function loadProfile() {
  const token = await sessionToken();
  if (!token) return null;
  try {
    return await fetchProfile(token);
  } catch {
    return null;
  }
}
