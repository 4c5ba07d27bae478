import type { Rng } from '../rng.js';
import { DECK_SIZE, RANK_ACE, isCard, shuffleInPlace, type Card } from './cards.js';
import type { BlackjackRules } from './blackjack-rules.js';

/**
 * A blackjack round as pure functions over a serialisable state. The shoe (`rules.decks` × 52
 * cards) is shuffled once at the deal from the round's rng and kept whole with the round; every
 * card after that is the next one of the stored shoe, so a round replays from its shoe and its
 * actions. Deal order: player, dealer up card, player, then in a peek game the dealer's hole card
 * (in ENHC the dealer's second card is drawn only when the dealer plays). Split hands take their
 * second card when they come into play, left to right.
 *
 * Money is integer øre. A stake is a positive whole multiple of `rules.stakeUnitOre` (2 øre for
 * 3:2), so a blackjack's 3:2, half-stake insurance and a surrender's half are whole øre: no rounding
 * ever happens. Every settlement amount is what is returned to the player, the stake included.
 */

export type BlackjackErrorCode =
  | 'RULES_INVALID'
  | 'RULES_MISMATCH'
  | 'STAKE_INVALID'
  | 'SHOE_INVALID'
  | 'ROUND_OVER'
  | 'INSURANCE_PENDING'
  | 'INSURANCE_NOT_OFFERED'
  | 'ACTION_UNKNOWN'
  | 'HIT_NOT_ALLOWED'
  | 'DOUBLE_NOT_ALLOWED'
  | 'SPLIT_NOT_ALLOWED'
  | 'SURRENDER_NOT_ALLOWED';

export class BlackjackError extends Error {
  constructor(
    readonly code: BlackjackErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'BlackjackError';
  }
}

/** Blackjack value of a card: 1 for an ace, 10 for ten to king, else its pips. */
export function cardValue(card: Card): number {
  const rank = card >> 2;
  return rank === RANK_ACE ? 1 : Math.min(rank + 2, 10);
}

export interface HandTotal {
  /** Aces counted 1. */
  readonly hard: number;
  /** The best total (an ace counted 11 when that does not bust). */
  readonly total: number;
  /** An ace is counted 11 in `total`. */
  readonly soft: boolean;
}

export function handTotal(cards: readonly Card[]): HandTotal {
  let hard = 0;
  let ace = false;
  for (const card of cards) {
    const v = cardValue(card);
    hard += v;
    if (v === 1) ace = true;
  }
  const soft = ace && hard + 10 <= 21;
  return { hard, total: soft ? hard + 10 : hard, soft };
}

export function isBlackjack(cards: readonly Card[]): boolean {
  return cards.length === 2 && handTotal(cards).total === 21;
}

export interface BlackjackHand {
  readonly cards: readonly Card[];
  /** What is staked on this hand (twice the base stake once doubled). */
  readonly stakeOre: number;
  readonly doubled: boolean;
  readonly fromSplit: boolean;
  /** A hand made by splitting aces: one card, then it stands (unless it may split again). */
  readonly splitAces: boolean;
  readonly surrendered: boolean;
  /** The player has finished this hand (stood, doubled, busted, reached 21, surrendered). */
  readonly done: boolean;
}

export type BlackjackPhase = 'insurance' | 'player' | 'over';

export type BlackjackOutcome = 'blackjack' | 'win' | 'push' | 'lose' | 'bust' | 'surrender';

export interface BlackjackSettlement {
  readonly dealerTotal: number;
  readonly dealerBlackjack: boolean;
  readonly hands: readonly { readonly stakeOre: number; readonly returnOre: number; readonly outcome: BlackjackOutcome }[];
  readonly insuranceOre: number;
  readonly insuranceReturnOre: number;
  /** Every stake of the round: hands (doubles and splits included) and insurance. */
  readonly totalStakeOre: number;
  readonly totalReturnOre: number;
}

