import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { TABLE_TITLES } from '@krone/games-math';
import { loadTitles } from '@krone/games-math/titles';
import { startSims, type Sims } from '@krone/sims';
import { signWebhook, TEST_CARDS } from '@krone/sims/cards';
import pg from 'pg';
import { buildPlatform, type AppOptions, type Platform } from '../src/app.js';
import { createBonusService, seedBonusCodes } from '../src/bonus/service.js';
import { loadConfig, type Config } from '../src/config.js';
import { seedDemoContent } from '../src/content/seed.js';
import { createContentService } from '../src/content/service.js';
import { syncCatalogue } from '../src/games/catalogue-sync.js';
import { syncJackpotPools } from '../src/games/jackpots/pools.js';
import { openDatabase, overloadBounds, type Database } from '../src/db/client.js';
import { createLimitsService } from '../src/limits/service.js';
import { players } from '../src/players/schema.js';
import { createSessionStore } from '../src/players/sessions.js';
import { AppError } from '../src/shared/errors.js';
import { BACKOFFICE_KEY_HEADER, STOREFRONT_KEY_HEADER } from '../src/shared/storefront-key.js';
import { createWalletService } from '../src/wallet/service.js';
import { createStakeRules } from '../src/wallet/stakes.js';

export interface TestPlatform {
  /**
   * The internal listener (the storefront's door). Its `inject` sends the storefront's key
   * (Krone-Storefront-Key) unless the request names that header itself (`undefined`: none).
   */
  app: FastifyInstance;
  /** The public listener: the payment webhooks and the games contract. */
  publicApp: FastifyInstance;
  /** The staff door; its `inject` sends the back office's key (Krone-Backoffice-Key) as `app` sends the storefront's. */
  staffApp: FastifyInstance;
  database: Database;
  config: Config;
  /** Moves the platform's clock; every time rule reads it. */
  setNow(date: Date | undefined): void;
  /** The platform's clock, for services a test builds beside the app (the stake rules). */
  clock: () => Date;
  /** Writes the security events' totals the platform holds in memory to the audit log (audit/security.ts). */
  flushSecurityEvents(): Promise<void>;
  /** The live casino (its catalogue sync from the studio's lobby, its lobby, its launch). */
  live: Platform['live'];
  close(): Promise<void>;
}

/**
 * A new database on a PostgreSQL server (a test's own), empty or a copy of `template`, its URL and
 * how to drop it.
 */
export async function scratchDatabase(
  serverUrl: string,
  prefix: string,
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  return {
    url: Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * A platform on a fresh database: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (CI runs the suite both ways).
 */
/**
 * Migrates and seeds a database as the platform's start does: the demo content, the bonus codes,
 * the games catalogue and the jackpot pools. On a copy of the suite's template (test/db-template.ts)
 * each step finds its work done and returns at once.
 */
export async function prepareDatabase(database: Database, brand: string): Promise<void> {
  const at = (label: string, t: number) => process.env.KRONE_TEST_TIMING && console.log(label, Math.round(performance.now() - t));
  let t = performance.now();
  await database.migrate();
  at('migrate', t);
  t = performance.now();
  await seedDemoContent(database.db, { brand });
  at('seed', t);
  t = performance.now();
  await seedBonusCodes(database.db);
  at('codes', t);
  t = performance.now();
  const titles = [...loadTitles(), ...TABLE_TITLES];
  await syncCatalogue(database.db, titles, new Date());
  at('catalogue', t);
  t = performance.now();
  await syncJackpotPools(
    database.db,
    createWalletService(database.db, () => new Date()),
    titles,
  );
  at('jackpots', t);
}

/** The template's data folder, read once per test file: see test/db-template.ts. */
let template: Promise<Blob | undefined> | undefined;
function templateData(): Promise<Blob | undefined> {
  const file = process.env.KRONE_TEST_TEMPLATE_DATADIR;
  if (!file) return Promise.resolve(undefined);
  template ??= readFile(file).then((bytes) => new Blob([bytes]));
  return template;
}

export async function startTestPlatform(
  env: Record<string, string> = {},
  services: Pick<AppOptions, 'brokers' | 'rofus' | 'backgroundJobs' | 'staffIdp' | 'mailer' | 'revalidateStorefront'> = {},
): Promise<TestPlatform> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const scratch = serverUrl ? await scratchDatabase(serverUrl, 'krone_test', process.env.KRONE_TEST_TEMPLATE_DATABASE) : null;
  const url = scratch?.url ?? '';
  const dropDatabase = scratch?.drop;
  const config = loadConfig({
    KRONE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: url,
    PGLITE_DATA_DIR: 'memory://',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    CPR_RATE_LIMIT_PER_15_MINUTES: '1000',
    DATABASE_POOL_SIZE: '4',
    ...env,
  });
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.PGLITE_DATA_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
    overload: overloadBounds(config),
    initialData: serverUrl ? undefined : await templateData(),
  });
  await prepareDatabase(database, config.BRAND_NAME);
  let now: Date | undefined;
  const clock = () => now ?? new Date();
  const platform = await buildPlatform({ config, database, clock, logger: false, ...services });
  await platform.ready();
  const app = withDoorKey(platform.internal, STOREFRONT_KEY_HEADER, config.STOREFRONT_API_KEY);
  return {
    app,
    publicApp: platform.public,
    staffApp: withDoorKey(platform.staff, BACKOFFICE_KEY_HEADER, config.BACKOFFICE_API_KEY),
    database,
    config,
    setNow: (date) => {
      now = date;
    },
    clock,
    flushSecurityEvents: () => platform.flushSecurityEvents(),
    live: platform.live,
    close: async () => {
      await platform.close();
      await database.close();
      await dropDatabase?.();
    },
  };
}

