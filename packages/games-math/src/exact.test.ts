import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GameConfig } from './config.js';
import { play, type RoundOutcome } from './evaluate.js';
import { exact, type ExactStats } from './exact.js';
import { exactRtp, rtpGains } from './rtp.js';
import type { Rng } from './rng.js';

class NeedDraw extends Error {
  constructor(readonly n: number) {
    super('need a draw');
  }
}

/** An Rng that replays a prefix and then asks for the next draw's range (so we can branch on it). */
function scripted(prefix: number[]): Rng {
  let i = 0;
  return {
    nextUint32: () => {
      throw new Error('not used');
    },
    int: (n) => {
      if (i < prefix.length) return prefix[i++]!;
      throw new NeedDraw(n);
    },
  };
}

/**
 * Brute force: every possible round, by enumerating the tree of draws through play() itself (free
 * spins and retriggers included), each leaf weighted by ∏ 1/n. Independent of exact()'s programme.
 */
function bruteForce(config: GameConfig, costUnits: number): ExactStats {
  let mean = 0;
  let second = 0;
  let hit = 0;
  let largest = 0;
  let base = 0;
  let triggered = 0;
  const walk = (prefix: number[], p: number): void => {
    let outcome: RoundOutcome;
    try {
      outcome = play(config, scripted(prefix));
    } catch (error) {
      if (!(error instanceof NeedDraw)) throw error;
      for (let d = 0; d < error.n; d++) walk([...prefix, d], p / error.n);
      return;
    }
    const w = outcome.winUnits;
    mean += p * w;
    second += p * w * w;
    if (w > 0) hit += p;
    largest = Math.max(largest, w);
    base += p * outcome.base.win;
    if (outcome.base.freeSpinsAwarded > 0) triggered += p;
  };
  walk([], 1);
  return {
    rtp: mean / costUnits,
    rtpBase: base / costUnits,
    rtpFeature: (mean - base) / costUnits,
    hitFrequency: hit,
    standardDeviation: Math.sqrt(Math.max(0, second - mean * mean)) / costUnits,
    largestWin: largest / costUnits,
    featureFrequency: triggered,
    meanFreeSpins: NaN,
    combinations: NaN,
  };
}

const close = (a: number, b: number, scale = Math.abs(b)) => expect(Math.abs(a - b)).toBeLessThanOrEqual(1e-9 * Math.max(1, scale));

function expectSame(actual: ExactStats, brute: ExactStats) {
  close(actual.rtp, brute.rtp);
  close(actual.rtpBase, brute.rtpBase);
  close(actual.rtpFeature, brute.rtpFeature);
  close(actual.hitFrequency, brute.hitFrequency);
  // Compared as variances: a standard deviation near 0 magnifies rounding (√ of 1e-16 is 1e-8).
  close(actual.standardDeviation ** 2, brute.standardDeviation ** 2, brute.standardDeviation ** 2 + brute.rtp ** 2);
  close(actual.featureFrequency, brute.featureFrequency);
  expect(actual.largestWin).toBeCloseTo(brute.largestWin, 9);
}

/** Small random games: symbols 0..k−1 normal, then wild, then scatter. */
const smallGame = (family: 'lines' | 'classic' | 'ways', reels: number, rows: number, maxStrip: number, withFeature: boolean) =>
  fc
    .record({
      normal: fc.integer({ min: 1, max: 3 }),
      seedPays: fc.array(fc.array(fc.integer({ min: 0, max: 9 }), { minLength: reels, maxLength: reels }), { minLength: 5, maxLength: 5 }),
      strips: fc.array(fc.array(fc.integer({ min: 0, max: 4 }), { minLength: rows, maxLength: maxStrip }), {
        minLength: reels,
        maxLength: reels,
      }),
      freeStrips: fc.option(
        fc.array(fc.array(fc.integer({ min: 0, max: 4 }), { minLength: rows, maxLength: Math.max(rows, 3) }), {
          minLength: reels,
          maxLength: reels,
        }),
      ),
      wildExcludesFirst: fc.boolean(),
      lines: fc.array(fc.array(fc.integer({ min: 0, max: rows - 1 }), { minLength: reels, maxLength: reels }), {
        minLength: 1,
        maxLength: 5,
      }),
      scatterPays: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 3 }),
      awards: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 3 }),
      retriggers: fc.option(fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 3 })),
      multiplier: fc.integer({ min: 1, max: 3 }),
      maxSpins: fc.integer({ min: 1, max: 2 }),
      costUnits: fc.integer({ min: 1, max: 30 }),
    })
    .map((g): GameConfig => {
      // Map the drawn 0..4 onto: normal symbols, the wild (index normal) and the scatter (normal + 1).
      const map = (s: number) => Math.min(s, g.normal + 1);
      const symbols = [
        ...Array.from({ length: g.normal }, (_, i) => ({ name: `s${i}`, pays: g.seedPays[i]!.map((p, k) => (k === 0 ? 0 : p)) })),
        { name: 'wild', ...(family === 'ways' ? {} : { pays: g.seedPays[4]!.map((p, k) => (k < 2 ? 0 : p)) }) },
        { name: 'scatter' },
      ];
      const common = {
        rows,
        symbols,
        reels: g.strips.map((s) => s.map(map)),
        wild: { symbol: g.normal, ...(g.wildExcludesFirst ? { excludes: [0] } : {}) },
        scatter: { symbol: g.normal + 1, pays: g.scatterPays },
        ...(withFeature
          ? {
              freeSpins: {
                awards: g.awards,
                ...(g.retriggers ? { retriggers: g.retriggers } : {}),
                multiplier: g.multiplier,
                maxSpins: g.maxSpins,
                ...(g.freeStrips ? { reels: g.freeStrips.map((s) => s.map(map)) } : {}),
              },
            }
          : {}),
      };
      if (family === 'ways') return { family, ...common, costUnits: g.costUnits };
      return { family, ...common, lines: g.lines };
    });

