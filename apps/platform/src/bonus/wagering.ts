import type { GameType } from '../games/service.js';

/**
 * How much of a stake counts toward an open bonus's wagering, per game type, in percent (shown in
 * the offer's terms and the bonus terms: content seed, checked by test/offers.test.ts). Slots count
 * in full. Table and live games (blackjack, roulette, baccarat) return 98–99.5 % of stakes where a
 * slot returns about 96 %, and allow near-riskless even-money bets, so at full weight a bonus could
 * be wagered through for a fraction of what it costs on slots: at 10 % the expected loss of meeting
 * the requirement on a table is about that of meeting it on a slot. 10 % is the weight Danish
 * operators commonly use for both.
 */
export const WAGERING_CONTRIBUTION_PERCENT: Readonly<Record<GameType, number>> = { slot: 100, table: 10, live: 10 };

/** A player's stakes in a period, per game (the ledger's `stakedByGameBetween`). */
export type StakesByGame = { gameId: string | null; stakedOre: number }[];

/**
 * The wagering the stakes count for: each game's stakes times its type's weight, summed in
 * hundredths of an øre and rounded down once, so nothing is lost per game and nothing is counted
 * that was not staked. A stake that names no game, or one the catalogue does not know, counts
 * nothing: only play on a title of the catalogue, whose type is known, can meet a requirement.
 */
export function weightedWageringOre(stakes: StakesByGame, gameTypes: ReadonlyMap<string, GameType>): number {
  let hundredths = 0;
  for (const { gameId, stakedOre } of stakes) {
    const type = gameId === null ? undefined : gameTypes.get(gameId);
    if (type) hundredths += stakedOre * WAGERING_CONTRIBUTION_PERCENT[type];
  }
  return Math.floor(hundredths / 100);
}
