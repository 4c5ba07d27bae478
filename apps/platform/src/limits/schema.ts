import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Deposit limits, append-only: each row is a change of the limit for one period, made at
 * `created_at` and applying from `effective_at` (at once when it tightens, 24 hours later when it
 * loosens). A null amount removes the period's limit. A change still waiting is replaced by any
 * newer change for its period. Rows are never updated or deleted (a trigger refuses it): they are
 * also the operator's record of who changed what, and when.
 */
export const depositLimits = pgTable(
  'deposit_limits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id').notNull(),
    /** 'day', 'week', 'month' or 'year' (migration 0032). */
    period: text('period').notNull(),
    /** The limit in øre; null removes the period's limit. */
    amountOre: bigint('amount_ore', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
    /** Who made the change: 'registration', 'player', 'operator' or 'demo'. */
    source: text('source').notNull(),
  },
  (t) => [index('deposit_limits_player_idx').on(t.playerId, t.period, t.effectiveAt)],
);

/**
 * Pauses and closures the player chose, append-only: a pause runs from `starts_at` to `ends_at`,
 * a closure (`ends_at` null) is for good. The account's state is derived from these timestamps;
 * nothing flips a flag when a pause ends.
 */
export const accountExclusions = pgTable(
  'account_exclusions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id').notNull(),
    /** 'pause', 'closure', or 'reopen' (a closure lifted by staff's four eyes, a year after it at the earliest; migration 0041). */
    kind: text('kind').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    source: text('source').notNull(),
  },
  (t) => [index('account_exclusions_player_idx').on(t.playerId, t.createdAt)],
);

/**
 * Compliance's contacts with players whose own data shows markers of risk (migration 0036;
 * limits/markers.ts): who, how, with what outcome, the note, and the markers seen at the time.
 * Append-only (a trigger refuses update and delete); each is also a staff action in the trail.
 */
export const rgContacts = pgTable(
  'rg_contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id').notNull(),
    staffId: uuid('staff_id').notNull(),
    /** phone, email, letter */
    channel: text('channel').notNull(),
    /** reached, not_reached */
    outcome: text('outcome').notNull(),
    note: text('note').notNull(),
    markers: jsonb('markers').$type<{ kind: string; value: number }[]>().notNull().default([]),
    contactedAt: timestamp('contacted_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rg_contacts_player_idx').on(t.playerId, t.contactedAt)],
);
