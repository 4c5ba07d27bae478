import { describe, expect, it } from 'vitest';
import translations from '../../../../platform/src/content/seed/translations.json';
import { createTranslator, type Dictionary } from '../../lib/i18n';
import { capitalise, cardIndex, cardList, cardName, isRedCard, joinWords, rankOf, suitOf, suitSymbol } from './cards';

const t = createTranslator(translations as unknown as Dictionary);
/** A card as the studio sends it: rank × 4 + suit (rank 0 = two … 12 = ace; clubs, diamonds, hearts, spades). */
const card = (rank: number, suit: number) => rank * 4 + suit;

describe('cards in Danish', () => {
  it('reads rank and suit from the studio’s integer', () => {
    expect([rankOf(0), suitOf(0)]).toEqual([0, 0]);
    expect([rankOf(51), suitOf(51)]).toEqual([12, 3]);
    expect([rankOf(card(10, 2)), suitOf(card(10, 2))]).toEqual([10, 2]);
  });

  it('names every card the way a Danish player says it', () => {
    expect(cardName(card(0, 0), t)).toBe('klør 2');
    expect(cardName(card(8, 1), t)).toBe('ruder 10');
    expect(cardName(card(9, 3), t)).toBe('spar knægt');
    expect(cardName(card(10, 2), t)).toBe('hjerter dame');
    expect(cardName(card(11, 1), t)).toBe('ruder konge');
    expect(cardName(card(12, 3), t)).toBe('spar es');
    expect(capitalise(cardName(card(12, 2), t))).toBe('Hjerter es');
    const names = new Set(Array.from({ length: 52 }, (_, c) => cardName(c, t)));
    expect(names.size).toBe(52);
  });

  it('shows the casino deck’s index and suit, red for diamonds and hearts', () => {
    expect([cardIndex(card(8, 0)), suitSymbol(card(8, 0))]).toEqual(['10', '♣']);
    expect([cardIndex(card(12, 2)), suitSymbol(card(12, 2))]).toEqual(['A', '♥']);
    expect([cardIndex(card(9, 1)), cardIndex(card(10, 1)), cardIndex(card(11, 1))]).toEqual(['J', 'Q', 'K']);
    expect([0, 1, 2, 3].map((suit) => isRedCard(card(5, suit)))).toEqual([false, true, true, false]);
  });

  it('lists cards and words the Danish way', () => {
    expect(joinWords([], t)).toBe('');
    expect(joinWords(['a'], t)).toBe('a');
    expect(joinWords(['a', 'b'], t)).toBe('a og b');
    expect(cardList([card(12, 3), card(11, 2), card(3, 0)], t)).toBe('spar es, hjerter konge og klør 5');
  });
});
