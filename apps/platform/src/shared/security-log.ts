import type { FastifyRequest } from 'fastify';
import type { SecurityRecord } from '../audit/security.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Appends a security event to the audit log's `security` chain (audit/security.ts); absent in a bare app. */
    recordSecurityEvent?: (record: SecurityRecord) => void;
  }
}

/**
 * A refusal an operator may need to see an attack in: failed logins, CPR mismatches, webhooks
 * with a bad signature, calls with a bad API key. One warn line with `security.event`, the
 * provider, the client's address and the reason. Never the secret, token, signature or CPR. It is
 * also appended to the audit log's `security` chain (audit/security.ts).
 */
export function logSecurityEvent(
  request: FastifyRequest,
  event: 'login_failed' | 'cpr_mismatch' | 'webhook_signature_invalid' | 'api_key_invalid' | 'game_signature_invalid',
  details: { reason: string; provider?: string } & Record<string, string | number | null | undefined>,
): void {
  request.log.warn({ security: { event, clientAddress: request.ip, ...details } }, `security: ${event} (${details.reason})`);
  request.server.recordSecurityEvent?.({ event, clientAddress: request.ip, ...details });
}
