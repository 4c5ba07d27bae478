import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { readFileSync } from 'node:fs';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { Redis } from 'ioredis';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { liveStudioOf, type Config } from './config.js';
import { createSecurityRecorder } from './audit/security.js';
import { contentRoutes } from './content/routes.js';
import { createContentEditing, createContentService } from './content/service.js';
import type { Database } from './db/client.js';
import { documentsRoutes } from './documents/routes.js';
import { createDocumentsService } from './documents/service.js';
import { createDocumentStorage } from './documents/storage.js';
import { createBonusService } from './bonus/service.js';
import { createOffers } from './bonus/offers.js';
import { bonusRoutes } from './bonus/routes.js';
import { tournamentScores } from './games/tournament-scores.js';
import { tournamentRoutes } from './tournaments/routes.js';
import { createTournaments } from './tournaments/service.js';
import { catalogueRoutes } from './games/catalogue-routes.js';
import { LYSMESTER_PROVIDER_ID, providersFromConfig } from './games/providers.js';
import { liveRoutes } from './games/live/routes.js';
import { createLiveCasino, type LiveCasino } from './games/live/service.js';
import { createLysmesterStudio } from './games/providers/lysmester/studio.js';
import { createJackpotFeed } from './games/jackpots/feed.js';
import { jackpotRoutes } from './games/jackpots/routes.js';
import { gamesContractRoutes, gamesRoutes } from './games/routes.js';
import { lysmesterWalletRoutes } from './games/providers/lysmester/routes.js';
import { categoryIdsByPosition, createGamesService } from './games/service.js';
import { DEFAULT_WARNING_MINUTES } from './games/sessions.js';
import { limitsRoutes } from './limits/routes.js';
import { createLimitsService } from './limits/service.js';
import { createPaymentHistory } from './payments/history.js';
import { paymentsRoutes, paymentWebhookRoutes } from './payments/routes.js';
import { createPaymentsService } from './payments/service.js';
import { createNemKontoClient } from './payments/withdrawals-nemkonto.js';
import { payoutWebhookRoutes, withdrawalsRoutes } from './payments/withdrawals-routes.js';
import { createWithdrawalsService } from './payments/withdrawals.js';
import { createHistoryService, resolvePeriod } from './wallet/history.js';
import { historyRoutes } from './wallet/history-routes.js';
import { walletRoutes } from './wallet/routes.js';
import { createWalletService } from './wallet/service.js';
import { createStakeRules } from './wallet/stakes.js';
import { createIdentityBrokers, type IdentityBrokers } from './players/identity.js';
import { createRofus, type Rofus } from './players/rofus.js';
import { playerAccountRoutes } from './players/account-routes.js';
import { playersRoutes } from './players/routes.js';
import { createSecrets } from './players/secrets.js';
import { createPlayersService } from './players/service.js';
import { createSessionStore } from './players/sessions.js';
import { answerFrameworkError, errorPlugin } from './shared/error-plugin.js';
import { publicRateLimit } from './shared/public-rate-limit.js';
import { refuseNulPlugin } from './shared/refuse-nul.js';
import { securityHeaders } from './shared/security-headers.js';
import { sessionPlayer } from './shared/session-player.js';
import { registerStaffDoor } from './staff/door.js';
import type { StaffIdentityProvider } from './staff/identity.js';
import { BACKOFFICE_KEY_HEADER, doorKey, STOREFRONT_KEY_HEADER } from './shared/storefront-key.js';
import { supportRoutes } from './support/routes.js';
import { testClockRoutes, withTestClock } from './shared/test-clock.js';
import { serverTimeRoutes } from './shared/server-time.js';
import { createMailer, createSupportService, type Mailer } from './support/service.js';

