import { formatKr } from '@krone/domain';
import type { Translate } from '../../../lib/i18n';
import type { RouletteView, TableRules } from '../../../lib/studio-schemas';
import { joinWords } from '../cards';
import { roundTotal } from '../table-words';
import { pocketColour, selectionKey, spotByKey, type RouletteSelection } from './roulette-layout';

/**
 * The chips on the layout, pure: placing a chip (checked against the table's limits before it is
 * placed), undo, clear, repeat and double, the bets a spin sends (one per spot, its chips summed),
 * the problems that keep the spin button from sending them, and a spin told in words. The studio
 * checks every limit again; these checks only spare the player a refusal.
 */

/** One chip placed on a spot, in the order placed (undo takes the last action back). */
export interface Placement {
  key: string;
  stakeOre: number;
}

export type RouletteTable = NonNullable<TableRules['roulette']>;
export interface RouletteLimits {
  /** The chips (stake.stepsOre); the smallest is the stake step. */
  chipsOre: readonly number[];
  perKind: Readonly<Record<string, { minOre: number; maxOre: number }>>;
  maxTotalOre: number;
  maxBets: number;
}

export function limitsOf(rules: Pick<TableRules, 'stake' | 'roulette'>): RouletteLimits {
  const table = rules.roulette;
  return {
    chipsOre: [...rules.stake.stepsOre].sort((a, b) => a - b),
    perKind: Object.fromEntries((table?.kinds ?? []).map((kind) => [kind.kind, { minOre: kind.minOre, maxOre: kind.maxOre }])),
    maxTotalOre: Math.min(table?.maxTotalStakeOre ?? rules.stake.maxOre, rules.stake.maxOre),
    maxBets: table?.maxBets ?? 100,
  };
}

/** The stake on each spot (chips summed), in the order each spot was first played. */
export function spotTotals(placements: readonly Placement[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const { key, stakeOre } of placements) totals.set(key, (totals.get(key) ?? 0) + stakeOre);
  return totals;
}

export const totalOf = (placements: readonly Placement[]) => placements.reduce((sum, placement) => sum + placement.stakeOre, 0);

/** Why a chip, a repeat or a double cannot be placed (a Danish message's key and its numbers). */
export type Problem = { key: string; vars: Record<string, string | number> };

const kindOfKey = (key: string) => spotByKey(key)?.selection.kind ?? key.split(':')[0]!;

/** What is wrong with the chips after a change: a spot above its kind's maximum, the spin's total, too many spots. */
function overLimits(placements: readonly Placement[], limits: RouletteLimits): Problem | null {
  const totals = spotTotals(placements);
  for (const [key, stakeOre] of totals) {
    const limit = limits.perKind[kindOfKey(key)];
    if (limit && stakeOre > limit.maxOre) return { key: 'games.table_roulette_spot_max', vars: { max: formatKr(limit.maxOre) } };
  }
  if (totalOf(placements) > limits.maxTotalOre)
    return { key: 'games.table_roulette_total_max', vars: { max: formatKr(limits.maxTotalOre) } };
  if (totals.size > limits.maxBets) return { key: 'games.table_roulette_bets_max', vars: { max: limits.maxBets } };
  return null;
}

/** A chip on a spot, unless it would take the spot, the spin or the number of spots past the table's limits. */
export function placeChip(
  placements: readonly Placement[],
  key: string,
  chipOre: number,
  limits: RouletteLimits,
): { ok: true; placements: Placement[] } | { ok: false; problem: Problem } {
  if (!spotByKey(key) || !limits.chipsOre.includes(chipOre))
    return { ok: false, problem: { key: 'games.error_table_bet_invalid', vars: {} } };
  const next = [...placements, { key, stakeOre: chipOre }];
  const problem = overLimits(next, limits);
  return problem ? { ok: false, problem } : { ok: true, placements: next };
}

/** The last spin's chips again (repeat), when the table's limits take them; none to repeat: nothing. */
export function repeatBets(
  current: readonly Placement[],
  last: readonly Placement[],
  limits: RouletteLimits,
): { ok: true; placements: Placement[] } | { ok: false; problem: Problem } {
  const next = [...current, ...last];
  const problem = overLimits(next, limits);
  return problem ? { ok: false, problem } : { ok: true, placements: next };
}

/** Every chip on the layout doubled (the same chips placed again), when the table's limits take it. */
export function doubleBets(
  current: readonly Placement[],
  limits: RouletteLimits,
): { ok: true; placements: Placement[] } | { ok: false; problem: Problem } {
  return repeatBets(current, current, limits);
}

/** The bets a spin sends: one per spot, its chips summed, as the studio takes them. */
export function betsOf(placements: readonly Placement[]) {
  return [...spotTotals(placements)].map(([key, stakeOre]) => {
    const selection = spotByKey(key)!.selection;
    return 'numbers' in selection
      ? { kind: selection.kind, numbers: [...selection.numbers], stakeOre }
      : { kind: selection.kind, selector: selection.selector, stakeOre };
  });
}

