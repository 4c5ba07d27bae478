import { costUnits, type GameConfig, type RoundOutcome, type SpinOutcome } from '@krone/games-math';
import type { JackpotWin } from '../platform-client.js';

export interface ExplainedWin {
  kind: 'line' | 'ways' | 'scatter';
  line?: number;
  symbol: number;
  count: number;
  ways?: number;
  /** The cells that made the win, [reel, row] (for the game screen to light them up). */
  positions: (readonly [number, number])[];
  winOre: number;
}
export interface ExplainedSpin {
  window: number[][];
  wins: ExplainedWin[];
}
/** The pools the round's stake won, paid from the pools and not part of the game's win. */
export interface ExplainedJackpot {
  wins: JackpotWin[];
  winOre: number;
}
export interface ExplainedOutcome extends ExplainedSpin {
  freeSpins: { spins: number; winOre: number; rounds: ExplainedSpin[] } | null;
  jackpot: ExplainedJackpot | null;
}

/** The jackpot part of a round (null: its stake won no pool), named apart from the game's win. */
export function explainJackpot(wins: readonly JackpotWin[] | null | undefined): ExplainedJackpot | null {
  if (!wins || wins.length === 0) return null;
  return {
    wins: wins.map(({ poolId, poolName, amountOre }) => ({ poolId, poolName, amountOre })),
    winOre: wins.reduce((sum, win) => sum + win.amountOre, 0),
  };
}

/**
 * A round as the player sees it, in øre: the window of each spin (symbol index per reel column,
 * top to bottom), what paid and how much. A unit is stake ÷ costUnits øre (whole: the stake is on
 * the title's steps), so every figure is an exact integer (games-math's money rule). The game's
 * wins add up to the round's `winOre`; a jackpot the stake won is its own part (`jackpot`), never
 * in them.
 */
export function explainOutcome(
  config: GameConfig,
  stakeOre: number,
  outcome: RoundOutcome,
  jackpotWins: readonly JackpotWin[] | null = null,
): ExplainedOutcome {
  const orePerUnit = stakeOre / costUnits(config);
  const scatterSymbol = config.scatter?.symbol ?? -1;
  const spin = (s: SpinOutcome): ExplainedSpin => ({
    window: s.window,
    wins: [
      ...s.wins.map((w): ExplainedWin =>
        config.family === 'ways'
          ? { kind: 'ways', symbol: w.symbol, count: w.count, ways: w.ways, positions: w.positions, winOre: w.pay * orePerUnit }
          : { kind: 'line', line: w.line, symbol: w.symbol, count: w.count, positions: w.positions, winOre: w.pay * orePerUnit },
      ),
      ...(s.scatter
        ? [
            {
              kind: 'scatter' as const,
              symbol: scatterSymbol,
              count: s.scatter.count,
              positions: s.scatter.positions,
              winOre: s.scatter.pay * orePerUnit,
            },
          ]
        : []),
    ],
  });
  return {
    ...spin(outcome.base),
    freeSpins:
      outcome.freeSpins.length > 0
        ? {
            spins: outcome.freeSpins.length,
            winOre: outcome.freeSpins.reduce((sum, s) => sum + s.win, 0) * orePerUnit,
            rounds: outcome.freeSpins.map(spin),
          }
        : null,
    jackpot: explainJackpot(jackpotWins),
  };
}
