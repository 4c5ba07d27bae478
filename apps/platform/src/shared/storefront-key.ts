import { createHash, timingSafeEqual } from 'node:crypto';
import type { ErrorCode } from '@krone/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { fail } from './errors.js';
import { logSecurityEvent } from './security-log.js';

/** The header the storefront's server sends its key in, on every call to the internal listener. */
export const STOREFRONT_KEY_HEADER = 'krone-storefront-key';
/** The header the back office's server sends its key in, on every call to the staff door. */
export const BACKOFFICE_KEY_HEADER = 'krone-backoffice-key';

const digest = (value: string) => createHash('sha256').update(value).digest();

interface DoorKeyOptions {
  key: string;
  header: string;
  code: ErrorCode;
  /** Who holds the key, as security events name it. */
  holder: string;
}

/**
 * A door that only its one caller may use (app.ts): every request but /health carries that
 * caller's key, compared in constant time over SHA-256 digests (equal lengths whatever is sent).
 * A missing or wrong key is refused before anything else runs and recorded as a security event as
 * other refused keys are; an unknown path without the key gets the same answer, so the door tells
 * a stranger nothing of its routes.
 */
export const doorKey = fp<DoorKeyOptions>(async (app: FastifyInstance, { key, header, code, holder }) => {
  const expected = digest(key);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.url === '/health') return;
    const given = request.headers[header];
    if (typeof given === 'string' && given.length > 0 && timingSafeEqual(digest(given), expected)) return;
    logSecurityEvent(request, 'api_key_invalid', { provider: holder, reason: given ? 'key_wrong' : 'key_missing' });
    throw fail(code);
  });
});
