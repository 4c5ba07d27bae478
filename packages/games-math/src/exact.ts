import type { GameConfig } from './config.js';
import { spinDistribution, type SpinDistribution } from './distribution.js';
import { engineFor, type Engine } from './engine.js';

/** Every figure is per round (a base spin and the free spins it triggers) and, where it is money, a multiple of the total stake. */
export interface ExactStats {
  rtp: number;
  /** The part of rtp paid by base-game spins (their line/ways and scatter pays). */
  rtpBase: number;
  /** The part paid by the free spins. */
  rtpFeature: number;
  /** P(round win > 0). */
  hitFrequency: number;
  /** Standard deviation of the round win. */
  standardDeviation: number;
  /** The largest round win that can occur (free spins at their cap included). */
  largestWin: number;
  /** P(a base spin triggers free spins). */
  featureFrequency: number;
  /** Mean free spins played per triggered feature, retriggers included. */
  meanFreeSpins: number;
  /** ∏ base reel lengths: the combinations counted. */
  combinations: number;
}

export interface Moments {
  /** Probability, E[X; ·], E[X²; ·], P(X = 0; ·), max X (−∞ when impossible). */
  p: number;
  m1: number;
  m2: number;
  zero: number;
  max: number;
}

export const empty = (): Moments => ({ p: 0, m1: 0, m2: 0, zero: 0, max: -Infinity });

/** The free-spin outcome by what it adds in spins: per retrigger award r, the moments of a free spin's win (multiplier included). */
function freeSpinClasses(e: Engine, dist: SpinDistribution, total: number): Map<number, Moments> {
  const classes = new Map<number, Moments>();
  for (const [scatters, byWin] of dist) {
    const more = e.retriggers[scatters]!;
    let m = classes.get(more);
    if (!m) classes.set(more, (m = empty()));
    for (const [symbolWin, count] of byWin) {
      const p = count / total;
      const w = (symbolWin + e.scatterUnits[scatters]!) * e.multiplier;
      m.p += p;
      m.m1 += p * w;
      m.m2 += p * w * w;
      if (w === 0) m.zero += p;
      if (w > m.max) m.max = w;
    }
  }
  return classes;
}

export interface FeatureValue extends Moments {
  meanSpins: number;
}

/**
 * The feature's total win T for `initial` awarded spins: a Markov chain over (spins played, spins
 * awarded), awarded capped at maxSpins. Spins are independent and the decision to play the next one
 * depends only on the past, so carrying P, E[T; state], E[T²; state], P(T = 0; state) and max T
 * through the chain gives the moments of T exactly.
 */
export function featureValue(e: Engine, classes: Map<number, Moments>, initial: number): FeatureValue {
  const cap = e.maxSpins;
  const size = cap + 1;
  const grid: Moments[] = Array.from({ length: size * size }, empty);
  const start = Math.min(initial, cap);
  grid[start] = { p: 1, m1: 0, m2: 0, zero: 1, max: 0 };
  const result: FeatureValue = { ...empty(), meanSpins: 0 };
  for (let played = 0; played <= cap; played++) {
    for (let awarded = played; awarded <= cap; awarded++) {
      const s = grid[played * size + awarded]!;
      if (s.p === 0) continue;
      if (awarded === played) {
        result.p += s.p;
        result.m1 += s.m1;
        result.m2 += s.m2;
        result.zero += s.zero;
        result.max = Math.max(result.max, s.max);
        result.meanSpins += s.p * played;
        continue;
      }
      for (const [more, c] of classes) {
        if (c.p === 0) continue;
        const t = grid[(played + 1) * size + Math.min(awarded + more, cap)]!;
        t.p += s.p * c.p;
        t.m1 += s.m1 * c.p + s.p * c.m1;
        t.m2 += s.m2 * c.p + 2 * s.m1 * c.m1 + s.p * c.m2;
        t.zero += s.zero * c.zero;
        t.max = Math.max(t.max, s.max + c.max);
      }
    }
  }
  return result;
}

/** RTP, hit frequency, standard deviation, largest win and the base/feature split, by exact counting (no sampling). */
export function exact(config: GameConfig): ExactStats {
  const e = engineFor(config);
  const base = spinDistribution(e, e.base);
  const combinations = e.base.lengths.reduce((a, b) => a * b, 1);
  const features = new Map<number, FeatureValue>();
  if (e.maxSpins > 0) {
    const freeTotal = e.free.lengths.reduce((a, b) => a * b, 1);
    const classes = freeSpinClasses(e, e.free === e.base ? base : spinDistribution(e, e.free), freeTotal);
    for (const award of new Set(e.awards)) if (award > 0) features.set(award, featureValue(e, classes, award));
  }
  let mean = 0;
  let meanBase = 0;
  let second = 0;
  let miss = 0;
  let largest = 0;
  let triggered = 0;
  let spins = 0;
  for (const [scatters, byWin] of base) {
    const award = Math.min(e.awards[scatters]!, e.maxSpins);
    const f = award > 0 ? features.get(e.awards[scatters]!)! : undefined;
    for (const [symbolWin, count] of byWin) {
      const p = count / combinations;
      const w = symbolWin + e.scatterUnits[scatters]!;
      meanBase += p * w;
      if (f) {
        triggered += p;
        spins += p * f.meanSpins;
        mean += p * (w + f.m1);
        second += p * (w * w + 2 * w * f.m1 + f.m2);
        if (w === 0) miss += p * f.zero;
        largest = Math.max(largest, w + f.max);
      } else {
        mean += p * w;
        second += p * w * w;
        if (w === 0) miss += p;
        largest = Math.max(largest, w);
      }
    }
  }
  const cost = e.costUnits;
  return {
    rtp: mean / cost,
    rtpBase: meanBase / cost,
    rtpFeature: (mean - meanBase) / cost,
    hitFrequency: 1 - miss,
    standardDeviation: Math.sqrt(Math.max(0, second - mean * mean)) / cost,
    largestWin: largest / cost,
    featureFrequency: triggered,
    meanFreeSpins: triggered > 0 ? spins / triggered : 0,
    combinations,
  };
}
