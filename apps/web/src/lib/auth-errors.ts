import { messageKeyOf, type ErrorCode } from '@krone/domain';

/**
 * The login and registration refusals of spec §8, by the platform's code: the Danish message's
 * key, and what the page offers next.
 */
export interface AuthErrorView {
  messageKey: string;
  offer?: 'register' | 'login';
  /** A fault on our side or a provider's, not the person's: shown under "Systemmeddelelse" (spec §8). */
  system?: true;
}

const platform = (code: ErrorCode, offer?: AuthErrorView['offer']): AuthErrorView => ({
  messageKey: messageKeyOf(code),
  ...(offer ? { offer } : {}),
});

/**
 * Keyed by the domain catalogue's codes (a removed code or a typo fails the typecheck); the
 * message is the catalogue's key, except the technical errors, which have their own words here.
 */
const AUTH_ERROR_VIEWS = {
  NO_ACTIVE_ACCOUNT: platform('NO_ACTIVE_ACCOUNT', 'register'),
  MOBILEPAY_NO_ACCOUNT: platform('MOBILEPAY_NO_ACCOUNT'),
  CPR_ALREADY_LINKED: platform('CPR_ALREADY_LINKED', 'login'),
  NATIONAL_ID_REGISTERED: platform('NATIONAL_ID_REGISTERED', 'login'),
  CPR_MISMATCH: platform('CPR_MISMATCH'),
  CPR_NOT_VALIDATED: platform('CPR_NOT_VALIDATED'),
  MITID_ASSURANCE_TOO_LOW: platform('MITID_ASSURANCE_TOO_LOW'),
  MITID_TOKEN_EXPIRED: platform('MITID_TOKEN_EXPIRED'),
  MOBILEPAY_TOKEN_EXPIRED: platform('MOBILEPAY_TOKEN_EXPIRED'),
  USER_LOCKED: platform('USER_LOCKED'),
  GAME_ACCOUNT_LOCKED: platform('GAME_ACCOUNT_LOCKED'),
  MITID_TECHNICAL_ERROR: { messageKey: 'authentication.mitid_technical', system: true },
  MOBILEPAY_TECHNICAL_ERROR: { messageKey: 'authentication.mobilepay_technical', system: true },
  SERVER_ERROR: { messageKey: 'authentication.generic_error', system: true },
  PLAYER_NOT_FOUND: platform('PLAYER_NOT_FOUND'),
  UNDER_MIN_AGE: platform('UNDER_MIN_AGE'),
  EMAIL_TAKEN: platform('EMAIL_TAKEN'),
  ROFUS_EXCLUDED: platform('ROFUS_EXCLUDED'),
  ROFUS_UNAVAILABLE: { ...platform('ROFUS_UNAVAILABLE'), system: true },
  REGISTRATION_EXPIRED: platform('REGISTRATION_EXPIRED', 'register'),
  LOGIN_EXPIRED: platform('LOGIN_EXPIRED'),
  LOGIN_CANCELLED: platform('LOGIN_CANCELLED'),
  SESSION_INVALID: platform('SESSION_INVALID'),
} satisfies Partial<Record<ErrorCode, AuthErrorView>>;
export const AUTH_ERRORS: Readonly<Record<string, AuthErrorView>> = AUTH_ERROR_VIEWS;

export const authErrorView = (code: string | null | undefined): AuthErrorView | null =>
  code ? (AUTH_ERRORS[code] ?? { messageKey: 'authentication.generic_error', system: true }) : null;
