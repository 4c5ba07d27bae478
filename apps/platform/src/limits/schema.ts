import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Deposit limits, append-only: each row is a limit for one period that applies from
 * `effective_at` (at once for a decrease or a first limit, 24 hours later for an increase). The
 * limit in force is the newest row already effective. Rows are never updated.
 */
export const depositLimits = pgTable(
  'deposit_limits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id').notNull(),
    /** 'day', 'week' or 'month'. */
    period: text('period').notNull(),
    amountOre: bigint('amount_ore', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
    source: text('source').notNull(),
  },
  (t) => [index('deposit_limits_player_idx').on(t.playerId, t.period, t.effectiveAt)],
);
