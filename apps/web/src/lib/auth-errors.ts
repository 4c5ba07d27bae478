/**
 * The login and registration refusals of spec §8, by the platform's code: the Danish message's
 * key, and what the page offers next.
 */
export interface AuthErrorView {
  messageKey: string;
  offer?: 'register' | 'login';
}

export const AUTH_ERRORS: Record<string, AuthErrorView> = {
  NO_ACTIVE_ACCOUNT: { messageKey: 'authentication.no_active_account_text', offer: 'register' },
  MOBILEPAY_NO_ACCOUNT: { messageKey: 'authentication.mobilepay_no_account' },
  CPR_ALREADY_LINKED: { messageKey: 'authentication.cpr_linked_text', offer: 'login' },
  NATIONAL_ID_REGISTERED: { messageKey: 'authentication.national_id_registered', offer: 'login' },
  CPR_MISMATCH: { messageKey: 'authentication.cpr_mitid_mismatch' },
  CPR_NOT_VALIDATED: { messageKey: 'authentication.cpr_not_validated' },
  MITID_ASSURANCE_TOO_LOW: { messageKey: 'authentication.cpr_not_validated' },
  MITID_TOKEN_EXPIRED: { messageKey: 'authentication.mitid_token_expired' },
  MOBILEPAY_TOKEN_EXPIRED: { messageKey: 'authentication.mitid_token_expired' },
  USER_LOCKED: { messageKey: 'authentication.user_locked' },
  GAME_ACCOUNT_LOCKED: { messageKey: 'authentication.account_locked' },
  MITID_TECHNICAL_ERROR: { messageKey: 'authentication.mitid_technical' },
  MOBILEPAY_TECHNICAL_ERROR: { messageKey: 'authentication.mobilepay_technical' },
  UNDER_MIN_AGE: { messageKey: 'authentication.under_min_age' },
  EMAIL_TAKEN: { messageKey: 'authentication.email_registered' },
  ROFUS_EXCLUDED: { messageKey: 'authentication.rofus_excluded' },
  ROFUS_UNAVAILABLE: { messageKey: 'authentication.rofus_unavailable' },
  REGISTRATION_EXPIRED: { messageKey: 'authentication.transaction_expired', offer: 'register' },
  LOGIN_EXPIRED: { messageKey: 'authentication.state_mismatch' },
  LOGIN_CANCELLED: { messageKey: 'authentication.login_cancelled' },
  SESSION_INVALID: { messageKey: 'authentication.session_invalid' },
};

export const authErrorView = (code: string | null | undefined): AuthErrorView | null =>
  code ? (AUTH_ERRORS[code] ?? { messageKey: 'authentication.generic_error' }) : null;
