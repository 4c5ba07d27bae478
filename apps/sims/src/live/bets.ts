import {
  checkRouletteBets,
  MONEY_WHEEL_NUMBERS,
  moneyWheelReturnOre,
  moneyWheelSpinOf,
  parseBets,
  ROULETTE_BET_KINDS,
  settleRoulette,
  type MoneyWheelNumber,
  type RouletteBet,
  type RouletteTableLimits,
} from '@krone/games-math';
import type { LiveResult, LiveTableSpec } from './rounds.js';

/* The bets a live table takes, read from the game client within the table's limits, and what each returns on a round's result. */

/** One bet as taken: a roulette bet of games-math, or a number of the money wheel with its stake. */
export type PlacedBet =
  | { kind: 'roulette'; bet: RouletteBet }
  | { kind: 'money-wheel'; number: MoneyWheelNumber; stakeOre: number }
  /** A blackjack hand's stake: the main bet, or the more a double or a split takes. */
  | { kind: 'blackjack'; stakeOre: number };

/** Parses a bets body for a table kind, within the table's limits; an error code when refused. */
export const readBets = (
  spec: LiveTableSpec,
  input: unknown,
  alreadyOre: number,
): { bets: PlacedBet[]; totalOre: number } | { error: string } => {
  if (spec.kind === 'roulette') {
    const parsed = parseBets(input);
    if (!parsed.ok) return { error: parsed.error.code };
    // The table's own limits: every bet from its minimum to its maximum in whole kroner, and the
    // player's bets of a round together at most the maximum too.
    const perBet = Object.fromEntries(ROULETTE_BET_KINDS.map((kind) => [kind, { minOre: spec.minBetOre, maxOre: spec.maxBetOre }]));
    const limits = {
      stakeStepOre: 100,
      perBet: perBet as RouletteTableLimits['perBet'],
      maxBets: 100,
      maxTotalStakeOre: Math.max(0, spec.maxBetOre - alreadyOre),
    };
    const problems = checkRouletteBets({ variant: 'european', limits }, parsed.value);
    if (problems.length > 0) return { error: problems[0]!.code };
    return {
      bets: parsed.value.map((bet) => ({ kind: 'roulette', bet })),
      totalOre: parsed.value.reduce((sum, bet) => sum + bet.stakeOre, 0),
    };
  }
  if (spec.kind === 'money-wheel') {
    if (!Array.isArray(input) || input.length === 0 || input.length > MONEY_WHEEL_NUMBERS.length) return { error: 'BETS_MALFORMED' };
    const bets: PlacedBet[] = [];
    for (const item of input as unknown[]) {
      const record = item as { number?: unknown; stakeOre?: unknown };
      if (typeof record !== 'object' || record === null || Object.keys(record).some((key) => key !== 'number' && key !== 'stakeOre'))
        return { error: 'BET_MALFORMED' };
      if (!MONEY_WHEEL_NUMBERS.includes(record.number as MoneyWheelNumber)) return { error: 'BET_UNKNOWN_NUMBER' };
      const stake = record.stakeOre;
      if (!(Number.isSafeInteger(stake) && (stake as number) >= spec.minBetOre && (stake as number) % 100 === 0))
        return { error: 'BET_INVALID_STAKE' };
      bets.push({ kind: 'money-wheel', number: record.number as MoneyWheelNumber, stakeOre: stake as number });
    }
    const totalOre = bets.reduce((sum, bet) => sum + (bet.kind === 'money-wheel' ? bet.stakeOre : 0), 0);
    if (alreadyOre + totalOre > spec.maxBetOre) return { error: 'TOTAL_ABOVE_MAX' };
    return { bets, totalOre };
  }
  // Blackjack: one main bet a round, in whole kroner (3:2 on it is whole øre).
  if (!Array.isArray(input) || input.length !== 1) return { error: 'BETS_MALFORMED' };
  const record = input[0] as { stakeOre?: unknown };
  if (typeof record !== 'object' || record === null || Object.keys(record).some((key) => key !== 'stakeOre'))
    return { error: 'BET_MALFORMED' };
  const stake = record.stakeOre;
  if (!(
    Number.isSafeInteger(stake) &&
    (stake as number) >= spec.minBetOre &&
    (stake as number) <= spec.maxBetOre &&
    (stake as number) % 100 === 0
  ))
    return { error: 'BET_INVALID_STAKE' };
  if (alreadyOre > 0) return { error: 'BET_ALREADY_PLACED' };
  return { bets: [{ kind: 'blackjack', stakeOre: stake as number }], totalOre: stake as number };
};

export const returnOf = (placed: PlacedBet, result: LiveResult): number => {
  if (placed.kind === 'roulette' && result.kind === 'roulette')
    return settleRoulette('european', [placed.bet], result.pocket).totalReturnOre;
  if (placed.kind === 'money-wheel' && result.kind === 'money-wheel')
    return moneyWheelReturnOre({ number: placed.number, stakeOre: placed.stakeOre }, moneyWheelSpinOf(result.fields));
  return 0;
};
