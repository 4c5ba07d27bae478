import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, noStore, ok } from '../shared/http.js';
import { fail } from '../shared/errors.js';
import { logSecurityEvent } from '../shared/security-log.js';
import { keepRawJsonBody } from '../shared/signed-requests.js';
import { verifyWebhookSignature } from './service.js';

export interface SignedWebhook<S extends z.ZodType> {
  path: string;
  operationId: string;
  summary: string;
  /** The secret the provider signs with. */
  secret: string;
  schema: S;
  /** Acts on the checked event; answers where the record it names now stands. */
  handle: (event: z.infer<S>) => Promise<{ status: string }>;
}

/**
 * A payment provider's webhooks (cards, MobilePay, NemKonto): each reads its body as sent,
 * checks `Krone-Signature` over those exact bytes (constant time, 5 minutes' tolerance) before
 * anything is parsed, then validates the event with its schema.
 */
export async function registerSignedWebhooks(app: FastifyInstance, clock: () => Date, webhooks: SignedWebhook<z.ZodType>[]) {
  await app.register(async (parent) => {
    const scope = parent.withTypeProvider<ZodTypeProvider>();
    keepRawJsonBody(scope);
    for (const webhook of webhooks) {
      scope.post(
        webhook.path,
        {
          schema: {
            tags: ['payments'],
            operationId: webhook.operationId,
            summary: webhook.summary,
            response: { 200: ok(z.object({ status: z.string() })), 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody },
          },
        },
        async (request, reply) => {
          reply.headers(noStore);
          const raw = typeof request.body === 'string' ? request.body : '';
          const signature = request.headers['krone-signature'];
          if (!verifyWebhookSignature(typeof signature === 'string' ? signature : undefined, raw, webhook.secret, clock())) {
            logSecurityEvent(request, 'webhook_signature_invalid', {
              provider: webhook.path.split('/').pop(),
              reason: typeof signature === 'string' && signature ? 'signature_mismatch_or_stale' : 'signature_missing',
            });
            throw fail('WEBHOOK_SIGNATURE_INVALID');
          }
          let event: unknown;
          try {
            event = webhook.schema.parse(JSON.parse(raw));
          } catch {
            throw fail('INVALID_INPUT');
          }
          return { result: 1 as const, data: { status: (await webhook.handle(event)).status } };
        },
      );
    }
  });
}

/** Keeps each webhook's event type through the list. */
export const signedWebhook = <S extends z.ZodType>(webhook: SignedWebhook<S>) => webhook as unknown as SignedWebhook<z.ZodType>;
