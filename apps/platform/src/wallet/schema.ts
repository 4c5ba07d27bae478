import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The ledger's accounts. A player's accounts (cash, bonus, reserved for payouts) keep their
 * balance on the row, and the database refuses a negative one (`wallet_accounts_balance_check`):
 * under any number of concurrent transfers from any number of processes, a balance is changed
 * only by `balance_ore = balance_ore + x` under the row's lock, and an overdraft aborts the
 * whole transfer. System accounts (house, payment clearing, bonus cost, …) keep no balance on
 * the row: theirs is the sum of their entries, so thousands of transfers a second through the
 * house never queue on one row (see wallet/README.md).
 */
export const walletAccounts = pgTable(
  'wallet_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** player_cash, player_bonus, player_payout_reserve, house, payment_clearing, payout_clearing, bonus_cost */
    kind: text('kind').notNull(),
    /** The owner, for a player's account; null for the house's own accounts. */
    playerId: uuid('player_id'),
    /** Whether the balance is kept on the row (player accounts) or summed from entries (system). */
    tracked: boolean('tracked').notNull(),
    balanceOre: bigint('balance_ore', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('wallet_accounts_player_kind_key')
      .on(t.playerId, t.kind)
      .where(sql`${t.playerId} is not null`),
    uniqueIndex('wallet_accounts_system_kind_key')
      .on(t.kind)
      .where(sql`${t.playerId} is null`),
    check('wallet_accounts_balance_check', sql`not ${t.tracked} or ${t.balanceOre} >= 0`),
    check('wallet_accounts_untracked_zero_check', sql`${t.tracked} or ${t.balanceOre} = 0`),
  ],
);

/**
 * A transfer: one movement of money, all of whose entries sum to zero (checked by a trigger at
 * the end of the statement that writes them). The idempotency key is unique: a retry finds the first answer.
 * Append-only: a mistake is undone by a compensating transfer (kind `reversal`), never an update.
 */
export const walletTransfers = pgTable(
  'wallet_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** SHA-256 of the request: the same key with another payload is refused, not replayed. */
    requestHash: text('request_hash').notNull(),
    /** deposit, withdrawal, withdrawal_cancel, payout, bet, win, bonus_grant, reversal, … */
    kind: text('kind').notNull(),
    /** Who or what asked: payment id, withdrawal id, game round, the transfer reversed. */
    reference: jsonb('reference').$type<Record<string, string>>().notNull(),
    /** The transfer this one reverses (kind reversal); a transfer is reversed at most once. */
    reverses: uuid('reverses'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /**
     * The ledger's own order (migration 0024): the next number of one sequence, given by the
     * database. Transfers of one transaction share `createdAt` (a round's stake and win); this
     * tells which was written first.
     */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  // Every index is written by every bet: only those a query or a rule needs. The reversal rule's
  // index holds reversals only (a partial index), so the bets and wins never touch it.
  (t) => [
    uniqueIndex('wallet_transfers_reverses_key')
      .on(t.reverses)
      .where(sql`${t.reverses} is not null`),
  ],
);

export const walletEntries = pgTable(
  'wallet_entries',
  {
    // No foreign keys: a key check locks the referenced row (FOR KEY SHARE), and every bet's
    // entry on the house account would then share-lock one row. The statement trigger of
    // migration 0006 checks instead that each entry names a transfer and an account, which are
    // never deleted.
    transferId: uuid('transfer_id').notNull(),
    accountId: uuid('account_id').notNull(),
    /** Signed: positive credits the account, negative debits it. Never zero. */
    amountOre: bigint('amount_ore', { mode: 'number' }).notNull(),
    /** The account's balance right after this entry, for accounts that keep one. */
    balanceAfterOre: bigint('balance_after_ore', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // An account appears at most once in a transfer: the key is (transfer, account), which also
    // serves the look-up of a transfer's entries, so no entry needs an id of its own.
    primaryKey({ name: 'wallet_entries_pkey', columns: [t.transferId, t.accountId] }),
    index('wallet_entries_account_created_idx').on(t.accountId, t.createdAt),
    check('wallet_entries_amount_check', sql`${t.amountOre} <> 0`),
  ],
);
