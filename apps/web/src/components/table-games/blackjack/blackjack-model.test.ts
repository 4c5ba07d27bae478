import { describe, expect, it } from 'vitest';
import translations from '../../../../../platform/src/content/seed/translations.json';
import { createTranslator, type Dictionary } from '../../../lib/i18n';
import type { BlackjackView, TableRound } from '../../../lib/studio-schemas';
import { explainBlackjack, feltRule, moveButtons, moveOfKey, totalLabel } from './blackjack-model';

const t = createTranslator(translations as unknown as Dictionary);
const c = (rank: number, suit: number) => rank * 4 + suit;
const [TWO, FIVE, SIX, SEVEN, EIGHT, NINE, TEN, KING, ACE] = [0, 3, 4, 5, 6, 7, 8, 11, 12];

type Hand = BlackjackView['hands'][number];
const hand = (cards: number[], total: number, fields: Partial<Hand> = {}): Hand => ({
  cards,
  total,
  soft: false,
  stakeOre: 5_000,
  doubled: false,
  fromSplit: false,
  done: false,
  outcome: null,
  returnOre: null,
  ...fields,
});
const view = (fields: Partial<BlackjackView>): BlackjackView => ({
  kind: 'blackjack',
  phase: 'player',
  dealer: { cards: [c(TEN, 0)], hidden: 1, total: 10, soft: false, blackjack: false },
  hands: [hand([c(NINE, 1), c(SIX, 2)], 15)],
  active: 0,
  insuranceOre: 0,
  insuranceReturnOre: null,
  actions: ['hit', 'stand', 'double'],
  decideBy: null,
  autoFinished: false,
  ...fields,
});
const round = (table: BlackjackView, stakeOre = 5_000, winOre: number | null = null): TableRound => ({
  roundId: '6f1c3c2e-9a41-4d0e-8b7a-1c2d3e4f5a6b',
  stakeOre,
  winOre,
  startedAt: '2026-11-27T10:00:00.000Z',
  status: table.phase === 'over' ? 'settled' : 'playing',
  table,
});

describe('blackjack’s buttons', () => {
  it('offers exactly the moves the studio allows, in the table’s order, each with its key', () => {
    expect(moveButtons(view({ actions: ['stand', 'hit'] })).map((b) => [b.move, b.key])).toEqual([
      ['hit', 'T'],
      ['stand', 'S'],
    ]);
    expect(moveButtons(view({ actions: ['hit', 'stand', 'double', 'split', 'surrender'] })).map((b) => b.move)).toEqual([
      'hit',
      'stand',
      'double',
      'split',
      'surrender',
    ]);
    // Insurance is its two answers; a round that is over offers nothing.
    const insurance = moveButtons(view({ phase: 'insurance', actions: ['insurance'] }));
    expect(insurance.map((b) => [b.move, b.body])).toEqual([
      ['insurance-yes', { action: 'insurance', take: true }],
      ['insurance-no', { action: 'insurance', take: false }],
    ]);
    expect(moveButtons(view({ phase: 'over', actions: ['hit'] }))).toEqual([]);
  });

  it('takes a move by its key, either case, only when allowed', () => {
    const playing = view({ actions: ['hit', 'stand'] });
    expect(moveOfKey('s', playing)?.body).toEqual({ action: 'stand' });
    expect(moveOfKey('T', playing)?.body).toEqual({ action: 'hit' });
    expect(moveOfKey('d', playing)).toBeNull();
    expect(moveOfKey('x', playing)).toBeNull();
    expect(moveOfKey('n', view({ phase: 'insurance', actions: ['insurance'] }))?.body).toEqual({ action: 'insurance', take: false });
  });

  it('reads a soft total both ways while it can be either', () => {
    expect(totalLabel(17, true)).toBe('7/17');
    expect(totalLabel(21, true)).toBe('21');
    expect(totalLabel(17, false)).toBe('17');
  });

  it('prints the table’s rule on the felt', () => {
    const set = {
      rulesId: 'vegas',
      decks: 6,
      dealerHitsSoft17: true,
      blackjackPays: { numerator: 3, denominator: 2 },
      double: 'any-two' as const,
      doubleAfterSplit: true,
      maxHands: 4,
      resplitAces: false,
      surrender: 'none' as const,
      holeCard: 'peek' as const,
      enhcDealerBlackjackTakes: 'all' as const,
      insurance: true,
      houseEdge: 0.006,
    };
    expect(feltRule({ blackjack: set }, t)).toBe('Blackjack betaler 3:2 · Dealeren trækker på blød 17');
  });
});

