import { bigint, customType, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * The tamper-evident audit log (audit/README.md): one chain per player (their money movements,
 * limits, pauses and closures, status, documents) and `house` and `security` chains for the rest.
 * Each entry carries the hash of the one before it in its chain and its own,
 * `hash = sha256(prev_hash || body)`, the body being the record as JSON text exactly as written.
 * Entries are appended by the database's own triggers, in the same transaction (and statement)
 * as the change they record, so no code path can move money without its entry. A transfer's
 * record (since migration 0017, `"v": 2`) holds what a report reads and a digest of its ledger
 * rows rather than the rows themselves (audit/README.md, "Transfer entries").
 */
export const auditLog = pgTable(
  'audit_log',
  {
    chain: text('chain').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    body: text('body').notNull(),
    prevHash: bytea('prev_hash').notNull(),
    hash: bytea('hash').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.chain, t.seq] })],
);

/**
 * Each chain's last entry: the row an append locks, so a chain's entries follow one another.
 * `prev_hash` is the chain's hash before the statement that appended last (with one entry, the
 * entry before the last; a bet and its win appended by one statement update the head once).
 */
export const auditHeads = pgTable('audit_heads', {
  chain: text('chain').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  prevHash: bytea('prev_hash').notNull(),
  hash: bytea('hash').notNull(),
});

/**
 * The seals written (audit/seal.ts): each one's number, digest and time, recorded by the sealer
 * after the seal is in its store. The seals themselves live out of the database's reach; this
 * record lets `audit:verify` see seals taken away from the store's end (a store that ends before
 * the database's record is a failure).
 */
export const auditSeals = pgTable('audit_seals', {
  seq: bigint('seq', { mode: 'number' }).primaryKey(),
  digest: text('digest').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
});
