import { describe, expect, it } from 'vitest';
import { SeededTestRng, type Rng } from '../rng.js';
import { rtpPercent } from '../table/roulette.js';
import {
  MONEY_WHEEL_COUNTS,
  MONEY_WHEEL_FIELDS,
  MONEY_WHEEL_LARGEST_RETURN,
  MONEY_WHEEL_NUMBERS,
  MONEY_WHEEL_ORDER,
  moneyWheelReturnOre,
  moneyWheelRtp,
  moneyWheelSpinOf,
  spinMoneyWheel,
  type MoneyWheelNumber,
} from './money-wheel.js';

const indexOf = (kind: 'number' | 'multiplier', value: number) =>
  MONEY_WHEEL_ORDER.findIndex((field) => field.kind === kind && field.value === value);

/** A source that answers the given field indices in turn (each below 54, so int(54) returns it). */
const scripted = (indices: number[]): Rng => {
  let i = 0;
  return { nextUint32: () => indices[i++]!, int: () => indices[i++]! };
};

const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b));

describe('the money wheel', () => {
  it('has 54 fields: the stated count of each number, and one 2× and one 7× multiplier opposite each other', () => {
    expect(MONEY_WHEEL_ORDER).toHaveLength(MONEY_WHEEL_FIELDS);
    for (const number of MONEY_WHEEL_NUMBERS)
      expect(MONEY_WHEEL_ORDER.filter((field) => field.kind === 'number' && field.value === number)).toHaveLength(
        MONEY_WHEEL_COUNTS[number],
      );
    const multipliers = MONEY_WHEEL_ORDER.flatMap((field, index) => (field.kind === 'multiplier' ? [{ index, value: field.value }] : []));
    expect(multipliers.map((m) => m.value).sort()).toEqual([2, 7]);
    expect(Math.abs(multipliers[0]!.index - multipliers[1]!.index)).toBe(MONEY_WHEEL_FIELDS / 2);
    // No two fields of the same rarer number (5 and up) side by side.
    for (let i = 0; i < MONEY_WHEEL_FIELDS; i++) {
      const a = MONEY_WHEEL_ORDER[i]!;
      const b = MONEY_WHEEL_ORDER[(i + 1) % MONEY_WHEEL_FIELDS]!;
      if (a.kind === 'number' && a.value >= 5) expect(b.kind === 'number' && b.value === a.value).toBe(false);
    }
  });

  it('a number ends the round; multipliers spin again and multiply, the first two only', () => {
    expect(moneyWheelSpinOf([indexOf('number', 10)])).toMatchObject({ number: 10, multiplier: 1 });
    expect(spinMoneyWheel(scripted([indexOf('multiplier', 7), indexOf('number', 5)]))).toMatchObject({ number: 5, multiplier: 7 });
    const threeMultipliers = [indexOf('multiplier', 7), indexOf('multiplier', 7), indexOf('multiplier', 2), indexOf('number', 40)];
    expect(spinMoneyWheel(scripted(threeMultipliers))).toEqual({ fields: threeMultipliers, number: 40, multiplier: 49 });
    // A kept round that does not read as one is refused, not guessed at.
    expect(() => moneyWheelSpinOf([])).toThrow(RangeError);
    expect(() => moneyWheelSpinOf([indexOf('multiplier', 2)])).toThrow(RangeError);
    expect(() => moneyWheelSpinOf([indexOf('number', 1), indexOf('number', 2)])).toThrow(RangeError);
    expect(() => moneyWheelSpinOf([54])).toThrow(RangeError);
  });

  it('a bet returns stake × (number × multiplier + 1) on its number and nothing otherwise, in whole øre', () => {
    const spin = moneyWheelSpinOf([indexOf('multiplier', 2), indexOf('multiplier', 7), indexOf('number', 40)]);
    expect(moneyWheelReturnOre({ number: 40, stakeOre: 100 }, spin)).toBe(100 * (40 * 14 + 1));
    expect(moneyWheelReturnOre({ number: 20, stakeOre: 100 }, spin)).toBe(0);
    expect(100 * MONEY_WHEEL_LARGEST_RETURN).toBe(
      moneyWheelReturnOre(
        { number: 40, stakeOre: 100 },
        moneyWheelSpinOf([indexOf('multiplier', 7), indexOf('multiplier', 7), indexOf('number', 40)]),
      ),
    );
    expect(() => moneyWheelReturnOre({ number: 3 as MoneyWheelNumber, stakeOre: 100 }, spin)).toThrow(RangeError);
    expect(() => moneyWheelReturnOre({ number: 1, stakeOre: 0.5 }, spin)).toThrow(RangeError);
  });

  it('the RTP walked over the spin tree equals the closed form c/52 × (p × 3357/2916 + 1) for every bet', () => {
    // E[multiplier] = 52/54 + (2/54)(52/54)(9/2) + (2/54)²(9/2)² = 3357/2916 (the mean multiplier is 4.5).
    for (const number of MONEY_WHEEL_NUMBERS) {
      const count = BigInt(MONEY_WHEEL_COUNTS[number]);
      let n = count * (BigInt(number) * 3357n + 2916n);
      let d = 52n * 2916n;
      const g = gcd(n, d);
      n /= g;
      d /= g;
      expect(moneyWheelRtp(number)).toEqual({ numerator: Number(n), denominator: Number(d) });
    }
    expect(Object.fromEntries(MONEY_WHEEL_NUMBERS.map((number) => [number, rtpPercent(moneyWheelRtp(number))]))).toEqual({
      1: '95.15',
      2: '95.26',
      5: '90.95',
      10: '96.25',
      20: '92.40',
      40: '90.48',
    });
  });

  it('10^5 seeded rounds of the engine return within 4 standard errors of the exact RTP on a bet on 1', () => {
    const rng = new SeededTestRng(20261127);
    const rounds = 100_000;
    let sum = 0;
    let squares = 0;
    for (let i = 0; i < rounds; i++) {
      const value = moneyWheelReturnOre({ number: 1, stakeOre: 1 }, spinMoneyWheel(rng));
      sum += value;
      squares += value * value;
    }
    const mean = sum / rounds;
    const sd = Math.sqrt(squares / rounds - mean * mean);
    const exact = moneyWheelRtp(1);
    expect(Math.abs(mean - exact.numerator / exact.denominator)).toBeLessThan((4 * sd) / Math.sqrt(rounds));
  });
});
