import { describe, expect, it } from 'vitest';
import { costUnits } from './config.js';
import { simulate } from './evaluate.js';
import { exact } from './exact.js';
import { canonicalJson, mathsHash } from './hash.js';
import { isStakeAllowed, winOre } from './money.js';
import { titleById } from './node/titles.js';
import { SeededTestRng } from './rng.js';

const titles = ['vikingernes-guld', 'nordlys-skoven', 'frugt-klassiker'].map((id) => titleById(id)!);

describe('example titles (titles/*.json)', () => {
  it('one per family, each with a distinct maths hash that matches the file', () => {
    expect(titles.map((t) => t.maths.family).sort()).toEqual(['classic', 'lines', 'ways']);
    expect(new Set(titles.map((t) => mathsHash(t.maths))).size).toBe(3);
    for (const t of titles) expect(mathsHash(t.maths)).toBe(t.mathsHash);
  });

  it.each(titles.map((t) => [t.id, t] as const))('%s: exact() equals the figures stated in its file, RTP in 94–97 %%', (_id, t) => {
    const stats = exact(t.maths);
    for (const [key, value] of Object.entries(t.exact)) expect(stats[key as keyof typeof stats]).toBeCloseTo(value, 10);
    expect(stats.rtp).toBeGreaterThanOrEqual(0.94);
    expect(stats.rtp).toBeLessThanOrEqual(0.97);
    expect(stats.rtpBase + stats.rtpFeature).toBeCloseTo(stats.rtp, 12);
    expect(stats.rtpFeature).toBeGreaterThan(0);
  });

  it('the stated values, to four decimals (a change of maths shows here)', () => {
    expect(titles.map((t) => [t.id, Number(exact(t.maths).rtp.toFixed(4))])).toEqual([
      ['vikingernes-guld', 0.9582],
      ['nordlys-skoven', 0.9527],
      ['frugt-klassiker', 0.9451],
    ]);
  });

  it.each(titles.map((t) => [t.id, t] as const))(
    '%s: the engine equals the model: 200 000 simulated rounds land within 4 standard errors of the exact RTP',
    (_id, t) => {
      const stats = exact(t.maths);
      const rounds = 200_000;
      const sim = simulate(t.maths, new SeededTestRng(14), rounds);
      const standardError = stats.standardDeviation / Math.sqrt(rounds);
      expect(Math.abs(sim.rtp - stats.rtp)).toBeLessThan(4 * standardError);
      // Hit frequency is a proportion: its standard error is √(p(1 − p)/n).
      const hitError = Math.sqrt((stats.hitFrequency * (1 - stats.hitFrequency)) / rounds);
      expect(Math.abs(sim.hitFrequency - stats.hitFrequency)).toBeLessThan(4 * hitError);
    },
  );
});

describe('mathsHash', () => {
  it('is stable under key order and changes with any pay', () => {
    const config = titles[0]!.maths;
    // The same config with every object's keys in reverse order, at every depth.
    const reverseKeys = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(reverseKeys)
        : value !== null && typeof value === 'object'
          ? Object.fromEntries(
              Object.entries(value)
                .reverse()
                .map(([k, v]) => [k, reverseKeys(v)]),
            )
          : value;
    const reversed = reverseKeys(config) as typeof config;
    expect(JSON.stringify(reversed)).not.toBe(JSON.stringify(config));
    expect(mathsHash(reversed)).toBe(mathsHash(config));
    const changed = structuredClone(config);
    changed.symbols[0]!.pays![2]! += 1;
    expect(mathsHash(changed)).not.toBe(mathsHash(config));
    expect(mathsHash(config)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('canonical JSON sorts keys at every depth', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}');
  });
});

describe('the money rule', () => {
  it('allows stakes in whole øre per unit, and turns units into integer øre', () => {
    const config = titles[0]!.maths; // 20 lines
    expect(costUnits(config)).toBe(20);
    expect(isStakeAllowed(config, 200)).toBe(true);
    expect(isStakeAllowed(config, 210)).toBe(false);
    expect(winOre(config, 200, 37)).toBe(370);
    expect(() => winOre(config, 210, 37)).toThrow(RangeError);
    const waysConfig = titles[1]!.maths; // costs 25 units
    expect(winOre(waysConfig, 100, 13)).toBe(52);
  });
});
