import type { GameConfig } from './config.js';
import { engineFor, type Engine, type ReelSet } from './engine.js';
import type { Rng } from './rng.js';

/** A cell of the window: reel (0 = leftmost) and row (0 = top). */
export type Position = readonly [reel: number, row: number];

export interface SymbolWin {
  /** The line's index in config.lines; -1 for a ways win. */
  line: number;
  symbol: number;
  /** Reels in a row from the left. */
  count: number;
  /** Ways only: the number of ways (product of matching cells per reel); 1 on a line. */
  ways: number;
  positions: Position[];
  /** Units, the free spins' multiplier included. */
  pay: number;
}

export interface ScatterWin {
  count: number;
  positions: Position[];
  /** Units, the free spins' multiplier included. */
  pay: number;
}

export interface SpinOutcome {
  stops: number[];
  /** window[reel][row]: symbol indices. */
  window: number[][];
  wins: SymbolWin[];
  scatter: ScatterWin | null;
  /** Free spins this spin awards (a trigger in the base game, a retrigger during free spins), after the cap. */
  freeSpinsAwarded: number;
  /** Units, the multiplier included. */
  win: number;
}

export interface RoundOutcome {
  base: SpinOutcome;
  /** Every free spin played, in order (empty without a trigger). */
  freeSpins: SpinOutcome[];
  /** The round's total win in units; in øre it is winUnits × stake ÷ costUnits (money.ts). */
  winUnits: number;
  costUnits: number;
  /** The random draws used, in order: one stop per reel per spin, base spin first. evaluate(config, draws) replays them. */
  draws: number[];
}

/** Scatters seen by the last spin (a second return value without an allocation). */
let lastScatters = 0;

interface Detail {
  wins: SymbolWin[];
}

function fillWindow(e: Engine, set: ReelSet, stops: Int32Array): void {
  const { rows, window } = e;
  let scatters = 0;
  for (let reel = 0; reel < e.reelCount; reel++) {
    const w = set.windows[reel]!;
    const at = stops[reel]! * rows;
    for (let row = 0; row < rows; row++) window[reel * rows + row] = w[at + row]!;
    scatters += set.scatters[reel]![stops[reel]!]!;
  }
  lastScatters = scatters;
}

function linesWin(e: Engine, multiplier: number, detail: Detail | null): number {
  const { reelCount, window, lineCells, pays, substitutes, wild, scatter, rows } = e;
  const stride = reelCount + 1;
  let total = 0;
  for (let line = 0, off = 0; line < e.lineCount; line++, off += reelCount) {
    let target = -1;
    let run = 0;
    let wilds = 0;
    for (let reel = 0; reel < reelCount; reel++) {
      const s = window[lineCells[off + reel]!]!;
      if (s === wild) {
        if (target < 0) {
          run++;
          wilds++;
          continue;
        }
        if (substitutes[target] === 1) {
          run++;
          continue;
        }
        break;
      }
      if (s === scatter) break;
      if (target < 0) {
        if (wilds === 0 || substitutes[s] === 1) {
          target = s;
          run++;
          continue;
        }
        break;
      }
      if (s === target) {
        run++;
        continue;
      }
      break;
    }
    const wildPay = wilds > 0 ? pays[wild * stride + wilds]! : 0;
    const symbolPay = target >= 0 ? pays[target * stride + run]! : 0;
    const pay = wildPay > symbolPay ? wildPay : symbolPay;
    if (pay > 0) {
      total += pay;
      if (detail !== null) {
        const count = wildPay > symbolPay ? wilds : run;
        const positions: Position[] = [];
        for (let reel = 0; reel < count; reel++) {
          const cell = lineCells[off + reel]!;
          positions.push([reel, cell - reel * rows]);
        }
        const symbol = wildPay > symbolPay ? wild : target;
        detail.wins.push({ line, symbol, count, ways: 1, positions, pay: pay * multiplier });
      }
    }
  }
  return total;
}

function waysWin(e: Engine, set: ReelSet, stops: Int32Array, multiplier: number, detail: Detail | null): number {
  const { reelCount, pays, waySymbols, symbolCount } = e;
  const stride = reelCount + 1;
  let total = 0;
  for (let i = 0; i < waySymbols.length; i++) {
    const s = waySymbols[i]!;
    let ways = 1;
    let run = 0;
    for (let reel = 0; reel < reelCount; reel++) {
      const c = set.counts[reel]![stops[reel]! * symbolCount + s]!;
      if (c === 0) break;
      ways *= c;
      run++;
    }
    const pay = pays[s * stride + run]! * ways;
    if (pay > 0) {
      total += pay;
      if (detail !== null) {
        const positions: Position[] = [];
        for (let reel = 0; reel < run; reel++) {
          for (let row = 0; row < e.rows; row++) {
            const shown = e.window[reel * e.rows + row]!;
            if (shown === s || (shown === e.wild && e.substitutes[s] === 1)) positions.push([reel, row]);
          }
        }
        detail.wins.push({ line: -1, symbol: s, count: run, ways, positions, pay: pay * multiplier });
      }
    }
  }
  return total;
}

/** One spin on the stops in e.stops: its win in units (multiplier included); lastScatters holds the scatter count. */
function spin(e: Engine, set: ReelSet, multiplier: number, detail: Detail | null): number {
  fillWindow(e, set, e.stops);
  const symbolWin = e.family === 'ways' ? waysWin(e, set, e.stops, multiplier, detail) : linesWin(e, multiplier, detail);
  return (symbolWin + e.scatterUnits[lastScatters]!) * multiplier;
}

