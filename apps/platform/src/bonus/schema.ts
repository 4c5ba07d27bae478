import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Bonus codes the operator offers (seeded from `codes.json`). A money bonus matches a share of
 * the deposit (`match_percent`), up to `max_bonus_ore`, for a deposit of at least
 * `min_deposit_ore`; the player must wager `wagering_multiple` times the deposit plus the bonus
 * before it turns into cash (spec §1). A code is usable between `valid_from` and `valid_until`;
 * the bonus it grants lasts `grant_valid_days`. Usage rules, enforced by the grant under the
 * player's locks: at most `max_uses_per_player` grants per player, only with the player's first
 * deposit (`first_deposit_only`), and never for a player who declined the welcome bonus at
 * registration (`welcome_offer`).
 */
export const bonusCodes = pgTable('bonus_codes', {
  /** Upper case, as the player's typing is normalised. */
  code: text('code').primaryKey(),
  /** money (a share of the deposit) or free_rounds (a count of rounds at a fixed stake on named titles; migration 0030) */
  kind: text('kind').notNull(),
  matchPercent: integer('match_percent').notNull(),
  maxBonusOre: bigint('max_bonus_ore', { mode: 'number' }).notNull(),
  minDepositOre: bigint('min_deposit_ore', { mode: 'number' }).notNull(),
  wageringMultiple: integer('wagering_multiple').notNull(),
  validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
  validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
  grantValidDays: integer('grant_valid_days').notNull(),
  maxUsesPerPlayer: integer('max_uses_per_player').notNull().default(1),
  firstDepositOnly: boolean('first_deposit_only').notNull().default(false),
  welcomeOffer: boolean('welcome_offer').notNull().default(false),
  /** free_rounds only: how many rounds, at what stake each, on which titles (the spins' value: rounds × stake). */
  freeRounds: integer('free_rounds'),
  freeRoundStakeOre: bigint('free_round_stake_ore', { mode: 'number' }),
  freeRoundGameIds: text('free_round_game_ids').array(),
  /** The campaign page (content's slug) that offers this code, if one does. */
  campaignSlug: text('campaign_slug'),
  /**
   * A weekly window in Copenhagen time within which the code is claimable (days 1–7, Monday 1;
   * "HH:MM" from and until); with one, `max_uses_per_player` counts per occurrence of the window.
   */
  weeklyWindow: jsonb('weekly_window').$type<WeeklyWindow>(),
  /** The payment method a deposit must use (card, mobilepay), if any. */
  paymentMethod: text('payment_method'),
  /** Only the player's first succeeded deposit with `payment_method`. */
  firstMethodDepositOnly: boolean('first_method_deposit_only').notNull().default(false),
  /**
   * The staff member who last changed the code in the back office, and when (migration 0040); null
   * for a code as `codes.json` has it. The start-up seed never overwrites a code staff changed.
   */
  updatedBy: uuid('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
});

/** A weekly window in Copenhagen time: the days (1 Monday … 7 Sunday) and the time of day from and until ("HH:MM", until "24:00" for the day's end). */
export interface WeeklyWindow {
  days: number[];
  from: string;
  until: string;
}

/**
 * A bonus granted for one deposit: at most one per payment (unique), its money moved once in the
 * ledger (`bonus:<grant id>`, bonus_cost → player_bonus). A player has at most one open bonus
 * (`ended_at` null, unique per player). Its wagering is counted from the ledger (the player's
 * stakes in bets made between `granted_at` and `expires_at`, reversed bets not counted);
 * `wagered_ore` keeps the count as of `checked_at`. A bonus ends once, with an outcome:
 * `completed` (wagered through: the bonus balance moves to cash, `bonus_convert`) or `forfeited`
 * (expired: the bonus balance goes back to the house, `bonus_forfeit`); `end_transfer_id` names
 * that transfer (null when the bonus balance was already spent).
 */
export const bonusGrants = pgTable(
  'bonus_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id').notNull(),
    code: text('code').notNull(),
    /** money (moved to the bonus balance at the grant) or free_rounds (no money at the grant: `free_round_grants`; migration 0030). */
    kind: text('kind').notNull().default('money'),
    /** The deposit that earned it; null for a bonus given outside a campaign (migration 0041), whose source is `proposal_id`. */
    paymentId: uuid('payment_id'),
    /** The approved four-eyes proposal that gave it (a bonus outside a campaign, migration 0041): once per proposal. */
    proposalId: uuid('proposal_id'),
    /** The bonus's value: the money granted, or the free rounds' value (rounds × stake), which moves no money itself. */
    amountOre: bigint('amount_ore', { mode: 'number' }).notNull(),
    wageringRequirementOre: bigint('wagering_requirement_ore', { mode: 'number' }).notNull(),
    wageredOre: bigint('wagered_ore', { mode: 'number' }).notNull().default(0),
    transferId: uuid('transfer_id'),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When `wagered_ore` was last counted from the ledger. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** completed, forfeited, or merged (migration 0012: folded into the player's newest bonus), once ended. */
    outcome: text('outcome'),
    endTransferId: uuid('end_transfer_id'),
    /** The withdrawal that forfeited this bonus (asked while it was open; migration 0021), if one did. */
    forfeitedByWithdrawalId: uuid('forfeited_by_withdrawal_id'),
  },
  (t) => [
    uniqueIndex('bonus_grants_payment_key').on(t.paymentId),
    uniqueIndex('bonus_grants_proposal_key').on(t.proposalId),
    check('bonus_grants_source_check', sql`${t.paymentId} is not null or ${t.proposalId} is not null`),
    index('bonus_grants_player_idx').on(t.playerId, t.expiresAt),
    uniqueIndex('bonus_grants_open_key')
      .on(t.playerId)
      .where(sql`${t.endedAt} is null`),
    check('bonus_grants_withdrawal_forfeit_check', sql`${t.forfeitedByWithdrawalId} is null or ${t.outcome} = 'forfeited'`),
    check(
      'bonus_grants_outcome_check',
      sql`(${t.endedAt} is null and ${t.outcome} is null) or (${t.endedAt} is not null and ${t.outcome} in ('completed', 'forfeited', 'merged'))`,
    ),
  ],
);

