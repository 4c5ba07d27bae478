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

interface State {
  codes: Int32Array;
  win: number;
  scatters: number;
  count: number;
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

/** Line run codes: 0 = ended; otherwise 1 + ((target + 1) × (R + 1) + run) × (R + 1) + leadingWilds. */
function lineStep(e: Engine, code: number, symbol: number): { code: number; pay: number } {
  const R1 = e.reelCount + 1;
  const v = code - 1;
  const wilds = v % R1;
  const run = Math.floor(v / R1) % R1;
  const target = Math.floor(v / (R1 * R1)) - 1;
  let alive = false;
  let t = target;
  if (symbol === e.wild) {
    if (target < 0) return { code: 1 + ((0 * R1 + run + 1) * R1 + wilds + 1), pay: 0 };
    alive = e.substitutes[target] === 1;
  } else if (symbol !== e.scatter) {
    if (target < 0) {
      alive = wilds === 0 || e.substitutes[symbol] === 1;
      t = symbol;
    } else alive = symbol === target;
  }
  if (alive) return { code: 1 + (((t + 1) * R1 + run + 1) * R1 + wilds), pay: 0 };
  return { code: 0, pay: linePay(e, code) };
}

/** The pay of a run that ends here (code as in lineStep). */
function linePay(e: Engine, code: number): number {
  if (code === 0) return 0;
  const R1 = e.reelCount + 1;
  const v = code - 1;
  const wilds = v % R1;
  const run = Math.floor(v / R1) % R1;
  const target = Math.floor(v / (R1 * R1)) - 1;
  const wildPay = wilds > 0 ? e.pays[e.wild * R1 + wilds]! : 0;
  const symbolPay = target >= 0 ? e.pays[target * R1 + run]! : 0;
  return Math.max(wildPay, symbolPay);
}

function advance(e: Engine, state: State, group: WindowGroup, reel: number, out: Map<string, State>): void {
  const codes = new Int32Array(state.codes.length);
  let win = state.win;
  if (e.family === 'ways') {
    const stride = e.reelCount + 1;
    for (let i = 0; i < codes.length; i++) {
      const product = state.codes[i]!;
      if (product === 0) continue;
      const c = group.key[i]!;
      if (c === 0) win += e.pays[e.waySymbols[i]! * stride + reel]! * product;
      else codes[i] = product * c;
    }
  } else {
    for (let line = 0; line < codes.length; line++) {
      const code = state.codes[line]!;
      if (code === 0) continue;
      const row = e.lineCells[line * e.reelCount + reel]! - reel * e.rows;
      const next = lineStep(e, code, group.key[row]!);
      codes[line] = next.code;
      win += next.pay;
    }
  }
  const scatters = state.scatters + group.scatters;
  const id = `${codes.join(',')}|${win}|${scatters}`;
  const count = state.count * group.multiplicity;
  const existing = out.get(id);
  if (existing) existing.count += count;
  else out.set(id, { codes, win, scatters, count });
}

export function spinDistribution(e: Engine, set: ReelSet): SpinDistribution {
  const combinations = set.lengths.reduce((a, b) => a * b, 1);
  if (combinations > Number.MAX_SAFE_INTEGER) throw new RangeError('too many stop combinations for exact integer counts');
  const width = e.family === 'ways' ? e.waySymbols.length : e.lineCount;
  let states = new Map<string, State>([['start', { codes: new Int32Array(width).fill(1), win: 0, scatters: 0, count: 1 }]]);
  for (let reel = 0; reel < e.reelCount; reel++) {
    const groups = groupWindows(e, set, reel);
    const next = new Map<string, State>();
    for (const state of states.values()) for (const group of groups) advance(e, state, group, reel, next);
    states = next;
  }
  const dist: SpinDistribution = new Map();
  const stride = e.reelCount + 1;
  for (const state of states.values()) {
    let win = state.win;
    for (let i = 0; i < state.codes.length; i++) {
      const code = state.codes[i]!;
      if (code === 0) continue;
      win += e.family === 'ways' ? e.pays[e.waySymbols[i]! * stride + e.reelCount]! * code : linePay(e, code);
    }
    let byWin = dist.get(state.scatters);
    if (!byWin) dist.set(state.scatters, (byWin = new Map()));
    byWin.set(win, (byWin.get(win) ?? 0) + state.count);
  }
  return dist;
}
