/**
 * Money is always an integer number of øre (1 kr. = 100 øre). Nothing here touches floating point
 * arithmetic: amounts are converted to bigint and split into kroner and øre with integer division.
 */

/** Spec §5 and §9: the smallest deposit is 100.00 kr. */
export const MIN_DEPOSIT_ORE = 10_000;
/** The largest single deposit: 100.000 kr. (the platform refuses more; the storefront says so first). */
export const MAX_DEPOSIT_ORE = 10_000_000;
export const MIN_WITHDRAWAL_ORE = 10_000;
export const QUICK_DEPOSIT_AMOUNTS_ORE: readonly number[] = Object.freeze([100_000, 50_000, 20_000]);

const ORE_PER_KRONE = 100n;
const MAX_SAFE_ORE = BigInt(Number.MAX_SAFE_INTEGER);

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

function toOreBigInt(amountOre: number | bigint): bigint {
  if (typeof amountOre === 'bigint') return amountOre;
  if (!Number.isSafeInteger(amountOre)) {
    throw new RangeError(`amountOre must be a safe integer number of øre, got ${amountOre}`);
  }
  return BigInt(amountOre);
}

/**
 * Formats øre the Danish way: "1.234.567,89 kr.", and whole kroner without decimals ("100 kr.").
 * Built by hand rather than with Intl, whose output differs between ICU builds.
 */
export function formatKr(amountOre: number | bigint): string {
  const ore = toOreBigInt(amountOre);
  const sign = ore < 0n ? '-' : '';
  const absolute = ore < 0n ? -ore : ore;
  const kroner = groupThousands((absolute / ORE_PER_KRONE).toString());
  const fraction = absolute % ORE_PER_KRONE;
  if (fraction === 0n) return `${sign}${kroner} kr.`;
  return `${sign}${kroner},${fraction.toString().padStart(2, '0')} kr.`;
}

/*
 * Accepted: "100", "100,5", "100,50", "1.000", "1.000,00", "1000,00", optionally followed by "kr"
 * or "kr.", with surrounding whitespace. The comma is the only decimal separator and a dot only
 * separates groups of exactly three digits. "100.5" is rejected rather than guessed at: read the
 * Danish way it is malformed, read the English way it is 100,50, and a money field must not guess.
 */
const AMOUNT_PATTERN = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?(?:\s*kr\.?)?$/i;
const MAX_INPUT_LENGTH = 64;

/**
 * Parses an amount typed by a player into øre. Returns null for anything that is not a
 * non-negative Danish amount with at most two decimals, or that exceeds Number.MAX_SAFE_INTEGER øre.
 */
export function parseKrToOre(input: string): number | null {
  if (input.length > MAX_INPUT_LENGTH) return null;
  const match = AMOUNT_PATTERN.exec(input.trim());
  if (!match) return null;
  const kronerDigits = (match[1] ?? '').replaceAll('.', '');
  const fractionDigits = (match[2] ?? '').padEnd(2, '0');
  const ore = BigInt(kronerDigits) * ORE_PER_KRONE + BigInt(fractionDigits);
  if (ore > MAX_SAFE_ORE) return null;
  return Number(ore);
}
