import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { MIN_DEPOSIT_ORE, MIN_WITHDRAWAL_ORE, QUICK_DEPOSIT_AMOUNTS_ORE, formatKr, parseKrToOre } from './money';

describe('formatKr', () => {
  it.each([
    [0, '0 kr.'],
    [1, '0,01 kr.'],
    [10, '0,10 kr.'],
    [99, '0,99 kr.'],
    [100, '1 kr.'],
    [2_000, '20 kr.'],
    [10_000, '100 kr.'],
    [12_345, '123,45 kr.'],
    [100_000, '1.000 kr.'],
    [100_050, '1.000,50 kr.'],
    [123_456_789, '1.234.567,89 kr.'],
    [-500, '-5 kr.'],
    [-12_345, '-123,45 kr.'],
    [-1, '-0,01 kr.'],
    [-0, '0 kr.'],
    [Number.MAX_SAFE_INTEGER, '90.071.992.547.409,91 kr.'],
  ])('formats %s øre as %s', (amountOre, expected) => {
    expect(formatKr(amountOre)).toBe(expected);
  });

  it('formats bigint amounts beyond the safe integer range', () => {
    expect(formatKr(10n)).toBe('0,10 kr.');
    expect(formatKr(123_456_789_012_345_678_900n)).toBe('1.234.567.890.123.456.789 kr.');
    expect(formatKr(-10_000_001n)).toBe('-100.000,01 kr.');
  });

  it.each([0.5, 1.1, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1])(
    'rejects %s, which is not a whole number of øre',
    (amountOre) => {
      expect(() => formatKr(amountOre)).toThrow(RangeError);
    },
  );

  it('always has the Danish shape', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), (ore) => {
        expect(formatKr(ore)).toMatch(/^-?\d{1,3}(\.\d{3})*(,\d{2})? kr\.$/);
      }),
    );
  });

  it('agrees for number and bigint input', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (ore) => {
        expect(formatKr(ore)).toBe(formatKr(BigInt(ore)));
      }),
    );
  });

  it('negates by prefixing a minus sign', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (ore) => {
        expect(formatKr(-ore)).toBe(`-${formatKr(ore)}`);
      }),
    );
  });
});

describe('parseKrToOre', () => {
  it.each([
    ['100', 10_000],
    ['0', 0],
    ['100,5', 10_050],
    ['100,50', 10_050],
    ['100,05', 10_005],
    ['0,01', 1],
    ['1.000', 100_000],
    ['1.000,00', 100_000],
    ['1000,00', 100_000],
    ['1.234.567,89', 123_456_789],
    ['  250 ', 25_000],
    ['100 kr.', 10_000],
    ['1.000,50 kr', 100_050],
    ['12,34kr.', 1_234],
    ['007', 700],
    ['90.071.992.547.409,91', Number.MAX_SAFE_INTEGER],
  ])('parses %j as %s øre', (input, expected) => {
    expect(parseKrToOre(input)).toBe(expected);
  });

  it.each([
    '',
    '   ',
    'kr.',
    'abc',
    '100,505',
    '100,',
    ',50',
    '-5',
    '+5',
    '-0,01',
    '100.5',
    '100.50',
    '1.00',
    '1.0000',
    '1,000.00',
    '10.00,00',
    '1 000',
    '1e3',
    '0x10',
    '१००',
    '100 kr. 50',
    '90.071.992.547.409,92',
    '99999999999999999999',
    '1'.repeat(100),
  ])('rejects %j', (input) => {
    expect(parseKrToOre(input)).toBeNull();
  });

  it('reads back every non-negative amount formatKr writes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (ore) => {
        expect(parseKrToOre(formatKr(ore))).toBe(ore);
      }),
    );
  });

  it('reads ungrouped kroner with two decimals', () => {
    fc.assert(
      fc.property(fc.nat({ max: 10 ** 9 }), fc.nat({ max: 99 }), (kroner, ore) => {
        const input = `${kroner},${String(ore).padStart(2, '0')}`;
        expect(parseKrToOre(input)).toBe(kroner * 100 + ore);
      }),
    );
  });

  it('returns null or a safe non-negative integer for any input', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789.,- kr'.split('')) }), (input) => {
        const ore = parseKrToOre(input);
        if (ore !== null) {
          expect(Number.isSafeInteger(ore)).toBe(true);
          expect(ore).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });
});

describe('money constants', () => {
  it('matches the spec', () => {
    expect(MIN_DEPOSIT_ORE).toBe(10_000);
    expect(MIN_WITHDRAWAL_ORE).toBe(10_000);
    expect(QUICK_DEPOSIT_AMOUNTS_ORE).toEqual([100_000, 50_000, 20_000]);
    expect(Object.isFrozen(QUICK_DEPOSIT_AMOUNTS_ORE)).toBe(true);
  });
});
