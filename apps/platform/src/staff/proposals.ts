import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { fail } from '../shared/errors.js';
import type { WalletService } from '../wallet/service.js';
import type { StaffAccess } from '../players/staff-access.js';
import type { WithdrawalReview } from '../payments/withdrawals-review.js';
import { admits, WITHDRAWAL_REVIEWERS, type StaffRole } from './roles.js';
import { withdrawals } from '../payments/schema.js';
import { staffMembers, staffProposals } from './schema.js';
import type { StaffService, StaffSession } from './service.js';

/**
 * Four eyes (docs/backoffice.md): an action that moves money or lifts a protection is proposed by
 * one staff member and carried out only when another, whose roles admit that kind, approves it.
 * The approval and the action commit in one transaction; the database refuses a decision by the
 * proposer (`staff_proposals_four_eyes`) as this code does.
 */
export const PROPOSAL_KINDS = ['balance_correction', 'withdrawal_payout'] as const;
export type ProposalKind = (typeof PROPOSAL_KINDS)[number];

/** Who may propose and decide each kind. */
export const PROPOSAL_ROLES: Record<ProposalKind, StaffRole[]> = {
  balance_correction: ['payments'],
  withdrawal_payout: WITHDRAWAL_REVIEWERS,
};

export interface ProposalInput {
  kind: 'balance_correction';
  playerId: string;
  amountOre: number;
  reason: string;
}

