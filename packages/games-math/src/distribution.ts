import type { Engine, ReelSet } from './engine.js';

/**
 * The exact joint distribution of one spin's symbol win (lines or ways, in units, before any
 * multiplier and without the scatter pay) and its scatter count, over every combination of reel
 * stops, each counted once: dist.get(scatters).get(win) = the number of stop combinations.
 *
 * Reels stop independently, so this is a dynamic programme over the reels, left to right. Stops
 * whose windows show the same symbols are grouped (their multiplicities multiply). The state after
 * reel k is what the remaining reels can still change: for lines, each line's run (target symbol,
 * length, leading wilds) while it is alive, for ways each symbol's product of matching cells while
 * it is alive; plus the win of the runs already ended and the scatters seen. Runs end quickly, so
 * states merge and the programme stays small where plain enumeration would visit every one of the
 * ∏ stops combinations. Counts are integers below 2^53 (checked), so they are exact in a double.
 */
export type SpinDistribution = Map<number, Map<number, number>>;

interface WindowGroup {
  /** The symbols per row (lines) or the count per way symbol (ways). */
  key: Uint8Array;
  scatters: number;
  multiplicity: number;
}

/**
 * The states sharing one set of alive runs: what the remaining reels can still change. Their
 * entries (win of ended runs × 64 + scatters seen → combinations) only shift as the reels go by.
 */
interface Bucket {
  /** The runs still alive, as pairs (line or way-symbol index, code), ascending by index. */
  alive: Int32Array;
  entries: Map<number, number>;
}

/** One reel's effect on a bucket: the runs alive after it, the win of the runs it ends, its scatters, and its stops. */
interface Transition {
  alive: number[];
  aliveKey: string;
  win: number;
  scatters: number;
  multiplicity: number;
}

function groupWindows(e: Engine, set: ReelSet, reel: number): WindowGroup[] {
  const groups = new Map<string, WindowGroup>();
  const length = set.lengths[reel]!;
  for (let stop = 0; stop < length; stop++) {
    let key: Uint8Array;
    if (e.family === 'ways') {
      const counts = set.counts[reel]!;
      key = Uint8Array.from(e.waySymbols, (s) => counts[stop * e.symbolCount + s]!);
    } else key = set.windows[reel]!.slice(stop * e.rows, (stop + 1) * e.rows);
    const scatters = set.scatters[reel]![stop]!;
    const id = `${key.join(',')}|${scatters}`;
    const group = groups.get(id);
    if (group) group.multiplicity++;
    else groups.set(id, { key, scatters, multiplicity: 1 });
  }
  return [...groups.values()];
}

/**
 * A line's run as a small integer: 1 + ((target + 1) × (R + 1) + run) × (R + 1) + leadingWilds,
 * target −1 while only wilds were seen; 0 = the run has ended. The step rule is the one evaluate.ts
 * applies (a wild extends any run whose target it substitutes; a scatter ends a run; the pay is the
 * larger of the leading wilds' own pay and the target's pay for the whole run).
 */
export interface LineTables {
  /** next[code × symbols + symbol]: the code after seeing symbol (0: the run ends). */
  next: Int32Array;
  /** pay[code]: the pay when the run ends in this state. */
  pay: Int32Array;
}

export function lineTables(e: Engine): LineTables {
  const R1 = e.reelCount + 1;
  const S = e.symbolCount;
  const codes = 1 + (S + 1) * R1 * R1;
  const next = new Int32Array(codes * S);
  const pay = new Int32Array(codes);
  for (let code = 1; code < codes; code++) {
    const v = code - 1;
    const wilds = v % R1;
    const run = Math.floor(v / R1) % R1;
    const target = Math.floor(v / (R1 * R1)) - 1;
    const wildPay = wilds > 0 ? e.pays[e.wild * R1 + wilds]! : 0;
    const symbolPay = target >= 0 ? e.pays[target * R1 + run]! : 0;
    pay[code] = Math.max(wildPay, symbolPay);
    if (run >= e.reelCount) continue;
    for (let symbol = 0; symbol < S; symbol++) {
      let t = target;
      let w = wilds;
      let alive = false;
      if (symbol === e.wild) {
        if (target < 0) {
          alive = true;
          w++;
        } else alive = e.substitutes[target] === 1;
      } else if (symbol !== e.scatter) {
        if (target < 0) {
          alive = wilds === 0 || e.substitutes[symbol] === 1;
          t = symbol;
        } else alive = symbol === target;
      }
      next[code * S + symbol] = alive ? 1 + ((t + 1) * R1 + run + 1) * R1 + w : 0;
    }
  }
  return { next, pay };
}

