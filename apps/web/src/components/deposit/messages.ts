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
  BONUS_CODE_EMPTY: 'validation.bonus_code_empty',
  DEPOSIT_TOO_SMALL: 'validation.min_deposit',
  SESSION_INVALID: 'deposit.login_required',
};

/** Refusals the player resolves on the limits page, shown with a link to it. */
export const LIMITS_CODES = new Set(['DEPOSIT_LIMIT_EXCEEDED', 'DEPOSIT_LIMIT_REQUIRED', 'ACCOUNT_PAUSED', 'ACCOUNT_CLOSED']);

/** Why a payment failed at the provider, as the player reads it. */
export function failureKey(method: string, failureCode: string | null): string {
  if (method === 'mobilepay') return 'deposit.mobilepay_cancelled';
  // Refused at 3-D Secure, or left there until the bank gave up (authentication_timeout).
  if (failureCode === 'authentication_failed' || failureCode === 'authentication_timeout') return 'deposit.threeds_failed';
  if (failureCode === 'incorrect_details' || failureCode === 'invalid_token') return 'deposit.error_card';
  if (failureCode === 'card_declined') return 'deposit.error_declined';
  return 'deposit.error_transfer';
}
