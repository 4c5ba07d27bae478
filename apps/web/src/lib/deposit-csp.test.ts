import { unstable_getResponseFromNextConfig } from 'next/experimental/testing/server';
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import nextConfig from '../../next.config';
import { GET as threeDsReturn } from '../app/api/deposit/3ds-return/route';
import { proxy } from '../proxy';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const policyOf = (value: string | null) => new Map((value ?? '').split(/;\s*/).map((part) => [part.split(' ')[0]!, part] as const));
const pageFor = async (path: string) =>
  policyOf((await proxy(new NextRequest(`https://krone.test${path}`, { headers: { 'user-agent': CHROME, cookie: 'krone_session=x' } }))).headers.get('content-security-policy'));

describe('deposit pages and the card provider', () => {
  it('lets the card form pages reach the provider’s tokenisation endpoint and frame its 3-D Secure page, and no other page', async () => {
    for (const path of ['/min-konto/overfoer', '/QuickDeposit', '/quick-deposit']) {
      const policy = await pageFor(path);
      expect(policy.get('connect-src'), path).toBe("connect-src 'self' http://127.0.0.1:4300");
      expect(policy.get('frame-src'), path).toBe("frame-src 'self' http://127.0.0.1:4300");
      expect(policy.get('frame-ancestors'), path).toBe("frame-ancestors 'none'");
    }
    for (const path of ['/min-konto/profil', '/MobilePay', '/log-ind']) {
      const policy = await pageFor(path);
      expect(policy.get('connect-src'), path).toBe("connect-src 'self'");
      expect(policy.has('frame-src'), path).toBe(false);
    }
  });

  it('lets only our own pages frame the 3-D Secure return page, which runs no script', async () => {
    const response = threeDsReturn(new Request('https://krone.test/api/deposit/3ds-return?deposit=0b0e8d8e-1111-4a2b-8c3d-123456789abc&payment=pay_x'));
    const policy = policyOf(response.headers.get('content-security-policy'));
    expect(policy.get('frame-ancestors')).toBe("frame-ancestors 'self'");
    expect(policy.get('default-src')).toBe("default-src 'none'");
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const html = await response.text();
    expect(html).not.toContain('<script');
    expect(html).toContain('/min-konto/overfoer?deposit=0b0e8d8e-1111-4a2b-8c3d-123456789abc');
    // The site-wide headers (DENY) are not added on top of its own.
    const config = await unstable_getResponseFromNextConfig({ url: 'https://krone.test/api/deposit/3ds-return', nextConfig });
    expect(config.headers.get('x-frame-options')).toBeNull();
    expect(config.headers.get('content-security-policy')).toBeNull();
    const other = await unstable_getResponseFromNextConfig({ url: 'https://krone.test/api/deposit/status', nextConfig });
    expect(other.headers.get('x-frame-options')).toBe('DENY');
  });
});
