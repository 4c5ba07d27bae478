import type { Card } from '../table/cards.js';
import { handTotal } from '../table/blackjack.js';
import type { BlackjackRules } from '../table/blackjack-rules.js';

/**
 * Shared-hand blackjack, the live studio stand-in's "Nattergal Blackjack": one shoe per round for
 * the whole table, so seats never run out. Every player gets the same first two cards and sees the
 * same dealer up card; each decides alone, and the cards each player then takes come from the one
 * shared sequence in order (two players who both hit get the same card). The dealer's hand is the
 * same for everyone and comes from its own part of the shoe.
 *
 * The shoe's order: 0 and 2 the players' first cards, 1 the dealer's up card, 3 … the shared
 * sequence players draw from, `DEALER_FROM` … the dealer's second card and draws.
 *
 * Per player the round is ordinary blackjack on these rules with the engine of
 * `table/blackjack.ts`: `playerShoe` lays the shoe out in the order that engine draws for that
 * player's decisions, a permutation of the whole shoe, so replaying the player's actions on it
 * settles their hands exactly. Each player's cards are a uniformly shuffled shoe read in the engine's
 * order, so the return is the same as a one-player table on the same rules
 * (`blackjackReturnFiniteShoe`).
 */

/**
 * Eight decks, the dealer stands on soft 17, blackjack pays 3:2, double on any two, double after
 * split, split once (no resplit, aces one card each), no surrender, no hole card with a dealer
 * blackjack taking the original stakes only (doubles and splits come back), no insurance.
 */
export const SHARED_HAND_RULES: BlackjackRules = Object.freeze({
  id: 'shared-hand-8d-s17-enhc-obo',
  name: 'Shared hand: 8 decks, dealer stands on soft 17, blackjack pays 3:2, double any two, double after split, split once, no surrender, no hole card (original bets only)',
  decks: 8,
  dealerHitsSoft17: false,
  blackjackPays: Object.freeze({ numerator: 3, denominator: 2 }),
  double: 'any-two',
  doubleAfterSplit: true,
  maxHands: 2,
  resplitAces: false,
  splitAcesOneCard: true,
  surrender: 'none',
  holeCard: 'enhc',
  enhcDealerBlackjackTakes: 'original',
  insurance: false,
  stakeUnitOre: 100,
}) as BlackjackRules;

/**
 * Basic strategy's exact return on these rules (`blackjackReturnFiniteShoe`, 0.9951546…; the tests
 * compute it again): the figure the studio publishes for its shared-hand table.
 */
export const SHARED_HAND_RTP = 0.995155;

/** Where the dealer's own cards begin in the shoe: far past anything a player can draw. */
export const DEALER_FROM = 208;

/**
 * The shoe as the engine must read it for one player who took `drawn` cards from the shared
 * sequence: the first three cards, the player's `drawn` cards, then the dealer's part, then the rest
 * (never read). A permutation of `shoe`.
 */
export function playerShoe(shoe: readonly Card[], drawn: number): Card[] {
  if (!(Number.isInteger(drawn) && drawn >= 0 && 3 + drawn <= DEALER_FROM))
    throw new RangeError(`cards drawn by a player: 0..${DEALER_FROM - 3}, got ${drawn}`);
  return [...shoe.slice(0, 3 + drawn), ...shoe.slice(DEALER_FROM), ...shoe.slice(3 + drawn, DEALER_FROM)];
}

/** The dealer's whole hand, the same for every player: the up card, then draws from `DEALER_FROM` until the rules stop. */
export function sharedDealerHand(rules: BlackjackRules, shoe: readonly Card[]): Card[] {
  const hand = [shoe[1]!];
  let next = DEALER_FROM;
  for (;;) {
    const total = handTotal(hand);
    if (hand.length >= 2 && (total.total > 17 || (total.total === 17 && !(total.soft && rules.dealerHitsSoft17)))) return hand;
    hand.push(shoe[next++]!);
  }
}
