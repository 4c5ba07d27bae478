// Relative imports: the unit tests run under vitest, which has no '@/' alias.
import { formatKr } from '@krone/domain';
import type { Translate } from '../../lib/i18n';
import { formatNetKr } from '../../lib/slot-screen';
import type { JackpotWin } from '../../lib/studio-schemas';

/*
 * A jackpot hit in words (issue 26): the pools a round's stake won, paid by the casino with the
 * stake and never part of the game's win, so every line names the two apart. Pure, unit-tested;
 * any game kind's screen may use it (a table's round carries `jackpotWins` too).
 */

/** What the pools won pay together (0 when none). */
export const jackpotTotalOre = (wins: readonly JackpotWin[] | undefined): number =>
  (wins ?? []).reduce((sum, win) => sum + win.amountOre, 0);

const list = new Intl.ListFormat('da-DK', { style: 'long', type: 'conjunction' });

/** Names as Danish lists them: "Kronejackpotten", "Guldjackpotten Mini og Kronejackpotten". */
export const danishList = (names: readonly string[]): string => list.format(names);

/** The pools won, by name, as Danish lists them. */
export const poolNames = (wins: readonly JackpotWin[]): string => danishList(wins.map((win) => win.poolName));

/**
 * A title's jackpot as the catalogue gives it (`GameSummary.jackpot`, issue 26): the part of each
 * stake that feeds its pools (a fraction, 0.005 for 0.5 %) and the pools; null for a title that
 * feeds none. Optional until every catalogue answer carries it.
 */
export interface GameJackpot {
  contributionRate: number;
  pools: { id: string; name: string }[];
}

/** The catalogue's jackpot of a title (null: none, or a catalogue that does not say yet). */
export function jackpotOfGame(game: object | null | undefined): GameJackpot | null {
  const jackpot = (game as { jackpot?: GameJackpot | null } | null | undefined)?.jackpot;
  return jackpot && jackpot.pools.length > 0 ? jackpot : null;
}

/** A contribution rate the Danish way: 0.005 → "0,5 %", 0.0125 → "1,25 %" (up to three decimals, no float noise). */
export function formatContributionRate(rate: number): string {
  const percent = Number((rate * 100).toFixed(4));
  return `${percent.toLocaleString('da-DK', { maximumFractionDigits: 3 })} %`;
}

/**
 * The round's jackpot part in words, after the game's: each pool won with its amount, then the
 * round in all with the game's win and the jackpot's named apart and the net against the stake.
 * None when the stake won no pool.
 */
export function explainJackpotWins(
  round: { winOre: number; stakeOre: number; jackpotWins?: readonly JackpotWin[] },
  t: Translate,
): string[] {
  const wins = round.jackpotWins ?? [];
  if (wins.length === 0) return [];
  const jackpotOre = jackpotTotalOre(wins);
  return [
    ...wins.map((win) => t('slot_machines.jackpot_win_line', { pool: win.poolName, amount: formatKr(win.amountOre) })),
    t('slot_machines.round_with_jackpot', {
      total: formatKr(round.winOre + jackpotOre),
      game: formatKr(round.winOre),
      jackpot: formatKr(jackpotOre),
      net: formatNetKr(round.winOre + jackpotOre - round.stakeOre),
    }),
  ];
}

/** The game bar's line for a round that won a pool: the game's win and the jackpot's, apart ("Spil 4 kr. · Jackpot 1.234,56 kr."). */
export function lastRoundLine(round: { winOre: number; jackpotWinOre: number }, t: Translate): string {
  return t('slot_machines.last_round_parts', { game: formatKr(round.winOre), jackpot: formatKr(round.jackpotWinOre) });
}
