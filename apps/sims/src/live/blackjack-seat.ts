import {
  act,
  dealFromShoe,
  legalActions,
  playerShoe,
  replayRound,
  SHARED_HAND_RULES,
  sharedDealerHand,
  type BlackjackAction,
  type BlackjackRound,
  type BlackjackSettlement,
  type Card,
} from '@krone/games-math';

/*
 * A player's hand at Lysmester Live's shared-hand blackjack table (@krone/games-math
 * live/shared-blackjack.ts): dealt from the round's shoe when betting closes, played by the
 * player's own decisions while the table waits, settled when the dealer has played.
 */

export const BLACKJACK_RULES = SHARED_HAND_RULES;

export interface Hand {
  round: BlackjackRound;
  actions: BlackjackAction[];
}

/** The deal everyone shares: the player's first two cards and the dealer's up card. */
export const sharedDeal = (shoe: readonly Card[]) => ({ player: [shoe[0]!, shoe[2]!], dealerUp: shoe[1]! });

/** A seated player's hand at the deal. */
export const dealHand = (shoe: readonly Card[], stakeOre: number): Hand => ({
  round: dealFromShoe(BLACKJACK_RULES, shoe, stakeOre),
  actions: [],
});

/** What the game client shows of a hand while it is played: the cards, the stakes, the moves open now. */
export function handView(hand: Hand) {
  return {
    hands: hand.round.hands.map((h) => ({ cards: h.cards, stakeOre: h.stakeOre, done: h.done })),
    active: hand.round.active,
    playing: hand.round.phase === 'player',
    legal: hand.round.phase === 'player' ? legalActions(BLACKJACK_RULES, hand.round) : [],
  };
}

/** The more a move takes from the player's balance (a double or a split takes the main bet again). */
export const extraStakeOre = (hand: Hand, action: BlackjackAction) =>
  action === 'double' || action === 'split' ? hand.round.baseStakeOre : 0;

/** The hand after a move (a BlackjackError when the move is not open). */
export function play(hand: Hand, action: BlackjackAction): Hand {
  if (!legalActions(BLACKJACK_RULES, hand.round).includes(action)) throw new Error(`move not open: ${action}`);
  return { round: act(BLACKJACK_RULES, hand.round, action), actions: [...hand.actions, action] };
}

/**
 * The hand settled against the table's dealer: what is still open stands (the decision time is
 * over), then the player's moves are replayed on their own layout of the shoe, so the dealer's cards
 * are the table's (shared) ones.
 */
export function settleHand(
  hand: Hand,
  shoe: readonly Card[],
): { settlement: BlackjackSettlement; dealer: Card[]; actions: BlackjackAction[] } {
  let finished = hand;
  while (finished.round.phase === 'player') finished = play(finished, 'stand');
  const drawn = finished.round.hands.reduce((sum, h) => sum + h.cards.length, 0) - 2;
  const settled = replayRound(BLACKJACK_RULES, playerShoe(shoe, drawn), hand.round.baseStakeOre, finished.actions);
  return { settlement: settled.settlement!, dealer: sharedDealerHand(BLACKJACK_RULES, shoe), actions: finished.actions };
}
