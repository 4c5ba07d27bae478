import { formatKr } from '@krone/domain';
import type { Translate } from '../../../lib/i18n';
import type { BlackjackView, TableRound, TableRules } from '../../../lib/studio-schemas';
import { capitalise, cardList, cardName, joinWords } from '../cards';
import { decideByTime, roundTotal } from '../table-words';
import type { ActionBody } from '../use-table-session';

/**
 * Blackjack as the screen shows it, pure: the buttons for exactly the moves the studio's answer
 * allows (with their keys), a hand's total as players read it, and the hand in words, while it is
 * played and once it is over.
 */

export type Move = 'hit' | 'stand' | 'double' | 'split' | 'surrender' | 'insurance-yes' | 'insurance-no';

/** A button: its move, what it sends, its Danish label's key and its key on the keyboard. */
export interface MoveButton {
  move: Move;
  body: ActionBody;
  labelKey: string;
  key: string;
}

const BUTTONS: readonly MoveButton[] = [
  { move: 'hit', body: { action: 'hit' }, labelKey: 'games.table_bj_hit', key: 'T' },
  { move: 'stand', body: { action: 'stand' }, labelKey: 'games.table_bj_stand', key: 'S' },
  { move: 'double', body: { action: 'double' }, labelKey: 'games.table_bj_double', key: 'D' },
  { move: 'split', body: { action: 'split' }, labelKey: 'games.table_bj_split', key: 'P' },
  { move: 'surrender', body: { action: 'surrender' }, labelKey: 'games.table_bj_surrender', key: 'G' },
  { move: 'insurance-yes', body: { action: 'insurance', take: true }, labelKey: 'games.table_bj_insurance_yes', key: 'F' },
  { move: 'insurance-no', body: { action: 'insurance', take: false }, labelKey: 'games.table_bj_insurance_no', key: 'N' },
];

/** The buttons of the moves the round allows now, in the table's order; insurance as its two answers. */
export function moveButtons(view: Pick<BlackjackView, 'actions' | 'phase'>): MoveButton[] {
  if (view.phase === 'over') return [];
  return BUTTONS.filter(({ move }) =>
    move === 'insurance-yes' || move === 'insurance-no' ? view.actions.includes('insurance') : view.actions.includes(move),
  );
}

/** The move a key asks for (T, S, D, P, G, F, N, either case), when the round allows it. */
export function moveOfKey(key: string, view: Pick<BlackjackView, 'actions' | 'phase'>): MoveButton | null {
  return moveButtons(view).find((button) => button.key === key.toUpperCase()) ?? null;
}

/** A total as players read it: a soft total both ways ("7/17") while it can still be either, else the total ("17"). */
export function totalLabel(total: number, soft: boolean): string {
  return soft && total < 21 ? `${total - 10}/${total}` : String(total);
}

type Hand = BlackjackView['hands'][number];

const handName = (view: BlackjackView, index: number, t: Translate) =>
  view.hands.length > 1 ? t('games.table_bj_hand_numbered', { n: index + 1 }) : t('games.table_bj_hand_single');

/** What the dealer shows now: the up card while the player plays, the whole hand once over. */
function dealerLine(view: BlackjackView, t: Translate): string {
  const { dealer } = view;
  if (view.phase !== 'over') {
    const up = dealer.cards[0];
    return up === undefined
      ? ''
      : t('games.table_bj_dealer_shows', { card: cardName(up, t), total: totalLabel(dealer.total, dealer.soft) });
  }
  const vars = { cards: cardList(dealer.cards, t), total: dealer.total };
  if (dealer.blackjack) return t('games.table_bj_dealer_blackjack', vars);
  if (dealer.total > 21) return t('games.table_bj_dealer_bust', vars);
  return t('games.table_bj_dealer_has', vars);
}

