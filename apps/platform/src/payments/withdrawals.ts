import { randomUUID } from 'node:crypto';
import { MIN_WITHDRAWAL_ORE, addDanishBankingDays } from '@krone/domain';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { BonusService } from '../bonus/service.js';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { PlayersService } from '../players/service.js';
import { isUniqueViolation, lockUntilCommit } from '../shared/db.js';
import { AppError, fail } from '../shared/errors.js';
import type { WalletService } from '../wallet/service.js';
import { withdrawals } from './schema.js';
import type { NemKontoClient, PayoutEvent } from './withdrawals-nemkonto.js';

export { MIN_WITHDRAWAL_ORE };
/** 10 million kroner: the ledger's largest entry. Anything above is not a real request. */
export const MAX_WITHDRAWAL_ORE = 1_000_000_000;
/** Spec §9: NemKonto within 3 (Danish banking) days. */
export const PAYOUT_BANKING_DAYS = 3;
/** Withdrawals a player may have under way at once (pending or not yet paid). */
export const MAX_OPEN_WITHDRAWALS = 5;
/** How long a processor holds a claimed withdrawal before another may send it again, unless PAYOUT_SEND_LEASE_SECONDS says. */
export const SEND_LEASE_MS = 2 * 60_000;
/** After an unclear answer, the next try waits longer each time, up to an hour. */
const retryDelayMs = (attempts: number) => Math.min(60 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1));

/** A transaction (or the database): what the ledger needs to move money inside it. */
type Runner = Pick<Db, 'insert' | 'select' | 'transaction'>;

export type WithdrawalRow = typeof withdrawals.$inferSelect;
/** Where a withdrawal stands, as the player sees it. */
export type PlayerWithdrawalStatus = 'pending' | 'processing' | 'paid' | 'cancelled' | 'failed' | 'rejected';
/** The statuses a withdrawal is under way in: its money reserved, not yet paid nor back. */
export const OPEN_WITHDRAWAL_STATUSES = ['pending', 'held', 'sending', 'sent'] as const;

const amountField = (key: string) => ({ fields: { amountOre: key } });

export interface WithdrawalsDeps {
  db: Db;
  config: Pick<Config, 'PAYOUT_HOLD_MINUTES'> & Partial<Pick<Config, 'PAYOUT_SEND_LEASE_SECONDS' | 'PAYOUT_FOUR_EYES_ORE'>>;
  clock: () => Date;
  wallet: WalletService;
  /** An open bonus is forfeited by a withdrawal, in the withdrawal's transaction (bonus/README.md). */
  bonus: Pick<BonusService, 'forfeitForWithdrawal' | 'openBonusForWithdrawal'>;
  players: Pick<PlayersService, 'cprForPlayer'>;
  nemkonto: NemKontoClient;
  log?: (message: string, details: Record<string, unknown>) => void;
}

/**
 * Moves a withdrawal's reserve in the caller's transaction, with the player's accounts made if
 * missing: cash into the reserve (`withdrawal`), back to cash (`withdrawal_cancel`: the player's
 * cancel, NemKonto's refusal, a staff rejection) or out to NemKonto (`payout`). Each once per withdrawal.
 */
export async function moveReserve(
  wallet: WalletService,
  tx: Runner,
  row: Pick<WithdrawalRow, 'id' | 'playerId' | 'amountOre'>,
  kind: 'withdrawal' | 'withdrawal_cancel' | 'payout',
) {
  const cash = await wallet.playerAccount(row.playerId, 'player_cash', tx);
  const reserve = await wallet.playerAccount(row.playerId, 'player_payout_reserve', tx);
  const [from, to, key] =
    kind === 'withdrawal'
      ? [cash, reserve, `withdrawal:${row.id}`]
      : kind === 'withdrawal_cancel'
        ? [reserve, cash, `withdrawal-cancel:${row.id}`]
        : [reserve, await wallet.systemAccount('payout_clearing', tx), `payout:${row.id}`];
  return wallet.transfer(
    {
      idempotencyKey: key,
      kind,
      entries: [
        { accountId: from, amountOre: -row.amountOre },
        { accountId: to, amountOre: row.amountOre },
      ],
      reference: { withdrawalId: row.id },
    },
    tx,
  );
}

/**
 * Withdrawals to the player's NemKonto. The amount is reserved in the ledger in the same
 * transaction as the row; during a short hold the player may cancel (money back to cash); then
 * a processor in any platform process claims due withdrawals (`for update skip locked`, a lease)
 * and sends them to NemKonto, whose signed webhook reports them paid.
 */
