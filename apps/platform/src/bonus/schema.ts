import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Bonus codes the operator offers (seeded from `codes.json`). A money bonus matches a share of
 * the deposit (`match_percent`), up to `max_bonus_ore`, for a deposit of at least
 * `min_deposit_ore`; the player must wager `wagering_multiple` times the bonus before it turns
 * into cash. A code is usable between `valid_from` and `valid_until`; the bonus it grants lasts
 * `grant_valid_days`.
 */
export const bonusCodes = pgTable('bonus_codes', {
  /** Upper case, as the player's typing is normalised. */
  code: text('code').primaryKey(),
  /** money (free spins come with the games) */
  kind: text('kind').notNull(),
  matchPercent: integer('match_percent').notNull(),
  maxBonusOre: bigint('max_bonus_ore', { mode: 'number' }).notNull(),
  minDepositOre: bigint('min_deposit_ore', { mode: 'number' }).notNull(),
  wageringMultiple: integer('wagering_multiple').notNull(),
  validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
  validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
  grantValidDays: integer('grant_valid_days').notNull(),
});

/**
 * A bonus granted for one deposit: at most one per payment (unique), its money moved once in the
 * ledger (`bonus:<grant id>`, bonus_cost → player_bonus). The wagering still owed is
 * `wagering_requirement_ore - wagered_ore`; a grant is active until `expires_at` or until it is
 * wagered through (states derived from these columns, no job flips a flag).
 */
export const bonusGrants = pgTable(
  'bonus_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id').notNull(),
    code: text('code').notNull(),
    paymentId: uuid('payment_id').notNull(),
    amountOre: bigint('amount_ore', { mode: 'number' }).notNull(),
    wageringRequirementOre: bigint('wagering_requirement_ore', { mode: 'number' }).notNull(),
    wageredOre: bigint('wagered_ore', { mode: 'number' }).notNull().default(0),
    transferId: uuid('transfer_id'),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('bonus_grants_payment_key').on(t.paymentId), index('bonus_grants_player_idx').on(t.playerId, t.expiresAt)],
);
