import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { auditHeads } from '../audit/schema.js';
import type { Db } from '../db/client.js';
import { playerDocuments } from '../documents/schema.js';
import { players } from '../players/schema.js';
import { rowsOf } from '../shared/db.js';
import { createWalletService } from '../wallet/service.js';

/**
 * One thing a backup must carry over unchanged, read from a database. A backup records every
 * check of its service in its manifest (read in the same snapshot the dump is taken from), and a
 * restore reads them again from the restored database and refuses a difference. To cover a new
 * table or invariant, add a check here: backups, restores and the round-trip test pick it up.
 */
export interface BackupCheck {
  name: string;
  read(db: Db): Promise<unknown>;
}

/** SHA-256 over rows as JSON: a digest that changes when any field of any row does. */
function digestOf(rows: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(rows)).digest('hex');
}

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Exact row counts of every table of a schema (the tables' names from the catalogue). */
export function tableRowCounts(schema: string): BackupCheck {
  return {
    name: `tables.${schema}.rowCounts`,
    async read(db) {
      const tables = await rowsOf<{ table_name: string }>(
        sql`select table_name from information_schema.tables where table_schema = ${schema} and table_type = 'BASE TABLE' order by table_name`,
        db,
      );
      const counts: Record<string, number> = {};
      for (const { table_name: table } of tables) {
        const [row] = await rowsOf<{ n: string }>(
          sql.raw(`select count(*)::text as n from ${quoteIdentifier(schema)}.${quoteIdentifier(table)}`),
          db,
        );
        counts[table] = Number(row!.n);
      }
      return counts;
    },
  };
}

export const platformChecks: BackupCheck[] = [
  tableRowCounts('public'),
  {
    // What the ledger holds per account kind: the sum of the entries and how many there are.
    name: 'ledger.totalsByAccountKind',
    async read(db) {
      const rows = await rowsOf<{ kind: string; total_ore: string; entries: string; accounts: string }>(
        sql`select a.kind, coalesce(sum(e.amount_ore), 0)::text as total_ore, count(e.account_id)::text as entries,
                   count(distinct a.id)::text as accounts
            from wallet_accounts a left join wallet_entries e on e.account_id = a.id
            group by a.kind order by a.kind`,
        db,
      );
      return Object.fromEntries(
        rows.map((row) => [row.kind, { totalOre: Number(row.total_ore), entries: Number(row.entries), accounts: Number(row.accounts) }]),
      );
    },
  },
  { name: 'ledger.audit', read: (db) => createWalletService(db, () => new Date()).audit() },
  {
    name: 'players',
    async read(db) {
      const rows = await db.select().from(players).orderBy(players.id);
      return { count: rows.length, sha256: digestOf(rows) };
    },
  },
  {
    name: 'games.rounds',
    async read(db) {
      const [row] = await rowsOf<{ rounds: string; staked_ore: string; won_ore: string }>(
        sql`select count(*)::text as rounds, coalesce(sum(staked_ore), 0)::text as staked_ore, coalesce(sum(won_ore), 0)::text as won_ore
            from game_rounds`,
        db,
      );
      return { rounds: Number(row!.rounds), stakedOre: Number(row!.staked_ore), wonOre: Number(row!.won_ore) };
    },
  },
  {
    name: 'documents',
    async read(db) {
      const rows = await db
        .select({ id: playerDocuments.id, storageKey: playerDocuments.storageKey, sha256: playerDocuments.sha256 })
        .from(playerDocuments)
        .orderBy(playerDocuments.id);
      return { count: rows.length, sha256: digestOf(rows) };
    },
  },
  {
    // The audit log's chains (audit/README.md): every head and the entries' count. The heads'
    // hashes cover every entry before them, so equal heads are an equal log; walking it is
    // `npm run audit:verify`'s work, not the backup's.
    name: 'audit.chains',
    async read(db) {
      const heads = await db.select().from(auditHeads).orderBy(auditHeads.chain);
      const [row] = await rowsOf<{ n: string }>(sql`select count(*)::text as n from audit_log`, db);
      return {
        chains: heads.length,
        entries: Number(row!.n),
        heads: digestOf(heads.map((head) => [head.chain, head.seq, head.hash.toString('hex')])),
      };
    },
  },
];

/** The studio keeps no money and no personal data of its own: its tables' counts say what it holds. */
export const studioChecks: BackupCheck[] = [tableRowCounts('studio')];

export async function readChecks(checks: BackupCheck[], db: Db): Promise<Record<string, unknown>> {
  const values: Record<string, unknown> = {};
  for (const check of checks) values[check.name] = await check.read(db);
  return values;
}

/** The names of the checks whose values differ (compared as JSON, as the manifest keeps them). */
export function differingChecks(expected: Record<string, unknown>, actual: Record<string, unknown>): string[] {
  const names = new Set([...Object.keys(expected), ...Object.keys(actual)]);
  return [...names].filter((name) => JSON.stringify(expected[name]) !== JSON.stringify(actual[name]));
}

/** The ledger's audit as a backup records it: sound when the ledger sums to zero and nothing is off. */
export function ledgerAuditProblems(checks: Record<string, unknown>): string[] {
  const audit = checks['ledger.audit'] as Record<string, number> | undefined;
  if (!audit) return [];
  return Object.entries(audit)
    .filter(([, value]) => value !== 0)
    .map(([name, value]) => `ledger audit: ${name} is ${value}`);
}
