import { bigint, boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * A game session: one player playing one game of one provider for money, launched by the platform.
 * The provider holds the launch token; the database keeps only its SHA-256. A bet needs a live
 * session (not ended, not expired); a win or a rollback is paid whatever the session's state.
 */
export const gameSessions = pgTable(
  'game_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: text('provider_id').notNull(),
    playerId: uuid('player_id').notNull(),
    /** The provider's game id (the catalogue, next session, will check it against its titles). */
    gameId: text('game_id').notNull(),
    /** Only `real` reaches the platform: fun play never touches its money. */
    mode: text('mode').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('game_sessions_player_idx').on(t.playerId, t.createdAt)],
);

/**
 * A round in the provider's namespace: its bets, win and rollbacks carry its id; `endRound`
 * closes it. Kept per (provider, round id), so two providers' round ids never meet.
 */
export const gameRounds = pgTable(
  'game_rounds',
  {
    providerId: text('provider_id').notNull(),
    roundId: text('round_id').notNull(),
    sessionId: uuid('session_id').notNull(),
    playerId: uuid('player_id').notNull(),
    gameId: text('game_id').notNull(),
    /** What the round's bets took (net of rollbacks), and from the bonus balance of it. */
    stakedOre: bigint('staked_ore', { mode: 'number' }).notNull().default(0),
    bonusStakedOre: bigint('bonus_staked_ore', { mode: 'number' }).notNull().default(0),
    wonOre: bigint('won_ore', { mode: 'number' }).notNull().default(0),
    /** A win was paid: no bet of the round can be rolled back after it. */
    hasWin: boolean('has_win').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ name: 'game_rounds_pkey', columns: [t.providerId, t.roundId] }), index('game_rounds_session_idx').on(t.sessionId)],
);

/**
 * Every contract call that moved money (or would have), by the provider's own transaction id: the
 * key of its idempotency. The same id again answers `answer`; with another request (`request_hash`)
 * it is refused. A rollback of a bet never seen leaves a row for that bet's id (`status`
 * `rolled_back`, no transfer), so the bet arriving late finds its id taken and is refused.
 */
export const gameTransactions = pgTable(
  'game_transactions',
  {
    providerId: text('provider_id').notNull(),
    transactionId: text('transaction_id').notNull(),
    /** bet, win or rollback. */
    kind: text('kind').notNull(),
    roundId: text('round_id').notNull(),
    sessionId: uuid('session_id').notNull(),
    amountOre: bigint('amount_ore', { mode: 'number' }).notNull(),
    /** The part of the amount on the player's bonus balance (a bet's, to roll it back as it was taken). */
    bonusAmountOre: bigint('bonus_amount_ore', { mode: 'number' }).notNull().default(0),
    /** SHA-256 of the canonical request; null for a marker left by a rollback of an unseen bet. */
    requestHash: text('request_hash'),
    /** done, or rolled_back (a bet undone, or the marker of one never seen). */
    status: text('status').notNull(),
    /** The ledger's transfer, when money moved. */
    transferId: uuid('transfer_id'),
    /** The first answer, given again to a repeat. */
    answer: jsonb('answer').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'game_transactions_pkey', columns: [t.providerId, t.transactionId] }),
    index('game_transactions_round_idx').on(t.providerId, t.roundId),
  ],
);
