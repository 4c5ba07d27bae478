import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { fail } from '../shared/errors.js';
import type { WalletService } from '../wallet/service.js';
import type { StaffAccess } from '../players/staff-access.js';
import type { WithdrawalReview } from '../payments/withdrawals-review.js';
import { admits, MARKETERS, RG_OFFICERS, SUPPORT_AGENTS, WITHDRAWAL_REVIEWERS, type StaffRole } from './roles.js';
import type { StaffMembers } from './members.js';
import type { LimitsService } from '../limits/service.js';
import type { BonusService } from '../bonus/service.js';
import type { ContentEditing } from '../content/service.js';
import { withdrawals } from '../payments/schema.js';
import { staffMembers, staffProposals } from './schema.js';
import type { StaffService, StaffSession } from './service.js';

/**
 * Four eyes (docs/backoffice.md): an action that moves money or lifts a protection is proposed by
 * one staff member and carried out only when another, whose roles admit that kind, approves it.
 * The approval and the action commit in one transaction; the database refuses a decision by the
 * proposer (`staff_proposals_four_eyes`) as this code does.
 */
export const PROPOSAL_KINDS = [
  'balance_correction',
  'withdrawal_payout',
  'account_reopen',
  'manual_bonus',
  'role_grant',
  'protected_setting',
] as const;
export type ProposalKind = (typeof PROPOSAL_KINDS)[number];

/**
 * Who may propose and decide each kind (an administrator always may): money by payments, reopening
 * a closed account by compliance, a bonus outside a campaign by support or marketing (one proposes,
 * the other approves: a goodwill bonus support offers, on marketing's budget), a role or a protected
 * setting by administrators only.
 */
export const PROPOSAL_ROLES: Record<ProposalKind, StaffRole[]> = {
  balance_correction: ['payments'],
  withdrawal_payout: WITHDRAWAL_REVIEWERS,
  account_reopen: RG_OFFICERS,
  manual_bonus: [...SUPPORT_AGENTS, ...MARKETERS],
  role_grant: [],
  protected_setting: [],
};

/** What a proposal asks, by kind (a payout is proposed from its withdrawal: proposeWithdrawal). */
export type ProposalInput =
  | { kind: 'balance_correction'; playerId: string; amountOre: number; reason: string }
  | { kind: 'account_reopen'; playerId: string; reason: string }
  | { kind: 'manual_bonus'; playerId: string; amountOre: number; wageringMultiple: number; reason: string }
  | { kind: 'role_grant'; staffId: string; roles: StaffRole[]; reason: string }
  | { kind: 'protected_setting'; name: string; value: unknown; reason: string };

/** What each kind's proposals are about: one pending at a time per target (PROPOSAL_PENDING). */
const targetOf = (input: ProposalInput): { targetKind: string; targetId: string } =>
  input.kind === 'role_grant'
    ? { targetKind: 'staff', targetId: input.staffId }
    : input.kind === 'protected_setting'
      ? { targetKind: 'setting', targetId: input.name }
      : { targetKind: 'player', targetId: input.playerId };

