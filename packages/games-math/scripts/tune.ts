/**
 * The offline tuner: writes the catalogue, titles/<id>.json, one file per title.
 *
 *   npm run tune -w @krone/games-math                  # every title (deletes tuner files no longer planned)
 *   npm run tune -w @krone/games-math -- --part 1/2    # every second title from the first: two cores, two runs
 *   npm run tune -w @krone/games-math -- --only 17     # one title (by plan index), for trying a change
 *   npm run tune -w @krone/games-math -- --part 2/2 --from 237   # resume a part
 *
 * Deterministic: the plan (family, layout, lines, volatility aim, features, theme, name, studio, dates,
 * stakes, colours) comes from one SeededTestRng with a fixed seed, and each title's maths from its own
 * SeededTestRng seeded by its plan index, so a part or one title gives the same files as a full run.
 * Per title: strips from symbol weights, a paytable from a template, both shaped by a volatility knob;
 * the paytable's scale found by bisection on exactRtp (milliseconds) so the RTP lands on a target drawn
 * in [94.2 %, 96.8 %], the last few units placed greedily on rare pays; then exact() once for every
 * figure. When the volatility class from exact()'s standard deviation misses the planned class, the knob
 * moves and the title is built again (a few times at most; the class written is always the derived one).
 * Every title's largest win (exact()'s, free spins at their best) lies in its kind's band (LARGEST_WIN_BANDS), aimed at
 * its class's part of it: strips without stacks of the dearest symbols, the free spins' size fitted (see buildTitle).
 * The three hand-made example titles (EXAMPLES) are left as they are.
 */
