import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * A deposit through a payment provider, from its start to its end. The money itself moves only
 * in the ledger (wallet), once, under the idempotency key `deposit:<payment id>`, whichever of the
 * provider's answer or its webhook arrives first; this row tells where the payment stands.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id').notNull(),
    /** card or mobilepay */
    method: text('method').notNull(),
    amountOre: bigint('amount_ore', { mode: 'number' }).notNull(),
    /** created, requires_action, succeeded, failed */
    status: text('status').notNull(),
    providerPaymentId: text('provider_payment_id'),
    last4: text('last4'),
    failureCode: text('failure_code'),
    actionUrl: text('action_url'),
    transferId: uuid('transfer_id'),
    /** The bonus code the player gave (checked at the start; the bonus is granted at success). */
    bonusCode: text('bonus_code'),
    /** When the payment succeeded or failed: the receipt's time. */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('payments_provider_payment_key').on(t.method, t.providerPaymentId),
    index('payments_player_created_idx').on(t.playerId, t.createdAt),
  ],
);

/**
 * A withdrawal to the player's NemKonto. The money is reserved in the ledger when the row is
 * written (`withdrawal:<id>`, cash → payout reserve, same transaction) and leaves the reserve
 * once: back to cash when cancelled or refused (`withdrawal-cancel:<id>`), or to NemKonto when
 * paid (`payout:<id>`).
 *
 * pending (the player may cancel until `send_after`, and until a processor claims it) →
 * sending (claimed by a processor until `lease_until`; after that another may send it again,
 * harmlessly: NemKonto's Idempotency-Key is `krone-<id>`) → sent (NemKonto accepted it) → paid
 * (its signed webhook). A refusal by NemKonto ends in failed; the player's cancel in cancelled.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid('id').primaryKey(),
    playerId: uuid('player_id').notNull(),
    amountOre: bigint('amount_ore', { mode: 'number' }).notNull(),
    /** pending, held (by staff), sending, sent, paid, cancelled, failed, rejected (by staff) */
    status: text('status').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    /** The end of the hold: from then on a processor sends it. */
    sendAfter: timestamp('send_after', { withTimezone: true }).notNull(),
    /** What the player is told: at most 3 Danish banking days after the request. */
    expectedBy: timestamp('expected_by', { withTimezone: true }).notNull(),
    /** While sending: until when the claiming processor has it. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    sendAttempts: integer('send_attempts').notNull().default(0),
    providerPayoutId: text('provider_payout_id').unique(),
    failureCode: text('failure_code'),
    reserveTransferId: uuid('reserve_transfer_id').notNull(),
    /** The payout or the cancel transfer that emptied the reserve. */
    settleTransferId: uuid('settle_transfer_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    /**
     * The bonus balance this withdrawal forfeited: a withdrawal asked, and confirmed, while a bonus
     * was open ends that bonus in its own transaction (migration 0021, bonus/README.md). 0 when none.
     */
    forfeitedBonusOre: bigint('forfeited_bonus_ore', { mode: 'number' }).notNull().default(0),
    /**
     * Over `PAYOUT_FOUR_EYES_ORE` when asked (migration 0035): not sent until a second staff member
     * approved another's proposal to pay it (staff/proposals.ts, kind `withdrawal_payout`).
     */
    needsApproval: boolean('needs_approval').notNull().default(false),
    approvedBy: uuid('approved_by'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /** A staff hold: not sent, nor cancellable by the player, until approved or rejected. */
    heldBy: uuid('held_by'),
    heldAt: timestamp('held_at', { withTimezone: true }),
    holdReason: text('hold_reason'),
    /** A staff rejection: the money is back on the game account, and the player sees this reason. */
    rejectedBy: uuid('rejected_by'),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('withdrawals_player_requested_idx').on(t.playerId, t.requestedAt),
    index('withdrawals_due_idx')
      .on(t.sendAfter)
      .where(sql`${t.status} in ('pending', 'sending')`),
    check('withdrawals_amount_check', sql`${t.amountOre} > 0`),
    check('withdrawals_forfeited_bonus_check', sql`${t.forfeitedBonusOre} >= 0`),
    check(
      'withdrawals_status_check',
      sql`${t.status} in ('pending', 'held', 'sending', 'sent', 'paid', 'cancelled', 'failed', 'rejected')`,
    ),
    // Four eyes held by the database too: a payout that needs approval leaves only approved.
    check(
      'withdrawals_four_eyes_check',
      sql`not ${t.needsApproval} or ${t.status} in ('pending', 'held', 'cancelled', 'rejected') or ${t.approvedAt} is not null`,
    ),
    index('withdrawals_open_idx')
      .on(t.requestedAt)
      .where(sql`${t.status} in ('pending', 'held')`),
  ],
);
