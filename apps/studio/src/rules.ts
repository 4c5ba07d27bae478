import type { StudioTitle } from './titles.js';

/** A title's rules and paytable for the game screen's rules panel: the maths as a player reads it. */
export function gameRules(title: StudioTitle) {
  const { maths } = title;
  const kindOf = (index: number) => (index === maths.wild?.symbol ? 'wild' : index === maths.scatter?.symbol ? 'scatter' : 'normal');
  return {
    gameId: title.id,
    name: title.name,
    family: maths.family,
    rows: maths.rows,
    reels: maths.reels.length,
    lines: maths.family === 'ways' ? null : maths.lines,
    waysCount: maths.family === 'ways' ? maths.rows ** maths.reels.length : null,
    symbols: maths.symbols.map((symbol, index) => ({ name: symbol.name, pays: symbol.pays ?? [], kind: kindOf(index) })),
    /** The symbols the wild does not stand in for besides the scatter (indices into `symbols`; [] when none). */
    wildExcludes: maths.wild?.excludes ?? [],
    /** × the total stake for 1, 2, 3 … scatters anywhere. */
    scatterPays: maths.scatter?.pays ?? null,
    freeSpins: maths.freeSpins
      ? {
          awards: maths.freeSpins.awards,
          retriggers: maths.freeSpins.retriggers ?? [],
          multiplier: maths.freeSpins.multiplier,
          maxSpins: maths.freeSpins.maxSpins,
        }
      : null,
    rtp: title.exact.rtp,
    hitFrequency: title.exact.hitFrequency,
    largestWin: title.exact.largestWin,
    volatility: title.volatility,
    stake: title.stake,
  };
}