/**
 * The free rounds a free_rounds bonus granted (one per grant): `rounds_total` rounds at `stake_ore`
 * on the titles `game_ids`, playable until `expires_at` (the bonus's expiry) or until the bonus ends
 * (`ended_at`). The games contract uses one round per betAndWin with `freeRoundsId`, in the round's
 * transaction, by one UPDATE that holds `rounds_used < rounds_total` under the row's lock: a round is
 * used once, whatever processes play (bonus/free-rounds.ts). `won_ore` sums what the rounds paid
 * into the bonus balance.
 */
export const freeRoundGrants = pgTable(
  'free_round_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bonusGrantId: uuid('bonus_grant_id')
      .notNull()
      .references(() => bonusGrants.id),
    playerId: uuid('player_id').notNull(),
    gameIds: text('game_ids').array().notNull(),
    stakeOre: bigint('stake_ore', { mode: 'number' }).notNull(),
    roundsTotal: integer('rounds_total').notNull(),
    roundsUsed: integer('rounds_used').notNull().default(0),
    wonOre: bigint('won_ore', { mode: 'number' }).notNull().default(0),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('free_round_grants_bonus_key').on(t.bonusGrantId),
    index('free_round_grants_player_idx').on(t.playerId, t.expiresAt),
    check('free_round_grants_stake_check', sql`${t.stakeOre} > 0`),
    check('free_round_grants_rounds_check', sql`${t.roundsTotal} > 0 and ${t.roundsUsed} >= 0 and ${t.roundsUsed} <= ${t.roundsTotal}`),
    check('free_round_grants_won_check', sql`${t.wonOre} >= 0`),
  ],
);