export interface BlackjackRound {
  readonly rulesId: string;
  /** The whole shuffled shoe drawn at the deal (never changed afterwards). */
  readonly shoe: readonly Card[];
  /** Cards of the shoe dealt so far (the next card is `shoe[drawn]`). */
  readonly drawn: number;
  readonly baseStakeOre: number;
  /** Up card first; the hole card second in a peek game. */
  readonly dealer: readonly Card[];
  readonly hands: readonly BlackjackHand[];
  /** The hand the player acts on (phase 'player'). */
  readonly active: number;
  readonly phase: BlackjackPhase;
  /** Insurance staked (0: not offered, declined or not yet decided). */
  readonly insuranceOre: number;
  readonly settlement: BlackjackSettlement | null;
}

export type BlackjackAction = 'hit' | 'stand' | 'double' | 'split' | 'surrender';

/** A shoe of `decks` full decks shuffled by Fisher–Yates from `rng`. */
export function shuffledShoe(decks: number, rng: Rng): Card[] {
  const shoe: Card[] = [];
  for (let d = 0; d < decks; d++) for (let c = 0; c < DECK_SIZE; c++) shoe.push(c);
  return shuffleInPlace(shoe, rng);
}

/** True when `shoe` holds each of the 52 cards exactly `decks` times. */
export function isShoe(shoe: unknown, decks: number): shoe is Card[] {
  if (!Array.isArray(shoe) || shoe.length !== decks * DECK_SIZE) return false;
  const seen = new Uint8Array(DECK_SIZE);
  for (const card of shoe) {
    if (!isCard(card) || seen[card]! >= decks) return false;
    seen[card]!++;
  }
  return true;
}

/**
 * Throws `BlackjackError` RULES_INVALID unless the rule set is one the engine and the exact return
 * handle: 1–8 decks, 2–64 hands, a stake unit that makes 3:2 (or the set's pay), half-stake
 * insurance and surrender whole øre, late surrender only with a peek.
 */
export function validateBlackjackRules(rules: BlackjackRules): BlackjackRules {
  const { decks, maxHands, stakeUnitOre, blackjackPays: pays } = rules;
  const problems: string[] = [];
  if (!Number.isInteger(decks) || decks < 1 || decks > 8) problems.push('decks is an integer 1..8');
  if (!Number.isInteger(maxHands) || maxHands < 2 || maxHands > 64) problems.push('maxHands is an integer 2..64');
  if (!Number.isInteger(pays.numerator) || !Number.isInteger(pays.denominator) || pays.numerator < 1 || pays.denominator < 1)
    problems.push('a blackjack pays a ratio of positive integers');
  if (!Number.isInteger(stakeUnitOre) || stakeUnitOre < 1 || stakeUnitOre % 2 !== 0 || stakeUnitOre % pays.denominator !== 0)
    problems.push("the stake unit is even and a multiple of the blackjack pay's denominator");
  if (rules.surrender === 'late' && rules.holeCard !== 'peek') problems.push('late surrender needs a peek');
  if (problems.length > 0) throw new BlackjackError('RULES_INVALID', `rules '${rules.id}': ${problems.join('; ')}`);
  return rules;
}

function checkStake(rules: BlackjackRules, stakeOre: number): void {
  if (!Number.isSafeInteger(stakeOre) || stakeOre <= 0 || stakeOre % rules.stakeUnitOre !== 0) {
    throw new BlackjackError('STAKE_INVALID', `a stake is a positive whole multiple of ${rules.stakeUnitOre} øre, got ${stakeOre}`);
  }
}

function checkRules(rules: BlackjackRules, round: BlackjackRound): void {
  if (round.rulesId !== rules.id)
    throw new BlackjackError('RULES_MISMATCH', `the round was dealt under '${round.rulesId}', not '${rules.id}'`);
}

interface Draft {
  drawn: number;
  dealer: Card[];
  hands: BlackjackHand[];
  active: number;
  phase: BlackjackPhase;
  insuranceOre: number;
  settlement: BlackjackSettlement | null;
}

function draft(round: BlackjackRound): Draft {
  return {
    drawn: round.drawn,
    dealer: [...round.dealer],
    hands: [...round.hands],
    active: round.active,
    phase: round.phase,
    insuranceOre: round.insuranceOre,
    settlement: round.settlement,
  };
}

function freeze(round: BlackjackRound, d: Draft): BlackjackRound {
  return {
    ...round,
    drawn: d.drawn,
    dealer: d.dealer,
    hands: d.hands,
    active: d.active,
    phase: d.phase,
    insuranceOre: d.insuranceOre,
    settlement: d.settlement,
  };
}

