import { createHash } from 'node:crypto';
import { unstable_doesMiddlewareMatch } from 'next/experimental/testing/server';
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import nextConfig from '../../next.config';
import { SCREEN_SIZE_BOOT_SCRIPT } from './screen-size-boot';
import { config, proxy } from '../proxy';
import {
  BOOT_SCRIPT_HASH,
  cardsOrigin,
  contentSecurityPolicy,
  liveStudioOrigin,
  NONCE_ROUTES,
  securityHeadersFor,
  siteSecurityHeaders,
} from './csp';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const policyOf = (value: string | null) => new Map((value ?? '').split(/;\s*/).map((part) => [part.split(' ')[0]!, part] as const));

describe('Content-Security-Policy', () => {
  it('gives every page rendered for one visitor a fresh nonce and a strict script policy', async () => {
    const nonces = new Set<string>();
    for (const route of NONCE_ROUTES) {
      expect(unstable_doesMiddlewareMatch({ config, url: route, headers: { 'user-agent': CHROME } }), route).toBe(true);
      const response = await proxy(
        new NextRequest(`https://krone.test${route}`, { headers: { 'user-agent': CHROME, cookie: 'krone_session=x' } }),
      );
      const policy = policyOf(response.headers.get('content-security-policy'));
      const script = policy.get('script-src')!;
      const nonce = /'nonce-([^']+)'/.exec(script)?.[1];
      expect(nonce, route).toBeTruthy();
      nonces.add(nonce!);
      expect(script).toContain("'strict-dynamic'");
      expect(script).not.toContain('unsafe-inline');
      expect(policy.get('frame-ancestors')).toBe("frame-ancestors 'none'");
      expect(policy.get('object-src')).toBe("object-src 'none'");
      // The card provider, as on every page: the deposit form may be reached from this one by a click.
      expect(policy.get('connect-src'), route).toBe("connect-src 'self' http://127.0.0.1:4300");
      expect(policy.get('frame-src'), route).toBe("frame-src 'self' http://127.0.0.1:4300");
      // Next reads the nonce from the request's policy header.
      expect(response.headers.get('x-middleware-request-content-security-policy')).toContain(`'nonce-${nonce}'`);
    }
    expect(nonces.size).toBe(NONCE_ROUTES.length);
  });

  it('allows the inline boot script by its exact hash', () => {
    expect(BOOT_SCRIPT_HASH).toBe(`'sha256-${createHash('sha256').update(SCREEN_SIZE_BOOT_SCRIPT).digest('base64')}'`);
  });

  it('sends cached public pages the static policy from the runtime settings, and never to the per-visitor pages', async () => {
    const site = siteSecurityHeaders({
      publicUrl: 'http://127.0.0.1:3000',
      paymentOrigin: cardsOrigin('https://cards.example.dk/v1/cards'),
    });
    for (const url of ['/', '/nyheder', '/kampagner/velkomstbonus', '/api/translations']) {
      const headers = new Map(securityHeadersFor(url, site));
      const policy = policyOf(headers.get('Content-Security-Policy') ?? null);
      expect(policy.get('frame-ancestors'), url).toBe("frame-ancestors 'none'");
      expect(policy.get('script-src'), url).toBe("script-src 'self' 'unsafe-inline'");
      expect(policy.get('connect-src'), url).toBe("connect-src 'self' https://cards.example.dk");
      expect(policy.get('frame-src'), url).toBe("frame-src 'self' https://cards.example.dk");
      expect(policy.has('upgrade-insecure-requests'), url).toBe(false);
      expect(headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(headers.get('X-Frame-Options')).toBe('DENY');
      expect(headers.has('Strict-Transport-Security')).toBe(false);
    }
    for (const route of [...NONCE_ROUTES, '/min-konto/overfoer', '/min-konto/oversigt']) {
      const headers = new Map(securityHeadersFor(route, site));
      expect(headers.get('Content-Security-Policy'), route).toBeUndefined();
      expect(headers.get('X-Frame-Options'), route).toBe('DENY');
    }
    // Nothing is frozen into the build: next.config has no headers() (it runs at build time).
    expect(nextConfig.headers).toBeUndefined();
  });

  it('turns on HSTS and upgrade-insecure-requests where the public URL is https', () => {
    const site = siteSecurityHeaders({ publicUrl: 'https://www.krone.dk', paymentOrigin: 'https://cards.example.dk' });
    const headers = new Map(securityHeadersFor('/', site));
    expect(headers.get('Strict-Transport-Security')).toBe('max-age=63072000; includeSubDomains; preload');
    expect(policyOf(headers.get('Content-Security-Policy') ?? null).has('upgrade-insecure-requests')).toBe(true);
  });

  it('reads the card provider’s origin from CARDS_PUBLIC_URL and refuses a value that is not an http(s) URL', () => {
    expect(cardsOrigin(undefined)).toBe('http://127.0.0.1:4300');
    expect(cardsOrigin('https://cards.example.dk/v1/')).toBe('https://cards.example.dk');
    expect(() => cardsOrigin('cards.example.dk')).toThrow(/CARDS_PUBLIC_URL/);
    expect(() => cardsOrigin('javascript:alert(1)')).toThrow(/CARDS_PUBLIC_URL/);
  });

  it('lets every page frame the live studio’s game client when LIVE_STUDIO_ORIGIN is set, and no studio when it is not (issue 25)', () => {
    const live = liveStudioOrigin('https://client.lysmester.example/client/');
    expect(live).toBe('https://client.lysmester.example');
    const site = siteSecurityHeaders({ publicUrl: 'https://www.krone.dk', paymentOrigin: 'https://cards.example.dk', liveOrigin: live });
    for (const url of ['/', '/live-casino', '/live-casino/spil-for-penge/krone-roulette-live', '/mobil-live-casino/krone-roulette-live']) {
      const policy = policyOf(new Map(securityHeadersFor(url, site)).get('Content-Security-Policy') ?? null);
      expect(policy.get('frame-src'), url).toBe("frame-src 'self' https://cards.example.dk https://client.lysmester.example");
      // Framing only: the page itself never calls the studio, and nothing may frame us.
      expect(policy.get('connect-src'), url).toBe("connect-src 'self' https://cards.example.dk");
      expect(policy.get('frame-ancestors'), url).toBe("frame-ancestors 'none'");
    }
    // The per-visitor pages' nonce policy names it too (a visit may start on one of them).
    const nonced = policyOf(
      contentSecurityPolicy({ nonce: 'abc', secure: true, paymentOrigin: 'https://cards.example.dk', liveOrigin: live }),
    );
    expect(nonced.get('frame-src')).toBe("frame-src 'self' https://cards.example.dk https://client.lysmester.example");

    for (const unset of [undefined, '', '  ']) expect(liveStudioOrigin(unset)).toBeNull();
    const without = siteSecurityHeaders({ publicUrl: 'https://www.krone.dk', paymentOrigin: 'https://cards.example.dk', liveOrigin: null });
    expect(policyOf(without.staticPolicy).get('frame-src')).toBe("frame-src 'self' https://cards.example.dk");
    expect(() => liveStudioOrigin('client.lysmester.example')).toThrow(/LIVE_STUDIO_ORIGIN/);
    expect(() => liveStudioOrigin('javascript:alert(1)')).toThrow(/LIVE_STUDIO_ORIGIN/);
  });
});
