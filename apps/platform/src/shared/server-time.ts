import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { iso, isoDateTime, noStore, ok } from './http.js';

/**
 * `GET /time`: the platform's clock, the one every time rule uses (moved in browser tests by
 * `PUT /Test/clock`). The storefront's header clock follows it rather than the visitor's device,
 * which may be set wrong (spec §2: Copenhagen time in the header, always shown).
 */
export const serverTimeRoutes: FastifyPluginAsyncZod<{ clock: () => Date }> = async (app, { clock }) => {
  app.get(
    '/time',
    {
      schema: {
        tags: ['system'],
        operationId: 'getServerTime',
        summary: 'The platform’s current time (for the storefront’s clock)',
        response: { 200: ok(z.object({ now: isoDateTime })) },
      },
    },
    async (_request, reply) => {
      reply.headers(noStore);
      return { result: 1 as const, data: { now: iso(clock()) } };
    },
  );
};
