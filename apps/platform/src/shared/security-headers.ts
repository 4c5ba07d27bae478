import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The platform answers JSON to the storefront, never pages to a browser (except the API docs),
 * so it forbids framing and sniffing on everything it sends.
 */
export const securityHeaders = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('Cross-Origin-Resource-Policy', 'same-site');
    if (!request.url.startsWith('/docs')) {
      reply.header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
      reply.header('Cache-Control', reply.getHeader('Cache-Control') ?? 'no-store');
    }
  });
});
