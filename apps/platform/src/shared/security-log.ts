import type { FastifyRequest } from 'fastify';

/**
 * A refusal an operator may need to see an attack in: failed logins, CPR mismatches, webhooks
 * with a bad signature, calls with a bad API key. One warn line with `security.event`, the
 * provider, the client's address and the reason. Never the secret, token, signature or CPR.
 */
export function logSecurityEvent(
  request: FastifyRequest,
  event: 'login_failed' | 'cpr_mismatch' | 'webhook_signature_invalid' | 'api_key_invalid' | 'game_signature_invalid',
  details: { reason: string; provider?: string } & Record<string, string | number | null | undefined>,
): void {
  request.log.warn({ security: { event, clientAddress: request.ip, ...details } }, `security: ${event} (${details.reason})`);
}
