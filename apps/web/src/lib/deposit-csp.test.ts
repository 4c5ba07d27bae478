import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { GET as threeDsReturn } from '../app/api/deposit/3ds-return/route';
import { proxy } from '../proxy';
import { cardsOrigin, FRAMEABLE_PATH, isNonceRoute, securityHeadersFor, siteSecurityHeaders } from './csp';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const policyOf = (value: string | null) => new Map((value ?? '').split(/;\s*/).map((part) => [part.split(' ')[0]!, part] as const));
const site = siteSecurityHeaders({ publicUrl: 'https://krone.test', paymentOrigin: cardsOrigin(undefined) });
/** The one policy a document gets: the proxy's nonce policy on a per-visitor page, else the front door's. */
const pageFor = async (path: string) => {
  const frontDoor = new Map(securityHeadersFor(path, site)).get('Content-Security-Policy');
  if (!isNonceRoute(path)) return policyOf(frontDoor ?? null);
  expect(frontDoor, path).toBeUndefined();
  return policyOf(
    (
      await proxy(new NextRequest(`https://krone.test${path}`, { headers: { 'user-agent': CHROME, cookie: 'krone_session=x' } }))
    ).headers.get('content-security-policy'),
  );
};

describe('deposit pages and the card provider', () => {
  it('lets every page reach the provider’s tokenisation endpoint and frame its 3-D Secure page: a click keeps the first page’s policy', async () => {
    // Every way into a payment starts on one of these: the header's balance and the menu on any
    // page, the overview, quick deposit, the withdrawal page, the popups, the payment returns, and
    // "Hent tilbud" on a campaign page or the player's offers page (issue 27).
    const pages = [
      '/',
      '/spilleautomater',
      '/nyheder',
      '/kampagner/velkomstbonus',
      '/min-konto/oversigt',
      '/min-konto/udbetal',
      '/min-konto/profil',
      '/min-konto/overfoer',
      '/min-konto/kampagne',
      '/QuickDeposit',
      '/quick-deposit',
      '/MobilePay',
      '/MobilePayQuick',
      '/extpayment',
      '/log-ind',
      '/registrer',
      '/loginsuccess',
    ];
    for (const path of pages) {
      const policy = await pageFor(path);
      expect(policy.get('connect-src'), path).toBe("connect-src 'self' http://127.0.0.1:4300");
      expect(policy.get('frame-src'), path).toBe("frame-src 'self' http://127.0.0.1:4300");
      expect(policy.get('frame-ancestors'), path).toBe("frame-ancestors 'none'");
      // The per-visitor pages keep their nonce.
      expect(/'nonce-[^']+'/.test(policy.get('script-src') ?? ''), path).toBe(isNonceRoute(path));
    }
  });

  it('lets only our own pages frame the 3-D Secure return page, which runs no script', async () => {
    const response = threeDsReturn(
      new Request('https://krone.test/api/deposit/3ds-return?deposit=0b0e8d8e-1111-4a2b-8c3d-123456789abc&payment=pay_x'),
    );
    const policy = policyOf(response.headers.get('content-security-policy'));
    expect(policy.get('frame-ancestors')).toBe("frame-ancestors 'self'");
    expect(policy.get('default-src')).toBe("default-src 'none'");
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const html = await response.text();
    expect(html).not.toContain('<script');
    expect(html).toContain('/min-konto/overfoer?deposit=0b0e8d8e-1111-4a2b-8c3d-123456789abc');
    // The site-wide headers (DENY) are not added on top of its own.
    expect(securityHeadersFor(FRAMEABLE_PATH, site)).toEqual([]);
    expect(new Map(securityHeadersFor('/api/deposit/status', site)).get('X-Frame-Options')).toBe('DENY');
  });
});
