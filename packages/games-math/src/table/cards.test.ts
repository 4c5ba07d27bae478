import { describe, expect, it } from 'vitest';
import { CryptoRng, SeededTestRng, type Rng } from '../rng.js';
import {
  DECK_SIZE,
  cardName,
  cardOf,
  isCard,
  isFullDeck,
  orderedDeck,
  parseCard,
  parseCards,
  rankOf,
  shuffleInPlace,
  shuffledDeck,
  suitOf,
} from './cards.js';

/** A source that answers `int(n)` from a script and records every n asked. */
class ScriptedRng implements Rng {
  readonly asked: number[] = [];
  #at = 0;
  constructor(private readonly answers: number[]) {}
  nextUint32(): number {
    throw new Error('the shuffle draws through int(n) only');
  }
  int(n: number): number {
    this.asked.push(n);
    return this.answers[this.#at++] ?? 0;
  }
}

/**
 * The exact distribution of orders a shuffle gives, for a uniform `int(n)`: every path of answers is
 * walked (depth first, each answer weighted 1/n), so this is a proof for the deck size, not a sample.
 */
function exactOrderDistribution(size: number, shuffle: (cards: number[], rng: Rng) => void): Map<string, number> {
  const distribution = new Map<string, number>();
  const walk = (prefix: number[], weight: number): void => {
    const rng = new ScriptedRng(prefix);
    const cards = Array.from({ length: size }, (_, i) => i);
    shuffle(cards, rng);
    if (rng.asked.length > prefix.length) {
      const n = rng.asked[prefix.length]!;
      for (let answer = 0; answer < n; answer++) walk([...prefix, answer], weight / n);
      return;
    }
    const key = cards.join(',');
    distribution.set(key, (distribution.get(key) ?? 0) + weight);
  };
  walk([], 1);
  return distribution;
}

function factorial(n: number): number {
  return n <= 1 ? 1 : n * factorial(n - 1);
}

describe('cards', () => {
  it('numbers 52 cards by rank × 4 + suit, two of clubs 0 to ace of spades 51, with names both ways', () => {
    expect(parseCard('2c')).toBe(0);
    expect(parseCard('As')).toBe(51);
    expect(parseCard('Th')).toBe(cardOf(8, 2));
    expect(parseCard('10h')).toBe(parseCard('Th'));
    expect(parseCard('qd')).toBe(cardOf(10, 1));
    for (let card = 0; card < DECK_SIZE; card++) {
      expect(parseCard(cardName(card))).toBe(card);
      expect(cardOf(rankOf(card), suitOf(card))).toBe(card);
    }
    expect(new Set(orderedDeck().map(cardName)).size).toBe(52);
    expect(parseCards('Ah Kh  Qh Jh Th').map(rankOf)).toEqual([12, 11, 10, 9, 8]);
  });

  it('refuses what is not a card', () => {
    for (const name of ['1c', 'Ax', 'K', '', '11s', 'Ahh']) expect(() => parseCard(name)).toThrow(RangeError);
    expect(() => cardOf(13, 0)).toThrow(RangeError);
    expect(() => cardOf(0, 4)).toThrow(RangeError);
    expect(() => cardName(52)).toThrow(RangeError);
    expect([0, 51, 52, -1, 1.5, '3', null].map(isCard)).toEqual([true, true, false, false, false, false, false]);
  });

  it('tells a full deck from a short, repeated or foreign one', () => {
    const deck = orderedDeck();
    expect(isFullDeck(deck)).toBe(true);
    expect(isFullDeck(deck.slice(1))).toBe(false);
    expect(isFullDeck([...deck.slice(0, 51), 0])).toBe(false); // the two of clubs twice, the ace of spades missing
    expect(isFullDeck([...deck.slice(0, 51), 52])).toBe(false);
    expect(isFullDeck('deck')).toBe(false);
  });
});

describe('shuffle (Fisher–Yates through rng.int)', () => {
  it('asks int(52), int(51), …, int(2) once each for a deck, and swaps position i with the answer', () => {
    const rng = new ScriptedRng(Array.from({ length: 51 }, () => 0));
    const deck = shuffledDeck(rng);
    expect(rng.asked).toEqual(Array.from({ length: 51 }, (_, i) => 52 - i));
    // Always answering 0 rotates: position 51 takes card 0, then each position i the card i + 1.
    expect(deck).toEqual([...Array.from({ length: 51 }, (_, i) => i + 1), 0]);
  });

  it.each([2, 3, 4, 5, 6])('gives each of the n! orders of %i cards probability exactly 1/n!', (size) => {
    const distribution = exactOrderDistribution(size, shuffleInPlace);
    expect(distribution.size).toBe(factorial(size));
    for (const p of distribution.values()) expect(p).toBeCloseTo(1 / factorial(size), 15);
  });

  it('would catch the classic biased shuffle (a position drawn from the whole deck at every step)', () => {
    const naive = (cards: number[], rng: Rng): void => {
      for (let i = cards.length - 1; i > 0; i--) {
        const j = rng.int(cards.length);
        [cards[i], cards[j]] = [cards[j]!, cards[i]!];
      }
    };
    const distribution = exactOrderDistribution(4, naive);
    const ps = [...distribution.values()];
    expect(Math.max(...ps) / Math.min(...ps)).toBeGreaterThan(1.5);
  });

  it('puts every card in every position about equally often from the CSPRNG (chi-square, p > 1e-6)', () => {
    const rng = new CryptoRng();
    const shuffles = 20_000;
    const counts = new Float64Array(DECK_SIZE * DECK_SIZE);
    for (let s = 0; s < shuffles; s++) {
      const deck = shuffledDeck(rng);
      for (let position = 0; position < DECK_SIZE; position++) counts[deck[position]! * DECK_SIZE + position]!++;
    }
    const expected = shuffles / DECK_SIZE;
    const chi = counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    const df = (DECK_SIZE - 1) * (DECK_SIZE - 1);
    const a = 2 / (9 * df);
    expect(chi).toBeLessThan(df * (1 - a + 4.7534 * Math.sqrt(a)) ** 3);
  });

  it('is reproducible from a seeded test generator and always a full deck', () => {
    const one = shuffledDeck(new SeededTestRng(7));
    expect(shuffledDeck(new SeededTestRng(7))).toEqual(one);
    expect(isFullDeck(one)).toBe(true);
    expect(one).not.toEqual(orderedDeck());
  });
});
