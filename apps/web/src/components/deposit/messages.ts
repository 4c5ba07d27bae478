import { formatKr } from '@krone/domain';

/** The Danish message key of each refusal of a deposit (spec §8), by the platform's code. */
export const DEPOSIT_ERROR_KEYS: Record<string, string> = {
  DEPOSIT_LIMIT_EXCEEDED: 'deposit.error_limit',
  DEPOSIT_LIMIT_REQUIRED: 'deposit.error_limit_required',
  ACCOUNT_PAUSED: 'deposit.error_paused',
  ACCOUNT_CLOSED: 'deposit.error_closed',
  CARD_DETAILS_INCORRECT: 'deposit.error_card',
  CARD_DECLINED: 'deposit.error_declined',
  PAYMENT_PROVIDER_ERROR: 'deposit.error_transfer',
  ACCOUNT_NOT_ACTIVE: 'deposit.error_transfer',
  INVALID_BONUS_CODE: 'deposit.error_bonus_code',
  BONUS_ALREADY_ACTIVE: 'deposit.error_bonus_active',
  BONUS_CODE_USED: 'deposit.error_bonus_used',
  BONUS_FIRST_DEPOSIT_ONLY: 'deposit.error_bonus_first_deposit',
  BONUS_DECLINED_AT_REGISTRATION: 'deposit.error_bonus_declined',
  BONUS_CODE_EMPTY: 'validation.bonus_code_empty',
  DEPOSIT_TOO_SMALL: 'validation.min_deposit',
  SESSION_INVALID: 'deposit.login_required',
};

/** Refusals of the bonus code, shown under the code field (the player changes or removes the code). */
export const BONUS_CODE_CODES = new Set([
  'INVALID_BONUS_CODE',
  'BONUS_CODE_EMPTY',
  'BONUS_ALREADY_ACTIVE',
  'BONUS_CODE_USED',
  'BONUS_FIRST_DEPOSIT_ONLY',
  'BONUS_DECLINED_AT_REGISTRATION',
]);

/** Refusals the player resolves on the limits page, shown with a link to it. */
export const LIMITS_CODES = new Set(['DEPOSIT_LIMIT_EXCEEDED', 'DEPOSIT_LIMIT_REQUIRED', 'ACCOUNT_PAUSED', 'ACCOUNT_CLOSED']);

/**
 * The second line of a limit refusal: how much the player may still deposit within the limit
 * broken (the platform's `remainingOre`), or null when the refusal carries no figure.
 */
export function remainingLine(code: string | undefined, remainingOre: number | undefined): { key: string; vars: { amount: string } } | null {
  if (code !== 'DEPOSIT_LIMIT_EXCEEDED' || typeof remainingOre !== 'number' || !Number.isSafeInteger(remainingOre) || remainingOre < 0) return null;
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
