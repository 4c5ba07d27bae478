import { describe, expect, it } from 'vitest';
import type { GameConfig, LinesConfig } from './config.js';
import { evaluate, play } from './evaluate.js';
import { SeededTestRng } from './rng.js';

const letters = 'ABCWSX'; // A, B, C pay; W wild; S scatter; X blank
const A = 0;
const B = 1;
const C = 2;
const W = 3;
const S = 4;

/**
 * Reel strips from windows written as rows: windows[k] = ['row0', 'row1', 'row2'] with one letter
 * per reel. Window k shows at stop 3k (3 rows).
 */
function strips(windows: string[][]): number[][] {
  const reels = windows[0]![0]!.length;
  return Array.from({ length: reels }, (_, reel) => windows.flatMap((rows) => rows.map((row) => letters.indexOf(row[reel]!))));
}

const symbols = [
  { name: 'A', pays: [0, 0, 5, 10, 50] },
  { name: 'B', pays: [0, 0, 2, 4, 8] },
  { name: 'C', pays: [0, 0, 1, 2, 3] },
  { name: 'W', pays: [0, 0, 20, 40, 100] },
  { name: 'S' },
  { name: 'X' },
];

const threeLines = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
];

function linesGame(windows: string[][], extra: Partial<LinesConfig> = {}): LinesConfig {
  return {
    family: 'lines',
    rows: 3,
    symbols,
    reels: strips(windows),
    lines: threeLines,
    wild: { symbol: W, excludes: [B] },
    scatter: { symbol: S, pays: [0, 2, 10] },
    ...extra,
  };
}

describe('evaluate: lines', () => {
  it('substitutes the wild, except for an excluded symbol, and pays runs from the left', () => {
    const game = linesGame([['CCCBS', 'AWACB', 'BWBBC']]);
    const o = evaluate(game, [0, 0, 0, 0, 0]);
    expect(o.base.window).toEqual([
      [C, A, B],
      [C, W, W],
      [C, A, B],
      [B, C, B],
      [S, B, C],
    ]);
    // Middle: A W A → three A (pay 5); top: C C C → 1; bottom: B W … stops at the wild (B excluded) → nothing.
    expect(o.base.wins).toEqual([
      {
        line: 0,
        symbol: A,
        count: 3,
        ways: 1,
        positions: [
          [0, 1],
          [1, 1],
          [2, 1],
        ],
        pay: 5,
      },
      {
        line: 1,
        symbol: C,
        count: 3,
        ways: 1,
        positions: [
          [0, 0],
          [1, 0],
          [2, 0],
        ],
        pay: 1,
      },
    ]);
    expect(o.base.scatter).toBeNull(); // one scatter pays 0
    expect(o.winUnits).toBe(6);
    expect(o.costUnits).toBe(3);
  });

  it('pays leading wilds as wilds when that is worth more than the symbol they lead', () => {
    const game = linesGame([['WWWCC', 'WWAAA', 'XXXXX']]);
    const o = evaluate(game, [0, 0, 0, 0, 0]);
    expect(o.base.wins.map((w) => [w.line, w.symbol, w.count, w.pay])).toEqual([
      [0, A, 5, 50], // W W A A A: five A (50) beats two wilds (0)
      [1, W, 3, 20], // W W W C C: three wilds (20) beat five C (3)
    ]);
    expect(o.winUnits).toBe(70);
  });

  it('a scatter breaks a line and pays anywhere, times the total stake', () => {
    const game = linesGame([['AASAA', 'XXXXS', 'XXXXX']]);
    const o = evaluate(game, [0, 0, 0, 0, 0]);
    expect(o.base.wins).toEqual([]); // A A S: two A pay 0
    expect(o.base.scatter).toEqual({
      count: 2,
      positions: [
        [2, 0],
        [4, 1],
      ],
      pay: 2 * 3,
    });
    expect(o.winUnits).toBe(6);
  });

  it('triggers free spins on their own strips with a multiplier, retriggers, and stops at the cap', () => {
    const base = [['SXSXS', 'XXXXX', 'XXXXX']];
    const free = [
      ['SXSXS', 'AAAXX', 'XXXXX'], // window 0 (stop 0): three scatters (10 × 3) and three A (5)
      ['XXXXX', 'XXXXX', 'XXXXX'], // window 1 (stop 3): nothing
    ];
    const game = linesGame(base, {
      freeSpins: { awards: [0, 0, 2], retriggers: [0, 0, 1], multiplier: 3, reels: strips(free), maxSpins: 3 },
    });
    const draws = [0, 0, 0, 0, 0, ...[0, 0, 0, 0, 0], ...[0, 0, 0, 0, 0], ...[3, 3, 3, 3, 3]];
    const o = evaluate(game, draws);
    expect(o.base.win).toBe(30);
    expect(o.base.freeSpinsAwarded).toBe(2);
    expect(o.freeSpins.map((f) => [f.win, f.freeSpinsAwarded])).toEqual([
      [(30 + 5) * 3, 1], // retrigger: 2 + 1 = 3 spins, the cap
      [(30 + 5) * 3, 0], // would retrigger, but the cap is reached
      [0, 0],
    ]);
    expect(o.freeSpins[0]!.wins[0]!.pay).toBe(15);
    expect(o.freeSpins[0]!.scatter!.pay).toBe(90);
    expect(o.winUnits).toBe(30 + 105 + 105);
    expect(o.draws).toEqual(draws);
  });

  it('refuses draws out of range, too few, or too many', () => {
    const game = linesGame([['AAAAA', 'BBBBB', 'CCCCC']]);
    expect(() => evaluate(game, [0, 0, 0, 0])).toThrow(/more than 4 draws/);
    expect(() => evaluate(game, [0, 0, 0, 0, 3])).toThrow(/outside \[0, 3\)/);
    expect(() => evaluate(game, [0, 0, 0, 0, 0, 0])).toThrow(/used 5 of 6/);
    expect(() => evaluate(game, [0, 0, 0, 0, 1.5])).toThrow(RangeError);
  });
});

