import { describe, expect, it } from 'vitest';
import { SeededTestRng } from '../rng.js';
import { DECK_SIZE, orderedDeck, parseCards, shuffledDeck } from './cards.js';
import {
  BONUS_POKER_8_5,
  HAND_CLASSES,
  HandClass,
  HandRank,
  JACKS_OR_BETTER_9_6,
  VideoPokerError,
  checkPaytable,
  classifyFive,
  classifyHand,
  deal,
  dealRound,
  draw,
  holdsToMask,
  maskToHolds,
  parseHolds,
  payOf,
  rankHand,
  rankOfClass,
  type VideoPokerPaytable,
} from './video-poker.js';

const hand = (names: string) => parseCards(names);

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    if (error instanceof VideoPokerError) return error.code;
    throw error;
  }
  return undefined;
}

describe('the hand evaluator', () => {
  it('gives the exact standard frequency of every rank over all 2 598 960 five-card hands', () => {
    const byClass = new Array<number>(HAND_CLASSES).fill(0);
    const started = performance.now();
    for (let a = 0; a < DECK_SIZE; a++)
      for (let b = a + 1; b < DECK_SIZE; b++)
        for (let c = b + 1; c < DECK_SIZE; c++)
          for (let d = c + 1; d < DECK_SIZE; d++) for (let e = d + 1; e < DECK_SIZE; e++) byClass[classifyFive(a, b, c, d, e)]!++;
    const millis = performance.now() - started;
    expect(byClass).toEqual([
      1_302_540, // nothing
      760_320, // low pair (twos to tens)
      337_920, // jacks or better (a pair of J, Q, K or A)
      123_552, // two pair
      54_912, // three of a kind
      10_200, // straight (ace low and high)
      5_108, // flush
      3_744, // full house
      432, // four fives to kings (9 ranks × 48)
      144, // four twos to fours (3 ranks × 48)
      48, // four aces
      36, // straight flush
      4, // royal flush
    ]);
    const byRank = new Array<number>(11).fill(0);
    byClass.forEach((count, cls) => (byRank[rankOfClass(cls as HandClass)]! += count));
    expect(byRank[HandRank.FourOfAKind]).toBe(624);
    expect(byRank.reduce((x, y) => x + y)).toBe(2_598_960);
    console.log(`evaluator: all 2 598 960 hands in ${millis.toFixed(0)} ms`);
  });

  it.each([
    ['Ah Kh Qh Jh Th', HandClass.RoyalFlush],
    ['Th Jh Qh Kh Ah', HandClass.RoyalFlush],
    ['9s Ks Qs Js Ts', HandClass.StraightFlush],
    ['As 2s 3s 4s 5s', HandClass.StraightFlush], // the wheel, suited
    ['Ac Ad Ah As 2c', HandClass.FourAces],
    ['3c 3d 3h 3s Kc', HandClass.FourTwosToFours],
    ['5c 5d 5h 5s Ac', HandClass.FourFivesToKings],
    ['Kc Kd Kh Ks 2c', HandClass.FourFivesToKings],
    ['2c 2d 2h 9s 9c', HandClass.FullHouse],
    ['Qc 4c 9c 2c 7c', HandClass.Flush],
    ['Ac 2d 3h 4s 5c', HandClass.Straight], // ace low
    ['Tc Jd Qh Ks Ac', HandClass.Straight], // ace high
    ['6c 7d 8h 9s Tc', HandClass.Straight],
    ['Qc Kd Ah 2s 3c', HandClass.Nothing], // no wrap-around
    ['Jc Qd Kh As 2c', HandClass.Nothing],
    ['7c 7d 7h Ks 2c', HandClass.ThreeOfAKind],
    ['7c 7d Kh Ks 2c', HandClass.TwoPair],
    ['Jc Jd 4h 8s 2c', HandClass.JacksOrBetter],
    ['Ac 9d 4h As 2c', HandClass.JacksOrBetter],
    ['Tc Td 4h 8s 2c', HandClass.LowPair],
    ['Ac Kd 9h 8s 2c', HandClass.Nothing],
    ['2c 3c 4c 5c 7d', HandClass.Nothing],
  ])('%s is %s', (names, expected) => {
    expect(classifyHand(hand(names))).toBe(expected);
    // The order of the cards does not matter.
    expect(classifyHand(hand(names).reverse())).toBe(expected);
  });

  it('ranks four of a kind as one rank for Jacks or Better', () => {
    expect(rankHand(hand('Ac Ad Ah As 2c'))).toBe(HandRank.FourOfAKind);
    expect(rankHand(hand('3c 3d 3h 3s 2c'))).toBe(HandRank.FourOfAKind);
    expect(rankHand(hand('Ah Kh Qh Jh Th'))).toBe(HandRank.RoyalFlush);
  });

  it('refuses what is not five distinct cards', () => {
    expect(codeOf(() => classifyHand(hand('Ah Kh Qh Jh')))).toBe('HAND_INVALID');
    expect(codeOf(() => classifyHand(hand('Ah Ah Qh Jh Th')))).toBe('HAND_INVALID');
    expect(codeOf(() => classifyHand([0, 1, 2, 3, 52]))).toBe('HAND_INVALID');
    expect(codeOf(() => classifyHand([0, 1, 2, 3, 4, 5]))).toBe('HAND_INVALID');
  });
});

