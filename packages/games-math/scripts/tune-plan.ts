/** The tuner's plan: per title its family, layout, lines, volatility aim, features, theme, name, studio, dates, stakes and colours. */
import { SeededTestRng, type GameConfig, type Volatility } from '@krone/games-math';
import { THEMES, type Theme } from './tune-themes.js';

export const SEED = 14_2026;
export const TITLE_COUNT = 740;
export const EXAMPLES = ['frugt-klassiker', 'nordlys-skoven', 'vikingernes-guld'];
const RTP_MIN = 0.942;
const RTP_MAX = 0.968;
/** How close the RTP must land to its target. */
export const RTP_TOLERANCE = 0.0012;
const LAST_RELEASE = Date.UTC(2026, 10, 20);
const DAY_MS = 86_400_000;

export type Family = GameConfig['family'];
export interface Layout {
  family: Family;
  reels: number;
  rows: number;
  /** Line counts to choose from (lines, classic), or ways' cost units. */
  choices: number[];
  /** Strip lengths: [min, max]. Short strips on big layouts keep exact() well under a second. */
  strip: [number, number];
  weight: number;
}

export const LAYOUTS: Layout[] = [
  { family: 'lines', reels: 5, rows: 3, choices: [5, 10, 15, 20, 25, 30, 40, 50], strip: [26, 48], weight: 30 },
  { family: 'lines', reels: 5, rows: 4, choices: [20, 25, 30, 40, 50], strip: [22, 38], weight: 14 },
  { family: 'lines', reels: 6, rows: 4, choices: [10, 20, 25], strip: [18, 30], weight: 9 },
  { family: 'lines', reels: 6, rows: 3, choices: [10, 15, 20, 25], strip: [20, 34], weight: 11 },
  { family: 'lines', reels: 3, rows: 3, choices: [5, 8, 10], strip: [20, 44], weight: 11 },
  { family: 'lines', reels: 4, rows: 3, choices: [8, 10, 15, 20], strip: [22, 44], weight: 13 },
  { family: 'lines', reels: 4, rows: 4, choices: [10, 20, 25, 30], strip: [22, 40], weight: 12 },
  { family: 'ways', reels: 5, rows: 3, choices: [20, 25, 40, 50], strip: [26, 46], weight: 30 },
  { family: 'ways', reels: 5, rows: 4, choices: [20, 25, 40, 50], strip: [24, 40], weight: 20 },
  { family: 'ways', reels: 6, rows: 4, choices: [25, 40, 50], strip: [20, 34], weight: 12 },
  { family: 'ways', reels: 6, rows: 3, choices: [20, 25, 40, 50], strip: [22, 38], weight: 10 },
  { family: 'ways', reels: 3, rows: 3, choices: [10, 20, 25], strip: [20, 44], weight: 10 },
  { family: 'ways', reels: 4, rows: 3, choices: [10, 20, 25, 40], strip: [22, 44], weight: 10 },
  { family: 'ways', reels: 4, rows: 4, choices: [20, 25, 40], strip: [22, 40], weight: 8 },
  { family: 'classic', reels: 3, rows: 3, choices: [1, 3, 5, 2, 4, 1, 3, 5, 5], strip: [20, 48], weight: 1 },
];
const FAMILY_SHARE: [Family, number][] = [
  ['lines', 0.5],
  ['ways', 0.34],
  ['classic', 0.16],
];
const VOLATILITY_SHARE: [Volatility, number][] = [
  ['low', 0.24],
  ['medium', 0.28],
  ['high', 0.27],
  ['very-high', 0.21],
];
/** The volatility knob's starting point per planned class (it moves when the derived class misses). */
export const KNOB: Record<Volatility, number> = { low: 0.05, medium: 0.4, high: 0.75, 'very-high': 1.1 };
const STUDIOS = ['Krone Studio', 'Nordlys Spil', 'Fyrtårn Games', 'Kløverfabrikken', 'Bølgeslag', 'Stjerneskud Studio'];
export const STAKE_TOTALS = [
  100, 150, 200, 250, 300, 400, 500, 600, 800, 1000, 1200, 1500, 2000, 2500, 3000, 4000, 5000, 6000, 7500, 8000, 10000,
];

export interface Plan {
  index: number;
  id: string;
  name: string;
  theme: Theme;
  layout: Layout;
  /** Lines (lines, classic) or cost units (ways). */
  choice: number;
  volatility: Volatility;
  wild: boolean;
  wildExcludesTop: boolean;
  wildPays: boolean;
  wildOnEdges: boolean;
  scatter: boolean;
  scatterPays: boolean;
  freeSpins: boolean;
  retrigger: boolean;
  multiplier: number;
  ownFreeReels: boolean;
  maxSpins: number;
  rtpTarget: number;
  studio: string;
  releaseDate: string;
  motif: string;
  colours: { background: string; primary: string; accent: string };
  maxStakeOre: number;
  minStakeRank: number;
}

// ---------------------------------------------------------------- small helpers