describe('evaluate: ways and classic', () => {
  it('ways: pays the product of matching cells per reel from the left, wilds counting for every symbol', () => {
    const game: GameConfig = {
      family: 'ways',
      rows: 3,
      costUnits: 10,
      symbols: [
        { name: 'A', pays: [0, 0, 5] },
        { name: 'B', pays: [0, 0, 9] },
        { name: 'C', pays: [0, 0, 1] },
        { name: 'W' },
        { name: 'S' },
        { name: 'X' },
      ],
      reels: strips([['AAC', 'WAA', 'CCA']]),
      wild: { symbol: W },
      scatter: { symbol: S, pays: [1] },
    };
    const o = evaluate(game, [0, 0, 0]);
    // A: reel 0 {A, W}, reel 1 {A, A}, reel 2 {A, A} → 2 × 2 × 2 = 8 ways × 5; C: {W, C} × {C} × {C} → 2 ways × 1; B: reel 1 has none.
    expect(o.base.wins.map((w) => [w.symbol, w.count, w.ways, w.pay])).toEqual([
      [A, 3, 8, 40],
      [C, 3, 2, 2],
    ]);
    expect(o.base.wins[1]!.positions).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
      [2, 0],
    ]);
    expect(o.winUnits).toBe(42);
    expect(o.costUnits).toBe(10);
  });

  it('classic: 3 reels, diagonals as lines, one wild shared by two of them', () => {
    const game: GameConfig = {
      family: 'classic',
      rows: 3,
      symbols: symbols.map((s) => ({ ...s, ...(s.pays ? { pays: s.pays.slice(0, 3) } : {}) })),
      reels: strips([['AXB', 'XWX', 'BXA']]),
      wild: { symbol: W },
      lines: [
        [1, 1, 1],
        [0, 0, 0],
        [2, 2, 2],
        [0, 1, 2],
        [2, 1, 0],
      ],
    };
    const o = evaluate(game, [0, 0, 0]);
    expect(o.base.wins.map((w) => [w.line, w.symbol, w.count, w.pay])).toEqual([
      [3, A, 3, 5],
      [4, B, 3, 2],
    ]);
    expect(o.winUnits).toBe(7);
    expect(o.costUnits).toBe(5);
  });
});

describe('play', () => {
  it('records its draws, and evaluate replays them to the same outcome', () => {
    const game = linesGame(
      [
        ['SXSXS', 'AAAXX', 'XXXXX'],
        ['AWAXX', 'BBBBX', 'CCCXX'],
      ],
      {
        freeSpins: { awards: [0, 0, 2], retriggers: [0, 0, 2], multiplier: 2, maxSpins: 20 },
      },
    );
    const rng = new SeededTestRng(9);
    let features = 0;
    for (let i = 0; i < 300; i++) {
      const o = play(game, rng);
      if (o.freeSpins.length > 0) features++;
      expect(evaluate(game, o.draws)).toEqual(o);
      expect(o.draws.length).toBe(5 * (1 + o.freeSpins.length));
    }
    expect(features).toBeGreaterThan(0);
  });
});
