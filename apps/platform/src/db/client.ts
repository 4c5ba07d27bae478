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

/** A listener's handler of one channel's notifications: the payload as sent (`pg_notify(channel, payload)`). */
export type NotificationHandler = (payload: string) => void;

export interface ListenOptions {
  /**
   * Called when the listening connection is back after it was lost (or first made after a failed
   * try): notifications sent meanwhile were not delivered, so a listener reads what it follows
   * again. Never called on the embedded database (one process, nothing to lose).
   */
  onReconnect?: () => void;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Listens to a PostgreSQL notification channel (NOTIFY, delivered at the sender's commit, from
   * any process on the same database). One connection per process serves every channel and
   * handler (on a server: a client of its own, not the pool's, made again with back-off after it
   * is lost, every channel listened to again). Answers the function that stops this handler.
   */
  listen(channel: string, handler: NotificationHandler, options?: ListenOptions): Promise<() => Promise<void>>;
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
  /**
   * The server's bounds under overload (DATABASE_POOL_MAX_WAITING, DATABASE_POOL_WAIT_MS,
   * DATABASE_STATEMENT_TIMEOUT_MS): a statement beyond them is refused with SERVICE_OVERLOADED
   * (503) instead of waiting. Without them (the scripts) nothing is bounded.
   */
  overload?: OverloadBounds;
  /**
   * The embedded database only: starts from this data folder (a PGlite `dumpDataDir` tarball)
   * instead of an empty one. The test suites copy one migrated and seeded database this way.
   */
  initialData?: Blob;
}

export interface OverloadBounds {
  /** Requests that may wait for a connection when every one is busy; one more is refused at once. */
  maxWaiting: number;
  /** The longest a request waits for a connection (PostgreSQL only). */
  waitMs: number;
  /** The longest one statement may run (PostgreSQL's statement_timeout; PostgreSQL only). */
  statementTimeoutMs: number;
}

/** The bounds from the platform's configuration (server and tests). */
export const overloadBounds = (config: {
  DATABASE_POOL_MAX_WAITING: number;
  DATABASE_POOL_WAIT_MS: number;
  DATABASE_STATEMENT_TIMEOUT_MS: number;
}): OverloadBounds => ({
  maxWaiting: config.DATABASE_POOL_MAX_WAITING,
  waitMs: config.DATABASE_POOL_WAIT_MS,
  statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
});

/** Why a statement was refused before, or while, it ran: the database is saturated. */
export class DatabaseOverloaded extends Error {
  readonly code = 'SERVICE_OVERLOADED';
  constructor(reason: string) {
    super(`database overloaded: ${reason}`);
  }
}

/**
 * Whether an error (or one it wraps) says the database is saturated rather than broken: our own
 * refusal of a full waiting queue, the pool's wait for a connection running out, a statement
 * cancelled by statement_timeout (SQLSTATE 57014) or lock_timeout (55P03), or the driver's own
 * read timeout. The error plugin answers these 503 SERVICE_OVERLOADED.
 */