const cost = (c: GameConfig) => (c.family === 'ways' ? c.costUnits : c.lines.length);

// Enumerating every round is heavy for a random case with long strips: generous timeouts, so a busy
// machine does not fail a correct programme.
describe('exact() equals brute-force enumeration of every round', { timeout: 60_000 }, () => {
  it('lines 3×3 with wilds, scatters, free spins with retriggers and their own strips', () => {
    fc.assert(
      fc.property(smallGame('lines', 3, 3, 3, true), (config) => expectSame(exact(config), bruteForce(config, cost(config)))),
      { numRuns: 25 },
    );
  });

  it('classic 3×3 without a feature, longer strips', () => {
    fc.assert(
      fc.property(smallGame('classic', 3, 3, 7, false), (config) => expectSame(exact(config), bruteForce(config, cost(config)))),
      { numRuns: 40 },
    );
  });

  it('ways 3×3 with free spins', () => {
    fc.assert(
      fc.property(smallGame('ways', 3, 3, 3, true), (config) => expectSame(exact(config), bruteForce(config, cost(config)))),
      { numRuns: 20 },
    );
  });

  it('lines 5×3 and ways 5×4 base games (no feature)', () => {
    fc.assert(
      fc.property(smallGame('lines', 5, 3, 4, false), (config) => expectSame(exact(config), bruteForce(config, cost(config)))),
      { numRuns: 15 },
    );
    fc.assert(
      fc.property(smallGame('ways', 5, 4, 4, false), (config) => expectSame(exact(config), bruteForce(config, cost(config)))),
      { numRuns: 10 },
    );
  });
});

describe('exactRtp() (closed form per line or way symbol, the fast path for the tuner) equals exact()', () => {
  const same = (config: GameConfig) => {
    const full = exact(config);
    const fast = exactRtp(config);
    close(fast.rtp, full.rtp);
    close(fast.rtpBase, full.rtpBase);
    close(fast.rtpFeature, full.rtpFeature);
    close(fast.featureFrequency, full.featureFrequency);
  };

  it('on random lines, classic and ways games with features, up to 6×4', () => {
    fc.assert(fc.property(smallGame('lines', 5, 3, 6, true), same), { numRuns: 20 });
    fc.assert(fc.property(smallGame('classic', 3, 3, 8, true), same), { numRuns: 20 });
    fc.assert(fc.property(smallGame('ways', 5, 4, 6, true), same), { numRuns: 15 });
    fc.assert(fc.property(smallGame('ways', 6, 4, 5, true), same), { numRuns: 5 });
    fc.assert(fc.property(smallGame('lines', 6, 4, 5, true), same), { numRuns: 5 });
  });
});

describe("rtpGains() (the RTP as a linear function of the pays, the tuner's search) adds up to exactRtp()", () => {
  const linear = (config: GameConfig) => {
    const { rtpZero, gains } = rtpGains(config);
    let rtp = rtpZero;
    config.symbols.forEach((symbol, s) => (symbol.pays ?? []).forEach((pay, i) => (rtp += pay * gains[s]![i]!)));
    close(rtp, exactRtp(config).rtp);
    // One more unit on a pay moves the RTP by its gain (exact unless a paying wild's run changes sides).
    const bumped = structuredClone(config);
    const target = bumped.symbols.findIndex((symbol, s) => s !== config.wild?.symbol && (symbol.pays ?? []).some((p) => p > 0));
    if (target >= 0 && config.family === 'ways') {
      const pays = bumped.symbols[target]!.pays!;
      const i = pays.findIndex((p) => p > 0);
      pays[i]! += 1;
      close(exactRtp(bumped).rtp - exactRtp(config).rtp, gains[target]![i]!);
    }
  };

  it('on random lines, classic and ways games with features (wilds with pays of their own included)', () => {
    fc.assert(fc.property(smallGame('lines', 5, 3, 6, true), linear), { numRuns: 20 });
    fc.assert(fc.property(smallGame('classic', 3, 3, 8, true), linear), { numRuns: 20 });
    fc.assert(fc.property(smallGame('ways', 5, 4, 6, true), linear), { numRuns: 15 });
    fc.assert(fc.property(smallGame('lines', 6, 4, 5, true), linear), { numRuns: 5 });
  });
});
