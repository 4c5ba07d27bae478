import { ConfigError, costUnits, parseConfig, type GameConfig } from './config.js';
import type { ExactStats } from './exact.js';
import { mathsHash } from './hash.js';

/**
 * A title: its maths (a GameConfig), the exact figures of that maths, and what a player sees about
 * it (name, studio, theme, stakes). One file per title in titles/<id>.json; see the README's schema.
 */

export const VOLATILITIES = ['low', 'medium', 'high', 'very-high'] as const;
export type Volatility = (typeof VOLATILITIES)[number];

/**
 * Volatility classes from the round win's standard deviation (× total stake): below 4 low, below 8
 * medium, below 16 high, from 16 very high. The class is derived, never hand-set.
 */
export const VOLATILITY_SD_THRESHOLDS = { medium: 4, high: 8, 'very-high': 16 } as const;

export function volatilityOf(standardDeviation: number): Volatility {
  if (standardDeviation < VOLATILITY_SD_THRESHOLDS.medium) return 'low';
  if (standardDeviation < VOLATILITY_SD_THRESHOLDS.high) return 'medium';
  if (standardDeviation < VOLATILITY_SD_THRESHOLDS['very-high']) return 'high';
  return 'very-high';
}

/**
 * The largest round win (× total stake, `exact().largestWin`: the base spin plus every free spin at its best) a
 * catalogue title may have, by kind: what real operators' slots of that kind show. Three-reel games (classic,
 * and lines or ways on 3×3) are the old one-armed bandits' kind; lines and ways games have four to six reels.
 * Within its kind's band a class has its own part (LARGEST_WIN_CLASS_SHARE): low volatility at the bottom, very
 * high at the top.
 */
export const LARGEST_WIN_BANDS = {
  'three-reel': [250, 2_500],
  lines: [1_000, 10_000],
  ways: [2_000, 50_000],
} as const satisfies Record<string, readonly [number, number]>;
export type LargestWinKind = keyof typeof LARGEST_WIN_BANDS;

/** A class's part of its kind's band, as [from, to] fractions of the band's logarithmic width. */
export const LARGEST_WIN_CLASS_SHARE: Record<Volatility, readonly [number, number]> = {
  low: [0, 0.5],
  medium: [0, 0.7],
  high: [0.2, 1],
  'very-high': [0.4, 1],
};

export function largestWinKind(config: Pick<GameConfig, 'family' | 'reels'>): LargestWinKind {
  return config.reels.length === 3 ? 'three-reel' : config.family === 'ways' ? 'ways' : 'lines';
}

/** The band [min, max] of the largest win (× total stake) for a game's kind and a volatility class. */
export function largestWinBand(config: Pick<GameConfig, 'family' | 'reels'>, volatility: Volatility): [number, number] {
  const [lo, hi] = LARGEST_WIN_BANDS[largestWinKind(config)];
  const [from, to] = LARGEST_WIN_CLASS_SHARE[volatility];
  return [lo * (hi / lo) ** from, lo * (hi / lo) ** to];
}

export const FEATURES = ['wild', 'scatter', 'free-spins', 'retrigger', 'multiplier'] as const;
export type Feature = (typeof FEATURES)[number];

/** A title's features, derived from its maths, in FEATURES order. */
export function featuresOf(config: GameConfig): Feature[] {
  const f = config.freeSpins;
  const has: Record<Feature, boolean> = {
    wild: config.wild !== undefined,
    scatter: config.scatter !== undefined,
    'free-spins': f !== undefined && f.awards.some((a) => a > 0),
    retrigger: f !== undefined && (f.retriggers ?? []).some((r) => r > 0),
    multiplier: f !== undefined && f.multiplier > 1,
  };
  return FEATURES.filter((feature) => has[feature]);
}

export const DEVICES = ['mobile', 'tablet', 'desktop'] as const;
export type Device = (typeof DEVICES)[number];

export interface TitleStake {
  minOre: number;
  maxOre: number;
  /** Sorted, each a multiple of costUnits(maths) øre; minOre = first, maxOre = last. */
  stepsOre: number[];
  defaultOre: number;
}

export interface TitleTheme {
  motif: string;
  colours: { background: string; primary: string; accent: string };
}

export interface Title {
  id: string;
  name: string;
  studio: string;
  providerId: string;
  releaseDate: string;
  volatility: Volatility;
  features: Feature[];
  tags: string[];
  devices: Device[];
  stake: TitleStake;
  theme: TitleTheme;
  maths: GameConfig;
  exact: ExactStats;
  mathsHash: string;
}

export class TitleError extends Error {
  override name = 'TitleError';
}

const EXACT_KEYS = [
  'rtp',
  'rtpBase',
  'rtpFeature',
  'hitFrequency',
  'standardDeviation',
  'largestWin',
  'featureFrequency',
  'meanFreeSpins',
  'combinations',
] as const satisfies readonly (keyof ExactStats)[];

