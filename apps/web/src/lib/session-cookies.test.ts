import { NextRequest } from 'next/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { proxy } from '../proxy';
import { isSessionTokenShaped, kroneEnv, readLoggedIn, sessionCookie, userCookie } from './session-cookies';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe('the session cookies follow the deployment mode (KRONE_ENV)', () => {
  it('are __Host- cookies in production, the default when KRONE_ENV is unset', () => {
    vi.stubEnv('KRONE_ENV', undefined);
    expect(kroneEnv()).toBe('production');
    expect(sessionCookie()).toBe('__Host-krone_session');
    expect(kroneEnv('')).toBe('production');
    expect(kroneEnv('staging')).toBe('production');
    expect(sessionCookie('production')).toBe('__Host-krone_session');
    expect(userCookie('production')).toBe('__Host-krone_uid');
  });

  it('keep the plain names in development and test (Chromium over http://127.0.0.1)', () => {
    for (const mode of ['development', 'test'] as const) {
      expect(sessionCookie(mode)).toBe('krone_session');
      expect(userCookie(mode)).toBe('krone_uid');
    }
  });

  it('the proxy reads the production name: a plain krone_session is not a session there', async () => {
    vi.stubEnv('KRONE_ENV', 'production');
    const at = (cookie: string) =>
      proxy(new NextRequest('https://krone.test/min-konto/profil', { headers: { 'user-agent': CHROME, cookie } }));
    expect((await at('krone_session=abc')).headers.get('location')).toMatch(/\/log-ind\?/);
    expect((await at('__Host-krone_session=abc')).headers.get('location')).toBeNull();
  });

  it('the proxy’s logout clears the __Host- cookies with Secure, or the browser would keep them', async () => {
    vi.stubEnv('KRONE_ENV', 'production');
    const calls: Request[] = [];
    vi.stubGlobal('fetch', async (input: string, init: RequestInit) => {
      calls.push(new Request(input, init));
      return new Response('{}');
    });
    const response = await proxy(
      new NextRequest('https://krone.test/?logout=true', {
        headers: {
          'user-agent': CHROME,
          cookie: '__Host-krone_session=abc; __Host-krone_uid=u',
          'sec-fetch-site': 'same-origin',
          'x-forwarded-for': '203.0.113.9',
        },
      }),
    );
    const cleared = response.headers.getSetCookie();
    expect(cleared).toHaveLength(2);
    for (const name of ['__Host-krone_session', '__Host-krone_uid']) {
      const line = cleared.find((cookie) => cookie.startsWith(`${name}=;`));
      expect(line, name).toBeDefined();
      expect(line).toMatch(/Secure/i);
      expect(line).toMatch(/Path=\//);
    }
    // The platform's logout call carries the visitor's address too.
    expect(calls[0]!.headers.get('x-forwarded-for')).toBe('203.0.113.9');
  });

  it('the browser sees a logged-in player under either name', () => {
    expect(readLoggedIn('a=1; __Host-krone_uid=p1')).toBe(true);
    expect(readLoggedIn('krone_uid=p1')).toBe(true);
    expect(readLoggedIn('__Host-krone_uid=; krone_uid=')).toBe(false);
  });
});

describe('a session cookie that cannot be a token is no session (isSessionTokenShaped)', () => {
  it('takes a platform token (43 base64url characters) and nothing over-long, undecodable or odd', () => {
    expect(isSessionTokenShaped('J0F4oG_h-YHlFiP4NUb7ZhQpBULuSImVjC-Ved-Gk_g')).toBe(true);
    for (const value of [
      undefined,
      null,
      '',
      'x',
      'é'.repeat(2_000),
      'a'.repeat(129),
      '%ED%A0%80',
      'J0F4oG_h YHlFiP4NUb7ZhQpBULuSImVjC',
      'a/b'.repeat(10),
    ])
      expect(isSessionTokenShaped(value), String(value).slice(0, 20)).toBe(false);
  });
});
