import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { contentRoutes } from './content/routes.js';
import { createContentService } from './content/service.js';
import type { Database } from './db/client.js';
import { errorPlugin } from './shared/error-plugin.js';
import { securityHeaders } from './shared/security-headers.js';
import { supportRoutes } from './support/routes.js';
import { createSupportService } from './support/service.js';

export interface AppOptions {
  config: Config;
  database: Database;
  clock?: () => Date;
  /** Request logging; off in tests and when only the OpenAPI document is rendered. */
  logger?: boolean;
}

export async function buildApp({ config, database, clock = () => new Date(), logger = true }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.LOG_LEVEL } : false,
    bodyLimit: 64 * 1024,
    // The storefront (BFF) is the only caller and sits in front; trust its X-Forwarded-For.
    trustProxy: config.TRUST_PROXY,
    requestTimeout: 15_000,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const content = createContentService(database.db, clock);
  const support = createSupportService(database.db, config, clock);

  await app.register(errorPlugin, { translate: content.translate });
  await app.register(securityHeaders);
  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Krone platform',
        description: 'The casino platform behind the Krone storefront. Every answer is `{ result, data }` or `{ result: 0, code, message }`.',
        version: '0.1.0',
      },
      servers: [{ url: `http://${config.PLATFORM_HOST}:${config.PLATFORM_PORT}` }],
      tags: [
        { name: 'content', description: 'Translations, images, layouts, menu, SEO, news, campaigns, pages' },
        { name: 'support', description: 'Contact form and its captcha' },
        { name: 'system', description: 'Health' },
      ],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });

  app.get('/health', { schema: { tags: ['system'], operationId: 'health', hide: true } }, async () => {
    await database.db.execute('select 1');
    return { status: 'ok', database: database.kind };
  });

  await app.register(contentRoutes, { content });
  await app.register(supportRoutes, { support, config });
  return app;
}
