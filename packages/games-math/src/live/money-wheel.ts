import type { Rng } from '../rng.js';
import type { RtpFraction } from '../table/roulette.js';

/**
 * The maths of a money wheel game show (the live studio stand-in's "Karrusellen Live"), pure: the
 * wheel's 54 fields, the spin (unbiased draws from the Rng), the settlement of a round's bets in
 * integer øre and each bet's return to player as an exact fraction.
 *
 * The wheel. 52 fields carry a number (1, 2, 5, 10, 20 or 40: a bet on that number pays it "to 1",
 * the stake back on top) and 2 carry a multiplier (2× and 7×). A multiplier field wins nothing by
 * itself: the wheel is spun again and the payouts of the next number are multiplied. At most two
 * multipliers count (their product, 4× … 49×); a third or later multiplier in a row is spun past
 * without counting, so the largest win is bounded: 40 × 7 × 7 = 1 960 to 1, the stake back on top.
 *
 * Money rule. A bet's return is `stakeOre × (payout × multiplier + 1)` when its number is the one
 * the spins end on and 0 otherwise: whole øre for every stake, nothing rounded.
 */

export const MONEY_WHEEL_FIELDS = 54;

/** The numbers a player can bet on, each paying itself "to 1". */
export const MONEY_WHEEL_NUMBERS = [1, 2, 5, 10, 20, 40] as const;
export type MoneyWheelNumber = (typeof MONEY_WHEEL_NUMBERS)[number];

/** How many of the 54 fields carry each number, and the multipliers on the other two. */
export const MONEY_WHEEL_COUNTS: Readonly<Record<MoneyWheelNumber, number>> = Object.freeze({ 1: 23, 2: 15, 5: 7, 10: 4, 20: 2, 40: 1 });
export const MONEY_WHEEL_MULTIPLIERS: readonly number[] = Object.freeze([2, 7]);
/** Multipliers that count in one round (their product); later ones are spun past. */
export const MONEY_WHEEL_COUNTED_MULTIPLIERS = 2;

export type MoneyWheelField =
  { readonly kind: 'number'; readonly value: MoneyWheelNumber } | { readonly kind: 'multiplier'; readonly value: number };

/**
 * The fields clockwise from the pointer's rest: numbers spread so that no two like fields of the
 * rarer numbers sit side by side, the two multipliers opposite each other. Built, not typed out, and
 * checked by the tests against the counts.
 */
export const MONEY_WHEEL_ORDER: readonly MoneyWheelField[] = Object.freeze(buildOrder());

function buildOrder(): MoneyWheelField[] {
  // Rarer numbers first, each placed at evenly spaced free positions; 1s fill what is left.
  const slots: (MoneyWheelField | null)[] = Array.from({ length: MONEY_WHEEL_FIELDS }, () => null);
  const place = (field: MoneyWheelField, count: number, offset: number) => {
    for (let i = 0; i < count; i++) {
      let at = Math.floor(offset + (i * MONEY_WHEEL_FIELDS) / count) % MONEY_WHEEL_FIELDS;
      while (slots[at]) at = (at + 1) % MONEY_WHEEL_FIELDS;
      slots[at] = field;
    }
  };
  place({ kind: 'multiplier', value: 2 }, 1, 0);
  place({ kind: 'multiplier', value: 7 }, 1, MONEY_WHEEL_FIELDS / 2);
  place({ kind: 'number', value: 40 }, MONEY_WHEEL_COUNTS[40], 13);
  place({ kind: 'number', value: 20 }, MONEY_WHEEL_COUNTS[20], 7);
  place({ kind: 'number', value: 10 }, MONEY_WHEEL_COUNTS[10], 4);
  place({ kind: 'number', value: 5 }, MONEY_WHEEL_COUNTS[5], 2);
  place({ kind: 'number', value: 2 }, MONEY_WHEEL_COUNTS[2], 1);
  return slots.map((field) => field ?? { kind: 'number', value: 1 });
}

export interface MoneyWheelBet {
  readonly number: MoneyWheelNumber;
  readonly stakeOre: number;
}

/** A round's spins: the field index of every spin in order, the last one a number. */
export interface MoneyWheelSpin {
  readonly fields: readonly number[];
  readonly number: MoneyWheelNumber;
  /** The product of the multipliers that counted (1 without any). */
  readonly multiplier: number;
}