export interface AppOptions {
  config: Config;
  database: Database;
  clock?: () => Date;
  /** Request logging; off in tests and when only the OpenAPI document is rendered. */
  logger?: boolean;
  /** Where the log lines go (standard output by default); tests read them. */
  logStream?: { write(line: string): void };
  /** The outside identity services; tests may pass their own. */
  brokers?: IdentityBrokers;
  rofus?: Rofus;
  /** The staff identity provider (the back office's login); tests may pass their own. */
  staffIdp?: StaffIdentityProvider;
  /** The e-mail provider (support's answers); tests may pass their own. */
  mailer?: Mailer;
  /** Tells the storefront published content changed; tests may pass their own. */
  revalidateStorefront?: () => Promise<boolean>;
  /**
   * Run the background jobs (the server; not tests): send due withdrawals to NemKonto every
   * PAYOUT_PROCESS_INTERVAL_SECONDS, settle open bonuses every BONUS_SETTLE_INTERVAL_SECONDS.
   */
  backgroundJobs?: boolean;
}

/**
 * The request as logged: its path with the session token (or registration id) of a matched
 * route's parameters replaced, then every known token-carrying path shape redacted besides (for
 * requests that matched no route).
 */
export function logRequest(request: { method: string; url: string; id: string; params?: unknown }) {
  let url = request.url;
  const params = (request.params ?? {}) as Record<string, unknown>;
  for (const [name, label] of [
    ['sessionId', '[session]'],
    ['registrationId', '[registration]'],
  ] as const) {
    const value = params[name];
    if (typeof value === 'string' && value.length > 0) url = url.split(value).join(label).split(encodeURIComponent(value)).join(label);
  }
  return { id: request.id, method: request.method, url: redactUrl(url) };
}

/** Session tokens travel in some of the spec's paths; they never reach the log. */
export function redactUrl(url: string): string {
  return (
    url
      .replace(/(\/(?:users|MarketingNotification|sessions|documents|transactions|launch)\/)[^/?]+/g, '$1[session]')
      .replace(/(\/deposits\/(?:card\/|mobilepay\/)?)[^/?]+/g, '$1[session]')
      .replace(/(\/withdrawals\/)[^/?]+/g, '$1[session]')
      .replace(/(\/Limits\/)[^/?]+/g, '$1[session]')
      .replace(/(\/Bonus\/offers\/)[^/?]+/g, '$1[session]')
      .replace(/(\/Tournaments\/)(?!join\b)[^/?]+/g, '$1[session]')
      .replace(/(\/Logs\/CreateSessionExpireLog\/)[^/?]+/g, '$1[session]')
      .replace(/(\/Support\/contact\/)(?!challenge(?:[/?]|$))[^/?]+/g, '$1[session]')
      .replace(/(\/Games\/(?:favourites|recent|history)\/)[^/?]+/g, '$1[session]')
      .replace(/(\/registrations\/)[^/?]+/g, '$1[registration]')
      // A content preview's token opens an editor's draft: never in a log line.
      .replace(/(\/CMScasino\/preview\/)[^/?]+/g, '$1[token]')
      .replace(/([?&]sessionId=)[^&]+/g, '$1[session]')
      // A staff search may be a CPR number: never in a log line.
      .replace(/(\/Staff\/players\?(?:[^#]*&)?q=)[^&]+/g, '$1[search]')
  );
}

/**
 * Where the rate limits count: in Redis when REDIS_URL is set, so that every platform process
 * behind the load balancer counts one client's calls together; in this process's memory
 * otherwise. Should Redis be unreachable, requests go on without a limit (and the outage is
 * logged) rather than the casino refusing every login and payment: the identity brokers and the
 * payment providers keep limits of their own. One store serves both listeners.
 */
async function rateLimitStore(log: FastifyBaseLogger, config: Config) {
  if (!config.REDIS_URL) return { options: {}, close: async () => undefined };
  // A rate limit must never hold a request up: no queue while Redis is away (a count fails at
  // once and the request goes on), a short connect timeout, one try per command.
  const redis = new Redis(config.REDIS_URL, { connectTimeout: 500, maxRetriesPerRequest: 1, enableOfflineQueue: false });
  let lastWarning = 0;
  redis.on('error', (error: Error) => {
    if (Date.now() - lastWarning < 60_000) return;
    lastWarning = Date.now();
    log.warn({ err: error }, 'rate limits: Redis is unreachable, requests are not limited meanwhile');
  });
  // The first requests count too: start once connected, or after a second without Redis.
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, 1000);
    redis.once('ready', done);
  });
  return {
    options: { redis, nameSpace: `${config.REDIS_KEY_PREFIX}rate-limit:`, skipOnError: true },
    close: async () => void (await redis.quit().catch(() => redis.disconnect())),
  };
}

/**
 * The platform's two listeners (docs/decisions.md, "The platform's doors"): `internal` for the
 * storefront, every call but /health with its key (Krone-Storefront-Key); `public` for the
 * providers, only the payment webhooks, the games contract (each signed with its own secret) and
 * /health. Two Fastify instances over one set of services, closed together.
 */
export interface Platform {
  internal: FastifyInstance;
  public: FastifyInstance;
  /** The staff door: the back office's server only (docs/backoffice.md). */
  staff: FastifyInstance;
  ready(): Promise<void>;
  /** Closes both listeners, then waits for the background jobs and writes the security events' totals held. */
  close(): Promise<void>;
  /** Writes the security events' totals held now, the current minute's too (audit/security.ts; tests). */
  flushSecurityEvents(): Promise<void>;
  /** The live casino (games/live/): its catalogue sync, lobby and launch (tests sync it when they need). */
  live: LiveCasino;
}

/** The OpenAPI tags, shared by both listeners' documents. */
const OPENAPI_TAGS = [
  { name: 'content', description: 'Translations, images, layouts, menu, SEO, news, campaigns, pages' },
  { name: 'support', description: 'Contact form and its captcha' },
  { name: 'players', description: 'Login and registration with MitID or MobilePay, sessions, profile, consent, unsubscribe' },
  { name: 'wallet', description: 'The ledger: the player’s balances (account summary) and stakes and wins' },
  { name: 'payments', description: 'Deposits by card and MobilePay (and the providers’ webhooks)' },
  { name: 'limits', description: 'The player’s deposit limits, pauses and closure' },
  {
    name: 'games',
    description:
      'The catalogue (lobby, list, best, search), the player’s favourites, recently played and game history, game launch, and the games contract for providers (signed, idempotent bet/win/rollback)',
  },
  { name: 'documents', description: 'Identity documents (KYC): upload from the profile and the player’s list with review status' },
  { name: 'staff', description: 'The back office’s staff door: staff login, players, four-eyes proposals (roles checked on every call)' },
  { name: 'system', description: 'Health' },
];

/** pino-pretty's options for a developer's terminal: the time of day, no process fields. */
const PRETTY_LOG_OPTIONS = { translateTime: 'HH:MM:ss', ignore: 'pid,hostname,reqId,door', singleLine: true };

/**
 * With readable logs, Fastify's per-request lines become one short line at debug level
 * (LOG_LEVEL=debug shows them); a request that failed is still logged as an error.
 */
class DebugRequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) return super.requestCompleted(error, request, reply);
    request.log.debug(`${request.method} ${redactUrl(request.url)} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`);
  }
}

