/**
 * Every error code the platform answers with: the HTTP status it maps to and the key of its
 * Danish message in the translations (group.key). The platform throws by code only
 * (`fail(code)` in apps/platform/src/shared/errors.ts), its OpenAPI document lists these codes
 * as an enum, and the storefront's code-to-text maps are keyed by `ErrorCode`, so a typo or a
 * removed code fails the typecheck instead of reaching a player.
 *
 * A few codes are answered with another status or key at one site; those sites say so with an
 * explicit override next to the throw (see the comments on the entries).
 */
export const ERROR_CATALOGUE = {
  // Anywhere: the error plugin's own answers and generic refusals.
  INVALID_INPUT: { status: 400, messageKey: 'validation.invalid_input' },
  /** A framework refusal (bad JSON, wrong content type...): answered with that error's own 4xx status. */
  BAD_REQUEST: { status: 400, messageKey: 'validation.invalid_input' },
  NOT_FOUND: { status: 404, messageKey: 'validation.not_found' },
  /** The contact form's limit answers with `contact_us.rate_limited` (support/routes.ts). */
  RATE_LIMITED: { status: 429, messageKey: 'validation.rate_limited' },
  SERVER_ERROR: { status: 500, messageKey: 'validation.server_error' },
  /** The database is saturated: its pool's waiting queue is full, a connection did not come in time, or a statement ran past its timeout (db/client.ts). */
  SERVICE_OVERLOADED: { status: 503, messageKey: 'validation.service_overloaded' },
  UNAUTHORIZED: { status: 401, messageKey: 'validation.forbidden' },
  /** The platform's internal listener without the storefront's own key (Krone-Storefront-Key). */
  STOREFRONT_KEY_INVALID: { status: 401, messageKey: 'validation.forbidden' },
  FORBIDDEN: { status: 403, messageKey: 'authentication.session_invalid' },
  IDEMPOTENCY_KEY_REUSED: { status: 409, messageKey: 'validation.idempotency_conflict' },
  AMOUNT_INVALID: { status: 400, messageKey: 'validation.amount_invalid' },

  // Content.
  CONFIG_NOT_FOUND: { status: 404, messageKey: 'validation.not_found' },
  DOCUMENT_NOT_FOUND: { status: 404, messageKey: 'validation.not_found' },
  SEO_NOT_FOUND: { status: 404, messageKey: 'validation.not_found' },
  NEWS_NOT_FOUND: { status: 404, messageKey: 'validation.not_found' },
  CAMPAIGN_NOT_FOUND: { status: 404, messageKey: 'validation.not_found' },
  LANDING_PAGE_NOT_FOUND: { status: 404, messageKey: 'validation.not_found' },
  PAGE_NOT_FOUND: { status: 404, messageKey: 'validation.not_found' },
  CONTENT_NOT_FOUND: { status: 404, messageKey: 'validation.not_found' },

  // Players: login, registration, sessions, profile.
  SESSION_INVALID: { status: 401, messageKey: 'authentication.session_invalid' },
  PLAYER_NOT_FOUND: { status: 404, messageKey: 'authentication.unknown_account' },
  LOGIN_CANCELLED: { status: 400, messageKey: 'authentication.login_cancelled' },
  LOGIN_EXPIRED: { status: 400, messageKey: 'authentication.state_mismatch' },
  REGISTRATION_EXPIRED: { status: 410, messageKey: 'authentication.transaction_expired' },
  REGISTRATION_INCOMPLETE: { status: 409, messageKey: 'authentication.generic_error' },
  MITID_REQUIRED: { status: 400, messageKey: 'authentication.generic_error' },
  MITID_ASSURANCE_TOO_LOW: { status: 403, messageKey: 'authentication.cpr_not_validated' },
  MITID_TOKEN_EXPIRED: { status: 401, messageKey: 'authentication.mitid_token_expired' },
  MOBILEPAY_TOKEN_EXPIRED: { status: 401, messageKey: 'authentication.mitid_token_expired' },
  MITID_TECHNICAL_ERROR: { status: 502, messageKey: 'authentication.mitid_technical' },
  MOBILEPAY_TECHNICAL_ERROR: { status: 502, messageKey: 'authentication.mobilepay_technical' },
  MOBILEPAY_NO_ACCOUNT: { status: 404, messageKey: 'authentication.mobilepay_no_account' },
  /** The operator switched MobilePay login off (settingMobilePay.login_enabled). */
  MOBILEPAY_LOGIN_DISABLED: { status: 403, messageKey: 'authentication.mobilepay_login_disabled' },
  NO_ACTIVE_ACCOUNT: { status: 404, messageKey: 'authentication.no_active_account_text' },
  CPR_MISMATCH: { status: 400, messageKey: 'authentication.cpr_mitid_mismatch' },
  CPR_NOT_VALIDATED: { status: 429, messageKey: 'authentication.cpr_not_validated' },
  CPR_TOO_MANY_TRIES: { status: 429, messageKey: 'authentication.cpr_too_many_tries' },
  CPR_ALREADY_LINKED: { status: 409, messageKey: 'authentication.cpr_linked_text' },
  NATIONAL_ID_REGISTERED: { status: 409, messageKey: 'authentication.national_id_registered' },
  EMAIL_TAKEN: { status: 409, messageKey: 'authentication.email_registered' },
  UNDER_MIN_AGE: { status: 403, messageKey: 'authentication.under_min_age' },
  ROFUS_EXCLUDED: { status: 403, messageKey: 'authentication.rofus_excluded' },
  ROFUS_UNAVAILABLE: { status: 503, messageKey: 'authentication.rofus_unavailable' },
  USER_LOCKED: { status: 403, messageKey: 'authentication.user_locked' },
  GAME_ACCOUNT_LOCKED: { status: 403, messageKey: 'authentication.account_locked' },
  NOTHING_CHANGED: { status: 400, messageKey: 'profile.nothing_changed' },
  CONFIRMATION_MISMATCH: { status: 403, messageKey: 'profile.confirm_mismatch' },
  UNSUBSCRIBE_UNKNOWN: { status: 404, messageKey: 'unsubscribe.invalid_link' },

  // Limits.
  LIMIT_AMOUNT_INVALID: { status: 400, messageKey: 'validation.amount_invalid' },
  LIMIT_NOT_SET: { status: 409, messageKey: 'limitations.error_no_limit' },
  LAST_LIMIT: { status: 409, messageKey: 'limitations.error_last_limit' },
  ACCOUNT_PAUSED: { status: 403, messageKey: 'limitations.error_paused' },
  ACCOUNT_CLOSED: { status: 403, messageKey: 'limitations.error_closed' },
  PLAY_EXCLUDED: { status: 403, messageKey: 'limitations.error_paused' },
  DEPOSIT_LIMIT_REQUIRED: { status: 409, messageKey: 'deposit.error_limit_required' },
  DEPOSIT_LIMIT_EXCEEDED: { status: 409, messageKey: 'deposit.error_limit' },

  // Wallet: the ledger and the history.
  INVALID_TRANSFER: { status: 400, messageKey: 'validation.invalid_input' },
  TRANSFER_UNBALANCED: { status: 400, messageKey: 'validation.invalid_input' },
  TRANSFER_IN_PROGRESS: { status: 409, messageKey: 'validation.try_again' },
  TRANSFER_NOT_FOUND: { status: 404, messageKey: 'validation.not_found' },
  ACCOUNT_NOT_FOUND: { status: 404, messageKey: 'validation.not_found' },
  INSUFFICIENT_FUNDS: { status: 409, messageKey: 'validation.insufficient_funds' },
  ALREADY_REVERSED: { status: 409, messageKey: 'validation.already_reversed' },
  CANNOT_REVERSE_REVERSAL: { status: 409, messageKey: 'validation.invalid_input' },
  HISTORY_PERIOD_INVALID: { status: 400, messageKey: 'transactions.error_period' },
  HISTORY_TOO_OLD: { status: 400, messageKey: 'transactions.error_too_old' },

  // Payments: deposits and their provider.
  DEPOSIT_TOO_SMALL: { status: 400, messageKey: 'deposit.min_amount' },
  DEPOSIT_TOO_LARGE: { status: 400, messageKey: 'validation.invalid_input' },
  /** A card the provider could not read at all (an invalid token) answers 400 (payments/service.ts). */
  CARD_DETAILS_INCORRECT: { status: 402, messageKey: 'deposit.error_card' },
  CARD_DECLINED: { status: 402, messageKey: 'deposit.error_declined' },
  /** The operator switched MobilePay deposits off (settingMobilePay). */
  MOBILEPAY_DEPOSIT_DISABLED: { status: 403, messageKey: 'deposit.error_mobilepay_disabled' },
  PAYMENT_PROVIDER_ERROR: { status: 502, messageKey: 'deposit.error_transfer' },
  PAYMENT_NOT_FOUND: { status: 404, messageKey: 'validation.not_found' },
  PAYMENT_MISMATCH: { status: 409, messageKey: 'validation.invalid_input' },
  WEBHOOK_SIGNATURE_INVALID: { status: 401, messageKey: 'validation.forbidden' },

  // Bonus codes (checked before a deposit moves money).
  BONUS_CODE_EMPTY: { status: 400, messageKey: 'validation.bonus_code_empty' },
  INVALID_BONUS_CODE: { status: 400, messageKey: 'deposit.error_bonus_code' },
  BONUS_ALREADY_ACTIVE: { status: 409, messageKey: 'deposit.error_bonus_active' },
  BONUS_CODE_USED: { status: 409, messageKey: 'deposit.error_bonus_used' },
  BONUS_FIRST_DEPOSIT_ONLY: { status: 409, messageKey: 'deposit.error_bonus_first_deposit' },
  BONUS_DECLINED_AT_REGISTRATION: { status: 409, messageKey: 'deposit.error_bonus_declined' },
  BONUS_MAX_BET: { status: 409, messageKey: 'validation.bonus_max_bet' },
  /** A campaign's code outside its weekly window (Copenhagen time): answered with `opensAt`, when it next opens. */
  BONUS_OUTSIDE_WINDOW: { status: 409, messageKey: 'deposit.error_bonus_window' },
  /** A code for deposits by one payment method, with another. */
  BONUS_PAYMENT_METHOD: { status: 409, messageKey: 'deposit.error_bonus_method' },
  /** A code for the first deposit by a payment method, after one. */
  BONUS_FIRST_METHOD_DEPOSIT_ONLY: { status: 409, messageKey: 'deposit.error_bonus_first_method' },
  // Tournaments (issue 27): joining an edition.
  /** No tournament of that slug, or no edition of it by that id. */
  TOURNAMENT_NOT_FOUND: { status: 404, messageKey: 'campaign.tournament_error_not_found' },
  /** The edition has ended: no entry after its end. */
  TOURNAMENT_ENDED: { status: 409, messageKey: 'campaign.tournament_error_ended' },
  /** The edition has not begun. */
  TOURNAMENT_NOT_STARTED: { status: 409, messageKey: 'campaign.tournament_error_not_started' },
  /** The player has joined this edition already. */
  TOURNAMENT_ALREADY_JOINED: { status: 409, messageKey: 'campaign.tournament_error_already_joined' },
  /** A prize draw has no join: every player who plays as its terms say is in it. */
  TOURNAMENT_NO_JOIN: { status: 409, messageKey: 'campaign.tournament_error_no_join' },
  // Free rounds (issue 27): a free round the games contract is asked to play (betAndWin with freeRoundsId).
  /** No grant of free rounds by that id for the session's player. */
  FREE_ROUNDS_NOT_FOUND: { status: 404, messageKey: 'games.error_free_rounds_not_found' },
  /** The grant's rounds are all played. */
  FREE_ROUNDS_USED_UP: { status: 409, messageKey: 'games.error_free_rounds_used_up' },
  /** The grant has expired, or its bonus ended (forfeited by a withdrawal, expired). */
  FREE_ROUNDS_EXPIRED: { status: 409, messageKey: 'games.error_free_rounds_expired' },
  /** A free round at a stake other than the grant's. */
  FREE_ROUND_STAKE_MISMATCH: { status: 400, messageKey: 'games.error_free_round_stake' },
  /** A free round on a title the grant does not name. */
  FREE_ROUND_GAME_NOT_ALLOWED: { status: 409, messageKey: 'games.error_free_round_game' },

  // Payments: withdrawals and payouts.
  WITHDRAWAL_TOO_SMALL: { status: 400, messageKey: 'payout.min_amount' },
  WITHDRAWAL_EXCEEDS_BALANCE: { status: 409, messageKey: 'validation.max_withdrawal' },
  WITHDRAWAL_NOT_ALLOWED: { status: 409, messageKey: 'payout.error_cannot_withdraw' },
  WITHDRAWAL_NOT_FOUND: { status: 404, messageKey: 'validation.not_found' },
  WITHDRAWAL_NOT_CANCELLABLE: { status: 409, messageKey: 'payout.cancel_error' },
  /**
   * A withdrawal asked while a bonus is open, without `forfeitBonus: true`: it would forfeit the
   * bonus. Answered with `bonusOre`, the bonus balance forfeited; nothing changed.
   */
  WITHDRAWAL_FORFEITS_BONUS: { status: 409, messageKey: 'payout.error_forfeits_bonus' },
  PAYOUT_MISMATCH: { status: 409, messageKey: 'validation.invalid_input' },
  PAYOUT_STATE_CONFLICT: { status: 409, messageKey: 'validation.invalid_input' },

  // Documents: uploads and their review.
  UPLOAD_NO_FILES: { status: 400, messageKey: 'validation.file_required' },
  UPLOAD_TOO_MANY_FILES: { status: 400, messageKey: 'profile.too_many_files' },
  /** An image over the pixel limit says so with `profile.upload_too_many_pixels` (documents/inspect.ts). */
  UPLOAD_TOO_LARGE: { status: 413, messageKey: 'validation.file_too_large' },
  UPLOAD_UNSUPPORTED_TYPE: { status: 415, messageKey: 'validation.file_type' },
  UPLOAD_ACTIVE_CONTENT: { status: 415, messageKey: 'profile.upload_active_content' },
  UPLOAD_UNREADABLE: { status: 422, messageKey: 'profile.upload_unreadable' },
  UPLOAD_UNKNOWN_DOCUMENT_TYPE: { status: 400, messageKey: 'validation.document_type_required' },
  /** The object store's failure; a failure of the local disk answers 500 (documents/service.ts). */
  UPLOAD_FAILED: { status: 502, messageKey: 'profile.upload_error' },
  REJECTION_REASON_REQUIRED: { status: 400, messageKey: 'validation.invalid_input' },
  REJECTION_REASON_TOO_LONG: { status: 400, messageKey: 'validation.invalid_input' },
  DOCUMENT_TRANSITION_NOT_ALLOWED: { status: 409, messageKey: 'validation.invalid_input' },

  // Games: launch and the games contract for providers (apps/platform/src/games/README.md).
  GAME_PROVIDER_UNKNOWN: { status: 404, messageKey: 'games.error_provider_unknown' },
  GAME_NOT_FOUND: { status: 404, messageKey: 'games.error_game_not_found' },
  GAME_MODE_NOT_REAL: { status: 400, messageKey: 'games.error_mode_not_real' },
  GAME_SIGNATURE_INVALID: { status: 401, messageKey: 'games.error_signature' },
  GAME_SESSION_NOT_FOUND: { status: 404, messageKey: 'games.error_session_not_found' },
  GAME_SESSION_ENDED: { status: 409, messageKey: 'games.error_session_ended' },
  GAME_ROUND_NOT_FOUND: { status: 404, messageKey: 'games.error_round_not_found' },
  GAME_ROUND_ENDED: { status: 409, messageKey: 'games.error_round_ended' },
  GAME_ROUND_CONFLICT: { status: 409, messageKey: 'games.error_round_conflict' },
  GAME_TRANSACTION_ROLLED_BACK: { status: 409, messageKey: 'games.error_rolled_back' },
  /** A rollback of a bet whose round is settled: it paid a win, or it landed whole (betAndWin, win or no win). */
  GAME_ROLLBACK_ROUND_SETTLED: { status: 409, messageKey: 'games.error_rollback_round_settled' },
  GAME_ROLLBACK_NOT_A_BET: { status: 409, messageKey: 'games.error_rollback_not_bet' },
  /** A win that takes its round's wins past the stake × the title's largest win (the catalogue's): never possible in the game. */
  GAME_WIN_EXCEEDS_MAXIMUM: { status: 403, messageKey: 'games.error_win_exceeds_maximum' },
  /** A win that takes the provider's net payout of the Copenhagen day past its exposure limit (GAME_PROVIDER_DAILY_PAYOUT_LIMIT_ORE). */
  GAME_PROVIDER_EXPOSURE_EXCEEDED: { status: 409, messageKey: 'games.error_provider_exposure_exceeded' },
  /** A stake while the provider is suspended for the Copenhagen day: a win of its was refused past its limit. */
  GAME_PROVIDER_SUSPENDED: { status: 409, messageKey: 'games.error_provider_suspended' },
  // The studio's refusals to the storefront (apps/studio/README.md).
  GAME_STAKE_NOT_ALLOWED: { status: 400, messageKey: 'games.error_stake_not_allowed' },
  GAME_ROUND_IN_PROGRESS: { status: 409, messageKey: 'games.error_round_in_progress' },
  /** Answered with `nextRoundAt`, when the next round may start. */
  GAME_ROUND_TOO_SOON: { status: 409, messageKey: 'games.error_round_too_soon' },
  /** The player's round in another game or tab is under way: one round at a time per player, not per window. */
  GAME_ROUND_IN_PROGRESS_ELSEWHERE: { status: 409, messageKey: 'games.error_round_in_progress_elsewhere' },
  /** The player's last round, in another game or tab, started less than the pace ago; answered with `nextRoundAt`. */
  GAME_ROUND_TOO_SOON_ELSEWHERE: { status: 409, messageKey: 'games.error_round_too_soon_elsewhere' },
  GAME_WARNING_UNANSWERED: { status: 409, messageKey: 'games.error_warning_unanswered' },
  GAME_SESSION_FORBIDDEN: { status: 403, messageKey: 'games.error_session_forbidden' },
  /** A round of the older separate calls (bet, then win) whose unanswered bet was rolled back: it did not happen. A drawn round is never cancelled (it is pending until the platform answers). */
  GAME_ROUND_CANCELLED: { status: 503, messageKey: 'games.error_round_cancelled' },
  GAME_PLATFORM_UNAVAILABLE: { status: 503, messageKey: 'games.error_platform_unavailable' },
  /** The live studio did not answer a launch, or refused it (its lobby or launch call): the game session just made is ended, nothing else changed. */
  LIVE_STUDIO_UNAVAILABLE: { status: 503, messageKey: 'games.error_live_unavailable' },
  // Jackpots (issue 26): apps/platform/src/games/jackpots/.
  /** A pool id that is no pool in play (the test hook's forced drop). */
  JACKPOT_NOT_FOUND: { status: 404, messageKey: 'games.error_jackpot_not_found' },
  // Table games (issue 24): what the studio refuses of a table round, nothing moved.
  /** A roulette bet that is no bet of the layout (a number that does not exist, a spot not on the table), or malformed. */
  TABLE_BET_INVALID: { status: 400, messageKey: 'games.error_table_bet_invalid' },
  /** A stake outside the table's limits: a spot under its minimum or over its maximum, a spin over the table's total. */
  TABLE_LIMIT_EXCEEDED: { status: 400, messageKey: 'games.error_table_limit' },
  /** A move the rules do not allow now (a double or split the rule set forbids, insurance not offered, an unknown action). */
  TABLE_ACTION_NOT_ALLOWED: { status: 409, messageKey: 'games.error_table_action_not_allowed' },
  /** Holds that are not one choice for each of the five cards (a sixth card, a missing one). */
  TABLE_HOLDS_INVALID: { status: 400, messageKey: 'games.error_table_holds_invalid' },
  /** An action on a round that has ended. */
  TABLE_ROUND_OVER: { status: 409, messageKey: 'games.error_table_round_over' },
  /** A new deal while the player's hand of this game waits for their decision. */
  TABLE_HAND_OPEN: { status: 409, messageKey: 'games.error_table_hand_open' },
  /** More stake (a double, a split, insurance) on a hand dealt in a login that has ended: it can be played out, not raised. */
  TABLE_HAND_FROM_ENDED_LOGIN: { status: 409, messageKey: 'games.error_table_hand_ended_login' },

  // The back office's staff door (issue 29, docs/backoffice.md).
  /** The staff door without the back office server's own key (Krone-Backoffice-Key). */
  BACKOFFICE_KEY_INVALID: { status: 401, messageKey: 'validation.forbidden' },
  /** No live staff session (none given, ended, idle too long, past its absolute end, revoked). */
  STAFF_SESSION_REQUIRED: { status: 401, messageKey: 'validation.staff_session_required' },
  /** The staff member's roles do not admit this call. */
  STAFF_ROLE_REQUIRED: { status: 403, messageKey: 'validation.staff_role_required' },
  /** The IdP said who it is, but no active staff member has that identity. */
  STAFF_UNKNOWN: { status: 403, messageKey: 'validation.staff_unknown' },
  /** The IdP login was made without a second factor. */
  STAFF_SECOND_FACTOR_REQUIRED: { status: 403, messageKey: 'validation.staff_second_factor_required' },
  /** The IdP refused, the member cancelled, or the login round trip is unknown, used or too old. */
  STAFF_LOGIN_FAILED: { status: 400, messageKey: 'validation.staff_login_failed' },
  STAFF_IDP_UNAVAILABLE: { status: 502, messageKey: 'validation.staff_idp_unavailable' },
  /** A staff action without a reason of its own (at least 3 characters). */
  STAFF_REASON_REQUIRED: { status: 400, messageKey: 'validation.staff_reason_required' },
  /** Four eyes: the one who proposed cannot approve or reject it. */
  FOUR_EYES_SAME_STAFF: { status: 403, messageKey: 'validation.staff_four_eyes_same_staff' },
  PROPOSAL_NOT_FOUND: { status: 404, messageKey: 'validation.not_found' },
  /** The proposal was approved or rejected already. */
  PROPOSAL_DECIDED: { status: 409, messageKey: 'validation.staff_proposal_decided' },
  /** A correction's amount outside its bounds (not zero, at most STAFF_CORRECTION_MAX_ORE either way). */
  CORRECTION_AMOUNT_INVALID: { status: 400, messageKey: 'validation.staff_correction_amount_invalid' },
  /** The player is in that state already (a lock of a locked player, an unlock of an open one). */
  PLAYER_STATUS_UNCHANGED: { status: 409, messageKey: 'validation.staff_status_unchanged' },
  /** The withdrawal is past review: sent to NemKonto, paid, cancelled or rejected already (or not held, for a release). */
  WITHDRAWAL_NOT_REVIEWABLE: { status: 409, messageKey: 'validation.staff_withdrawal_not_reviewable' },
  /** A payout over PAYOUT_FOUR_EYES_ORE: approved only through a proposal another staff member decides. */
  WITHDRAWAL_NEEDS_FOUR_EYES: { status: 409, messageKey: 'validation.staff_withdrawal_needs_four_eyes' },
  /** The figures' period: dates yyyy-mm-dd, from no later than to, at most 3 years (a day's grain: 1 year). */
  FIGURES_RANGE_INVALID: { status: 400, messageKey: 'validation.staff_figures_range_invalid' },
  /** A proposal for this already waits for a decision. */
  PROPOSAL_PENDING: { status: 409, messageKey: 'validation.staff_proposal_pending' },

  /** An editor's content that is not what its kind takes (a field, a dictionary key, a document's shape). */
  CONTENT_INVALID: { status: 400, messageKey: 'validation.staff_content_invalid' },
  /** A publish of an item without a draft. */
  CONTENT_NO_DRAFT: { status: 409, messageKey: 'validation.staff_content_no_draft' },
  /** A publish (or revert) that would change nothing. */
  CONTENT_UNCHANGED: { status: 409, messageKey: 'validation.staff_content_unchanged' },

  // More four-eyes actions.
  /** Reopening an account that is not closed. */
  ACCOUNT_NOT_CLOSED: { status: 409, messageKey: 'validation.staff_account_not_closed' },
  /** Reopening an account closed less than a year ago (danish-rules.md); answered with `opensAt`. */
  ACCOUNT_REOPEN_TOO_EARLY: { status: 409, messageKey: 'validation.staff_account_reopen_too_early' },
  /** A bonus outside a campaign over the Danish caps (at most 1.000 kr., wagering at most 10 ×). */
  MANUAL_BONUS_INVALID: { status: 400, messageKey: 'validation.staff_manual_bonus_invalid' },
  STAFF_MEMBER_NOT_FOUND: { status: 404, messageKey: 'validation.not_found' },
  STAFF_MEMBER_EXISTS: { status: 409, messageKey: 'validation.staff_member_exists' },
  /** A member changing their own roles or access: another administrator does it. */
  STAFF_SELF_CHANGE: { status: 409, messageKey: 'validation.staff_self_change' },
  /** Taking the administrator role from, or deactivating, the last active administrator. */
  STAFF_LAST_ADMINISTRATOR: { status: 409, messageKey: 'validation.staff_last_administrator' },
  /** A protected setting's new value of another type than its current one, or the same value. */
  SETTING_INVALID: { status: 400, messageKey: 'validation.staff_content_invalid' },

  // Offers and games (the back office's marketing).
  /** A code's terms outside their shape or the Danish caps (`fields`: each field and why), an unknown title or campaign. */
  BONUS_TERMS_INVALID: { status: 400, messageKey: 'validation.staff_bonus_terms_invalid' },
  BONUS_CODE_EXISTS: { status: 409, messageKey: 'validation.staff_bonus_code_exists' },
  BONUS_CODE_NOT_FOUND: { status: 404, messageKey: 'validation.not_found' },
  /** Ending a code that has already ended. */
  BONUS_CODE_ENDED: { status: 409, messageKey: 'validation.staff_bonus_code_ended' },
  /** Taking off a title that an offer running or players' free rounds name. */
  GAME_IN_OFFER: { status: 409, messageKey: 'validation.staff_game_in_offer' },
  LOBBY_CATEGORY_EXISTS: { status: 409, messageKey: 'validation.staff_lobby_category_exists' },
  LOBBY_CATEGORY_NOT_FOUND: { status: 404, messageKey: 'validation.not_found' },

  // Support.
  /** The e-mail provider did not take the message: nothing was sent, nothing recorded. */
  MAIL_UNAVAILABLE: { status: 502, messageKey: 'validation.staff_mail_unavailable' },
  CONTACT_MESSAGE_NOT_FOUND: { status: 404, messageKey: 'validation.not_found' },
  /** The message was closed: it takes no more answers. */
  CONTACT_MESSAGE_CLOSED: { status: 409, messageKey: 'validation.staff_contact_closed' },
  CAPTCHA_REQUIRED: { status: 400, messageKey: 'contact_us.captcha_required' },
  CAPTCHA_EXPIRED: { status: 400, messageKey: 'contact_us.captcha_expired' },
  CAPTCHA_INVALID: { status: 400, messageKey: 'contact_us.captcha_error' },
} as const satisfies Record<string, { status: number; messageKey: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
export type ErrorEntry = (typeof ERROR_CATALOGUE)[ErrorCode];
export type ErrorMessageKey = ErrorEntry['messageKey'];

/** The codes as a non-empty tuple, for an enum schema (`z.enum(ERROR_CODES)`). */
export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as [ErrorCode, ...ErrorCode[]];

export const isErrorCode = (value: unknown): value is ErrorCode => typeof value === 'string' && Object.hasOwn(ERROR_CATALOGUE, value);

/** The catalogue's message key of a code: what the platform says, for a storefront that says the same. */
export const messageKeyOf = (code: ErrorCode): ErrorMessageKey => ERROR_CATALOGUE[code].messageKey;

/** A code-to-message-key map of the codes given, each with the catalogue's key. */
export function catalogueKeys<C extends ErrorCode>(...codes: C[]): Record<C, ErrorMessageKey> {
  return Object.fromEntries(codes.map((code) => [code, messageKeyOf(code)])) as Record<C, ErrorMessageKey>;
}