/**
 * The storefront's (or the back office's) server as its door sees it: every injected request
 * carries its key, so the suites test their routes rather than the door (storefront-key.test.ts
 * tests that). A request that sets the header itself keeps its own value; `undefined` sends none.
 */
function withDoorKey(app: FastifyInstance, header: string, key: string): FastifyInstance {
  const inject = app.inject.bind(app);
  const withKey = (options: InjectOptions | string): InjectOptions => {
    const given = typeof options === 'string' ? { url: options } : options;
    const headers: Record<string, string | string[] | number | undefined> = { [header]: key, ...given.headers };
    return {
      ...given,
      headers: Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== undefined)) as Record<string, string>,
    };
  };
  app.inject = ((options?: InjectOptions | string, callback?: unknown) => {
    if (options === undefined) return inject();
    return callback ? inject(withKey(options), callback as never) : inject(withKey(options));
  }) as FastifyInstance['inject'];
  return app;
}

/**
 * A player straight in the database with a live session, for tests of what a logged-in player
 * does (the login itself is tested in players.test.ts). With a limit, it gets a monthly deposit
 * limit, as every Danish account has.
 */
/** The card provider's stand-in and a platform wired to it: the setup of every card-deposit suite. */
export async function startPlatformWithCards(
  webhookSecret = 'test-webhook-secret-123',
): Promise<{ sims: Sims; platform: TestPlatform; close: () => Promise<void> }> {
  const secretKey = 'test-cards-key-123';
  const sims = await startSims({ webPublicUrl: 'http://127.0.0.1:3000', cards: { secretKey, webhookSecret } });
  const platform = await startTestPlatform({
    CARDS_API_URL: `${sims.url}/cards`,
    CARDS_SECRET_KEY: secretKey,
    CARDS_WEBHOOK_SECRET: webhookSecret,
  });
  return { sims, platform, close: async () => (await platform.close(), await sims.close()) };
}

export async function createLoggedInPlayer(
  platform: TestPlatform,
  options: { monthlyLimitOre?: number; firstName?: string; lastName?: string } = {},
) {
  const id = randomUUID();
  await platform.database.db.insert(players).values({
    id,
    mitidUuid: `mitid-${id}`,
    cprHash: `hash-${id}`,
    cprEncrypted: 'x',
    firstName: options.firstName ?? 'Test',
    lastName: options.lastName ?? 'Spiller',
    birthDate: '1990-01-01',
    email: `${id}@example.dk`,
    mobileCc: '+45',
    mobileNo: '20304050',
  });
  if (options.monthlyLimitOre !== undefined) {
    await createLimitsService({ db: platform.database.db, clock: () => new Date() }).setInitialDepositLimit(
      platform.database.db,
      id,
      'month',
      options.monthlyLimitOre,
    );
  }
  const sessions = createSessionStore(platform.database.db, () => new Date(), { idleMs: 3_600_000, absoluteMs: 3_600_000 });
  return { id, token: (await sessions.create(id, 'mitid')).token };
}

/**
 * The wallet's stake rules (wallet/stakes.ts) over the test platform's database and clock, wired
 * as the app wires them: a stake of given accounts (`{playerId, kind}` or `{system}`), answered as
 * an HTTP call would be. Game money has no HTTP door but the games contract, which chooses the
 * accounts itself (cash before bonus); the rules of a stake between any accounts are tested here.
 */
