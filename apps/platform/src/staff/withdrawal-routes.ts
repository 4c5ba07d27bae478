import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { VERIFICATION_LEVELS, type DocumentsService } from '../documents/service.js';
import type { WithdrawalRow } from '../payments/withdrawals.js';
import { CONTEXT_DAYS, WITHDRAWAL_QUEUES, type WithdrawalQueue, type WithdrawalReview } from '../payments/withdrawals-review.js';
import type { StaffAccess } from '../players/staff-access.js';
import { errorBody, iso, isoDateTime, isoOrNull, ok, ore } from '../shared/http.js';
import { reasonBody } from './proposal-routes.js';
import type { Proposals } from './proposals.js';
import { PLAYER_READERS, WITHDRAWAL_REVIEWERS } from './roles.js';
import type { StaffService } from './service.js';

const tags = ['staff'];
const refusals = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const withdrawalParams = z.object({ withdrawalId: z.uuid() });
const who = z.object({ id: z.uuid(), name: z.string() }).nullable();
const STATUSES = ['pending', 'held', 'sending', 'sent', 'paid', 'cancelled', 'failed', 'rejected'] as const;

const queueEntry = z.object({
  id: z.uuid(),
  playerId: z.uuid(),
  playerName: z.string(),
  amountOre: ore,
  status: z.enum(STATUSES),
  /** Over PAYOUT_FOUR_EYES_ORE when asked: paid only when a second member approved another's proposal. */
  needsApproval: z.boolean(),
  requestedAt: isoDateTime,
  /** The end of the player's hold: sent from then on, once approved where it needs to be. */
  sendAfter: isoDateTime,
  expectedBy: isoDateTime,
  approvedBy: who,
  approvedAt: isoDateTime.nullable(),
  heldBy: who,
  heldAt: isoDateTime.nullable(),
  holdReason: z.string().nullable(),
  rejectedBy: who,
  rejectedAt: isoDateTime.nullable(),
  rejectionReason: z.string().nullable(),
  forfeitedBonusOre: ore,
  /** The pending four-eyes proposal to pay it, if one waits for a second member. */
  proposal: z.object({ id: z.uuid(), proposedBy: z.object({ id: z.uuid(), name: z.string() }) }).nullable(),
  /** The player beside it: balances now, the last 90 days' money and play, verification and status. */
  context: z.object({
    days: z.number().int(),
    playerStatus: z.string(),
    registeredAt: isoDateTime,
    verification: z.enum(VERIFICATION_LEVELS),
    cashOre: ore,
    bonusOre: ore,
    depositsOre: ore,
    depositCount: z.number().int(),
    paidOutOre: ore,
    stakesOre: ore,
    winsOre: ore,
  }),
});
type QueueEntry = z.infer<typeof queueEntry>;

/**
 * Withdrawals in the back office (docs/backoffice.md): the queue with each player's context, and
 * the payments role's hold, approval (four eyes over `PAYOUT_FOUR_EYES_ORE`: the first approval
 * is a proposal another member decides at /Staff/proposals) and rejection with a reason the player sees.
 */
