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
import { documentsRoutes } from './documents/routes.js';
import { createDocumentsService } from './documents/service.js';
import { createDocumentStorage } from './documents/storage.js';
import { createLimitsService } from './limits/service.js';
import { paymentsRoutes } from './payments/routes.js';
import { createPaymentsService } from './payments/service.js';
import { createHistoryService } from './wallet/history.js';
import { historyRoutes } from './wallet/history-routes.js';
import { walletRoutes } from './wallet/routes.js';
import { createWalletService } from './wallet/service.js';
import { createIdentityBrokers, type IdentityBrokers } from './players/identity.js';
import { createRofus, type Rofus } from './players/rofus.js';
import { playersRoutes } from './players/routes.js';
import { createSecrets } from './players/secrets.js';
import { createPlayersService } from './players/service.js';
import { createSessionStore } from './players/sessions.js';
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
  /** The outside identity services; tests may pass their own. */
  brokers?: IdentityBrokers;
  rofus?: Rofus;
}

/** Session tokens travel in some of the spec's paths; they never reach the log. */
export function redactUrl(url: string): string {
  return url
    .replace(/(\/(?:users|MarketingNotification|sessions|documents|transactions)\/)[^/?]+/g, '$1[session]')
    .replace(/(\/deposits\/(?:card\/)?)[^/?]+/g, '$1[session]')
    .replace(/(\/registrations\/)[^/?]+/g, '$1[registration]')
    .replace(/([?&]sessionId=)[^&]+/g, '$1[session]');
}

export async function buildApp({ config, database, clock = () => new Date(), logger = true, brokers, rofus }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? {
          level: config.LOG_LEVEL,
          serializers: {
            req: (request: { method: string; url: string; id: string }) => ({ id: request.id, method: request.method, url: redactUrl(request.url) }),
          },
        }
      : false,
    bodyLimit: 64 * 1024,
    // The storefront (BFF) is the only caller and sits in front; trust its X-Forwarded-For.
    trustProxy: config.TRUST_PROXY,
    requestTimeout: 15_000,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const content = createContentService(database.db, clock);
  const support = createSupportService(database.db, config, clock);
  const limits = createLimitsService(database.db, clock);
  const wallet = createWalletService(database.db, clock);
  const players = createPlayersService({
    db: database.db,
    config,
    clock,
    brokers: brokers ?? createIdentityBrokers(config),
    rofus: rofus ?? createRofus(config),
    secrets: createSecrets({ cprHashKey: config.CPR_HASH_KEY, encryptionKey: config.DATA_ENCRYPTION_KEY }),
    sessions: createSessionStore(database.db, clock, {
      idleMs: config.SESSION_IDLE_MINUTES * 60_000,
      absoluteMs: config.SESSION_ABSOLUTE_HOURS * 3_600_000,
    }),
    content,
    limits,
  });
  const payments = createPaymentsService({ db: database.db, config, clock, wallet, limits, players });
  const history = createHistoryService({ db: database.db, clock, unsettledDeposits: payments.unsettledDeposits });
  const documents = createDocumentsService({
    db: database.db,
    config,
    clock,
    storage: createDocumentStorage(config),
    content,
    players,
    logError: (error, message) => app.log.error({ err: error }, message),
  });

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
        { name: 'players', description: 'Login and registration with MitID or MobilePay, sessions, profile, consent, unsubscribe' },
        { name: 'wallet', description: 'The ledger: the player’s balances (account summary) and stakes and wins' },
        { name: 'payments', description: 'Deposits by card (and the provider’s webhook)' },
        { name: 'documents', description: 'Identity documents (KYC): upload from the profile and the player’s list with review status' },
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
  await app.register(playersRoutes, { players, config });
  await app.register(documentsRoutes, { documents, config });
  await app.register(walletRoutes, { wallet, players, config });
  await app.register(historyRoutes, { history, players });
  await app.register(paymentsRoutes, { payments, config, clock });
  return app;
}
