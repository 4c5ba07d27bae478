import { bigint, bigserial, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A progressive pool (migration 0028): its ledger account, its amount under a row lock, the drop in force. */
export const jackpotPools = pgTable('jackpot_pools', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  jackpot: text('jackpot').notNull(),
  tier: text('tier'),
  position: integer('position').notNull(),
  seedOre: bigint('seed_ore', { mode: 'number' }).notNull(),
  capOre: bigint('cap_ore', { mode: 'number' }).notNull(),
  /** A changed seed and cap of the definition, waiting for the next drop (migration 0029); null when none. */
  nextSeedOre: bigint('next_seed_ore', { mode: 'number' }),
  nextCapOre: bigint('next_cap_ore', { mode: 'number' }),
  accountId: uuid('account_id').notNull(),
  amountOre: bigint('amount_ore', { mode: 'number' }).notNull(),
  carryMicro: bigint('carry_micro', { mode: 'number' }).notNull().default(0),
  dropSeq: integer('drop_seq').notNull(),
  dropOre: bigint('drop_ore', { mode: 'number' }).notNull(),
  dropNonce: text('drop_nonce').notNull(),
  dropHash: text('drop_hash').notNull(),
  dropDrawnAt: timestamp('drop_drawn_at', { withTimezone: true }).notNull(),
  withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** Which titles feed which pools, at what share of the stake (ppm). */
export const jackpotFeeds = pgTable(
  'jackpot_feeds',
  {
    gameId: text('game_id').notNull(),
    poolId: text('pool_id').notNull(),
    ratePpm: integer('rate_ppm').notNull(),
  },
  (t) => [primaryKey({ name: 'jackpot_feeds_pkey', columns: [t.gameId, t.poolId] })],
);

/** A bet's part per pool: exact (micro-øre) and moved (whole øre). */
export const jackpotContributions = pgTable(
  'jackpot_contributions',
  {
    providerId: text('provider_id').notNull(),
    transactionId: text('transaction_id').notNull(),
    poolId: text('pool_id').notNull(),
    roundId: text('round_id').notNull(),
    gameId: text('game_id').notNull(),
    playerId: uuid('player_id').notNull(),
    stakeOre: bigint('stake_ore', { mode: 'number' }).notNull(),
    micro: bigint('micro', { mode: 'number' }).notNull(),
    amountOre: bigint('amount_ore', { mode: 'number' }).notNull(),
    transferId: uuid('transfer_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'jackpot_contributions_pkey', columns: [t.providerId, t.transactionId, t.poolId] })],
);

/** The house's seed of a pool, at its start and at every reset. */
export const jackpotSeeds = pgTable(
  'jackpot_seeds',
  {
    poolId: text('pool_id').notNull(),
    dropSeq: integer('drop_seq').notNull(),
    amountOre: bigint('amount_ore', { mode: 'number' }).notNull(),
    transferId: uuid('transfer_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'jackpot_seeds_pkey', columns: [t.poolId, t.dropSeq] })],
);

/** A pool's hit: one per drop, the drop revealed, the round that won it. */
export const jackpotHits = pgTable(
  'jackpot_hits',
  {
    poolId: text('pool_id').notNull(),
    dropSeq: integer('drop_seq').notNull(),
    dropOre: bigint('drop_ore', { mode: 'number' }).notNull(),
    dropNonce: text('drop_nonce').notNull(),
    dropHash: text('drop_hash').notNull(),
    providerId: text('provider_id').notNull(),
    roundId: text('round_id').notNull(),
    transactionId: text('transaction_id').notNull(),
    sessionId: uuid('session_id').notNull(),
    gameId: text('game_id').notNull(),
    playerId: uuid('player_id').notNull(),
    amountOre: bigint('amount_ore', { mode: 'number' }).notNull(),
    transferId: uuid('transfer_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'jackpot_hits_pkey', columns: [t.poolId, t.dropSeq] })],
);

/** The new winners' outbox: big wins and jackpot hits, written as their rounds settle. */
export const gameWinners = pgTable('game_winners', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  kind: text('kind').notNull(),
  providerId: text('provider_id').notNull(),
  roundId: text('round_id').notNull(),
  poolId: text('pool_id').notNull().default(''),
  gameId: text('game_id').notNull(),
  playerId: uuid('player_id').notNull(),
  stakeOre: bigint('stake_ore', { mode: 'number' }).notNull(),
  amountOre: bigint('amount_ore', { mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
