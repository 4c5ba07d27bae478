import type { Rng } from '../rng.js';
import { DECK_SIZE, RANK_ACE, RANK_JACK, isCard, isFullDeck, shuffledDeck, type Card } from './cards.js';

/**
 * Video poker (draw poker against a paytable, one 52-card deck, no wild cards): the hand
 * evaluator, the paytables and a round (deal five, hold some, draw the rest from the same deck).
 * The optimal strategy and the exact return are in video-poker-strategy.ts.
 */

/**
 * What a five-card hand is, fine enough for every paytable here: Jacks or Better's ranks with the
 * pair split into low (twos to tens) and high (jacks or better), and four of a kind split by its
 * rank for Bonus Poker's bonuses. Ordered from worst to best.
 */
export const HandClass = {
  Nothing: 0,
  LowPair: 1,
  JacksOrBetter: 2,
  TwoPair: 3,
  ThreeOfAKind: 4,
  Straight: 5,
  Flush: 6,
  FullHouse: 7,
  /** Four fives, sixes, …, kings. */
  FourFivesToKings: 8,
  /** Four twos, threes or fours. */
  FourTwosToFours: 9,
  FourAces: 10,
  StraightFlush: 11,
  RoyalFlush: 12,
} as const;
export type HandClass = (typeof HandClass)[keyof typeof HandClass];
export const HAND_CLASSES = 13;

/** Class names in class order (for tables and tests). */
export const HAND_CLASS_NAMES: readonly string[] = Object.keys(HandClass);

/** The ranks of Jacks or Better itself: the classes with the three kinds of four of a kind as one. */
export const HandRank = {
  Nothing: 0,
  LowPair: 1,
  JacksOrBetter: 2,
  TwoPair: 3,
  ThreeOfAKind: 4,
  Straight: 5,
  Flush: 6,
  FullHouse: 7,
  FourOfAKind: 8,
  StraightFlush: 9,
  RoyalFlush: 10,
} as const;
export type HandRank = (typeof HandRank)[keyof typeof HandRank];

const RANK_OF_CLASS: readonly HandRank[] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 9, 10];

export function rankOfClass(handClass: HandClass): HandRank {
  return RANK_OF_CLASS[handClass]!;
}

const JACKS_AND_UP = (1 << 13) - (1 << RANK_JACK); // rank bits of J, Q, K, A
const TWOS_TO_FOURS = 0b111;
const ACE_BIT = 1 << RANK_ACE;
const WHEEL = ACE_BIT | 0b1111; // A-2-3-4-5
const BROADWAY = 0b11111 << 8; // T-J-Q-K-A

/**
 * The class of five distinct cards, allocation-free (the hot path of the exact return: called for
 * all 2 598 960 hands). Each card's rank is one bit; folding the five bits through `once`, `twice`,
 * `thrice`, `four` leaves in each the ranks seen at least that many times, which tells every paired
 * hand apart. Five distinct ranks are a straight when the bits are five in a row (or the wheel),
 * a flush when the suits XOR to zero pairwise.
 */
export function classifyFive(a: Card, b: Card, c: Card, d: Card, e: Card): HandClass {
  const ba = 1 << (a >> 2);
  const bb = 1 << (b >> 2);
  const bc = 1 << (c >> 2);
  const bd = 1 << (d >> 2);
  const be = 1 << (e >> 2);
  let once = ba;
  let twice = once & bb;
  once |= bb;
  let thrice = twice & bc;
  twice |= once & bc;
  once |= bc;
  let four = thrice & bd;
  thrice |= twice & bd;
  twice |= once & bd;
  once |= bd;
  four |= thrice & be;
  thrice |= twice & be;
  twice |= once & be;
  once |= be;

  if (four !== 0)
    return four === ACE_BIT ? HandClass.FourAces : four & TWOS_TO_FOURS ? HandClass.FourTwosToFours : HandClass.FourFivesToKings;
  if (thrice !== 0) return twice !== thrice ? HandClass.FullHouse : HandClass.ThreeOfAKind;
  if (twice !== 0) {
    if ((twice & (twice - 1)) !== 0) return HandClass.TwoPair;
    return twice & JACKS_AND_UP ? HandClass.JacksOrBetter : HandClass.LowPair;
  }
  const flush = (((a ^ b) | (a ^ c) | (a ^ d) | (a ^ e)) & 3) === 0;
  const lowest = once & -once;
  const straight = once === lowest * 0b11111 || once === WHEEL;
  if (straight) return flush ? (once === BROADWAY ? HandClass.RoyalFlush : HandClass.StraightFlush) : HandClass.Straight;
  return flush ? HandClass.Flush : HandClass.Nothing;
}

