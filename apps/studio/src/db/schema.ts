import { sql } from 'drizzle-orm';
import type { FreeRoundsOffer, JackpotWin } from '../platform-client.js';
import { bigint, boolean, check, index, integer, jsonb, pgSchema, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The studio's own tables, in their own PostgreSQL schema `studio`: on a server they may share a
 * database with other services without ever meeting their tables (the platform's included).
 */
export const studio = pgSchema('studio');

/**
 * A game session: one player (or a guest, for fun) playing one title. The storefront holds the
 * bearer token; the database keeps only its SHA-256. A real session is the platform's game
 * session (`platform_session_id`, from `authenticate`); a fun session never reaches the platform.
 */
export const sessions = studio.table(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    gameId: text('game_id').notNull(),
    mathsHash: text('maths_hash').notNull(),
    /** fun or real. */
    mode: text('mode').notNull(),
    /** The platform's game session and player (real only). */
    platformSessionId: text('platform_session_id'),
    playerId: text('player_id'),
    /** Fun: the play money. Real: the player's balance as the platform last answered it. */
    balanceOre: bigint('balance_ore', { mode: 'number' }).notNull(),
    /** What the session's rounds staked and won (settled rounds; a cancelled round counts nowhere). */
    stakedOre: bigint('staked_ore', { mode: 'number' }).notNull().default(0),
    wonOre: bigint('won_ore', { mode: 'number' }).notNull().default(0),
    roundsPlayed: integer('rounds_played').notNull().default(0),
    /** The money-played warning's minutes (real only); its clock is the player's (`players`). `warning_since`: unused by real sessions. */
    warningMinutes: integer('warning_minutes'),
    warningSince: timestamp('warning_since', { withTimezone: true }).notNull(),
    /** The start of the session's last fun round, for the pace (a real round's pace is the player's: `players`). */
    lastRoundAt: timestamp('last_round_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /**
     * The player's free rounds on this title as the platform last told of them (real only; issue 27):
     * authenticate's, a balance's, each free round's answer (its grant's rounds left and win). [] when none.
     */
    freeRounds: jsonb('free_rounds').$type<FreeRoundsOffer[]>().notNull().default([]),
  },
  (t) => [
    check('sessions_mode', sql`${t.mode} in ('fun', 'real')`),
    check('sessions_real_has_platform', sql`${t.mode} = 'fun' or ${t.platformSessionId} is not null`),
    check('sessions_fun_balance', sql`${t.mode} = 'real' or ${t.balanceOre} >= 0`),
    check('sessions_free_rounds_array', sql`jsonb_typeof(${t.freeRounds}) = 'array'`),
    check('sessions_fun_no_free_rounds', sql`${t.mode} = 'real' or ${t.freeRounds} = '[]'::jsonb`),
  ],
);

/**
 * A player's own clocks for the responsible-gaming rules (real play only), shared by every game
 * and tab of theirs: the start of their last round (the pace), and the money-played warning's
 * clock: `play_since` (what the warning counts from) and `warning_since` (the start, or the last
 * answer), both restarted when the player's platform login changes (`login_at`, authenticate's).
 * The open statement of a round locks this row.
 */
export const players = studio.table('players', {
  playerId: text('player_id').primaryKey(),
  loginAt: timestamp('login_at', { withTimezone: true }),
  playSince: timestamp('play_since', { withTimezone: true }).notNull(),
  warningSince: timestamp('warning_since', { withTimezone: true }).notNull(),
  lastRoundAt: timestamp('last_round_at', { withTimezone: true }),
});

/**
 * Every round played: the title and its maths hash, the stake, the outcome with its random draws
 * (`evaluate(config, outcome.draws)` replays it), the times, and the games contract's transaction
 * ids. `status` is open (money under way: the player's round is pending), settled, cancelled (its
 * bet rolled back: rounds of the separate calls only) or refused (the platform refused its stake:
 * nothing moved, its drawn outcome kept and never shown or paid); `stage` says what an open round
 * waits for: bet_and_win (the whole round sent in one call, its outcome drawn and kept before; sent
 * again until the platform answers), rollback (after a refusal that followed an unanswered try: a
 * rollback of the bet never seen bars a late copy, then the round is refused; a round that landed
 * whole refuses it and is sent again); bet and win are the stages of rounds played as separate calls.
 */
export const rounds = studio.table(
  'rounds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id),
    gameId: text('game_id').notNull(),
    mathsHash: text('maths_hash').notNull(),
    mode: text('mode').notNull(),
    /** The session's player (real rounds): one open round per player, whatever the game or tab. */
    playerId: text('player_id'),
    stakeOre: bigint('stake_ore', { mode: 'number' }).notNull(),
    winOre: bigint('win_ore', { mode: 'number' }),
    outcome: jsonb('outcome').$type<Record<string, unknown>>(),
    status: text('status').notNull(),
    stage: text('stage').notNull(),
    betTransactionId: text('bet_transaction_id'),
    winTransactionId: text('win_transaction_id'),
    rollbackTransactionId: text('rollback_transaction_id'),
    /** The platform's definite refusal of the round (its code): the round never happened, its outcome never shown or paid. */
    refusalCode: text('refusal_code'),
    /** The platform's answer that closed the round (endRound), or null while it is owed (retried). */
    platformEndedAt: timestamp('platform_ended_at', { withTimezone: true }),
    /** The last try of the money call the stage waits for; recovery leaves younger ones to their request. */
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** The game's kind: slot, or a table game (roulette, blackjack, video-poker); `outcome` holds that kind's state. */
    kind: text('kind').notNull().default('slot'),
    /** A table round waiting for the player (status playing): when it is finished by the table's rule if left. */
    decideBy: timestamp('decide_by', { withTimezone: true }),
    /** Finished by the table's rule after the player left it (decide_by passed). */
    autoFinished: boolean('auto_finished').notNull().default(false),
    /** The player's moves applied so far (a table round): each move is written only over the state it was made on. */
    moves: integer('moves').notNull().default(0),
    /**
     * The pools the round's stake won, as the platform paid them ([{poolId, poolName, amountOre}],
     * from its answer to the stake; null: none), and their sum: apart from `win_ore` (the game's win).
     */
    jackpotWins: jsonb('jackpot_wins').$type<JackpotWin[]>(),
    jackpotWinOre: bigint('jackpot_win_ore', { mode: 'number' }).notNull().default(0),
    /**
     * A free round (issue 27): the platform's grant whose round this is (sent with every try of its
     * betAndWin), its stake the grant's and the house's. Once settled, the grant after it as the
     * platform answered: its rounds left and total, and what its rounds have won.
     */
    freeRoundsId: uuid('free_rounds_id'),
    freeRoundsLeft: integer('free_rounds_left'),
    freeRoundsTotal: integer('free_rounds_total'),
    freeRoundsWonOre: bigint('free_rounds_won_ore', { mode: 'number' }),
  },
  (t) => [
    check('rounds_status', sql`${t.status} in ('open', 'settled', 'cancelled', 'refused', 'playing')`),
    check('rounds_stage', sql`${t.stage} in ('bet', 'bet_and_win', 'win', 'rollback', 'done', 'decide', 'more')`),
    check('rounds_kind', sql`${t.kind} in ('slot', 'roulette', 'blackjack', 'video-poker')`),
    check('rounds_stake_positive', sql`${t.stakeOre} > 0`),
    check('rounds_win_not_negative', sql`${t.winOre} is null or ${t.winOre} >= 0`),
    check('rounds_jackpot_win_not_negative', sql`${t.jackpotWinOre} >= 0`),
    check('rounds_jackpot_wins_array', sql`${t.jackpotWins} is null or jsonb_typeof(${t.jackpotWins}) = 'array'`),
    check('rounds_free_round_slot', sql`${t.freeRoundsId} is null or (${t.kind} = 'slot' and ${t.mode} = 'real')`),
    check(
      'rounds_free_round_figures',
      sql`(${t.freeRoundsLeft} is null and ${t.freeRoundsTotal} is null and ${t.freeRoundsWonOre} is null) or (${t.freeRoundsId} is not null and ${t.freeRoundsLeft} >= 0 and ${t.freeRoundsTotal} >= ${t.freeRoundsLeft} and ${t.freeRoundsWonOre} >= 0)`,
    ),
    check('rounds_settled_has_outcome', sql`${t.status} <> 'settled' or (${t.outcome} is not null and ${t.winOre} is not null)`),
    // One round at a time per session, whatever number of studio processes.
    uniqueIndex('rounds_one_open_per_session')
      .on(t.sessionId)
      .where(sql`${t.status} = 'open'`),
    // One round at a time per player, across every session (game, tab) of theirs.
    uniqueIndex('rounds_one_open_per_player')
      .on(t.playerId)
      .where(sql`${t.status} = 'open'`),
    // One hand waiting for its player per game (real: across their sessions; fun: per session).
    uniqueIndex('rounds_one_playing_per_player_game')
      .on(t.playerId, t.gameId)
      .where(sql`${t.status} = 'playing' and ${t.playerId} is not null`),
    uniqueIndex('rounds_one_playing_per_session')
      .on(t.sessionId)
      .where(sql`${t.status} = 'playing'`),
    index('rounds_playing_idx')
      .on(t.decideBy)
      .where(sql`${t.status} = 'playing'`),
    index('rounds_player_idx')
      .on(t.playerId, t.startedAt)
      .where(sql`${t.playerId} is not null`),
    index('rounds_session_idx').on(t.sessionId, t.startedAt),
    index('rounds_open_idx')
      .on(t.attemptedAt)
      .where(sql`${t.status} = 'open' or (${t.mode} = 'real' and ${t.platformEndedAt} is null and ${t.status} <> 'playing')`),
  ],
);
