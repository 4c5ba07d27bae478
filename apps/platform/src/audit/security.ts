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

/**
 * Security events (failed logins, CPR mismatches, bad signatures, refused keys) on the audit
 * log's `security` chain (audit/README.md), as well as in the log: an operator and the regulator
 * can then count them from a record nobody can quietly edit. The client's address is kept as an
 * HMAC with IP_HASH_SALT (an address is personal data, and an audit entry is kept for good).
 * Appends run beside the request that refused (a refusal never waits on them); `flush` awaits
 * those under way (the app's close).
 */
export function createSecurityRecorder({
  db,
  clock,
  ipHashSalt,
  onError,
}: {
  db: Db;
  clock: () => Date;
  ipHashSalt: string;
  onError: (error: unknown) => void;
}) {
  const pending = new Set<Promise<unknown>>();
  function record({ clientAddress, ...details }: SecurityRecord): void {
    const body = { ...details, client: createHmac('sha256', ipHashSalt).update(clientAddress).digest('hex').slice(0, 32) };
    const append = db
      .execute(
        sql`select audit_append('security', 'security_event', ${JSON.stringify(body)}::jsonb, ${clock().toISOString()}::timestamptz)`,
      )
      .catch(onError)
      .finally(() => pending.delete(append));
    pending.add(append);
  }
  async function flush(): Promise<void> {
    await Promise.all([...pending]);
  }
  return { record, flush };
}
