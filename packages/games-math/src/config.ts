/**
 * A title's maths: one config type per engine family, a discriminated union on `family`.
 *
 * Units. Every pay is an integer number of *units*. A round costs `costUnits` units: for `lines` and
 * `classic` that is the number of lines (one unit is the line stake), for `ways` it is the config's
 * own `costUnits` (e.g. 25 for 243 ways; one unit is stake ÷ costUnits). A stake in øre is allowed
 * only when it is a multiple of costUnits, so a win of w units is exactly w × (stake ÷ costUnits) øre:
 * integers all the way, no rounding (see money.ts).
 */

export interface SymbolDef {
  name: string;
  /** pays[k - 1]: the pay in units for k in a row from the left (lines) or k reels (ways); shorter lists pay 0 beyond. */
  pays?: number[];
}

export interface WildRule {
  /** Index into `symbols`. */
  symbol: number;
  /** Symbols the wild does not stand in for (e.g. a top symbol). The scatter is never substituted. */
  excludes?: number[];
}

export interface ScatterRule {
  symbol: number;
  /**
   * pays[c - 1]: for c scatters anywhere in the window, that many times the TOTAL stake (so
   * pays × costUnits units). Counts beyond the list use its last entry.
   */
  pays: number[];
}

export interface FreeSpinsRule {
  /** awards[c - 1]: free spins awarded by c scatters in the base game (0: none). Counts beyond the list use its last entry. */
  awards: number[];
  /** Spins added by c scatters during the free spins, same indexing; omitted: no retrigger. */
  retriggers?: number[];
  /** Every free-spin win (lines, ways and scatter pays) is multiplied by this integer. */
  multiplier: number;
  /** The free spins' own reel strips; omitted: the base strips. */
  reels?: number[][];
  /** The most free spins one feature can play, retriggers included (awards beyond it are cut). */
  maxSpins: number;
}

interface CommonConfig {
  /** Window height (rows shown per reel). */
  rows: number;
  symbols: SymbolDef[];
  /** Base-game reel strips, one per reel, each a circular list of symbol indices. */
  reels: number[][];
  wild?: WildRule;
  scatter?: ScatterRule;
  freeSpins?: FreeSpinsRule;
}

export interface LinesConfig extends CommonConfig {
  family: 'lines';
  /** Each line is one row index per reel; pays run from the leftmost reel. Cost: one unit per line. */
  lines: number[][];
}

export interface ClassicConfig extends CommonConfig {
  family: 'classic';
  /** Three reels, one to five lines. */
  lines: number[][];
}

export interface WaysConfig extends CommonConfig {
  family: 'ways';
  /** What a round costs in units (a way's win is pay × the number of ways, in units). */
  costUnits: number;
}

export type GameConfig = LinesConfig | ClassicConfig | WaysConfig;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Units one round costs. */
export function costUnits(config: GameConfig): number {
  return config.family === 'ways' ? config.costUnits : config.lines.length;
}

/**
 * The largest number of units the engine can hold: it keeps pays, scatter pays (× costUnits) and
 * awards in 32-bit signed arrays (engine.ts), so a larger value would wrap silently there.
 */
export const MAX_ENGINE_UNITS = 2 ** 31 - 1;

const isInt = (value: unknown, min: number, max = Number.MAX_SAFE_INTEGER): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new ConfigError(message);
}

function checkIntList(list: unknown, what: string, min: number, max?: number): asserts list is number[] {
  const range = max === undefined ? `≥ ${min}` : `${min}–${max}`;
  check(Array.isArray(list) && list.every((v) => isInt(v, min, max)), `${what} must be a list of integers ${range}`);
}

function checkStrips(reels: unknown, what: string, reelCount: number, symbolCount: number, rows: number): void {
  check(Array.isArray(reels) && reels.length === reelCount, `${what} needs ${reelCount} strips`);
  (reels as unknown[]).forEach((strip, i) => {
    checkIntList(strip, `${what}[${i}]`, 0, symbolCount - 1);
    check(strip.length >= rows && strip.length <= 10_000, `${what}[${i}] needs between ${rows} and 10000 stops`);
  });
}

