import { describe, expect, it } from 'vitest';
import { SeededTestRng } from '../rng.js';
import {
  BLACKJACK_EUROPEAN,
  BLACKJACK_RULE_SETS,
  BLACKJACK_VEGAS_H17,
  WIZARD_INFINITE_DECK_REFERENCE,
  type BlackjackRules,
} from './blackjack-rules.js';
import {
  DEALER_BUST,
  basicStrategy,
  bestAllowedMove,
  blackjackReturn,
  blackjackReturnFiniteShoe,
  dealerDistribution,
  dealerDistributionFromShoe,
  strategyCell,
} from './blackjack-strategy.js';
import { simulateBasicStrategy } from './blackjack-bench.js';

describe('the dealer, infinite deck', () => {
  it('ends on 17 … 21 or bust with total chance 1, and busts 42.32 % of the time with a six up (S17)', () => {
    for (const h17 of [false, true])
      for (let up = 1; up <= 10; up++)
        for (const noBj of [false, true]) {
          const sum = dealerDistribution(up, h17, noBj).reduce((a, b) => a + b, 0);
          expect(sum).toBeCloseTo(1, 12);
        }
    expect(dealerDistribution(6, false, true)[DEALER_BUST]).toBeCloseTo(0.42315, 5);
  });

  it('hitting soft 17 makes the dealer bust more with a six up and never stop on a soft 17', () => {
    expect(dealerDistribution(6, true, true)[DEALER_BUST]!).toBeGreaterThan(dealerDistribution(6, false, true)[DEALER_BUST]!);
  });

  it('from a finite shoe, the exact draws without replacement approach the infinite deck as the shoe grows', () => {
    const big = [0, ...Array.from({ length: 10 }, (_, i) => (i === 9 ? 16 : 4) * 5000)];
    big[6]!--;
    const finite = dealerDistributionFromShoe(6, big, false, true).dist;
    const infinite = dealerDistribution(6, false, true);
    finite.forEach((p, i) => expect(p).toBeCloseTo(infinite[i]!, 4));
  });
});

describe('basic strategy and its exact return, infinite deck', () => {
  const reference = blackjackReturn(WIZARD_INFINITE_DECK_REFERENCE.rules);

  it("equals the Wizard of Odds' infinite-deck house edge 0.5093975 % for the same rules, to every printed digit", () => {
    expect(Math.abs(reference.houseEdge - WIZARD_INFINITE_DECK_REFERENCE.houseEdge)).toBeLessThan(5e-10);
  });

  it("reproduces the same page's expected values per hand (dealer without blackjack)", () => {
    const byUp = reference.strategy.byUp;
    const best = (c: ReturnType<typeof strategyCell>) => c[c.best]!;
    expect(best(byUp[6]!.hard[11]!)).toBeCloseTo(0.6674, 4);
    expect(best(byUp[10]!.hard[16]!)).toBeCloseTo(-0.5398, 4);
    expect(best(byUp[2]!.hard[5]!)).toBeCloseTo(-0.1282, 4);
    expect(best(byUp[1]!.hard[10]!)).toBeCloseTo(0.0814, 4);
    expect(best(byUp[7]!.hard[17]!)).toBeCloseTo(-0.1068, 4);
  });

  it('chooses the textbook moves: double 11 v 6, hit 16 v 10 without surrender, split 8s v 10 with a peek, stand 12 v 4', () => {
    const vegas = basicStrategy(BLACKJACK_VEGAS_H17).byUp;
    expect(vegas[6]!.hard[11]!.best).toBe('double');
    expect(vegas[10]!.hard[16]!.best).toBe('hit');
    expect(vegas[10]!.pair[8]!.best).toBe('split');
    expect(vegas[4]!.hard[12]!.best).toBe('stand');
    expect(vegas[1]!.pair[1]!.best).toBe('split');
  });

  it('plays the European no-hole-card game differently: no split of 8s or aces and no double of 11 against a ten or an ace', () => {
    const eu = basicStrategy(BLACKJACK_EUROPEAN).byUp;
    expect(eu[10]!.pair[8]!.best).toBe('hit');
    expect(eu[1]!.pair[1]!.best).toBe('hit');
    expect(eu[10]!.hard[11]!.best).toBe('hit');
    expect(eu[6]!.hard[11]!.best).toBe('double');
    // Double on 9–11 only: no double cell for hard 8 or soft 17.
    expect(eu[6]!.hard[8]!.double).toBeUndefined();
    expect(eu[6]!.soft[17]!.double).toBeUndefined();
  });

  it('picks the best legal move when the best one is not allowed (three cards: no double)', () => {
    const cell = basicStrategy(BLACKJACK_VEGAS_H17).byUp[6]!.hard[11]!;
    expect(bestAllowedMove(cell, ['hit', 'stand'])).toBe('hit');
    expect(strategyCell(reference.strategy, [2, 3, 6], 6, false).double).toBeUndefined();
  });
});

describe('the return for the 6-deck shoe of each rule set', () => {
  it.each(BLACKJACK_RULE_SETS.map((r) => [r.id, r] as const))(
    '%s: within 0.05 percentage points of the published house edge',
    (_id, rules: BlackjackRules) => {
      const shoe = blackjackReturnFiniteShoe(rules);
      expect(Math.abs(shoe.houseEdge - rules.published!.houseEdge)).toBeLessThan(0.0005);
      // More decks cost the player (fewer blackjacks, less for removal), toward the infinite deck.
      const infinite = blackjackReturn(rules).houseEdge;
      expect(shoe.houseEdge).toBeLessThan(blackjackReturnFiniteShoe({ ...rules, decks: 8 }).houseEdge);
      expect(blackjackReturnFiniteShoe({ ...rules, decks: 8 }).houseEdge).toBeLessThan(infinite);
    },
  );

  it('tends to the infinite-deck figure as the shoe grows', () => {
    const rules = WIZARD_INFINITE_DECK_REFERENCE.rules;
    expect(blackjackReturnFiniteShoe({ ...rules, decks: 2000 }).houseEdge).toBeCloseTo(WIZARD_INFINITE_DECK_REFERENCE.houseEdge, 5);
  });

  it('is worth more to the player when the dealer stands on soft 17 than when he hits it', () => {
    const h17 = blackjackReturnFiniteShoe(BLACKJACK_VEGAS_H17).ev;
    const s17 = blackjackReturnFiniteShoe({ ...BLACKJACK_VEGAS_H17, dealerHitsSoft17: false }).ev;
    expect(s17 - h17).toBeGreaterThan(0.0015);
    expect(s17 - h17).toBeLessThan(0.0025);
  });
});

describe('the engine agrees with the computed return (a small simulation; the bench plays 10^6 hands)', () => {
  it.each(BLACKJACK_RULE_SETS.map((r) => [r.id, r] as const))(
    '%s: 40 000 hands of basic strategy within 4 standard errors',
    (_id, rules: BlackjackRules) => {
      const sim = simulateBasicStrategy(rules, 40_000, new SeededTestRng(24));
      expect(sim.hands).toBe(40_000);
      expect(Math.abs(sim.z)).toBeLessThan(4);
      expect(sim.standardError).toBeGreaterThan(0.004);
      expect(sim.standardError).toBeLessThan(0.008);
    },
  );
});
