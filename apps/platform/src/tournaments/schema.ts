import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * A player's entry in one edition of a tournament (issue 27): only rounds played from `joined_at`
 * count. One per player and edition (the key): a second join is refused, never a second row.
 */
export const tournamentEntries = pgTable(
  'tournament_entries',
  {
    tournamentSlug: text('tournament_slug').notNull(),
    edition: text('edition').notNull(),
    playerId: uuid('player_id').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'tournament_entries_pkey', columns: [t.tournamentSlug, t.edition, t.playerId] }),
    index('tournament_entries_player_idx').on(t.playerId, t.joinedAt),
  ],
);

/**
 * An edition's end, settled once: its final standings taken and its prizes paid, in one
 * transaction with this row (the key: a second run finds it and pays nothing).
 */
export const tournamentSettlements = pgTable(
  'tournament_settlements',
  {
    tournamentSlug: text('tournament_slug').notNull(),
    edition: text('edition').notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }).notNull(),
    entrants: integer('entrants').notNull(),
    ranked: integer('ranked').notNull(),
  },
  (t) => [primaryKey({ name: 'tournament_settlements_pkey', columns: [t.tournamentSlug, t.edition] })],
);

/**
 * A prize paid: at most one per player and edition and one per rank, its money moved once by the
 * ledger (`tournament-prize:<slug>:<edition>:<player>`, bonus_cost → player_cash, kind
 * `bonus_prize`), at most 1.000 kr. (the Danish cap on a bonus's value).
 */
export const tournamentPrizes = pgTable(
  'tournament_prizes',
  {
    tournamentSlug: text('tournament_slug').notNull(),
    edition: text('edition').notNull(),
    playerId: uuid('player_id').notNull(),
    rank: integer('rank').notNull(),
    /** The points the rank was won with (the rule's unit: hundredths of a multiple for best_multiplier). */
    points: bigint('points', { mode: 'number' }).notNull(),
    prizeOre: bigint('prize_ore', { mode: 'number' }).notNull(),
    transferId: uuid('transfer_id').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'tournament_prizes_pkey', columns: [t.tournamentSlug, t.edition, t.playerId] }),
    uniqueIndex('tournament_prizes_rank_key').on(t.tournamentSlug, t.edition, t.rank),
    index('tournament_prizes_player_idx').on(t.playerId, t.paidAt),
    check('tournament_prizes_rank_check', sql`${t.rank} > 0`),
    check('tournament_prizes_amount_check', sql`${t.prizeOre} > 0 and ${t.prizeOre} <= 100000`),
  ],
);
