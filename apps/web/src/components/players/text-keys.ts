/** Dictionary keys of the player's client components, kept apart so server code can import them. */

/** Texts of the welcome and marketing popups (components/players/player-popups.tsx). */
export const PLAYER_POPUP_TEXT_KEYS = [
  'welcome_popup.title',
  'welcome_popup.title_first',
  'welcome_popup.last_login',
  'welcome_popup.offer_title',
  'welcome_popup.offer_text',
  'welcome_popup.offer_terms',
  'welcome_popup.deposit_cta',
  'welcome_popup.play_cta',
  'welcome_popup.responsible_note',
  'welcome_popup.close',
  'modal.marketing_accept',
  'modal.marketing_decline',
  'modal.marketing_saved',
  'modal.marketing_error',
] as const;

/** Texts of the welcome block (components/players/welcome-block.tsx). */
export const WELCOME_BLOCK_TEXT_KEYS = [
  'overview.greeting',
  'overview.last_login',
  'overview.total_balance',
  'overview.transfer_link',
  'btn.loading',
] as const;

/** Texts of the deposit-limit fields (components/players/deposit-limit-fields.tsx). */
export const DEPOSIT_LIMIT_FIELD_KEYS = [
  'limitations.period_day',
  'limitations.period_week',
  'limitations.period_month',
  'limitations.period_year',
  'validation.period_required',
  'validation.limit_required',
  'validation.custom_limit_required',
  'validation.amount_invalid',
] as const;

/** Texts of the limits page (components/players/limits-manager.tsx). */
export const LIMITS_TEXT_KEYS = [
  ...DEPOSIT_LIMIT_FIELD_KEYS,
  'limitations.limits_in_force',
  'limitations.deposit_limit_intro',
  'limitations.lookback_info',
  'limitations.in_force',
  'limitations.no_limit',
  'limitations.remaining',
  'limitations.pending_limit',
  'limitations.pending_removal',
  'limitations.remove_limit',
  'limitations.removal_saved',
  'limitations.change_title',
  'limitations.decrease_info',
  'limitations.increase_info',
  'limitations.period_label',
  'limitations.limit_label',
  'limitations.custom_limit',
  'limitations.custom_placeholder',
  'limitations.save',
  'limitations.saved',
  'limitations.increase_pending_saved',
  'limitations.save_error',
  'limitations.break_title',
  'limitations.break_intro',
  'limitations.pause_legend',
  'limitations.break_24h',
  'limitations.break_30d',
  'limitations.pause_confirm_24h',
  'limitations.pause_confirm_30d',
  'limitations.break_started',
  'limitations.break_active',
  'limitations.close_account_title',
  'limitations.close_account_intro',
  'limitations.close_account_button',
  'limitations.close_confirm',
  'limitations.close_confirm_check',
  'limitations.close_confirm_required',
  'limitations.account_closed',
  'btn.confirm',
  'btn.cancel',
  'btn.start_break',
  'btn.close_account',
  'btn.loading',
] as const;

/** Texts of a period filter form (components/players/period-fields.tsx and the form's "show" button). */
export const PERIOD_FILTER_TEXT_KEYS = [
  'transactions.filter_period',
  'transactions.last_24_hours',
  'transactions.last_7_days',
  'transactions.last_30_days',
  'transactions.last_custom',
  'transactions.from_label',
  'transactions.to_label',
  'transactions.show',
] as const;

/** Texts of the first-limit step on the deposit pages (components/deposit/first-limit-step.tsx). */
export const FIRST_LIMIT_TEXT_KEYS = [
  ...DEPOSIT_LIMIT_FIELD_KEYS,
  'deposit.first_limit_title',
  'deposit.first_limit_intro',
  'deposit.first_limit_save',
  'deposit.first_limit_saved',
  'register.limit_period_label',
  'register.limit_amount_label',
  'register.limit_custom_label',
  'register.limit_custom_placeholder',
  'register.limit_tip',
  'limitations.save_error',
  'btn.loading',
] as const;

/** Texts of the CPR check after a MitID login with no account (components/players/cpr-check-form.tsx). */
export const CPR_CHECK_TEXT_KEYS = [
  'login.verify_cpr_title',
  'login.verify_cpr_text',
  'login.verify_cpr_button',
  'authentication.no_active_account_title',
  'authentication.no_active_account_text',
  'authentication.create_account_offer',
  'authentication.login_check_expired',
  'authentication.cpr_mitid_mismatch',
  'authentication.cpr_not_validated',
  'authentication.generic_error',
  'login.mitid_button',
  'register.cpr_label',
  'register.cpr_placeholder',
  'validation.cpr_required',
  'validation.cpr_digits',
  'validation.cpr_invalid_date',
  'validation.invalid_input',
  'btn.loading',
] as const;

/** Texts of the profile's address form (components/players/address-form.tsx). */
export const ADDRESS_TEXT_KEYS = [
  'profile.address_missing',
  'profile.address1_label',
  'profile.address2_label',
  'profile.zip_label',
  'profile.city_label',
  'profile.address_save',
  'profile.address_saved',
  'profile.save_error',
  'validation.address_required',
  'validation.address_invalid',
  'validation.zip_invalid',
  'validation.city_required',
  'validation.city_invalid',
  'validation.invalid_input',
  'btn.loading',
] as const;