/**
 * The deal from a stored shoe (a replay, or a test's prepared shoe): throws SHOE_INVALID unless it is
 * `rules.decks` full decks, STAKE_INVALID unless the stake is a positive multiple of the stake unit.
 */
export function dealFromShoe(rules: BlackjackRules, shoe: readonly Card[], stakeOre: number): BlackjackRound {
  validateBlackjackRules(rules);
  checkStake(rules, stakeOre);
  if (!isShoe(shoe, rules.decks)) throw new BlackjackError('SHOE_INVALID', `a shoe holds each card exactly ${rules.decks} times`);
  return startRound(rules, Object.freeze([...shoe]), stakeOre);
}

/** A new round: a shoe shuffled from `rng` (the CSPRNG for a real round), then the deal. */
export function dealBlackjackRound(rules: BlackjackRules, stakeOre: number, rng: Rng): BlackjackRound {
  validateBlackjackRules(rules);
  checkStake(rules, stakeOre);
  return startRound(rules, shuffledShoe(rules.decks, rng), stakeOre);
}

function startRound(rules: BlackjackRules, shoe: readonly Card[], stakeOre: number): BlackjackRound {
  const peek = rules.holeCard === 'peek';
  const player = [shoe[0]!, shoe[2]!];
  const dealer = peek ? [shoe[1]!, shoe[3]!] : [shoe[1]!];
  const round: BlackjackRound = {
    rulesId: rules.id,
    shoe,
    drawn: peek ? 4 : 3,
    baseStakeOre: stakeOre,
    dealer,
    hands: [{ cards: player, stakeOre, doubled: false, fromSplit: false, splitAces: false, surrendered: false, done: false }],
    active: 0,
    phase: 'player',
    insuranceOre: 0,
    settlement: null,
  };
  if (rules.insurance && cardValue(dealer[0]!) === 1) return { ...round, phase: 'insurance' };
  return freeze(round, afterInitial(rules, round, draft(round)));
}

/** After the deal (and insurance): a peeked dealer blackjack or a player blackjack ends the round at once. */
function afterInitial(rules: BlackjackRules, round: BlackjackRound, d: Draft): Draft {
  d.phase = 'player';
  if (rules.holeCard === 'peek' && isBlackjack(d.dealer)) return finish(rules, round, d, false);
  if (isBlackjack(d.hands[0]!.cards)) {
    d.hands[0] = { ...d.hands[0]!, done: true };
    return finish(rules, round, d, true);
  }
  return advance(rules, round, d);
}

/** Take or decline insurance (half the base stake) when the dealer shows an ace. */
export function insure(rules: BlackjackRules, round: BlackjackRound, take: boolean): BlackjackRound {
  checkRules(rules, round);
  if (round.phase === 'over') throw new BlackjackError('ROUND_OVER', 'the round is over');
  if (round.phase !== 'insurance')
    throw new BlackjackError('INSURANCE_NOT_OFFERED', 'insurance is offered only right after the deal, against an ace');
  const d = draft(round);
  d.insuranceOre = take ? round.baseStakeOre / 2 : 0;
  return freeze(round, afterInitial(rules, round, d));
}

function canSplitHand(rules: BlackjackRules, d: Draft, hand: BlackjackHand): boolean {
  if (hand.cards.length !== 2 || hand.doubled || d.hands.length >= rules.maxHands) return false;
  if (cardValue(hand.cards[0]!) !== cardValue(hand.cards[1]!)) return false;
  if (hand.splitAces) return rules.resplitAces;
  return true;
}

function canDoubleHand(rules: BlackjackRules, hand: BlackjackHand): boolean {
  if (hand.cards.length !== 2 || hand.splitAces) return false;
  if (hand.fromSplit && !rules.doubleAfterSplit) return false;
  if (rules.double === 'any-two') return true;
  const t = handTotal(hand.cards);
  return !t.soft && t.hard >= 9 && t.hard <= 11;
}

