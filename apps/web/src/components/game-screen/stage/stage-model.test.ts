import { describe, expect, it } from 'vitest';
import translations from '../../../../../platform/src/content/seed/translations.json';
import { createTranslator } from '../../../lib/i18n';
import type { GameRules, StudioRound } from '../../../lib/studio-schemas';
import { fillerSymbol, stageJackpotOf, stageRoundOf } from './stage-model';

const t = createTranslator(translations);

const KIRSEBAER = 0;
const CITRON = 1;
const WILD = 2;
const SCATTER = 3;

const rules: Pick<GameRules, 'symbols' | 'lines' | 'freeSpins'> = {
  symbols: [
    { name: 'kirsebær', pays: [0, 0, 5, 10, 20], kind: 'normal' },
    { name: 'citron', pays: [0, 0, 8, 16, 40], kind: 'normal' },
    { name: 'wild', pays: [0, 0, 50, 100, 500], kind: 'wild' },
    { name: 'scatter', pays: [], kind: 'scatter' },
  ],
  lines: [
    [1, 1, 1, 1, 1],
    [0, 0, 0, 0, 0],
    [2, 1, 0, 1, 2],
  ],
  freeSpins: { awards: [0, 0, 10], multiplier: 3, maxSpins: 100 },
};

/** Five reels of three rows, top row first; the scatters sit at (0, 0), (2, 2) and (4, 1). */
const window = [
  [SCATTER, CITRON, KIRSEBAER],
  [CITRON, KIRSEBAER, WILD],
  [KIRSEBAER, CITRON, SCATTER],
  [CITRON, KIRSEBAER, CITRON],
  [KIRSEBAER, SCATTER, CITRON],
];

type Round = Pick<StudioRound, 'roundId' | 'stakeOre' | 'winOre' | 'outcome'>;

const round = (outcome: Partial<Round['outcome']>, figures: { stakeOre?: number; winOre?: number } = {}): Round => ({
  roundId: 'r-1',
  stakeOre: figures.stakeOre ?? 200,
  winOre: figures.winOre ?? 0,
  outcome: { window, wins: [], freeSpins: null, ...outcome },
});

const sorted = (cells: [number, number][]) => [...cells].sort((a, b) => a[0] - b[0] || a[1] - b[1]);

describe('the stage round: wins', () => {
  it("draws a line win on the rules' line: the path across every reel, the cells of its count", () => {
    const stage = stageRoundOf(
      round({ wins: [{ kind: 'line', line: 2, symbol: CITRON, count: 3, winOre: 800 }] }, { winOre: 800 }),
      rules,
      t,
    );
    const [win] = stage.base.wins;
    expect(win!.kind).toBe('line');
    expect(win!.path).toEqual([2, 1, 0, 1, 2]);
    expect(sorted(win!.cells)).toEqual([
      [0, 2],
      [1, 1],
      [2, 0],
    ]);
  });

  it('takes the cells the studio sent when it sent them', () => {
    const positions: [number, number][] = [
      [0, 1],
      [1, 2],
      [2, 1],
    ];
    const stage = stageRoundOf(round({ wins: [{ kind: 'line', line: 0, symbol: CITRON, count: 3, positions, winOre: 800 }] }), rules, t);
    expect(sorted(stage.base.wins[0]!.cells)).toEqual(positions);
    expect(stage.base.wins[0]!.path).toEqual([1, 1, 1, 1, 1]);
  });

  it('marks a ways win on the symbol and the wilds of its reels, and a scatter win wherever the scatters are, without a path', () => {
    const stage = stageRoundOf(
      round({
        wins: [
          { kind: 'ways', symbol: KIRSEBAER, count: 3, ways: 2, winOre: 300 },
          { kind: 'scatter', symbol: SCATTER, count: 3, winOre: 1000 },
        ],
      }),
      rules,
      t,
    );
    const [scatter, ways] = stage.base.wins;
    expect(scatter!.kind).toBe('scatter');
    expect(scatter!.path).toBeNull();
    expect(sorted(scatter!.cells)).toEqual([
      [0, 0],
      [2, 2],
      [4, 1],
    ]);
    expect(ways!.kind).toBe('ways');
    expect(ways!.path).toBeNull();
    expect(sorted(ways!.cells)).toEqual([
      [0, 2],
      [1, 1],
      [1, 2],
      [2, 0],
    ]);
  });

  it('labels each win in Danish with its amount, largest first', () => {
    const stage = stageRoundOf(
      round(
        {
          wins: [
            { kind: 'line', line: 0, symbol: KIRSEBAER, count: 3, winOre: 250 },
            { kind: 'ways', symbol: CITRON, count: 4, ways: 6, winOre: 1200 },
            { kind: 'scatter', symbol: SCATTER, count: 3, winOre: 800 },
          ],
        },
        { winOre: 2250 },
      ),
      rules,
      t,
    );
    expect(stage.base.wins.map((win) => win.label)).toEqual([
      '4 × Citron på 6 måder – 12 kr.',
      '3 × Scatter hvor som helst – 8 kr.',
      'Linje 1: 3 × Kirsebær – 2,50 kr.',
    ]);
    expect(stage.base.wins.map((win) => win.winOre)).toEqual([1200, 800, 250]);
    expect(stage.base.winOre).toBe(2250);
  });
});