export function isOverload(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let current = error; current && typeof current === 'object' && !seen.has(current);) {
    seen.add(current);
    if (current instanceof DatabaseOverloaded) return true;
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (code === '57014' || code === '55P03') return true;
    if (typeof message === 'string' && /^(timeout exceeded when trying to connect|Query read timeout)$/.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * A full waiting queue refuses at once: a request that would only queue behind more requests than
 * the pool can serve in a moment gets 503 now rather than after everyone's patience ran out.
 */
function boundWaitingQueue(pool: pg.Pool, maxWaiting: number): void {
  const connect = pool.connect.bind(pool) as (callback?: (...args: unknown[]) => void) => unknown;
  const full = () => pool.idleCount === 0 && pool.totalCount >= (pool.options.max ?? 10) && pool.waitingCount >= maxWaiting;
  (pool as unknown as { connect: typeof connect }).connect = (callback) => {
    if (!full()) return connect(callback);
    const refusal = new DatabaseOverloaded(`${pool.waitingCount} requests already wait for a connection`);
    if (!callback) return Promise.reject(refusal);
    process.nextTick(() => callback(refusal));
    return undefined;
  };
}

/**
 * The embedded database has one connection and runs one statement at a time: the calls waiting
 * for it are bounded the same way (a transaction counts once, its statements run inside it).
 */
function boundEmbeddedQueue(client: PGlite, maxWaiting: number): void {
  let inFlight = 0;
  for (const method of ['query', 'exec', 'transaction'] as const) {
    const original = (client[method] as (...args: unknown[]) => Promise<unknown>).bind(client);
    (client as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      if (inFlight > maxWaiting) throw new DatabaseOverloaded(`${inFlight - 1} calls already wait for the embedded database`);
      inFlight++;
      try {
        return await original(...args);
      } finally {
        inFlight--;
      }
    };
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const bounds = options.overload;
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      ...(bounds
        ? {
            connectionTimeoutMillis: bounds.waitMs,
            // The server cancels a statement past its time; the driver gives up a second later,
            // should the server not answer at all.
            statement_timeout: bounds.statementTimeoutMs,
            query_timeout: bounds.statementTimeoutMs + 1000,
          }
        : {}),
    });
    if (bounds) boundWaitingQueue(pool, bounds.maxWaiting);
    // A connection the server drops (a restart, a failover, an administrator), idle or in use, is
    // an event of the pool, not a crash of the process: the pool makes a new one when next needed.
    survivePoolFaults(pool, console.warn, 'database');
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    // The migrations run on a connection of their own, without the statement timeout: a migration
    // may rewrite a large table.
    const migrateUnbounded = async () => {
      const migrator = new pg.Pool({ connectionString: options.url, max: 1 });
      try {
        await migratePg(drizzlePg({ client: migrator, schema }) as never, { migrationsFolder });
      } finally {
        await migrator.end();
      }
    };
    const notifications = createPgNotifications(options.url, console.warn);
    return {
      db,
      kind: 'postgres',
      // A process started while its database restarts waits for it (a minute by default).
      migrate: () =>
        whenReachable(migrateUnbounded, {
          waitMs: options.startupWaitMs ?? 60_000,
          warn: console.warn,
          label: 'database',
        }),
      listen: notifications.listen,
      close: async () => {
        await notifications.close();
        await pool.end();
      },
    };
  }
  if (!options.dataDir.startsWith('memory://')) mkdirSync(options.dataDir, { recursive: true });
  // pg_trgm: the games catalogue's search (migration 0015 creates the extension on either database).
  const client = await PGlite.create(options.dataDir, {
    extensions: { pg_trgm },
    ...(options.initialData ? { loadDataDir: options.initialData } : {}),
  });
  if (options.overload) boundEmbeddedQueue(client, options.overload.maxWaiting);
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    listen: async (channel, handler) => {
      assertChannel(channel);
      const stop = await client.listen(channel, handler);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    close: () => client.close(),
  };
}

/** Channel names are ours, plain identifiers: quoted as they are. */
function assertChannel(channel: string) {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`not a notification channel name: ${channel}`);
}

/** The waits before each try to make the listening connection again; the last repeats. */
export const LISTEN_RECONNECT_MS = [250, 500, 1_000, 2_000, 5_000, 10_000] as const;

interface ChannelListener {
  handler: NotificationHandler;
  onReconnect?: () => void;
}

/**
 * The notifications of a PostgreSQL server for one process: a `pg.Client` of its own (LISTEN holds
 * its connection; a pooled one would be handed to a query), listening to every channel a handler
 * wants. A lost connection (a restart, a failover, a cut) is made again after a wait that grows
 * while it fails (`LISTEN_RECONNECT_MS`), every channel listened to again, and the handlers' owners
 * told (`onReconnect`) so they read what they missed. The connection is closed while no one listens.
 */
