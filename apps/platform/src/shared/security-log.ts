import type { FastifyRequest } from 'fastify';
import type { SecurityRecord } from '../audit/security.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts a security event for the audit log's `security` chain, written as totals per minute (audit/security.ts); absent in a bare app. */
    recordSecurityEvent?: (record: SecurityRecord) => void;
  }
}

/**
 * A refusal an operator may need to see an attack in: failed logins, CPR mismatches, webhooks
 * with a bad signature, calls with a bad API key. One warn line with `security.event`, the
 * provider, the client's address and the reason. Never the secret, token, signature or CPR. It is
 * also counted for the audit log's `security` chain, which keeps totals per client, event,
 * provider, reason and minute (audit/security.ts): no database work per event.
 */
export function logSecurityEvent(
  request: FastifyRequest,
  event: 'login_failed' | 'cpr_mismatch' | 'webhook_signature_invalid' | 'api_key_invalid' | 'game_signature_invalid',
  details: { reason: string; provider?: string } & Record<string, string | number | null | undefined>,
): void {
  request.log.warn({ security: { event, clientAddress: request.ip, ...details } }, `security: ${event} (${details.reason})`);
  request.server.recordSecurityEvent?.({ event, clientAddress: request.ip, ...details });
}