import { existsSync, readdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import {
  costUnits,
  empty,
  engineFor,
  exact,
  featuresOf,
  featureValue,
  LARGEST_WIN_BANDS,
  largestWinBand,
  largestWinKind,
  mathsHash,
  parseTitle,
  SeededTestRng,
  spinDistribution,
  volatilityOf,
  type GameConfig,
  type Moments,
  type Title,
  type Volatility,
} from '@krone/games-math';
import { buildTemplate, search, type Template, type TemplateOptions } from './tune-maths.js';
import { EXAMPLES, KNOB, makePlan, SEED, STAKE_TOTALS, type Plan } from './tune-plan.js';

const TITLES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../titles');

function stakeFor(plan: Plan, unit: number): Title['stake'] {
  let steps = STAKE_TOTALS.filter((s) => s % unit === 0 && s <= plan.maxStakeOre);
  if (steps.length < 4)
    steps = [1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50, 60, 80, 100].map((m) => m * unit).filter((s) => s >= 100 && s <= 10_000);
  steps = steps.slice(Math.min(plan.minStakeRank, Math.max(0, steps.length - 5)));
  while (steps.length > 12) steps = steps.filter((_, i) => i === 0 || i === steps.length - 1 || i % 2 === 0);
  const defaultOre = steps.find((s) => s >= 200) ?? steps[0]!;
  return { minOre: steps[0]!, maxOre: steps[steps.length - 1]!, stepsOre: steps, defaultOre };
}

export interface Built {
  title: Title;
  attempts: number;
  /** exact() of the title's final maths. */
  exactMs: number;
  /** All searches and exact() calls of all attempts. */
  tuneMs: number;
}

/** Where each class's standard deviation is aimed (the geometric middle of its band; low and very high inside theirs). */
const SD_AIM: Record<Volatility, number> = { low: 2.6, medium: 5.7, high: 11.3, 'very-high': 24 };
const ORDER: Volatility[] = ['low', 'medium', 'high', 'very-high'];
const SD_FROM: Record<Volatility, number> = { low: 0, medium: 4, high: 8, 'very-high': 16 };
const SD_TO: Record<Volatility, number> = { low: 4, medium: 8, high: 16, 'very-high': Infinity };
const FS_SCALES = [1, 0.85, 0.7, 0.55, 0.45, 0.35, 0.27, 0.2, 0.15];

/** How far (in log) a largest win lies outside [lo, hi]: 0 inside. */
const bandMiss = (x: number, [lo, hi]: readonly [number, number]) => (x < lo ? Math.log(lo / x) : x > hi ? Math.log(x / hi) : 0);

/**
 * The largest win (× stake) of `pays` at each free-spins size: the same search exact() makes (every base outcome
 * plus the feature's best total for its award), from one pair of spin distributions, since the free spins' size
 * changes neither the strips nor the pays.
 */
function largestWinsAt(t: Template, pays: number[][], scales: number[]): number[] {
  const keep = t.fsScale;
  const configs = scales.map((scale) => {
    t.fsScale = scale;
    return t.make(pays);
  });
  t.fsScale = keep;
  const e0 = engineFor(configs[0]!);
  const base = spinDistribution(e0, e0.base);
  const free = e0.free === e0.base ? base : spinDistribution(e0, e0.free);
  return configs.map((config) => {
    const e = engineFor(config);
    const classes = new Map<number, Moments>();
    for (const [scatters, byWin] of free) {
      const more = e.retriggers[scatters]!;
      if (!classes.has(more)) classes.set(more, empty());
      const m = classes.get(more)!;
      for (const [win, count] of byWin) {
        m.p += count;
        m.max = Math.max(m.max, (win + e.scatterUnits[scatters]!) * e.multiplier);
      }
    }
    let largest = 0;
    for (const [scatters, byWin] of base) {
      const award = e.awards[scatters]!;
      const feature = award > 0 ? featureValue(e, classes, award).max : 0;
      for (const win of byWin.keys()) largest = Math.max(largest, win + e.scatterUnits[scatters]! + feature);
    }
    return largest / e.costUnits;
  });
}

/** The free-spins size whose largest win lies nearest the band's logarithmic middle (and under its top). */
function fitFreeSpins(t: Template, pays: number[][], band: [number, number]): number {
  const scales = FS_SCALES.filter((s) => s >= t.minFsScale - 1e-9);
  const wins = largestWinsAt(t, pays, scales);
  const aim = Math.sqrt(band[0] * band[1]);
  let chosen = scales[scales.length - 1]!;
  let distance = Infinity;
  scales.forEach((scale, i) => {
    // The search raises the pays when the free spins shrink: keep a margin under the top.
    const d = wins[i]! > band[1] * 0.9 ? 10 + wins[i]! / band[1] : Math.abs(Math.log(wins[i]! / aim));
    if (d < distance) [chosen, distance] = [scale, d];
  });
  return chosen;
}

export function buildTitle(plan: Plan): Built {
  const rng = new SeededTestRng(SEED + 7919 * (plan.index + 1));
  const shape = { family: plan.layout.family, reels: Array<number[]>(plan.layout.reels) };
  const familyBand = LARGEST_WIN_BANDS[largestWinKind(shape)];
  const band = largestWinBand(shape, plan.volatility);
  let knob = KNOB[plan.volatility];
  let cost: number | undefined;
  let shrink = 0;
  let slow = false;
  let best: Built | undefined;
  let bestKey: number[] = [];
  let searchMs = 0;
  let exactMs = 0;
  let attempts = 0;
  const options: TemplateOptions = {};
  const distance = (v: Volatility) => Math.abs(ORDER.indexOf(plan.volatility) - ORDER.indexOf(v));
  // Candidates in order: largest win inside its kind's band (required), the planned class, the class's part of the band.
  const keyOf = (b: Built) => [
    bandMiss(b.title.exact.largestWin, familyBand),
    distance(b.title.volatility),
    bandMiss(b.title.exact.largestWin, largestWinBand(shape, b.title.volatility)),
  ];
  const better = (a: number[], b: number[]) => {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
    return false;
  };
  // Scatter pays cut by this factor: only when ten templates found no paytable at full scatter pays
  // (scatter and free-spin scatter pays alone returned most of the target).
  let scatterCut = 1;
  for (let template = 0; template < 40; template++) {
    if (template > 0 && template % 10 === 0) {
      if (best && bestKey[0] === 0) break;
      scatterCut /= 2;
      knob = KNOB[plan.volatility];
      cost = undefined;
    }
    const t = buildTemplate(plan, rng, knob, cost, shrink, scatterCut, options);
    // The natural shares first, then a bisection on the rare pays' share towards the class's middle and the
    // largest win's band; the free spins' size fitted to the band on the way.
    let lo = 0;
    let hi = 0.85;
    let share: number | undefined;
    let over = false;
    let conflict: 'ratio' | 'rare' | undefined;
    let refits = 0;
    let lastWinWay = 0;
    for (let step = 0; step < 8; step++) {
      attempts++;
      const t0 = performance.now();
      const found = search(t, plan.rtpTarget, share);
      searchMs += performance.now() - t0;
      if (found === 'over') {
        over = true;
        break;
      }
      if (found === null) break;
      const t1 = performance.now();
      const cpu = process.cpuUsage();
      const stats = exact(found.maths);
      const ms = performance.now() - t1;
      exactMs += ms;
      // A safety net (the layouts above keep exact() far below it): more than 2 s of CPU for exact()
      // and the template is built again with shorter strips. CPU time, so a busy machine does not trip it.
      const used = process.cpuUsage(cpu);
      if ((used.user + used.system) / 1000 > 2000) {
        slow = true;
        break;
      }
      const largest = stats.largestWin;
      if (t.hasFreeSpins && bandMiss(largest, band) > 0 && refits < 3) {
        const t2 = performance.now();
        const scale = fitFreeSpins(t, found.pays, band);
        exactMs += performance.now() - t2;
        refits++;
        if (scale !== t.fsScale) {
          t.fsScale = scale;
          step--;
          continue;
        }
      }
      const built = { title: makeTitle(plan, found.maths, stats), attempts, exactMs: ms, tuneMs: 0 };
      const key = keyOf(built);
      if (!best || better(key, bestKey)) [best, bestKey] = [built, key];
      if (key.every((k) => k === 0)) return { ...built, tuneMs: searchMs + exactMs };
      // Which way the rare pays' share should move: the class first, then the band.
      const sd = stats.standardDeviation;
      const sdWay = sd < SD_FROM[plan.volatility] ? 1 : sd >= SD_TO[plan.volatility] ? -1 : 0;
      const winWay = largest < band[0] ? 1 : largest > band[1] ? -1 : 0;
      lastWinWay = winWay;
      let bandFirst = false;
      if (sdWay !== 0 && winWay !== 0 && sdWay !== winWay) {
        conflict = sdWay > 0 ? 'ratio' : 'rare';
        // The band before the class: with no candidate in its kind's band yet, follow the band this once.
        if (bestKey[0] === 0) break;
        bandFirst = true;
      }
      if (process.env.TUNE_DEBUG)
        console.log('step', { template, knob, options, share: found.topShare, sd, largest, fsScale: t.fsScale, sdWay, winWay });
      const way = bandFirst ? winWay : sdWay !== 0 ? sdWay : winWay !== 0 ? winWay : sd < SD_AIM[plan.volatility] ? 1 : -1;
      if (way > 0) lo = found.topShare;
      else hi = found.topShare;
      if (hi - lo < 0.01 && hi < 1.3 * lo) break;
      // Geometric steps: the share that fits spans orders of magnitude (a ten-thousandth to most of the RTP).
      share = step === 0 && way > 0 ? Math.min(hi, Math.max(0.1, lo * 2.5)) : lo > 0 ? Math.sqrt(lo * hi) : hi / 4;
    }
    // A new template: even pays of one unit overshoot (ways: double the cost units; lines: a steeper knob
    // makes dear symbols and scatters rarer), or the share could not reach the class and the band at once:
    // too little deviation for the largest win (free spins on strips of their own without the dearest
    // symbols, then commoner top symbols: cheaper, so more of the RTP on them for the same largest win), or
    // too much (rarer, so dearer, top symbols; then longer strips, where one copy a reel is rarer).
    // The share ran to its end with the largest win still outside its band: the top symbols' rarity is the lever.
    if (!conflict && !over && !slow && lastWinWay !== 0) conflict = lastWinWay > 0 ? 'rare' : 'ratio';
    if (slow) {
      shrink++;
      slow = false;
    } else if (over && plan.layout.family === 'ways') cost = (cost ?? plan.choice) * 2;
    else if (over) knob += 0.25;
    else if (conflict === 'ratio' && plan.freeSpins && !options.freeWithoutTop)
      Object.assign(options, { ownFree: true, freeWithoutTop: true });
    else if (conflict === 'ratio' && (options.rareTop ?? 1) < 4) options.rareTop = (options.rareTop ?? 1) * 2;
    else if (conflict === 'rare' && (options.rareTop ?? 1) > 0.2) options.rareTop = (options.rareTop ?? 1) / 2;
    else if (conflict === 'rare' && (options.stretch ?? 1) < 3) options.stretch = (options.stretch ?? 1) * 1.5;
    else if (best) knob += ORDER.indexOf(plan.volatility) > ORDER.indexOf(best.title.volatility) ? 0.35 : -0.35;
    else knob += 0.15;
  }
  if (!best) throw new Error(`${plan.id}: no paytable reaches RTP ${plan.rtpTarget}`);
  if (bestKey[0]! > 0)
    throw new Error(
      `${plan.id}: no paytable with its largest win (${best.title.exact.largestWin.toFixed(0)}×) in ${familyBand.join('–')}×`,
    );
  return { ...best, attempts, tuneMs: searchMs + exactMs };
}

function makeTitle(plan: Plan, maths: GameConfig, stats: ReturnType<typeof exact>): Title {
  return parseTitle({
    id: plan.id,
    name: plan.name,
    studio: plan.studio,
    providerId: 'krone-studio',
    releaseDate: plan.releaseDate,
    volatility: volatilityOf(stats.standardDeviation),
    features: featuresOf(maths),
    tags: plan.theme.tags
      .slice(0, 1 + (plan.index % plan.theme.tags.length))
      .concat(plan.layout.family === 'classic' && plan.theme.key !== 'frugt' ? ['klassisk'] : []),
    devices: ['mobile', 'tablet', 'desktop'],
    stake: stakeFor(plan, costUnits(maths)),
    theme: { motif: plan.motif, colours: plan.colours },
    maths,
    exact: stats,
    mathsHash: mathsHash(maths),
  });
}

// ---------------------------------------------------------------- the command

function main(): void {
  const args = process.argv.slice(2);
  const arg = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const plans = makePlan();
  const [part, parts] = (arg('--part') ?? '1/1').split('/').map(Number) as [number, number];
  const only = arg('--only');
  const from = Number(arg('--from') ?? 0);
  const chosen = plans.filter((p) => p.index >= from && (only !== undefined ? p.index === Number(only) : p.index % parts === part - 1));
  if (parts === 1 && only === undefined) {
    const keep = new Set([...EXAMPLES, ...plans.map((p) => p.id)].map((id) => `${id}.json`));
    for (const file of readdirSync(TITLES_DIR)) if (file.endsWith('.json') && !keep.has(file)) unlinkSync(path.join(TITLES_DIR, file));
  }
  const start = performance.now();
  let slowest = { id: '', ms: 0 };
  const failed: string[] = [];
  for (const plan of chosen) {
    let built: Built;
    try {
      built = buildTitle(plan);
    } catch (error) {
      // Deterministic, so it fails the same way every run: reported, left out of the catalogue.
      console.error(`${plan.index} ${plan.id}: ${error instanceof Error ? error.message : String(error)}`);
      failed.push(plan.id);
      continue;
    }
    const file = path.join(TITLES_DIR, `${plan.id}.json`);
    const text = `${JSON.stringify(built.title)}\n`;
    // Written aside and renamed: a reader (a test, a running studio) never sees half a file.
    if (!existsSync(file) || readFileSync(file, 'utf8') !== text) {
      writeFileSync(`${file}.tmp`, text);
      renameSync(`${file}.tmp`, file);
    }
    if (built.exactMs > slowest.ms) slowest = { id: plan.id, ms: built.exactMs };
    const m = built.title.maths;
    console.log(
      `${String(plan.index).padStart(3)} ${plan.id.padEnd(36)} ${m.family.padEnd(7)} ${m.reels.length}x${m.rows} ${String(m.family === 'ways' ? m.costUnits : m.lines.length).padStart(2)} ` +
        `rtp ${(built.title.exact.rtp * 100).toFixed(3)} sd ${built.title.exact.standardDeviation.toFixed(1).padStart(5)} ${built.title.volatility.padEnd(9)} (aim ${plan.volatility}, ${built.attempts} tries) ` +
        `largest ${built.title.exact.largestWin.toFixed(0).padStart(5)}× ` +
        `tuned in ${built.tuneMs.toFixed(0)} ms, exact() ${built.exactMs.toFixed(0)} ms`,
    );
  }
  if (failed.length > 0) console.log(`left out (no paytable found): ${failed.join(', ')}`);
  console.log(
    `${chosen.length - failed.length} titles in ${((performance.now() - start) / 1000).toFixed(1)} s; slowest exact() ${slowest.ms.toFixed(0)} ms (${slowest.id})`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
