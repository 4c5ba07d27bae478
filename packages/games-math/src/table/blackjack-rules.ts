/**
 * Blackjack rule sets as data. Everything the engine (blackjack.ts) and the exact return
 * (blackjack-strategy.ts) do differently between tables is a field here; nothing else varies.
 */

export interface BlackjackRules {
  readonly id: string;
  readonly name: string;
  /** Decks in the shoe the engine deals from (a fresh shuffled shoe every round, as a continuous shuffler). */
  readonly decks: number;
  /** H17 (true) or S17 (false): the dealer hits a soft 17 (an ace counted 11 plus six). */
  readonly dealerHitsSoft17: boolean;
  /** A player blackjack pays numerator:denominator (3:2). Stakes are whole multiples of `stakeUnitOre`, so the pay is whole øre. */
  readonly blackjackPays: { readonly numerator: number; readonly denominator: number };
  /** 'any-two': double on any first two cards; '9-11': only on a hard 9, 10 or 11. */
  readonly double: 'any-two' | '9-11';
  /** May a hand made by a split be doubled (DAS). */
  readonly doubleAfterSplit: boolean;
  /** Splits stop when the player holds this many hands (2 = split once, no resplit). */
  readonly maxHands: number;
  /** May split aces be split again when an ace comes. */
  readonly resplitAces: boolean;
  /** Split aces get one card each and stand (always true here; the exact return assumes it). */
  readonly splitAcesOneCard: true;
  /** Late surrender: give up half the stake on the first two cards, after the dealer's peek. Peek games only. */
  readonly surrender: 'none' | 'late';
  /**
   * 'peek': the dealer takes a hole card and, showing an ace or a ten, checks it for blackjack
   * before the player acts (a dealer blackjack ends the round at once, the player losing only the
   * original stake). 'enhc': European no hole card; the dealer's second card is drawn after the
   * player has played, and a dealer blackjack then takes what `enhcDealerBlackjackTakes` says.
   */
  readonly holeCard: 'peek' | 'enhc';
  /** ENHC only: 'all' (doubles and split hands are lost too, the European custom) or 'original' (only the first stake, OBO). */
  readonly enhcDealerBlackjackTakes: 'all' | 'original';
  /** Insurance offered when the dealer shows an ace: half the stake, pays 2:1 on a dealer blackjack. */
  readonly insurance: boolean;
  /** Stakes are whole multiples of this (øre), so 3:2 and half-stake insurance and surrender are whole øre. */
  readonly stakeUnitOre: number;
  /**
   * A published house edge for exactly these rules (the finite-shoe figure of blackjack-strategy.ts is
   * compared with it). Every rule set of our own tables has one; a rule set no source covers (the
   * live studio stand-in's shared hand) shows only its computed figure.
   */
  readonly published?: { readonly houseEdge: number; readonly source: string };
}

/**
 * "Vegas": 6 decks, dealer hits soft 17, blackjack pays 3:2, double on any two, double after split,
 * resplit to 4 hands (aces split once, one card each), no surrender, US peek, insurance.
 */
export const BLACKJACK_VEGAS_H17: BlackjackRules = Object.freeze({
  id: 'vegas-6d-h17-das',
  name: 'Vegas: 6 decks, dealer hits soft 17, blackjack pays 3:2, double any two, double after split, resplit to 4 hands (aces once), no surrender, peek',
  decks: 6,
  dealerHitsSoft17: true,
  blackjackPays: Object.freeze({ numerator: 3, denominator: 2 }),
  double: 'any-two',
  doubleAfterSplit: true,
  maxHands: 4,
  resplitAces: false,
  splitAcesOneCard: true,
  surrender: 'none',
  holeCard: 'peek',
  enhcDealerBlackjackTakes: 'all',
  insurance: true,
  stakeUnitOre: 2,
  published: Object.freeze({
    houseEdge: 0.00639,
    source:
      "Wizard of Odds blackjack house edge calculator, 6 decks, H17, DAS, aces split once, up to 4 hands, 3:2, no surrender: 0.639 % (as quoted in the Wizard of Vegas forum thread 'How were house edges for BJ games determined', October 2024)",
  }),
}) as BlackjackRules;

/**
 * "European" (the German Spielbank rules): 6 decks, dealer stands on soft 17, blackjack pays 3:2,
 * double on 9–11 only, double after split, resplit any pair (aces too) to 4 hands, no surrender,
 * no hole card with a dealer blackjack taking every stake on the table (doubles and splits), insurance.
 */
export const BLACKJACK_EUROPEAN: BlackjackRules = Object.freeze({
  id: 'european-6d-s17-enhc',
  name: 'European: 6 decks, dealer stands on soft 17, blackjack pays 3:2, double on 9–11, double after split, resplit any pair (aces too) to 4 hands, no surrender, no hole card',
  decks: 6,
  dealerHitsSoft17: false,
  blackjackPays: Object.freeze({ numerator: 3, denominator: 2 }),
  double: '9-11',
  doubleAfterSplit: true,
  maxHands: 4,
  resplitAces: true,
  splitAcesOneCard: true,
  surrender: 'none',
  holeCard: 'enhc',
  enhcDealerBlackjackTakes: 'all',
  insurance: true,
  stakeUnitOre: 2,
  published: Object.freeze({
    houseEdge: 0.0055,
    source:
      'Wizard of Odds, Ask the Wizard #294 (Spielbank rules: 6 decks, S17, no hole card, double 9–11, DAS, resplit any pair incl. aces to 4 hands, no surrender), from his house edge calculator: 0.55 %',
  }),
}) as BlackjackRules;

export const BLACKJACK_RULE_SETS: readonly BlackjackRules[] = Object.freeze([BLACKJACK_VEGAS_H17, BLACKJACK_EUROPEAN]);

/**
 * The published figure our exact method is checked against, for the same approximation: Wizard of
 * Odds, "Blackjack Appendix 5: Expected Returns with Infinite Decks"
 * (https://wizardofodds.com/games/blackjack/appendix/5): infinite decks, dealer stands on soft 17,
 * double any two, double after split, unlimited resplitting (not aces), split aces one card each,
 * no surrender, peek: house edge 0.5093975 %. `maxHands: 64` stands for unlimited (a 64th hand has
 * a chance below 10^-40).
 */
export const WIZARD_INFINITE_DECK_REFERENCE: { readonly rules: BlackjackRules; readonly houseEdge: number; readonly source: string } =
  Object.freeze({
    rules: Object.freeze({
      ...BLACKJACK_VEGAS_H17,
      dealerHitsSoft17: false,
      id: 'wizard-appendix-5',
      name: 'Wizard of Odds appendix 5: infinite decks, S17, DAS, unlimited resplits, no surrender, peek',
      maxHands: 64,
      surrender: 'none',
      published: Object.freeze({ houseEdge: 0.005093975, source: 'Wizard of Odds, Blackjack Appendix 5 (infinite decks)' }),
    }) as BlackjackRules,
    houseEdge: 0.005093975,
    source: 'Wizard of Odds, Blackjack Appendix 5, Expected Returns with Infinite Decks: house edge 0.5093975 %',
  });
