/**
 * The x-api-key of GET /api/siteInfo: hex HMAC-SHA256 of the x-timestamp (Unix milliseconds)
 * under a key shipped with the page. It cannot be a secret (the browser holds it); it keeps
 * casual scrapers and replays older than the allowed skew away, nothing more.
 */
export const SITE_INFO_MAX_SKEW_MS = 5 * 60 * 1000;

export async function signSiteInfo(key: string, timestamp: string): Promise<string> {
  const encoder = new TextEncoder();
  const cryptoKey = await globalThis.crypto.subtle.importKey('raw', encoder.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const signature = await globalThis.crypto.subtle.sign('HMAC', cryptoKey, encoder.encode(timestamp));
  return Array.from(new Uint8Array(signature), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export type SiteInfoCheck = 'ok' | 'missing' | 'stale' | 'wrong';

export async function checkSiteInfoHeaders(
  key: string,
  apiKey: string | null,
  timestamp: string | null,
  now: number = Date.now(),
): Promise<SiteInfoCheck> {
  if (!apiKey || !timestamp) return 'missing';
  if (!/^\d{10,16}$/.test(timestamp) || Math.abs(now - Number(timestamp)) > SITE_INFO_MAX_SKEW_MS) return 'stale';
  const expected = await signSiteInfo(key, timestamp);
  if (expected.length !== apiKey.length) return 'wrong';
  let difference = 0;
  for (let i = 0; i < expected.length; i += 1) difference |= expected.charCodeAt(i) ^ apiKey.charCodeAt(i);
  return difference === 0 ? 'ok' : 'wrong';
}

/** The public development key: the default here, and refused in production (edge/startup-check.ts). */
export const DEVELOPMENT_SITE_INFO_KEY = 'krone-development-site-info-key';
export const siteInfoKey = () => process.env.NEXT_PUBLIC_SITE_INFO_KEY ?? DEVELOPMENT_SITE_INFO_KEY;
