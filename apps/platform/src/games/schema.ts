import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

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
    /** Why it ended before its time: logout, locked, pause or closure (the player's own session ended too). */
    endedReason: text('ended_reason'),
    /**
     * The player's login (the player session's key, `player_sessions.token_hash`) that launched it:
     * it ends with that login (logout, idle, the absolute limit), checked by every money call in its
     * own statement, with the login's idle minutes as they were at the launch (`login_idle_minutes`).
     */
    playerSessionHash: text('player_session_hash'),
    loginIdleMinutes: integer('login_idle_minutes'),
  },
  (t) => [index('game_sessions_player_idx').on(t.playerId, t.createdAt), index('game_sessions_player_session_idx').on(t.playerSessionHash)],
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
    /** Of `stakedOre`, what went to jackpot pools; paid from pools, apart from `wonOre` (migration 0028). */
    jackpotStakedOre: bigint('jackpot_staked_ore', { mode: 'number' }).notNull().default(0),
    jackpotWonOre: bigint('jackpot_won_ore', { mode: 'number' }).notNull().default(0),
    /** A win was paid: no bet of the round can be rolled back after it. */
    hasWin: boolean('has_win').notNull().default(false),
    /**
     * The player's balance (cash and bonus) right after the round's latest money call, read from
     * the ledger's locked balance rows in that call's own transaction: the game history's
     * "balance after". Null only for a round whose calls moved nothing (a rollback's marker).
     */
    balanceAfterOre: bigint('balance_after_ore', { mode: 'number' }),
    /** A free round (issue 27): the free-round grant it used; its stake was the house's (bonus cost), its win went to the bonus balance. */
    freeRoundGrantId: uuid('free_round_grant_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'game_rounds_pkey', columns: [t.providerId, t.roundId] }),
    index('game_rounds_session_idx').on(t.sessionId),
    // The game history and recently played: a player's rounds by time.
    index('game_rounds_player_idx').on(t.playerId, t.createdAt),
    // The best and popular lists: the rounds of the last days, counted per game and player from the index alone.
    index('game_rounds_created_idx').on(t.createdAt, t.gameId, t.playerId),
  ],
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

/**
 * The catalogue: one row per title of `@krone/games-math/titles` (the slots) and of its
 * `TABLE_TITLES` (the table games), written at start-up (games/catalogue-sync.ts). A title no
 * longer given is withdrawn (`withdrawn_at`), never deleted: rounds, sessions and favourites name
 * it. A slot's bet must be one of its stake steps; a table's follows its stake rule.
 */
