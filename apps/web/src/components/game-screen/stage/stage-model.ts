// Relative imports: the unit tests run under vitest, which has no '@/' alias.
import { formatKr } from '@krone/domain';
import type { Translate } from '../../../lib/i18n';
import { explainWin, winningCells, winVerdict, type WinVerdictKind } from '../../../lib/slot-screen';
import type { GameRules, JackpotWin, SpinOutcome, StudioRound } from '../../../lib/studio-schemas';
import { jackpotTotalOre, poolNames } from '../jackpot-words';

/*
 * What the canvas plays out, built from the studio's answer alone: the renderer never computes a
 * win, it only draws the windows, cells, lines and amounts it is handed here. Pure, unit-tested.
 */

/** One win as the stage draws it: its cells, its line's path (a line win), its label with the amount. */
export interface StageWin {
  cells: [reel: number, row: number][];
  /** A line win: the row of the line on every reel, for the path drawn across the window. */
  path: number[] | null;
  label: string;
  winOre: number;
  kind: 'line' | 'ways' | 'scatter';
}

export interface StageSpin {
  window: number[][];
  wins: StageWin[];
  winOre: number;
}

/** A round as the stage plays it: the base spin, then the free spins (if any), and the whole round's figures. */
export interface StageRound {
  roundId: string;
  base: StageSpin;
  /** The cells of the scatters that triggered free spins, marked before the free spins play. */
  triggerCells: [number, number][];
  freeSpins: { spins: StageSpin[]; winOre: number; multiplier: number } | null;
  stakeOre: number;
  winOre: number;
  /** A free round (issue 27): its stake was not the player's, so its win is not weighed against it. */
  freeRound: boolean;
  kind: WinVerdictKind;
  /** The pools the round's stake won, played out after the game's wins; null when none. */
  jackpot: StageJackpot | null;
}

/**
 * A jackpot hit as the stage's overlay shows it, every word and amount from the round's answer:
 * the title, which pools were won, the amount (all pools together) counted up to, each pool with
 * its amount when more than one was won, the balance that includes it (when known), and the band's
 * words once it is over (the game's win and the jackpot's, apart).
 */
export interface StageJackpot {
  title: string;
  /** "Du har vundet Kronejackpotten". */
  won: string;
  totalOre: number;
  /** Each pool with its amount ("Guldjackpotten Mini: 250,50 kr."), when more than one was won; else empty. */
  pools: string[];
  /** "Din saldo er nu 123.456,78 kr.", or null when the balance is not known here. */
  balance: string | null;
  /** The band's words after the overlay: the game's win and the jackpot's, each named. */
  band: string;
}

/**
 * The stage's jackpot from the pools a round's stake won (null when none), with the balance the
 * answer gave (it includes them) and the game's win of the round, named apart in the band.
 */
export function stageJackpotOf(
  wins: readonly JackpotWin[] | undefined,
  figures: { winOre: number; balanceOre: number | null },
  t: Translate,
): StageJackpot | null {
  if (!wins || wins.length === 0) return null;
  const totalOre = jackpotTotalOre(wins);
  const jackpot = t('slot_machines.stage_jackpot_band', { amount: formatKr(totalOre) });
  return {
    title: t('slot_machines.stage_jackpot_title'),
    won: t('slot_machines.stage_jackpot_won', { pools: poolNames(wins) }),
    totalOre,
    pools:
      wins.length > 1
        ? wins.map((win) => t('slot_machines.stage_jackpot_pool', { pool: win.poolName, amount: formatKr(win.amountOre) }))
        : [],
    balance: figures.balanceOre === null ? null : t('slot_machines.stage_jackpot_balance', { amount: formatKr(figures.balanceOre) }),
    band:
      figures.winOre > 0
        ? t('slot_machines.stage_jackpot_band_with_game', { game: formatKr(figures.winOre), jackpot: formatKr(totalOre) })
        : jackpot,
  };
}