export function createWithdrawalsService(deps: WithdrawalsDeps) {
  const { db, config, clock, wallet, bonus, players, nemkonto } = deps;
  const log = deps.log ?? (() => {});

  // A staff hold is the operator's processing: the player sees it under way, no longer cancellable.
  const playerStatus = (row: WithdrawalRow): PlayerWithdrawalStatus =>
    row.status === 'sending' || row.status === 'sent' || row.status === 'held' ? 'processing' : (row.status as PlayerWithdrawalStatus);

  const view = (row: WithdrawalRow): WithdrawalView => ({
    id: row.id,
    amountOre: row.amountOre,
    status: playerStatus(row),
    cancellable: row.status === 'pending',
    requestedAt: row.requestedAt,
    expectedBy: row.expectedBy,
    paidAt: row.paidAt,
    cancelledAt: row.cancelledAt,
    failedAt: row.failedAt,
    forfeitedBonusOre: row.forfeitedBonusOre,
    rejectionReason: row.status === 'rejected' ? row.rejectionReason : null,
  });

  /**
   * Requests a withdrawal of `amountOre` (≥ 100 kr., ≤ the player's cash) to their NemKonto and
   * reserves it at once. `requestId` (a uuid the storefront makes per confirmation) makes a
   * repeated request answer the first one instead of withdrawing twice. While a bonus is open the
   * withdrawal forfeits it: refused `WITHDRAWAL_FORFEITS_BONUS` (with the bonus balance, `bonusOre`)
   * unless `forfeitBonus` is true, and then the bonus ends in the same transaction as the hold.
   */
  async function requestWithdrawal(
    playerId: string,
    input: { amountOre: number; requestId?: string; forfeitBonus?: boolean },
  ): Promise<WithdrawalView> {
    const amountOre = input.amountOre;
    if (typeof amountOre !== 'number' || !Number.isSafeInteger(amountOre) || amountOre <= 0 || amountOre > MAX_WITHDRAWAL_ORE) {
      throw fail('AMOUNT_INVALID', amountField('validation.amount_invalid'));
    }
    if (amountOre < MIN_WITHDRAWAL_ORE) throw fail('WITHDRAWAL_TOO_SMALL', amountField('payout.min_amount'));
    const id = input.requestId ?? randomUUID();

    const [seen] = await db.select().from(withdrawals).where(eq(withdrawals.id, id)).limit(1);
    if (seen) {
      if (seen.playerId !== playerId || seen.amountOre !== amountOre) throw fail('IDEMPOTENCY_KEY_REUSED');
      return view(seen);
    }
    const { player_cash: cashOre } = await wallet.playerBalances(playerId);
    if (amountOre > cashOre) throw fail('WITHDRAWAL_EXCEEDS_BALANCE', amountField('validation.max_withdrawal'));

    const now = clock();
    try {
      const row = await db.transaction(async (tx) => {
        // One withdrawal decision at a time per player, across processes (the open-count rule).
        await lockUntilCommit(tx, `withdrawal:${playerId}`);
        const [open] = await tx
          .select({ count: sql<string>`count(*)` })
          .from(withdrawals)
          .where(and(eq(withdrawals.playerId, playerId), inArray(withdrawals.status, [...OPEN_WITHDRAWAL_STATUSES])));
        if (Number(open!.count) >= MAX_OPEN_WITHDRAWALS) throw fail('WITHDRAWAL_NOT_ALLOWED');
        // An open bonus ends with the withdrawal, all or nothing: refused unless confirmed (nothing moves).
        const forfeitedBonusOre = await bonus.forfeitForWithdrawal(tx, {
          playerId,
          withdrawalId: id,
          confirmed: input.forfeitBonus === true,
        });
        const reserve = await moveReserve(wallet, tx, { id, playerId, amountOre }, 'withdrawal');
        const [inserted] = await tx
          .insert(withdrawals)
          .values({
            id,
            playerId,
            amountOre,
            status: 'pending',
            requestedAt: now,
            sendAfter: new Date(now.getTime() + Math.round(config.PAYOUT_HOLD_MINUTES * 60_000)),
            expectedBy: addDanishBankingDays(now, PAYOUT_BANKING_DAYS),
            reserveTransferId: reserve.transferId,
            forfeitedBonusOre,
            // Over the four-eyes amount a payout waits for two staff members (payments/README.md).
            needsApproval: config.PAYOUT_FOUR_EYES_ORE !== undefined && amountOre > config.PAYOUT_FOUR_EYES_ORE,
            updatedAt: now,
          })
          .returning();
        return inserted!;
      });
      return view(row);
    } catch (error) {
      if (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS') {
        throw fail('WITHDRAWAL_EXCEEDS_BALANCE', amountField('validation.max_withdrawal'));
      }
      // The same request twice at once: the second finds the first.
      if (input.requestId && isUniqueViolation(error)) {
        const [first] = await db.select().from(withdrawals).where(eq(withdrawals.id, id)).limit(1);
        if (first && first.playerId === playerId && first.amountOre === amountOre) return view(first);
      }
      throw error;
    }
  }

  /** The player's withdrawals, newest first, with what they can withdraw now and the open bonus a withdrawal would forfeit. */
  async function listWithdrawals(playerId: string) {
    const openBonus = await bonus.openBonusForWithdrawal(playerId);
    const balances = await wallet.playerBalances(playerId);
    const rows = await db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.playerId, playerId))
      .orderBy(desc(withdrawals.requestedAt))
      .limit(50);
    return {
      withdrawableOre: balances.player_cash,
      reservedOre: balances.player_payout_reserve,
      minimumOre: MIN_WITHDRAWAL_ORE,
      openBonus,
      withdrawals: rows.map(view),
    };
  }

  /** Cancels the player's own pending withdrawal: the reserve goes back to cash. */
  async function cancelWithdrawal(playerId: string, withdrawalId: string): Promise<WithdrawalView> {
    const row = await db.transaction(async (tx) => {
      // Waits for a processor's claim of this row, if any, and then sees it is no longer pending.
      const [current] = await tx
        .select()
        .from(withdrawals)
        .where(and(eq(withdrawals.id, withdrawalId), eq(withdrawals.playerId, playerId)))
        .limit(1)
        .for('update');
      if (!current) throw fail('WITHDRAWAL_NOT_FOUND');
      if (current.status === 'cancelled') return current;
      if (current.status !== 'pending') throw fail('WITHDRAWAL_NOT_CANCELLABLE');
      const back = await moveReserve(wallet, tx, current, 'withdrawal_cancel');
      const now = clock();
      const [updated] = await tx
        .update(withdrawals)
        .set({ status: 'cancelled', cancelledAt: now, settleTransferId: back.transferId, updatedAt: now })
        .where(eq(withdrawals.id, current.id))
        .returning();
      return updated!;
    });
    return view(row);
  }

  /**
   * Claims due withdrawals for this process: pending ones past their hold, and ones another
   * processor claimed but did not finish within its lease. One statement; rows another
   * processor holds are skipped, so no two processors claim one withdrawal.
   */
  async function claimDue(limit: number): Promise<WithdrawalRow[]> {
    const now = clock();
    const leaseUntil = new Date(
      now.getTime() + (config.PAYOUT_SEND_LEASE_SECONDS ? config.PAYOUT_SEND_LEASE_SECONDS * 1000 : SEND_LEASE_MS),
    );
    const due = db
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(
        sql`(${withdrawals.status} = 'pending' and ${withdrawals.sendAfter} <= ${now.toISOString()}::timestamptz
              and (not ${withdrawals.needsApproval} or ${withdrawals.approvedAt} is not null))
          or (${withdrawals.status} = 'sending' and ${withdrawals.leaseUntil} <= ${now.toISOString()}::timestamptz)`,
      )
      .orderBy(withdrawals.sendAfter)
      .limit(limit)
      .for('update', { skipLocked: true });
    return db
      .update(withdrawals)
      .set({ status: 'sending', leaseUntil, sendAttempts: sql`${withdrawals.sendAttempts} + 1`, updatedAt: now })
      .where(inArray(withdrawals.id, due))
      .returning();
  }

  /** NemKonto refused the payout for good: the money goes back to the player's cash. */
  async function markRefused(withdrawalId: string, code: string) {
    await db.transaction(async (tx) => {
      const [current] = await tx.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId)).limit(1).for('update');
      if (!current || current.status !== 'sending') return;
      const back = await moveReserve(wallet, tx, current, 'withdrawal_cancel');
      const now = clock();
      await tx
        .update(withdrawals)
        .set({ status: 'failed', failureCode: code, failedAt: now, leaseUntil: null, settleTransferId: back.transferId, updatedAt: now })
        .where(eq(withdrawals.id, current.id));
    });
  }

  async function sendOne(row: WithdrawalRow): Promise<'sent' | 'failed' | 'retry'> {
    let cpr: string;
    try {
      cpr = await players.cprForPlayer(row.playerId);
    } catch (error) {
      log('payout: the player’s CPR cannot be read', { withdrawalId: row.id, error: (error as Error).message });
      await markRefused(row.id, 'cpr_unavailable');
      return 'failed';
    }
    const answer = await nemkonto.sendPayout({ withdrawalId: row.id, cpr, amountOre: row.amountOre });
    if (answer.outcome === 'accepted') {
      const now = clock();
      await db
        .update(withdrawals)
        .set({ status: 'sent', providerPayoutId: answer.payoutId, sentAt: now, leaseUntil: null, updatedAt: now })
        .where(and(eq(withdrawals.id, row.id), eq(withdrawals.status, 'sending')));
      return 'sent';
    }
    if (answer.outcome === 'refused') {
      await markRefused(row.id, answer.code);
      return 'failed';
    }
    // No clear answer: NemKonto may or may not have it. Keep it claimed and try again later with
    // the same Idempotency-Key; the player can no longer cancel it.
    log('payout: no clear answer from NemKonto, will send again', {
      withdrawalId: row.id,
      detail: answer.detail,
      attempts: row.sendAttempts,
    });
    await db
      .update(withdrawals)
      .set({ leaseUntil: new Date(clock().getTime() + retryDelayMs(row.sendAttempts)), updatedAt: clock() })
      .where(and(eq(withdrawals.id, row.id), eq(withdrawals.status, 'sending')));
    return 'retry';
  }

  /** Sends every due withdrawal (in batches) to NemKonto. Safe to run in several processes at once. */
  async function processDueWithdrawals(options: { batchSize?: number; maxBatches?: number } = {}) {
    const totals = { sent: 0, failed: 0, retry: 0 };
    for (let batch = 0; batch < (options.maxBatches ?? 20); batch++) {
      const claimed = await claimDue(options.batchSize ?? 20);
      if (claimed.length === 0) break;
      for (const row of claimed) totals[await sendOne(row)]++;
    }
    return totals;
  }

  /**
   * NemKonto's `payout.paid` (signature already checked): the reserve leaves to the payout
   * clearing account once. Unknown withdrawals, another payout id or amount are refused; a
   * repeat answers the withdrawal as it stands.
   */
  async function handlePayoutEvent(event: PayoutEvent): Promise<WithdrawalView> {
    const row = await db.transaction(async (tx) => {
      const [current] = await tx.select().from(withdrawals).where(eq(withdrawals.id, event.data.reference)).limit(1).for('update');
      if (!current) throw fail('WITHDRAWAL_NOT_FOUND');
      if (current.providerPayoutId && current.providerPayoutId !== event.data.payoutId) throw fail('PAYOUT_MISMATCH');
      if (event.data.amountOre !== current.amountOre) throw fail('PAYOUT_MISMATCH');
      if (current.status === 'paid') return current;
      if (current.status !== 'sending' && current.status !== 'sent') throw fail('PAYOUT_STATE_CONFLICT');
      const payout = await moveReserve(wallet, tx, current, 'payout');
      const now = clock();
      const paidAt = new Date(event.data.paidAt);
      const [updated] = await tx
        .update(withdrawals)
        .set({
          status: 'paid',
          providerPayoutId: event.data.payoutId,
          sentAt: current.sentAt ?? now,
          paidAt: Number.isNaN(paidAt.getTime()) ? now : paidAt,
          leaseUntil: null,
          settleTransferId: payout.transferId,
          updatedAt: now,
        })
        .where(eq(withdrawals.id, current.id))
        .returning();
      return updated!;
    });
    return view(row);
  }

  return { requestWithdrawal, listWithdrawals, cancelWithdrawal, processDueWithdrawals, handlePayoutEvent };
}

export type WithdrawalsService = ReturnType<typeof createWithdrawalsService>;
/** A withdrawal as its player sees it. */
export interface WithdrawalView {
  id: string;
  amountOre: number;
  status: PlayerWithdrawalStatus;
  cancellable: boolean;
  requestedAt: Date;
  expectedBy: Date;
  paidAt: Date | null;
  cancelledAt: Date | null;
  failedAt: Date | null;
  /** The bonus balance this withdrawal forfeited (asked while a bonus was open), 0 when none. */
  forfeitedBonusOre: number;
  /** Why the operator rejected it (status rejected; the money is back on the game account), else null. */
  rejectionReason: string | null;
}
