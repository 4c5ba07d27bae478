import { byCount, costUnits, parseConfig, type GameConfig } from './config.js';

/**
 * A config compiled once into flat typed arrays, so a spin allocates nothing until something wins.
 * Cells of the window are numbered reel × rows + row.
 */
export interface ReelSet {
  /** Stops per reel. */
  lengths: Int32Array;
  /** windows[reel][stop × rows + row]: the symbol shown at that row when the reel stops at `stop` (top row = the stop). */
  windows: Uint8Array[];
  /** Ways only: counts[reel][stop × symbols + symbol]: how many cells count for that symbol (itself or a substituting wild). */
  counts: Uint8Array[];
  /** scatters[reel][stop]: scatter symbols in that reel's window. */
  scatters: Uint8Array[];
}

export interface Engine {
  config: GameConfig;
  family: GameConfig['family'];
  reelCount: number;
  rows: number;
  symbolCount: number;
  costUnits: number;
  /** pays[symbol × (reelCount + 1) + k]: units for k in a row (lines) or per way (ways). */
  pays: Int32Array;
  /** substitutes[symbol] = 1 when the wild stands in for it. */
  substitutes: Uint8Array;
  wild: number;
  scatter: number;
  /** scatterUnits[c]: the scatter pay in units for c scatters (c up to reelCount × rows). */
  scatterUnits: Int32Array;
  /** Free spins awarded / retriggered by c scatters. */
  awards: Int32Array;
  retriggers: Int32Array;
  multiplier: number;
  maxSpins: number;
  /** lineCells[line × reelCount + reel]: the cell the line crosses on that reel. */
  lineCells: Int32Array;
  lineCount: number;
  /** Ways only: the symbols that can pay. */
  waySymbols: Int32Array;
  base: ReelSet;
  free: ReelSet;
  /** Scratch space for one spin's window and stops (the engine is used by one caller at a time: JavaScript is single-threaded). */
  window: Uint8Array;
  stops: Int32Array;
}

function compileReelSet(
  strips: number[][],
  rows: number,
  symbolCount: number,
  scatter: number,
  wild: number,
  substitutes: Uint8Array,
): ReelSet {
  const lengths = Int32Array.from(strips, (s) => s.length);
  const windows = strips.map((strip) => {
    const w = new Uint8Array(strip.length * rows);
    for (let stop = 0; stop < strip.length; stop++) {
      for (let row = 0; row < rows; row++) w[stop * rows + row] = strip[(stop + row) % strip.length]!;
    }
    return w;
  });
  const counts = windows.map((w, reel) => {
    const length = strips[reel]!.length;
    const c = new Uint8Array(length * symbolCount);
    for (let stop = 0; stop < length; stop++) {
      for (let row = 0; row < rows; row++) {
        const symbol = w[stop * rows + row]!;
        if (symbol === wild) {
          for (let s = 0; s < symbolCount; s++) if (substitutes[s]) c[stop * symbolCount + s]!++;
        } else c[stop * symbolCount + symbol]!++;
      }
    }
    return c;
  });
  const scatters = windows.map((w, reel) => {
    const length = strips[reel]!.length;
    const s = new Uint8Array(length);
    for (let stop = 0; stop < length; stop++) for (let row = 0; row < rows; row++) if (w[stop * rows + row] === scatter) s[stop]!++;
    return s;
  });
  return { lengths, windows, counts, scatters };
}

const compiled = new WeakMap<GameConfig, Engine>();

/** The compiled engine for a config (validated once, cached per config object). */
export function engineFor(config: GameConfig): Engine {
  let engine = compiled.get(config);
  if (engine === undefined) {
    engine = compile(parseConfig(config));
    compiled.set(config, engine);
  }
  return engine;
}

function compile(config: GameConfig): Engine {
  const reelCount = config.reels.length;
  const { rows } = config;
  const symbolCount = config.symbols.length;
  const cost = costUnits(config);
  const pays = new Int32Array(symbolCount * (reelCount + 1));
  config.symbols.forEach((symbol, s) => (symbol.pays ?? []).forEach((p, i) => (pays[s * (reelCount + 1) + i + 1] = p)));
  const wild = config.wild?.symbol ?? -1;
  const scatter = config.scatter?.symbol ?? -1;
  const substitutes = new Uint8Array(symbolCount);
  if (wild >= 0) {
    const excluded = new Set(config.wild?.excludes ?? []);
    for (let s = 0; s < symbolCount; s++) substitutes[s] = s !== wild && s !== scatter && !excluded.has(s) ? 1 : 0;
  }
  const cells = reelCount * rows;
  const scatterUnits = new Int32Array(cells + 1);
  const awards = new Int32Array(cells + 1);
  const retriggers = new Int32Array(cells + 1);
  const fs = config.freeSpins;
  for (let c = 1; c <= cells; c++) {
    scatterUnits[c] = byCount(config.scatter?.pays, c) * cost;
    awards[c] = byCount(fs?.awards, c);
    retriggers[c] = byCount(fs?.retriggers, c);
  }
  const lines = config.family === 'ways' ? [] : config.lines;
  const lineCells = new Int32Array(lines.length * reelCount);
  lines.forEach((line, l) => line.forEach((row, reel) => (lineCells[l * reelCount + reel] = reel * rows + row)));
  const waySymbols = Int32Array.from(
    config.symbols
      .map((_, s) => s)
      .filter((s) => s !== wild && s !== scatter && pays.subarray(s * (reelCount + 1), (s + 1) * (reelCount + 1)).some((p) => p > 0)),
  );
  const base = compileReelSet(config.reels, rows, symbolCount, scatter, wild, substitutes);
  return {
    config,
    family: config.family,
    reelCount,
    rows,
    symbolCount,
    costUnits: cost,
    pays,
    substitutes,
    wild,
    scatter,
    scatterUnits,
    awards,
    retriggers,
    multiplier: fs?.multiplier ?? 1,
    maxSpins: fs?.maxSpins ?? 0,
    lineCells,
    lineCount: lines.length,
    waySymbols,
    base,
    free: fs?.reels ? compileReelSet(fs.reels, rows, symbolCount, scatter, wild, substitutes) : base,
    window: new Uint8Array(cells),
    stops: new Int32Array(reelCount),
  };
}