describe('the stage round: free spins', () => {
  const freeSpins = {
    spins: 2,
    winOre: 3000,
    rounds: [
      // The studio's figure for this spin (with the feature's multiplier) differs from its wins' sum.
      { window, wins: [{ kind: 'line' as const, line: 1, symbol: CITRON, count: 3, winOre: 800 }], winOre: 2400 },
      {
        window,
        wins: [
          { kind: 'line' as const, line: 0, symbol: KIRSEBAER, count: 3, winOre: 200 },
          { kind: 'line' as const, line: 2, symbol: CITRON, count: 3, winOre: 400 },
        ],
      },
    ],
  };

  it("counts a free spin's win as the studio's own figure when sent, else as the sum of its wins", () => {
    const stage = stageRoundOf(round({ freeSpins }, { winOre: 3000 }), rules, t);
    expect(stage.freeSpins!.spins.map((spin) => spin.winOre)).toEqual([2400, 600]);
    expect(stage.freeSpins!.winOre).toBe(3000);
    expect(stage.freeSpins!.multiplier).toBe(3);
  });

  it('marks the scatters that triggered the free spins, and none when no free spins were won', () => {
    const won = stageRoundOf(round({ freeSpins }, { winOre: 3000 }), rules, t);
    expect(sorted(won.triggerCells)).toEqual([
      [0, 0],
      [2, 2],
      [4, 1],
    ]);
    const none = stageRoundOf(round({ freeSpins: null }), rules, t);
    expect(none.triggerCells).toEqual([]);
    expect(none.freeSpins).toBeNull();
    const empty = stageRoundOf(round({ freeSpins: { spins: 0, winOre: 0, rounds: [] } }), rules, t);
    expect(empty.triggerCells).toEqual([]);
    expect(empty.freeSpins).toBeNull();
  });
});

describe('the stage round: what the win is worth', () => {
  it('says a win below the stake is one, and grades the others against the stake', () => {
    const kind = (winOre: number) => stageRoundOf(round({}, { stakeOre: 200, winOre }), rules, t).kind;
    expect(kind(0)).toBe('none');
    expect(kind(150)).toBe('less-than-stake');
    expect(kind(200)).toBe('win');
    expect(kind(2000)).toBe('big');
    expect(kind(10_000)).toBe('mega');
  });

  it("keeps the round's own figures", () => {
    const stage = stageRoundOf(round({}, { stakeOre: 500, winOre: 150 }), rules, t);
    expect(stage).toMatchObject({ roundId: 'r-1', stakeOre: 500, winOre: 150 });
  });
});

