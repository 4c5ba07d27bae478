import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.js';
import { verifyAuditLog } from '../src/audit/verify.js';
import { rowsOf } from '../src/shared/db.js';
import { scratchDatabase } from './harness.js';

// Migration 0017 brings a database whose audit log holds 0016's transfer records (the transfer
// whole, its entries as JSON) to records of a digest of the ledger's rows, appended by the
// ledger's own check: the old records stay and still verify, the new ones follow them in the same
// chains, and a ledger row edited behind either is named. PGlite, or PostgreSQL with
// TEST_DATABASE_URL.

const migrations = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../drizzle');
const before = mkdtempSync(path.join(tmpdir(), 'krone-migrations-'));
afterAll(() => rmSync(before, { recursive: true, force: true }));

/** The migrations up to and with 0016, as a database stood before 0017. */
function migrationsBefore0017(): string {
  cpSync(migrations, before, { recursive: true });
  const journalPath = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx < 17);
  writeFileSync(journalPath, JSON.stringify(journal));
  return before;
}

/** A database of its own, migrated with the given folder by `migrateTo`. */
async function openScratch(): Promise<{ db: Db; migrateTo: (folder: string) => Promise<void>; close: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const scratch = await scratchDatabase(serverUrl, 'krone_test_audit_migration');
    const pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
    const db = drizzlePg({ client: pool }) as unknown as Db;
    return {
      db,
      migrateTo: (folder) => migratePg(db as never, { migrationsFolder: folder }),
      close: async () => {
        await pool.end();
        await scratch.drop();
      },
    };
  }
  const client = await PGlite.create('memory://', { extensions: { pg_trgm } });
  const db = drizzlePglite({ client }) as unknown as Db;
  return { db, migrateTo: (folder) => migratePglite(db as never, { migrationsFolder: folder }), close: () => client.close() };
}

const PLAYER = '00000000-0000-4000-8000-0000000000a1';
const CASH = '00000000-0000-4000-8000-0000000000c1';
const HOUSE = '00000000-0000-4000-8000-0000000000f1';
const CLEARING = '00000000-0000-4000-8000-0000000000f2';

/** One statement that writes transfers (each `[kind, key, player's amount or null for house↔clearing]`) and their entries. */
const transfers = (db: Db, moves: [string, string, number | null][]) =>
  db.execute(
    sql.raw(`with t as (
      insert into wallet_transfers (idempotency_key, request_hash, kind, reference, reverses, created_at)
      values ${moves.map(([kind, key]) => `('${key}', 'h', '${kind}', '{"roundId": "r-${key}", "gameSessionId": "s-1"}', null, now())`).join(', ')}
      returning id, idempotency_key)
    insert into wallet_entries (transfer_id, account_id, amount_ore, balance_after_ore, created_at)
    select t.id, m.account_id, m.amount, m.balance, now() from t join (values ${moves
      .flatMap(([, key, amount]) =>
        amount === null
          ? [`('${key}', '${HOUSE}'::uuid, 700::bigint, null::bigint)`, `('${key}', '${CLEARING}'::uuid, -700::bigint, null::bigint)`]
          : [
              `('${key}', '${CASH}'::uuid, ${amount}::bigint, 10000::bigint)`,
              `('${key}', '${HOUSE}'::uuid, ${-amount}::bigint, null::bigint)`,
            ],
      )
      .join(', ')}) as m (key, account_id, amount, balance) on m.key = t.idempotency_key`),
  );

const entriesOf = (db: Db, chain: string) =>
  rowsOf<{ seq: number; body: string }>(sql`select seq::int as seq, body from audit_log where chain = ${chain} order by seq`, db);