export function stakeRulesOf(platform: TestPlatform) {
  const { db } = platform.database;
  const wallet = createWalletService(db, platform.clock);
  const bonus = createBonusService(db, platform.clock, wallet);
  const limits = createLimitsService({ db, clock: platform.clock });
  const stakes = createStakeRules({
    wallet,
    assertStakeAllowed: bonus.assertStakeAllowed,
    explainPlayExclusion: (playerIds) => Promise.all(playerIds.map((id) => limits.assertMayPlay(id))),
  });
  type Ref = { playerId: string; kind: 'player_cash' | 'player_bonus' } | { system: 'house' | 'bonus_cost' | 'payment_clearing' };
  return async (input: {
    idempotencyKey: string;
    kind: string;
    entries: { account: Ref; amountOre: number }[];
    reference?: Record<string, string>;
  }) => {
    const entries = await Promise.all(
      input.entries.map(async ({ account, amountOre }) => ({
        accountId:
          'system' in account ? await wallet.systemAccount(account.system) : await wallet.playerAccount(account.playerId, account.kind),
        amountOre,
      })),
    );
    try {
      const data = await stakes.transfer({ ...input, entries });
      return { status: 200, body: { result: 1, data } as { result: number; code?: string; message?: string; data?: typeof data } };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const message = await createContentService(db, platform.clock).translate(error.messageKey);
      return {
        status: error.statusCode,
        body: { result: 0, code: error.code, message } as { result: number; code?: string; message?: string; data?: undefined },
      };
    }
  };
}

/**
 * Money onto a player's cash account for a test, as a confirmed deposit lands: the ledger's own
 * transfer (`deposit`, from the payment clearing account), called in the test's process. The
 * platform has no HTTP door that moves money (docs/decisions.md); suites about deposits themselves
 * go through the card stand-in (deposits.test.ts).
 */
export async function fundPlayer(platform: Pick<TestPlatform, 'database' | 'clock'>, playerId: string, amountOre: number) {
  const wallet = createWalletService(platform.database.db, platform.clock);
  const [clearing, cash] = await Promise.all([wallet.systemAccount('payment_clearing'), wallet.playerAccount(playerId, 'player_cash')]);
  return wallet.transfer({
    idempotencyKey: `deposit:${randomUUID()}`,
    kind: 'deposit',
    entries: [
      { accountId: clearing, amountOre: -amountOre },
      { accountId: cash, amountOre },
    ],
  });
}

/**
 * A provider's event to one of the platform's webhooks, signed as the providers sign them
 * (`Krone-Signature: t=…,v1=HMAC-SHA256`), with another secret or time to test refusals.
 */
export async function sendSignedWebhook(
  platform: TestPlatform,
  path: string,
  event: unknown,
  secret: string,
  at = Math.floor(Date.now() / 1000),
) {
  const body = JSON.stringify(event);
  const response = await platform.publicApp.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/json', 'krone-signature': signWebhook(secret, body, at) },
    payload: body,
  });
  return { status: response.statusCode, body: response.json() as { result: number; code?: string; data?: { status: string } } };
}

/**
 * A card deposit as the storefront makes one: the card tokenised at the card stand-in (the test
 * card that succeeds), then `POST /Payments/deposits/card/{session}` with an optional bonus code,
 * from the address given (the suites spread their calls over addresses for the rate limits).
 */
export async function cardDeposit(
  sims: Sims,
  platform: TestPlatform,
  input: { token: string; amountOre: number; bonusCode?: string; remoteAddress?: string },
) {
  const web = 'http://127.0.0.1:3000';
  const tokenised = await fetch(`${sims.url}/cards/v1/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: web },
    body: JSON.stringify({ number: TEST_CARDS.success, holder: 'Test Spiller', expiryMonth: 12, expiryYear: 2040, cvv: '123' }),
  });
  const cardToken = ((await tokenised.json()) as { token: string }).token;
  const response = await platform.app.inject({
    method: 'POST',
    url: `/Payments/deposits/card/${input.token}`,
    ...(input.remoteAddress ? { remoteAddress: input.remoteAddress } : {}),
    payload: {
      token: cardToken,
      amountOre: input.amountOre,
      returnUrl: `${web}/min-konto/overfoer`,
      ...(input.bonusCode ? { bonusCode: input.bonusCode } : {}),
    },
  });
  return {
    status: response.statusCode,
    body: response.json() as { result: number; code?: string; message?: string; data?: Record<string, unknown> },
  };
}
