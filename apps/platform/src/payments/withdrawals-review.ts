import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { fail } from '../shared/errors.js';
import type { WalletService } from '../wallet/service.js';
import { withdrawals } from './schema.js';
import { moveReserve, type WithdrawalRow } from './withdrawals.js';

/** A transaction: the review's steps run in the staff action's own, with its trail row. */
type Tx = Pick<Db, 'select' | 'update' | 'insert' | 'transaction'>;

/** The back office's filters of the withdrawals queue. */
export const WITHDRAWAL_QUEUES = {
  /** Waiting: in the player's hold, waiting for four eyes, or held by staff. */
  open: ['pending', 'held'],
  held: ['held'],
  sending: ['sending', 'sent'],
  paid: ['paid'],
  closed: ['cancelled', 'failed', 'rejected'],
} as const;
export type WithdrawalQueue = keyof typeof WITHDRAWAL_QUEUES;

/** What staff see of a player beside their withdrawal: the last 90 days' money and play. */
export interface WithdrawalContext {
  cashOre: number;
  bonusOre: number;
  depositsOre: number;
  depositCount: number;
  paidOutOre: number;
  stakesOre: number;
  winsOre: number;
}
export const CONTEXT_DAYS = 90;
const QUEUE_LIMIT = 200;

/**
 * Withdrawals in the back office (issue 29), the payments context's side: the queue with each
 * player's context, and staff's hold, approval and rejection. Each step locks the row and runs in
 * the caller's transaction, where the staff context writes its trail row; a row a processor has
 * claimed (sending) is past review. Four eyes over `PAYOUT_FOUR_EYES_ORE`: `approve` refuses such
 * a payout unless `fourEyes` says a second member approved another's proposal.
 */
export function createWithdrawalReview(deps: {
  db: Db;
  config: Pick<Config, 'PAYOUT_FOUR_EYES_ORE'>;
  clock: () => Date;
  wallet: WalletService;
}) {
  const { db, config, clock, wallet } = deps;

  async function queue(filter: WithdrawalQueue): Promise<WithdrawalRow[]> {
    const statuses = [...WITHDRAWAL_QUEUES[filter]];
    const waiting = filter === 'open' || filter === 'held' || filter === 'sending';
    return (
      db
        .select()
        .from(withdrawals)
        .where(inArray(withdrawals.status, statuses))
        // What waits is taken oldest first; what is done is read newest first.
        .orderBy(waiting ? asc(withdrawals.requestedAt) : desc(withdrawals.requestedAt))
        .limit(QUEUE_LIMIT)
    );
  }

  /** One player's withdrawals, every status, newest first (the back office's player page). */
  async function ofPlayer(playerId: string): Promise<WithdrawalRow[]> {
    return db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.playerId, playerId))
      .orderBy(desc(withdrawals.requestedAt))
      .limit(QUEUE_LIMIT);
  }

  async function find(withdrawalId: string): Promise<WithdrawalRow> {
    const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId)).limit(1);
    if (!row) throw fail('WITHDRAWAL_NOT_FOUND');
    return row;
  }

  async function forUpdate(tx: Tx, withdrawalId: string, allowed: readonly string[]) {
    const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId)).limit(1).for('update');
    if (!row) throw fail('WITHDRAWAL_NOT_FOUND');
    if (!allowed.includes(row.status)) throw fail('WITHDRAWAL_NOT_REVIEWABLE');
    return row;
  }

  /** Stops a waiting withdrawal: not sent, nor cancellable by the player, until approved or rejected. */
  async function hold(tx: Tx, staffId: string, withdrawalId: string, reason: string) {
    const before = await forUpdate(tx, withdrawalId, ['pending']);
    const now = clock();
    const [after] = await tx
      .update(withdrawals)
      .set({ status: 'held', heldBy: staffId, heldAt: now, holdReason: reason.trim(), updatedAt: now })
      .where(eq(withdrawals.id, withdrawalId))
      .returning();
    return { before, after: after! };
  }

  /**
   * Lets a waiting or held withdrawal go: sent at the end of the player's hold (or now, if that has
   * passed). A payout that needs four eyes only through an approved proposal (`fourEyes`).
   */
  async function approve(tx: Tx, staffId: string, withdrawalId: string, options: { fourEyes?: boolean } = {}) {
    const before = await forUpdate(tx, withdrawalId, ['pending', 'held']);
    if (before.needsApproval && !before.approvedAt && !options.fourEyes) throw fail('WITHDRAWAL_NEEDS_FOUR_EYES');
    const now = clock();
    const [after] = await tx
      .update(withdrawals)
      .set({
        status: 'pending',
        approvedBy: staffId,
        approvedAt: now,
        sendAfter: before.sendAfter > now ? before.sendAfter : now,
        updatedAt: now,
      })
      .where(eq(withdrawals.id, withdrawalId))
      .returning();
    return { before, after: after! };
  }

  /** Refuses a waiting or held withdrawal: the money back on the game account, the reason shown to the player. */
  async function reject(tx: Tx, staffId: string, withdrawalId: string, reason: string) {
    const before = await forUpdate(tx, withdrawalId, ['pending', 'held']);
    const back = await moveReserve(wallet, tx, before, 'withdrawal_cancel');
    const now = clock();
    const [after] = await tx
      .update(withdrawals)
      .set({
        status: 'rejected',
        rejectedBy: staffId,
        rejectedAt: now,
        rejectionReason: reason.trim(),
        settleTransferId: back.transferId,
        updatedAt: now,
      })
      .where(eq(withdrawals.id, withdrawalId))
      .returning();
    return { before, after: after! };
  }

  /** Each player's last 90 days beside their withdrawal: deposits, payouts, stakes and wins, from the ledger. */
  async function contexts(playerIds: readonly string[]): Promise<Map<string, WithdrawalContext>> {
    const ids = [...new Set(playerIds)];
    const since = new Date(clock().getTime() - CONTEXT_DAYS * 24 * 60 * 60_000);
    const activity = await wallet.playersActivity(ids, since, ['deposit', 'bet', 'win', 'jackpot_win', 'payout']);
    const result = new Map<string, WithdrawalContext>();
    for (const id of ids) {
      const balances = await wallet.playerBalances(id);
      const byKind = activity.get(id);
      const sum = (kind: string) => byKind?.get(kind)?.sumOre ?? 0;
      result.set(id, {
        cashOre: balances.player_cash,
        bonusOre: balances.player_bonus,
        depositsOre: sum('deposit'),
        depositCount: byKind?.get('deposit')?.count ?? 0,
        // A payout leaves the player's reserve; a stake leaves their cash or bonus: both negative there.
        paidOutOre: -sum('payout'),
        stakesOre: -sum('bet'),
        winsOre: sum('win') + sum('jackpot_win'),
      });
    }
    return result;
  }

  return { queue, ofPlayer, find, hold, approve, reject, contexts, fourEyesOverOre: config.PAYOUT_FOUR_EYES_ORE };
}

export type WithdrawalReview = ReturnType<typeof createWithdrawalReview>;
