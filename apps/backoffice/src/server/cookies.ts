/** What a cookie's value may hold here: the platform's ids and tokens (letters, digits, `-`, `_`, `.`). */
const COOKIE_VALUE = /^[A-Za-z0-9._-]{1,512}$/;

export const LOGIN_COOKIE = 'bo_login';
export const SESSION_COOKIE = 'bo_session';

export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 1) continue;
    const name = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    // The first of two cookies with one name is the one with the longer path, which is the one to keep.
    if (!cookies.has(name) && COOKIE_VALUE.test(value)) cookies.set(name, value);
  }
  return cookies;
}

export const isCookieValue = (value: unknown): value is string => typeof value === 'string' && COOKIE_VALUE.test(value);

export interface CookieOptions {
  path: string;
  sameSite: 'Strict' | 'Lax';
  secure: boolean;
  /** Seconds; absent for a cookie that ends with the browser's session, 0 to delete it. */
  maxAge?: number;
}

export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${value}`, `Path=${options.path}`, 'HttpOnly', `SameSite=${options.sameSite}`];
  if (options.secure) parts.push('Secure');
  if (options.maxAge !== undefined) {
    parts.push(`Max-Age=${options.maxAge}`);
    if (options.maxAge === 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  }
  return parts.join('; ');
}
