import { describe, expect, it } from 'vitest';
import translations from '../../../../../platform/src/content/seed/translations.json';
import { createTranslator, type Dictionary } from '../../../lib/i18n';
import type { RouletteView, TableRules } from '../../../lib/studio-schemas';
import {
  betLabel,
  betsOf,
  chipText,
  doubleBets,
  explainSpin,
  limitsOf,
  placeChip,
  repeatBets,
  spinProblems,
  spotTotals,
  totalOf,
  type Placement,
} from './roulette-bets';
import { spotByKey } from './roulette-layout';

const t = createTranslator(translations as unknown as Dictionary);
const INSIDE = { minOre: 100, maxOre: 50_000 };
const OUTSIDE = { minOre: 500, maxOre: 500_000 };
const kinds = (['straight', 'split', 'street', 'corner', 'six-line', 'column', 'dozen', 'red-black', 'odd-even', 'low-high'] as const).map(
  (kind, i) => ({ kind, payout: [35, 17, 11, 8, 5, 2, 2, 1, 1, 1][i]!, rtp: 36 / 37, ...(i < 5 ? INSIDE : OUTSIDE) }),
);
/** The studio's European table: chips 1–500 kr., 1–500 kr. a spot inside, 5–5.000 kr. outside, 10.000 kr. a spin. */
const rules: Pick<TableRules, 'stake' | 'roulette'> = {
  stake: { minOre: 100, maxOre: 1_000_000, stepsOre: [100, 500, 1_000, 2_500, 10_000, 50_000], defaultOre: 1_000 },
  roulette: { variant: 'european', maxTotalStakeOre: 1_000_000, maxBets: 100, kinds },
};
const limits = limitsOf(rules);

function placeAll(chips: [string, number][]): Placement[] {
  let placements: Placement[] = [];
  for (const [key, chip] of chips) {
    const placed = placeChip(placements, key, chip, limits);
    if (!placed.ok) throw new Error(`refused: ${key} ${chip}`);
    placements = placed.placements;
  }
  return placements;
}

describe('chips on the roulette layout', () => {
  it('sums the chips per spot, and sends one bet per spot as the studio takes them', () => {
    const placements = placeAll([
      ['straight:17', 100],
      ['straight:17', 500],
      ['split:17-20', 1_000],
      ['red-black:red', 500],
    ]);
    expect([...spotTotals(placements)]).toEqual([
      ['straight:17', 600],
      ['split:17-20', 1_000],
      ['red-black:red', 500],
    ]);
    expect(totalOf(placements)).toBe(2_100);
    expect(betsOf(placements)).toEqual([
      { kind: 'straight', numbers: [17], stakeOre: 600 },
      { kind: 'split', numbers: [17, 20], stakeOre: 1_000 },
      { kind: 'red-black', selector: 'red', stakeOre: 500 },
    ]);
  });

  it('refuses a chip that takes a spot past its maximum, the spin past its total or past the number of bets', () => {
    const full = placeAll([['straight:5', 50_000]]);
    expect(placeChip(full, 'straight:5', 100, limits)).toEqual({
      ok: false,
      problem: { key: 'games.table_roulette_spot_max', vars: { max: '500 kr.' } },
    });
    const outside = placeAll(
      Array.from({ length: 20 }, (_, i) => [i % 2 ? 'red-black:black' : 'red-black:red', 50_000] as [string, number]),
    );
    expect(totalOf(outside)).toBe(1_000_000);
    expect(placeChip(outside, 'straight:1', 100, limits)).toMatchObject({ ok: false, problem: { key: 'games.table_roulette_total_max' } });
    const few = { ...limits, maxBets: 2 };
    const two = placeAll([
      ['straight:1', 100],
      ['straight:2', 100],
    ]);
    expect(placeChip(two, 'straight:3', 100, few)).toMatchObject({ ok: false, problem: { key: 'games.table_roulette_bets_max' } });
    expect(placeChip(two, 'straight:2', 100, few).ok).toBe(true);
    // A chip not of the table, a spot not on the layout.
    expect(placeChip([], 'straight:1', 300, limits).ok).toBe(false);
    expect(placeChip([], 'split:1-5', 100, limits).ok).toBe(false);
  });

  it('repeats the last spin’s chips and doubles the chips on the layout, within the limits', () => {
    const last = placeAll([
      ['straight:17', 1_000],
      ['dozen:2', 2_500],
    ]);
    const repeated = repeatBets([], last, limits);
    expect(repeated.ok && betsOf(repeated.placements)).toEqual(betsOf(last));
    const doubled = doubleBets(last, limits);
    expect(doubled.ok && [...spotTotals(doubled.placements)]).toEqual([
      ['straight:17', 2_000],
      ['dozen:2', 5_000],
    ]);
    const high = placeAll([['straight:8', 50_000]]);
    expect(doubleBets(high, limits)).toMatchObject({ ok: false, problem: { key: 'games.table_roulette_spot_max' } });
  });

  it('keeps the spin from sending chips below a spot’s minimum, naming the bet', () => {
    expect(spinProblems([], limits, t)).toEqual(['Læg en jeton på bordet for at spinne.']);
    const low = placeAll([['red-black:red', 100]]);
    expect(spinProblems(low, limits, t)).toEqual(['Rød kræver mindst 5 kr. – læg flere jetoner på feltet, eller fjern dem.']);
    expect(spinProblems(placeAll(Array.from({ length: 5 }, () => ['red-black:red', 100] as [string, number])), limits, t)).toEqual([]);
  });

  it('names every bet in Danish', () => {
    const label = (key: string) => betLabel(spotByKey(key)!.selection, t);
    expect(label('straight:17')).toBe('Enkelt tal 17');
    expect(label('split:17-20')).toBe('Split 17 og 20');
    expect(label('street:0-2-3')).toBe('Række 0, 2 og 3');
    expect(label('corner:0-1-2-3')).toBe('Hjørne 0, 1, 2 og 3');
    expect(label('six-line:1-2-3-4-5-6')).toBe('Seksrække 1–6');
    expect(label('column:2')).toBe('2. kolonne');
    expect(label('dozen:3')).toBe('3. dusin (25–36)');
    expect([label('red-black:black'), label('odd-even:odd'), label('low-high:high')]).toEqual(['Sort', 'Ulige', 'Høj (19–36)']);
  });

  it('writes chip amounts short on a chip and whole in words', () => {
    expect([chipText(100, 'short'), chipText(2_500, 'short'), chipText(1_250, 'short'), chipText(125_000, 'short')]).toEqual([
      '1',
      '25',
      '12,5',
      '1,2k',
    ]);
    expect(chipText(1_250, 'long')).toBe('12,50 kr.');
  });
});