export const games = pgTable(
  'games',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    studio: text('studio').notNull(),
    providerId: text('provider_id').notNull(),
    /** low, medium, high or very-high: derived from the maths. */
    volatility: text('volatility').notNull(),
    features: text('features').array().notNull(),
    tags: text('tags').array().notNull(),
    devices: text('devices').array().notNull(),
    /** Exact figures of the maths, as fractions (rtp 0.9612) and multiples of the total stake (largest win). */
    rtp: doublePrecision('rtp').notNull(),
    /**
     * The return shown is the best the game allows ("up to"): blackjack's basic strategy, video
     * poker's optimal hold, French roulette's even-money bets under La Partage (migration 0025).
     */
    rtpIsUpTo: boolean('rtp_is_up_to').notNull().default(false),
    /** A slot's share of rounds that win anything; null for a table, whose rounds are the bets the player makes (migration 0025). */
    hitFrequency: doublePrecision('hit_frequency'),
    largestWin: doublePrecision('largest_win').notNull(),
    /**
     * The largest win exactly, as units of the maths over the units a round costs (largestWin =
     * largestWinUnits / costUnits): a round's wins may not pass ceil(stake × units / cost)
     * (migration 0019; games/README.md, "Bounds"). Empty until the start-up sync writes them: refused.
     */
    largestWinUnits: bigint('largest_win_units', { mode: 'number' }),
    costUnits: integer('cost_units'),
    minStakeOre: bigint('min_stake_ore', { mode: 'number' }).notNull(),
    maxStakeOre: bigint('max_stake_ore', { mode: 'number' }).notNull(),
    stakeStepsOre: bigint('stake_steps_ore', { mode: 'number' }).array().notNull(),
    defaultStakeOre: bigint('default_stake_ore', { mode: 'number' }).notNull(),
    releaseDate: date('release_date', { mode: 'string' }).notNull(),
    /** A slot's reels: its family (lines, ways, classic), rows and reels; null for a table game (migration 0025). */
    family: text('family'),
    rows: integer('rows'),
    reelsCount: integer('reels_count'),
    theme: jsonb('theme').$type<{ motif: string; colours: { background: string; primary: string; accent: string } }>().notNull(),
    mathsHash: text('maths_hash').notNull(),
    /**
     * slot, table or live (migration 0021): what an open bonus's wagering weighs a stake on this title
     * by (bonus/wagering.ts). The sync writes it: slot for the maths' titles, table for TABLE_TITLES.
     */
    gameType: text('game_type').notNull().default('slot'),
    /**
     * A table game's category (migration 0025): its kind, an id of the system config
     * `BordspilCategory` (roulette, blackjack, video-poker). Null for a slot.
     */
    category: text('category'),
    /**
     * A table's stake rule, a live title's too (migrations 0025, 0026; games/README.md, "Stakes"):
     * every stake of a round (a chip total, a double, a split, insurance) a whole multiple of the
     * unit, at least one unit and at most `maxCallOre`, the round's standing stakes together at
     * most `maxRoundOre`. All three null for a slot, whose stake is one of its steps.
     */
    stakeUnitOre: bigint('stake_unit_ore', { mode: 'number' }),
    maxCallOre: bigint('max_call_ore', { mode: 'number' }),
    maxRoundOre: bigint('max_round_ore', { mode: 'number' }),
    /** Folded (lower case, æ→ae, ø→oe, å→aa, accents off) name, studio and tags: what search matches by trigrams. */
    searchText: text('search_text').notNull(),
    /** The folded name alone: a match on the name ranks before one on a tag. */
    searchName: text('search_name').notNull(),
    /** SHA-256 of the row's content: the start-up sync rewrites a row only when it changed. */
    contentHash: text('content_hash').notNull(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    /**
     * Taken off the site by the operator in the back office (migration 0040), apart from a
     * withdrawal: the sync never touches it. A disabled title is not listed and not launched; rounds
     * already open settle as drawn.
     */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    disabledReason: text('disabled_reason'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // The lists a phone pages through: newest, by name, by RTP, per studio and volatility, titles in play only.
    index('games_newest_idx')
      .on(t.releaseDate.desc(), t.id)
      .where(sql`${t.withdrawnAt} is null`),
    index('games_name_idx')
      .on(t.name)
      .where(sql`${t.withdrawnAt} is null`),
    index('games_rtp_idx')
      .on(t.rtp.desc(), t.id)
      .where(sql`${t.withdrawnAt} is null`),
    index('games_studio_idx')
      .on(t.studio, t.releaseDate.desc())
      .where(sql`${t.withdrawnAt} is null`),
    index('games_volatility_idx')
      .on(t.volatility, t.releaseDate.desc())
      .where(sql`${t.withdrawnAt} is null`),
    index('games_features_idx').using('gin', t.features),
    index('games_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

/**
 * Each provider's exposure per Copenhagen day (migration 0019, games/exposure.ts): slot 0 what its
 * wins paid, slots 1–16 what its rounds took; a win's write to slot 0 carries the day's net payout
 * as it saw it and the limit, which a CHECK holds it to.
 */
export const gameProviderExposure = pgTable(
  'game_provider_exposure',
  {
    providerId: text('provider_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    slot: smallint('slot').notNull(),
    amountOre: bigint('amount_ore', { mode: 'number' }).notNull(),
    netPaidOre: bigint('net_paid_ore', { mode: 'number' }),
    limitOre: bigint('limit_ore', { mode: 'number' }),
    /** On slot 0: when a win past the limit closed the provider to new stakes for the rest of the day. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ name: 'game_provider_exposure_pkey', columns: [t.providerId, t.day, t.slot] })],
);

/** The catalogue's last sync: the hash of every title's content together, so an unchanged start-up writes nothing. */
export const gameCatalogueSync = pgTable('game_catalogue_sync', {
  id: integer('id').primaryKey(),
  contentHash: text('content_hash').notNull(),
  titles: integer('titles').notNull(),
  syncedAt: timestamp('synced_at', { withTimezone: true }).notNull(),
});

/** A player's favourite games (the heart on a tile): one row per player and game. */
export const gameFavourites = pgTable(
  'game_favourites',
  {
    playerId: uuid('player_id').notNull(),
    gameId: text('game_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'game_favourites_pkey', columns: [t.playerId, t.gameId] })],
);

/**
 * The money-played warning's clock at the live tables (games/live/warning.ts, migration 0027): one
 * per login (`player_sessions.token_hash`, as `game_sessions.player_session_hash` names it), shared
 * by every live table and tab of it. `playSince`: when the login's live play began (the warning's
 * figures count from it); `warningSince`: that start or the player's last "continue".
 */
export const liveWarningClocks = pgTable('live_warning_clocks', {
  playerSessionHash: text('player_session_hash').primaryKey(),
  playerId: uuid('player_id').notNull(),
  playSince: timestamp('play_since', { withTimezone: true }).notNull(),
  warningSince: timestamp('warning_since', { withTimezone: true }).notNull(),
});

/**
 * A live blackjack round's hands as the studio reported them with its credit (issue 27): the
 * tournaments count won hands and blackjacks from these. One row per round (its key); written after
 * the round's money, again by a repeated credit (nothing changes then). `played_at` is the round's
 * start (its first stake), which a tournament's window and a player's entry are judged by.
 */
export const liveHandResults = pgTable(
  'live_hand_results',
  {
    providerId: text('provider_id').notNull(),
    roundId: text('round_id').notNull(),
    playerId: uuid('player_id').notNull(),
    gameId: text('game_id').notNull(),
    baseStakeOre: bigint('base_stake_ore', { mode: 'number' }).notNull(),
    hands: jsonb('hands').$type<{ stakeOre: number; outcome: string }[]>().notNull(),
    /** Hands won other than by a blackjack, and blackjacks. */
    wonHands: integer('won_hands').notNull(),
    blackjacks: integer('blackjacks').notNull(),
    playedAt: timestamp('played_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'live_hand_results_pkey', columns: [t.providerId, t.roundId] }),
    index('live_hand_results_player_idx').on(t.playerId, t.playedAt),
  ],
);

/**
 * The lobby's own rows (migration 0040): a name, the titles the operator chose in their order, the
 * row's place among the others; marketing keeps them in the back office. The storefront's front page
 * shows the visible ones with at least one title in play, before the rows it computes.
 */
export const lobbyCategories = pgTable('lobby_categories', {
  slug: text('slug').primaryKey(),
  name: text('name').notNull(),
  position: integer('position').notNull(),
  gameIds: text('game_ids')
    .array()
    .notNull()
    .default(sql`'{}'`),
  visible: boolean('visible').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
