import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildBackofficeServer } from '../src/server/app.js';
import { readConfig, testConfig, type BackofficeConfig } from '../src/server/config.js';
import { CONTENT_SECURITY_POLICY } from '../src/server/security-headers.js';

const KEY = 'test-backoffice-key-0123456789abcdef';
const PUBLIC_URL = 'http://127.0.0.1:3101';
const LOGIN_ID = '7d0c8f4e-1111-4a2b-9c3d-000000000001';
const TOKEN = 'Abc_def-0123456789abcdefghijklmnopqrstuvwxyz';
const PLAYER = '0b5e2c1a-2222-4b3c-8d4e-000000000002';
const IDP_URL = 'http://127.0.0.1:4300/staff-idp/auth?client_id=krone-backoffice&state=s1';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}
type Answer = { status: number; body: unknown; type?: string };

/** A stand-in for the platform's staff door: records every call and answers what the test says. */
let door: FastifyInstance;
let doorUrl: string;
const seen: Seen[] = [];
let answer: (call: Seen) => Answer;

function defaultAnswer(call: Seen): Answer {
  if (call.url === '/Staff/login/start')
    return { status: 200, body: { result: 1, data: { loginId: LOGIN_ID, authorizationUrl: IDP_URL } } };
  if (call.url === '/Staff/login/complete')
    return {
      status: 200,
      body: {
        result: 1,
        data: { sessionToken: TOKEN, expiresAt: '2026-01-01T12:00:00.000Z', staff: { id: 'x', name: 'Sofie', email: 's', roles: [] } },
      },
    };
  return { status: 200, body: { result: 1, data: { echo: call.url } } };
}

let dist: string;
let app: FastifyInstance;
let config: BackofficeConfig;

beforeAll(async () => {
  door = Fastify();
  door.all('/*', async (request, reply) => {
    const call = { method: request.method, url: request.url, headers: request.headers, body: request.body };
    seen.push(call);
    const { status, body, type } = answer(call);
    if (type) reply.type(type);
    return reply.code(status).send(body);
  });
  await door.listen({ host: '127.0.0.1', port: 0 });
  doorUrl = `http://127.0.0.1:${(door.server.address() as AddressInfo).port}`;

  dist = mkdtempSync(path.join(tmpdir(), 'backoffice-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Krone back office</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'index-AbC123.js'), 'console.log(1);');

  config = testConfig({ BACKOFFICE_PUBLIC_URL: PUBLIC_URL, PLATFORM_STAFF_URL: doorUrl, PLATFORM_STAFF_KEY: KEY });
  app = buildBackofficeServer(config, { distDir: dist });
  await app.ready();
});

afterEach(() => {
  seen.length = 0;
  answer = defaultAnswer;
});

afterAll(async () => {
  await app.close();
  await door.close();
  rmSync(dist, { recursive: true, force: true });
});

answer = defaultAnswer;

const cookiesOf = (headers: Record<string, unknown>): string[] => {
  const value = headers['set-cookie'];
  return value === undefined ? [] : Array.isArray(value) ? (value as string[]) : [value as string];
};
const cookie = (headers: Record<string, unknown>, name: string) => cookiesOf(headers).find((line) => line.startsWith(`${name}=`));
const attributes = (line: string | undefined) => (line ?? '').split(';').map((part) => part.trim());

describe('the staff login', () => {
  it('starts at the staff door and sends the browser to the IdP with bo_login set', async () => {
    const response = await app.inject({ method: 'GET', url: '/auth/login' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(IDP_URL);
    const login = attributes(cookie(response.headers, 'bo_login'));
    expect(login).toEqual(expect.arrayContaining([`bo_login=${LOGIN_ID}`, 'Path=/auth', 'HttpOnly', 'SameSite=Lax', 'Max-Age=600']));
    expect(login).not.toContain('Secure');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/Staff/login/start', body: {} });
    expect(seen[0]!.headers['krone-backoffice-key']).toBe(KEY);
    expect(seen[0]!.headers.authorization).toBeUndefined();
  });

  it('completes the callback: bo_session (HttpOnly, SameSite=Strict, no Max-Age), bo_login cleared, on to /', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/auth/callback?code=the-code&state=s1&iss=http%3A%2F%2F127.0.0.1%3A4300%2Fstaff-idp',
      headers: { cookie: `bo_login=${LOGIN_ID}` },
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/');
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/Staff/login/complete',
      body: { loginId: LOGIN_ID, callbackParams: { code: 'the-code', state: 's1', iss: 'http://127.0.0.1:4300/staff-idp' } },
    });
    expect(seen[0]!.headers['krone-backoffice-key']).toBe(KEY);
    const session = attributes(cookie(response.headers, 'bo_session'));
    expect(session).toEqual(expect.arrayContaining([`bo_session=${TOKEN}`, 'Path=/', 'HttpOnly', 'SameSite=Strict']));
    expect(session.some((part) => part.startsWith('Max-Age') || part.startsWith('Expires'))).toBe(false);
    expect(attributes(cookie(response.headers, 'bo_login'))).toEqual(expect.arrayContaining(['bo_login=', 'Path=/auth', 'Max-Age=0']));
  });

  it('sends a refused login back to /login with the platform’s code', async () => {
    answer = () => ({
      status: 403,
      body: { result: 0, code: 'STAFF_SECOND_FACTOR_REQUIRED', message: 'Log ind kræver en ekstra faktor.' },
    });
    const response = await app.inject({ method: 'GET', url: '/auth/callback?code=c&state=s', headers: { cookie: `bo_login=${LOGIN_ID}` } });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/login?fejl=STAFF_SECOND_FACTOR_REQUIRED');
    expect(cookie(response.headers, 'bo_session')).toBeUndefined();
  });

  it('refuses a callback without its login round trip, without asking the platform', async () => {
    const response = await app.inject({ method: 'GET', url: '/auth/callback?code=c&state=s' });
    expect(response.headers.location).toBe('/login?fejl=STAFF_LOGIN_FAILED');
    expect(seen).toHaveLength(0);
  });

  it('logs out: the staff door ends the session, the cookie is cleared, 204', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { origin: PUBLIC_URL, cookie: `bo_session=${TOKEN}` },
    });
    expect(response.statusCode).toBe(204);
    expect(attributes(cookie(response.headers, 'bo_session'))).toEqual(expect.arrayContaining(['bo_session=', 'Path=/', 'Max-Age=0']));
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/Staff/logout' });
    expect(seen[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('refuses a logout from another origin', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { origin: 'http://evil.example', cookie: `bo_session=${TOKEN}` },
    });
    expect(response.statusCode).toBe(403);
    expect(seen).toHaveLength(0);
  });
});