describe('paytables', () => {
  it('pay Jacks or Better 9/6 per stake at max coins: 800 (4 000 ÷ 5), 50, 25, 9, 6, 4, 3, 2, 1', () => {
    const pays = (names: string, table: VideoPokerPaytable = JACKS_OR_BETTER_9_6) => payOf(table, hand(names));
    expect(
      ['Ah Kh Qh Jh Th', '9s Ks Qs Js Ts', 'Ac Ad Ah As 2c', '2c 2d 2h 9s 9c', 'Qc 4c 9c 2c 7c', 'Ac 2d 3h 4s 5c', '7c 7d 7h Ks 2c'].map(
        (h) => pays(h),
      ),
    ).toEqual([800, 50, 25, 9, 6, 4, 3]);
    expect([pays('7c 7d Kh Ks 2c'), pays('Jc Jd 4h 8s 2c'), pays('Tc Td 4h 8s 2c'), pays('Ac Kd 9h 8s 2c')]).toEqual([2, 1, 0, 0]);
  });

  it('pay Bonus Poker 8/5 four of a kind by rank, the full house 8 and the flush 5', () => {
    const pays = (names: string) => payOf(BONUS_POKER_8_5, hand(names));
    expect([
      pays('Ac Ad Ah As 2c'),
      pays('4c 4d 4h 4s 2c'),
      pays('Kc Kd Kh Ks 2c'),
      pays('2c 2d 2h 9s 9c'),
      pays('Qc 4c 9c 2c 7c'),
    ]).toEqual([80, 40, 25, 8, 5]);
  });

  it('refuses a paytable with a pay that is not a whole number from 0 to 1 000', () => {
    const bad = (pays: number[]) => codeOf(() => checkPaytable({ ...JACKS_OR_BETTER_9_6, pays }));
    expect(bad(JACKS_OR_BETTER_9_6.pays.slice(1))).toBe('PAYTABLE_INVALID');
    expect(bad(JACKS_OR_BETTER_9_6.pays.map((p, i) => (i === 12 ? 800.5 : p)))).toBe('PAYTABLE_INVALID');
    expect(bad(JACKS_OR_BETTER_9_6.pays.map((p, i) => (i === 0 ? -1 : p)))).toBe('PAYTABLE_INVALID');
    expect(bad(JACKS_OR_BETTER_9_6.pays.map((p, i) => (i === 12 ? 4_000 : p)))).toBe('PAYTABLE_INVALID');
    expect(bad([...JACKS_OR_BETTER_9_6.pays])).toBeUndefined();
  });
});