describe('a blackjack hand in words', () => {
  it('while played: the dealer’s up card, the hand, the moves and by when', () => {
    const lines = explainBlackjack(round(view({ decideBy: '2026-11-27T11:00:00.000Z' })), t, 60);
    expect(lines).toEqual([
      'Dealeren viser klør 10 (10).',
      'Din hånd: ruder 9 og hjerter 6 – 15.',
      'Du kan: træk kort, stå og doble.',
      'Vælg inden kl. 12:00. Ellers afsluttes hånden efter bordets regler.',
    ]);
  });

  it('offers insurance when the dealer shows an ace', () => {
    const lines = explainBlackjack(
      round(
        view({
          phase: 'insurance',
          actions: ['insurance'],
          dealer: { cards: [c(ACE, 3)], hidden: 1, total: 11, soft: true, blackjack: false },
        }),
      ),
      t,
      60,
    );
    expect(lines[0]).toBe('Dealeren viser spar es (1/11).');
    expect(lines.at(-1)).toBe('Dealeren viser et es. Vil du tage forsikring for 25 kr.? Den betaler 2:1, hvis dealeren har blackjack.');
  });

  it('once over: the dealer’s hand, each split hand’s result, and the round against its stake', () => {
    const over = view({
      phase: 'over',
      actions: [],
      dealer: { cards: [c(TEN, 0), c(SIX, 1), c(NINE, 2)], hidden: 0, total: 25, soft: false, blackjack: false },
      hands: [
        hand([c(EIGHT, 0), c(TEN, 1)], 18, { fromSplit: true, done: true, outcome: 'win', returnOre: 10_000 }),
        hand([c(EIGHT, 2), c(FIVE, 0), c(KING, 3)], 23, { fromSplit: true, done: true, outcome: 'bust', returnOre: 0 }),
      ],
    });
    expect(explainBlackjack(round(over, 10_000, 10_000), t, 60)).toEqual([
      'Dealeren har klør 10, ruder 6 og hjerter 9 – 25, over 21.',
      'Hånd 1: 18 – dealeren gik over 21, du vinder, udbetalt 100 kr.',
      'Hånd 2: 23 – over 21, tabt.',
      'Gevinst 100 kr. – det samme som indsatsen (netto 0 kr.)',
    ]);
  });

  it('says a blackjack, a push, a surrender, the insurance, and a hand the studio finished', () => {
    const dealer = { cards: [c(ACE, 0), c(KING, 1)], hidden: 0, total: 21, soft: true, blackjack: true };
    const push = view({
      phase: 'over',
      actions: [],
      dealer,
      hands: [hand([c(ACE, 2), c(TEN, 3)], 21, { soft: true, done: true, outcome: 'push', returnOre: 5_000 })],
      insuranceOre: 2_500,
      insuranceReturnOre: 7_500,
    });
    expect(explainBlackjack(round(push, 7_500, 12_500), t, 60)).toEqual([
      'Dealeren har blackjack: klør es og ruder konge.',
      'Din hånd: 21 mod dealerens 21 – uafgjort, indsatsen tilbage (50 kr.).',
      'Forsikringen på 25 kr. betalte 75 kr.: dealeren havde blackjack.',
      'Gevinst 125 kr. – mere end indsatsen på 75 kr. (netto +50 kr.)',
    ]);
    const blackjack = view({
      phase: 'over',
      actions: [],
      dealer: { cards: [c(SEVEN, 0), c(TWO, 1)], hidden: 0, total: 9, soft: false, blackjack: false },
      hands: [hand([c(ACE, 2), c(KING, 3)], 21, { soft: true, done: true, outcome: 'blackjack', returnOre: 12_500 })],
      autoFinished: false,
    });
    expect(explainBlackjack(round(blackjack, 5_000, 12_500), t, 60)[1]).toBe('Din hånd: blackjack! Udbetalt 125 kr.');
    const surrendered = view({
      phase: 'over',
      actions: [],
      hands: [hand([c(TEN, 2), c(SIX, 3)], 16, { done: true, outcome: 'surrender', returnOre: 2_500 })],
      dealer: { cards: [c(TEN, 0), c(NINE, 1)], hidden: 0, total: 19, soft: false, blackjack: false },
      autoFinished: true,
    });
    const lines = explainBlackjack(round(surrendered, 5_000, 2_500), t, 60);
    expect(lines[0]).toBe(
      'Hånden blev afsluttet automatisk efter 60 minutter: forsikring fravalgt, du stod på alle hænder, og dealeren spillede efter reglerne.',
    );
    expect(lines).toContain('Din hånd: du gav op – halvdelen af indsatsen tilbage (25 kr.).');
    expect(lines.at(-1)).toBe('Gevinst 25 kr. – mindre end indsatsen på 50 kr. (netto −25 kr.)');
  });

  it('marks the split hand in play', () => {
    const split = view({
      hands: [
        hand([c(EIGHT, 0), c(TEN, 1)], 18, { fromSplit: true, done: true }),
        hand([c(EIGHT, 2), c(FIVE, 0)], 13, { fromSplit: true }),
      ],
      active: 1,
    });
    expect(explainBlackjack(round(split), t, 60).slice(1, 3)).toEqual([
      'Hånd 1: klør 8 og ruder 10 – 18.',
      'Hånd 2 (i spil): hjerter 8 og klør 5 – 13.',
    ]);
  });
});