describe('the /api relay', () => {
  it('passes a KYC document’s file through as bytes, sandboxed and framable only by the back office', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2, 255]);
    answer = () => ({ status: 200, body: png, type: 'image/png' });
    const url = `/api/Staff/documents/${PLAYER}/file`;
    const response = await app.inject({ method: 'GET', url, headers: { cookie: `bo_session=${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.rawPayload.equals(png)).toBe(true);
    expect(response.headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'.*frame-ancestors 'self'/);
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['cache-control']).toBe('no-store');
    // Any other answer that is not JSON is refused, and an HTML "document" is never passed on.
    answer = () => ({ status: 200, body: '<script>alert(1)</script>', type: 'text/html' });
    expect((await app.inject({ method: 'GET', url, headers: { cookie: `bo_session=${TOKEN}` } })).statusCode).toBe(502);
    answer = () => ({ status: 200, body: png, type: 'image/png' });
    const elsewhere = await app.inject({ method: 'GET', url: '/api/Staff/players', headers: { cookie: `bo_session=${TOKEN}` } });
    expect(elsewhere.statusCode).toBe(502);
    expect(elsewhere.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  });

  it('passes the figures’ CSV through as a download, and no other text', async () => {
    const csv = 'periode;indbetalinger_kr\n2026-03-10;1000,00\ni alt;1000,00\n';
    answer = () => ({ status: 200, body: csv, type: 'text/csv; charset=utf-8' });
    const url = '/api/Staff/figures/csv?from=2026-03-01&to=2026-03-31&grain=day';
    const response = await app.inject({ method: 'GET', url, headers: { cookie: `bo_session=${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="krone-tal.csv"');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body).toBe(csv);
    expect(seen.at(-1)).toMatchObject({ method: 'GET', url: '/Staff/figures/csv?from=2026-03-01&to=2026-03-31&grain=day' });
    // CSV from any other call is not relayed.
    const elsewhere = await app.inject({ method: 'GET', url: '/api/Staff/players', headers: { cookie: `bo_session=${TOKEN}` } });
    expect(elsewhere.statusCode).toBe(502);
  });

  it('relays a read with the key and the bearer, passing the status and body back, never stored', async () => {
    answer = () => ({ status: 200, body: { result: 1, data: { players: [{ id: PLAYER, name: 'Anna' }] } } });
    const response = await app.inject({ method: 'GET', url: '/api/Staff/players?q=anna%20b', headers: { cookie: `bo_session=${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ result: 1, data: { players: [{ id: PLAYER, name: 'Anna' }] } });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/Staff/players?q=anna%20b' });
    expect(seen[0]!.headers['krone-backoffice-key']).toBe(KEY);
    expect(seen[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(seen[0]!.headers.cookie).toBeUndefined();
  });

  it('relays a write with its JSON body and passes a refusal back as it is', async () => {
    const refusal = { result: 0, code: 'STAFF_ROLE_REQUIRED', message: 'Din rolle giver ikke adgang.' };
    answer = () => ({ status: 403, body: refusal });
    const response = await app.inject({
      method: 'POST',
      url: `/api/Staff/players/${PLAYER}/lock`,
      headers: { origin: PUBLIC_URL, 'content-type': 'application/json', cookie: `bo_session=${TOKEN}` },
      payload: { reason: 'Mistanke om svindel' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(refusal);
    expect(seen[0]).toMatchObject({ method: 'POST', url: `/Staff/players/${PLAYER}/lock`, body: { reason: 'Mistanke om svindel' } });
    expect(seen[0]!.headers['content-type']).toContain('application/json');
  });

  it.each([
    ['no Origin', {}],
    ['another Origin', { origin: 'http://127.0.0.1:3000' }],
    ['the null Origin', { origin: 'null' }],
  ])('refuses a write with %s, before the platform', async (_name, headers) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/Staff/proposals',
      headers: { ...headers, 'content-type': 'application/json', cookie: `bo_session=${TOKEN}` },
      payload: { kind: 'balance_correction', playerId: PLAYER, amountOre: 100, reason: 'abc' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ result: 0, code: 'FORBIDDEN', message: 'Forespørgslen blev afvist.' });
    expect(seen).toHaveLength(0);
  });

  it.each(['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain'])(
    'refuses a write sent as %s, before the platform',
    async (contentType) => {
      const response = await app.inject({
        method: 'POST',
        url: `/api/Staff/players/${PLAYER}/lock`,
        headers: { origin: PUBLIC_URL, 'content-type': contentType, cookie: `bo_session=${TOKEN}` },
        payload: 'reason=abc',
      });
      expect(response.statusCode).toBe(403);
      expect(seen).toHaveLength(0);
    },
  );

  it.each([
    ['GET', '/api/Staff/login/start'],
    ['POST', '/api/Staff/login/start'],
    ['POST', '/api/Staff/login/complete'],
    ['POST', '/api/staff/LOGIN/start'],
    ['POST', '/api/Staff/players/../login/start'],
    ['POST', '/api/Staff/%2e%2e/Staff/login/start'],
    ['GET', '/api//evil.example/Staff/players'],
    ['GET', '/api/health'],
    ['GET', '/api/Staff'],
  ])('does not relay %s %s (404)', async (method, url) => {
    const response = await app.inject({
      method: method as 'GET' | 'POST',
      url,
      headers: { origin: PUBLIC_URL, 'content-type': 'application/json', cookie: `bo_session=${TOKEN}` },
      ...(method === 'POST' ? { payload: {} } : {}),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ result: 0, code: 'NOT_FOUND' });
    expect(seen).toHaveLength(0);
  });

  it('answers 401 without a session, without asking the platform', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/Staff/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ result: 0, code: 'STAFF_SESSION_REQUIRED' });
    expect(seen).toHaveLength(0);
  });

  it('drops the cookie of a session the platform no longer knows', async () => {
    answer = () => ({ status: 401, body: { result: 0, code: 'STAFF_SESSION_REQUIRED', message: 'Log ind igen.' } });
    const response = await app.inject({ method: 'GET', url: '/api/Staff/me', headers: { cookie: `bo_session=${TOKEN}` } });
    expect(response.statusCode).toBe(401);
    expect(attributes(cookie(response.headers, 'bo_session'))).toContain('Max-Age=0');
  });

  it('refuses a body over 64 KiB, before the platform', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/Staff/proposals',
      headers: { origin: PUBLIC_URL, 'content-type': 'application/json', cookie: `bo_session=${TOKEN}` },
      payload: JSON.stringify({ reason: 'x'.repeat(70 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(seen).toHaveLength(0);
  });

  it('answers 502 with a Danish message when the platform cannot be reached', async () => {
    const closed = Fastify();
    await closed.listen({ host: '127.0.0.1', port: 0 });
    const port = (closed.server.address() as AddressInfo).port;
    await closed.close();
    const offline = buildBackofficeServer({ ...config, PLATFORM_STAFF_URL: `http://127.0.0.1:${port}` }, { distDir: dist });
    try {
      const response = await offline.inject({ method: 'GET', url: '/api/Staff/me', headers: { cookie: `bo_session=${TOKEN}` } });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({
        result: 0,
        code: 'PLATFORM_UNAVAILABLE',
        message: 'Platformen svarer ikke lige nu. Prøv igen om lidt.',
      });
      const login = await offline.inject({ method: 'GET', url: '/auth/login' });
      expect(login.headers.location).toBe('/login?fejl=PLATFORM_UNAVAILABLE');
    } finally {
      await offline.close();
    }
  });
});

describe('the SPA and the headers', () => {
  it.each(['/', '/login', '/spillere', `/spillere/${PLAYER}`, '/godkendelser'])(
    'serves index.html for %s with the security headers',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
      expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
      expect(CONTENT_SECURITY_POLICY).toContain("style-src 'self'");
      expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-robots-tag']).toContain('noindex');
      expect(response.headers['permissions-policy']).toContain('camera=()');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    },
  );

  it('serves hashed assets as immutable', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers a missing asset and an unknown /auth path with 404, headers on', async () => {
    for (const url of ['/assets/missing.js', '/auth/unknown']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    }
  });

  it('answers /health', async () => {
    const response = await app.inject({ method: 'GET', url: '/health' });
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('over https: HSTS, and Secure cookies', async () => {
    const secure = buildBackofficeServer({ ...config, BACKOFFICE_PUBLIC_URL: 'https://backoffice.krone.test' }, { distDir: dist });
    try {
      const page = await secure.inject({ method: 'GET', url: '/' });
      expect(page.headers['strict-transport-security']).toContain('max-age=');
      const login = await secure.inject({ method: 'GET', url: '/auth/login' });
      expect(attributes(cookie(login.headers, 'bo_login'))).toContain('Secure');
      const callback = await secure.inject({ method: 'GET', url: '/auth/callback?code=c', headers: { cookie: `bo_login=${LOGIN_ID}` } });
      expect(attributes(cookie(callback.headers, 'bo_session'))).toContain('Secure');
    } finally {
      await secure.close();
    }
  });
});

describe('the configuration', () => {
  const production = {
    BACKOFFICE_PUBLIC_URL: 'https://backoffice.krone.dk',
    PLATFORM_STAFF_URL: 'http://127.0.0.1:4002',
    PLATFORM_STAFF_KEY: 'k'.repeat(40),
  };

  it('runs production with an https origin and a key of its own', () => {
    const result = readConfig(production);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.config).toMatchObject({ KRONE_ENV: 'production', BACKOFFICE_PORT: 3001, BACKOFFICE_HOST: '127.0.0.1' });
  });

  it.each([
    ['the development key', { PLATFORM_STAFF_KEY: undefined }, 'PLATFORM_STAFF_KEY'],
    ['a short key', { PLATFORM_STAFF_KEY: 'short-but-16-chars!' }, 'PLATFORM_STAFF_KEY'],
    ['a plain-http public URL', { BACKOFFICE_PUBLIC_URL: 'http://backoffice.krone.dk' }, 'BACKOFFICE_PUBLIC_URL'],
    ['a plain-http platform beyond loopback', { PLATFORM_STAFF_URL: 'http://10.0.0.5:4002' }, 'PLATFORM_STAFF_URL'],
    ['an unknown KRONE_ENV', { KRONE_ENV: 'staging' }, 'KRONE_ENV'],
    ['a port that is not one', { BACKOFFICE_PORT: 'eighty' }, 'BACKOFFICE_PORT'],
  ])('refuses %s in production, naming the variable', (_name, change, variable) => {
    const result = readConfig({ ...production, ...change });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.join('\n')).toContain(variable);
  });

  it('takes the development defaults outside production', () => {
    const result = readConfig({ KRONE_ENV: 'development' });
    expect(result).toMatchObject({
      ok: true,
      config: {
        BACKOFFICE_PUBLIC_URL: 'http://127.0.0.1:3001',
        PLATFORM_STAFF_URL: 'http://127.0.0.1:4002',
        PLATFORM_STAFF_KEY: 'krone-development-backoffice-key',
      },
    });
  });
});