export type R = SeededTestRng;
export const uniform = (rng: R): number => rng.nextUint32() / 2 ** 32;
export const between = (rng: R, lo: number, hi: number): number => lo + (hi - lo) * uniform(rng);
export const intBetween = (rng: R, lo: number, hi: number): number => lo + rng.int(hi - lo + 1);
export const pick = <T>(rng: R, list: readonly T[]): T => list[rng.int(list.length)]!;
export const chance = (rng: R, p: number): boolean => uniform(rng) < p;
export function shuffle<T>(rng: R, list: T[]): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}
/** A list of `count` items drawn by shares, shuffled: the spread is exact, the order random. */
export function deck<T>(rng: R, shares: [T, number][], count: number): T[] {
  const out: T[] = [];
  shares.forEach(([item, share], i) => {
    const n = i === shares.length - 1 ? count - out.length : Math.round(share * count);
    for (let k = 0; k < n; k++) out.push(item);
  });
  return shuffle(rng, out);
}
export function weighted<T extends { weight: number }>(rng: R, list: readonly T[]): T {
  let x = uniform(rng) * list.reduce((a, b) => a + b.weight, 0);
  for (const item of list) if ((x -= item.weight) < 0) return item;
  return list[list.length - 1]!;
}
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'oe')
    .replace(/å/g, 'aa')
    .replace(/é/g, 'e')
    .replace(/'/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
export function hsl(h: number, s: number, l: number): string {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const c = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(255 * c)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}

// ---------------------------------------------------------------- named titles

/**
 * Titles the site's content names (news and campaigns in apps/platform/src/content/seed): each replaces the
 * generated name, studio and (when given) release date of the plan index whose family, layout, lines and theme
 * fit the text. Only metadata, so the maths stay those of the index (seeded by it), except where an RTP target
 * is given. The content states these titles' real figures; apps/platform/test/content-games.test.ts checks
 * that every title named there is in the catalogue.
 */
export interface NamedTitle {
  index: number;
  name: string;
  studio?: string;
  /** On or before the first news item or campaign that names the title. */
  releaseDate?: string;
  rtpTarget?: number;
  maxStakeOre?: number;
  minStakeRank?: number;
}
export const NAMED_TITLES: NamedTitle[] = [
  // news 2: 5×3, 20 lines, medium, RTP 96.1 %, 1–100 kr.
  {
    index: 624,
    name: 'Rimfrost Runer',
    studio: 'Rimfrost Games',
    releaseDate: '2026-01-14',
    rtpTarget: 0.961,
    maxStakeOre: 10_000,
    minStakeRank: 0,
  },
  { index: 627, name: 'Havfruens Perler', studio: 'Bølgebryder Games', releaseDate: '2026-03-26' },
  { index: 415, name: 'Lygtemænd', studio: 'Havørn Studio', releaseDate: '2026-06-19' },
  // news 19: 2 500× the stake in the bonus round on a 100 kr. stake, high volatility.
  { index: 162, name: 'Stormflod', studio: 'Stjerneskud Studio', releaseDate: '2026-05-22', minStakeRank: 0 },
  // news 25: Kobberhjul Studio's five titles.
  { index: 125, name: 'Kobberkronen', studio: 'Kobberhjul Studio', releaseDate: '2026-09-11' },
  { index: 332, name: 'Ravnens Øje', studio: 'Kobberhjul Studio', releaseDate: '2026-09-11' },
  { index: 179, name: 'Frugtfesten 5', studio: 'Kobberhjul Studio', releaseDate: '2026-09-11' },
  { index: 610, name: 'Mølleriets Guld', studio: 'Kobberhjul Studio', releaseDate: '2026-09-11' },
  { index: 681, name: 'Kaperkaptajnen', studio: 'Kobberhjul Studio', releaseDate: '2026-09-11', minStakeRank: 0 },
  // news 28, 30, 32: October's three.
  { index: 195, name: 'Mosekonens Bryg', studio: 'Nordlys Spil', releaseDate: '2026-10-13' },
  { index: 693, name: 'Trolde i Tågen', studio: 'Rimfrost Games', releaseDate: '2026-10-13', minStakeRank: 0 },
  { index: 15, name: 'Rubinrosen', studio: 'Fyrtårn Games', releaseDate: '2026-10-13' },
  // news 8, 11, 21 and the summer campaign. Campaigns give spins at 1 kr.: minStakeRank 0 keeps 1 kr. a step.
  // Fyrtårnets Skat: news 11 tells of a 4 kr. stake (a step of 20 lines up to 20 kr.).
  { index: 293, name: 'Fyrtårnets Skat', minStakeRank: 0 },
  { index: 172, name: 'Gulddaler', minStakeRank: 0 },
  { index: 567, name: 'Sølvlaksen', minStakeRank: 0 },
  { index: 694, name: 'Gyldne Gåsevinger', minStakeRank: 0 },
];

function applyNamed(plans: Plan[]): void {
  const names = new Set(plans.map((p) => p.name));
  const ids = new Set(plans.map((p) => p.id));
  for (const named of NAMED_TITLES) {
    const plan = plans[named.index]!;
    const id = slugify(named.name);
    if (names.has(named.name) || ids.has(id) || EXAMPLES.includes(id)) throw new Error(`named title ${named.name} is not unique`);
    names.delete(plan.name);
    ids.delete(plan.id);
    names.add(named.name);
    ids.add(id);
    Object.assign(plan, {
      name: named.name,
      id,
      studio: named.studio ?? plan.studio,
      releaseDate: named.releaseDate ?? plan.releaseDate,
      rtpTarget: named.rtpTarget ?? plan.rtpTarget,
      maxStakeOre: named.maxStakeOre ?? plan.maxStakeOre,
      minStakeRank: named.minStakeRank ?? plan.minStakeRank,
    });
  }
}

// ---------------------------------------------------------------- the plan

function titleName(rng: R, theme: Theme): string {
  const form = rng.int(10);
  if (form < 5) return `${pick(rng, theme.owners)} ${pick(rng, theme.things)}`;
  if (form < 8) return `${pick(rng, theme.adjectives)} ${pick(rng, theme.things)}`;
  const a = pick(rng, theme.pairs);
  const b = pick(rng, theme.pairs);
  return a === b ? `${pick(rng, theme.adjectives)} ${a}` : `${a} og ${b}`;
}

export function makePlan(): Plan[] {
  const rng = new SeededTestRng(SEED);
  const families = deck(rng, FAMILY_SHARE, TITLE_COUNT);
  const volatilities = new Map<Family, Volatility[]>();
  for (const [family] of FAMILY_SHARE) volatilities.set(family, deck(rng, VOLATILITY_SHARE, families.filter((f) => f === family).length));
  const names = new Set<string>(['Vikingernes Guld', 'Nordlysskoven', 'Frugtklassikeren']);
  const ids = new Set<string>(EXAMPLES);
  const colours = new Set<string>();
  // Release dates: ~20 within the last 30 days, the rest spread over the two years before.
  const recent = new Set(shuffle(rng, [...Array(TITLE_COUNT).keys()]).slice(0, 20));
  const plans: Plan[] = [];
  for (let index = 0; index < TITLE_COUNT; index++) {
    const family = families[index]!;
    const layout = weighted(
      rng,
      LAYOUTS.filter((l) => l.family === family),
    );
    const volatility = volatilities.get(family)!.pop()!;
    const theme = family === 'classic' && chance(rng, 0.45) ? THEMES.find((t) => t.key === 'frugt')! : pick(rng, THEMES);
    let name = titleName(rng, theme);
    while (names.has(name) || ids.has(slugify(name))) name = titleName(rng, theme);
    names.add(name);
    const id = slugify(name);
    ids.add(id);
    const scatter = chance(rng, family === 'classic' ? 0.55 : 0.88);
    const freeSpins = scatter && chance(rng, family === 'classic' ? 0.6 : 0.88);
    const highVol = volatility === 'high' || volatility === 'very-high';
    const days = recent.has(index) ? rng.int(29) : 30 + rng.int(700);
    let colour: Plan['colours'];
    do {
      const hue = (theme.hue + between(rng, -25, 25) + 360) % 360;
      colour = {
        background: hsl(hue, between(rng, 0.35, 0.7), between(rng, 0.08, 0.2)),
        primary: hsl((hue + between(rng, 20, 60)) % 360, between(rng, 0.6, 0.9), between(rng, 0.5, 0.65)),
        accent: hsl((hue + 180 + between(rng, -40, 40)) % 360, between(rng, 0.55, 0.85), between(rng, 0.45, 0.6)),
      };
    } while (colours.has(JSON.stringify(colour)));
    colours.add(JSON.stringify(colour));
    plans.push({
      index,
      id,
      name,
      theme,
      layout,
      choice: pick(rng, layout.choices),
      volatility,
      wild: chance(rng, family === 'classic' ? 0.6 : 0.9),
      wildExcludesTop: chance(rng, 0.3),
      wildPays: family !== 'ways' && chance(rng, 0.5),
      wildOnEdges: chance(rng, 0.5),
      scatter,
      scatterPays: !freeSpins || chance(rng, 0.7),
      freeSpins,
      retrigger: freeSpins && chance(rng, 0.5),
      multiplier: freeSpins ? pick(rng, highVol ? [1, 2, 3, 3] : [1, 1, 2, 3]) : 1,
      ownFreeReels: freeSpins && chance(rng, 0.4),
      maxSpins: pick(rng, [30, 50, 100, 150, 200]),
      rtpTarget: Math.round(between(rng, RTP_MIN, RTP_MAX) * 10_000) / 10_000,
      studio: index % 9 === 0 ? STUDIOS[0]! : pick(rng, STUDIOS),
      releaseDate: new Date(LAST_RELEASE - days * DAY_MS).toISOString().slice(0, 10),
      motif: pick(rng, theme.motifs),
      colours: colour,
      maxStakeOre: pick(rng, [2000, 5000, 10000, 10000, 10000]),
      minStakeRank: pick(rng, [0, 0, 0, 1, 2]),
    });
  }
  applyNamed(plans);
  return plans;
}