/** What keeps the chips on the layout from being sent: none placed, a spot below its kind's minimum, or over a limit. */
export function spinProblems(placements: readonly Placement[], limits: RouletteLimits, t: Translate): string[] {
  if (placements.length === 0) return [t('games.table_roulette_no_bets')];
  const problems: string[] = [];
  const smallest = limits.chipsOre[0] ?? 1;
  for (const [key, stakeOre] of spotTotals(placements)) {
    const limit = limits.perKind[kindOfKey(key)];
    const spot = spotByKey(key)!;
    if (stakeOre % smallest !== 0) problems.push(t('games.error_table_bet_invalid'));
    else if (limit && stakeOre < limit.minOre)
      problems.push(t('games.table_roulette_spot_min', { bet: betLabel(spot.selection, t), min: formatKr(limit.minOre) }));
  }
  const over = overLimits(placements, limits);
  if (over) problems.push(t(over.key, over.vars));
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Words

const KIND_KEYS: Record<string, string> = {
  straight: 'games.table_bet_straight',
  split: 'games.table_bet_split',
  street: 'games.table_bet_street',
  corner: 'games.table_bet_corner',
  'six-line': 'games.table_bet_six_line',
};
const SELECTOR_KEYS: Record<string, string> = {
  red: 'games.table_bet_red',
  black: 'games.table_bet_black',
  odd: 'games.table_bet_odd',
  even: 'games.table_bet_even',
  low: 'games.table_bet_low',
  high: 'games.table_bet_high',
};
const COLOUR_KEYS = { red: 'games.table_colour_red', black: 'games.table_colour_black', green: 'games.table_colour_green' } as const;

/** A pocket as the table calls it: "17 rød", "0 grøn". */
export const pocketName = (pocket: number, t: Translate) => `${pocket} ${t(COLOUR_KEYS[pocketColour(pocket)])}`;

/** A bet's name: "Enkelt tal 17", "Split 17 og 20", "Hjørne 1, 2, 4 og 5", "2. dusin (13–24)", "Rød". */
export function betLabel(selection: RouletteSelection, t: Translate): string {
  if ('numbers' in selection) {
    const numbers = [...selection.numbers].sort((a, b) => a - b).map(String);
    const shown = selection.kind === 'six-line' ? `${numbers[0]}–${numbers.at(-1)}` : joinWords(numbers, t);
    return t(KIND_KEYS[selection.kind]!, { numbers: shown });
  }
  if (selection.kind === 'column') return t('games.table_bet_column', { n: selection.selector });
  if (selection.kind === 'dozen')
    return t('games.table_bet_dozen', { n: selection.selector, from: 12 * (selection.selector - 1) + 1, to: 12 * selection.selector });
  return t(SELECTOR_KEYS[selection.selector]!);
}

/** A bet of the studio's round view as the layout's selection. */
export function selectionOfBet(bet: RouletteView['bets'][number]): RouletteSelection {
  if (bet.numbers) return { kind: bet.kind as RouletteSelection['kind'], numbers: [...bet.numbers] } as RouletteSelection;
  return { kind: bet.kind, selector: bet.selector } as RouletteSelection;
}

export const betKeyOf = (bet: RouletteView['bets'][number]) => selectionKey(selectionOfBet(bet));

/**
 * A spin in words: where the ball landed, each bet that paid (its stake and what came back, La
 * Partage's half said as such), and the spin's return against its stake with the net.
 */
export function explainSpin(view: RouletteView, stakeOre: number, winOre: number, t: Translate): string[] {
  const lines = [t('games.table_roulette_landed', { pocket: pocketName(view.pocket, t) })];
  for (const bet of view.bets) {
    const vars = { bet: betLabel(selectionOfBet(bet), t), stake: formatKr(bet.stakeOre), amount: formatKr(bet.returnOre) };
    if (bet.outcome === 'win') lines.push(t('games.table_roulette_bet_won', vars));
    else if (bet.outcome === 'la-partage') lines.push(t('games.table_roulette_bet_la_partage', vars));
  }
  lines.push(roundTotal(stakeOre, winOre, t));
  return lines;
}

/**
 * A stake as a chip shows it: short, on the chip ("5", "12,5", "1,2k" for 1.250 kr.), or long,
 * as the words say it ("12,50 kr.").
 */
export function chipText(stakeOre: number, length: 'short' | 'long'): string {
  if (length === 'long') return formatKr(stakeOre);
  const kroner = stakeOre / 100;
  if (kroner >= 1000) return `${(Math.floor(kroner / 100) / 10).toLocaleString('da-DK')}k`;
  return kroner.toLocaleString('da-DK', { maximumFractionDigits: 2 });
}
