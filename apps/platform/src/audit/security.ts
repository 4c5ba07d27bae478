import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/** A security event as the security log has it (shared/security-log.ts). */
export interface SecurityRecord {
  event: string;
  clientAddress: string;
  reason: string;
  [detail: string]: string | number | null | undefined;
}

/** What a totals row counts, besides its minute. */
interface TotalsKey {
  event: string;
  provider: string | null;
  reason: string;
  client: string;
}

/** The bucket that counts a minute's events beyond its distinct keys' cap: one per event. */
export const OTHERS = 'others';
/** Totals written per statement: each statement holds the security chain's head only that long. */
const ROWS_PER_STATEMENT = 20;
/** Minutes kept in memory while the database cannot take them; older ones are dropped (and logged). */
const MAX_PENDING_MINUTES = 60;

/**
 * Security events (failed logins, CPR mismatches, bad signatures, refused keys, unknown providers)
 * on the audit log's `security` chain (audit/README.md), as well as in the log, so that an operator
 * and the regulator can count them from a record nobody can quietly edit. The client's address is
 * kept as an HMAC with IP_HASH_SALT (an address is personal data, and an audit entry is kept for
 * good).
 *
 * Every one of them comes from a caller nobody has authenticated, who can send as many as they
 * like: so an event costs no database work when it happens. It is counted in memory per client,
 * event, provider, reason and minute, and the totals of each minute that has ended are appended
 * every `flushSeconds` (and at close), one `security_totals` entry per key: the chain grows by at
 * most `keysPerMinute` entries a minute per process however many events come, the events beyond
 * that cap counted under an `others` key per event. The appends run in batches of a few rows, one
 * short statement each, one at a time, so the chain's head is never held for long and a flush takes
 * one pool connection at most (the money paths append to their players' chains, never to this one).
 */
export function createSecurityRecorder({
  db,
  clock,
  ipHashSalt,
  keysPerMinute = 100,
  flushSeconds = 10,
  onError,
}: {
  db: Db;
  clock: () => Date;
  ipHashSalt: string;
  keysPerMinute?: number;
  /** How often the ended minutes are written; 0: only when `flush` is called. */
  flushSeconds?: number;
  onError: (error: unknown) => void;
}) {
  /** minute (ms since the epoch) → key (JSON of TotalsKey) → count. */
  const minutes = new Map<number, Map<string, number>>();
  let writing: Promise<void> = Promise.resolve();

  function record({ event, clientAddress, reason, provider }: SecurityRecord): void {
    const minute = Math.floor(clock().getTime() / 60_000) * 60_000;
    let totals = minutes.get(minute);
    if (!totals) minutes.set(minute, (totals = new Map()));
    let key = JSON.stringify({
      event,
      provider: typeof provider === 'string' ? provider : null,
      reason,
      client: createHmac('sha256', ipHashSalt).update(clientAddress).digest('hex').slice(0, 32),
    } satisfies TotalsKey);
    if (!totals.has(key) && totals.size >= keysPerMinute) {
      key = JSON.stringify({ event, provider: OTHERS, reason: OTHERS, client: OTHERS } satisfies TotalsKey);
    }
    totals.set(key, (totals.get(key) ?? 0) + 1);
  }

  /** Appends the totals of the minutes before `before` (all of them when null), oldest first. */
  async function write(before: number | null): Promise<void> {
    const due = [...minutes.keys()].filter((minute) => before === null || minute < before).sort((a, b) => a - b);
    for (const minute of due) {
      const totals = minutes.get(minute)!;
      const rows = [...totals].map(([key, count]) => ({
        ...(JSON.parse(key) as TotalsKey),
        count,
        minute: new Date(minute).toISOString(),
      }));
      for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
        const batch = rows.slice(start, start + ROWS_PER_STATEMENT);
        // One statement (its own transaction) per batch: a failure leaves the rest of the minute for the next flush.
        await db.execute(
          sql`select audit_append('security', 'security_totals', ordered.body, ${clock().toISOString()}::timestamptz)
              from (select body from jsonb_array_elements(${JSON.stringify(batch)}::jsonb) with ordinality as rows(body, n) order by n) ordered`,
        );
        // What was written is taken off; events of the same key counted meanwhile stay for the next flush.
        for (const row of batch) {
          const key = JSON.stringify({
            event: row.event,
            provider: row.provider,
            reason: row.reason,
            client: row.client,
          } satisfies TotalsKey);
          const left = (totals.get(key) ?? 0) - row.count;
          if (left > 0) totals.set(key, left);
          else totals.delete(key);
        }
      }
      if (totals.size === 0) minutes.delete(minute);
    }
  }

  /** Drops the oldest minutes past MAX_PENDING_MINUTES (the database has been away for an hour). */
  function dropOverflow(): void {
    const pending = [...minutes.keys()].sort((a, b) => a - b);
    for (const minute of pending.slice(0, Math.max(0, pending.length - MAX_PENDING_MINUTES))) {
      const lost = [...minutes.get(minute)!.values()].reduce((sum, count) => sum + count, 0);
      minutes.delete(minute);
      onError(new Error(`security events of ${new Date(minute).toISOString()} dropped unwritten (${lost} events)`));
    }
  }

  /** Runs one write after the one under way (never two at once). */
  function enqueue(before: number | null): Promise<void> {
    writing = writing
      .then(() => write(before))
      .catch((error: unknown) => {
        dropOverflow();
        onError(error);
      });
    return writing;
  }

  const timer =
    flushSeconds > 0 ? setInterval(() => void enqueue(Math.floor(clock().getTime() / 60_000) * 60_000), flushSeconds * 1000) : null;
  timer?.unref();

  /** Writes every total held, the current minute's too (the app's close; tests). */
  async function flush(): Promise<void> {
    await enqueue(null);
  }

  /** Stops the timer and writes what is held. */
  async function close(): Promise<void> {
    if (timer) clearInterval(timer);
    await flush();
  }

  /** Events counted and not yet written (tests, the bench). */
  const pendingEvents = () => [...minutes.values()].reduce((sum, totals) => sum + [...totals.values()].reduce((a, b) => a + b, 0), 0);

  return { record, flush, close, pendingEvents };
}
