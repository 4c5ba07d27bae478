import { describe, expect, it } from 'vitest';
import { SeededTestRng } from '../rng.js';
import {
  act,
  dealFromShoe,
  handTotal,
  isBlackjack,
  replayRound,
  shuffledShoe,
  type BlackjackAction,
  type BlackjackRound,
} from '../table/blackjack.js';
import { blackjackReturnFiniteShoe } from '../table/blackjack-strategy.js';
import { DEALER_FROM, playerShoe, SHARED_HAND_RTP, SHARED_HAND_RULES, sharedDealerHand } from './shared-blackjack.js';

const rules = SHARED_HAND_RULES;

/** Plays a player's decisions on the shared shoe as read live (the player's draws from card 3 on); the actions taken and cards drawn. */
function playLive(shoe: number[], choose: (round: BlackjackRound) => BlackjackAction) {
  let round = dealFromShoe(rules, shoe, 100);
  const actions: BlackjackAction[] = [];
  while (round.phase === 'player') {
    const action = choose(round);
    actions.push(action);
    round = act(rules, round, action);
  }
  // Cards the player holds beyond the two first: what they took from the shared sequence.
  const drawn = round.hands.reduce((sum, hand) => sum + hand.cards.length, 0) - 2;
  return { actions, drawn, cards: round.hands.map((hand) => hand.cards) };
}

const strategies: ((round: BlackjackRound) => BlackjackAction)[] = [
  () => 'stand',
  (round) => (handTotal(round.hands[round.active]!.cards).total < 17 ? 'hit' : 'stand'),
  (round) => {
    const hand = round.hands[round.active]!;
    if (hand.cards.length === 2 && round.hands.length === 1 && hand.cards[0]! >> 2 === hand.cards[1]! >> 2) return 'split';
    if (hand.cards.length === 2 && !hand.doubled) return 'double';
    return 'stand';
  },
];

describe('shared-hand blackjack', () => {
  it("lays each player's shoe out as a permutation of the table's shoe", () => {
    const shoe = shuffledShoe(8, new SeededTestRng(1));
    for (const drawn of [0, 1, 5, 40]) {
      const mine = playerShoe(shoe, drawn);
      expect([...mine].sort((a, b) => a - b)).toEqual([...shoe].sort((a, b) => a - b));
      expect(mine.slice(0, 3 + drawn)).toEqual(shoe.slice(0, 3 + drawn));
      expect(mine[3 + drawn]).toBe(shoe[DEALER_FROM]);
    }
    expect(() => playerShoe(shoe, DEALER_FROM)).toThrow(RangeError);
  });

  it('everyone gets the same first cards and the same next card from the shared sequence; the dealer plays one hand for all', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const shoe = shuffledShoe(8, new SeededTestRng(seed));
      const players = strategies.map((choose) => playLive(shoe, choose));
      for (const player of players) {
        // The first two cards are the table's, and whatever was drawn after came in the shared order.
        const flat = player.cards.flat();
        expect(new Set(flat)).toEqual(new Set(shoe.slice(0, 3 + player.drawn).filter((_, i) => i !== 1)));
        // Settled on the player's own shoe layout, the dealer's hand is the table's.
        const settled = replayRound(rules, playerShoe(shoe, player.drawn), 100, player.actions);
        expect(settled.phase).toBe('over');
        expect(settled.hands.map((hand) => hand.cards)).toEqual(player.cards);
        const live = settled.hands.some((hand) => handTotal(hand.cards).total <= 21);
        const table = sharedDealerHand(rules, shoe);
        // A player whose hands all bust has lost before the dealer plays: the engine leaves the up card alone.
        // A player's blackjack only needs the dealer's second card (a dealer blackjack pushes it).
        const natural = settled.hands.length === 1 && isBlackjack(settled.hands[0]!.cards);
        if (natural) expect(settled.dealer).toEqual(table.slice(0, 2));
        else if (live) expect(settled.dealer).toEqual(table);
        else expect(settled.dealer).toEqual(table.slice(0, 1));
      }
    }
  });

  it("returns what a one-player table on the same rules does: basic strategy's exact return, the figure the studio shows", () => {
    const { rtp } = blackjackReturnFiniteShoe(rules);
    expect(rtp).toBeGreaterThan(0.994);
    expect(rtp).toBeLessThan(0.998);
    expect(Math.abs(rtp - SHARED_HAND_RTP)).toBeLessThan(5e-7);
  });
});