function outcomeLine(view: BlackjackView, hand: Hand, index: number, t: Translate): string {
  const vars = {
    hand: handName(view, index, t),
    cards: cardList(hand.cards, t),
    total: hand.total,
    dealer: view.dealer.total,
    amount: formatKr(hand.returnOre ?? 0),
  };
  switch (hand.outcome) {
    case 'blackjack':
      return t('games.table_bj_outcome_blackjack', vars);
    case 'win':
      return view.dealer.total > 21 ? t('games.table_bj_outcome_win_dealer_bust', vars) : t('games.table_bj_outcome_win', vars);
    case 'push':
      return t('games.table_bj_outcome_push', vars);
    case 'bust':
      return t('games.table_bj_outcome_bust', vars);
    case 'surrender':
      return t('games.table_bj_outcome_surrender', vars);
    default:
      return t('games.table_bj_outcome_lose', vars);
  }
}

/**
 * The round in words. While it is played: the dealer's up card, each hand with its cards and total
 * (the one in play said so), the moves allowed, and by when to decide. Once over: the dealer's
 * hand, each hand's result and what it paid, the insurance, the round's return against its stake,
 * and that the studio finished it when the player had left it.
 */
export function explainBlackjack(round: TableRound, t: Translate, timeoutMinutes: number): string[] {
  const view = round.table;
  if (view.kind !== 'blackjack') return [];
  const lines: string[] = [];
  if (view.autoFinished) lines.push(t('games.table_bj_auto_finished', { minutes: timeoutMinutes }));
  const dealer = dealerLine(view, t);
  if (view.phase !== 'over') {
    if (dealer) lines.push(dealer);
    view.hands.forEach((hand, index) => {
      const vars = { hand: handName(view, index, t), cards: cardList(hand.cards, t), total: totalLabel(hand.total, hand.soft) };
      lines.push(
        t(index === view.active && view.hands.length > 1 ? 'games.table_bj_hand_state_active' : 'games.table_bj_hand_state', vars),
      );
    });
    if (view.phase === 'insurance') lines.push(t('games.table_bj_insurance_offer', { amount: formatKr(view.hands[0]!.stakeOre / 2) }));
    else {
      const moves = moveButtons(view).map((button) => t(button.labelKey).toLocaleLowerCase('da-DK'));
      if (moves.length > 0) lines.push(t('games.table_bj_your_turn', { moves: joinWords(moves, t) }));
    }
    const time = decideByTime(view.decideBy);
    if (time) lines.push(t('games.table_decide_by', { time }));
    return lines;
  }
  lines.push(capitalise(dealer));
  view.hands.forEach((hand, index) => lines.push(outcomeLine(view, hand, index, t)));
  if (view.insuranceOre > 0) {
    const vars = { stake: formatKr(view.insuranceOre), amount: formatKr(view.insuranceReturnOre ?? 0) };
    lines.push(t((view.insuranceReturnOre ?? 0) > 0 ? 'games.table_bj_insurance_won' : 'games.table_bj_insurance_lost', vars));
  }
  lines.push(roundTotal(round.stakeOre, round.winOre ?? 0, t));
  return lines;
}

/** A hand's result in a word or two, on the hand itself ("Blackjack", "Vundet", "Uafgjort", "Tabt", "Over 21", "Givet op"). */
export const OUTCOME_KEYS: Record<NonNullable<Hand['outcome']>, string> = {
  blackjack: 'games.table_bj_badge_blackjack',
  win: 'games.table_bj_badge_win',
  push: 'games.table_bj_badge_push',
  lose: 'games.table_bj_badge_lose',
  bust: 'games.table_bj_badge_bust',
  surrender: 'games.table_bj_badge_surrender',
};

/** A blackjack's pay as a ratio: "3:2", "6:5". */
export const blackjackPays = (pays: { numerator: number; denominator: number }) => `${pays.numerator}:${pays.denominator}`;

/** What the felt says, as a real table's print: the blackjack's pay and the dealer's rule on soft 17. */
export function feltRule(rules: Pick<TableRules, 'blackjack'>, t: Translate): string {
  const set = rules.blackjack;
  if (!set) return '';
  return t('games.table_bj_felt_rule', {
    pays: blackjackPays(set.blackjackPays),
    dealer: t(set.dealerHitsSoft17 ? 'games.table_bj_felt_h17' : 'games.table_bj_felt_s17'),
  });
}
