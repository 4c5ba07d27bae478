import { createHash, timingSafeEqual } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createCryptoRng, type Rng } from '@krone/games-math';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { errorPlugin } from './error-plugin.js';
import { fail } from './errors.js';
import { createMessages } from './messages.js';
import { createPlatformClient } from './platform-client.js';
import { createRoundsService } from './rounds/service.js';
import { studioRoutes } from './routes.js';
import { createSessionsService } from './sessions/service.js';
import { testClockRoutes, withTestClock } from './test-clock.js';
import type { TitleById } from './titles.js';

export interface StudioOptions {
  config: Config;
  database: Database;
  titleById: TitleById;
  clock?: () => Date;
  logger?: boolean;
  /** The games contract's transport; tests pass one that fails as networks do. */
  fetch?: typeof fetch;
  rng?: Rng;
  /** Retry owed money calls every STUDIO_RECOVERY_INTERVAL_SECONDS (the server; tests call recover themselves). */
  backgroundJobs?: boolean;
  /** The waits before each try of a round's call within a request (settlement.ts); tests of many faults pass none. */
  inRequestDelaysMs?: readonly number[];
}

const digest = (value: string) => createHash('sha256').update(value).digest();

export async function buildStudio({
  config,
  database,
  titleById,
  clock: givenClock = () => new Date(),
  logger = true,
  fetch,
  rng = createCryptoRng(),
  backgroundJobs = false,
  inRequestDelaysMs,
}: StudioOptions) {
  const testClock = config.TEST_CLOCK_CONTROL ? withTestClock(givenClock) : null;
  const clock = testClock?.clock ?? givenClock;
  // Readable logs for a developer (LOG_FORMAT): pino-pretty, one line per request at debug.
  const pretty = logger && (config.LOG_FORMAT ?? (config.KRONE_ENV === 'development' ? 'pretty' : 'json')) === 'pretty';
  const app = Fastify({
    logger: logger
      ? {
          level: config.LOG_LEVEL,
          redact: ['req.headers.authorization', 'req.headers["krone-studio-key"]'],
          ...(pretty
            ? {
                transport: {
                  target: 'pino-pretty',
                  options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname,reqId', singleLine: true },
                },
              }
            : {}),
        }
      : false,
    ...(pretty ? { logController: new DebugRequestLog() } : {}),
    bodyLimit: 16 * 1024,
    requestTimeout: 30_000,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const platform = createPlatformClient({
    baseUrl: config.PLATFORM_URL,
    providerId: config.STUDIO_PROVIDER_ID,
    secret: config.STUDIO_PROVIDER_SECRET,
    timeoutMs: config.STUDIO_PLATFORM_TIMEOUT_MS,
    fetch,
  });
  const sessions = createSessionsService({ db: database.db, clock, config, platform, titleById });
  const rounds = createRoundsService({
    db: database.db,
    clock,
    paceMs: config.STUDIO_ROUND_PACE_MS,
    platform,
    sessions,
    rng,
    inRequestDelaysMs,
    log: (level, message, details) => app.log[level](details, message),
  });

  await app.register(errorPlugin, { message: createMessages() });

  // Every call but the health check is the storefront server's: its key, compared in constant time.
  const apiKey = digest(config.STUDIO_API_KEY);
  app.addHook('onRequest', async (request) => {
    if (request.url === '/health') return;
    const given = request.headers['krone-studio-key'];
    if (typeof given !== 'string' || !timingSafeEqual(digest(given), apiKey)) throw fail('UNAUTHORIZED');
  });

  app.get('/health', async () => {
    await database.db.execute('select 1');
    return { status: 'ok' as const, database: database.kind };
  });
  await app.register(studioRoutes, { sessions, rounds, titleById });
  if (testClock) await app.register(testClockRoutes, { testClock });

  // A round, a win, a rollback or a round end the platform did not answer is owed until it does.
  const quietMs = 2 * config.STUDIO_PLATFORM_TIMEOUT_MS + 5_000;
  const recover = () => rounds.recover({ quietMs });
  if (backgroundJobs && config.STUDIO_RECOVERY_INTERVAL_SECONDS > 0) {
    let running: Promise<unknown> | null = null;
    const timer = setInterval(() => {
      if (running) return;
      running = recover()
        .then((totals) => {
          if (totals.paid + totals.refused + totals.rolledBack + totals.ended + totals.waiting > 0)
            app.log.info(totals, 'owed money calls retried');
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'recovery failed'))
        .finally(() => (running = null));
    }, config.STUDIO_RECOVERY_INTERVAL_SECONDS * 1000);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  }
  return Object.assign(app as unknown as FastifyInstance, { rounds, sessions, recover });
}

export type Studio = Awaited<ReturnType<typeof buildStudio>>;

/** With readable logs, one short line per request at debug level; a failed request is still an error. */
class DebugRequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) return super.requestCompleted(error, request, reply);
    request.log.debug(`${request.method} ${request.url.split('?')[0]} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`);
  }
}