/** The actions the player may take now (empty unless the round waits for a player action). */
export function legalActions(rules: BlackjackRules, round: BlackjackRound): BlackjackAction[] {
  checkRules(rules, round);
  if (round.phase !== 'player') return [];
  const d = draft(round);
  const hand = d.hands[d.active]!;
  const out: BlackjackAction[] = [];
  const splitAcesStuck = hand.splitAces;
  if (!splitAcesStuck) out.push('hit');
  out.push('stand');
  if (canDoubleHand(rules, hand)) out.push('double');
  if (canSplitHand(rules, d, hand)) out.push('split');
  if (rules.surrender === 'late' && d.hands.length === 1 && hand.cards.length === 2 && !hand.fromSplit) out.push('surrender');
  return out;
}

function draw(round: BlackjackRound, d: Draft): Card {
  return round.shoe[d.drawn++]!;
}

/**
 * Bring the next hand into play: deal a split hand its second card, and pass over hands that need
 * no decision (21, split aces that may not split again). When no hand is left the dealer plays.
 */
function advance(rules: BlackjackRules, round: BlackjackRound, d: Draft): Draft {
  while (d.active < d.hands.length) {
    let hand = d.hands[d.active]!;
    if (hand.cards.length === 1) {
      hand = { ...hand, cards: [...hand.cards, draw(round, d)] };
      d.hands[d.active] = hand;
    }
    const done = hand.done || handTotal(hand.cards).total >= 21 || (hand.splitAces && !canSplitHand(rules, d, hand));
    if (!done) return d;
    d.hands[d.active] = { ...hand, done: true };
    d.active++;
  }
  return finish(rules, round, d, false);
}

/** The dealer's fixed play from `cards`: draw until 17 or more (hitting a soft 17 under H17). */
function dealerDraws(rules: BlackjackRules, round: BlackjackRound, d: Draft): void {
  for (;;) {
    const t = handTotal(d.dealer);
    if (d.dealer.length >= 2 && (t.total > 17 || (t.total === 17 && !(t.soft && rules.dealerHitsSoft17)))) return;
    d.dealer.push(draw(round, d));
  }
}

/** The dealer plays (when a hand is still live or insurance needs the second card) and every hand is settled. */
function finish(rules: BlackjackRules, round: BlackjackRound, d: Draft, playerBlackjackOnly: boolean): Draft {
  d.phase = 'over';
  d.active = d.hands.length;
  const live = d.hands.some((h) => !h.surrendered && handTotal(h.cards).total <= 21);
  const needsSecond = d.dealer.length < 2 && (live || d.insuranceOre > 0);
  if (needsSecond) d.dealer.push(draw(round, d));
  const dealerBj = isBlackjack(d.dealer);
  if (live && !dealerBj && !playerBlackjackOnly) dealerDraws(rules, round, d);
  const dealerTotal = handTotal(d.dealer).total;
  const pays = rules.blackjackPays;
  const hands = d.hands.map((hand, i) => {
    const { stakeOre } = hand;
    const total = handTotal(hand.cards).total;
    const natural = !hand.fromSplit && d.hands.length === 1 && isBlackjack(hand.cards);
    let returnOre: number;
    let outcome: BlackjackOutcome;
    if (hand.surrendered) {
      returnOre = stakeOre / 2;
      outcome = 'surrender';
    } else if (total > 21) {
      returnOre = 0;
      outcome = 'bust';
    } else if (natural) {
      outcome = dealerBj ? 'push' : 'blackjack';
      returnOre = dealerBj ? stakeOre : stakeOre + (stakeOre * pays.numerator) / pays.denominator;
    } else if (dealerBj) {
      outcome = 'lose';
      // ENHC, original bets only: the dealer's blackjack takes the first stake; doubles and split hands come back.
      const keepsAll = rules.holeCard === 'peek' || rules.enhcDealerBlackjackTakes === 'all';
      returnOre = keepsAll ? 0 : i === 0 ? stakeOre - round.baseStakeOre : stakeOre;
    } else if (dealerTotal > 21 || total > dealerTotal) {
      returnOre = 2 * stakeOre;
      outcome = 'win';
    } else if (total === dealerTotal) {
      returnOre = stakeOre;
      outcome = 'push';
    } else {
      returnOre = 0;
      outcome = 'lose';
    }
    return { stakeOre, returnOre, outcome };
  });
  const insuranceReturnOre = dealerBj ? 3 * d.insuranceOre : 0;
  d.settlement = {
    dealerTotal,
    dealerBlackjack: dealerBj,
    hands,
    insuranceOre: d.insuranceOre,
    insuranceReturnOre,
    totalStakeOre: hands.reduce((s, h) => s + h.stakeOre, 0) + d.insuranceOre,
    totalReturnOre: hands.reduce((s, h) => s + h.returnOre, 0) + insuranceReturnOre,
  };
  return d;
}

