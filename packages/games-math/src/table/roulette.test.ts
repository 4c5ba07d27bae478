import { describe, expect, it } from 'vitest';
import { CryptoRng, uniformInt, type Rng } from '../rng.js';
import {
  EUROPEAN_WHEEL_ORDER,
  RED_NUMBERS,
  ROULETTE_BET_KINDS,
  ROULETTE_MAX_BETS,
  ROULETTE_PAYOUTS,
  ROULETTE_VARIANTS,
  STANDARD_ROULETTE_LIMITS,
  allRouletteSelections,
  betCovers,
  betNumbers,
  checkRouletteBets,
  parseBet,
  parseBets,
  playRoulette,
  pocketColour,
  replayRoulette,
  rouletteRtp,
  rtpPercent,
  settleRoulette,
  spinRoulette,
  validateRouletteTable,
  type RouletteBet,
  type RouletteBetKind,
  type RouletteSelection,
  type RouletteTable,
  type RouletteVariant,
} from './roulette.js';

const POCKETS = Array.from({ length: 37 }, (_, n) => n);
const EVEN_MONEY = new Set<RouletteBetKind>(['red-black', 'odd-even', 'low-high']);

/** The layout's geometry, written again here on its own: number n ≥ 1 sits in row ⌈n/3⌉, column (n − 1) mod 3. */
const cell = (n: number): { row: number; col: number } => ({ row: Math.ceil(n / 3), col: (n - 1) % 3 });
function touching(a: number, b: number): boolean {
  if (a === 0 || b === 0) return Math.max(a, b) <= 3 && a !== b; // zero borders 1, 2 and 3
  const p = cell(a);
  const q = cell(b);
  return Math.abs(p.row - q.row) + Math.abs(p.col - q.col) === 1;
}

function* subsets(size: number, from = 0, chosen: number[] = []): Generator<number[]> {
  if (chosen.length === size) {
    yield chosen;
    return;
  }
  for (let n = from; n < 37; n++) {
    chosen.push(n);
    yield* subsets(size, n + 1, chosen);
    chosen.pop();
  }
}

const bet = (selection: RouletteSelection, stakeOre: number): RouletteBet => ({ ...selection, stakeOre }) as RouletteBet;
const errorCode = (input: unknown): string | undefined => {
  const parsed = parseBet(input);
  return parsed.ok ? undefined : parsed.error.code;
};

