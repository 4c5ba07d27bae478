import {
  BLACKJACK_RULE_SETS,
  BlackjackError,
  HAND_CLASS_NAMES,
  VideoPokerError,
  act,
  autoFinish,
  checkRouletteBets,
  classifyHand,
  dealBlackjackRound,
  dealRound,
  deal,
  replayRound,
  draw,
  handTotal,
  insure,
  legalActions,
  parseBets,
  pocketColour,
  settleRoulette,
  spinRoulette,
  type BlackjackAction,
  type BlackjackRound,
  type BlackjackRules,
  type RouletteBet,
  type RouletteError,
  type Rng,
  type TableTitle,
  type VideoPokerResult,
  type VideoPokerRound,
} from '@krone/games-math';
import { fail } from '../errors.js';

/**
 * Table games as the studio plays them: the engines of @krone/games-math (pure, exact) wrapped in
 * one shape: a round's stored state, what a move costs, the next state, and the view the player may
 * see. Nothing here touches money or the database (table.ts does); every outcome comes from the
 * shuffled shoe or deck (or the pocket) drawn from the Rng at the deal and stored with the round.
 */

/** A table round's stored state (the round's `outcome` column): everything that replays it. */
export type TableState =
  | { kind: 'roulette'; bets: RouletteBet[]; pocket: number; draws: number[] }
  | { kind: 'blackjack'; round: BlackjackRound; moves: TableMove[] }
  | { kind: 'video-poker'; deal: VideoPokerRound; result: VideoPokerResult | null };

/** A move as the player sends it (POST …/rounds/{id}/actions). */
export type TableMove =
  | { action: 'hit' | 'stand' | 'double' | 'split' | 'surrender' }
  | { action: 'insurance'; take: boolean }
  | { action: 'draw'; holds: unknown };

/** A state after a step: what the round has staked in all, and, once over, what it returns (stake included). */
export interface TableStep {
  state: TableState;
  over: boolean;
  stakeOre: number;
  returnOre: number | null;
}

/** What a deal asks for: a hand's stake (blackjack, video poker) or a spin's bets (roulette). */
export interface TableDealInput {
  stakeOre?: number;
  bets?: unknown;
}

/** A title's minutes before a hand left by its player is finished by the table's rule. */
export const TABLE_TIMEOUT_MINUTES = 60;

const rulesOf = (title: TableTitle & { kind: 'blackjack' }): BlackjackRules => {
  const rules = BLACKJACK_RULE_SETS.find((r) => r.id === title.rules.id);
  if (!rules) throw new Error(`unknown blackjack rules ${title.rules.id}`);
  return rules;
};

/** A roulette check's refusal: a spot not on the layout, a stake off the chips, a limit passed. */
function rouletteRefusal(error: RouletteError): never {
  const details = { reason: error.code, ...(error.betIndex !== undefined ? { betIndex: error.betIndex } : {}) };
  if (error.code === 'STAKE_OFF_STEP' || error.code === 'STAKE_ODD_LA_PARTAGE' || error.code === 'BET_INVALID_STAKE')
    throw fail('GAME_STAKE_NOT_ALLOWED', details);
  if (
    error.code === 'STAKE_BELOW_MIN' ||
    error.code === 'STAKE_ABOVE_MAX' ||
    error.code === 'TOTAL_ABOVE_MAX' ||
    error.code === 'BETS_TOO_MANY'
  )
    throw fail('TABLE_LIMIT_EXCEEDED', details);
  throw fail('TABLE_BET_INVALID', details);
}

/** An engine's refusal of a move, as the studio's code. */
function moveRefusal(error: unknown): never {
  if (error instanceof BlackjackError)
    throw fail(error.code === 'ROUND_OVER' ? 'TABLE_ROUND_OVER' : 'TABLE_ACTION_NOT_ALLOWED', { reason: error.code });
  if (error instanceof VideoPokerError) throw fail('TABLE_HOLDS_INVALID', { reason: error.code });
  throw error;
}

function blackjackStaked(round: BlackjackRound): number {
  return round.hands.reduce((sum, hand) => sum + hand.stakeOre, 0) + round.insuranceOre;
}

function blackjackStep(round: BlackjackRound, moves: TableMove[]): TableStep {
  const over = round.phase === 'over';
  return {
    state: { kind: 'blackjack', round, moves },
    over,
    stakeOre: over ? round.settlement!.totalStakeOre : blackjackStaked(round),
    returnOre: over ? round.settlement!.totalReturnOre : null,
  };
}

