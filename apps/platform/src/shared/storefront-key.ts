import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { fail } from './errors.js';
import { logSecurityEvent } from './security-log.js';

/** The header the storefront's server sends its key in, on every call to the internal listener. */
export const STOREFRONT_KEY_HEADER = 'krone-storefront-key';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The internal listener's door (app.ts): every request but /health carries the storefront's own
 * key (STOREFRONT_API_KEY), compared in constant time over SHA-256 digests (equal lengths whatever
 * is sent). A missing or wrong key is refused before anything else runs, with 401
 * STOREFRONT_KEY_INVALID, and recorded as a security event as other refused keys are; an unknown
 * path without the key gets the same answer, so the door tells a stranger nothing of its routes.
 */
export const storefrontKey = fp<{ key: string }>(async (app, { key }) => {
  const expected = digest(key);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.url === '/health') return;
    const given = request.headers[STOREFRONT_KEY_HEADER];
    if (typeof given === 'string' && given.length > 0 && timingSafeEqual(digest(given), expected)) return;
    logSecurityEvent(request, 'api_key_invalid', { provider: 'storefront', reason: given ? 'key_wrong' : 'key_missing' });
    throw fail('STOREFRONT_KEY_INVALID');
  });
});
