import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.js';
import { scratchDatabase } from './harness.js';

/**
 * `Database.listen` (db/client.ts), which the jackpots' and the winners' streams follow (issue 26):
 * a notification sent at another connection's commit reaches every handler of its channel, one
 * listening connection per process; on a PostgreSQL server that connection is made again after it
 * is lost, and the listener told. PGlite by default (one instance: the sender is the same
 * database), a PostgreSQL server with TEST_DATABASE_URL (CI).
 */

let database: Database;
let drop: (() => Promise<void>) | undefined;
let url = '';

beforeAll(async () => {
  const server = process.env.TEST_DATABASE_URL;
  const scratch = server ? await scratchDatabase(server, 'krone_listen') : null;
  url = scratch?.url ?? '';
  drop = scratch?.drop;
  database = await openDatabase({ url, dataDir: 'memory://' });
}, 60_000);

afterAll(async () => {
  await database.close();
  await drop?.();
});

/** Another process's connection: a pg client of its own on a server; the same embedded database otherwise. */
async function otherConnection() {
  if (!url) {
    const embedded = (database.db as unknown as { $client: PGlite }).$client;
    return { query: (text: string) => embedded.exec(text), end: async () => undefined };
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return { query: (text: string) => client.query(text), end: () => client.end() };
}

/** Waits until `test` holds (or fails after `ms`). */
async function until(test: () => boolean, ms = 5_000) {
  const end = Date.now() + ms;
  while (!test()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('database notifications', () => {
  it('delivers another connection’s NOTIFY at its commit to every handler of the channel, and none after it stops', async () => {
    const first: string[] = [];
    const second: string[] = [];
    const other: string[] = [];
    const stopFirst = await database.listen('krone_test_a', (payload) => first.push(payload));
    const stopSecond = await database.listen('krone_test_a', (payload) => second.push(payload));
    const stopOther = await database.listen('krone_test_b', (payload) => other.push(payload));
    const sender = await otherConnection();
    try {
      await sender.query("begin; select pg_notify('krone_test_a', 'inside'); commit");
      await sender.query("select pg_notify('krone_test_a', 'pool-1')");
      await until(() => first.length === 2 && second.length === 2);
      expect(first).toEqual(['inside', 'pool-1']);
      expect(second).toEqual(['inside', 'pool-1']);
      expect(other).toEqual([]);

      // A rolled-back transaction's notification is never delivered.
      await sender.query("begin; select pg_notify('krone_test_b', 'rolled back'); rollback");
      await stopFirst();
      await sender.query("select pg_notify('krone_test_a', 'pool-2'); select pg_notify('krone_test_b', '42')");
      await until(() => second.length === 3 && other.length === 1);
      expect(first).toEqual(['inside', 'pool-1']);
      expect(other).toEqual(['42']);
    } finally {
      await stopSecond();
      await stopOther();
      await sender.end();
    }
  });

  it('refuses a channel name that is not a plain identifier', async () => {
    await expect(database.listen('krone; drop table players', () => undefined)).rejects.toThrow(/channel/);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'makes a lost listening connection again, listens again and tells the listener; one connection serves every channel',
    async () => {
      const heard: string[] = [];
      let reconnects = 0;
      const stopA = await database.listen('krone_test_c', (payload) => heard.push(payload), { onReconnect: () => reconnects++ });
      const stopB = await database.listen('krone_test_d', (payload) => heard.push(payload));
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        const listening = async () =>
          (
            await admin.query<{ pid: number }>(
              `select pid from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`,
            )
          ).rows.map((row) => row.pid);
        expect(await listening()).toHaveLength(1);
        const [pid] = await listening();
        // The server (an administrator, a restart) ends the listening connection.
        await admin.query('select pg_terminate_backend($1)', [pid]);
        await until(() => reconnects === 1, 10_000);
        const after = await listening();
        expect(after).toHaveLength(1);
        expect(after[0]).not.toBe(pid);
        await admin.query("select pg_notify('krone_test_c', 'back'), pg_notify('krone_test_d', 'both')");
        await until(() => heard.length === 2);
        expect(heard.sort()).toEqual(['back', 'both']);
      } finally {
        await stopA();
        await stopB();
        await admin.end();
      }
    },
    20_000,
  );
});
