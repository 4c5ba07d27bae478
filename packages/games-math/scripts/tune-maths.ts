/** The tuner's maths: a title's symbols, pay template, strips and lines (buildTemplate), and the pays that hit its RTP (search). */
import { rtpGains, type GameConfig } from '@krone/games-math';
import { between, chance, intBetween, pick, RTP_TOLERANCE, shuffle, type Plan, type R } from './tune-plan.js';

// ---------------------------------------------------------------- the maths

export interface Template {
  /** template[symbol][count − 1]: the pay's shape (0: no pay); the search scales it to integer pays. */
  template: number[][];
  /** The config with these pays (same shape as the template). */
  make(pays: number[][]): GameConfig;
  /** The rarest entries [symbol, count index]: the two dearest symbols' (and a paying wild's) longest runs. The volatility lever. */
  top: [number, number][];
  /**
   * The free spins' size, 0 < fsScale ≤ 1 of the planned awards (and cap, with retriggers): the lever on the largest
   * win, which counts every free spin at its best. make() reads it.
   */
  fsScale: number;
  /** Whether the title has free spins (fsScale matters). */
  hasFreeSpins: boolean;
  /** The smallest fsScale: three spins for three scatters. */
  minFsScale: number;
}

/** Repairs a template can be built with when the largest win misses its band. */
export interface TemplateOptions {
  /** Top-two symbols' weight factor on every strip (below 1: rarer, so dearer at the same share of the RTP). */
  rareTop?: number;
  /** Free spins on strips of their own even when the plan shares the base strips. */
  ownFree?: boolean;
  /** Free-spin strips without the two dearest symbols (only with strips of their own). */
  freeWithoutTop?: boolean;
  /** Strip lengths × this (above 1: the top symbols' single copies rarer still). */
  stretch?: number;
}

/**
 * A strip from symbol weights. The `spaced` symbols (the two dearest and the wild) stand at least `rows` stops
 * apart, so a window shows each of them at most once: no stacks of them, which bounds how many lines or ways
 * one big combination can pay at once (and so the largest win).
 */
function stripFor(rng: R, length: number, weights: number[], rows: number, spaced: number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((w) => (w > 0 ? Math.max(1, Math.round((w / total) * length)) : 0));
  const size = counts.reduce((a, b) => a + b, 0);
  const slots = Array<number>(size).fill(-1);
  // The commonest other symbol fills any slot a spaced copy could not take (removing the slot would bring two copies closer).
  const filler = counts.reduce(
    (best, n, s) => (!spaced.includes(s) && n > (counts[best] ?? 0) ? s : best),
    counts.findIndex((n, s) => n > 0 && !spaced.includes(s)),
  );
  for (const s of spaced) {
    const k = Math.min(counts[s] ?? 0, Math.floor(size / rows));
    if (k === 0) continue;
    const placed: number[] = [];
    const offset = rng.int(size);
    for (let i = 0; i < k; i++) {
      const target = (offset + Math.floor((i * size) / k)) % size;
      for (let d = 0; d < size; d++) {
        const at = (target + d) % size;
        const apart = placed.every((p) => Math.min(Math.abs(p - at), size - Math.abs(p - at)) >= rows);
        if (slots[at] === -1 && apart) {
          slots[at] = s;
          placed.push(at);
          break;
        }
      }
    }
    counts[s] = 0;
  }
  const rest: number[] = [];
  counts.forEach((n, s) => {
    for (let i = 0; i < n; i++) rest.push(s);
  });
  shuffle(rng, rest);
  return slots.map((s) => (s >= 0 ? s : (rest.pop() ?? filler)));
}