/** Checks an untrusted value (a title's JSON) and returns it typed; throws ConfigError naming the first problem. */
export function parseConfig(value: unknown): GameConfig {
  check(typeof value === 'object' && value !== null, 'config must be an object');
  const c = value as Record<string, unknown> & CommonConfig;
  check(c.family === 'lines' || c.family === 'ways' || c.family === 'classic', 'family must be lines, ways or classic');
  check(Array.isArray(c.reels), 'reels must be a list of strips');
  const reelCount = c.reels.length;
  check(isInt(c.rows, 1, 8), 'rows must be 1–8');
  if (c.family === 'classic') check(reelCount === 3 && c.rows === 3, 'classic is 3 reels × 3 rows');
  else check(reelCount >= 3 && reelCount <= 6 && c.rows >= 3 && c.rows <= 4, 'layouts run from 3×3 to 6×4');
  check(Array.isArray(c.symbols) && c.symbols.length >= 2 && c.symbols.length <= 64, 'symbols: 2–64 of them');
  const symbolCount = c.symbols.length;
  c.symbols.forEach((symbol, i) => {
    check(typeof symbol?.name === 'string' && symbol.name.length > 0, `symbols[${i}] needs a name`);
    if (symbol.pays !== undefined) {
      checkIntList(symbol.pays, `symbols[${i}].pays`, 0, MAX_ENGINE_UNITS);
      check(symbol.pays.length <= reelCount, `symbols[${i}].pays has more entries than reels`);
    }
  });
  checkStrips(c.reels, 'reels', reelCount, symbolCount, c.rows);
  const special = new Set<number>();
  if (c.wild !== undefined) {
    check(isInt(c.wild.symbol, 0, symbolCount - 1), 'wild.symbol must be a symbol index');
    if (c.wild.excludes !== undefined) checkIntList(c.wild.excludes, 'wild.excludes', 0, symbolCount - 1);
    special.add(c.wild.symbol);
    if (c.family === 'ways')
      check(
        (c.symbols[c.wild.symbol]!.pays ?? []).every((p) => p === 0),
        'a ways wild only substitutes: no pays of its own',
      );
  }
  if (c.scatter !== undefined) {
    check(isInt(c.scatter.symbol, 0, symbolCount - 1) && !special.has(c.scatter.symbol), 'scatter.symbol must be its own symbol index');
    checkIntList(c.scatter.pays, 'scatter.pays', 0, MAX_ENGINE_UNITS);
    check(
      (c.symbols[c.scatter.symbol]!.pays ?? []).every((p) => p === 0),
      'the scatter pays through scatter.pays only',
    );
  }
  if (c.freeSpins !== undefined) {
    const f = c.freeSpins;
    check(c.scatter !== undefined, 'free spins are triggered by scatters: add a scatter');
    checkIntList(f.awards, 'freeSpins.awards', 0, 1000);
    if (f.retriggers !== undefined) checkIntList(f.retriggers, 'freeSpins.retriggers', 0, 1000);
    check(isInt(f.multiplier, 1, 1000), 'freeSpins.multiplier must be an integer 1–1000');
    check(isInt(f.maxSpins, 1, 1000), 'freeSpins.maxSpins must be 1–1000');
    if (f.reels !== undefined) checkStrips(f.reels, 'freeSpins.reels', reelCount, symbolCount, c.rows);
  }
  if (c.family === 'ways') {
    check(isInt(c.costUnits, 1, 100_000), 'costUnits must be a positive integer');
  } else {
    const lines = (c as unknown as { lines: unknown }).lines;
    check(Array.isArray(lines) && lines.length >= 1, 'lines must be a non-empty list');
    if (c.family === 'classic') check(lines.length <= 5, 'classic has 1–5 lines');
    else check(lines.length <= 100, 'at most 100 lines');
    (lines as unknown[]).forEach((line, i) => {
      checkIntList(line, `lines[${i}]`, 0, c.rows - 1);
      check(line.length === reelCount, `lines[${i}] needs one row per reel`);
    });
  }
  // The engine keeps a scatter pay as units (× the round's cost) in a 32-bit array too.
  if (c.scatter !== undefined) {
    const cost = costUnits(c as unknown as GameConfig);
    const largest = Math.max(0, ...c.scatter.pays);
    check(
      largest * cost <= MAX_ENGINE_UNITS,
      `scatter.pays × costUnits must be at most ${MAX_ENGINE_UNITS} units (the engine's 32-bit pay table): ${largest} × ${cost}`,
    );
  }
  return value as GameConfig;
}

/** A per-count list where counts beyond the list use its last entry (scatter pays, awards). */
export function byCount(list: readonly number[] | undefined, count: number): number {
  if (list === undefined || list.length === 0 || count < 1) return 0;
  return list[Math.min(count, list.length) - 1]!;
}