export function createProposals(deps: {
  db: Db;
  config: Config;
  clock: () => Date;
  staff: StaffService;
  wallet: WalletService;
  access: StaffAccess;
  withdrawalReview: WithdrawalReview;
}) {
  const { db, config, clock, staff, wallet, access, withdrawalReview } = deps;

  function assertKindRole(session: StaffSession, kind: ProposalKind) {
    if (!admits(session.roles, PROPOSAL_ROLES[kind])) throw fail('STAFF_ROLE_REQUIRED');
  }

  async function propose(session: StaffSession, input: ProposalInput) {
    assertKindRole(session, input.kind);
    if (!Number.isSafeInteger(input.amountOre) || input.amountOre === 0 || Math.abs(input.amountOre) > config.STAFF_CORRECTION_MAX_ORE)
      throw fail('CORRECTION_AMOUNT_INVALID', { maxOre: config.STAFF_CORRECTION_MAX_ORE });
    await access.find(input.playerId);
    return db.transaction(async (tx) => {
      const [row] = await tx
        .insert(staffProposals)
        .values({
          kind: input.kind,
          playerId: input.playerId,
          amountOre: input.amountOre,
          reason: input.reason.trim(),
          proposedBy: session.id,
          proposedAt: clock(),
        })
        .returning();
      await staff.record(tx, session.id, {
        action: 'proposal.create',
        targetKind: 'player',
        targetId: input.playerId,
        reason: input.reason,
        after: { proposalId: row!.id, kind: input.kind, amountOre: input.amountOre },
      });
      return row!;
    });
  }

  /**
   * Proposes to pay a withdrawal over the four-eyes amount: paid only when another member approves.
   * One proposal at a time per withdrawal; the row's lock orders two members proposing at once.
   */
  async function proposeWithdrawal(session: StaffSession, withdrawalId: string, reason: string) {
    assertKindRole(session, 'withdrawal_payout');
    return db.transaction(async (tx) => {
      const [withdrawal] = await tx.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId)).limit(1).for('update');
      if (!withdrawal) throw fail('WITHDRAWAL_NOT_FOUND');
      if (withdrawal.status !== 'pending' && withdrawal.status !== 'held') throw fail('WITHDRAWAL_NOT_REVIEWABLE');
      const [waiting] = await tx
        .select({ id: staffProposals.id })
        .from(staffProposals)
        .where(
          and(
            eq(staffProposals.kind, 'withdrawal_payout'),
            eq(staffProposals.status, 'pending'),
            sql`${staffProposals.payload}->>'withdrawalId' = ${withdrawalId}`,
          ),
        )
        .limit(1);
      if (waiting) throw fail('PROPOSAL_PENDING');
      const [row] = await tx
        .insert(staffProposals)
        .values({
          kind: 'withdrawal_payout',
          playerId: withdrawal.playerId,
          amountOre: withdrawal.amountOre,
          payload: { withdrawalId },
          reason: reason.trim(),
          proposedBy: session.id,
          proposedAt: clock(),
        })
        .returning();
      await staff.record(tx, session.id, {
        action: 'proposal.create',
        targetKind: 'player',
        targetId: withdrawal.playerId,
        reason,
        after: { proposalId: row!.id, kind: 'withdrawal_payout', withdrawalId, amountOre: withdrawal.amountOre },
      });
      return row!;
    });
  }

  /** The pending proposals to pay these withdrawals, by withdrawal. */
  async function pendingForWithdrawals(withdrawalIds: readonly string[]) {
    if (withdrawalIds.length === 0) return new Map<string, { id: string; proposedBy: string }>();
    const rows = await db
      .select({
        id: staffProposals.id,
        proposedBy: staffProposals.proposedBy,
        withdrawalId: sql<string>`${staffProposals.payload}->>'withdrawalId'`,
      })
      .from(staffProposals)
      .where(
        and(
          eq(staffProposals.kind, 'withdrawal_payout'),
          eq(staffProposals.status, 'pending'),
          inArray(sql`${staffProposals.payload}->>'withdrawalId'`, [...withdrawalIds]),
        ),
      );
    return new Map(rows.map((row) => [row.withdrawalId, { id: row.id, proposedBy: row.proposedBy }]));
  }

  async function list(status: 'pending' | 'approved' | 'rejected' | 'all', playerId?: string) {
    const rows = await db
      .select()
      .from(staffProposals)
      .where(
        and(status === 'all' ? undefined : eq(staffProposals.status, status), playerId ? eq(staffProposals.playerId, playerId) : undefined),
      )
      .orderBy(desc(staffProposals.proposedAt))
      .limit(200);
    const players = await access.names(rows.flatMap((row) => (row.playerId ? [row.playerId] : [])));
    const members = new Map(
      (await db.select({ id: staffMembers.id, name: staffMembers.name }).from(staffMembers)).map((m) => [m.id, m.name]),
    );
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind as ProposalKind,
      playerId: row.playerId,
      playerName: row.playerId ? (players.get(row.playerId) ?? null) : null,
      withdrawalId: typeof row.payload.withdrawalId === 'string' ? row.payload.withdrawalId : null,
      amountOre: row.amountOre,
      reason: row.reason,
      status: row.status as 'pending' | 'approved' | 'rejected',
      proposedBy: { id: row.proposedBy, name: members.get(row.proposedBy) ?? '' },
      proposedAt: row.proposedAt,
      decidedBy: row.decidedBy ? { id: row.decidedBy, name: members.get(row.decidedBy) ?? '' } : null,
      decidedAt: row.decidedAt,
      decisionReason: row.decisionReason,
      result: row.result ?? null,
    }));
  }

  /** Approves (and carries out) or rejects a pending proposal, as another staff member than its proposer. */
  async function decide(session: StaffSession, proposalId: string, decision: 'approve' | 'reject', reason: string) {
    return db.transaction(async (tx) => {
      const [proposal] = await tx.select().from(staffProposals).where(eq(staffProposals.id, proposalId)).for('update');
      if (!proposal) throw fail('PROPOSAL_NOT_FOUND');
      assertKindRole(session, proposal.kind as ProposalKind);
      if (proposal.proposedBy === session.id) throw fail('FOUR_EYES_SAME_STAFF');
      if (proposal.status !== 'pending') throw fail('PROPOSAL_DECIDED');
      let result: Record<string, unknown> | null = null;
      if (decision === 'approve') result = await carryOut(tx, proposal, session.id);
      const status = decision === 'approve' ? ('approved' as const) : ('rejected' as const);
      await tx
        .update(staffProposals)
        .set({ status, decidedBy: session.id, decidedAt: clock(), decisionReason: reason.trim(), result })
        .where(eq(staffProposals.id, proposalId));
      await staff.record(tx, session.id, {
        action: `proposal.${decision}`,
        targetKind: 'player',
        targetId: proposal.playerId ?? proposal.id,
        reason,
        before: { proposalId, status: 'pending' },
        after: { proposalId, status, ...(result ?? {}) },
      });
      return { id: proposalId, status, result };
    });
  }

  /** What an approved proposal does, in the approval's transaction. */
  async function carryOut(tx: Db, proposal: typeof staffProposals.$inferSelect, deciderId: string) {
    if (proposal.kind === 'withdrawal_payout') {
      const withdrawalId = String(proposal.payload.withdrawalId);
      const { after } = await withdrawalReview.approve(tx, deciderId, withdrawalId, { fourEyes: true });
      return { withdrawalId, status: after.status, sendAfter: after.sendAfter.toISOString() };
    }
    const playerId = proposal.playerId!;
    const amountOre = proposal.amountOre!;
    const [house, cash] = await Promise.all([wallet.systemAccount('house', tx), wallet.playerAccount(playerId, 'player_cash', tx)]);
    const transfer = await wallet.transfer(
      {
        idempotencyKey: `staff-correction:${proposal.id}`,
        kind: 'correction',
        entries: [
          { accountId: house, amountOre: -amountOre },
          { accountId: cash, amountOre },
        ],
        reference: { proposalId: proposal.id },
      },
      tx,
    );
    const balances = await wallet.playerBalances(playerId, tx);
    return { transferId: transfer.transferId, cashAfterOre: balances.player_cash };
  }

  return { propose, proposeWithdrawal, pendingForWithdrawals, list, decide };
}

export type Proposals = ReturnType<typeof createProposals>;
