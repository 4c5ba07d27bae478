import { describe, expect, it } from 'vitest';
import translations from '../../../platform/src/content/seed/translations.json';
import { createTranslator } from './i18n';
import {
  explainWins,
  countRows,
  explainFreeSpinRules,
  explainFreeSpins,
  explainRound,
  formatMinutes,
  formatSignedKr,
  initialStake,
  minutesSince,
  paceAfterRound,
  secondsLeft,
  stepStake,
  winVerdict,
  winningCells,
} from './slot-screen';
import type { GameRules, SpinOutcome } from './studio-schemas';

const t = createTranslator(translations);

const rules: Pick<GameRules, 'symbols' | 'lines'> = {
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
};

describe('stake steps', () => {
  const steps = [100, 200, 500, 1000];

  it('moves to the neighbouring step and stays at either end', () => {
    expect(stepStake(steps, 200, 1)).toBe(500);
    expect(stepStake(steps, 200, -1)).toBe(100);
    expect(stepStake(steps, 1000, 1)).toBe(1000);
    expect(stepStake(steps, 100, -1)).toBe(100);
  });

  it('brings a stake that is not on a step back onto the nearest step in that direction', () => {
    expect(stepStake(steps, 300, 1)).toBe(500);
    expect(stepStake(steps, 300, -1)).toBe(200);
    expect(stepStake(steps, 5000, -1)).toBe(1000);
  });

  it('starts at the default when it is a step, else at the smallest step', () => {
    expect(initialStake({ minOre: 100, maxOre: 1000, stepsOre: steps, defaultOre: 200 })).toBe(200);
    expect(initialStake({ minOre: 100, maxOre: 1000, stepsOre: steps, defaultOre: 250 })).toBe(100);
  });
});

describe('a round in words', () => {
  it('names the line, the symbol, the count and the amount of each win, largest first, then the total against the stake', () => {
    const outcome: SpinOutcome & { freeSpins: null } = {
      window: [],
      wins: [
        { kind: 'line', line: 0, symbol: 0, count: 3, winOre: 250 },
        { kind: 'line', line: 2, symbol: 1, count: 4, winOre: 800 },
      ],
      freeSpins: null,
    };
    expect(explainRound({ winOre: 1050, stakeOre: 200, outcome }, rules, t)).toEqual([
      'Linje 3: 4 × Citron – 8 kr.',
      'Linje 1: 3 × Kirsebær – 2,50 kr.',
      'Gevinst 10,50 kr. – mere end indsatsen på 2 kr. (netto +8,50 kr.)',
    ]);
  });

  it('tells ways and scatter wins and the free spins with what they paid', () => {
    const outcome = {
      window: [],
      wins: [
        { kind: 'ways' as const, symbol: 1, count: 3, ways: 4, winOre: 320 },
        { kind: 'scatter' as const, symbol: 3, count: 3, winOre: 200 },
      ],
      freeSpins: { spins: 10, winOre: 4_500, rounds: [] },
    };
    expect(explainRound({ winOre: 5_020, stakeOre: 500, outcome }, rules, t)).toEqual([
      '3 × Citron på 4 måder – 3,20 kr.',
      '3 × Scatter hvor som helst – 2 kr.',
      '10 gratis spin gav 45 kr.',
      'Gevinst 50,20 kr. – mere end indsatsen på 5 kr. (netto +45,20 kr.)',
    ]);
  });

  it('says one way in the singular ("på 1 måde"), more in the plural', () => {
    const wins = [
      { kind: 'ways' as const, symbol: 1, count: 5, ways: 1, winOre: 90 },
      { kind: 'ways' as const, symbol: 1, count: 3, ways: 2, winOre: 40 },
    ];
    expect(explainWins({ wins }, rules, t)).toEqual(['5 × Citron på 1 måde – 0,90 kr.', '3 × Citron på 2 måder – 0,40 kr.']);
  });

  it('says plainly when a win is less than the stake, with the net loss, and when it only pays the stake back', () => {
    const outcome = { window: [], wins: [{ kind: 'line' as const, line: 2, symbol: 0, count: 3, winOre: 100 }], freeSpins: null };
    expect(explainRound({ winOre: 100, stakeOre: 200, outcome }, rules, t)).toEqual([
      'Linje 3: 3 × Kirsebær – 1 kr.',
      'Gevinst 1 kr. – mindre end indsatsen på 2 kr. (netto −1 kr.)',
    ]);
    expect(explainRound({ winOre: 100, stakeOre: 100, outcome }, rules, t).at(-1)).toBe(
      'Gevinst 1 kr. – det samme som indsatsen (netto 0 kr.)',
    );
  });

  it('says a free round’s win as a win into the bonus balance, never against a stake the player did not make (issue 27)', () => {
    const outcome = { window: [], wins: [{ kind: 'line' as const, line: 2, symbol: 0, count: 3, winOre: 2 }], freeSpins: null };
    const freeRound = { roundsLeft: 10, roundsTotal: 500, wonOre: 40 };
    expect(explainRound({ winOre: 2, stakeOre: 20, outcome, freeRound }, rules, t)).toEqual([
      'Linje 3: 3 × Kirsebær – 0,02 kr.',
      'Gevinst på gratis spin: 0,02 kr. – sat ind på din bonussaldo.',
    ]);
    expect(explainRound({ winOre: 0, stakeOre: 20, outcome: { ...outcome, wins: [] }, freeRound }, rules, t)).not.toContainEqual(
      expect.stringMatching(/netto/),
    );
  });

  it('tells each free spin with its wins, or that it won nothing', () => {
    const rounds = [
      { window: [], wins: [{ kind: 'line' as const, line: 1, symbol: 0, count: 3, winOre: 500 }] },
      { window: [], wins: [] },
    ];
    expect(explainFreeSpins({ outcome: { window: [], wins: [], freeSpins: { spins: 2, winOre: 500, rounds } } }, rules, t)).toEqual([
      'Gratis spin 1: Linje 2: 3 × Kirsebær – 5 kr.',
      'Gratis spin 2: Ingen gevinst denne gang.',
    ]);
  });

  it('says so when nothing won', () => {
    expect(explainRound({ winOre: 0, stakeOre: 200, outcome: { window: [], wins: [], freeSpins: null } }, rules, t)).toEqual([
      'Ingen gevinst denne gang.',
    ]);
  });
});

