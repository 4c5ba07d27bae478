import { bigint, boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * A member of the operator's staff. The staff identity provider says who someone is (`subject`,
 * its `sub`); the platform says what they may do (`roles`), so a role is granted or taken here,
 * in the trail, never by the IdP's groups alone.
 */
export const staffMembers = pgTable(
  'staff_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subject: text('subject').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    roles: text('roles').array().notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('staff_members_subject_key').on(t.subject)],
);

/** A login under way: the OpenID Connect round trip's secrets, kept here so the back office's browser never holds them. */
export const staffLogins = pgTable('staff_logins', {
  id: uuid('id').primaryKey().defaultRandom(),
  state: text('state').notNull(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** A staff session: short (idle and absolute ends), revocable; only the token's SHA-256 is kept. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffMembers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endedReason: text('ended_reason'),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/**
 * Every staff action, append-only: who, what, on what, the reason they typed, and the before and
 * after. Its trigger (migration 0034) appends each row to the audit log's chain `staff:<id>` in the
 * same statement, so no action is made without its entry.
 */
export const staffActions = pgTable(
  'staff_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffMembers.id),
    action: text('action').notNull(),
    targetKind: text('target_kind').notNull(),
    targetId: text('target_id').notNull(),
    reason: text('reason').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('staff_actions_target_idx').on(t.targetKind, t.targetId, t.at)],
);

/**
 * Four eyes: an action that moves money or lifts a protection, proposed by one staff member and
 * carried out only when another approves it (staff/proposals.ts).
 */
export const staffProposals = pgTable(
  'staff_proposals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    playerId: uuid('player_id'),
    amountOre: bigint('amount_ore', { mode: 'number' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    reason: text('reason').notNull(),
    /** 'pending', 'approved' (and carried out), 'rejected'. */
    status: text('status').notNull().default('pending'),
    proposedBy: uuid('proposed_by')
      .notNull()
      .references(() => staffMembers.id),
    proposedAt: timestamp('proposed_at', { withTimezone: true }).notNull(),
    decidedBy: uuid('decided_by').references(() => staffMembers.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
    result: jsonb('result').$type<Record<string, unknown>>(),
  },
  (t) => [index('staff_proposals_status_idx').on(t.status, t.proposedAt)],
);

/**
 * Who looked at a player's data (migration 0042): each read of a player's page or one of its tabs
 * by a staff member, append-only. A read is not an action (nothing changes) and does not go into
 * the audit log's chains; it is what a player, or the data protection authority, may ask of the
 * operator: who saw my data, and when.
 */
export const staffReads = pgTable(
  'staff_reads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffMembers.id),
    playerId: uuid('player_id').notNull(),
    /** The page or tab read: overview, transactions, rounds, bonuses, withdrawals, notes, messages, rofus-checks, rg-contacts, … */
    view: text('view').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('staff_reads_player_idx').on(t.playerId, t.at), index('staff_reads_staff_idx').on(t.staffId, t.at)],
);
