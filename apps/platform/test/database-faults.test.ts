import { isConnectionFault } from '@krone/domain';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.js';
import { scratchDatabase } from './harness.js';

// The database going away under a running platform (bench:chaos cuts it under load, issue 15 §1):
// the process lives through it, and one started meanwhile waits for it. PostgreSQL only: the
// embedded database has no connections to lose.
const serverUrl = process.env.TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(Boolean(serverUrl))('the platform when its database goes away (PostgreSQL)', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }
  const cutEveryConnection = (name: string) =>
    admin((client) =>
      client.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]),
    );

  async function fresh(): Promise<{ database: Database; name: string }> {
    const scratch = await scratchDatabase(serverUrl!, 'krone_faults');
    cleanup.push(scratch.drop);
    const database = await openDatabase({ url: scratch.url, dataDir: '', poolSize: 2, startupWaitMs: 20_000 });
    cleanup.push(() => database.close());
    return { database, name: new URL(scratch.url).pathname.slice(1) };
  }

  it('a connection cut in the middle of a transaction fails that transaction only; the next request gets a new connection', async () => {
    const { database, name } = await fresh();
    await database.migrate();
    // The transaction holds its connection between two statements when the server cuts it: the
    // connection's error arrives while it is checked out, where the pool does not listen. Unheard,
    // it would end the process (an unhandled 'error' event).
    const cut = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await cutEveryConnection(name);
      await sleep(300);
      await tx.execute(sql`select 1`);
    });
    await expect(cut).rejects.toSatisfy(isConnectionFault);
    const { rows } = (await database.db.execute(sql`select count(*)::int as n from wallet_accounts`)) as unknown as {
      rows: { n: number }[];
    };
    expect(rows[0]!.n).toBeGreaterThanOrEqual(0);
  });

  it('starting while the database lets no one in, the migrations wait for it and then run', async () => {
    const { database, name } = await fresh();
    await admin((client) => client.query(`alter database ${name} with allow_connections false`));
    const migrated = database.migrate();
    await sleep(1500);
    await admin((client) => client.query(`alter database ${name} with allow_connections true`));
    await migrated;
    const { rows } = (await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as {
      rows: { n: number }[];
    };
    expect(rows[0]!.n).toBeGreaterThan(10);
  });

  it('an error that is not about reaching the database is not waited on', async () => {
    expect(isConnectionFault(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
    expect(isConnectionFault(Object.assign(new Error('wrapped'), { cause: Object.assign(new Error('x'), { code: '57P01' }) }))).toBe(true);
  });
});