function videoPokerStep(
  title: TableTitle & { kind: 'video-poker' },
  deal: VideoPokerRound,
  result: VideoPokerResult | null,
  stakeOre: number,
): TableStep {
  return {
    state: { kind: 'video-poker', deal, result },
    over: result !== null,
    stakeOre,
    returnOre: result ? result.pay * stakeOre : null,
  };
}

/**
 * A new round of a table from the player's input, drawn from `rng`: a spin settled at once, or a
 * dealt hand waiting for the player (a blackjack may end at the deal). Bad input is refused with
 * the studio's code before anything is drawn.
 */
export function dealTable(title: TableTitle, input: TableDealInput, rng: Rng): TableStep {
  if (title.kind === 'roulette') {
    const parsed = parseBets(input.bets);
    if (!parsed.ok) rouletteRefusal(parsed.error);
    const problems = checkRouletteBets(title.table, parsed.value);
    if (problems.length > 0) rouletteRefusal(problems[0]!);
    const pocket = spinRoulette(rng);
    const settled = settleRoulette(title.table.variant, parsed.value, pocket);
    return {
      state: { kind: 'roulette', bets: parsed.value, pocket, draws: [pocket] },
      over: true,
      stakeOre: settled.totalStakeOre,
      returnOre: settled.totalReturnOre,
    };
  }
  const stakeOre = input.stakeOre;
  if (input.bets !== undefined || stakeOre === undefined || !title.stake.stepsOre.includes(stakeOre)) throw fail('GAME_STAKE_NOT_ALLOWED');
  if (title.kind === 'blackjack') return blackjackStep(dealBlackjackRound(rulesOf(title), stakeOre, rng), []);
  return videoPokerStep(title, dealRound(rng), null, stakeOre);
}

/**
 * The state after a move, validated against the rules: TABLE_ACTION_NOT_ALLOWED for a move the
 * rules or the moment do not allow, TABLE_HOLDS_INVALID for holds that are not five choices,
 * TABLE_ROUND_OVER for a round that is over. `stakeOre` is a video-poker round's stake.
 */
export function applyMove(title: TableTitle, state: TableState, move: TableMove, stakeOre: number): TableStep {
  if (title.kind !== state.kind) throw new Error('a state of another kind');
  try {
    if (state.kind === 'roulette') throw fail('TABLE_ROUND_OVER');
    if (state.kind === 'blackjack' && title.kind === 'blackjack') {
      const rules = rulesOf(title);
      const { round } = state;
      if (round.phase === 'over') throw fail('TABLE_ROUND_OVER');
      let next: BlackjackRound;
      if (move.action === 'insurance') next = insure(rules, round, move.take);
      else if (move.action === 'draw') throw fail('TABLE_ACTION_NOT_ALLOWED');
      else next = act(rules, round, move.action);
      return blackjackStep(next, [...state.moves, move]);
    }
    if (state.kind === 'video-poker' && title.kind === 'video-poker') {
      if (state.result) throw fail('TABLE_ROUND_OVER');
      if (move.action !== 'draw') throw fail('TABLE_ACTION_NOT_ALLOWED');
      return videoPokerStep(title, state.deal, draw(state.deal, move.holds, title.paytable), stakeOre);
    }
  } catch (error) {
    moveRefusal(error);
  }
  throw new Error('unreachable');
}

/**
 * A kept round played again from its draws alone (audit): the pocket and the bets; the shoe, the
 * stake and the moves; the deck and the holds. Equal to the stored state when the engine is unchanged.
 */
export function replayTable(title: TableTitle, state: TableState): TableState {
  if (state.kind === 'roulette') return { ...state, pocket: state.draws[0]! };
  if (state.kind === 'blackjack' && title.kind === 'blackjack') {
    const rules = rulesOf(title);
    const insurance = state.moves.find((move) => move.action === 'insurance');
    const actions = state.moves
      .filter((move) => move.action !== 'insurance' && move.action !== 'draw')
      .map((move) => move.action as BlackjackAction);
    let round = replayRound(
      rules,
      state.round.shoe,
      state.round.baseStakeOre,
      actions,
      insurance?.action === 'insurance' ? insurance.take : false,
    );
    if (state.round.phase === 'over' && round.phase !== 'over') round = autoFinish(rules, round);
    return { kind: 'blackjack', round, moves: state.moves };
  }
  if (state.kind === 'video-poker' && title.kind === 'video-poker') {
    const dealt = deal(state.deal.deck);
    return { kind: 'video-poker', deal: dealt, result: state.result ? draw(dealt, state.result.holds, title.paytable) : null };
  }
  throw new Error('a state of another kind');
}

