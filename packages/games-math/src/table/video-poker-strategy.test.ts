import { describe, expect, it } from 'vitest';
import { SeededTestRng } from '../rng.js';
import { cardName, orderedDeck, parseCards, shuffledDeck, type Card } from './cards.js';
import {
  BONUS_POKER_8_5,
  HAND_CLASSES,
  HAND_CLASS_NAMES,
  HandClass,
  JACKS_OR_BETTER_9_6,
  classifyFive,
  dealRound,
  draw,
  type VideoPokerPaytable,
} from './video-poker.js';
import { LCM_DRAWS, RETURN_DENOMINATOR, bestHold, forEachOptimalPlay, holdValues, videoPokerReturn } from './video-poker-strategy.js';

/**
 * Our own exhaustive enumeration, independent of the strategy module's tables: for one hold, every
 * draw of the missing cards from the 47 cards not dealt, each final hand classified.
 */
function enumerateHold(hand: readonly Card[], holds: readonly boolean[], paytable: VideoPokerPaytable) {
  const held = hand.filter((_, i) => holds[i]);
  const rest = orderedDeck().filter((card) => !hand.includes(card));
  const missing = 5 - held.length;
  const byClass = new Array<number>(HAND_CLASSES).fill(0);
  const chosen: Card[] = [];
  let draws = 0;
  let total = 0;
  const pick = (from: number): void => {
    if (chosen.length === missing) {
      const five = [...held, ...chosen];
      const cls = classifyFive(five[0]!, five[1]!, five[2]!, five[3]!, five[4]!);
      byClass[cls]!++;
      total += paytable.pays[cls]!;
      draws++;
      return;
    }
    for (let i = from; i < rest.length; i++) {
      chosen.push(rest[i]!);
      pick(i + 1);
      chosen.pop();
    }
  };
  pick(0);
  return { total, draws, byClass, expectedPay: total / draws };
}

const holdOf = (hand: readonly Card[], names: string): boolean[] => {
  const kept = parseCards(names);
  return hand.map((card) => kept.includes(card));
};

const byName = (byClass: number[]): Record<string, number> =>
  Object.fromEntries(byClass.map((n, cls) => [HAND_CLASS_NAMES[cls]!, n]).filter(([, n]) => n !== 0));

describe('optimal holds of canonical hands, Jacks or Better 9/6, against published figures', () => {
  it('a dealt royal flush: hold all five, 800 × the stake (Wizard of Odds 9/6 paytable: 4 000 coins for 5)', () => {
    const hand = parseCards('Ah Kh Qh Jh Th');
    const best = bestHold(hand, JACKS_OR_BETTER_9_6);
    expect(best.holds).toEqual([true, true, true, true, true]);
    expect(best.expectedPay).toBe(800);
    expect(enumerateHold(hand, best.holds, JACKS_OR_BETTER_9_6).expectedPay).toBe(800);
  });

  it('a flush with four to a royal: break the flush, 18.3617 against 6 (Valentino, casinoadvisor.com, 2014)', () => {
    // Published: A♥ K♥ J♥ T♥ 4♥, discard the 4♥: 9 high pairs, 3 straights, 7 flushes, 1 royal of 47 draws
    // (the other 27 pay nothing: 3 of them the fours, a low pair).
    const hand = parseCards('Ah Kh Jh Th 4h');
    const fourToRoyal = holdOf(hand, 'Ah Kh Jh Th');
    const counted = enumerateHold(hand, fourToRoyal, JACKS_OR_BETTER_9_6);
    expect(byName(counted.byClass)).toEqual({ Nothing: 24, LowPair: 3, JacksOrBetter: 9, Straight: 3, Flush: 7, RoyalFlush: 1 });
    expect(counted.expectedPay).toBeCloseTo(18.3617, 4);
    const values = holdValues(hand, JACKS_OR_BETTER_9_6);
    expect(values[0]!.holds).toEqual(fourToRoyal);
    expect(values[0]).toMatchObject({ numerator: 863, denominator: 47 });
    expect(values[1]).toMatchObject({ holds: [true, true, true, true, true], expectedPay: 6 });
  });

  it('Q♠ J♦ off suit beats A Q J: 8 095/16 215 against 493/1 081, with the published draw counts (Catlin, Casino City Times, 2012)', () => {
    const hand = parseCards('Ah Qs Jd 7h 5c');
    const qj = enumerateHold(hand, holdOf(hand, 'Qs Jd'), JACKS_OR_BETTER_9_6);
    const aqj = enumerateHold(hand, holdOf(hand, 'Ah Qs Jd'), JACKS_OR_BETTER_9_6);
    // Catlin's table, per outcome (garbage counts both the low pairs and nothing).
    expect({ draws: qj.draws, total: qj.total }).toEqual({ draws: 16_215, total: 8_095 });
    const published = (
      nothing: number,
      highPair: number,
      twoPair: number,
      trips: number,
      straight: number,
      full: number,
      quads: number,
    ) => ({
      nothing,
      highPair,
      twoPair,
      trips,
      straight,
      full,
      quads,
    });
    const counted = (c: number[]) =>
      published(
        c[HandClass.Nothing]! + c[HandClass.LowPair]!,
        c[HandClass.JacksOrBetter]!,
        c[HandClass.TwoPair]!,
        c[HandClass.ThreeOfAKind]!,
        c[HandClass.Straight]!,
        c[HandClass.FullHouse]!,
        c[HandClass.FourFivesToKings]! + c[HandClass.FourTwosToFours]! + c[HandClass.FourAces]!,
      );
    expect(counted(qj.byClass)).toEqual(published(10_113, 4_914, 711, 281, 176, 18, 2));
    expect({ draws: aqj.draws, total: aqj.total }).toEqual({ draws: 1_081, total: 493 });
    expect(counted(aqj.byClass)).toEqual(published(681, 348, 27, 9, 16, 0, 0));
    const best = bestHold(hand, JACKS_OR_BETTER_9_6);
    expect(best.holds).toEqual(holdOf(hand, 'Qs Jd'));
    expect(best).toMatchObject({ numerator: 8_095, denominator: 16_215 });
  });

  it('two pair: hold both pairs, 122/47 = 2.5957; three of a kind: 4.3025 (published 9/6 strategy table values)', () => {
    const twoPair = parseCards('Jc Jd 7h 7s 2c');
    const best = bestHold(twoPair, JACKS_OR_BETTER_9_6);
    expect(best.holds).toEqual(holdOf(twoPair, 'Jc Jd 7h 7s'));
    expect(best.expectedPay).toBeCloseTo(2.5957, 4);
    expect(enumerateHold(twoPair, best.holds, JACKS_OR_BETTER_9_6).total).toBe(122);
    const trips = parseCards('7c 7d 7h Ks 2c');
    const bestTrips = bestHold(trips, JACKS_OR_BETTER_9_6);
    expect(bestTrips.holds).toEqual(holdOf(trips, '7c 7d 7h'));
    expect(bestTrips.expectedPay).toBeCloseTo(4.3025, 4);
    expect(enumerateHold(trips, bestTrips.holds, JACKS_OR_BETTER_9_6).expectedPay).toBeCloseTo(4.3025, 4);
  });
});

