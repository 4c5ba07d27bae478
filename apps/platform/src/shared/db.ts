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
