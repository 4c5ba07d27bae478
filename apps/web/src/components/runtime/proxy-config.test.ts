import { readFileSync } from 'node:fs';
import path from 'node:path';
import { checkSupport, parseDeviceInfo } from '@krone/domain';
import { unstable_doesMiddlewareMatch } from 'next/experimental/testing/server';
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { config, proxy } from '../../proxy';

const IE11 = 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko';
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

const matches = (url: string, headers: Record<string, string> = { 'user-agent': IE11 }) =>
  unstable_doesMiddlewareMatch({ config, url, headers });

describe('proxy matcher', () => {
  it.each(['/', '/nyheder', '/nyheder/en-nyhed', '/spilleautomater/spil-for-sjov/42', '/apis', '/mediaplay', '/log-ind?redirect=/x'])(
    'runs for the page %s',
    (url) => {
      expect(matches(url)).toBe(true);
    },
  );

  it.each([
    '/api/translations',
    '/api',
    '/_next/static/chunks/main.js',
    '/_next/image?url=x',
    '/media/logo.webp',
    '/favicon.ico',
    '/build-meta.json',
    '/unsupported',
    '/unsupported?reason=ie',
    '/robots.txt',
    '/sitemap.xml',
  ])('skips %s', (url) => {
    expect(matches(url)).toBe(false);
  });

  it('skips router prefetches', () => {
    expect(matches('/nyheder', { 'user-agent': IE11, 'next-router-prefetch': '1' })).toBe(false);
    expect(matches('/nyheder', { 'user-agent': IE11, purpose: 'prefetch' })).toBe(false);
  });

  // The User-Agent filter must never let an unsupported browser skip the proxy.
  const domainTable = readFileSync(path.resolve(__dirname, '../../../../../packages/domain/src/device.test.ts'), 'utf8');
  const userAgents = [...domainTable.matchAll(/ua:\s*'([^']+)'/g)].map((match) => match[1]!);

  it('runs for every User-Agent the domain rules turn away', () => {
    const unsupported = userAgents.filter((ua) => !checkSupport(parseDeviceInfo(ua)).supported);
    expect(unsupported.length).toBeGreaterThan(8);
    for (const ua of unsupported) expect(matches('/', { 'user-agent': ua }), ua).toBe(true);
  });

  it('skips current browsers, so their pages are served without the proxy', () => {
    const current = [
      CHROME,
      'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0',
    ];
    for (const ua of current) {
      expect(checkSupport(parseDeviceInfo(ua)).supported, ua).toBe(true);
      expect(matches('/', { 'user-agent': ua }), ua).toBe(false);
    }
  });
});

describe('proxy', () => {
  const request = (userAgent?: string) =>
    new NextRequest('https://krone.test/kampagner?x=1', { headers: userAgent ? { 'user-agent': userAgent } : {} });

  it('sends an unsupported browser to /unsupported with its reason', async () => {
    const response = await proxy(request(IE11));
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe('https://krone.test/unsupported?reason=ie');
  });

  it('lets supported browsers and requests without a User-Agent through', async () => {
    for (const response of [await proxy(request(CHROME)), await proxy(request())]) {
      expect(response.headers.get('location')).toBeNull();
      expect(response.headers.get('x-middleware-next')).toBe('1');
    }
  });
});

describe('login-required routes and the logout entry', () => {
  it('runs for every browser on the login-required routes and /?logout=true only', () => {
    for (const url of [
      '/min-konto/profil',
      '/min-konto/oversigt?x=1',
      '/spilleautomater/mine-favoritter',
      '/spilleautomater/spil-for-penge/vikingernes-guld',
      '/bordspil/spil-for-penge/jacks-or-better',
      '/live-casino/spil-for-penge/krone-roulette-live',
      '/mobil-live-casino/krone-roulette-live',
      '/quick-deposit',
      '/?logout=true',
    ]) {
      expect(matches(url, { 'user-agent': CHROME }), url).toBe(true);
    }
    for (const url of [
      '/',
      '/?logout=false',
      '/min-kontoen',
      '/nyheder',
      '/bordspil',
      '/bordspil/roulette',
      '/bordspil/spil-for-sjov/jacks-or-better',
      '/live-casino',
      '/live/live-roulette',
    ])
      expect(matches(url, { 'user-agent': CHROME }), url).toBe(false);
  });

  it('sends a guest to /log-ind with the full way back', async () => {
    const response = await proxy(new NextRequest('https://krone.test/min-konto/profil?tab=2', { headers: { 'user-agent': CHROME } }));
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe('https://krone.test/log-ind?redirect=%2Fmin-konto%2Fprofil%3Ftab%3D2');
  });

  it('sends a guest who chose to play a table game for money to /log-ind and back, as for a slot; play for fun is open', async () => {
    const money = await proxy(
      new NextRequest('https://krone.test/bordspil/spil-for-penge/jacks-or-better', { headers: { 'user-agent': CHROME } }),
    );
    expect(money.status).toBe(307);
    expect(money.headers.get('location')).toBe('https://krone.test/log-ind?redirect=%2Fbordspil%2Fspil-for-penge%2Fjacks-or-better');
    const player = await proxy(
      new NextRequest('https://krone.test/bordspil/spil-for-penge/jacks-or-better', {
        headers: { 'user-agent': CHROME, cookie: 'krone_session=abc' },
      }),
    );
    expect(player.headers.get('location')).toBeNull();
    const fun = await proxy(
      new NextRequest('https://krone.test/bordspil/spil-for-sjov/jacks-or-better', { headers: { 'user-agent': CHROME } }),
    );
    expect(fun.headers.get('location')).toBeNull();
  });

  it('sends a guest who opens a live table (issue 25) to /log-ind and back, on both launch routes; the lobby is open', async () => {
    for (const path of ['/live-casino/spil-for-penge/krone-roulette-live', '/mobil-live-casino/krone-roulette-live']) {
      const guest = await proxy(new NextRequest(`https://krone.test${path}`, { headers: { 'user-agent': CHROME } }));
      expect(guest.status, path).toBe(307);
      expect(guest.headers.get('location'), path).toBe(`https://krone.test/log-ind?redirect=${encodeURIComponent(path)}`);
      const player = await proxy(
        new NextRequest(`https://krone.test${path}`, { headers: { 'user-agent': CHROME, cookie: 'krone_session=abc' } }),
      );
      expect(player.headers.get('location'), path).toBeNull();
    }
    const lobby = await proxy(new NextRequest('https://krone.test/live-casino', { headers: { 'user-agent': CHROME } }));
    expect(lobby.headers.get('location')).toBeNull();
  });

  it('lets a player with a session cookie through', async () => {
    const response = await proxy(
      new NextRequest('https://krone.test/min-konto/profil', { headers: { 'user-agent': CHROME, cookie: 'krone_session=abc' } }),
    );
    expect(response.headers.get('location')).toBeNull();
  });

  it('logs out from our own pages, and ignores a logout link on another site', async () => {
    const logout = (site: string) =>
      proxy(
        new NextRequest('https://krone.test/?logout=true', {
          headers: { 'user-agent': CHROME, cookie: 'krone_session=abc; krone_uid=u', 'sec-fetch-site': site },
        }),
      );
    const own = await logout('same-origin');
    expect(own.status).toBe(303);
    expect(own.headers.get('location')).toBe('https://krone.test/');
    expect(own.headers.getSetCookie().join(';')).toMatch(/krone_session=;/);
    const foreign = await logout('cross-site');
    expect(foreign.headers.get('location')).toBe('https://krone.test/');
    expect(foreign.headers.getSetCookie()).toEqual([]);
  });
});
