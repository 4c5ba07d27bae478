import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
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
 * What the payments context tells others of a player's deposits, read-only: the ones still under
 * way for the wallet's history, and the total the limits context counts against a deposit limit.
 */
export function createPaymentHistory(db: Db) {
  /**
   * The player's deposits since an instant that count against a deposit limit: succeeded, and
   * still under way (so two deposits cannot both slip under a limit). Read in the caller's
   * transaction when given (the deposit-limit check runs under the deposit lock).
   */
  async function depositedSince(playerId: string, since: Date, runner: Pick<Db, 'select'> = db): Promise<number> {
    const [row] = await runner
      .select({ total: sql<string>`coalesce(sum(${payments.amountOre}), 0)` })
      .from(payments)
      .where(
        and(
          eq(payments.playerId, playerId),
          gte(payments.createdAt, since),
          inArray(payments.status, [...UNSETTLED_DEPOSIT_STATUSES, 'succeeded']),
        ),
      );
    return Number(row!.total);
  }

  /**
   * The player's deposits in [from, to) that are not in the ledger: still under way (3-D Secure
   * not finished, no answer from the provider yet). The wallet's transaction history shows them
   * as initiated beside the ledger's own rows. Failed deposits moved no money and are left out.
   */
  async function unsettledDeposits(playerId: string, from: Date, to: Date): Promise<UnsettledDeposit[]> {
    const rows = await db
      .select({
        paymentId: payments.id,
        method: payments.method,
        amountOre: payments.amountOre,
        status: payments.status,
        createdAt: payments.createdAt,
      })
      .from(payments)
      .where(
        and(
          eq(payments.playerId, playerId),
          gte(payments.createdAt, from),
          lt(payments.createdAt, to),
          inArray(payments.status, [...UNSETTLED_DEPOSIT_STATUSES]),
        ),
      )
      .orderBy(desc(payments.createdAt))
      .limit(MAX_UNSETTLED_DEPOSITS);
    return rows.map((row) => ({ ...row, amountOre: Number(row.amountOre) }));
  }
  return { depositedSince, unsettledDeposits };
}