export const withdrawalRoutes: FastifyPluginAsyncZod<{
  db: Db;
  staff: StaffService;
  access: StaffAccess;
  documents: DocumentsService;
  review: WithdrawalReview;
  proposals: Proposals;
}> = async (app, { db, staff, access, documents, review, proposals }) => {
  const reviewer = staff.guard(WITHDRAWAL_REVIEWERS);

  async function entries(rows: WithdrawalRow[]): Promise<QueueEntry[]> {
    const playerIds = rows.map((row) => row.playerId);
    const [players, contexts, waiting] = await Promise.all([
      access.summaries(playerIds),
      review.contexts(playerIds),
      proposals.pendingForWithdrawals(rows.map((row) => row.id)),
    ]);
    const levels = new Map(await Promise.all([...new Set(playerIds)].map(async (id) => [id, await documents.verification(id)] as const)));
    const members = await staff.memberNames(
      rows.flatMap((row) => [row.approvedBy, row.heldBy, row.rejectedBy]).concat([...waiting.values()].map((p) => p.proposedBy)),
    );
    const member = (id: string | null) => (id ? { id, name: members.get(id) ?? '' } : null);
    return rows.map((row) => {
      const player = players.get(row.playerId)!;
      const proposal = waiting.get(row.id);
      return {
        id: row.id,
        playerId: row.playerId,
        playerName: player.name,
        amountOre: row.amountOre,
        status: row.status as QueueEntry['status'],
        needsApproval: row.needsApproval,
        requestedAt: iso(row.requestedAt),
        sendAfter: iso(row.sendAfter),
        expectedBy: iso(row.expectedBy),
        approvedBy: member(row.approvedBy),
        approvedAt: isoOrNull(row.approvedAt),
        heldBy: member(row.heldBy),
        heldAt: isoOrNull(row.heldAt),
        holdReason: row.holdReason,
        rejectedBy: member(row.rejectedBy),
        rejectedAt: isoOrNull(row.rejectedAt),
        rejectionReason: row.rejectionReason,
        forfeitedBonusOre: row.forfeitedBonusOre,
        proposal: proposal ? { id: proposal.id, proposedBy: member(proposal.proposedBy)! } : null,
        context: {
          days: CONTEXT_DAYS,
          playerStatus: player.status,
          registeredAt: iso(player.registeredAt),
          verification: levels.get(row.playerId) ?? 'none',
          ...contexts.get(row.playerId)!,
        },
      };
    });
  }

  app.get(
    '/Staff/withdrawals',
    {
      ...reviewer,
      schema: {
        tags,
        operationId: 'staffWithdrawals',
        summary: 'The withdrawals queue: waiting ones oldest first (open, held, sending), or those done (paid, closed) newest first',
        querystring: z.object({ status: z.enum(Object.keys(WITHDRAWAL_QUEUES) as [WithdrawalQueue]).default('open') }),
        response: { 200: ok(z.object({ withdrawals: z.array(queueEntry), fourEyesOverOre: ore })), ...refusals },
      },
    },
    async (request) => ({
      result: 1 as const,
      data: { withdrawals: await entries(await review.queue(request.query.status)), fourEyesOverOre: review.fourEyesOverOre },
    }),
  );

  app.get(
    '/Staff/players/:playerId/withdrawals',
    {
      ...staff.guard(PLAYER_READERS),
      schema: {
        tags,
        operationId: 'staffPlayerWithdrawals',
        summary: 'A player’s withdrawals, every status, newest first, with who held, approved or rejected each and why',
        params: z.object({ playerId: z.uuid() }),
        response: { 200: ok(z.object({ withdrawals: z.array(queueEntry), fourEyesOverOre: ore })), ...refusals },
      },
    },
    async (request) => {
      await access.find(request.params.playerId);
      const rows = await review.ofPlayer(request.params.playerId);
      return { result: 1 as const, data: { withdrawals: await entries(rows), fourEyesOverOre: review.fourEyesOverOre } };
    },
  );

  const actionResponse = ok(
    z.object({
      /** approved: it will be sent; proposed: a second member must approve the proposal; held; rejected. */
      outcome: z.enum(['held', 'approved', 'proposed', 'rejected']),
      withdrawal: queueEntry,
      proposalId: z.uuid().nullable(),
    }),
  );

  for (const action of ['hold', 'approve', 'reject'] as const) {
    app.post(
      `/Staff/withdrawals/:withdrawalId/${action}`,
      {
        ...reviewer,
        schema: {
          tags,
          operationId: { hold: 'staffHoldWithdrawal', approve: 'staffApproveWithdrawal', reject: 'staffRejectWithdrawal' }[action],
          summary: {
            hold: 'Holds a waiting withdrawal: not sent, nor cancellable by the player, until approved or rejected',
            approve:
              'Approves a waiting or held withdrawal; over the four-eyes amount this is a proposal that another staff member must approve',
            reject: 'Rejects a waiting or held withdrawal: the money goes back to the game account and the player sees the reason',
          }[action],
          params: withdrawalParams,
          body: reasonBody,
          response: { 200: actionResponse, ...refusals },
        },
      },
      async (request) => {
        const { withdrawalId } = request.params;
        const { reason } = request.body;
        const staffId = request.staff.id;
        const current = await review.find(withdrawalId);
        if (action === 'approve' && current.needsApproval && !current.approvedAt) {
          const proposal = await proposals.proposeWithdrawal(request.staff, withdrawalId, reason);
          const [entry] = await entries([await review.find(withdrawalId)]);
          return { result: 1 as const, data: { outcome: 'proposed' as const, withdrawal: entry!, proposalId: proposal.id } };
        }
        const after = await db.transaction(async (tx) => {
          const step =
            action === 'hold'
              ? await review.hold(tx, staffId, withdrawalId, reason)
              : action === 'approve'
                ? await review.approve(tx, staffId, withdrawalId)
                : await review.reject(tx, staffId, withdrawalId, reason);
          await staff.record(tx, staffId, {
            action: `withdrawal.${action}`,
            targetKind: 'player',
            targetId: step.before.playerId,
            reason,
            before: { withdrawalId, amountOre: step.before.amountOre, status: step.before.status },
            after: { withdrawalId, amountOre: step.after.amountOre, status: step.after.status },
          });
          return step.after;
        });
        const [entry] = await entries([after]);
        const outcome = action === 'hold' ? 'held' : action === 'approve' ? 'approved' : 'rejected';
        return { result: 1 as const, data: { outcome: outcome as 'held' | 'approved' | 'rejected', withdrawal: entry!, proposalId: null } };
      },
    );
  }
};