/**
 * One player action on the active hand, validated against the rules: throws `BlackjackError`
 * ROUND_OVER, INSURANCE_PENDING, ACTION_UNKNOWN, or HIT_/DOUBLE_/SPLIT_/SURRENDER_NOT_ALLOWED.
 * A double or a split stakes the hand's base stake once more (the caller takes it from the wallet).
 */
export function act(rules: BlackjackRules, round: BlackjackRound, action: BlackjackAction): BlackjackRound {
  checkRules(rules, round);
  if (round.phase === 'over') throw new BlackjackError('ROUND_OVER', 'the round is over');
  if (round.phase === 'insurance') throw new BlackjackError('INSURANCE_PENDING', 'take or decline insurance first');
  const d = draft(round);
  const hand = d.hands[d.active]!;
  switch (action) {
    case 'stand':
      d.hands[d.active] = { ...hand, done: true };
      d.active++;
      break;
    case 'hit':
      if (hand.splitAces) throw new BlackjackError('HIT_NOT_ALLOWED', 'split aces take one card each');
      d.hands[d.active] = { ...hand, cards: [...hand.cards, draw(round, d)] };
      if (handTotal(d.hands[d.active]!.cards).total >= 21) {
        d.hands[d.active] = { ...d.hands[d.active]!, done: true };
        d.active++;
      }
      break;
    case 'double':
      if (!canDoubleHand(rules, hand)) throw new BlackjackError('DOUBLE_NOT_ALLOWED', 'this hand may not be doubled under these rules');
      d.hands[d.active] = { ...hand, cards: [...hand.cards, draw(round, d)], stakeOre: hand.stakeOre * 2, doubled: true, done: true };
      d.active++;
      break;
    case 'split': {
      if (!canSplitHand(rules, d, hand)) throw new BlackjackError('SPLIT_NOT_ALLOWED', 'this hand may not be split under these rules');
      const aces = cardValue(hand.cards[0]!) === 1;
      const make = (card: Card): BlackjackHand => ({
        cards: [card],
        stakeOre: round.baseStakeOre,
        doubled: false,
        fromSplit: true,
        splitAces: aces,
        surrendered: false,
        done: false,
      });
      d.hands.splice(d.active, 1, make(hand.cards[0]!), make(hand.cards[1]!));
      break;
    }
    case 'surrender':
      if (!legalActions(rules, round).includes('surrender'))
        throw new BlackjackError('SURRENDER_NOT_ALLOWED', 'late surrender is only on the first two cards, where the rules offer it');
      d.hands[d.active] = { ...hand, surrendered: true, done: true };
      d.active++;
      break;
    default:
      throw new BlackjackError('ACTION_UNKNOWN', `unknown action '${String(action)}'`);
  }
  return freeze(round, advance(rules, round, d));
}

/**
 * Finish a round the player left: decline a pending insurance, stand on every hand still open, and
 * let the dealer play by the rules. A finished round is returned as it is.
 */
export function autoFinish(rules: BlackjackRules, round: BlackjackRound): BlackjackRound {
  let r = round.phase === 'insurance' ? insure(rules, round, false) : round;
  while (r.phase === 'player') r = act(rules, r, 'stand');
  return r;
}

/** Replay: the same shoe, stake and actions give the same round. `insurance` is the insurance decision if one was asked. */
export function replayRound(
  rules: BlackjackRules,
  shoe: readonly Card[],
  stakeOre: number,
  actions: readonly BlackjackAction[],
  insurance = false,
): BlackjackRound {
  let r = dealFromShoe(rules, shoe, stakeOre);
  if (r.phase === 'insurance') r = insure(rules, r, insurance);
  for (const action of actions) r = act(rules, r, action);
  return r;
}
