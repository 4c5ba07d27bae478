import type { Config } from '../config.js';
import { STOREFRONT_KEY_HEADER } from '../shared/storefront-key.js';

/**
 * Tells the storefront that published content changed (its POST /api/revalidate, with the key the
 * two share), so its cached pages and content calls are read again at once instead of at the
 * cache's next turn. Best effort: a storefront that does not answer shows the change within
 * CONTENT_REVALIDATE_SECONDS anyway; the answer says whether it was reached.
 */
export function createStorefrontRevalidation(
  config: Pick<Config, 'WEB_PUBLIC_URL' | 'STOREFRONT_API_KEY'> & { STOREFRONT_REVALIDATE_URL?: string | undefined },
  fetchImpl: typeof fetch = fetch,
) {
  const url = config.STOREFRONT_REVALIDATE_URL ?? `${config.WEB_PUBLIC_URL.replace(/\/$/, '')}/api/revalidate`;
  return async function revalidate(): Promise<boolean> {
    try {
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [STOREFRONT_KEY_HEADER.toLowerCase()]: config.STOREFRONT_API_KEY },
        body: JSON.stringify({ tags: ['content'] }),
        signal: AbortSignal.timeout(5_000),
      });
      return response.ok;
    } catch {
      return false;
    }
  };
}
