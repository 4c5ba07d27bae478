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
 * The three hand-made example titles (EXAMPLES) are left as they are.
 */
import { existsSync, readdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import {
  costUnits,
  exact,
  featuresOf,
  mathsHash,
  parseTitle,
  SeededTestRng,
  volatilityOf,
  type GameConfig,
  type Title,
  type Volatility,
} from '@krone/games-math';
import { buildTemplate, search } from './tune-maths.js';
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

export function buildTitle(plan: Plan): Built {
  const rng = new SeededTestRng(SEED + 7919 * (plan.index + 1));
  let knob = KNOB[plan.volatility];
  let cost: number | undefined;
  let shrink = 0;
  let slow = false;
  let best: Built | undefined;
  let searchMs = 0;
  let exactMs = 0;
  let attempts = 0;
  const distance = (v: Volatility) => Math.abs(ORDER.indexOf(plan.volatility) - ORDER.indexOf(v));
  // Scatter pays cut by this factor: only when ten templates found no paytable at full scatter pays
  // (scatter and free-spin scatter pays alone returned most of the target).
  let scatterCut = 1;
  for (let template = 0; template < 40; template++) {
    if (template > 0 && template % 10 === 0) {
      if (best) break;
      scatterCut /= 2;
      knob = KNOB[plan.volatility];
      cost = undefined;
    }
    const t = buildTemplate(plan, rng, knob, cost, shrink, scatterCut);
    // The natural shares first, then a bisection on the rare pays' share towards the class's middle.
    let lo = 0;
    let hi = 0.85;
    let share: number | undefined;
    let over = false;
    for (let step = 0; step < 6; step++) {
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
      const built = { title: makeTitle(plan, found.maths, stats), attempts, exactMs: ms, tuneMs: 0 };
      if (!best || distance(built.title.volatility) < distance(best.title.volatility)) best = built;
      if (distance(built.title.volatility) === 0) return { ...built, tuneMs: searchMs + exactMs };
      if (stats.standardDeviation < SD_AIM[plan.volatility]) lo = found.topShare;
      else hi = found.topShare;
      if (hi - lo < 0.01) break;
      share = step === 0 && stats.standardDeviation < SD_AIM[plan.volatility] ? Math.min(hi, Math.max(0.1, lo * 2.5)) : (lo + hi) / 2;
    }
    // A new template: even pays of one unit overshoot (ways: double the cost units; lines: a steeper knob
    // makes dear symbols and scatters rarer), or the share could not reach the class.
    if (slow) {
      shrink++;
      slow = false;
    } else if (over && plan.layout.family === 'ways') cost = (cost ?? plan.choice) * 2;
    else if (over) knob += 0.25;
    else if (best) knob += ORDER.indexOf(plan.volatility) > ORDER.indexOf(best.title.volatility) ? 0.35 : -0.35;
    else knob += 0.15;
  }
  if (!best) throw new Error(`${plan.id}: no paytable reaches RTP ${plan.rtpTarget}`);
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
        `tuned in ${built.tuneMs.toFixed(0)} ms, exact() ${built.exactMs.toFixed(0)} ms`,
    );
  }
  if (failed.length > 0) console.log(`left out (no paytable found): ${failed.join(', ')}`);
  console.log(
    `${chosen.length - failed.length} titles in ${((performance.now() - start) / 1000).toFixed(1)} s; slowest exact() ${slowest.ms.toFixed(0)} ms (${slowest.id})`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
