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
export const WELCOME_BLOCK_TEXT_KEYS = ['overview.greeting', 'overview.last_login', 'overview.total_balance', 'overview.transfer_link', 'btn.loading'] as const;
