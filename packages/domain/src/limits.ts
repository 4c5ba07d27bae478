import { parseKrToOre } from './money';

/**
 * Deposit limits and pauses: the rules the registration limit step, the limits page and the
 * platform share, so the three always agree.
 */

export const DEPOSIT_LIMIT_PERIODS = ['day', 'week', 'month', 'year'] as const;
export type DepositLimitPeriod = (typeof DEPOSIT_LIMIT_PERIODS)[number];

/** Suggested limits in kroner; a custom amount is always possible. */
export const SUGGESTED_DEPOSIT_LIMITS_KR: readonly number[] = Object.freeze([500, 1000, 2500, 5000]);

/** The smallest limit: 1 kr. (a player may block their own deposits altogether). */
export const MIN_DEPOSIT_LIMIT_ORE = 100;
/** The largest: 10 million kr., far above any real budget and far below 2^53 øre. */
export const MAX_DEPOSIT_LIMIT_ORE = 1_000_000_000;

/** A raise (or the removal of a period's limit) waits this long (spec §4, §9). */
export const LIMIT_INCREASE_DELAY_MS = 24 * 3_600_000;

/**
 * How far back each period looks (spec §9): a day, 7 days for a week, 30 days for a month; a
 * year (spec §3 and §9: "periods day, week, month, year") 365 days, a rolling year as the month is
 * a rolling 30 days.
 */
export const DEPOSIT_LIMIT_LOOK_BACK_DAYS: Readonly<Record<DepositLimitPeriod, number>> = Object.freeze({
  day: 1,
  week: 7,
  month: 30,
  year: 365,
});

/** Pauses the player may take (spec §9): 24 hours or 30 days. */
export const PAUSE_DURATIONS = ['24h', '30d'] as const;
export type PauseDuration = (typeof PAUSE_DURATIONS)[number];
export const PAUSE_DURATION_MS: Readonly<Record<PauseDuration, number>> = Object.freeze({
  '24h': 24 * 3_600_000,
  '30d': 30 * 24 * 3_600_000,
});

export function isDepositLimitPeriod(value: unknown): value is DepositLimitPeriod {
  return typeof value === 'string' && (DEPOSIT_LIMIT_PERIODS as readonly string[]).includes(value);
}

/** Whether an amount is a limit the platform accepts: whole øre, within the bounds. */
export function isValidDepositLimitOre(amountOre: unknown): amountOre is number {
  return (
    typeof amountOre === 'number' &&
    Number.isSafeInteger(amountOre) &&
    amountOre >= MIN_DEPOSIT_LIMIT_ORE &&
    amountOre <= MAX_DEPOSIT_LIMIT_ORE
  );
}

export type LimitAmountChoice = { ok: true; amountOre: number } | { ok: false; errorKey: string };

/**
 * The amount a player chose in a limit form: one of the suggested amounts (kroner as a string) or
 * `custom` with the kroner they typed ("2.500", "750,50"). Answers øre, or the key of the Danish
 * message to show next to the field.
 */
export function chooseLimitAmount(choice: string, customText: string): LimitAmountChoice {
  if (!choice) return { ok: false, errorKey: 'validation.limit_required' };
  if (choice === 'custom') {
    if (!customText.trim()) return { ok: false, errorKey: 'validation.custom_limit_required' };
    const amountOre = parseKrToOre(customText);
    return amountOre !== null && isValidDepositLimitOre(amountOre)
      ? { ok: true, amountOre }
      : { ok: false, errorKey: 'validation.amount_invalid' };
  }
  const kroner = Number(choice);
  if (!SUGGESTED_DEPOSIT_LIMITS_KR.includes(kroner)) return { ok: false, errorKey: 'validation.limit_required' };
  return { ok: true, amountOre: kroner * 100 };
}