type Rules = Pick<GameRules, 'symbols' | 'lines' | 'freeSpins'>;

function stageWins(outcome: Pick<SpinOutcome, 'window' | 'wins'>, rules: Rules, t: Translate): StageWin[] {
  return [...outcome.wins]
    .sort((a, b) => b.winOre - a.winOre)
    .map((win) => {
      const cells = [...winningCells({ window: outcome.window, wins: [win] }, rules)].map(
        (key) => key.split(':').map(Number) as [number, number],
      );
      const label = explainWin(win, rules, t);
      const path = win.kind === 'line' && win.line != null ? (rules.lines?.[win.line] ?? null) : null;
      return { cells, path, label, winOre: win.winOre, kind: win.kind };
    });
}

const spinOf = (outcome: Pick<SpinOutcome, 'window' | 'wins'> & { winOre?: number }, rules: Rules, t: Translate): StageSpin => {
  const wins = stageWins(outcome, rules, t);
  return { window: outcome.window, wins, winOre: outcome.winOre ?? wins.reduce((sum, win) => sum + win.winOre, 0) };
};

/**
 * The stage's round from a settled round of the studio; `balanceOre` is the balance its answer gave
 * (it includes any jackpot), shown with a jackpot hit.
 */
export function stageRoundOf(
  round: Pick<StudioRound, 'roundId' | 'stakeOre' | 'winOre' | 'outcome'> & {
    jackpotWins?: readonly JackpotWin[];
    freeRound?: StudioRound['freeRound'];
  },
  rules: Rules,
  t: Translate,
  balanceOre: number | null = null,
): StageRound {
  const base = spinOf(round.outcome, rules, t);
  const free = round.outcome.freeSpins;
  const scatter = rules.symbols.findIndex((symbol) => symbol.kind === 'scatter');
  const triggerCells: [number, number][] =
    free && free.rounds.length > 0 && scatter >= 0
      ? round.outcome.window.flatMap((column, reel) =>
          column.flatMap((symbol, row) => (symbol === scatter ? [[reel, row] as [number, number]] : [])),
        )
      : [];
  return {
    roundId: round.roundId,
    base,
    triggerCells,
    freeSpins:
      free && free.rounds.length > 0
        ? { spins: free.rounds.map((spin) => spinOf(spin, rules, t)), winOre: free.winOre, multiplier: rules.freeSpins?.multiplier ?? 1 }
        : null,
    stakeOre: round.stakeOre,
    winOre: round.winOre,
    freeRound: Boolean(round.freeRound),
    kind: winVerdict(round).kind,
    jackpot: stageJackpotOf(round.jackpotWins, { winOre: round.winOre, balanceOre }, t),
  };
}

/**
 * The symbols a spinning reel shows before it lands: a fixed walk through the title's symbols
 * (never the drawn outcome, never a random source: decoration only), so a reel in motion looks
 * like the title's own strip.
 */
export function fillerSymbol(symbols: readonly { name: string }[], reel: number, step: number): number {
  const shown = symbols.flatMap((symbol, index) => (symbol.name.toLowerCase() === 'blank' ? [] : [index]));
  if (shown.length <= 1) return shown[0] ?? 0;
  const pick = (at: number, from: number[]) => from[mix(reel, at) % from.length]!;
  // Even steps pick freely; an odd step picks a symbol neither even neighbour shows, so neighbours
  // differ (a hash alone gave runs of six or seven of one symbol on titles with few symbols).
  if ((step & 1) === 0) return pick(step, shown);
  const before = pick(step - 1, shown);
  const after = pick(step + 1, shown);
  const others = shown.filter((index) => index !== before && index !== after);
  return pick(step, others.length > 0 ? others : shown.filter((index) => index !== before));
}

/** A small integer hash of (reel, step), so the same reel never repeats a short cycle. */
function mix(reel: number, step: number): number {
  let h = (Math.imul(reel + 1, 0x9e3779b1) ^ Math.imul(step, 0x85ebca6b)) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}
