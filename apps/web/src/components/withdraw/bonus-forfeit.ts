import type { WithdrawalsOverview } from '@/lib/platform-types';

/** The withdrawal's steps: the amount, the warning that it forfeits an open bonus, the confirmation, the receipt. */
export type WithdrawStep = 'amount' | 'forfeit' | 'confirm' | 'receipt';

/**
 * Where a valid amount leads: to the warning step when a withdrawal now would forfeit bonus money
 * (the open bonus's balance, which the warning names), otherwise straight to the confirmation. An
 * open bonus whose balance is spent forfeits nothing: the platform ends it without asking.
 */
export function stepAfterAmount(openBonus: WithdrawalsOverview['openBonus']): { step: 'forfeit' | 'confirm'; bonusOre: number } {
  const bonusOre = openBonus?.bonusOre ?? 0;
  return bonusOre > 0 ? { step: 'forfeit', bonusOre } : { step: 'confirm', bonusOre: 0 };
}

/**
 * The bonus balance a refused withdrawal would forfeit, when the platform refused it for that
 * (WITHDRAWAL_FORFEITS_BONUS: a bonus opened, or grew, after the page was read); null otherwise.
 */
export function forfeitOfRefusal(body: { code?: string; bonusOre?: unknown }): number | null {
  if (body.code !== 'WITHDRAWAL_FORFEITS_BONUS') return null;
  return typeof body.bonusOre === 'number' && Number.isSafeInteger(body.bonusOre) && body.bonusOre >= 0 ? body.bonusOre : 0;
}