export function buildTemplate(
  plan: Plan,
  rng: R,
  knob: number,
  costOverride?: number,
  shrink = 0,
  scatterCut = 1,
  options: TemplateOptions = {},
): Template {
  const { layout, theme } = plan;
  const { family, reels, rows } = layout;
  const classic = family === 'classic';
  const v = knob;
  // Symbols: low then high (by value), then the wild and the scatter.
  const paying = classic ? intBetween(rng, 4, 7) : reels <= 4 ? intBetween(rng, 5, 9) : intBetween(rng, 7, 11);
  const highCount = Math.min(theme.high.length, Math.max(2, Math.round(paying * between(rng, 0.35, 0.55))));
  const lowCount = Math.min(theme.low.length, paying - highCount);
  const lows = shuffle(rng, [...theme.low]).slice(0, lowCount);
  const highs = theme.high.slice(theme.high.length - highCount);
  const names = [...(classic ? ['blank'] : []), ...lows, ...highs];
  const firstPaying = classic ? 1 : 0;
  const payingCount = names.length - firstPaying;
  // The wild's and scatter's names, never one a paying symbol already has (a paytable shows names).
  const own = (options: string[]): string => {
    const chosen = pick(rng, options);
    return names.includes(chosen) ? (options.find((o) => !names.includes(o)) ?? `${chosen} (bonus)`) : chosen;
  };
  const wild = plan.wild ? names.push(own(theme.wild)) - 1 : -1;
  const scatter = plan.scatter ? names.push(own(theme.scatter)) - 1 : -1;

  // Pay template: value grows by `ratio` per symbol, by `growth` per extra count.
  const ratio = (1.12 + 0.3 * v) * between(rng, 0.92, 1.08);
  const growth = (reels === 4 ? 2.6 : reels === 5 ? 2.4 : 2.1) * (1 + 0.55 * v) * between(rng, 0.9, 1.12);
  const minCount = 3;
  const template: number[][] = names.map(() => []);
  for (let j = 0; j < payingCount; j++) {
    const symbol = firstPaying + j;
    let value = 5 * ratio ** j * between(rng, 0.9, 1.1);
    if (j === payingCount - 1) value *= 1 + 1.6 * v;
    const pays = Array<number>(reels).fill(0);
    for (let count = minCount; count <= reels; count++) pays[count - 1] = value * growth ** (count - minCount) * between(rng, 0.93, 1.07);
    if (!classic && reels >= 5 && j >= payingCount - 2 && chance(rng, 0.4)) pays[1] = value * 0.2;
    if (classic && j === 0 && chance(rng, 0.5)) {
      pays[0] = value * 0.15;
      pays[1] = value * 0.4;
    }
    template[symbol] = pays;
  }
  if (wild >= 0 && plan.wildPays) template[wild] = template[firstPaying + payingCount - 1]!.map((p) => p * between(rng, 1.3, 2.5));

  // Reel weights: each dearer symbol rarer by `decay`; the wild rarer still; scatters for a feature
  // roughly once in 70 (low) to 400 (very high) base spins.
  const tops = [firstPaying + payingCount - 1, firstPaying + payingCount - 2].filter((s) => s >= firstPaying);
  const spaced = [...tops, ...(wild >= 0 ? [wild] : [])];
  const decay = Math.max(0.5, (0.92 - 0.2 * v) * between(rng, 0.95, 1.04));
  const weights = (free: boolean): number[] => {
    const w = names.map((_, s) =>
      s >= firstPaying && s < firstPaying + payingCount ? decay ** (s - firstPaying) * (free ? 1 + 0.08 * (s - firstPaying) : 1) : 0,
    );
    if (classic) w[0] = between(rng, 0.8, 2.2) * (1 + v * 0.5);
    if (wild >= 0) w[wild] = decay ** payingCount * between(rng, 1, 2.2) * (free ? 1.6 : 1);
    for (const s of tops) w[s]! *= free && options.freeWithoutTop ? 0 : (options.rareTop ?? 1);
    // The wild completes the top symbols' runs too: it follows their rarity.
    if (wild >= 0) w[wild]! *= options.rareTop ?? 1;
    return w;
  };
  const scatterShare = (() => {
    const fq = 1 / ((70 + 330 * Math.max(0, Math.min(v, 1.3))) * between(rng, 0.8, 1.25));
    const triples = reels === 3 ? 1 : (reels * (reels - 1) * (reels - 2)) / 6;
    return Math.min(0.25, (fq / triples) ** (1 / 3) / rows);
  })();
  const strips = (free: boolean): number[][] => {
    const w = weights(free);
    return Array.from({ length: reels }, (_, reel) => {
      // Many lines over long strips make exact() slow (its states are the lines' alive runs): shorter strips there.
      const [shortest, longest] =
        family === 'lines' && plan.choice >= 30
          ? [16, Math.max(18, 26 - 4 * shrink)]
          : (layout.strip.map((x) => Math.max(12, Math.round(x * (1 - 0.2 * shrink)))) as [number, number]);
      const stretch = options.stretch ?? 1;
      const length = intBetween(rng, Math.round(shortest * stretch), Math.round(longest * stretch));
      const wr = [...w];
      if (wild >= 0 && ((family === 'ways' && reel === 0) || (!plan.wildOnEdges && (reel === 0 || reel === reels - 1) && reels > 3)))
        wr[wild] = 0;
      const strip = stripFor(rng, length, wr, rows, spaced);
      if (scatter >= 0) {
        const n = Math.max(1, Math.round(strip.length * scatterShare * between(rng, 0.85, 1.15)));
        for (let i = 0; i < n; i++) strip.splice(rng.int(strip.length + 1), 0, scatter);
      }
      return strip;
    });
  };
  const reelsBase = strips(false);
  const reelsFree = plan.ownFreeReels || options.ownFree ? strips(true) : undefined;

  // Lines: the straight rows first, then a per-title shuffle of the smooth paths (a row step of at most one).
  let lines: number[][] | undefined;
  if (family !== 'ways') {
    const paths: number[][] = [];
    const walk = (prefix: number[]): void => {
      if (prefix.length === reels) return void paths.push(prefix);
      const last = prefix[prefix.length - 1]!;
      for (let r = Math.max(0, last - 1); r <= Math.min(rows - 1, last + 1); r++) walk([...prefix, r]);
    };
    for (let r = 0; r < rows; r++) walk([r]);
    const straight = [...Array(rows).keys()]
      .sort((a, b) => Math.abs(a - (rows - 1) / 2) - Math.abs(b - (rows - 1) / 2))
      .map((r) => Array<number>(reels).fill(r));
    const rest = shuffle(
      rng,
      paths.filter((p) => !p.every((r) => r === p[0])),
    );
    lines = [...straight, ...rest].slice(0, plan.choice);
  }

  const scatterPays = reels === 3 ? [0, 0, 8] : reels === 4 ? [0, 1, 4, 20] : reels === 5 ? [0, 1, 3, 15, 60] : [0, 1, 3, 10, 40, 150];
  const scatterScale = pick(rng, [1, 1, 2]);
  const a3 = pick(rng, [5, 8, 10, 12, 15, 20]);
  const awardsAt = (scale: number) =>
    Array.from({ length: Math.min(reels, 5) }, (_, i) => (i < 2 ? 0 : Math.max(1, Math.round(a3 * scale * (1 + 0.5 * (i - 2))))));
  const cost = costOverride ?? plan.choice;

  const make = (pays: number[][]): GameConfig => {
    const awards = awardsAt(t.fsScale);
    // With retriggers the cap bounds the feature: it shrinks faster than the awards (room for one retrigger at least).
    const most = Math.max(...awards);
    const maxSpins = plan.retrigger
      ? Math.max(most + Math.max(1, Math.round(most / 2)), Math.round(plan.maxSpins * t.fsScale ** 2))
      : plan.maxSpins;
    const symbols = names.map((name, s) => (pays[s]!.some((p) => p > 0) ? { name, pays: pays[s]! } : { name }));
    const common = {
      rows,
      symbols,
      reels: reelsBase,
      ...(wild >= 0 ? { wild: { symbol: wild, ...(plan.wildExcludesTop ? { excludes: [firstPaying + payingCount - 1] } : {}) } } : {}),
      ...(scatter >= 0
        ? {
            scatter: {
              symbol: scatter,
              pays: plan.scatterPays
                ? scatterPays.map((p, i) =>
                    p === 0 ? 0 : Math.max(i === scatterPays.length - 1 ? 1 : 0, Math.floor(p * scatterScale * scatterCut)),
                  )
                : [],
            },
          }
        : {}),
      ...(plan.freeSpins
        ? {
            freeSpins: {
              awards,
              ...(plan.retrigger ? { retriggers: awards.map((a) => Math.max(0, Math.round(a / 2))) } : {}),
              multiplier: plan.multiplier,
              ...(reelsFree ? { reels: reelsFree } : {}),
              maxSpins,
            },
          }
        : {}),
    };
    return family === 'ways' ? { family, costUnits: cost, ...common } : { family, lines: lines!, ...common };
  };
  const top: [number, number][] = [];
  for (let j = payingCount - 1; j >= payingCount - 2 && j >= 0; j--) top.push([firstPaying + j, reels - 1]);
  // A paying wild's full run is as rare and dear as theirs.
  if (wild >= 0 && plan.wildPays) top.push([wild, reels - 1]);
  const t: Template = { template, make, top, fsScale: 1, hasFreeSpins: plan.freeSpins, minFsScale: Math.min(1, 3 / a3) };
  return t;
}

