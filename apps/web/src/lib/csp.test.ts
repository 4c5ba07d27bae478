import { createHash } from 'node:crypto';
import { unstable_doesMiddlewareMatch, unstable_getResponseFromNextConfig } from 'next/experimental/testing/server';
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import nextConfig from '../../next.config';
import { SCREEN_SIZE_BOOT_SCRIPT } from '../components/runtime/screen-size-boot';
import { config, proxy } from '../proxy';
import { BOOT_SCRIPT_HASH, NONCE_ROUTES } from './csp';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const policyOf = (value: string | null) => new Map((value ?? '').split(/;\s*/).map((part) => [part.split(' ')[0]!, part] as const));

describe('Content-Security-Policy', () => {
  it('gives every page rendered for one visitor a fresh nonce and a strict script policy', async () => {
    const nonces = new Set<string>();
    for (const route of NONCE_ROUTES) {
      expect(unstable_doesMiddlewareMatch({ config, url: route, headers: { 'user-agent': CHROME } }), route).toBe(true);
      const response = await proxy(new NextRequest(`https://krone.test${route}`, { headers: { 'user-agent': CHROME, cookie: 'krone_session=x' } }));
      const policy = policyOf(response.headers.get('content-security-policy'));
      const script = policy.get('script-src')!;
      const nonce = /'nonce-([^']+)'/.exec(script)?.[1];
      expect(nonce, route).toBeTruthy();
      nonces.add(nonce!);
      expect(script).toContain("'strict-dynamic'");
      expect(script).not.toContain('unsafe-inline');
      expect(policy.get('frame-ancestors')).toBe("frame-ancestors 'none'");
      expect(policy.get('object-src')).toBe("object-src 'none'");
      // Next reads the nonce from the request's policy header.
      expect(response.headers.get('x-middleware-request-content-security-policy')).toContain(`'nonce-${nonce}'`);
    }
    expect(nonces.size).toBe(NONCE_ROUTES.length);
  });

  it('allows the inline boot script by its exact hash', () => {
    expect(BOOT_SCRIPT_HASH).toBe(`'sha256-${createHash('sha256').update(SCREEN_SIZE_BOOT_SCRIPT).digest('base64')}'`);
  });

  it('sends cached public pages the static policy, and never to the per-visitor pages', async () => {
    for (const url of ['/', '/nyheder', '/kampagner/velkomstbonus', '/api/translations']) {
      const response = await unstable_getResponseFromNextConfig({ url: `https://krone.test${url}`, nextConfig });
      const policy = policyOf(response.headers.get('content-security-policy'));
      expect(policy.get('frame-ancestors'), url).toBe("frame-ancestors 'none'");
      expect(policy.get('script-src'), url).toBe("script-src 'self' 'unsafe-inline'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
    for (const route of NONCE_ROUTES) {
      const response = await unstable_getResponseFromNextConfig({ url: `https://krone.test${route}`, nextConfig });
      expect(response.headers.get('content-security-policy'), route).toBeNull();
    }
  });
});
