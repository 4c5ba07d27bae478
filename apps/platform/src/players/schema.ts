import { boolean, date, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * A player: one Danish adult, identified by MitID. The CPR number is kept twice and never in
 * clear: an HMAC (`cpr_hash`, for the one-account-per-person rule and look-ups) and an AES-GCM
 * ciphertext (`cpr_encrypted`, because ROFUS is asked again at every login and NemKonto payouts
 * are addressed by CPR). See players/README.md for what is kept and why.
 */
export const players = pgTable(
  'players',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mitidUuid: text('mitid_uuid').notNull(),
    mobilePaySub: text('mobilepay_sub'),
    cprHash: text('cpr_hash').notNull(),
    cprEncrypted: text('cpr_encrypted').notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    firstName: text('first_name').notNull(),
    middleName: text('middle_name'),
    lastName: text('last_name').notNull(),
    /** Lower-cased and trimmed; unique. */
    email: text('email').notNull(),
    mobileCc: text('mobile_cc').notNull(),
    mobileNo: text('mobile_no').notNull(),
    nickname: text('nickname'),
    country: text('country').notNull().default('DK'),
    currency: text('currency').notNull().default('DKK'),
    language: text('language').notNull().default('da'),
    /** 'Non-Depositor' until the first deposit, then 'Depositor' (segment labels of spec §3). */
    playerType: text('player_type').notNull().default('Non-Depositor'),
    /** 'active', 'locked' (the user) or 'game_locked' (the game account). */
    status: text('status').notNull().default('active'),
    emailNotify: boolean('email_notify').notNull().default(false),
    smsNotify: boolean('sms_notify').notNull().default(false),
    /** The day the marketing-acceptance popup was last answered or shown (spec §4). */
    marketingNotificationDay: date('marketing_notification_day', { mode: 'string' }),
    /** Offer properties of spec §3 (acceptsmsoffer, firstdeposit) as 'True'/'False'. */
    properties: jsonb('properties').$type<Record<string, string>>().notNull().default({}),
    /** Only used in unsubscribe links, so a link reveals nothing else about the player. */
    unsubscribeGuid: uuid('unsubscribe_guid').notNull().defaultRandom(),
    brandUnsubscribed: boolean('brand_unsubscribed').notNull().default(false),
    /** Never shown among the new winners (the profile's choice, migration 0028). */
    winnersOptOut: boolean('winners_opt_out').notNull().default(false),
    campaignCode: text('campaign_code'),
    bTag: text('btag'),
    /**
     * The postal address the player gives in the profile (migration 0033): MitID and the CPR
     * number give no address to an operator without a CPR-registry agreement. Lines 2-3 optional.
     */
    address1: text('address1'),
    address2: text('address2'),
    address3: text('address3'),
    zip: text('zip'),
    city: text('city'),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    previousLoginAt: timestamp('previous_login_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('players_mitid_uuid_key').on(t.mitidUuid),
    uniqueIndex('players_cpr_hash_key').on(t.cprHash),
    uniqueIndex('players_email_key').on(t.email),
    uniqueIndex('players_mobilepay_sub_key').on(t.mobilePaySub),
    uniqueIndex('players_unsubscribe_guid_key').on(t.unsubscribeGuid),
  ],
);

export type Player = typeof players.$inferSelect;

/** A login session. The browser holds the token; only its SHA-256 is stored. */
export const sessions = pgTable(
  'player_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    method: text('method').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    /** The absolute end, whatever the activity. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endedReason: text('ended_reason'),
  },
  (t) => [index('player_sessions_player_idx').on(t.playerId)],
);

/**
 * One authorization request to an identity broker (MitID or MobilePay): PKCE verifier, state and
 * nonce stay here, never in the browser. Used once.
 */
export const authTransactions = pgTable('auth_transactions', {
  idHash: text('id_hash').primaryKey(),
  provider: text('provider').notNull(),
  purpose: text('purpose').notNull(),
  state: text('state').notNull(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  redirectTo: text('redirect_to'),
  /** A confirmation (purpose "confirm"): whose account, and the change MitID is to confirm. */
  playerId: uuid('player_id').references(() => players.id, { onDelete: 'cascade' }),
  payload: jsonb('payload').$type<Record<string, string>>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
});

/**
 * A registration under way: who MitID said the person is, and what they have confirmed so far.
 * It expires (spec §8 "transaction id expired, register again").
 */
export const registrations = pgTable(
  'registrations',
  {
    idHash: text('id_hash').primaryKey(),
    mitidUuid: text('mitid_uuid').notNull(),
    /** Names and birth date from the broker's ID token. */
    claims: jsonb('claims').$type<{ givenName: string; familyName: string; birthDate: string | null; name: string }>().notNull(),
    /** The broker's access token, encrypted: the CPR match is asked with it. */
    accessTokenEncrypted: text('access_token_encrypted').notNull(),
    cprHash: text('cpr_hash'),
    cprEncrypted: text('cpr_encrypted'),
    birthDate: date('birth_date', { mode: 'string' }),
    details: jsonb('details').$type<{ firstName: string; lastName: string; email: string; mobileCc: string; mobileNo: string }>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    playerId: uuid('player_id'),
  },
  (t) => [index('registrations_mitid_idx').on(t.mitidUuid)],
);

/** Logins, logouts, registrations and session expiries, for the player's and the operator's record. */
export const playerLogs = pgTable(
  'player_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id').references(() => players.id),
    kind: text('kind').notNull(),
    method: text('method'),
    fromRoute: text('from_route'),
    ipHash: text('ip_hash'),
    at: timestamp('at', { withTimezone: true }).notNull(),
    details: jsonb('details').$type<Record<string, unknown>>(),
  },
  (t) => [index('player_logs_player_idx').on(t.playerId, t.at)],
);

/** Staff notes on a player (the back office's player page; migration 0037). Append-only. */
export const playerNotes = pgTable(
  'player_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id').notNull(),
    staffId: uuid('staff_id').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('player_notes_player_idx').on(t.playerId, t.createdAt)],
);

/**
 * Every ROFUS check the platform made (migration 0037): at registration (no player yet: the
 * person is found by `cpr_hash`) and at each login, with the register's answer, or `unavailable`
 * when it did not answer (and nobody got in). Append-only.
 */
export const rofusChecks = pgTable(
  'rofus_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cprHash: text('cpr_hash').notNull(),
    playerId: uuid('player_id'),
    /** registration or login */
    occasion: text('occasion').notNull(),
    /** clear, excluded, excluded_permanently, unavailable */
    outcome: text('outcome').notNull(),
    /** The end of a time-limited exclusion, as ROFUS gave it. */
    excludedUntil: text('excluded_until'),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rofus_checks_cpr_idx').on(t.cprHash, t.checkedAt)],
);