/**
 * Integer pays that put the RTP on the target, or 'over' when even one unit per pay overshoots.
 * The RTP is linear in the pays (rtpGains: rtp = rtpZero + Σ gainᵢ payᵢ). With `topShare`, that share
 * of what the pays must return goes to the rarest pays (Template.top) and the rest to the others in
 * the template's proportions: the volatility lever (rare big wins raise the standard deviation).
 * Rounding's remainder is spent greedily from the dearest gain down (each pay moved by at most a
 * third), and the RTP measured again (a paying wild's competing run makes it only nearly linear).
 */
export function search(
  t: Template,
  target: number,
  topShare?: number,
): { maths: GameConfig; pays: number[][]; topShare: number } | 'over' | null {
  const entries: [number, number][] = [];
  t.template.forEach((pays, s) => pays.forEach((p, i) => p > 0 && entries.push([s, i])));
  const isTop = (s: number, i: number) => t.top.some(([ts, ti]) => ts === s && ti === i);
  let pays = t.template.map((row) => row.map((p) => (p > 0 ? Math.max(1, Math.round(p)) : 0)));
  let { rtpZero, gains } = rtpGains(t.make(pays));
  const gain = (s: number, i: number) => gains[s]![i]!;
  const ones = entries.reduce((sum, [s, i]) => sum + gain(s, i), 0);
  if (rtpZero + ones > target) return 'over';
  const budget = target - rtpZero;
  const weight = (filter: (s: number, i: number) => boolean) =>
    entries.reduce((sum, [s, i]) => (filter(s, i) ? sum + gain(s, i) * t.template[s]![i]! : sum), 0);
  const share = topShare ?? weight(isTop) / weight(() => true);
  const kTop = (budget * share) / weight(isTop);
  const kRest = (budget * (1 - share)) / weight((s, i) => !isTop(s, i));
  if (!(kTop > 0) || !(kRest > 0)) return null;
  pays = t.template.map((row, s) => row.map((p, i) => (p > 0 ? Math.max(1, Math.round(p * (isTop(s, i) ? kTop : kRest))) : 0)));
  const base = pays.map((row) => [...row]);
  let rtp = 0;
  for (let round = 0; round < 4; round++) {
    ({ rtpZero, gains } = rtpGains(t.make(pays)));
    rtp = rtpZero + entries.reduce((sum, [s, i]) => sum + gain(s, i) * pays[s]![i]!, 0);
    if (Math.abs(target - rtp) <= RTP_TOLERANCE / 4) break;
    let rest = target - rtp;
    const order = [...entries].sort(([a, i], [b, j]) => gain(b, j) - gain(a, i));
    for (const [e, [s, i]] of order.entries()) {
      const g = gain(s, i);
      if (g <= 0 || Math.abs(rest) < g / 2) continue;
      // Each pay stays within half of its share's value, except the rarest, which takes what is left.
      const room = e === order.length - 1 ? Infinity : Math.max(1, Math.floor(base[s]![i]! / 2));
      const current = pays[s]![i]!;
      const moved = Math.max(Math.max(1, base[s]![i]! - room) - current, Math.min(base[s]![i]! + room - current, Math.round(rest / g)));
      pays[s]![i] = current + moved;
      rest -= moved * g;
    }
  }
  if (process.env.TUNE_DEBUG) console.log('search', { target, rtpZero, share, kTop, kRest, rtp });
  return Math.abs(rtp - target) <= RTP_TOLERANCE ? { maths: t.make(pays), pays, topShare: share } : null;
}