/**
 * Applies one window group to a set of alive runs; with `final` (the last reel) every run ends and
 * pays. The same rules as evaluate.ts, through the line tables.
 */
function step(e: Engine, tables: LineTables | null, from: Int32Array, group: WindowGroup, reel: number, final: boolean): Transition {
  const alive: number[] = [];
  let win = 0;
  const stride = e.reelCount + 1;
  if (tables === null) {
    for (let i = 0; i < from.length; i += 2) {
      const index = from[i]!;
      const product = from[i + 1]!;
      const c = group.key[index]!;
      if (c === 0) win += e.pays[e.waySymbols[index]! * stride + reel]! * product;
      else if (final) win += e.pays[e.waySymbols[index]! * stride + reel + 1]! * product * c;
      else alive.push(index, product * c);
    }
  } else {
    for (let i = 0; i < from.length; i += 2) {
      const line = from[i]!;
      const code = from[i + 1]!;
      const row = e.lineCells[line * e.reelCount + reel]! - reel * e.rows;
      const next = tables.next[code * e.symbolCount + group.key[row]!]!;
      if (next === 0) win += tables.pay[code]!;
      else if (final) win += tables.pay[next]!;
      else alive.push(line, next);
    }
  }
  return { alive, aliveKey: alive.join(','), win, scatters: group.scatters, multiplicity: group.multiplicity };
}

/** A bucket's transitions over one reel, merged where they lead to the same runs, win and scatters. */
function transitions(
  e: Engine,
  tables: LineTables | null,
  bucket: Bucket,
  groups: WindowGroup[],
  reel: number,
  final: boolean,
): Transition[] {
  const merged = new Map<string, Transition>();
  for (const group of groups) {
    const t = step(e, tables, bucket.alive, group, reel, final);
    const id = `${t.aliveKey}|${t.win}|${t.scatters}`;
    const existing = merged.get(id);
    if (existing) existing.multiplicity += t.multiplicity;
    else merged.set(id, t);
  }
  return [...merged.values()];
}

function addShifted(into: Map<number, number>, entries: Map<number, number>, t: Transition): void {
  const shift = t.win * 64 + t.scatters;
  for (const [id, count] of entries) into.set(id + shift, (into.get(id + shift) ?? 0) + count * t.multiplicity);
}

export function spinDistribution(e: Engine, set: ReelSet): SpinDistribution {
  const combinations = set.lengths.reduce((a, b) => a * b, 1);
  if (combinations > Number.MAX_SAFE_INTEGER) throw new RangeError('too many stop combinations for exact integer counts');
  const tables = e.family === 'ways' ? null : lineTables(e);
  const width = e.family === 'ways' ? e.waySymbols.length : e.lineCount;
  const start = new Int32Array(2 * width);
  for (let i = 0; i < width; i++) {
    start[2 * i] = i;
    start[2 * i + 1] = 1; // a fresh line run (code 1), or a ways product of 1
  }
  // Entries are keyed by win × 64 + scatters (at most 6 × 4 = 24 scatters): one number, one map operation.
  let buckets = new Map<string, Bucket>([['start', { alive: start, entries: new Map([[0, 1]]) }]]);
  for (let reel = 0; reel < e.reelCount - 1; reel++) {
    const groups = groupWindows(e, set, reel);
    const next = new Map<string, Bucket>();
    for (const bucket of buckets.values()) {
      for (const t of transitions(e, tables, bucket, groups, reel, false)) {
        let target = next.get(t.aliveKey);
        if (!target) next.set(t.aliveKey, (target = { alive: Int32Array.from(t.alive), entries: new Map() }));
        addShifted(target.entries, bucket.entries, t);
      }
    }
    buckets = next;
  }
  // The last reel ends every run: straight into the distribution.
  const last = e.reelCount - 1;
  const lastGroups = groupWindows(e, set, last);
  const flat = new Map<number, number>();
  for (const bucket of buckets.values())
    for (const t of transitions(e, tables, bucket, lastGroups, last, true)) addShifted(flat, bucket.entries, t);
  const dist: SpinDistribution = new Map();
  for (const [id, count] of flat) {
    const scatters = id % 64;
    const win = (id - scatters) / 64;
    let byWin = dist.get(scatters);
    if (!byWin) dist.set(scatters, (byWin = new Map()));
    byWin.set(win, count);
  }
  return dist;
}