/**
 * The table's rule for a hand its player left (TABLE_TIMEOUT_MINUTES): blackjack declines insurance,
 * stands on every open hand and lets the dealer play by the rules; video poker keeps the dealt hand
 * as it is (nothing new held or drawn: every card held).
 */
export function finishLeft(title: TableTitle, state: TableState, stakeOre: number): TableStep {
  if (state.kind === 'blackjack' && title.kind === 'blackjack') return blackjackStep(autoFinish(rulesOf(title), state.round), state.moves);
  if (state.kind === 'video-poker' && title.kind === 'video-poker' && !state.result)
    return videoPokerStep(title, state.deal, draw(state.deal, [true, true, true, true, true], title.paytable), stakeOre);
  throw new Error('nothing to finish');
}

const cardsTotal = (cards: readonly number[]) => {
  if (cards.length === 0) return { total: 0, soft: false };
  const t = handTotal(cards);
  return { total: t.total, soft: t.soft };
};

/** The hole card and the shoe never leave the studio before the round is over. */
function blackjackView(title: TableTitle & { kind: 'blackjack' }, round: BlackjackRound) {
  const over = round.phase === 'over';
  const shown = over ? round.dealer : round.dealer.slice(0, 1);
  const settlement = round.settlement;
  const actions: string[] = round.phase === 'insurance' ? ['insurance'] : legalActions(rulesOf(title), round);
  return {
    kind: 'blackjack' as const,
    phase: round.phase,
    dealer: {
      cards: [...shown],
      hidden: round.dealer.length - shown.length,
      ...cardsTotal(shown),
      blackjack: settlement?.dealerBlackjack ?? false,
    },
    hands: round.hands.map((hand, i) => ({
      cards: [...hand.cards],
      ...cardsTotal(hand.cards),
      stakeOre: hand.stakeOre,
      doubled: hand.doubled,
      fromSplit: hand.fromSplit,
      done: hand.done,
      outcome: settlement?.hands[i]?.outcome ?? null,
      returnOre: settlement?.hands[i]?.returnOre ?? null,
    })),
    active: round.active,
    insuranceOre: round.insuranceOre,
    insuranceReturnOre: settlement ? settlement.insuranceReturnOre : null,
    actions,
  };
}

/** What the player may see of a table round's state (the deck's undealt cards never). */
export function tableView(title: TableTitle, state: TableState, stakeOre: number, extra: { decideBy: Date | null; autoFinished: boolean }) {
  const timing = { decideBy: extra.decideBy?.toISOString() ?? null, autoFinished: extra.autoFinished };
  if (state.kind === 'roulette' && title.kind === 'roulette') {
    const settled = settleRoulette(title.table.variant, state.bets, state.pocket);
    return {
      kind: 'roulette' as const,
      variant: title.table.variant,
      pocket: state.pocket,
      colour: pocketColour(state.pocket),
      bets: settled.bets.map(({ bet, outcome, returnOre }) => ({ ...bet, outcome, returnOre })),
    };
  }
  if (state.kind === 'blackjack' && title.kind === 'blackjack') return { ...blackjackView(title, state.round), ...timing };
  if (state.kind === 'video-poker' && title.kind === 'video-poker') {
    const hand = state.result ? state.result.hand : state.deal.hand;
    const handClass = classifyHand(hand);
    const pay = title.paytable.pays[handClass]!;
    return {
      kind: 'video-poker' as const,
      phase: state.result ? ('over' as const) : ('hold' as const),
      dealt: [...state.deal.hand],
      holds: state.result ? [...state.result.holds] : null,
      hand: [...hand],
      handClass: HAND_CLASS_NAMES[handClass]!,
      pay,
      returnOre: state.result ? pay * stakeOre : null,
      ...timing,
    };
  }
  throw new Error('a state of another kind');
}
export type TableView = ReturnType<typeof tableView>;
