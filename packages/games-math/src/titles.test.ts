import { describe, expect, it } from 'vitest';
import { costUnits, type GameConfig } from './config.js';
import { simulate } from './evaluate.js';
import { exact } from './exact.js';
import { canonicalJson, mathsHash } from './hash.js';
import { isStakeAllowed, winOre } from './money.js';
import { loadTitles, titleById } from './node/titles.js';
import { CryptoRng, SeededTestRng, type Rng } from './rng.js';
import { exactRtp } from './rtp.js';
import {
  FEATURES,
  LARGEST_WIN_BANDS,
  largestWinKind,
  VOLATILITIES,
  VOLATILITY_SD_THRESHOLDS,
  volatilityOf,
  type LargestWinKind,
  type Title,
} from './title.js';

const catalogue = loadTitles();
const examples = ['vikingernes-guld', 'nordlys-skoven', 'frugt-klassiker'].map((id) => titleById(id)!);
const titles = examples;
const layoutOf = (m: GameConfig) => `${m.reels.length}x${m.rows}`;
const share = (predicate: (t: Title) => boolean) => catalogue.filter(predicate).length / catalogue.length;

/** `count` titles drawn without replacement by a seeded generator (the same sample every run). */
function sample(list: readonly Title[], count: number, seed: number): Title[] {
  const rng = new SeededTestRng(seed);
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, count);
}

const close = (actual: number, stated: number) =>
  expect(Math.abs(actual - stated)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(stated)));