export class VideoPokerError extends Error {
  constructor(
    readonly code: 'HAND_INVALID' | 'HOLDS_INVALID' | 'DECK_INVALID' | 'PAYTABLE_INVALID',
    message: string,
  ) {
    super(message);
    this.name = 'VideoPokerError';
  }
}

/** True when `hand` is five distinct cards. */
export function isHand(hand: unknown): hand is Card[] {
  return Array.isArray(hand) && hand.length === 5 && hand.every(isCard) && new Set(hand).size === 5;
}

/** The class of a hand of five distinct cards (any order); throws `VideoPokerError` HAND_INVALID otherwise. */
export function classifyHand(hand: readonly Card[]): HandClass {
  if (!isHand(hand)) throw new VideoPokerError('HAND_INVALID', 'a hand is five distinct cards 0..51');
  return classifyFive(hand[0]!, hand[1]!, hand[2]!, hand[3]!, hand[4]!);
}

/** The Jacks or Better rank of a hand (four of a kind as one rank). */
export function rankHand(hand: readonly Card[]): HandRank {
  return rankOfClass(classifyHand(hand));
}

/**
 * A paytable: per hand class, what the hand returns for each unit staked, the stake included
 * ("9 for 1": a full house returns 9 × the stake). We play maximum coins only, so the royal flush
 * is its five-coin pay per coin (4 000 ÷ 5 = 800 where one coin would get 250); the stake of a round
 * is the whole five-coin bet and every pay is a whole multiple of it, so a win in øre is
 * `pay × stakeOre`, an integer.
 */
export interface VideoPokerPaytable {
  id: string;
  name: string;
  /** Indexed by `HandClass`, 13 non-negative integers. */
  pays: readonly number[];
  /** The return with optimal play as published, and where (our own exact figure is `videoPokerReturn`). */
  published: { return: number; source: string };
}

function jacksOrBetterPays(fullHouse: number, flush: number): number[] {
  // Nothing, low pair, JoB, two pair, trips, straight, flush, full house, 4×5–K, 4×2–4, 4×A, straight flush, royal.
  return [0, 0, 1, 2, 3, 4, flush, fullHouse, 25, 25, 25, 50, 800];
}

/** Jacks or Better 9/6, "full pay": 800 (max coins), 50, 25, 9, 6, 4, 3, 2, 1. */
export const JACKS_OR_BETTER_9_6: VideoPokerPaytable = {
  id: 'jacks-or-better-9-6',
  name: 'Jacks or Better 9/6',
  pays: jacksOrBetterPays(9, 6),
  published: { return: 0.995439, source: 'Wizard of Odds, Jacks or Better (9/6 pay table, optimal strategy): 99.5439 %' },
};

/**
 * Bonus Poker 8/5: Jacks or Better with four of a kind paid by its rank (aces 80, twos to fours 40,
 * fives to kings 25) and the full house and flush cut to 8 and 5.
 */
export const BONUS_POKER_8_5: VideoPokerPaytable = {
  id: 'bonus-poker-8-5',
  name: 'Bonus Poker 8/5',
  pays: [0, 0, 1, 2, 3, 4, 5, 8, 25, 40, 80, 50, 800],
  published: { return: 0.99166, source: 'Wizard of Odds, Bonus Poker 8/5 (optimal strategy): 99.1660 %' },
};

export const VIDEO_POKER_PAYTABLES: readonly VideoPokerPaytable[] = [JACKS_OR_BETTER_9_6, BONUS_POKER_8_5];

/** The largest pay a paytable may hold: every sum the exact return adds up stays an exact integer in a double. */
export const MAX_VIDEO_POKER_PAY = 1_000;

