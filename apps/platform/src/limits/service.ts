import { and, desc, eq, lte } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { depositLimits } from './schema.js';

export type LimitPeriod = 'day' | 'week' | 'month';
export const LIMIT_PERIODS: readonly LimitPeriod[] = ['day', 'week', 'month'];

/** Deposit limits, pauses and exclusion. This capability grows with the money issue. */
export function createLimitsService(db: Db, clock: () => Date) {
  /** The first limit, chosen at registration: in force at once. */
  async function setInitialDepositLimit(tx: Db, playerId: string, period: LimitPeriod, amountOre: number) {
    const now = clock();
    await tx.insert(depositLimits).values({ playerId, period, amountOre, createdAt: now, effectiveAt: now, source: 'registration' });
  }

  /** The limits in force now, per period. */
  async function currentDepositLimits(playerId: string) {
    const now = clock();
    const result: Partial<Record<LimitPeriod, number>> = {};
    for (const period of LIMIT_PERIODS) {
      const [row] = await db
        .select({ amountOre: depositLimits.amountOre })
        .from(depositLimits)
        .where(and(eq(depositLimits.playerId, playerId), eq(depositLimits.period, period), lte(depositLimits.effectiveAt, now)))
        .orderBy(desc(depositLimits.effectiveAt), desc(depositLimits.createdAt))
        .limit(1);
      if (row) result[period] = row.amountOre;
    }
    return result;
  }

  return { setInitialDepositLimit, currentDepositLimits };
}

export type LimitsService = ReturnType<typeof createLimitsService>;
