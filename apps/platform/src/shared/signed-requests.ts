import { createHmac, timingSafeEqual } from 'node:crypto';
import { contractSigningText, type ContractCall } from '@krone/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** A signed request older (or newer) than this is refused: a replay of a captured request gets nowhere. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The payment webhooks' signature: hex HMAC-SHA256 of `${timestamp}.${rawBody}` with the sender's secret. */
export const signBody = (secret: string, timestamp: number, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

/**
 * A games-contract call's signature: hex HMAC-SHA256, with the provider's secret, of the time, the
 * method, the contract's path, the provider's id and the body (`contractSigningText` of @krone/domain).
 */
export const signContractCall = (secret: string, call: ContractCall) =>
  createHmac('sha256', secret).update(contractSigningText(call)).digest('hex');

/** Why a signed request is refused, or `ok`. */
export type SignatureCheck = 'ok' | 'missing' | 'stale' | 'mismatch';

/**
 * Checks a timestamp (unix seconds) and a hex signature over the body exactly as sent, in constant
 * time, within the tolerance of the platform's clock. Payment webhooks (`Krone-Signature: t=…,v1=…`,
 * over `${timestamp}.${body}`) and the games contract (`Krone-Timestamp`, `Krone-Signature`, over
 * the call's method, path and provider too: `call`) both check here.
 */
export function checkSignature(
  input: {
    timestamp: string | undefined;
    signature: string | undefined;
    body: string;
    secret: string;
    now: Date;
    /** A games-contract call: what else the signature covers besides the time and the body. */
    call?: Omit<ContractCall, 'timestamp' | 'body'>;
  },
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): SignatureCheck {
  if (!input.timestamp || !input.signature) return 'missing';
  if (!/^\d{1,12}$/.test(input.timestamp) || !/^[0-9a-f]{64}$/.test(input.signature)) return 'mismatch';
  const timestamp = Number(input.timestamp);
  if (Math.abs(input.now.getTime() / 1000 - timestamp) > toleranceSeconds) return 'stale';
  const signed = input.call
    ? signContractCall(input.secret, { ...input.call, timestamp, body: input.body })
    : signBody(input.secret, timestamp, input.body);
  const expected = Buffer.from(signed, 'hex');
  return timingSafeEqual(expected, Buffer.from(input.signature, 'hex')) ? 'ok' : 'mismatch';
}

const rawBodies = new WeakMap<FastifyRequest, string>();

/** The body of a request in a `keepRawJsonBody` scope exactly as sent ('' when none). */
export const rawBodyOf = (request: FastifyRequest) => rawBodies.get(request) ?? '';

/**
 * In this scope a JSON body is kept as sent (`rawBodyOf`), for its signature. With `parse`, the
 * route still gets it parsed (null when it is not JSON, which the route's schema then refuses), so
 * the signature can be checked before validation (preValidation) and the schema documents the body;
 * without, the handler gets the string and parses it itself.
 */
export function keepRawJsonBody(scope: FastifyInstance, { parse = false, bodyLimit = 64 * 1024 } = {}) {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (request, body, done) => {
    const raw = typeof body === 'string' ? body : body.toString('utf8');
    rawBodies.set(request, raw);
    if (!parse) return done(null, raw);
    try {
      done(null, JSON.parse(raw));
    } catch {
      done(null, null);
    }
  });
}