/** The internal listener's own certificate (PLATFORM_TLS_CERT_FILE / PLATFORM_TLS_KEY_FILE), read at boot. */
function internalTls(config: Config): { cert: Buffer; key: Buffer } | null {
  if (!config.PLATFORM_TLS_CERT_FILE) return null;
  return { cert: readFileSync(config.PLATFORM_TLS_CERT_FILE), key: readFileSync(config.PLATFORM_TLS_KEY_FILE) };
}

export async function buildPlatform({
  config,
  database,
  clock: givenClock = () => new Date(),
  logger = true,
  logStream,
  brokers,
  rofus,
  staffIdp,
  mailer,
  revalidateStorefront,
  backgroundJobs = false,
}: AppOptions): Promise<Platform> {
  // Only for browser tests (TEST_CLOCK_CONTROL, refused in production): the clock may be moved.
  const testClock = config.TEST_CLOCK_CONTROL ? withTestClock(givenClock) : null;
  const clock = testClock?.clock ?? givenClock;
  const content = createContentService(database.db, clock);
  const doorOptions = {
    bodyLimit: 64 * 1024,
    // The storefront (BFF) sits in front of the internal listener, a load balancer in front of the
    // public one: their X-Forwarded-For is trusted.
    trustProxy: config.TRUST_PROXY,
    requestTimeout: 15_000,
    // The router's own refusals (a path that does not decode, an over-long path parameter) in our error shape.
    frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) =>
      answerFrameworkError(error, reply, (key) => content.translate(key)),
  };
  const tls = internalTls(config);
  // Readable logs for a developer (LOG_FORMAT, config.ts): pino-pretty, and requests at debug.
  const pretty = logger && (config.LOG_FORMAT ?? (config.KRONE_ENV === 'development' ? 'pretty' : 'json')) === 'pretty';
  const app = Fastify({
    ...doorOptions,
    ...(tls ? { https: tls } : {}),
    logger: logger
      ? {
          level: config.LOG_LEVEL,
          ...(logStream ? { stream: logStream } : {}),
          ...(pretty && !logStream ? { transport: { target: 'pino-pretty', options: PRETTY_LOG_OPTIONS } } : {}),
          serializers: { req: logRequest },
        }
      : false,
    ...(pretty ? { logController: new DebugRequestLog() } : {}),
  } as FastifyServerOptions).withTypeProvider<ZodTypeProvider>() as unknown as FastifyInstance;
  const publicDoor = Fastify({
    ...doorOptions,
    ...(logger ? { loggerInstance: app.log.child({ door: 'public' }) } : { logger: false }),
    ...(pretty ? { logController: new DebugRequestLog() } : {}),
  }).withTypeProvider<ZodTypeProvider>() as unknown as FastifyInstance;
  const staffDoor = Fastify({
    ...doorOptions,
    ...(logger ? { loggerInstance: app.log.child({ door: 'staff' }) } : { logger: false }),
    ...(pretty ? { logController: new DebugRequestLog() } : {}),
  }).withTypeProvider<ZodTypeProvider>() as unknown as FastifyInstance;
  const doors = [app, publicDoor, staffDoor];

  // Security events on the audit log's security chain (audit/security.ts), awaited at close.
  // Counted in memory and written as totals per minute: a flood of them costs the database nothing.
  const securityRecorder = createSecurityRecorder({
    db: database.db,
    clock,
    ipHashSalt: config.IP_HASH_SALT,
    keysPerMinute: config.SECURITY_EVENT_KEYS_PER_MINUTE,
    flushSeconds: config.SECURITY_EVENT_FLUSH_SECONDS,
    onError: (error) => app.log.error({ err: error }, 'audit log: security events could not be appended'),
  });
  const support = createSupportService(database.db, config, clock);
  // What payments tell others of deposits (read-only): limits count them against a deposit limit
  // (the limits page, and the check payments ask before a deposit); the history shows those under way.
  const paymentHistory = createPaymentHistory(database.db);
  const limits = createLimitsService({
    db: database.db,
    clock,
    depositedSince: paymentHistory.depositedSince,
    log: (change) => app.log.info({ limitsChange: change }, 'limits changed'),
    // A pause or a closure ends the player's game sessions in the same transaction (games/README.md).
    endGameSessions: (playerId, reason, tx) => games.endPlayerSessions(playerId, reason, tx),
  });
  const wallet = createWalletService(database.db, clock);
  const secrets = createSecrets({ cprHashKey: config.CPR_HASH_KEY, encryptionKey: config.DATA_ENCRYPTION_KEY });
  const players = createPlayersService({
    db: database.db,
    config,
    clock,
    brokers: brokers ?? createIdentityBrokers(config),
    rofus: rofus ?? createRofus(config),
    secrets,
    sessions: createSessionStore(database.db, clock, {
      idleMs: config.SESSION_IDLE_MINUTES * 60_000,
      absoluteMs: config.SESSION_ABSOLUTE_HOURS * 3_600_000,
    }),
    content,
    limits,
    // A logout, or a lock found at a session's look-up, ends the player's game sessions.
    endGameSessions: async (playerId, reason) => void (await games.endPlayerSessions(playerId, reason)),
  });
  // Wagering weighs each stake by its title's game type, the catalogue's (bonus/wagering.ts).
  const bonus = createBonusService(database.db, clock, wallet, { gameTypes: (ids, runner) => games.catalogue.gameTypes(ids, runner) });
  // The rules of a stake (the open bonus's maximum bet, a pause answered as the limits context's):
  // the games contract's.
  const stakes = createStakeRules({
    wallet,
    assertStakeAllowed: bonus.assertStakeAllowed,
    explainPlayExclusion: (playerIds) => Promise.all(playerIds.map((id) => limits.assertMayPlay(id))),
  });
  const games = createGamesService({
    db: database.db,
    clock,
    config,
    providers: providersFromConfig(config),
    wallet,
    stakes,
    assertMayPlay: async (playerId) => {
      await players.assertAccountOpen(playerId);
      await limits.assertMayPlay(playerId);
    },
    assertAccountOpen: players.assertAccountOpen,
    // A game session belongs to the login that launched it and ends with it (games/README.md).
    loginOf: players.loginOf,
    resolvePeriod,
    // A round's win among the new winners (issue 26): at least max(WINNERS_MIN_ORE, WINNERS_MIN_MULTIPLE × its stake).
    bigWin: { minOre: config.WINNERS_MIN_ORE, minMultiple: config.WINNERS_MIN_MULTIPLE },
    // Free rounds (issue 27): the bonus context's grants, played through the contract.
    freeRounds: { available: (playerId, gameId) => bonus.freeRounds.available(playerId, gameId), use: bonus.freeRounds.use },
    // The lobby's table games follow the operator's order of the table categories.
    tableCategories: async () => categoryIdsByPosition((await content.getPublicSystemConfig('BordspilCategory')).value),
    warningMinutes: async () => {
      const setting = await content.getPublicSystemConfig('wageringTimePopup').catch(() => null);
      return Number(setting?.value ?? DEFAULT_WARNING_MINUTES);
    },
  });
  // The live casino (issue 25): the live studio's tables, their live state and a player's seat at
  // one; on when the studio's operator API and its wallet's secret are configured (config.ts).
  const liveStudio = liveStudioOf(config);
  const live = createLiveCasino({
    db: database.db,
    clock,
    games,
    studio: liveStudio && games.knownProvider(LYSMESTER_PROVIDER_ID) ? createLysmesterStudio(liveStudio) : null,
    lobbyUrl: `${config.WEB_PUBLIC_URL.replace(/\/+$/, '')}/live-casino`,
    log: app.log,
    // The money-played warning's clock at the live tables is per login (games/live/warning.ts).
    loginOf: players.loginOf,
  });
  const payments = createPaymentsService({ db: database.db, config, clock, wallet, limits, bonus, players });
  // The player's offers and a campaign page's claim (issue 27): the bonus context's codes, with the
  // facts their rules need from payments and players, and the limits context's pause.
  const offers = createOffers({
    db: database.db,
    clock,
    bonus,
    usageFacts: payments.claimFacts,
    assertMayPlay: limits.assertMayPlay,
  });
  // Tournaments (issue 27): points from the games context's rounds, names as the players context shows winners.
  const tournaments = createTournaments({
    db: database.db,
    clock,
    wallet,
    scores: tournamentScores,
    shownNames: players.shownNames,
    assertMayPlay: limits.assertMayPlay,
  });
  const withdrawals = createWithdrawalsService({
    db: database.db,
    config,
    clock,
    wallet,
    bonus,
    players,
    nemkonto: createNemKontoClient(config),
    log: (message, details) => app.log.warn(details, message),
  });
  const history = createHistoryService({
    db: database.db,
    clock,
    unsettledDeposits: paymentHistory.unsettledDeposits,
    gameNames: games.catalogue.names,
  });
  const documents = createDocumentsService({
    db: database.db,
    config,
    clock,
    storage: createDocumentStorage(config),
    content,
    logError: (error, message) => app.log.error({ err: error }, message),
  });

  const rateLimits = await rateLimitStore(app.log, config);
  // What both listeners share: the error shape, the security headers, NUL refused, the rate
  // limits, the security events, the OpenAPI collection (the document is written from both,
  // scripts/write-openapi.ts), /health.
  for (const door of doors) {
    door.setValidatorCompiler(validatorCompiler);
    door.setSerializerCompiler(serializerCompiler);
    door.decorate('recordSecurityEvent', securityRecorder.record);
    // The internal listener's key comes before anything else runs (shared/storefront-key.ts).
    if (door === app)
      await door.register(doorKey, {
        key: config.STOREFRONT_API_KEY,
        header: STOREFRONT_KEY_HEADER,
        code: 'STOREFRONT_KEY_INVALID',
        holder: 'storefront',
      });
    if (door === staffDoor)
      await door.register(doorKey, {
        key: config.BACKOFFICE_API_KEY,
        header: BACKOFFICE_KEY_HEADER,
        code: 'BACKOFFICE_KEY_INVALID',
        holder: 'backoffice',
      });
    await door.register(errorPlugin, { translate: content.translate });
    await door.register(securityHeaders);
    await door.register(refuseNulPlugin);
    await door.register(fastifyRateLimit, { global: false, ...rateLimits.options });
    // The providers' door counts every request per address and provider before anything else
    // (signature, body, database) runs on it (shared/public-rate-limit.ts).
    if (door === publicDoor)
      await publicRateLimit(door, {
        perAddressPerSecond: config.PUBLIC_RATE_LIMIT_PER_ADDRESS_PER_SECOND,
        perProviderPerSecond: config.PUBLIC_RATE_LIMIT_PER_PROVIDER_PER_SECOND,
        knownGameProvider: (id) => games.knownProvider(id) !== null,
      });
    const address =
      door === app
        ? `${tls ? 'https' : 'http'}://${config.PLATFORM_HOST}:${config.PLATFORM_PORT}`
        : door === staffDoor
          ? `http://${config.PLATFORM_STAFF_HOST}:${config.PLATFORM_STAFF_PORT}`
          : `http://${config.PLATFORM_PUBLIC_HOST}:${config.PLATFORM_PUBLIC_PORT}`;
    await door.register(fastifySwagger, {
      openapi: {
        info: {
          title: 'Krone platform',
          description:
            'The casino platform behind the Krone storefront. Every answer is `{ result, data }` or `{ result: 0, code, message }`.',
          version: '0.1.0',
        },
        servers: [{ url: address, description: door === app ? INTERNAL_SERVER : door === staffDoor ? STAFF_SERVER : PUBLIC_SERVER }],
        tags: OPENAPI_TAGS,
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    door.get('/health', { schema: { tags: ['system'], operationId: 'health', hide: true } }, async () => {
      await database.db.execute('select 1');
      return { status: 'ok', database: database.kind };
    });
  }

  // The internal listener: the storefront's calls, its documentation outside production.
  // After the rate limit: a session route's per-player limit counts, then a dead session is refused.
  await app.register(sessionPlayer, { resolve: players.playerForSession });
  if (config.KRONE_ENV !== 'production') await app.register(fastifySwaggerUi, { routePrefix: '/docs' });
  await app.register(serverTimeRoutes, { clock });
  await app.register(contentRoutes, { content, editing: createContentEditing({ db: database.db, clock }) });
  await app.register(supportRoutes, { support, config });
  await app.register(playersRoutes, { players, config });
  await app.register(playerAccountRoutes, { players, config });
  await app.register(documentsRoutes, { documents, config });
  await app.register(walletRoutes, { wallet, wagering: bonus.wageringSummary });
  await app.register(historyRoutes, { history });
  await app.register(paymentsRoutes, { payments });
  await app.register(withdrawalsRoutes, { withdrawals });
  await app.register(limitsRoutes, { limits });
  await app.register(bonusRoutes, { offers });
  await app.register(tournamentRoutes, { tournaments });
  await app.register(gamesRoutes, { games });
  await app.register(catalogueRoutes, { games });
  await app.register(liveRoutes, { live });
  // The jackpots and the new winners (issue 26): reads, and streams fanned out from one LISTEN per
  // process (games/jackpots/feed.ts), ended by the listener's close; the browser tests' hook.
  await app.register(jackpotRoutes, {
    feed: createJackpotFeed({ db: database.db, listen: database.listen, clock, log: app.log }),
    forceDrop: config.JACKPOT_TEST_HOOKS ? games.jackpots.forceDrop : null,
  });
  if (testClock) await app.register(testClockRoutes, { testClock });

  // The public listener: the providers' calls, each signed with the provider's own secret.
  await publicDoor.register(paymentWebhookRoutes, { payments, config, clock });
  await publicDoor.register(payoutWebhookRoutes, { withdrawals, config, clock });
  await publicDoor.register(gamesContractRoutes, { games, clock });
  await publicDoor.register(lysmesterWalletRoutes, { games, db: database.db, clock, warning: live.warning });

  // The staff door: the back office's calls, each with a staff session whose roles the route admits.
  await registerStaffDoor(staffDoor, {
    db: database.db,
    config,
    clock,
    idp: staffIdp,
    secrets,
    wallet,
    limits,
    documents,
    endGameSessions: async (playerId) => void (await games.endPlayerSessions(playerId, 'locked')),
    records: { history, rounds: games.playerGames, bonus },
    mailer: mailer ?? createMailer(config),
    translate: content.translate,
    forgetContent: content.forget,
    campaignExists: content.campaignExists,
    ...(revalidateStorefront ? { revalidateStorefront } : {}),
  });

  // Once per process, whichever listener: the background jobs stop with the internal one.
  if (backgroundJobs && config.PAYOUT_PROCESS_INTERVAL_SECONDS > 0) {
    startBackgroundJob(app, 'payouts', () => withdrawals.processDueWithdrawals(), config.PAYOUT_PROCESS_INTERVAL_SECONDS);
  }
  if (backgroundJobs && config.BONUS_SETTLE_INTERVAL_SECONDS > 0)
    startBackgroundJob(app, 'bonuses', () => bonus.settleOpen(), config.BONUS_SETTLE_INTERVAL_SECONDS);
  if (backgroundJobs && config.TOURNAMENT_SETTLE_INTERVAL_SECONDS > 0)
    startBackgroundJob(app, 'tournaments', () => tournaments.settleEnded(), config.TOURNAMENT_SETTLE_INTERVAL_SECONDS);
  if (backgroundJobs && config.PAYMENT_SETTLE_INTERVAL_SECONDS > 0)
    startBackgroundJob(app, 'payments', () => payments.settleStale(), config.PAYMENT_SETTLE_INTERVAL_SECONDS);
  // The live tables from the studio's lobby: now, then every 5 minutes (a studio down at boot is
  // tried again every 15 s, never stopping the platform); the live casino off, its tables withdrawn.
  if (backgroundJobs) {
    const stopLiveSync = live.startSync();
    app.addHook('onClose', stopLiveSync);
    if (!live.enabled)
      void live
        .withdrawIfOff(LYSMESTER_PROVIDER_ID)
        .then((withdrawn) => withdrawn > 0 && app.log.info(`live casino: off; ${withdrawn} live tables withdrawn`))
        .catch((error: unknown) => app.log.warn({ err: error }, 'live casino: its tables could not be withdrawn'));
  }

  let closing: Promise<void> | null = null;
  return {
    internal: app,
    public: publicDoor,
    staff: staffDoor,
    ready: async () => {
      await Promise.all(doors.map((door) => door.ready()));
      // The translations in memory before the first refusal: a 429 or a 503 never waits on the database for its text.
      await content.translate('validation.server_error').catch(() => undefined);
    },
    flushSecurityEvents: () => securityRecorder.flush(),
    live,
    close: () =>
      (closing ??= (async () => {
        await live.close();
        await Promise.all(doors.map((door) => door.close()));
        await securityRecorder.close();
        await rateLimits.close();
      })()),
  };
}

/** What each listener's `servers` entry says of it in the OpenAPI document. */
export const INTERNAL_SERVER = 'internal: the storefront’s server only, every call but /health with Krone-Storefront-Key';
export const PUBLIC_SERVER = 'public: the payment providers’ webhooks and the games contract, each signed by its provider';
export const STAFF_SERVER =
  'staff: the back office’s server only, every call but /health with Krone-Backoffice-Key, staff calls with a staff session';

/** Runs a job at an interval, one run at a time in this process, logging runs that did something; stops with the app. */
function startBackgroundJob(app: FastifyInstance, name: string, run: () => Promise<Record<string, number>>, intervalSeconds: number) {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = run()
      .then((totals) => {
        if (Object.entries(totals).some(([key, count]) => key !== 'checked' && count > 0)) app.log.info(totals, `${name} processed`);
      })
      .catch((error: unknown) => app.log.error({ err: error }, `${name} processing failed`))
      .finally(() => {
        running = null;
      });
  }, intervalSeconds * 1000);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