describe('migration 0017 (transfer records as digests, appended by the ledger’s check)', () => {
  it('keeps 0016’s records verifiable, chains the new ones after them, and names a ledger row edited behind either', async () => {
    const { db, migrateTo, close } = await openScratch();
    try {
      await migrateTo(migrationsBefore0017());
      await db.execute(
        sql.raw(`insert into wallet_accounts (id, kind, player_id, tracked, balance_ore, created_at) values
          ('${CASH}', 'player_cash', '${PLAYER}', true, 0, now()), ('${HOUSE}', 'house', null, false, 0, now()),
          ('${CLEARING}', 'payment_clearing', null, false, 0, now())`),
      );
      // Under 0016: a deposit, and a bet with its win in one statement.
      await transfers(db, [['deposit', 'old-1', 5_000]]);
      await transfers(db, [
        ['bet', 'old-2', -500],
        ['win', 'old-3', 1_200],
      ]);
      await transfers(db, [['settlement', 'old-4', null]]);
      const chain = `player:${PLAYER}`;
      expect((await entriesOf(db, chain)).map((e) => (JSON.parse(e.body) as { v?: number }).v)).toEqual([undefined, undefined, undefined]);

      await migrateTo(migrations);
      expect((await verifyAuditLog(db)).problems).toEqual([]);
      // Under 0017: the same moves; each record a digest, in the same chains after the old ones.
      await transfers(db, [['deposit', 'new-1', 5_000]]);
      await transfers(db, [
        ['bet', 'new-2', -500],
        ['win', 'new-3', 1_200],
      ]);
      await transfers(db, [['settlement', 'new-4', null]]);
      const entries = await entriesOf(db, chain);
      expect(entries.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6]);
      const bodies = entries.map((e) => JSON.parse(e.body) as Record<string, unknown>);
      expect(bodies.slice(3)).toEqual([
        expect.objectContaining({
          v: 2,
          kind: 'transfer',
          chain,
          transferKind: 'deposit',
          amountOre: 5_000,
          digest: expect.stringMatching(/^[0-9a-f]{64}$/),
        }),
        expect.objectContaining({ v: 2, transferKind: 'bet', amountOre: -500, reference: { roundId: 'r-new-2', gameSessionId: 's-1' } }),
        expect.objectContaining({ v: 2, transferKind: 'win', amountOre: 1_200 }),
      ]);
      expect(bodies[3]).not.toHaveProperty('entries');
      const house = await entriesOf(db, 'house');
      expect(house.map((e) => [e.seq, (JSON.parse(e.body) as { v?: number; amountOre?: unknown }).v ?? 1])).toEqual([
        [1, 1],
        [2, 2],
      ]);
      expect(JSON.parse(house[1]!.body)).toMatchObject({ transferKind: 'settlement', amountOre: null });
      // The bet and its win of one statement: one head, both linked in order.
      const [head] = await rowsOf<{ seq: number; hash: string }>(
        sql`select seq::int as seq, encode(hash, 'hex') as hash from audit_heads where chain = ${chain}`,
        db,
      );
      const [last] = await rowsOf<{ hash: string }>(
        sql`select encode(hash, 'hex') as hash from audit_log where chain = ${chain} and seq = 6`,
        db,
      );
      expect(head).toEqual({ seq: 6, hash: last!.hash });
      // Three transfers of one chain in a statement, and one statement over two chains.
      await transfers(db, [
        ['win', 'new-5', 300],
        ['bet', 'new-6', -100],
        ['bet', 'new-7', -100],
      ]);
      await transfers(db, [
        ['settlement', 'new-8', null],
        ['bet', 'new-9', -100],
      ]);
      const later = (await entriesOf(db, chain))
        .slice(6)
        .map((e) => [e.seq, (JSON.parse(e.body) as { transferKind: string }).transferKind]);
      expect(later).toEqual([
        [7, 'bet'],
        [8, 'bet'],
        [9, 'win'],
        [10, 'bet'],
      ]);
      expect((await entriesOf(db, 'house')).map((e) => e.seq)).toEqual([1, 2, 3]);
      const verified = await verifyAuditLog(db);
      expect(verified.problems).toEqual([]);
      expect(verified.transfersChecked).toBe(13);

      // A ledger row edited behind the log: named at its record, old format and new alike.
      await db.execute(sql`alter table wallet_entries disable trigger wallet_entries_append_only`);
      for (const [key, seq] of [
        ['old-2', 2],
        ['new-2', 5],
      ] as const) {
        const edit = (amount: number) =>
          db.execute(
            sql`update wallet_entries set balance_after_ore = ${amount} where account_id = ${CASH}
                and transfer_id = (select id from wallet_transfers where idempotency_key = ${key})`,
          );
        await edit(9_999);
        expect((await verifyAuditLog(db)).problems).toEqual([expect.objectContaining({ kind: 'ledger_mismatch', chain, seq })]);
        await edit(10_000);
      }
      expect((await verifyAuditLog(db)).problems).toEqual([]);
    } finally {
      await close();
    }
  });
});
