import type { Translate } from '../../lib/i18n';

/**
 * Playing cards as the studio sends them: an integer 0..51, rank × 4 + suit (rank 0 = two …
 * 8 = ten, 9 = jack, 10 = queen, 11 = king, 12 = ace; suit 0 clubs, 1 diamonds, 2 hearts,
 * 3 spades), as @krone/games-math's cards.ts. Here: what a card shows and how it is named in Danish.
 */

export const rankOf = (card: number) => card >> 2;
export const suitOf = (card: number) => card & 3;

/** The index printed in a card's corner (the casino deck's letters, the same in every language). */
const INDICES = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'] as const;
/** Clubs, diamonds, hearts, spades. */
const SUIT_SYMBOLS = ['♣', '♦', '♥', '♠'] as const;
const SUIT_KEYS = ['games.table_suit_clubs', 'games.table_suit_diamonds', 'games.table_suit_hearts', 'games.table_suit_spades'] as const;
const FACE_KEYS: Record<number, string> = {
  9: 'games.table_rank_jack',
  10: 'games.table_rank_queen',
  11: 'games.table_rank_king',
  12: 'games.table_rank_ace',
};

export const cardIndex = (card: number) => INDICES[rankOf(card)] ?? '?';
export const suitSymbol = (card: number) => SUIT_SYMBOLS[suitOf(card)] ?? '?';
/** Diamonds and hearts are red. */
export const isRedCard = (card: number) => suitOf(card) === 1 || suitOf(card) === 2;

/** A card's Danish name as a player says it: "hjerter dame", "spar es", "klør 7", "ruder 10". */
export function cardName(card: number, t: Translate): string {
  const rank = rankOf(card);
  const rankName = FACE_KEYS[rank] ? t(FACE_KEYS[rank]) : INDICES[rank]!;
  return t('games.table_card', { suit: t(SUIT_KEYS[suitOf(card)]!), rank: rankName });
}

/** Cards named in a list: "hjerter dame, spar 7 og klør es". */
export function cardList(cards: readonly number[], t: Translate): string {
  return joinWords(
    cards.map((card) => cardName(card, t)),
    t,
  );
}

/** Words joined the Danish way: "a, b og c". */
export function joinWords(words: readonly string[], t: Translate): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} ${t('games.table_and')} ${words.at(-1)}`;
}

/** Capitalises the first letter (a card's name at the start of a sentence or a label). */
export const capitalise = (text: string) => text.charAt(0).toLocaleUpperCase('da-DK') + text.slice(1);