/** Reads a round from its field indices (a drawn round, or one replayed from its kept draws). */
export function moneyWheelSpinOf(fields: readonly number[]): MoneyWheelSpin {
  if (fields.length === 0) throw new RangeError('a money wheel round has at least one spin');
  let multiplier = 1;
  let counted = 0;
  for (let i = 0; i < fields.length; i++) {
    const index = fields[i]!;
    if (!(Number.isInteger(index) && index >= 0 && index < MONEY_WHEEL_FIELDS)) throw new RangeError(`a field is 0..53, got ${index}`);
    const field = MONEY_WHEEL_ORDER[index]!;
    const last = i === fields.length - 1;
    if (field.kind === 'number') {
      if (!last) throw new RangeError('a number ends the round: no spin follows it');
      return { fields: [...fields], number: field.value, multiplier };
    }
    if (last) throw new RangeError('a multiplier is followed by another spin');
    if (counted < MONEY_WHEEL_COUNTED_MULTIPLIERS) {
      multiplier *= field.value;
      counted++;
    }
  }
  throw new RangeError('unreachable');
}

/** Spins until a number: each spin one uniform draw of the 54 fields. */
export function spinMoneyWheel(rng: Rng): MoneyWheelSpin {
  const fields: number[] = [];
  for (;;) {
    const index = rng.int(MONEY_WHEEL_FIELDS);
    fields.push(index);
    if (MONEY_WHEEL_ORDER[index]!.kind === 'number') return moneyWheelSpinOf(fields);
  }
}

/** What a bet returns for a round, the stake included (0 when its number did not come). */
export function moneyWheelReturnOre(bet: MoneyWheelBet, spin: MoneyWheelSpin): number {
  if (!(Number.isSafeInteger(bet.stakeOre) && bet.stakeOre > 0))
    throw new RangeError(`a stake is a positive whole number of øre, got ${bet.stakeOre}`);
  if (!MONEY_WHEEL_NUMBERS.includes(bet.number)) throw new RangeError(`no such number on the wheel: ${bet.number}`);
  return bet.number === spin.number ? bet.stakeOre * (bet.number * spin.multiplier + 1) : 0;
}

/** The largest return of a round per øre staked on one bet: 40 × 7 × 7 + 1. */
export const MONEY_WHEEL_LARGEST_RETURN = 40 * 7 * 7 + 1;

const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b));

/**
 * The exact return to player of a bet on `number`, computed by walking the spin tree itself (not a
 * formula): the first spin's 54 fields; after a multiplier the second spin's; after two counted
 * multipliers the number the wheel finally stops on, which is each number field with the same
 * chance whatever multipliers are spun past on the way (each spin is independent: P(a given
 * number field | the spin lands a number) = 1/52). Every weight is an exact fraction.
 */
export function moneyWheelRtp(number: MoneyWheelNumber): RtpFraction {
  const fields = BigInt(MONEY_WHEEL_FIELDS);
  const numberFields = BigInt(MONEY_WHEEL_ORDER.filter((field) => field.kind === 'number').length);
  // Sum of P(path) × return per unit stake, as num/den with den a power product kept explicit.
  let num = 0n;
  let den = 1n;
  const add = (n: bigint, d: bigint) => {
    num = num * d + n * den;
    den = den * d;
    const g = gcd(num, den);
    num /= g;
    den /= g;
  };
  const walk = (depth: number, multiplier: bigint, pathDen: bigint) => {
    for (const field of MONEY_WHEEL_ORDER) {
      if (field.kind === 'number') {
        if (field.value === number) add(BigInt(field.value) * multiplier + 1n, pathDen * fields);
      } else if (depth + 1 < MONEY_WHEEL_COUNTED_MULTIPLIERS) {
        walk(depth + 1, multiplier * BigInt(field.value), pathDen * fields);
      } else {
        // The last counted multiplier: the round ends on a number field, each of the 52 alike.
        const product = multiplier * BigInt(field.value);
        for (const final of MONEY_WHEEL_ORDER)
          if (final.kind === 'number' && final.value === number) add(BigInt(final.value) * product + 1n, pathDen * fields * numberFields);
      }
    }
  };
  walk(0, 1n, 1n);
  return { numerator: Number(num), denominator: Number(den) };
}
