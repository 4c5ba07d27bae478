import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { prepareDatabase } from './harness.js';

/**
 * The suites' global setup (vitest.config.ts): one database migrated and seeded (the demo content,
 * the bonus codes, the 749 titles and their jackpot pools) once per run, that every test platform
 * then copies instead of doing the same work again (3.5 s a platform on the 2-core VM against 1 s).
 *
 * - The embedded database: its data folder, dumped to a file (KRONE_TEST_TEMPLATE_DATADIR) that
 *   each test platform's PGlite starts from.
 * - A PostgreSQL server (TEST_DATABASE_URL): a template database (KRONE_TEST_TEMPLATE_DATABASE)
 *   that each scratch database is created from (`create database … template …`).
 *
 * Made fresh each run and removed after it, so it can never be older than the migrations and
 * seeds it was made from. A test platform still runs every step on its copy, each of which finds
 * its work done, so a test that changes the brand or the content gets them applied as before.
 */
export async function setup(): Promise<() => Promise<void>> {
  const brand = loadConfig({ KRONE_ENV: 'test' }).BRAND_NAME;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `krone_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(serverUrl, `create database ${name}`);
    const database = await openDatabase({
      url: Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString(),
      dataDir: '',
      poolSize: 2,
    });
    try {
      await prepareDatabase(database, brand);
    } finally {
      await database.close();
    }
    process.env.KRONE_TEST_TEMPLATE_DATABASE = name;
    return async () => {
      delete process.env.KRONE_TEST_TEMPLATE_DATABASE;
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    };
  }
  const database = await openDatabase({ url: '', dataDir: 'memory://' });
  const folder = await mkdtemp(join(tmpdir(), 'krone-test-template-'));
  try {
    await prepareDatabase(database, brand);
    const client = (database.db as unknown as { $client: PGlite }).$client;
    await client.query('checkpoint');
    const file = join(folder, 'pgdata.tar');
    await writeFile(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    process.env.KRONE_TEST_TEMPLATE_DATADIR = file;
  } finally {
    await database.close();
  }
  return async () => {
    delete process.env.KRONE_TEST_TEMPLATE_DATADIR;
    await rm(folder, { recursive: true, force: true });
  };
}

async function adminQuery(serverUrl: string, sql: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
