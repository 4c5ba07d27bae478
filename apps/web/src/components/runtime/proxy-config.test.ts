import { unstable_doesMiddlewareMatch } from 'next/experimental/testing/server';
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { config, proxy } from '../../proxy';

const IE11 = 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

const matches = (url: string, headers: Record<string, string> = {}) =>
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
    expect(matches('/nyheder', { 'next-router-prefetch': '1' })).toBe(false);
    expect(matches('/nyheder', { purpose: 'prefetch' })).toBe(false);
  });
});

describe('proxy', () => {
  const request = (userAgent?: string) =>
    new NextRequest('https://krone.test/kampagner?x=1', { headers: userAgent ? { 'user-agent': userAgent } : {} });

  it('sends an unsupported browser to /unsupported with its reason', () => {
    const response = proxy(request(IE11));
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe('https://krone.test/unsupported?reason=ie');
  });

  it('lets supported browsers and requests without a User-Agent through', () => {
    for (const response of [proxy(request(CHROME)), proxy(request())]) {
      expect(response.headers.get('location')).toBeNull();
      expect(response.headers.get('x-middleware-next')).toBe('1');
    }
  });
});