function createPgNotifications(url: string, warn: (message: string) => void) {
  const listeners = new Map<string, Set<ChannelListener>>();
  let client: pg.Client | null = null;
  let listened = new Set<string>();
  let failures = 0;
  let retry: NodeJS.Timeout | null = null;
  let closed = false;
  // LISTEN, UNLISTEN and the connection's making run one at a time, in order.
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = chain.then(work, work);
    chain = run.catch(() => undefined);
    return run;
  };
  const quoted = (channel: string) => `"${channel}"`;

  function deliver(channel: string, payload: string) {
    for (const listener of listeners.get(channel) ?? []) {
      try {
        listener.handler(payload);
      } catch (error) {
        warn(`database notifications: a handler of ${channel} failed (${(error as Error).message})`);
      }
    }
  }

  async function open(): Promise<pg.Client> {
    const next = new pg.Client({ connectionString: url, keepAlive: true });
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = null;
      listened = new Set();
      if (!closed) warn(`database notifications: the listening connection was lost (${error?.message ?? 'ended'}); making it again`);
      next.removeAllListeners('notification');
      void next.end().catch(() => undefined);
      scheduleRetry();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    next.on('notification', (message) => deliver(message.channel, message.payload ?? ''));
    try {
      await next.connect();
    } catch (error) {
      next.removeAllListeners();
      next.on('error', () => undefined);
      throw error;
    }
    return next;
  }

  /** The connection and its LISTENs made to match the channels wanted (none wanted: closed). */
  async function reconcile() {
    if (closed) return;
    if (listeners.size === 0) {
      const current = client;
      client = null;
      listened = new Set();
      if (current) await current.end().catch(() => undefined);
      return;
    }
    if (!client) {
      client = await open();
      listened = new Set();
    }
    const current = client;
    for (const channel of listeners.keys())
      if (!listened.has(channel)) {
        await current.query(`LISTEN ${quoted(channel)}`);
        listened.add(channel);
      }
    for (const channel of [...listened])
      if (!listeners.has(channel)) {
        await current.query(`UNLISTEN ${quoted(channel)}`);
        listened.delete(channel);
      }
  }

  function scheduleRetry() {
    if (closed || retry || listeners.size === 0) return;
    const waitMs = LISTEN_RECONNECT_MS[Math.min(failures, LISTEN_RECONNECT_MS.length - 1)]!;
    failures += 1;
    retry = setTimeout(() => {
      retry = null;
      serial(reconcile).then(
        () => {
          if (closed) return;
          failures = 0;
          warn('database notifications: listening again');
          for (const set of listeners.values()) for (const listener of set) listener.onReconnect?.();
        },
        (error: unknown) => {
          if (failures === 1) warn(`database notifications: cannot listen yet (${(error as Error).message}); trying again`);
          const failed = client;
          client = null;
          listened = new Set();
          void failed?.end().catch(() => undefined);
          scheduleRetry();
        },
      );
    }, waitMs);
    retry.unref();
  }

  async function listen(channel: string, handler: NotificationHandler, options: ListenOptions = {}) {
    assertChannel(channel);
    if (closed) throw new Error('database notifications: closed');
    const listener: ChannelListener = { handler, onReconnect: options.onReconnect };
    const set = listeners.get(channel) ?? new Set();
    set.add(listener);
    listeners.set(channel, set);
    try {
      await serial(reconcile);
    } catch (error) {
      // The database is away: listening starts when it is back (and `onReconnect` says so).
      warn(`database notifications: cannot listen to ${channel} yet (${(error as Error).message}); trying again`);
      const failed = client;
      client = null;
      listened = new Set();
      void failed?.end().catch(() => undefined);
      scheduleRetry();
    }
    return async () => {
      set.delete(listener);
      if (set.size === 0 && listeners.get(channel) === set) listeners.delete(channel);
      await serial(reconcile).catch(() => undefined);
    };
  }

  async function close() {
    closed = true;
    if (retry) clearTimeout(retry);
    retry = null;
    listeners.clear();
    await chain;
    const current = client;
    client = null;
    if (current) await current.end().catch(() => undefined);
  }

  return { listen, close };
}
