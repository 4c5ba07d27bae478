import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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
