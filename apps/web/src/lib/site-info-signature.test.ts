import { describe, expect, it } from 'vitest';
import { checkSiteInfoHeaders, signSiteInfo, SITE_INFO_MAX_SKEW_MS } from './site-info-signature';

describe('siteInfo request signature', () => {
  const key = 'test-key';
  const now = 1_790_000_000_000;

  it('accepts a fresh, correctly signed pair', async () => {
    const timestamp = String(now - 1000);
    expect(await checkSiteInfoHeaders(key, await signSiteInfo(key, timestamp), timestamp, now)).toBe('ok');
  });

  it('rejects a missing pair', async () => {
    expect(await checkSiteInfoHeaders(key, null, String(now), now)).toBe('missing');
    expect(await checkSiteInfoHeaders(key, 'abc', null, now)).toBe('missing');
  });

  it('rejects a pair signed with another key or for another time', async () => {
    const timestamp = String(now);
    expect(await checkSiteInfoHeaders(key, await signSiteInfo('other', timestamp), timestamp, now)).toBe('wrong');
    expect(await checkSiteInfoHeaders(key, await signSiteInfo(key, String(now - 1)), timestamp, now)).toBe('wrong');
  });

  it('rejects a stale or malformed timestamp', async () => {
    const old = String(now - SITE_INFO_MAX_SKEW_MS - 1);
    expect(await checkSiteInfoHeaders(key, await signSiteInfo(key, old), old, now)).toBe('stale');
    expect(await checkSiteInfoHeaders(key, 'x', 'yesterday', now)).toBe('stale');
  });
});