describe('a spin in words', () => {
  const view = (pocket: number, bets: RouletteView['bets'], variant: RouletteView['variant'] = 'european'): RouletteView => ({
    kind: 'roulette',
    variant,
    pocket,
    colour: pocket === 0 ? 'green' : pocket === 17 ? 'black' : 'red',
    bets,
  });

  it('says where the ball landed, each bet that paid and the win against the stake', () => {
    const spin = view(17, [
      { kind: 'straight', numbers: [17], stakeOre: 1_000, outcome: 'win', returnOre: 36_000 },
      { kind: 'red-black', selector: 'red', stakeOre: 1_000, outcome: 'lose', returnOre: 0 },
    ]);
    expect(explainSpin(spin, 2_000, 36_000, t)).toEqual([
      'Kuglen landede på 17 sort.',
      'Enkelt tal 17: indsats 10 kr., udbetalt 360 kr.',
      'Gevinst 360 kr. – mere end indsatsen på 20 kr. (netto +340 kr.)',
    ]);
  });

  it('says La Partage’s half, and never calls a return below the stake a win', () => {
    const spin = view(
      0,
      [
        { kind: 'red-black', selector: 'red', stakeOre: 1_000, outcome: 'la-partage', returnOre: 500 },
        { kind: 'dozen', selector: 1, stakeOre: 500, outcome: 'lose', returnOre: 0 },
      ],
      'french-la-partage',
    );
    expect(explainSpin(spin, 1_500, 500, t)).toEqual([
      'Kuglen landede på 0 grøn.',
      'Rød: La Partage giver 5 kr. tilbage (halvdelen af indsatsen på 10 kr.)',
      'Gevinst 5 kr. – mindre end indsatsen på 15 kr. (netto −10 kr.)',
    ]);
  });

  it('says a lost spin as such', () => {
    const spin = view(3, [{ kind: 'straight', numbers: [17], stakeOre: 100, outcome: 'lose', returnOre: 0 }]);
    expect(explainSpin(spin, 100, 0, t)).toEqual(['Kuglen landede på 3 rød.', 'Ingen gevinst denne gang – indsatsen på 1 kr. er tabt.']);
  });
});
