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
/** 1 + the most scatters a spin on these strips can show: the length of the per-scatter-count arrays. */
function scatterSlots(set: ReelSet): number {
  let most = 0;
  for (const counts of set.scatters) most += Math.max(0, ...counts);
  return most + 1;
}

function spinMeans(e: Engine, set: ReelSet): { p: Float64Array; w: Float64Array } {
  const C = scatterSlots(set);
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

/** The RTP as a linear function of the pays: rtp = rtpZero + Σ gains[symbol][count − 1] × pays[symbol][count − 1]. */
export interface RtpGains {
  /** The RTP with every symbol pay at zero: the scatter pays (base game and free spins). */
  rtpZero: number;
  /**
   * gains[symbol][count − 1]: the RTP each unit of that pay adds. Exact for the config's own pays;
   * where a paying wild's own run competes with the run it extends, the one paying more at these pays
   * takes the gain (ties go to the symbol), so far from these pays it is a linearisation.
   */
  gains: number[][];
}

/**
 * Per scatter count c: P(c), and for every pay entry (symbol × (R + 1) + count) E[number of runs or
 * ways paid through that entry · 1{scatters = c}]. The same programmes as spinMeans, except that an
 * ended run keeps its identity: it is set aside where it ends and its scatter count completed by the
 * remaining reels' scatter distribution (reels are independent).
 */
function spinGains(e: Engine, set: ReelSet): { p: Float64Array; byEntry: Map<number, Float64Array> } {
  const R = e.reelCount;
  const R1 = R + 1;
  const C = scatterSlots(set);
  // suffix[r][k]: P(k scatters on reels r … R − 1).
  const suffix: Float64Array[] = Array.from({ length: R + 1 }, () => new Float64Array(C));
  suffix[R]![0] = 1;
  for (let reel = R - 1; reel >= 0; reel--) {
    const length = set.lengths[reel]!;
    for (let stop = 0; stop < length; stop++) {
      const k = set.scatters[reel]![stop]!;
      for (let c = 0; c + k < C; c++) suffix[reel]![c + k]! += suffix[reel + 1]![c]! / length;
    }
  }
  const byEntry = new Map<number, Float64Array>();
  /** Adds `ended` (by scatters so far, after `reel`) to the entry, completed by the reels after `reel`. */
  const settle = (entry: number, ended: Float64Array, offset: number, reel: number): void => {
    let into = byEntry.get(entry);
    if (!into) byEntry.set(entry, (into = new Float64Array(C)));
    const rest = suffix[reel + 1]!;
    for (let c = 0; c < C; c++) {
      const m = ended[offset + c]!;
      if (m === 0) continue;
      for (let k = 0; c + k < C; k++) into[c + k]! += m * rest[k]!;
    }
  };
  if (e.family === 'ways') {
    for (let i = 0; i < e.waySymbols.length; i++) {
      const symbol = e.waySymbols[i]!;
      let aliveProduct = new Float64Array(C);
      aliveProduct[0] = 1;
      for (let reel = 0; reel < R; reel++) {
        const length = set.lengths[reel]!;
        const next = new Float64Array(C);
        const ended = new Float64Array(C);
        for (let stop = 0; stop < length; stop++) {
          const k = set.scatters[reel]![stop]!;
          const count = set.counts[reel]![stop * e.symbolCount + symbol]!;
          for (let c = 0; c + k < C; c++) {
            if (count === 0) ended[c + k]! += aliveProduct[c]! / length;
            else next[c + k]! += (aliveProduct[c]! * count) / length;
          }
        }
        if (reel > 0) settle(symbol * R1 + reel, ended, 0, reel);
        aliveProduct = next;
      }
      settle(symbol * R1 + R, aliveProduct, 0, R - 1);
    }
  } else {
    const tables = lineTables(e);
    const codes = tables.pay.length;
    // The entry a run ending in `code` is paid through, at the config's pays.
    const entryOf = new Int32Array(codes).fill(-1);
    for (let code = 1; code < codes; code++) {
      const v = code - 1;
      const wilds = v % R1;
      const run = Math.floor(v / R1) % R1;
      const target = Math.floor(v / (R1 * R1)) - 1;
      const wildPay = wilds > 0 ? e.pays[e.wild * R1 + wilds]! : 0;
      const symbolPay = target >= 0 ? e.pays[target * R1 + run]! : 0;
      if (target >= 0 && run > 0 && symbolPay >= wildPay) entryOf[code] = target * R1 + run;
      else if (wilds > 0) entryOf[code] = e.wild * R1 + wilds;
    }
    for (let line = 0; line < e.lineCount; line++) {
      let mass = new Float64Array(codes * C);
      mass[1 * C] = 1;
      for (let reel = 0; reel < R; reel++) {
        const length = set.lengths[reel]!;
        const row = e.lineCells[line * R + reel]! - reel * e.rows;
        const nMass = new Float64Array(codes * C);
        const ended = new Float64Array(codes * C);
        const groups = new Map<number, number>();
        for (let stop = 0; stop < length; stop++) {
          const key = set.windows[reel]![stop * e.rows + row]! * C + set.scatters[reel]![stop]!;
          groups.set(key, (groups.get(key) ?? 0) + 1);
        }
        const active: number[] = [];
        for (let code = 1; code < codes; code++) {
          for (let c = 0; c < C; c++) {
            if (mass[code * C + c] !== 0) {
              active.push(code);
              break;
            }
          }
        }
        const endedCodes = new Set<number>();
        for (const [key, stops] of groups) {
          const q = stops / length;
          const symbol = Math.floor(key / C);
          const k = key % C;
          for (const code of active) {
            const next = tables.next[code * e.symbolCount + symbol]!;
            const into = next === 0 ? ended : nMass;
            const at = next === 0 ? code : next;
            if (next === 0) endedCodes.add(code);
            for (let c = 0; c + k < C; c++) {
              const m = mass[code * C + c]!;
              if (m !== 0) into[at * C + c + k]! += m * q;
            }
          }
        }
        for (const code of endedCodes) if (entryOf[code]! >= 0) settle(entryOf[code]!, ended, code * C, reel);
        mass = nMass;
      }
      for (let code = 1; code < codes; code++) if (entryOf[code]! >= 0) settle(entryOf[code]!, mass, code * C, R - 1);
    }
  }
  const p = suffix[0]!;
  return { p, byEntry };
}

/** rtpZero and every pay's gain (see RtpGains): the tuner's search in one pass instead of one exactRtp per pay. */
export function rtpGains(config: GameConfig): RtpGains {
  const e = engineFor(config);
  const R1 = e.reelCount + 1;
  const base = spinGains(e, e.base);
  const total = new Float64Array(e.symbolCount * R1);
  let zero = 0;
  base.p.forEach((p, s) => (zero += p * e.scatterUnits[s]!));
  for (const [entry, w] of base.byEntry) total[entry]! += w.reduce((a, b) => a + b, 0);
  if (e.maxSpins > 0) {
    const free = e.free === e.base ? base : spinGains(e, e.free);
    // The feature's mean is linear in each retrigger class's mean win: value[award][class] per unit.
    const classes = new Map<number, Moments>();
    free.p.forEach((p, s) => {
      const more = e.retriggers[s]!;
      let m = classes.get(more);
      if (!m) classes.set(more, (m = empty()));
      m.p += p;
    });
    const perUnit = new Map<number, Map<number, number>>();
    for (const award of new Set(e.awards)) {
      if (award <= 0) continue;
      const byClass = new Map<number, number>();
      for (const more of classes.keys()) {
        const unit = new Map([...classes].map(([r, m]) => [r, { ...m, m1: r === more ? 1 : 0 }]));
        byClass.set(more, featureValue(e, unit, award).m1);
      }
      perUnit.set(award, byClass);
    }
    // trigger[class]: Σ over base scatter counts of P(s) × the feature's value per unit of that class's mean.
    const trigger = new Map<number, number>();
    base.p.forEach((p, s) => {
      const award = e.awards[s]!;
      if (award <= 0) return;
      for (const [more, v] of perUnit.get(award)!) trigger.set(more, (trigger.get(more) ?? 0) + p * v);
    });
    free.p.forEach((p, s) => (zero += (trigger.get(e.retriggers[s]!) ?? 0) * p * e.scatterUnits[s]! * e.multiplier));
    for (const [entry, w] of free.byEntry) w.forEach((x, s) => (total[entry]! += (trigger.get(e.retriggers[s]!) ?? 0) * x * e.multiplier));
  }
  const gains = config.symbols.map((_, symbol) => Array.from({ length: e.reelCount }, (_, i) => total[symbol * R1 + i + 1]! / e.costUnits));
  return { rtpZero: zero / e.costUnits, gains };
}