describe('a round: deal, hold, draw', () => {
  it('deals the top five cards of the deck drawn from the rng, and keeps the deck', () => {
    const round = dealRound(new SeededTestRng(11));
    expect(round.deck).toEqual(shuffledDeck(new SeededTestRng(11)));
    expect(round.hand).toEqual(round.deck.slice(0, 5));
  });

  it('replaces the un-held cards, left to right, by the deck’s next cards in order', () => {
    const deck = shuffledDeck(new SeededTestRng(3));
    const round = deal(deck);
    const result = draw(round, [true, false, true, false, false], JACKS_OR_BETTER_9_6);
    expect(result.hand).toEqual([deck[0], deck[5], deck[2], deck[6], deck[7]]);
    expect(draw(round, [true, true, true, true, true], JACKS_OR_BETTER_9_6).hand).toEqual(deck.slice(0, 5));
    expect(draw(round, [false, false, false, false, false], JACKS_OR_BETTER_9_6).hand).toEqual(deck.slice(5, 10));
  });

  it('pays the final hand by the paytable: a royal drawn to four of them pays 800, four twos 25 (Bonus Poker 40)', () => {
    // Dealt A K Q J of hearts and the two of clubs; the ten of hearts is the sixth card.
    const top = hand('Ah Kh Qh Jh 2c Th');
    const deck = [...top, ...orderedDeck().filter((card) => !top.includes(card))];
    const result = draw(deal(deck), [true, true, true, true, false], JACKS_OR_BETTER_9_6);
    expect(result).toMatchObject({ handClass: HandClass.RoyalFlush, rank: HandRank.RoyalFlush, pay: 800 });
    expect(draw(deal(deck), [true, true, true, true, false], BONUS_POKER_8_5).pay).toBe(800);
    // Holding the two instead draws the ten and the three other twos (the ordered rest of the deck):
    // four twos, 25 in Jacks or Better and 40 in Bonus Poker.
    const twos = draw(deal(deck), [false, false, false, false, true], JACKS_OR_BETTER_9_6);
    expect(twos.hand).toEqual(hand('Th 2d 2h 2s 2c'));
    expect(twos.pay).toBe(25);
    expect(draw(deal(deck), [false, false, false, false, true], BONUS_POKER_8_5).pay).toBe(40);
  });

  it('replays: the stored deck and holds give the same result, through JSON too', () => {
    const rng = new SeededTestRng(99);
    for (let i = 0; i < 200; i++) {
      const round = dealRound(rng);
      const holds = maskToHolds(rng.int(32));
      const played = draw(round, holds, JACKS_OR_BETTER_9_6);
      const stored = JSON.parse(JSON.stringify({ deck: round.deck, holds })) as { deck: number[]; holds: boolean[] };
      expect(draw(deal(stored.deck), stored.holds, JACKS_OR_BETTER_9_6)).toEqual(played);
      expect(holdsToMask(played.holds)).toBe(holdsToMask(holds));
    }
  });

  it('refuses holds that are not exactly five booleans, and changes nothing', () => {
    const round = deal(shuffledDeck(new SeededTestRng(5)));
    for (const holds of [
      [true, false, true, false, false, true], // a sixth card
      [true, false, true, false],
      [1, 0, 1, 0, 0],
      [true, false, 'true', false, false],
      [true, false, null, false, false],
      'TFTFF',
      null,
      undefined,
      { 0: true, length: 5 },
    ]) {
      expect(codeOf(() => draw(round, holds, JACKS_OR_BETTER_9_6))).toBe('HOLDS_INVALID');
      expect(codeOf(() => parseHolds(holds))).toBe('HOLDS_INVALID');
    }
    expect(round.deck).toEqual(shuffledDeck(new SeededTestRng(5)));
  });

  it('refuses a deck that is not the 52 cards once each, and a round whose hand is not its deck’s deal', () => {
    const deck = orderedDeck();
    expect(codeOf(() => deal(deck.slice(0, 51)))).toBe('DECK_INVALID');
    expect(codeOf(() => deal([...deck.slice(0, 51), 0]))).toBe('DECK_INVALID');
    expect(codeOf(() => deal([...deck.slice(0, 51), 52]))).toBe('DECK_INVALID');
    expect(codeOf(() => deal([...deck.slice(0, 51), 51.5]))).toBe('DECK_INVALID');
    const round = deal(deck);
    expect(codeOf(() => draw({ deck: round.deck, hand: [5, 1, 2, 3, 4] }, maskToHolds(31), JACKS_OR_BETTER_9_6))).toBe('HAND_INVALID');
    expect(codeOf(() => draw({ deck: [...round.deck].reverse().slice(1), hand: round.hand }, maskToHolds(31), JACKS_OR_BETTER_9_6))).toBe(
      'DECK_INVALID',
    );
  });

  it('keeps the stored round immutable', () => {
    const deck = orderedDeck();
    const round = deal(deck);
    deck[0] = 51;
    expect(round.deck[0]).toBe(0);
    expect(Object.isFrozen(round.deck) && Object.isFrozen(round.hand)).toBe(true);
  });
});
