import { formatKr, messageKeyOf, type ErrorCode } from '@krone/domain';

/**
 * The Danish message key of each refusal of a deposit (spec §8), by the platform's code (the
 * domain's catalogue: a removed code or a typo fails the typecheck). Where the deposit page says
 * what the platform says, the key is the catalogue's; the others are the deposit page's own words.
 */
const DEPOSIT_ERRORS = {
  DEPOSIT_LIMIT_EXCEEDED: messageKeyOf('DEPOSIT_LIMIT_EXCEEDED'),
  DEPOSIT_LIMIT_REQUIRED: messageKeyOf('DEPOSIT_LIMIT_REQUIRED'),
  ACCOUNT_PAUSED: 'deposit.error_paused',
  ACCOUNT_CLOSED: 'deposit.error_closed',
  CARD_DETAILS_INCORRECT: messageKeyOf('CARD_DETAILS_INCORRECT'),
  CARD_DECLINED: messageKeyOf('CARD_DECLINED'),
  PAYMENT_PROVIDER_ERROR: messageKeyOf('PAYMENT_PROVIDER_ERROR'),
  INVALID_BONUS_CODE: messageKeyOf('INVALID_BONUS_CODE'),
  BONUS_ALREADY_ACTIVE: messageKeyOf('BONUS_ALREADY_ACTIVE'),
  BONUS_CODE_USED: messageKeyOf('BONUS_CODE_USED'),
  BONUS_FIRST_DEPOSIT_ONLY: messageKeyOf('BONUS_FIRST_DEPOSIT_ONLY'),
  BONUS_DECLINED_AT_REGISTRATION: messageKeyOf('BONUS_DECLINED_AT_REGISTRATION'),
  BONUS_CODE_EMPTY: messageKeyOf('BONUS_CODE_EMPTY'),
  // A campaign's own rules (issue 27): its weekly window, its payment method, its first deposit with that method.
  BONUS_OUTSIDE_WINDOW: messageKeyOf('BONUS_OUTSIDE_WINDOW'),
  BONUS_PAYMENT_METHOD: messageKeyOf('BONUS_PAYMENT_METHOD'),
  BONUS_FIRST_METHOD_DEPOSIT_ONLY: messageKeyOf('BONUS_FIRST_METHOD_DEPOSIT_ONLY'),
  // The platform's own words (deposit.min_amount), under the amount field: they were the
  // storefront's validation.min_deposit before, which disagreed with the platform's answer.
  DEPOSIT_TOO_SMALL: messageKeyOf('DEPOSIT_TOO_SMALL'),
  MOBILEPAY_DEPOSIT_DISABLED: messageKeyOf('MOBILEPAY_DEPOSIT_DISABLED'),
  SESSION_INVALID: 'deposit.login_required',
} satisfies Partial<Record<ErrorCode, string>>;
export const DEPOSIT_ERROR_KEYS: Readonly<Record<string, string>> = DEPOSIT_ERRORS;

/** Refusals of the bonus code, shown under the code field (the player changes or removes the code). */
export const BONUS_CODE_CODES: ReadonlySet<string> = new Set<ErrorCode>([
  'INVALID_BONUS_CODE',
  'BONUS_CODE_EMPTY',
  'BONUS_ALREADY_ACTIVE',
  'BONUS_CODE_USED',
  'BONUS_FIRST_DEPOSIT_ONLY',
  'BONUS_DECLINED_AT_REGISTRATION',
  'BONUS_OUTSIDE_WINDOW',
  'BONUS_PAYMENT_METHOD',
  'BONUS_FIRST_METHOD_DEPOSIT_ONLY',
]);

/** Refusals the player resolves on the limits page, shown with a link to it. */
export const LIMITS_CODES: ReadonlySet<string> = new Set<ErrorCode>([
  'DEPOSIT_LIMIT_EXCEEDED',
  'DEPOSIT_LIMIT_REQUIRED',
  'ACCOUNT_PAUSED',
  'ACCOUNT_CLOSED',
]);

/**
 * The second line of a limit refusal: how much the player may still deposit within the limit
 * broken (the platform's `remainingOre`), or null when the refusal carries no figure.
 */
export function remainingLine(
  code: string | undefined,
  remainingOre: number | undefined,
): { key: string; vars: { amount: string } } | null {
  if (code !== 'DEPOSIT_LIMIT_EXCEEDED' || typeof remainingOre !== 'number' || !Number.isSafeInteger(remainingOre) || remainingOre < 0)
    return null;
  return { key: 'deposit.error_limit_remaining', vars: { amount: formatKr(remainingOre) } };
}

/** Why a payment failed at the provider, as the player reads it. */
export function failureKey(method: string, failureCode: string | null): string {
  if (method === 'mobilepay') return 'deposit.mobilepay_cancelled';
  // Refused at 3-D Secure, or left there until the bank gave up (authentication_timeout).
  if (failureCode === 'authentication_failed' || failureCode === 'authentication_timeout') return 'deposit.threeds_failed';
  if (failureCode === 'incorrect_details' || failureCode === 'invalid_token') return 'deposit.error_card';
  if (failureCode === 'card_declined') return 'deposit.error_declined';
  return 'deposit.error_transfer';
}