/** Throws `VideoPokerError` PAYTABLE_INVALID unless `pays` has 13 integers in 0..MAX_VIDEO_POKER_PAY. */
export function checkPaytable(paytable: VideoPokerPaytable): VideoPokerPaytable {
  const { pays } = paytable;
  if (pays.length !== HAND_CLASSES || !pays.every((p) => Number.isInteger(p) && p >= 0 && p <= MAX_VIDEO_POKER_PAY)) {
    throw new VideoPokerError('PAYTABLE_INVALID', `a paytable has ${HAND_CLASSES} integer pays in 0..${MAX_VIDEO_POKER_PAY}`);
  }
  return paytable;
}

/** The pay of a hand under a paytable, × the stake. */
export function payOf(paytable: VideoPokerPaytable, hand: readonly Card[]): number {
  return paytable.pays[classifyHand(hand)]!;
}

/**
 * A round as stored: the whole shuffled deck drawn at the deal (the round's only random draws) and
 * the five cards dealt from its top. Replaying the stored deck with the stored holds gives the same
 * final hand.
 */
export interface VideoPokerRound {
  readonly deck: readonly Card[];
  readonly hand: readonly Card[];
}

export interface VideoPokerResult {
  /** The holds as played (position i of the dealt hand kept when true). */
  readonly holds: readonly boolean[];
  /** The final five cards, each un-held position replaced by the next card of the deck. */
  readonly hand: readonly Card[];
  readonly handClass: HandClass;
  readonly rank: HandRank;
  /** Returned × the stake, the stake included (0 when the hand pays nothing). */
  readonly pay: number;
}

/** The deal from a stored deck: its first five cards. Throws `VideoPokerError` DECK_INVALID unless `deck` holds each of the 52 cards once. */
export function deal(deck: readonly Card[]): VideoPokerRound {
  if (!isFullDeck(deck)) throw new VideoPokerError('DECK_INVALID', `a deck holds each of the ${DECK_SIZE} cards exactly once`);
  const stored = Object.freeze([...deck]);
  return { deck: stored, hand: Object.freeze(stored.slice(0, 5)) };
}

/** A new round: a deck shuffled from `rng` (the CSPRNG for a real round) and its deal. */
export function dealRound(rng: Rng): VideoPokerRound {
  return deal(shuffledDeck(rng));
}

/**
 * The holds from untrusted input: exactly five booleans. Anything else (a sixth card, a number, a
 * missing position) throws `VideoPokerError` HOLDS_INVALID.
 */
export function parseHolds(input: unknown): boolean[] {
  if (!Array.isArray(input) || input.length !== 5 || !input.every((h) => typeof h === 'boolean')) {
    throw new VideoPokerError('HOLDS_INVALID', 'holds are exactly five booleans, one per dealt card');
  }
  return [...(input as boolean[])];
}

/**
 * The draw: every un-held position, left to right, gets the next card of the round's deck (the
 * sixth card first), and the final hand is paid by `paytable`.
 */
export function draw(round: VideoPokerRound, holds: unknown, paytable: VideoPokerPaytable): VideoPokerResult {
  const kept = parseHolds(holds);
  const { deck } = deal(round.deck);
  if (!isHand(round.hand) || round.hand.some((card, i) => card !== deck[i])) {
    throw new VideoPokerError('HAND_INVALID', "the round's hand is not the deal of its deck");
  }
  let next = 5;
  const hand = kept.map((held, i) => (held ? deck[i]! : deck[next++]!));
  const handClass = classifyHand(hand);
  return { holds: kept, hand, handClass, rank: rankOfClass(handClass), pay: checkPaytable(paytable).pays[handClass]! };
}

/** Holds as a bit mask (bit i = position i held) and back: the strategy works on masks. */
export function holdsToMask(holds: readonly boolean[]): number {
  return holds.reduce((mask, held, i) => (held ? mask | (1 << i) : mask), 0);
}

export function maskToHolds(mask: number): boolean[] {
  return [0, 1, 2, 3, 4].map((i) => (mask & (1 << i)) !== 0);
}
