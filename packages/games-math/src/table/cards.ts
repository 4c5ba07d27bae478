import type { Rng } from '../rng.js';

/**
 * Playing cards for the table games (video poker, blackjack). A card is an integer 0..51:
 * `rank * 4 + suit`, rank 0 = two … 8 = ten, 9 = jack, 10 = queen, 11 = king, 12 = ace, suit
 * 0 = clubs, 1 = diamonds, 2 = hearts, 3 = spades. So `card >> 2` is the rank, `card & 3` the suit,
 * and sorting cards sorts them by rank: evaluators can work on bits without objects.
 */
export type Card = number;

export const DECK_SIZE = 52;
export const RANKS = 13;
export const SUITS = 4;

export const RANK_ACE = 12;
export const RANK_KING = 11;
export const RANK_QUEEN = 10;
export const RANK_JACK = 9;
export const RANK_TEN = 8;

/** One letter per rank, two first: the short names ('Ts', 'Ah', '2c') used by tests, logs and replays. */
export const RANK_LETTERS = '23456789TJQKA';
/** Clubs, diamonds, hearts, spades. */
export const SUIT_LETTERS = 'cdhs';

export const rankOf = (card: Card): number => card >> 2;
export const suitOf = (card: Card): number => card & 3;

export function cardOf(rank: number, suit: number): Card {
  if (!Number.isInteger(rank) || rank < 0 || rank >= RANKS) throw new RangeError(`a rank is an integer 0..12, got ${rank}`);
  if (!Number.isInteger(suit) || suit < 0 || suit >= SUITS) throw new RangeError(`a suit is an integer 0..3, got ${suit}`);
  return rank * 4 + suit;
}

export function isCard(value: unknown): value is Card {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < DECK_SIZE;
}

/** 'Qs' for the queen of spades. */
export function cardName(card: Card): string {
  if (!isCard(card)) throw new RangeError(`not a card: ${String(card)}`);
  return RANK_LETTERS[rankOf(card)]! + SUIT_LETTERS[suitOf(card)]!;
}

/** The inverse of `cardName` ('Qs', 'th' and '10h' for the ten of hearts are accepted). */
export function parseCard(name: string): Card {
  const text = name.trim();
  const match = /^(10|[2-9tjqka])([cdhs])$/i.exec(text);
  if (!match) throw new RangeError(`not a card name: '${name}'`);
  const rankText = match[1]!.toUpperCase() === '10' ? 'T' : match[1]!.toUpperCase();
  return cardOf(RANK_LETTERS.indexOf(rankText), SUIT_LETTERS.indexOf(match[2]!.toLowerCase()));
}

/** Card names separated by spaces: 'Ah Kh Qh Jh Th'. */
export function parseCards(names: string): Card[] {
  return names.trim().split(/\s+/).map(parseCard);
}

/** The 52 cards in order 0..51 (a fresh array each call). */
export function orderedDeck(): Card[] {
  return Array.from({ length: DECK_SIZE }, (_, i) => i);
}

/**
 * Shuffles `cards` in place by Fisher–Yates: for i from the last position down to 1, swap position i
 * with a position drawn uniformly from 0..i by `rng.int(i + 1)` (unbiased by rejection, see rng.ts).
 * Every one of the n! orders comes from exactly one sequence of draws, so each is equally likely.
 */
export function shuffleInPlace<T>(cards: T[], rng: Rng): T[] {
  for (let i = cards.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const held = cards[i]!;
    cards[i] = cards[j]!;
    cards[j] = held;
  }
  return cards;
}

/** A full deck in a uniformly random order: what a table game's round draws from the CSPRNG at the deal and keeps. */
export function shuffledDeck(rng: Rng): Card[] {
  return shuffleInPlace(orderedDeck(), rng);
}

/** True when `value` is an array holding each of the 52 cards exactly once (a stored deck read back for a replay). */
export function isFullDeck(value: unknown): value is Card[] {
  if (!Array.isArray(value) || value.length !== DECK_SIZE) return false;
  const seen = new Uint8Array(DECK_SIZE);
  for (const card of value) {
    if (!isCard(card) || seen[card]) return false;
    seen[card] = 1;
  }
  return true;
}