describe('the catalogue (titles/*.json, through the loader)', () => {
  it('holds more than 700 titles; every file parses, ids, names and maths hashes are unique, each hash is its maths', () => {
    expect(catalogue.length).toBeGreaterThan(700);
    expect(new Set(catalogue.map((t) => t.id)).size).toBe(catalogue.length);
    expect(new Set(catalogue.map((t) => t.name.toLowerCase())).size).toBe(catalogue.length);
    expect(new Set(catalogue.map((t) => t.mathsHash)).size).toBe(catalogue.length);
    for (const t of catalogue) expect(mathsHash(t.maths), t.id).toBe(t.mathsHash);
  });

  it('every title: exactRtp() of its maths is the RTP stated in its file, between 94 % and 97 %', { timeout: 120_000 }, () => {
    for (const t of catalogue) {
      const fast = exactRtp(t.maths);
      close(fast.rtp, t.exact.rtp);
      close(fast.rtpBase, t.exact.rtpBase);
      close(fast.rtpFeature, t.exact.rtpFeature);
      close(fast.featureFrequency, t.exact.featureFrequency);
      expect(t.exact.rtp, t.id).toBeGreaterThanOrEqual(0.94);
      expect(t.exact.rtp, t.id).toBeLessThanOrEqual(0.97);
    }
  });

  it('full exact() equals every stated figure for a seeded sample of 25 titles and the 3 examples', { timeout: 120_000 }, () => {
    for (const t of [...sample(catalogue, 25, 14), ...examples]) {
      const stats = exact(t.maths);
      for (const [key, value] of Object.entries(t.exact)) close(stats[key as keyof typeof stats], value);
    }
  });

  it(
    'every title: the largest win is what exact() computes and lies in its kind’s band, the more volatile classes higher in it',
    { timeout: 300_000 },
    () => {
      // What real operators' slots show (× stake): three-reel games 250–2 500, lines 1 000–10 000, ways 2 000–50 000.
      expect(LARGEST_WIN_BANDS).toEqual({ 'three-reel': [250, 2_500], lines: [1_000, 10_000], ways: [2_000, 50_000] });
      const byKind = new Map<string, number[]>();
      for (const t of catalogue) {
        close(exact(t.maths).largestWin, t.exact.largestWin);
        const kind = largestWinKind(t.maths);
        const [min, max] = LARGEST_WIN_BANDS[kind];
        expect(t.exact.largestWin, t.id).toBeGreaterThanOrEqual(min);
        expect(t.exact.largestWin, t.id).toBeLessThanOrEqual(max);
        const key = `${kind} ${t.volatility}`;
        byKind.set(key, [...(byKind.get(key) ?? []), t.exact.largestWin]);
      }
      const median = (kind: LargestWinKind, v: Title['volatility']) => {
        const wins = [...byKind.get(`${kind} ${v}`)!].sort((a, b) => a - b);
        return wins[Math.floor(wins.length / 2)]!;
      };
      for (const kind of Object.keys(LARGEST_WIN_BANDS) as LargestWinKind[]) {
        expect(median(kind, 'low'), kind).toBeLessThan(median(kind, 'high'));
        expect(median(kind, 'medium'), kind).toBeLessThan(median(kind, 'very-high'));
      }
    },
  );

  it('volatility and features are those of the maths', () => {
    for (const t of catalogue) {
      expect(t.volatility, t.id).toBe(volatilityOf(t.exact.standardDeviation));
      const f = t.maths.freeSpins;
      expect(t.features.includes('free-spins'), t.id).toBe(t.exact.featureFrequency > 0);
      expect(t.features.includes('free-spins'), t.id).toBe(t.exact.rtpFeature > 0);
      expect(t.features.includes('multiplier'), t.id).toBe((f?.multiplier ?? 1) > 1);
      expect(t.features.includes('wild'), t.id).toBe(t.maths.wild !== undefined);
    }
    expect(VOLATILITY_SD_THRESHOLDS).toEqual({ medium: 4, high: 8, 'very-high': 16 });
  });

  it('stakes: 1–100 kr, on steps that are whole øre per unit', () => {
    for (const t of catalogue) {
      expect(t.stake.minOre, t.id).toBeGreaterThanOrEqual(100);
      expect(t.stake.maxOre, t.id).toBeLessThanOrEqual(10_000);
      for (const step of t.stake.stepsOre) expect(isStakeAllowed(t.maths, step), t.id).toBe(true);
      expect(t.stake.stepsOre.length, t.id).toBeGreaterThanOrEqual(3);
    }
  });

  it('spreads across families, layouts 3×3 to 6×4, line counts, volatility classes and features', () => {
    for (const family of ['lines', 'ways', 'classic'])
      expect(
        share((t) => t.maths.family === family),
        family,
      ).toBeGreaterThanOrEqual(0.1);
    const layouts = (family: string) => new Set(catalogue.filter((t) => t.maths.family === family).map((t) => layoutOf(t.maths)));
    for (const family of ['lines', 'ways']) expect([...layouts(family)].sort()).toEqual(['3x3', '4x3', '4x4', '5x3', '5x4', '6x3', '6x4']);
    expect([...layouts('classic')]).toEqual(['3x3']);
    const lineCounts = new Set(catalogue.flatMap((t) => (t.maths.family === 'ways' ? [] : [t.maths.lines.length])));
    expect(lineCounts.size).toBeGreaterThanOrEqual(10);
    expect(Math.min(...lineCounts)).toBe(1);
    expect(Math.max(...lineCounts)).toBe(50);
    const ways = new Set(catalogue.flatMap((t) => (t.maths.family === 'ways' ? [t.maths.rows ** t.maths.reels.length] : [])));
    for (const count of [27, 243, 1024, 4096]) expect(ways.has(count), `${count} ways`).toBe(true);
    for (const v of VOLATILITIES)
      expect(
        share((t) => t.volatility === v),
        v,
      ).toBeGreaterThanOrEqual(0.12);
    for (const f of FEATURES) {
      expect(
        share((t) => t.features.includes(f)),
        f,
      ).toBeGreaterThanOrEqual(0.2);
      expect(
        share((t) => !t.features.includes(f)),
        `no ${f}`,
      ).toBeGreaterThanOrEqual(0.03);
    }
    expect(share((t) => t.maths.freeSpins?.reels !== undefined)).toBeGreaterThanOrEqual(0.1);
    expect(share((t) => (t.maths.wild?.excludes ?? []).length > 0)).toBeGreaterThanOrEqual(0.1);
    expect(share((t) => (t.maths.scatter?.pays ?? []).some((p) => p > 0))).toBeGreaterThanOrEqual(0.3);
  });

  it('is not one model with symbols swapped: paytables, strips, shapes and colours differ between titles', () => {
    const distinct = (key: (t: Title) => unknown) => new Set(catalogue.map((t) => canonicalJson(key(t)))).size;
    expect(distinct((t) => t.maths.symbols.map((s) => s.pays ?? []))).toBeGreaterThanOrEqual(0.98 * catalogue.length);
    expect(distinct((t) => t.maths.reels)).toBe(catalogue.length);
    expect(distinct((t) => t.maths.reels.map((strip) => strip.length))).toBeGreaterThanOrEqual(0.9 * catalogue.length);
    expect(distinct((t) => t.theme.colours)).toBe(catalogue.length);
    // Shapes: family, layout, lines or cost, symbol count and feature set.
    expect(
      distinct((t) => [t.maths.family, layoutOf(t.maths), costUnits(t.maths), t.maths.symbols.length, t.features]),
    ).toBeGreaterThanOrEqual(200);
  });

  it('metadata: several studios, one provider, release dates over two years with some in the last 30 days', () => {
    expect(new Set(catalogue.map((t) => t.studio)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(catalogue.map((t) => t.providerId))).toEqual(new Set(['krone-studio']));
    const dates = catalogue.map((t) => t.releaseDate).sort();
    expect(dates[dates.length - 1]! <= '2026-11-20').toBe(true);
    expect(dates[0]! <= '2025-01-31').toBe(true);
    expect(dates.filter((d) => d > '2026-10-21').length).toBeGreaterThanOrEqual(15);
    for (const t of catalogue) expect(t.tags.length, t.id).toBeGreaterThanOrEqual(1);
  });
});

describe('the engine equals the model: 10⁶ rounds land within 4 standard errors of the exact RTP', () => {
  const byFamily = (family: string, count: number, seed: number) =>
    sample(
      catalogue.filter((t) => t.maths.family === family),
      count,
      seed,
    );
  const rounds = 1_000_000;
  const check = (t: Title, rng: Rng) => {
    const sim = simulate(t.maths, rng, rounds);
    const standardError = t.exact.standardDeviation / Math.sqrt(rounds);
    expect(Math.abs(sim.rtp - t.exact.rtp), t.id).toBeLessThan(4 * standardError);
    // Hit frequency is a proportion: its standard error is √(p(1 − p)/n).
    const hitError = Math.sqrt((t.exact.hitFrequency * (1 - t.exact.hitFrequency)) / rounds);
    expect(Math.abs(sim.hitFrequency - t.exact.hitFrequency), t.id).toBeLessThan(4 * hitError);
  };
  const seeded = [...byFamily('lines', 3, 1), ...byFamily('ways', 2, 2), ...byFamily('classic', 2, 3)];
  it.each(seeded.map((t, i) => [t.id, t, i] as const))('%s (SeededTestRng, reproducible)', { timeout: 60_000 }, (_id, t, i) =>
    check(t, new SeededTestRng(1400 + i)),
  );
  it('one title with CryptoRng, the generator of real rounds', { timeout: 60_000 }, () => check(examples[0]!, new CryptoRng()));
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
