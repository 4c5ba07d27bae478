import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type AppOptions } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { seedDemoContent } from '../src/content/seed.js';
import { openDatabase, type Database } from '../src/db/client.js';

export interface TestPlatform {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Moves the platform's clock; every time rule reads it. */
  setNow(date: Date | undefined): void;
  close(): Promise<void>;
}

/**
 * A platform on a fresh database: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (CI runs the suite both ways).
 */
export async function startTestPlatform(
  env: Record<string, string> = {},
  services: Pick<AppOptions, 'brokers' | 'rofus'> = {},
): Promise<TestPlatform> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  let url = '';
  let dropDatabase: (() => Promise<void>) | undefined;
  if (serverUrl) {
    const name = `krone_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const target = new URL(serverUrl);
    target.pathname = `/${name}`;
    url = target.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: url,
    PGLITE_DATA_DIR: 'memory://',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    CPR_RATE_LIMIT_PER_15_MINUTES: '1000',
    ...env,
  });
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.PGLITE_DATA_DIR, poolSize: 4 });
  await database.migrate();
  await seedDemoContent(database.db, { brand: config.BRAND_NAME });
  let now: Date | undefined;
  const app = await buildApp({ config, database, clock: () => now ?? new Date(), logger: false, ...services });
  await app.ready();
  return {
    app,
    database,
    config,
    setNow: (date) => {
      now = date;
    },
    close: async () => {
      await app.close();
      await database.close();
      await dropDatabase?.();
    },
  };
}
