import { describe, expect, it } from 'vitest';
import translations from '../../../../../platform/src/content/seed/translations.json';
import { createTranslator, type Dictionary } from '../../../lib/i18n';
import type { TableRound, VideoPokerView } from '../../../lib/studio-schemas';
import { explainVideoPoker, handClassName, highlightedRow, holdIndexOfKey, paytableRows, toggleHold } from './video-poker-model';

const t = createTranslator(translations as unknown as Dictionary);
const c = (rank: number, suit: number) => rank * 4 + suit;

/** The studio's paytables as its rules answer lists them (paying classes, best first). */
const JACKS_OR_BETTER = [
  ['RoyalFlush', 800],
  ['StraightFlush', 50],
  ['FourAces', 25],
  ['FourTwosToFours', 25],
  ['FourFivesToKings', 25],
  ['FullHouse', 9],
  ['Flush', 6],
  ['Straight', 4],
  ['ThreeOfAKind', 3],
  ['TwoPair', 2],
  ['JacksOrBetter', 1],
].map(([handClass, pay]) => ({ handClass: handClass as string, pay: pay as number }));
const BONUS_POKER = JACKS_OR_BETTER.map((row) => ({
  ...row,
  pay: { FourAces: 80, FourTwosToFours: 40, FourFivesToKings: 25, FullHouse: 8, Flush: 5 }[row.handClass] ?? row.pay,
}));

describe('the video-poker paytable', () => {
  it('shows Jacks or Better’s three kinds of four of a kind as one row, and Bonus Poker’s apart', () => {
    const job = paytableRows(JACKS_OR_BETTER);
    expect(job.map((row) => [t(row.labelKey), row.pay])).toEqual([
      ['Royal flush', 800],
      ['Straight flush', 50],
      ['Fire ens', 25],
      ['Fuldt hus', 9],
      ['Flush', 6],
      ['Straight', 4],
      ['Tre ens', 3],
      ['To par', 2],
      ['Par i knægte eller bedre', 1],
    ]);
    const bonus = paytableRows(BONUS_POKER);
    expect(bonus.slice(2, 5).map((row) => [t(row.labelKey), row.pay])).toEqual([
      ['Fire esser', 80],
      ["Fire 2'ere, 3'ere eller 4'ere", 40],
      ["Fire 5'ere til konger", 25],
    ]);
  });

  it('marks the row of the hand in view, none when it pays nothing', () => {
    const job = paytableRows(JACKS_OR_BETTER);
    expect(highlightedRow(job, 'FourAces')).toBe(2);
    expect(highlightedRow(job, 'FourFivesToKings')).toBe(2);
    expect(highlightedRow(job, 'JacksOrBetter')).toBe(8);
    expect(highlightedRow(job, 'LowPair')).toBe(-1);
    expect(highlightedRow(job, 'Nothing')).toBe(-1);
    expect(highlightedRow(paytableRows(BONUS_POKER), 'FourTwosToFours')).toBe(3);
    expect(handClassName('FourAces', job, t)).toBe('Fire ens');
    expect(handClassName('LowPair', job, t)).toBe('Lavt par');
  });

  it('holds a card by its number key 1–5', () => {
    expect(['1', '3', '5'].map(holdIndexOfKey)).toEqual([0, 2, 4]);
    expect(['0', '6', 'a', ' ', '12'].map(holdIndexOfKey)).toEqual([null, null, null, null, null]);
    expect(toggleHold([false, false, false, false, false], 1)).toEqual([false, true, false, false, false]);
    expect(toggleHold([false, true, false, false, false], 1)).toEqual([false, false, false, false, false]);
  });
});

describe('a video-poker round in words', () => {
  const rows = paytableRows(JACKS_OR_BETTER);
  const dealt = [c(9, 0), c(9, 2), c(3, 1), c(7, 3), c(12, 1)];
  const round = (view: Partial<VideoPokerView>, winOre: number | null = null): TableRound => ({
    roundId: '6f1c3c2e-9a41-4d0e-8b7a-1c2d3e4f5a6b',
    stakeOre: 500,
    winOre,
    startedAt: '2026-11-27T10:00:00.000Z',
    status: view.phase === 'over' ? 'settled' : 'playing',
    table: {
      kind: 'video-poker',
      phase: 'hold',
      dealt,
      holds: null,
      hand: dealt,
      handClass: 'JacksOrBetter',
      pay: 1,
      returnOre: null,
      decideBy: null,
      autoFinished: false,
      ...view,
    },
  });

  it('while holding: the cards dealt and what the hand already pays', () => {
    expect(explainVideoPoker(round({}), rows, t, 60)).toEqual([
      'Du har fået klør knægt, hjerter knægt, ruder 5, spar 9 og ruder es.',
      'Par i knægte eller bedre – betaler allerede 1 × indsatsen. Vælg de kort, du vil holde, og træk.',
    ]);
    expect(explainVideoPoker(round({ handClass: 'Nothing', pay: 0 }), rows, t, 60)[1]).toBe(
      'Ingen gevinst endnu. Vælg de kort, du vil holde, og træk.',
    );
  });

  it('once drawn: what was held, the final hand, its pay and the round against its stake', () => {
    const hand = [c(9, 0), c(9, 2), c(9, 3), c(2, 0), c(12, 1)];
    const over = round(
      { phase: 'over', holds: [true, true, false, false, false], hand, handClass: 'ThreeOfAKind', pay: 3, returnOre: 1_500 },
      1_500,
    );
    expect(explainVideoPoker(over, rows, t, 60)).toEqual([
      'Du holdt klør knægt og hjerter knægt.',
      'Slutbånd: klør knægt, hjerter knægt, spar knægt, klør 4 og ruder es.',
      'Tre ens betaler 3 × indsatsen: 15 kr.',
      'Gevinst 15 kr. – mere end indsatsen på 5 kr. (netto +10 kr.)',
    ]);
    const lost = round({ phase: 'over', holds: [false, false, false, false, false], handClass: 'LowPair', pay: 0, returnOre: 0 }, 0);
    expect(explainVideoPoker(lost, rows, t, 60).slice(0, 1)).toEqual(['Du holdt ingen kort og fik fem nye.']);
    expect(explainVideoPoker(lost, rows, t, 60).slice(2)).toEqual([
      'Lavt par – ingen gevinst.',
      'Ingen gevinst denne gang – indsatsen på 5 kr. er tabt.',
    ]);
  });

  it('says a hand the studio finished after the timeout', () => {
    const auto = round({ phase: 'over', holds: [true, true, true, true, true], autoFinished: true, returnOre: 500 }, 500);
    expect(explainVideoPoker(auto, rows, t, 60)[0]).toBe(
      'Hånden blev afsluttet automatisk efter 60 minutter: de fem kort blev holdt, som de blev givet.',
    );
    expect(explainVideoPoker(auto, rows, t, 60).at(-1)).toBe('Gevinst 5 kr. – det samme som indsatsen (netto 0 kr.)');
  });
});