const ID = /^[a-z0-9][a-z0-9-]{1,79}$/;
const SLUG = /^[a-z0-9][a-z0-9-]*$/;
const COLOUR = /^#[0-9a-f]{6}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown, max = 200): value is string => typeof value === 'string' && value.trim().length > 0 && value.length <= max;
const isOre = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/**
 * Checks an untrusted value (a title file's JSON) and returns it typed; throws TitleError naming the
 * title and the first problem. The maths goes through parseConfig; the stated hash, volatility and
 * features must be those of the maths (the figures in `exact` are checked against exact() by the
 * titles test, which is too slow to run on every load).
 */
export function parseTitle(value: unknown): Title {
  const where = isObject(value) && typeof value.id === 'string' ? `title ${value.id}: ` : 'title: ';
  const check: (condition: boolean, message: string) => asserts condition = (condition, message) => {
    if (!condition) throw new TitleError(where + message);
  };
  check(isObject(value), 'must be an object');
  const t = value;
  check(typeof t.id === 'string' && ID.test(t.id), 'id must match ^[a-z0-9][a-z0-9-]{1,79}$');
  check(isText(t.name, 80), 'name must be a non-empty text (≤ 80 characters)');
  check(isText(t.studio, 80), 'studio must be a non-empty text');
  check(typeof t.providerId === 'string' && SLUG.test(t.providerId), 'providerId must be a slug');
  check(
    typeof t.releaseDate === 'string' &&
      DATE.test(t.releaseDate) &&
      new Date(`${t.releaseDate}T00:00:00Z`).toISOString().startsWith(t.releaseDate),
    'releaseDate must be an ISO date (YYYY-MM-DD)',
  );
  let maths: GameConfig;
  try {
    maths = parseConfig(t.maths);
  } catch (error) {
    if (error instanceof ConfigError) throw new TitleError(`${where}maths: ${error.message}`);
    throw error;
  }
  check(isObject(t.exact), 'exact must be an object of figures');
  const stats = t.exact;
  for (const key of EXACT_KEYS)
    check(typeof stats[key] === 'number' && Number.isFinite(stats[key]) && stats[key] >= 0, `exact.${key} must be a finite number ≥ 0`);
  const figures = stats as unknown as ExactStats;
  check(figures.rtp > 0 && figures.rtp < 1, 'exact.rtp must be between 0 and 1');
  check(figures.hitFrequency <= 1 && figures.featureFrequency <= 1, 'exact frequencies must be probabilities');
  check(typeof t.mathsHash === 'string' && /^[0-9a-f]{64}$/.test(t.mathsHash), 'mathsHash must be 64 hex digits');
  check(t.mathsHash === mathsHash(maths), 'mathsHash is not the hash of its maths');
  check(
    t.volatility === volatilityOf(figures.standardDeviation),
    `volatility must be ${volatilityOf(figures.standardDeviation)} (from exact.standardDeviation)`,
  );
  const features = featuresOf(maths);
  check(
    Array.isArray(t.features) && t.features.length === features.length && t.features.every((f, i) => f === features[i]),
    `features must be [${features.join(', ')}] (from the maths)`,
  );
  check(
    Array.isArray(t.tags) &&
      t.tags.length >= 1 &&
      t.tags.every((tag) => isText(tag, 40) && tag === tag.toLowerCase()) &&
      new Set(t.tags).size === t.tags.length,
    'tags must be distinct lower-case texts, at least one',
  );
  check(
    Array.isArray(t.devices) &&
      t.devices.length >= 1 &&
      t.devices.every((d) => (DEVICES as readonly unknown[]).includes(d)) &&
      new Set(t.devices).size === t.devices.length,
    `devices must be distinct, from ${DEVICES.join(', ')}`,
  );
  check(isObject(t.stake), 'stake must be an object');
  const stake = t.stake;
  const unit = costUnits(maths);
  const steps = stake.stepsOre;
  check(Array.isArray(steps) && steps.length >= 1 && steps.every(isOre), 'stake.stepsOre must be a non-empty list of positive integers');
  check(
    steps.every((s) => s % unit === 0),
    `every stake step must be a multiple of costUnits (${unit} øre)`,
  );
  check(
    steps.every((s, i) => i === 0 || s > steps[i - 1]!),
    'stake.stepsOre must be sorted ascending, without repeats',
  );
  check(stake.minOre === steps[0] && stake.maxOre === steps[steps.length - 1], 'stake.minOre and maxOre must be the first and last step');
  check(steps.includes(stake.defaultOre as number), 'stake.defaultOre must be one of the steps');
  check(isObject(t.theme), 'theme must be an object');
  const theme = t.theme;
  check(typeof theme.motif === 'string' && SLUG.test(theme.motif), 'theme.motif must be a slug');
  check(isObject(theme.colours), 'theme.colours must be an object');
  for (const key of ['background', 'primary', 'accent'] as const) {
    const colour = theme.colours[key];
    check(typeof colour === 'string' && COLOUR.test(colour), `theme.colours.${key} must be #rrggbb (lower case)`);
  }
  return { ...(t as unknown as Title), maths, exact: figures };
}
