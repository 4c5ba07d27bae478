import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { survivePoolFaults, whenReachable } from '@krone/domain';
import pg from 'pg';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** The one database type the contexts see, whichever driver sits below. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/**
 * Runs a statement the database keeps planned. On a PostgreSQL server it is a named prepared
 * statement, parsed and planned once per connection (for the ledger's one-statement transfer the
 * planning cost about as much as the execution); the embedded database runs it as it is. The
 * text must be the same for every call under one name; only the values change.
 */
export async function queryPrepared<T>(db: Db, name: string, text: string, values: unknown[]): Promise<T[]> {
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (client instanceof pg.Pool) return (await client.query<T & pg.QueryResultRow>({ name, text, values })).rows;
  return (await client.query<T>(text, values)).rows;
}

export interface DatabaseOptions {
  /** postgres://… for a server; empty for the embedded database. */
  url: string;
  /** Folder for the embedded database; `memory://` keeps it in memory (tests). */
  dataDir: string;
  poolSize?: number;
  /** How long the migrations at start wait for a database that cannot be reached yet. */
  startupWaitMs?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // A connection the server drops (a restart, a failover, an administrator), idle or in use, is
    // an event of the pool, not a crash of the process: the pool makes a new one when next needed.
    survivePoolFaults(pool, console.warn, 'database');
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      // A process started while its database restarts waits for it (a minute by default).
      migrate: () =>
        whenReachable(() => migratePg(db as never, { migrationsFolder }), {
          waitMs: options.startupWaitMs ?? 60_000,
          warn: console.warn,
          label: 'database',
        }),
      close: () => pool.end(),
    };
  }
  if (!options.dataDir.startsWith('memory://')) mkdirSync(options.dataDir, { recursive: true });
  // pg_trgm: the games catalogue's search (migration 0015 creates the extension on either database).
  const client = await PGlite.create(options.dataDir, { extensions: { pg_trgm } });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
  };
}