describe('the filler a spinning reel shows', () => {
  const titleOf = (count: number, blanks: number[] = []) =>
    Array.from({ length: count }, (_, index) => ({ name: blanks.includes(index) ? 'blank' : `symbol ${index}` }));
  const walk = (symbols: { name: string }[], reel: number, from = -40, to = 2000) =>
    Array.from({ length: to - from }, (_, i) => fillerSymbol(symbols, reel, from + i));

  it("never shows a blank, and stays among the title's symbols", () => {
    const symbols = titleOf(8, [0, 5]);
    for (let reel = 0; reel < 6; reel++) {
      const shown = new Set(walk(symbols, reel));
      expect([...shown].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 6, 7]);
    }
  });

  it('is the same walk every time it is asked', () => {
    const symbols = titleOf(10);
    expect(walk(symbols, 3)).toEqual(walk(symbols, 3));
    expect(walk(symbols, 3)).not.toEqual(walk(symbols, 4));
  });

  it('shows every symbol along a reel and never one symbol twice in a row', () => {
    for (const count of [3, 4, 5, 9, 13]) {
      const symbols = titleOf(count + 1, [count]);
      for (let reel = 0; reel < 6; reel++) {
        const cells = walk(symbols, reel);
        expect(new Set(cells).size).toBe(count);
        const repeats = cells.flatMap((symbol, i) => (i > 0 && symbol === cells[i - 1] ? [`step ${i - 40}`] : []));
        expect(repeats, `${count} symbols, reel ${reel}`).toEqual([]);
      }
    }
  });

  it('with two symbols, never shows one of them more than twice in a row', () => {
    const cells = walk(titleOf(3, [1]), 0);
    const longest = cells.reduce(
      (acc, symbol, i) => {
        const run = i > 0 && symbol === cells[i - 1] ? acc.run + 1 : 1;
        return { run, longest: Math.max(acc.longest, run) };
      },
      { run: 0, longest: 0 },
    ).longest;
    expect(longest).toBeLessThanOrEqual(2);
  });
});

describe('the stage round: a jackpot hit (the overlay’s words)', () => {
  const krone = { poolId: 'kronejackpotten', poolName: 'Kronejackpotten', amountOre: 12_345_678 };
  const mini = { poolId: 'guld-mini', poolName: 'Guldjackpotten Mini', amountOre: 25_050 };

  it('names the pool, the amount it paid and the balance that includes it; the band names the game’s win and the jackpot’s apart', () => {
    expect(stageJackpotOf([krone], { winOre: 400, balanceOre: 12_400_000 }, t)).toEqual({
      title: 'JACKPOT!',
      won: 'Du har vundet Kronejackpotten',
      totalOre: 12_345_678,
      pools: [],
      balance: 'Din saldo er nu 124.000 kr.',
      band: 'Spilgevinst 4 kr. + jackpotgevinst 123.456,78 kr.',
    });
  });

  it('lists every pool with its amount when several were won, counts up to them together, and says only the jackpot when the game won nothing', () => {
    const jackpot = stageJackpotOf([mini, krone], { winOre: 0, balanceOre: null }, t)!;
    expect(jackpot.won).toBe('Du har vundet Guldjackpotten Mini og Kronejackpotten');
    expect(jackpot.totalOre).toBe(12_370_728);
    expect(jackpot.pools).toEqual(['Guldjackpotten Mini: 250,50 kr.', 'Kronejackpotten: 123.456,78 kr.']);
    expect(jackpot.balance).toBeNull();
    expect(jackpot.band).toBe('Jackpotgevinst 123.707,28 kr.');
  });

  it('is none when the stake won no pool (or the studio says nothing of pools)', () => {
    expect(stageJackpotOf([], { winOre: 0, balanceOre: 100 }, t)).toBeNull();
    expect(stageJackpotOf(undefined, { winOre: 0, balanceOre: 100 }, t)).toBeNull();
    expect(stageRoundOf(round({}), rules, t).jackpot).toBeNull();
  });

  it('comes with the stage round, after its own wins, with the answer’s balance', () => {
    const played = stageRoundOf({ ...round({}, { winOre: 0 }), jackpotWins: [krone] }, rules, t, 12_345_878);
    expect(played.winOre).toBe(0);
    expect(played.kind).toBe('none');
    expect(played.jackpot).toMatchObject({ totalOre: 12_345_678, balance: 'Din saldo er nu 123.458,78 kr.' });
  });
});
