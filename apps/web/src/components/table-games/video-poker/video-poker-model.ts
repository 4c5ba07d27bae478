import { formatKr } from '@krone/domain';
import type { Translate } from '../../../lib/i18n';
import type { TableRound, TableRules } from '../../../lib/studio-schemas';
import { cardList } from '../cards';
import { decideByTime, roundTotal } from '../table-words';

/**
 * Video poker as the screen shows it, pure: the paytable's rows (Jacks or Better's three kinds of
 * four of a kind, which pay alike, as one row), the row of the hand in view, the holds and their
 * number keys, and the deal and the draw in words.
 */

const CLASS_KEYS: Record<string, string> = {
  RoyalFlush: 'games.table_vp_royal_flush',
  StraightFlush: 'games.table_vp_straight_flush',
  FourAces: 'games.table_vp_four_aces',
  FourTwosToFours: 'games.table_vp_four_twos_to_fours',
  FourFivesToKings: 'games.table_vp_four_fives_to_kings',
  FullHouse: 'games.table_vp_full_house',
  Flush: 'games.table_vp_flush',
  Straight: 'games.table_vp_straight',
  ThreeOfAKind: 'games.table_vp_three_of_a_kind',
  TwoPair: 'games.table_vp_two_pair',
  JacksOrBetter: 'games.table_vp_jacks_or_better',
  LowPair: 'games.table_vp_low_pair',
  Nothing: 'games.table_vp_nothing',
};
const FOURS = ['FourAces', 'FourTwosToFours', 'FourFivesToKings'];
const FOUR_OF_A_KIND = 'games.table_vp_four_of_a_kind';

/** A row of the paytable: the hand classes it stands for, its name's key and its pay × the stake (stake included). */
export interface PaytableRow {
  classes: string[];
  labelKey: string;
  pay: number;
}

/** The paytable's rows, best first as the studio lists them; kinds of four of a kind that all pay alike are one row. */
export function paytableRows(pays: NonNullable<TableRules['videoPoker']>['pays']): PaytableRow[] {
  const fours = pays.filter((row) => FOURS.includes(row.handClass));
  const merged = fours.length > 1 && fours.every((row) => row.pay === fours[0]!.pay);
  const rows: PaytableRow[] = [];
  for (const row of pays) {
    if (merged && FOURS.includes(row.handClass)) {
      if (!rows.some((shown) => shown.labelKey === FOUR_OF_A_KIND))
        rows.push({ classes: fours.map((four) => four.handClass), labelKey: FOUR_OF_A_KIND, pay: row.pay });
      continue;
    }
    rows.push({ classes: [row.handClass], labelKey: CLASS_KEYS[row.handClass] ?? 'games.table_vp_nothing', pay: row.pay });
  }
  return rows;
}

/** The row of a hand class (the hand in view: the dealt hand while holding, the final one after), or −1 when it pays nothing. */
export const highlightedRow = (rows: readonly PaytableRow[], handClass: string | null) =>
  handClass ? rows.findIndex((row) => row.classes.includes(handClass)) : -1;

/** A hand class's Danish name ("To par", "Fire esser"; one of Jacks or Better's fours: "Fire ens"). */
export function handClassName(handClass: string, rows: readonly PaytableRow[], t: Translate): string {
  const row = rows.find((candidate) => candidate.classes.includes(handClass));
  return t(row?.labelKey ?? CLASS_KEYS[handClass] ?? 'games.table_vp_nothing');
}

/** The card a number key holds: 1–5 → 0–4, anything else null. */
export function holdIndexOfKey(key: string): number | null {
  return /^[1-5]$/.test(key) ? Number(key) - 1 : null;
}

/** The holds with one card's turned over. */
export const toggleHold = (holds: readonly boolean[], index: number) => holds.map((held, i) => (i === index ? !held : held));

export const NO_HOLDS: readonly boolean[] = Object.freeze([false, false, false, false, false]);

/**
 * The round in words. While holding: the five cards dealt and what the hand already pays (or that
 * it pays nothing yet), and by when to decide. Once over: what was held, the final hand, what it
 * pays, the round's return against its stake, and that the studio finished it when it was left.
 */
export function explainVideoPoker(round: TableRound, rows: readonly PaytableRow[], t: Translate, timeoutMinutes: number): string[] {
  const view = round.table;
  if (view.kind !== 'video-poker') return [];
  const hand = handClassName(view.handClass, rows, t);
  const pays = view.pay > 0;
  if (view.phase === 'hold') {
    const lines = [t('games.table_vp_dealt', { cards: cardList(view.dealt, t) })];
    lines.push(pays ? t('games.table_vp_pays_already', { hand, pay: view.pay }) : t('games.table_vp_no_pay_yet'));
    const time = decideByTime(view.decideBy);
    if (time) lines.push(t('games.table_decide_by', { time }));
    return lines;
  }
  const lines: string[] = [];
  if (view.autoFinished) lines.push(t('games.table_vp_auto_finished', { minutes: timeoutMinutes }));
  else if (view.holds) {
    const held = view.dealt.filter((_, index) => view.holds![index]);
    lines.push(held.length > 0 ? t('games.table_vp_held', { cards: cardList(held, t) }) : t('games.table_vp_held_none'));
  }
  lines.push(t('games.table_vp_final', { cards: cardList(view.hand, t) }));
  lines.push(
    pays
      ? t('games.table_vp_final_pays', { hand, pay: view.pay, amount: formatKr(view.returnOre ?? view.pay * round.stakeOre) })
      : t('games.table_vp_final_no_pay', { hand }),
  );
  lines.push(roundTotal(round.stakeOre, round.winOre ?? 0, t));
  return lines;
}