function spinOutcome(e: Engine, set: ReelSet, multiplier: number, awarded: (scatters: number) => number): SpinOutcome {
  const detail: Detail = { wins: [] };
  const win = spin(e, set, multiplier, detail);
  const scatters = lastScatters;
  const window: number[][] = [];
  for (let reel = 0; reel < e.reelCount; reel++) window.push(Array.from(e.window.subarray(reel * e.rows, (reel + 1) * e.rows)));
  let scatter: ScatterWin | null = null;
  if (scatters > 0 && e.scatterUnits[scatters]! > 0) {
    const positions: Position[] = [];
    e.window.forEach((s, cell) => {
      if (s === e.scatter) positions.push([Math.floor(cell / e.rows), cell % e.rows]);
    });
    scatter = { count: scatters, positions, pay: e.scatterUnits[scatters]! * multiplier };
  }
  return { stops: Array.from(e.stops), window, wins: detail.wins, scatter, freeSpinsAwarded: awarded(scatters), win };
}

/** Draws the stops of one spin into e.stops. */
function drawStops(e: Engine, set: ReelSet, draw: (n: number) => number): void {
  for (let reel = 0; reel < e.reelCount; reel++) e.stops[reel] = draw(set.lengths[reel]!);
}

function playRound(e: Engine, draw: (n: number) => number, draws: number[]): RoundOutcome {
  drawStops(e, e.base, draw);
  let awarded = 0;
  const base = spinOutcome(e, e.base, 1, (scatters) => (awarded = Math.min(e.awards[scatters]!, e.maxSpins)));
  const freeSpins: SpinOutcome[] = [];
  let winUnits = base.win;
  for (let played = 0; played < awarded; played++) {
    drawStops(e, e.free, draw);
    const free = spinOutcome(e, e.free, e.multiplier, (scatters) => {
      const more = Math.min(e.retriggers[scatters]!, e.maxSpins - awarded);
      awarded += more;
      return more;
    });
    freeSpins.push(free);
    winUnits += free.win;
  }
  return { base, freeSpins, winUnits, costUnits: e.costUnits, draws };
}

/**
 * The outcome of a round from the config and the random draws alone: `draws` are the reel stops,
 * one per reel per spin in reel order, the base spin first and then each free spin. Throws when a
 * draw is out of its reel's range or the draws run out before the round ends.
 */
export function evaluate(config: GameConfig, draws: readonly number[]): RoundOutcome {
  const e = engineFor(config);
  let next = 0;
  const outcome = playRound(
    e,
    (n) => {
      const d = draws[next++];
      if (d === undefined) throw new RangeError(`the round needs more than ${draws.length} draws`);
      if (!Number.isInteger(d) || d < 0 || d >= n) throw new RangeError(`draw ${next - 1} is ${d}, outside [0, ${n})`);
      return d;
    },
    [...draws],
  );
  if (next !== draws.length) throw new RangeError(`the round used ${next} of ${draws.length} draws`);
  return outcome;
}

/** A round with its draws taken from `rng` (recorded in the outcome's `draws`, so evaluate(config, outcome.draws) replays it). */
export function play(config: GameConfig, rng: Rng): RoundOutcome {
  const draws: number[] = [];
  return playRound(
    engineFor(config),
    (n) => {
      const d = rng.int(n);
      draws.push(d);
      return d;
    },
    draws,
  );
}

/**
 * The round's win in units only, through the same spin code as evaluate without building the
 * outcome: the simulator's and the bench's hot path. Allocates nothing.
 */
export function playWinUnits(e: Engine, rng: Rng): number {
  for (let reel = 0; reel < e.reelCount; reel++) e.stops[reel] = rng.int(e.base.lengths[reel]!);
  let win = spin(e, e.base, 1, null);
  let awarded = Math.min(e.awards[lastScatters]!, e.maxSpins);
  for (let played = 0; played < awarded; played++) {
    for (let reel = 0; reel < e.reelCount; reel++) e.stops[reel] = rng.int(e.free.lengths[reel]!);
    win += spin(e, e.free, e.multiplier, null);
    awarded += Math.min(e.retriggers[lastScatters]!, e.maxSpins - awarded);
  }
  return win;
}

export interface Simulation {
  rounds: number;
  /** Mean win per round as a multiple of the total stake. */
  rtp: number;
  /** The standard error of that mean. */
  standardError: number;
  hitFrequency: number;
}

/** Plays `rounds` rounds (for tests and the bench: the engine checked against exact()). */
export function simulate(config: GameConfig, rng: Rng, rounds: number): Simulation {
  const e = engineFor(config);
  let sum = 0;
  let sumSquares = 0;
  let hits = 0;
  for (let i = 0; i < rounds; i++) {
    const w = playWinUnits(e, rng);
    sum += w;
    sumSquares += w * w;
    if (w > 0) hits++;
  }
  const mean = sum / rounds;
  const variance = Math.max(0, sumSquares / rounds - mean * mean);
  return {
    rounds,
    rtp: mean / e.costUnits,
    standardError: Math.sqrt(variance / rounds) / e.costUnits,
    hitFrequency: hits / rounds,
  };
}
