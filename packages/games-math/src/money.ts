import { costUnits, type GameConfig } from './config.js';

/**
 * The money rule. A round costs costUnits(config) units and every win is an integer number of units,
 * so a stake is allowed only when it is a whole number of øre per unit: stakeOre % costUnits === 0.
 * Then a win of w units is exactly w × (stakeOre ÷ costUnits) øre, an integer; nothing is rounded.
 * (A 20-line title takes stakes in steps of 20 øre, a ways title with costUnits 25 in steps of 25 øre.)
 */
export function isStakeAllowed(config: GameConfig, stakeOre: number): boolean {
  return Number.isSafeInteger(stakeOre) && stakeOre > 0 && stakeOre % costUnits(config) === 0;
}

/** A round's win in øre for a win of `winUnits` at `stakeOre` (which must be allowed). */
export function winOre(config: GameConfig, stakeOre: number, winUnits: number): number {
  if (!isStakeAllowed(config, stakeOre)) throw new RangeError(`stake ${stakeOre} øre is not a multiple of ${costUnits(config)} øre`);
  const ore = winUnits * (stakeOre / costUnits(config));
  if (!Number.isSafeInteger(ore)) throw new RangeError('win beyond exact integer øre');
  return ore;
}