describe('a win against its stake (the win banner)', () => {
  it('calls a win below the stake a loss, never a win, with its net', () => {
    expect(winVerdict({ winOre: 150, stakeOre: 200 })).toEqual({
      kind: 'less-than-stake',
      winOre: 150,
      stakeOre: 200,
      netOre: -50,
      times: 0.75,
    });
    expect(winVerdict({ winOre: 199, stakeOre: 200 }).kind).toBe('less-than-stake');
  });

  it('tells no win, a win from the stake up, and big, huge and mega wins from 10, 25 and 50 times the stake', () => {
    const kinds = (stakeOre: number, wins: number[]) => wins.map((winOre) => winVerdict({ winOre, stakeOre }).kind);
    expect(kinds(200, [0, 200, 1_999, 2_000, 4_999, 5_000, 9_999, 10_000, 1_000_000])).toEqual([
      'none',
      'win',
      'win',
      'big',
      'big',
      'huge',
      'huge',
      'mega',
      'mega',
    ]);
    expect(winVerdict({ winOre: 200, stakeOre: 200 })).toMatchObject({ netOre: 0, times: 1 });
    expect(winVerdict({ winOre: 0, stakeOre: 200 })).toMatchObject({ netOre: -200, times: 0 });
    expect(winVerdict({ winOre: 5_000, stakeOre: 200 })).toMatchObject({ netOre: 4_800, times: 25 });
  });
});

