import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { survivePoolFaults, whenReachable } from '@krone/domain';
import pg from 'pg';
import * as schema from './schema.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
/** The studio's migrations are recorded in its own schema, apart from any other service's in a shared database. */
const migrationsConfig = { migrationsFolder, migrationsSchema: 'studio', migrationsTable: '__studio_migrations' };

/**
 * The studio's database: `postgres://…` (or `postgresql://…`) for a server, `memory://` for an
 * in-memory embedded database (browser tests), anything else a folder for the embedded one.
 */
export async function openDatabase(location: string, poolSize = 10): Promise<Database> {
  if (/^postgres(ql)?:\/\//.test(location)) {
    const pool = new pg.Pool({ connectionString: location, max: poolSize });
    // A connection lost, idle or in use, is logged, not a crash; the start waits for a database that restarts.
    survivePoolFaults(pool, console.warn, 'studio database');
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    const migrate = () =>
      whenReachable(() => migratePg(db as never, migrationsConfig), { waitMs: 60_000, warn: console.warn, label: 'studio database' });
    return { db, kind: 'postgres', migrate, close: () => pool.end() };
  }
  if (!location.startsWith('memory://')) mkdirSync(location, { recursive: true });
  const client = await PGlite.create(location);
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return { db, kind: 'pglite', migrate: () => migratePglite(db as never, migrationsConfig), close: () => client.close() };
}

/** Rows of a raw statement, whichever driver answers (both shape results as { rows }). */
export async function rowsOf<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] } | T[];
  return Array.isArray(result) ? result : result.rows;
}

/**
 * Rows of a statement the database keeps planned: on a server a named prepared statement, parsed
 * and planned once per connection (a round's statements run thousands of times a minute); the
 * embedded database runs it as it is. One text per name; only the values change.
 */
export async function queryPrepared<T>(db: Db, name: string, text: string, values: unknown[]): Promise<T[]> {
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (client instanceof pg.Pool) return (await client.query<T & pg.QueryResultRow>({ name, text, values })).rows;
  return (await client.query<T>(text, values)).rows;
}

/** SQLSTATE 23505 in the error or one it wraps (the query builder wraps the driver's). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const candidate = current as { code?: string; constraint?: string; message?: string };
    if (candidate.code === '23505') return `${candidate.constraint ?? ''} ${candidate.message ?? ''}`.includes(constraint);
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
