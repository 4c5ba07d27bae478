import { describe, expect, it } from 'vitest';
import { CryptoRng, SeededTestRng, uniformInt } from './rng.js';

/** The chi-square value exceeded with probability 1e-6 for `df` degrees of freedom (Wilson–Hilferty). */
function chiSquareCritical(df: number): number {
  const z = 4.7534; // the standard normal's upper 1e-6 point
  const a = 2 / (9 * df);
  return df * (1 - a + z * Math.sqrt(a)) ** 3;
}

function chiSquare(counts: number[], draws: number): number {
  const expected = draws / counts.length;
  return counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
}

describe('CryptoRng', () => {
  it.each([2, 3, 6, 10, 37, 100, 1000])('int(%i) is uniform by chi-square (p > 1e-6)', (n) => {
    const rng = new CryptoRng();
    const draws = 200 * n + 100_000;
    const counts = new Array<number>(n).fill(0);
    for (let i = 0; i < draws; i++) counts[rng.int(n)]!++;
    expect(chiSquare(counts, draws)).toBeLessThan(chiSquareCritical(n - 1));
  });

  it('refills its pool: more draws than one pool holds keep coming, within range', () => {
    const rng = new CryptoRng(64);
    const seen = new Set<number>();
    for (let i = 0; i < 1000; i++) {
      const x = rng.int(7);
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(7);
      seen.add(x);
    }
    expect(seen.size).toBe(7);
    // 32-bit words: the top bit shows up (a pool of bytes or a sign bug would not give it).
    const words = Array.from({ length: 256 }, () => rng.nextUint32());
    expect(words.some((w) => w >= 2 ** 31)).toBe(true);
    expect(words.every((w) => Number.isInteger(w) && w >= 0 && w < 2 ** 32)).toBe(true);
  });

  it('refuses n outside 1..2^32', () => {
    const rng = new CryptoRng();
    expect(() => rng.int(0)).toThrow(RangeError);
    expect(() => rng.int(2.5)).toThrow(RangeError);
    expect(() => rng.int(2 ** 32 + 1)).toThrow(RangeError);
    expect(rng.int(1)).toBe(0);
    // The cached limit of the last n never stands in for checking a new one.
    expect(rng.int(5)).toBeLessThan(5);
    expect(() => rng.int(0)).toThrow(RangeError);
    expect(() => rng.int(-5)).toThrow(RangeError);
  });
});

describe('the rejection rule (no modulo bias)', () => {
  const scripted = (values: number[]) => {
    let i = 0;
    const source = () => {
      const v = values[i++];
      if (v === undefined) throw new Error('script ran out');
      return v;
    };
    return { source, used: () => i };
  };

  it('int(3): 2^32 − 1 (the one value past the last multiple of 3) is rejected and drawn again', () => {
    // 2^32 = 3 × 1431655765 + 1: values 0 … 4294967294 map onto 0, 1, 2 equally often; 4294967295 would favour 0.
    const s = scripted([4294967295, 4294967295, 5]);
    expect(uniformInt(s.source, 3)).toBe(2);
    expect(s.used()).toBe(3);
    const t = scripted([4294967294]);
    expect(uniformInt(t.source, 3)).toBe(4294967294 % 3);
    expect(t.used()).toBe(1);
  });

  it('int(3 × 2^30): a quarter of the 32-bit range is rejected (modulo would make 0 … 2^30 − 1 twice as likely)', () => {
    const n = 3 * 2 ** 30;
    const s = scripted([n, 2 ** 32 - 1, n + 12345, 7]);
    expect(uniformInt(s.source, n)).toBe(7);
    expect(s.used()).toBe(4);
    expect(uniformInt(scripted([n - 1]).source, n)).toBe(n - 1);
  });

  it('every accepted residue has the same number of preimages, for many n', () => {
    for (const n of [1, 2, 3, 5, 7, 10, 1000, 65_537, 2 ** 31 + 1, 4_000_000_000]) {
      const limit = 2 ** 32 - (2 ** 32 % n);
      expect(limit % n).toBe(0); // accepted values cover each residue limit / n times
      expect(2 ** 32 - limit).toBeLessThan(n); // and the rejected tail is shorter than one full cycle
    }
  });
});

describe('SeededTestRng (tests and the tuner only)', () => {
  it('repeats its sequence for a seed and differs between seeds', () => {
    const a = new SeededTestRng(42);
    const b = new SeededTestRng(42);
    const c = new SeededTestRng(43);
    const seqA = Array.from({ length: 20 }, () => a.int(1000));
    expect(Array.from({ length: 20 }, () => b.int(1000))).toEqual(seqA);
    expect(Array.from({ length: 20 }, () => c.int(1000))).not.toEqual(seqA);
  });

  it('is uniform enough for simulations (chi-square on int(10))', () => {
    const rng = new SeededTestRng(1);
    const counts = new Array<number>(10).fill(0);
    for (let i = 0; i < 100_000; i++) counts[rng.int(10)]!++;
    expect(chiSquare(counts, 100_000)).toBeLessThan(chiSquareCritical(9));
  });
});