describe('the free spins rule in words', () => {
  it('gives the spins for 3, 4 and 5 or more scatters, the retriggers, the multiplier, the cap and the stake', () => {
    expect(explainFreeSpinRules({ awards: [0, 0, 8, 12, 16], retriggers: [0, 0, 4, 6, 8], multiplier: 3, maxSpins: 200 }, t)).toEqual([
      '3 scatter hvor som helst giver 8 gratis spin.',
      '4 scatter hvor som helst giver 12 gratis spin.',
      '5 eller flere scatter hvor som helst giver 16 gratis spin.',
      '3 scatter under gratis spin giver 4 gratis spin mere.',
      '4 scatter under gratis spin giver 6 gratis spin mere.',
      '5 eller flere scatter under gratis spin giver 8 gratis spin mere.',
      'Alle gevinster i gratis spin, også scatter-gevinster, ganges med 3.',
      'Højst 200 gratis spin pr. runde, genudløste spin medregnet.',
      'Gratis spin koster ikke noget og spilles med indsatsen fra det spin, der udløste dem.',
    ]);
  });

  it('says when the free spins cannot be retriggered or multiplied, and cuts an award to the cap as the game does', () => {
    expect(explainFreeSpinRules({ awards: [0, 0, 3, 5, 12], retriggers: [], multiplier: 1, maxSpins: 9 }, t)).toEqual([
      '3 scatter hvor som helst giver 3 gratis spin.',
      '4 scatter hvor som helst giver 5 gratis spin.',
      '5 eller flere scatter hvor som helst giver 9 gratis spin.',
      'Gratis spin kan ikke udløses igen under gratis spin.',
      'Gevinster i gratis spin ganges ikke.',
      'Højst 9 gratis spin pr. runde, genudløste spin medregnet.',
      'Gratis spin koster ikke noget og spilles med indsatsen fra det spin, der udløste dem.',
    ]);
  });

  it('reads a per-count list as the engine does: from the first count that gives anything, the last count or more', () => {
    expect(countRows([0, 0, 2])).toEqual([{ count: 3, value: 2, orMore: true }]);
    expect(countRows([0, 1, 3, 0])).toEqual([
      { count: 2, value: 1, orMore: false },
      { count: 3, value: 3, orMore: false },
    ]);
    expect(countRows(null)).toEqual([]);
  });
});

describe('winning cells', () => {
  const window = [
    [0, 1, 3],
    [2, 0, 1],
    [1, 0, 3],
    [1, 1, 1],
    [3, 1, 0],
  ];

  it('marks a line run along its rows for its count of reels only', () => {
    const cells = winningCells({ window, wins: [{ kind: 'line', line: 2, symbol: 1, count: 3, winOre: 1 }] }, rules);
    expect([...cells].sort()).toEqual(['0:2', '1:1', '2:0']);
  });

  it('marks a ways symbol or a wild on the first reels, and every scatter', () => {
    const ways = winningCells({ window, wins: [{ kind: 'ways', symbol: 0, count: 3, ways: 2, winOre: 1 }] }, rules);
    expect([...ways].sort()).toEqual(['0:0', '1:0', '1:1', '2:1']);
    const scatters = winningCells({ window, wins: [{ kind: 'scatter', symbol: 3, count: 3, winOre: 1 }] }, rules);
    expect([...scatters].sort()).toEqual(['0:2', '2:2', '4:0']);
  });

  it('takes the studio’s own positions when the win carries them', () => {
    const cells = winningCells(
      {
        window,
        wins: [
          {
            kind: 'line',
            line: 0,
            symbol: 1,
            count: 2,
            positions: [
              [0, 1],
              [1, 2],
            ],
            winOre: 1,
          },
        ],
      },
      rules,
    );
    expect([...cells].sort()).toEqual(['0:1', '1:2']);
  });
});

describe('pace, durations and results', () => {
  it('waits the studio’s own gap between a round’s start and the next allowed start, whatever the clocks say', () => {
    expect(paceAfterRound({ startedAt: '2040-01-01T10:00:00.000Z' }, '2040-01-01T10:00:03.000Z')).toBe(3000);
    expect(paceAfterRound({ startedAt: '2026-01-01T10:00:05.000Z' }, '2026-01-01T10:00:03.000Z')).toBe(0);
    expect(paceAfterRound({ startedAt: '2026-01-01T10:00:00.000Z' }, null)).toBe(0);
    expect([2999, 2001, 2000, 1, 0].map(secondsLeft)).toEqual([3, 3, 2, 1, 0]);
  });

  it('reads minutes and hours in Danish and counts minutes since login on the server’s clock', () => {
    expect(formatMinutes(7, t)).toBe('7 min');
    expect(formatMinutes(65, t)).toBe('1 t 05 min');
    expect(minutesSince('2026-11-24T20:00:30Z', new Date('2026-11-24T21:15:00Z'))).toBe(74);
    expect(minutesSince(null, new Date())).toBeNull();
    expect(formatSignedKr(1250)).toBe('+12,50 kr.');
    expect(formatSignedKr(-500)).toBe('-5 kr.');
  });
});