describe('the table', () => {
  it('has the standard single-zero wheel: every pocket once, zero between 26 and 32, red and black alternating', () => {
    expect([...EUROPEAN_WHEEL_ORDER].sort((a, b) => a - b)).toEqual(POCKETS);
    expect(EUROPEAN_WHEEL_ORDER[0]).toBe(0);
    expect(EUROPEAN_WHEEL_ORDER[1]).toBe(32);
    expect(EUROPEAN_WHEEL_ORDER[36]).toBe(26);
    const colours = EUROPEAN_WHEEL_ORDER.slice(1).map(pocketColour);
    colours.forEach((colour, i) => expect(colour).toBe(i % 2 === 0 ? 'red' : 'black'));
  });

  it('colours 18 numbers red as listed, 18 black, zero green; refuses a pocket that does not exist', () => {
    expect(POCKETS.filter((n) => pocketColour(n) === 'red')).toEqual([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
    expect(POCKETS.filter((n) => pocketColour(n) === 'black')).toHaveLength(18);
    expect(pocketColour(0)).toBe('green');
    for (const bad of [-1, 37, 1.5, Number.NaN]) expect(() => pocketColour(bad)).toThrow(RangeError);
  });
});

describe('bets', () => {
  it('pays the standard multiples "to 1"', () => {
    expect(ROULETTE_BET_KINDS.map((kind) => ROULETTE_PAYOUTS[kind])).toEqual([35, 17, 11, 8, 5, 2, 2, 1, 1, 1]);
  });

  it.each([
    ['straight', 37],
    ['split', 60],
    ['street', 14],
    ['corner', 23],
    ['six-line', 11],
    ['column', 3],
    ['dozen', 3],
    ['red-black', 2],
    ['odd-even', 2],
    ['low-high', 2],
  ] as const)('lists the standard number of distinct %s bets (%i), each accepted by parseBet', (kind, count) => {
    const selections = allRouletteSelections(kind);
    expect(selections).toHaveLength(count);
    expect(new Set(selections.map((s) => JSON.stringify(s))).size).toBe(count);
    for (const selection of selections) expect(parseBet(bet(selection, 100))).toEqual({ ok: true, value: bet(selection, 100) });
  });

  it.each([
    ['straight', 1, 37],
    ['split', 2, 60],
    ['street', 3, 14],
    ['corner', 4, 23],
    ['six-line', 6, 11],
  ] as const)('parseBet accepts exactly the %s bets among all sets of %i numbers of 0..36 (%i)', (kind, size, count) => {
    let accepted = 0;
    for (const numbers of subsets(size)) if (parseBet({ kind, numbers, stakeOre: 100 }).ok) accepted++;
    expect(accepted).toBe(count);
  });

  it('every inside bet is a real spot on the layout: splits touch, streets are a row or a zero trio, corners a 2×2 square or the first four', () => {
    for (const s of allRouletteSelections('split')) {
      const [a, b] = betNumbers(s);
      expect(touching(a!, b!), `${a}-${b}`).toBe(true);
    }
    for (const s of allRouletteSelections('street')) {
      const n = betNumbers(s);
      if (n[0] === 0)
        expect([
          [0, 1, 2],
          [0, 2, 3],
        ]).toContainEqual(n);
      else expect(new Set(n.map((x) => cell(x).row)).size).toBe(1);
    }
    for (const s of allRouletteSelections('corner')) {
      const n = betNumbers(s);
      if (n[0] === 0) expect(n).toEqual([0, 1, 2, 3]);
      else {
        // a 2×2 square: two rows, two neighbouring columns, each number touching two others
        expect(new Set(n.map((x) => cell(x).row)).size).toBe(2);
        expect(new Set(n.map((x) => cell(x).col)).size).toBe(2);
        for (const x of n) expect(n.filter((y) => touching(x, y))).toHaveLength(2);
      }
    }
    expect(
      allRouletteSelections('split')
        .map(betNumbers)
        .filter((n) => n[0] === 0),
    ).toEqual([
      [0, 1],
      [0, 2],
      [0, 3],
    ]);
  });

  it('covers the right pockets for the outside bets', () => {
    expect(betNumbers({ kind: 'column', selector: 1 })).toEqual([1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 34]);
    expect(betNumbers({ kind: 'column', selector: 3 })).toEqual([3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33, 36]);
    expect(betNumbers({ kind: 'dozen', selector: 3 })).toEqual([25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36]);
    expect(betNumbers({ kind: 'red-black', selector: 'red' })).toEqual(RED_NUMBERS);
    expect(betNumbers({ kind: 'red-black', selector: 'black' })).toEqual(POCKETS.filter((n) => n > 0 && !RED_NUMBERS.includes(n)));
    expect(betNumbers({ kind: 'odd-even', selector: 'even' })).toEqual(POCKETS.filter((n) => n > 0 && n % 2 === 0));
    expect(betNumbers({ kind: 'low-high', selector: 'high' })).toEqual(POCKETS.filter((n) => n >= 19));
    // zero is in no outside bet
    for (const kind of ['column', 'dozen', 'red-black', 'odd-even', 'low-high'] as const) {
      for (const s of allRouletteSelections(kind)) expect(betNumbers(s)).not.toContain(0);
    }
  });

  it('settles by the same coverage betNumbers states, for every bet on every pocket', () => {
    for (const kind of ROULETTE_BET_KINDS) {
      for (const s of allRouletteSelections(kind)) {
        const covered = betNumbers(s);
        for (const pocket of POCKETS) expect(betCovers(s, pocket)).toBe(covered.includes(pocket));
      }
    }
  });

  it('parseBet reads numbers in any order and keeps them ascending', () => {
    expect(parseBet({ kind: 'split', numbers: [3, 0], stakeOre: 100 })).toEqual({
      ok: true,
      value: { kind: 'split', numbers: [0, 3], stakeOre: 100 },
    });
    expect(parseBet({ kind: 'corner', numbers: [5, 1, 4, 2], stakeOre: 100 })).toMatchObject({
      ok: true,
      value: { numbers: [1, 2, 4, 5] },
    });
  });

  it.each<[string, unknown, string]>([
    ['a number that does not exist', { kind: 'straight', numbers: [37], stakeOre: 100 }, 'BET_INVALID_NUMBERS'],
    ['a negative number', { kind: 'straight', numbers: [-1], stakeOre: 100 }, 'BET_INVALID_NUMBERS'],
    ['a fractional number', { kind: 'straight', numbers: [1.5], stakeOre: 100 }, 'BET_INVALID_NUMBERS'],
    ['a number as text', { kind: 'straight', numbers: ['5'], stakeOre: 100 }, 'BET_INVALID_NUMBERS'],
    ['two numbers on a straight', { kind: 'straight', numbers: [5, 6], stakeOre: 100 }, 'BET_INVALID_NUMBERS'],
    ['no numbers', { kind: 'split', stakeOre: 100 }, 'BET_INVALID_NUMBERS'],
    ['a repeated number', { kind: 'split', numbers: [5, 5], stakeOre: 100 }, 'BET_INVALID_NUMBERS'],
    ['a split of 3 and 4 (consecutive, not adjacent)', { kind: 'split', numbers: [3, 4], stakeOre: 100 }, 'BET_INVALID_NUMBERS'],
    ['a split of 0 and 4', { kind: 'split', numbers: [0, 4], stakeOre: 100 }, 'BET_INVALID_NUMBERS'],
    ['a diagonal split', { kind: 'split', numbers: [1, 5], stakeOre: 100 }, 'BET_INVALID_NUMBERS'],
    ['a street across rows', { kind: 'street', numbers: [2, 3, 4], stakeOre: 100 }, 'BET_INVALID_NUMBERS'],
    ['the trio 0-1-3', { kind: 'street', numbers: [0, 1, 3], stakeOre: 100 }, 'BET_INVALID_NUMBERS'],
    ['a corner across columns 1 and 3', { kind: 'corner', numbers: [1, 3, 4, 6], stakeOre: 100 }, 'BET_INVALID_NUMBERS'],
    ['a six line of three rows', { kind: 'six-line', numbers: [1, 2, 3, 7, 8, 9], stakeOre: 100 }, 'BET_INVALID_NUMBERS'],
    ['column 4', { kind: 'column', selector: 4, stakeOre: 100 }, 'BET_INVALID_SELECTOR'],
    ['column "1" as text', { kind: 'column', selector: '1', stakeOre: 100 }, 'BET_INVALID_SELECTOR'],
    ['dozen 0', { kind: 'dozen', selector: 0, stakeOre: 100 }, 'BET_INVALID_SELECTOR'],
    ['green', { kind: 'red-black', selector: 'green', stakeOre: 100 }, 'BET_INVALID_SELECTOR'],
    ['odd/even without a selector', { kind: 'odd-even', stakeOre: 100 }, 'BET_INVALID_SELECTOR'],
    ['an unknown kind', { kind: 'basket', numbers: [0, 1, 2], stakeOre: 100 }, 'BET_UNKNOWN_KIND'],
    ['no kind', { numbers: [1], stakeOre: 100 }, 'BET_UNKNOWN_KIND'],
    ['an extra field', { kind: 'straight', numbers: [1], stakeOre: 100, payout: 1000 }, 'BET_MALFORMED'],
    ['numbers on an outside bet', { kind: 'dozen', selector: 1, numbers: [1], stakeOre: 100 }, 'BET_MALFORMED'],
    ['null', null, 'BET_MALFORMED'],
    ['a list', [{ kind: 'straight' }], 'BET_MALFORMED'],
    ['a string', 'straight 17', 'BET_MALFORMED'],
    ['a zero stake', { kind: 'straight', numbers: [1], stakeOre: 0 }, 'BET_INVALID_STAKE'],
    ['a negative stake', { kind: 'red-black', selector: 'red', stakeOre: -500 }, 'BET_INVALID_STAKE'],
    ['a fractional stake', { kind: 'straight', numbers: [1], stakeOre: 99.5 }, 'BET_INVALID_STAKE'],
    ['a stake beyond safe integers', { kind: 'straight', numbers: [1], stakeOre: 2 ** 53 }, 'BET_INVALID_STAKE'],
    ['a stake as text', { kind: 'straight', numbers: [1], stakeOre: '100' }, 'BET_INVALID_STAKE'],
  ])('parseBet refuses %s', (_, input, code) => {
    expect(errorCode(input)).toBe(code);
  });

  it('parseBets names the first bad bet by index and limits the count', () => {
    const good = { kind: 'straight', numbers: [7], stakeOre: 100 };
    expect(parseBets([good, good, { kind: 'split', numbers: [3, 4], stakeOre: 100 }, { kind: 'x' }])).toMatchObject({
      ok: false,
      error: { code: 'BET_INVALID_NUMBERS', betIndex: 2 },
    });
    expect(parseBets([])).toMatchObject({ ok: false, error: { code: 'BETS_EMPTY' } });
    expect(parseBets({ 0: good })).toMatchObject({ ok: false, error: { code: 'BETS_MALFORMED' } });
    expect(parseBets(Array(ROULETTE_MAX_BETS + 1).fill(good))).toMatchObject({ ok: false, error: { code: 'BETS_TOO_MANY' } });
    expect(parseBets(Array(ROULETTE_MAX_BETS).fill(good))).toMatchObject({ ok: true });
  });
});

describe('the return to player, exactly', () => {
  // Stakes in øre; even ones only where La Partage must halve them.
  const STAKES = [1n, 2n, 100n, 3_333n, 123_456n, 2n ** 40n + 2n];

  /** The settled return of a bet of `selection` at `stakeOre` summed over the 37 pockets, as a BigInt. */
  function returnOverAllPockets(variant: RouletteVariant, selection: RouletteSelection, stakeOre: bigint): bigint {
    const b = bet(selection, Number(stakeOre));
    return POCKETS.reduce((sum, pocket) => sum + BigInt(settleRoulette(variant, [b], pocket).totalReturnOre), 0n);
  }

  it.each(ROULETTE_VARIANTS)(
    '%s: every possible bet of every kind returns exactly its RTP share of 37 stakes over the 37 pockets',
    (variant) => {
      let checked = 0;
      for (const kind of ROULETTE_BET_KINDS) {
        const partage = variant === 'french-la-partage' && EVEN_MONEY.has(kind);
        // 36/37 of 37 stakes = 36 stakes; La Partage on even money: 73/74 of 37 stakes = 36.5 stakes.
        const [num, den] = partage ? [73n, 74n] : [36n, 37n];
        for (const selection of allRouletteSelections(kind)) {
          for (const stake of STAKES) {
            if (partage && stake % 2n !== 0n) continue;
            const returned = returnOverAllPockets(variant, selection, stake);
            expect(returned * den, `${kind} ${JSON.stringify(selection)} at ${stake}`).toBe(37n * stake * num);
            checked++;
          }
        }
      }
      expect(checked).toBeGreaterThan(155 * 4);
    },
  );

  it('rouletteRtp gives the exact fraction per kind: 36/37 everywhere, 73/74 for even money with La Partage', () => {
    for (const kind of ROULETTE_BET_KINDS) {
      expect(rouletteRtp('european', kind)).toEqual({ numerator: 36, denominator: 37 });
      expect(rouletteRtp('french-la-partage', kind)).toEqual(
        EVEN_MONEY.has(kind) ? { numerator: 73, denominator: 74 } : { numerator: 36, denominator: 37 },
      );
    }
    expect(rtpPercent(rouletteRtp('european', 'straight'))).toBe('97.30');
    expect(rtpPercent(rouletteRtp('french-la-partage', 'red-black'))).toBe('98.65');
    expect(rtpPercent({ numerator: 36, denominator: 37 }, 3)).toBe('97.297');
    expect(rtpPercent({ numerator: 73, denominator: 74 }, 4)).toBe('98.6486');
    expect(rtpPercent({ numerator: 1, denominator: 8 }, 0)).toBe('13'); // 12.5 rounds half up
  });

  it('a whole layout of mixed bets returns 36/37 of its total stake over the 37 pockets (European)', () => {
    const layout = ROULETTE_BET_KINDS.flatMap((kind, i) => allRouletteSelections(kind).map((s, j) => bet(s, 100 * (1 + ((i + j) % 7)))));
    const stake = layout.reduce((sum, b) => sum + BigInt(b.stakeOre), 0n);
    const returned = POCKETS.reduce((sum, pocket) => sum + BigInt(settleRoulette('european', layout, pocket).totalReturnOre), 0n);
    expect(returned).toBe(36n * stake);
  });
});

describe('settlement', () => {
  const layout: RouletteBet[] = [
    { kind: 'straight', numbers: [17], stakeOre: 1_000 },
    { kind: 'split', numbers: [8, 11], stakeOre: 1_000 },
    { kind: 'corner', numbers: [26, 27, 29, 30], stakeOre: 2_000 },
    { kind: 'red-black', selector: 'red', stakeOre: 5_000 },
    { kind: 'dozen', selector: 2, stakeOre: 2_000 },
  ];

  it('pays a winning bet its multiple with the stake back on top, per bet and in total', () => {
    const s = settleRoulette('european', layout, 17); // 17 is black, in the second dozen
    expect(s.bets.map((b) => [b.outcome, b.returnOre])).toEqual([
      ['win', 36_000],
      ['lose', 0],
      ['lose', 0],
      ['lose', 0],
      ['win', 6_000],
    ]);
    expect(s).toMatchObject({ pocket: 17, totalStakeOre: 11_000, totalReturnOre: 42_000, netOre: 31_000 });
    // 27: the corner and red win, 27 is in the third dozen.
    expect(settleRoulette('european', layout, 27)).toMatchObject({ totalReturnOre: 18_000 + 10_000, netOre: 17_000 });
  });

  it('on zero, La Partage returns half of each even-money stake; the European table keeps everything', () => {
    const zero = settleRoulette('french-la-partage', layout, 0);
    expect(zero.bets.map((b) => [b.outcome, b.returnOre])).toEqual([
      ['lose', 0],
      ['lose', 0],
      ['lose', 0],
      ['la-partage', 2_500],
      ['lose', 0],
    ]);
    expect(zero).toMatchObject({ totalReturnOre: 2_500, netOre: -8_500 });
    expect(settleRoulette('european', layout, 0)).toMatchObject({ totalReturnOre: 0, netOre: -11_000 });
    // Off zero the two variants settle alike.
    for (const pocket of POCKETS.slice(1)) {
      expect(settleRoulette('french-la-partage', layout, pocket).bets).toEqual(settleRoulette('european', layout, pocket).bets);
    }
  });

  it('refuses an odd even-money stake at a La Partage table on every pocket, and a pocket that does not exist', () => {
    const odd: RouletteBet = { kind: 'odd-even', selector: 'odd', stakeOre: 101 };
    expect(() => settleRoulette('french-la-partage', [odd], 0)).toThrow(RangeError);
    expect(() => settleRoulette('french-la-partage', [odd], 1)).toThrow(RangeError);
    expect(settleRoulette('european', [odd], 1).totalReturnOre).toBe(202);
    expect(settleRoulette('french-la-partage', [{ kind: 'straight', numbers: [0], stakeOre: 101 }], 0).totalReturnOre).toBe(3_636);
    for (const pocket of [-1, 37, 0.5]) expect(() => settleRoulette('european', layout, pocket)).toThrow(RangeError);
  });
});

describe('table limits', () => {
  const european: RouletteTable = { variant: 'european', limits: STANDARD_ROULETTE_LIMITS };
  const french: RouletteTable = { variant: 'french-la-partage', limits: STANDARD_ROULETTE_LIMITS };
  const codes = (table: RouletteTable, bets: RouletteBet[]): string[] => checkRouletteBets(table, bets).map((e) => e.code);

  it('accepts the standard limits for both variants', () => {
    expect(validateRouletteTable(european)).toEqual([]);
    expect(validateRouletteTable(french)).toEqual([]);
  });

  it('refuses a La Partage table with an odd stake step, and inconsistent limits', () => {
    const withLimits = (change: Partial<RouletteTable['limits']>, variant: RouletteVariant = 'european'): RouletteTable => ({
      variant,
      limits: { ...STANDARD_ROULETTE_LIMITS, ...change },
    });
    expect(validateRouletteTable(withLimits({ stakeStepOre: 1 }))).toEqual([]);
    expect(validateRouletteTable(withLimits({ stakeStepOre: 1 }, 'french-la-partage'))).toMatchObject([{ code: 'TABLE_INVALID' }]);
    expect(validateRouletteTable(withLimits({ stakeStepOre: 0 }))).toHaveLength(1);
    const perBet = { ...STANDARD_ROULETTE_LIMITS.perBet, split: { minOre: 1_000, maxOre: 500 }, dozen: { minOre: 150, maxOre: 1_000 } };
    expect(validateRouletteTable(withLimits({ perBet })).map((e) => e.detail)).toEqual([
      expect.stringContaining('split'),
      expect.stringContaining('dozen'),
    ]);
    expect(validateRouletteTable(withLimits({ maxBets: 0 }))).toHaveLength(1);
    expect(validateRouletteTable(withLimits({ maxBets: ROULETTE_MAX_BETS + 1 }))).toHaveLength(1);
    expect(validateRouletteTable(withLimits({ maxTotalStakeOre: 400 })).length).toBeGreaterThan(0);
    expect(validateRouletteTable({ variant: 'american' as RouletteVariant, limits: STANDARD_ROULETTE_LIMITS })).toHaveLength(1);
  });

  it('checks each spot, the stake step and the spin total, naming the bet', () => {
    const straight = (n: number, stakeOre: number): RouletteBet => ({ kind: 'straight', numbers: [n], stakeOre });
    expect(codes(european, [straight(1, 100), { kind: 'dozen', selector: 1, stakeOre: 500 }])).toEqual([]);
    expect(checkRouletteBets(european, [straight(1, 100), straight(2, 150)])).toMatchObject([{ code: 'STAKE_OFF_STEP', betIndex: 1 }]);
    expect(checkRouletteBets(european, [straight(1, 100), { kind: 'column', selector: 2, stakeOre: 400 }])).toMatchObject([
      { code: 'STAKE_BELOW_MIN', betIndex: 1 },
    ]);
    expect(codes(european, [straight(1, 50_100)])).toEqual(['STAKE_ABOVE_MAX']);
    // Two bets on the same number are one spot: together over the max, though each alone is within it.
    expect(codes(european, [straight(5, 30_000), straight(6, 30_000)])).toEqual([]);
    expect(checkRouletteBets(european, [straight(5, 30_000), straight(6, 100), straight(5, 30_000)])).toMatchObject([
      { code: 'STAKE_ABOVE_MAX', betIndex: 0 },
    ]);
    // The spin's total.
    const reds = Array.from({ length: 3 }, () => ({ kind: 'red-black', selector: 'red', stakeOre: 400_000 }) as RouletteBet);
    expect(codes(european, reds)).toEqual(['STAKE_ABOVE_MAX', 'TOTAL_ABOVE_MAX']);
    expect(codes(european, [])).toEqual(['BETS_EMPTY']);
    expect(
      codes(
        european,
        Array.from({ length: 101 }, (_, i) => straight(i % 37, 100)),
      ),
    ).toContain('BETS_TOO_MANY');
  });

  it('refuses an odd even-money stake at a La Partage table even when its limits were not validated', () => {
    const loose: RouletteTable = { variant: 'french-la-partage', limits: { ...STANDARD_ROULETTE_LIMITS, stakeStepOre: 1 } };
    expect(checkRouletteBets(loose, [{ kind: 'low-high', selector: 'low', stakeOre: 501 }])).toMatchObject([
      { code: 'STAKE_ODD_LA_PARTAGE', betIndex: 0 },
    ]);
    expect(checkRouletteBets(loose, [{ kind: 'straight', numbers: [9], stakeOre: 101 }])).toEqual([]);
  });
});

describe('spin and replay', () => {
  it('draws the pocket with one rng.int(37), so the rejection rule keeps it unbiased', () => {
    const calls: number[] = [];
    const scripted: Rng = {
      nextUint32: () => 0,
      int: (n) => {
        calls.push(n);
        return 23;
      },
    };
    expect(spinRoulette(scripted)).toBe(23);
    expect(calls).toEqual([37]);
    // The top values of 2^32 that would favour the low pockets are drawn again.
    const limit = 2 ** 32 - (2 ** 32 % 37);
    const words = [2 ** 32 - 1, limit, limit - 1];
    const overSource: Rng = { nextUint32: () => words.shift()!, int: (n) => uniformInt(() => overSource.nextUint32(), n) };
    expect(spinRoulette(overSource)).toBe((limit - 1) % 37);
    expect(words).toEqual([]);
  });

  it('with the CSPRNG reaches every pocket', () => {
    const rng = new CryptoRng();
    const seen = new Set<number>();
    for (let i = 0; i < 5_000; i++) seen.add(spinRoulette(rng));
    expect([...seen].sort((a, b) => a - b)).toEqual(POCKETS);
  });

  it('a round stored as JSON (variant, bets, draws) replays to exactly its settlement', () => {
    const rng = new CryptoRng();
    const bets: RouletteBet[] = [
      { kind: 'six-line', numbers: [31, 32, 33, 34, 35, 36], stakeOre: 1_000 },
      { kind: 'street', numbers: [0, 2, 3], stakeOre: 500 },
      { kind: 'odd-even', selector: 'even', stakeOre: 2_000 },
      { kind: 'low-high', selector: 'high', stakeOre: 1_000 },
      { kind: 'column', selector: 3, stakeOre: 700 },
    ];
    for (const variant of ROULETTE_VARIANTS) {
      for (let i = 0; i < 500; i++) {
        const round = playRoulette(variant, bets, rng);
        const stored = JSON.parse(JSON.stringify({ variant, bets, draws: round.draws })) as {
          variant: RouletteVariant;
          bets: unknown;
          draws: number[];
        };
        const parsed = parseBets(stored.bets);
        if (!parsed.ok) throw new Error(parsed.error.detail);
        expect(replayRoulette(stored.variant, parsed.value, stored.draws)).toEqual(round.settlement);
        expect(round.settlement.pocket).toBe(round.draws[0]);
      }
    }
  });

  it('replay refuses draws that are not exactly one pocket', () => {
    const bets: RouletteBet[] = [{ kind: 'straight', numbers: [1], stakeOre: 100 }];
    for (const draws of [[], [1, 2], [37], [-1]]) expect(() => replayRoulette('european', bets, draws)).toThrow(RangeError);
  });
});