describe('the strategy tables against our own enumeration', () => {
  it('give every one of the 32 holds of seeded deals exactly the enumerated pay total, under both paytables', () => {
    const rng = new SeededTestRng(2024);
    const hands = [parseCards('2c 8h Td Jd Qc'), parseCards('Ac Ad Ah 3s 3c'), ...Array.from({ length: 4 }, () => dealRound(rng).hand)];
    for (const paytable of [JACKS_OR_BETTER_9_6, BONUS_POKER_8_5]) {
      for (const hand of hands) {
        const values = holdValues(hand, paytable);
        expect(values).toHaveLength(32);
        for (const value of values) {
          const counted = enumerateHold(hand, value.holds, paytable);
          expect({ hand: hand.map(cardName).join(' '), numerator: value.numerator, denominator: value.denominator }).toEqual({
            hand: hand.map(cardName).join(' '),
            numerator: counted.total,
            denominator: counted.draws,
          });
        }
        for (let i = 1; i < values.length; i++) expect(values[i]!.expectedPay).toBeLessThanOrEqual(values[i - 1]!.expectedPay);
      }
    }
  });

  it('play Bonus Poker differently where the quads pay more: keep A A A and throw the low pair', () => {
    // Three aces and a pair of threes: a full house pays 8, but 80 for four aces makes the draw worth more.
    const hand = parseCards('Ac Ad Ah 3s 3c');
    expect(bestHold(hand, JACKS_OR_BETTER_9_6).holds).toEqual([true, true, true, true, true]);
    expect(bestHold(hand, BONUS_POKER_8_5).holds).toEqual([true, true, true, true, true]);
    const values = holdValues(hand, BONUS_POKER_8_5);
    const aces = values.find((v) => v.holds.join() === holdOf(hand, 'Ac Ad Ah').join())!;
    expect(aces.expectedPay).toBeLessThan(8);
    expect(aces.expectedPay).toBeGreaterThan(
      holdValues(hand, JACKS_OR_BETTER_9_6).find((v) => v.holds.join() === aces.holds.join())!.expectedPay,
    );
  });
});