export function createProposals(deps: {
  db: Db;
  config: Config;
  clock: () => Date;
  staff: StaffService;
  wallet: WalletService;
  access: StaffAccess;
  withdrawalReview: WithdrawalReview;
  members: StaffMembers;
  /** The limits context: a closed account's reopening (a year after its closure at the earliest). */
  limits: Pick<LimitsService, 'reopenRefusal' | 'reopenAccount' | 'accountState'>;
  /** The bonus context: a bonus outside a campaign, under the Danish caps, one open at a time. */
  bonus: Pick<BonusService, 'assertManualBonus' | 'grantOutsideCampaign' | 'hasOpenBonus'>;
  /** The content context: a protected setting's check and write (kept as a revision). */
  settings: Pick<ContentEditing, 'checkProtected' | 'applyProtected'>;
  /** After an approval has committed: a protected setting forgotten from the caches, the storefront told. */
  afterApproval?: (kind: ProposalKind) => Promise<void>;
}) {
  const { db, config, clock, staff, wallet, access, withdrawalReview, members, limits, bonus, settings } = deps;

  function assertKindRole(session: StaffSession, kind: ProposalKind) {
    if (!admits(session.roles, PROPOSAL_ROLES[kind])) throw fail('STAFF_ROLE_REQUIRED');
  }

  /** Checks a proposal before it is made (again at its approval): the thing it asks is possible now. */
  async function checkInput(input: ProposalInput, session: StaffSession) {
    if (input.kind === 'balance_correction') {
      if (!Number.isSafeInteger(input.amountOre) || input.amountOre === 0 || Math.abs(input.amountOre) > config.STAFF_CORRECTION_MAX_ORE)
        throw fail('CORRECTION_AMOUNT_INVALID', { maxOre: config.STAFF_CORRECTION_MAX_ORE });
      await access.find(input.playerId);
    } else if (input.kind === 'account_reopen') {
      await access.find(input.playerId);
      const refused = await limits.reopenRefusal(input.playerId);
      if (refused) throw refused;
    } else if (input.kind === 'manual_bonus') {
      bonus.assertManualBonus(input.amountOre, input.wageringMultiple);
      await access.find(input.playerId);
      if ((await limits.accountState(input.playerId)).status !== 'active') throw fail('ACCOUNT_CLOSED');
      if (await bonus.hasOpenBonus(input.playerId)) throw fail('BONUS_ALREADY_ACTIVE');
    } else if (input.kind === 'role_grant') {
      members.assertNotSelf(session, input.staffId);
      const member = await members.member(db, input.staffId);
      if (!member.active) throw fail('STAFF_MEMBER_NOT_FOUND');
      if (input.roles.length === 0 || input.roles.every((role) => member.roles.includes(role)))
        throw fail('INVALID_INPUT', { fields: { roles: 'no role to grant' } });
    } else {
      await settings.checkProtected(db, input.name, input.value);
    }
  }

  /** Proposes an action of one of the kinds, carried out only when another member approves it. */
  async function propose(session: StaffSession, input: ProposalInput) {
    assertKindRole(session, input.kind);
    await checkInput(input, session);
    const { targetKind, targetId } = targetOf(input);
    const playerId = targetKind === 'player' ? targetId : null;
    const payload: Record<string, unknown> =
      input.kind === 'manual_bonus'
        ? { wageringMultiple: input.wageringMultiple }
        : input.kind === 'role_grant'
          ? { staffId: input.staffId, roles: input.roles }
          : input.kind === 'protected_setting'
            ? { name: input.name, value: input.value }
            : {};
    const amountOre = 'amountOre' in input ? input.amountOre : null;
    return db.transaction(async (tx) => {
      // One pending proposal of a kind per target: a second is refused until the first is decided.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`proposal:${input.kind}:${targetId}`}))`);
      const [waiting] = await tx
        .select({ id: staffProposals.id })
        .from(staffProposals)
        .where(
          and(
            eq(staffProposals.kind, input.kind),
            eq(staffProposals.status, 'pending'),
            playerId
              ? eq(staffProposals.playerId, playerId)
              : sql`${staffProposals.payload}->>${targetKind === 'staff' ? 'staffId' : 'name'} = ${targetId}`,
          ),
        )
        .limit(1);
      if (waiting && input.kind !== 'balance_correction') throw fail('PROPOSAL_PENDING');
      const [row] = await tx
        .insert(staffProposals)
        .values({
          kind: input.kind,
          playerId,
          amountOre,
          payload,
          reason: input.reason.trim(),
          proposedBy: session.id,
          proposedAt: clock(),
        })
        .returning();
      await staff.record(tx, session.id, {
        action: 'proposal.create',
        targetKind,
        targetId,
        reason: input.reason,
        after: { proposalId: row!.id, kind: input.kind, ...(amountOre === null ? {} : { amountOre }), ...payload },
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
      staffMember:
        typeof row.payload.staffId === 'string' ? { id: row.payload.staffId, name: members.get(row.payload.staffId) ?? '' } : null,
      roles: Array.isArray(row.payload.roles) ? (row.payload.roles as string[]) : null,
      settingName: typeof row.payload.name === 'string' ? row.payload.name : null,
      settingValue: row.kind === 'protected_setting' ? (row.payload.value ?? null) : null,
      wageringMultiple: typeof row.payload.wageringMultiple === 'number' ? row.payload.wageringMultiple : null,
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
    return db
      .transaction(async (tx) => {
        const [proposal] = await tx.select().from(staffProposals).where(eq(staffProposals.id, proposalId)).for('update');
        if (!proposal) throw fail('PROPOSAL_NOT_FOUND');
        assertKindRole(session, proposal.kind as ProposalKind);
        if (proposal.proposedBy === session.id) throw fail('FOUR_EYES_SAME_STAFF');
        if (proposal.status !== 'pending') throw fail('PROPOSAL_DECIDED');
        // No one approves a grant of their own roles.
        if (proposal.kind === 'role_grant' && proposal.payload.staffId === session.id) throw fail('STAFF_SELF_CHANGE');
        let result: Record<string, unknown> | null = null;
        if (decision === 'approve') result = await carryOut(tx, proposal, session.id);
        const status = decision === 'approve' ? ('approved' as const) : ('rejected' as const);
        await tx
          .update(staffProposals)
          .set({ status, decidedBy: session.id, decidedAt: clock(), decisionReason: reason.trim(), result })
          .where(eq(staffProposals.id, proposalId));
        await staff.record(tx, session.id, {
          action: `proposal.${decision}`,
          targetKind: proposal.playerId
            ? 'player'
            : proposal.kind === 'role_grant'
              ? 'staff'
              : proposal.kind === 'protected_setting'
                ? 'setting'
                : 'proposal',
          targetId: proposal.playerId ?? String(proposal.payload.staffId ?? proposal.payload.name ?? proposal.id),
          reason,
          before: { proposalId, status: 'pending' },
          after: { proposalId, status, ...(result ?? {}) },
        });
        return { id: proposalId, status, result, kind: proposal.kind as ProposalKind };
      })
      .then(async (decided) => {
        if (decided.status === 'approved') await deps.afterApproval?.(decided.kind);
        return { id: decided.id, status: decided.status, result: decided.result };
      });
  }

  /** What an approved proposal does, in the approval's transaction. */
  async function carryOut(tx: Db, proposal: typeof staffProposals.$inferSelect, deciderId: string) {
    if (proposal.kind === 'withdrawal_payout') {
      const withdrawalId = String(proposal.payload.withdrawalId);
      const { after } = await withdrawalReview.approve(tx, deciderId, withdrawalId, { fourEyes: true });
      return { withdrawalId, status: after.status, sendAfter: after.sendAfter.toISOString() };
    }
    if (proposal.kind === 'account_reopen') {
      const { reopenedAt } = await limits.reopenAccount(tx, proposal.playerId!);
      return { reopenedAt: reopenedAt.toISOString() };
    }
    if (proposal.kind === 'manual_bonus') {
      const granted = await bonus.grantOutsideCampaign(tx, {
        playerId: proposal.playerId!,
        amountOre: proposal.amountOre!,
        wageringMultiple: Number(proposal.payload.wageringMultiple),
        proposalId: proposal.id,
      });
      return { grantId: granted.grantId, transferId: granted.transferId, expiresAt: granted.expiresAt.toISOString() };
    }
    if (proposal.kind === 'role_grant') {
      const roles = (proposal.payload.roles as StaffRole[]) ?? [];
      return { staffId: String(proposal.payload.staffId), ...(await members.grantRoles(tx, String(proposal.payload.staffId), roles)) };
    }
    if (proposal.kind === 'protected_setting') {
      const name = String(proposal.payload.name);
      const { revisionId } = await settings.applyProtected(tx, name, proposal.payload.value, deciderId, proposal.reason);
      return { name, revisionId };
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
