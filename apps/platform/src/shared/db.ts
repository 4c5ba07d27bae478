import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/** What PostgreSQL says about a refused statement: its SQLSTATE, and the constraint it broke. */
export interface PgError {
  code?: string;
  constraint?: string;
  message?: string;
}

/** SQLSTATE 23505: a unique constraint refused the row. */
export const UNIQUE_VIOLATION = '23505';
/** SQLSTATE 23514: a CHECK constraint refused the row. */
export const CHECK_VIOLATION = '23514';

const SQLSTATE = /^[0-9A-Z]{5}$/;
const isSqlState = (candidate: PgError) => typeof candidate.code === 'string' && SQLSTATE.test(candidate.code);

/**
 * The database's error inside a thrown one: the driver's error is wrapped by the query builder
 * (and sometimes wrapped again), so this walks the `cause` chain (guarded against cycles) and
 * answers the first link that `matches` (by default, the first that carries a SQLSTATE).
 */
export function pgErrorIn(error: unknown, matches: (candidate: PgError) => boolean = isSqlState): PgError | null {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    if (matches(current as PgError)) return current as PgError;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** The constraint's name and the message together: some drivers name the constraint only in the text. */
export const constraintText = (error: PgError) => `${error.constraint ?? ''} ${error.message ?? ''}`;

/** True when the error, or one it wraps, is a unique violation (of `constraint`, when named). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = pgErrorIn(error, (candidate) => candidate.code === UNIQUE_VIOLATION);
  return found !== null && (constraint === undefined || constraintText(found).includes(constraint));
}

/** Rows of a raw query, whichever driver answers (pg and PGlite shape results alike: { rows }). */
export async function rowsOf<T>(query: SQL, runner: Pick<Db, 'execute'>): Promise<T[]> {
  const result = (await runner.execute(query)) as unknown as { rows: T[] } | T[];
  return Array.isArray(result) ? result : result.rows;
}

/**
 * Holds the lock named `key` until the transaction ends: one decision at a time per key (a
 * player's deposits, withdrawals or limit changes), across processes.
 */
export async function lockUntilCommit(tx: Pick<Db, 'execute'>, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}