describe('the exact return of optimal play', () => {
  // Published tables of optimal play: per final hand, the count weighted so that they sum to
  // 19 933 230 517 200 = C(52, 5) × lcm C(47, 0..5), and the return. 9/6: Wizard of Odds, Jacks or
  // Better (the same figures are quoted, attributed, in public video-poker code); 8/5 Bonus Poker:
  // Wizard of Odds, Bonus Poker 8/5 strategy page. Only these published numbers are hard-coded.
  const PUBLISHED: Record<string, { return: number; combinations: Record<string, number> }> = {
    [JACKS_OR_BETTER_9_6.id]: {
      return: 0.995439,
      combinations: {
        RoyalFlush: 493_512_264,
        StraightFlush: 2_178_883_296,
        FourOfAKind: 47_093_167_764,
        FullHouse: 229_475_482_596,
        Flush: 219_554_786_160,
        Straight: 223_837_565_784,
        ThreeOfAKind: 1_484_003_070_324,
        TwoPair: 2_576_946_164_148,
        JacksOrBetter: 4_277_372_890_968,
        Nothing: 10_872_274_993_896,
      },
    },
    [BONUS_POKER_8_5.id]: {
      return: 0.99166,
      combinations: {
        RoyalFlush: 495_443_136,
        StraightFlush: 2_129_604_264,
        FourAces: 3_903_775_812,
        FourTwosToFours: 10_509_866_328,
        FourFivesToKings: 32_688_417_336,
        FullHouse: 229_516_869_924,
        Flush: 216_873_645_000,
        Straight: 223_676_319_912,
        ThreeOfAKind: 1_484_391_167_856,
        TwoPair: 2_577_523_603_752,
        JacksOrBetter: 4_290_810_981_444,
        Nothing: 10_860_710_822_436,
      },
    },
  };

  it.each([JACKS_OR_BETTER_9_6, BONUS_POKER_8_5])(
    '$name: every final-hand count of the published table exactly, and the return',
    (paytable) => {
      const started = performance.now();
      const result = videoPokerReturn(paytable);
      const seconds = (performance.now() - started) / 1000;
      const published = PUBLISHED[paytable.id]!;
      const c = result.combinations;
      const ours: Record<string, number> = {
        RoyalFlush: c[HandClass.RoyalFlush]!,
        StraightFlush: c[HandClass.StraightFlush]!,
        FullHouse: c[HandClass.FullHouse]!,
        Flush: c[HandClass.Flush]!,
        Straight: c[HandClass.Straight]!,
        ThreeOfAKind: c[HandClass.ThreeOfAKind]!,
        TwoPair: c[HandClass.TwoPair]!,
        JacksOrBetter: c[HandClass.JacksOrBetter]!,
        Nothing: c[HandClass.Nothing]! + c[HandClass.LowPair]!,
      };
      if ('FourOfAKind' in published.combinations) {
        ours.FourOfAKind = c[HandClass.FourAces]! + c[HandClass.FourTwosToFours]! + c[HandClass.FourFivesToKings]!;
      } else {
        Object.assign(ours, {
          FourAces: c[HandClass.FourAces],
          FourTwosToFours: c[HandClass.FourTwosToFours],
          FourFivesToKings: c[HandClass.FourFivesToKings],
        });
      }
      expect(ours).toEqual(published.combinations);
      expect(c.reduce((x, y) => x + y)).toBe(RETURN_DENOMINATOR);
      expect(result.denominator).toBe(19_933_230_517_200);
      expect(result.numerator).toBe(c.reduce((sum, n, cls) => sum + n * paytable.pays[cls]!, 0));
      expect(result.return).toBeCloseTo(published.return, 6);
      expect(result.return).toBeCloseTo(paytable.published.return, 6);
      expect(result.return).toBeLessThan(1);
      console.log(
        `${paytable.name}: return ${(result.return * 100).toFixed(4)} % (published ${(published.return * 100).toFixed(4)} %), hit frequency ${(result.hitFrequency * 100).toFixed(2)} %, sd ${result.standardDeviation.toFixed(3)}, ${seconds.toFixed(1)} s`,
      );
    },
  );

  it('takes 1 153 distinct values over the deals in 9/6, 766 of them where drawing five is best (Ethier, Kim & Lee, arXiv:1602.04171)', () => {
    const values = new Set<number>();
    const drawFive = new Set<number>();
    forEachOptimalPlay(JACKS_OR_BETTER_9_6, (_cards, best, scaledValue) => {
      values.add(scaledValue);
      if (best === 0) drawFive.add(scaledValue);
    });
    expect(values.size).toBe(1_153);
    expect(drawFive.size).toBe(766);
    expect(Math.max(...values) / LCM_DRAWS).toBe(800);
  });

  it('is what the round engine pays when it plays the best hold (2·10⁵ seeded rounds within 4 standard errors)', () => {
    const rng = new SeededTestRng(424242);
    const exact = videoPokerReturn(JACKS_OR_BETTER_9_6);
    const rounds = 200_000;
    let paid = 0;
    let hits = 0;
    for (let i = 0; i < rounds; i++) {
      const round = dealRound(rng);
      const result = draw(round, bestHold(round.hand, JACKS_OR_BETTER_9_6).holds, JACKS_OR_BETTER_9_6);
      paid += result.pay;
      if (result.pay > 0) hits++;
    }
    const meanError = exact.standardDeviation / Math.sqrt(rounds);
    expect(Math.abs(paid / rounds - exact.return)).toBeLessThan(4 * meanError);
    const hitError = Math.sqrt((exact.hitFrequency * (1 - exact.hitFrequency)) / rounds);
    expect(Math.abs(hits / rounds - exact.hitFrequency)).toBeLessThan(4 * hitError);
  });

  it('refuses a hand that is not five distinct cards', () => {
    expect(() => holdValues(shuffledDeck(new SeededTestRng(1)).slice(0, 4), JACKS_OR_BETTER_9_6)).toThrow(/five distinct cards/);
  });
});
