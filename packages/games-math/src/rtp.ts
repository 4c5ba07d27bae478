import type { GameConfig } from './config.js';
import { lineTables } from './distribution.js';
import type { Engine, ReelSet } from './engine.js';
import { engineFor } from './engine.js';
import { empty, featureValue, type Moments } from './exact.js';

/** The exact RTP and its split, without the full win distribution: closed forms per line or way symbol. */
export interface ExactRtp {
  rtp: number;
  rtpBase: number;
  rtpFeature: number;
  featureFrequency: number;
}

/**
 * Per scatter count s: P(s), and E[symbol win · 1{scatters = s}] (units, no multiplier). The
 * expectation is a sum over lines (or way symbols), and each one is a small exact programme over
 * the reels whose state is that line's run and the scatters seen, because reels are independent:
 * milliseconds where the joint distribution (exact.ts) takes seconds. The tuner's inner loop.
 */
function spinMeans(e: Engine, set: ReelSet): { p: Float64Array; w: Float64Array } {
  const maxScatters = e.reelCount * e.rows;
  const C = maxScatters + 1;
  // The scatter count's distribution: a convolution over the reels.
  let p = new Float64Array(C);
  p[0] = 1;
  for (let reel = 0; reel < e.reelCount; reel++) {
    const length = set.lengths[reel]!;
    const next = new Float64Array(C);
    for (let stop = 0; stop < length; stop++) {
      const k = set.scatters[reel]![stop]!;
      for (let c = 0; c + k < C; c++) next[c + k]! += p[c]! / length;
    }
    p = next;
  }
  const w = new Float64Array(C);
  const stride = e.reelCount + 1;
  if (e.family === 'ways') {
    for (let i = 0; i < e.waySymbols.length; i++) {
      const symbol = e.waySymbols[i]!;
      // Alive: probability and E[ways product]; dead: probability and E[pay], each by scatters so far.
      let aliveP = new Float64Array(C);
      let aliveProduct = new Float64Array(C);
      let deadP = new Float64Array(C);
      let deadPay = new Float64Array(C);
      aliveP[0] = 1;
      aliveProduct[0] = 1;
      for (let reel = 0; reel < e.reelCount; reel++) {
        const length = set.lengths[reel]!;
        const [nAliveP, nAliveProduct, nDeadP, nDeadPay] = [
          new Float64Array(C),
          new Float64Array(C),
          new Float64Array(C),
          new Float64Array(C),
        ];
        const pay = e.pays[symbol * stride + reel]!;
        for (let stop = 0; stop < length; stop++) {
          const k = set.scatters[reel]![stop]!;
          const count = set.counts[reel]![stop * e.symbolCount + symbol]!;
          for (let c = 0; c + k < C; c++) {
            const to = c + k;
            nDeadP[to]! += deadP[c]! / length;
            nDeadPay[to]! += deadPay[c]! / length;
            if (count === 0) {
              nDeadP[to]! += aliveP[c]! / length;
              nDeadPay[to]! += (pay * aliveProduct[c]!) / length;
            } else {
              nAliveP[to]! += aliveP[c]! / length;
              nAliveProduct[to]! += (aliveProduct[c]! * count) / length;
            }
          }
        }
        [aliveP, aliveProduct, deadP, deadPay] = [nAliveP, nAliveProduct, nDeadP, nDeadPay];
      }
      const full = e.pays[symbol * stride + e.reelCount]!;
      for (let c = 0; c < C; c++) w[c]! += deadPay[c]! + full * aliveProduct[c]!;
    }
    return { p, w };
  }
  const tables = lineTables(e);
  const codes = tables.pay.length;
  for (let line = 0; line < e.lineCount; line++) {
    // mass[code × C + c]: P(run state, scatters so far); paid[…]: E[pay of an ended run; state] (code 0 = ended).
    let mass = new Float64Array(codes * C);
    let paid = new Float64Array(codes * C);
    mass[1 * C] = 1;
    for (let reel = 0; reel < e.reelCount; reel++) {
      const length = set.lengths[reel]!;
      const row = e.lineCells[line * e.reelCount + reel]! - reel * e.rows;
      const nMass = new Float64Array(codes * C);
      const nPaid = new Float64Array(codes * C);
      // Stops grouped by (symbol on the line's row, scatters in the window), and only the run states that can occur.
      const groups = new Map<number, number>();
      for (let stop = 0; stop < length; stop++) {
        const key = set.windows[reel]![stop * e.rows + row]! * C + set.scatters[reel]![stop]!;
        groups.set(key, (groups.get(key) ?? 0) + 1);
      }
      const active: number[] = [];
      for (let code = 0; code < codes; code++) {
        for (let c = 0; c < C; c++) {
          if (mass[code * C + c] !== 0) {
            active.push(code);
            break;
          }
        }
      }
      for (const [key, stops] of groups) {
        const q = stops / length;
        const symbol = Math.floor(key / C);
        const k = key % C;
        for (const code of active) {
          const next = code === 0 ? 0 : tables.next[code * e.symbolCount + symbol]!;
          const pay = code !== 0 && next === 0 ? tables.pay[code]! : 0;
          for (let c = 0; c + k < C; c++) {
            const m = mass[code * C + c]!;
            if (m === 0) continue;
            nMass[next * C + c + k]! += m * q;
            nPaid[next * C + c + k]! += (paid[code * C + c]! + m * pay) * q;
          }
        }
      }
      mass = nMass;
      paid = nPaid;
    }
    for (let code = 0; code < codes; code++)
      for (let c = 0; c < C; c++) w[c]! += paid[code * C + c]! + mass[code * C + c]! * tables.pay[code]!;
  }
  return { p, w };
}

export function exactRtp(config: GameConfig): ExactRtp {
  const e = engineFor(config);
  const base = spinMeans(e, e.base);
  const features = new Map<number, number>();
  if (e.maxSpins > 0) {
    const free = e.free === e.base ? base : spinMeans(e, e.free);
    const classes = new Map<number, Moments>();
    free.p.forEach((p, s) => {
      const more = e.retriggers[s]!;
      let m = classes.get(more);
      if (!m) classes.set(more, (m = empty()));
      m.p += p;
      m.m1 += (free.w[s]! + p * e.scatterUnits[s]!) * e.multiplier;
    });
    for (const award of new Set(e.awards)) if (award > 0) features.set(award, featureValue(e, classes, award).m1);
  }
  let meanBase = 0;
  let meanFeature = 0;
  let triggered = 0;
  base.p.forEach((p, s) => {
    meanBase += base.w[s]! + p * e.scatterUnits[s]!;
    const award = e.awards[s]!;
    if (award > 0 && e.maxSpins > 0) {
      triggered += p;
      meanFeature += p * features.get(award)!;
    }
  });
  return {
    rtp: (meanBase + meanFeature) / e.costUnits,
    rtpBase: meanBase / e.costUnits,
    rtpFeature: meanFeature / e.costUnits,
    featureFrequency: triggered,
  };
}
