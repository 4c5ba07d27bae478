import type { WithdrawalsOverview } from '@/lib/platform-types';

/** The withdrawal's steps: the amount, the warning that it forfeits an open bonus, the confirmation, the receipt. */
export type WithdrawStep = 'amount' | 'forfeit' | 'confirm' | 'receipt';

/** What a withdrawal now would forfeit: the open bonus's balance and its free rounds still to play. */
export type Forfeit = { bonusOre: number; freeRoundsLeft: number };

/**
 * Where a valid amount leads: to the warning step when a withdrawal now would forfeit bonus money
 * or free rounds still to play (which the warning names), otherwise straight to the confirmation.
 * An open bonus with neither forfeits nothing: the platform ends it without asking.
 */
export function stepAfterAmount(openBonus: WithdrawalsOverview['openBonus']): Forfeit & { step: 'forfeit' | 'confirm' } {
  const bonusOre = openBonus?.bonusOre ?? 0;
  const freeRoundsLeft = openBonus?.freeRoundsLeft ?? 0;
  return bonusOre > 0 || freeRoundsLeft > 0
    ? { step: 'forfeit', bonusOre, freeRoundsLeft }
    : { step: 'confirm', bonusOre: 0, freeRoundsLeft: 0 };
}

const count = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0);

/**
 * What a refused withdrawal would forfeit, when the platform refused it for that
 * (WITHDRAWAL_FORFEITS_BONUS: a bonus opened, or grew, after the page was read); null otherwise.
 */
export function forfeitOfRefusal(body: { code?: string; bonusOre?: unknown; freeRoundsLeft?: unknown }): Forfeit | null {
  if (body.code !== 'WITHDRAWAL_FORFEITS_BONUS') return null;
  return { bonusOre: count(body.bonusOre), freeRoundsLeft: count(body.freeRoundsLeft) };
}
