import { and, desc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { payments } from './schema.js';

/** Deposits that moved no money (yet): still under way at the provider. */
export const UNSETTLED_DEPOSIT_STATUSES = ['created', 'requires_action'] as const;
/** More open deposits than this in one period is no real player; the history shows the newest. */
export const MAX_UNSETTLED_DEPOSITS = 200;

export interface UnsettledDeposit {
  paymentId: string;
  method: string;
  amountOre: number;
  status: string;
  createdAt: Date;
}

/**
 * The player's deposits in [from, to) that are not in the ledger: still under way (3-D Secure
 * not finished, no answer from the provider yet). The wallet's transaction history shows them as
 * initiated beside the ledger's own rows. Failed deposits moved no money and are left out.
 */
export function createPaymentHistory(db: Db) {
  async function unsettledDeposits(playerId: string, from: Date, to: Date): Promise<UnsettledDeposit[]> {
    const rows = await db
      .select({ paymentId: payments.id, method: payments.method, amountOre: payments.amountOre, status: payments.status, createdAt: payments.createdAt })
      .from(payments)
      .where(and(eq(payments.playerId, playerId), gte(payments.createdAt, from), lt(payments.createdAt, to), inArray(payments.status, [...UNSETTLED_DEPOSIT_STATUSES])))
      .orderBy(desc(payments.createdAt))
      .limit(MAX_UNSETTLED_DEPOSITS);
    return rows.map((row) => ({ ...row, amountOre: Number(row.amountOre) }));
  }
  return { unsettledDeposits };
}
