import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, iso, isoDateTime, isoOrNull, ok, ore } from '../shared/http.js';
import { PROPOSAL_KINDS, type Proposals } from './proposals.js';
import type { StaffService } from './service.js';

const tags = ['staff'];
/** A staff action's reason, as every action of the trail takes it. */
export const reasonBody = z.object({ reason: z.string().trim().min(3).max(500) });
const refusals = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

export const proposalSchema = z.object({
  id: z.uuid(),
  kind: z.enum(PROPOSAL_KINDS),
  playerId: z.uuid().nullable(),
  playerName: z.string().nullable(),
  /** The withdrawal a withdrawal_payout proposal would pay. */
  withdrawalId: z.uuid().nullable(),
  /** role_grant: the member and the roles to grant. */
  staffMember: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  roles: z.array(z.string()).nullable(),
  /** protected_setting: the setting and its proposed value. */
  settingName: z.string().nullable(),
  settingValue: z.unknown(),
  /** manual_bonus: the wagering, as a multiple of the bonus. */
  wageringMultiple: z.number().int().nullable(),
  amountOre: ore.nullable(),
  reason: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  proposedBy: z.object({ id: z.uuid(), name: z.string() }),
  proposedAt: isoDateTime,
  decidedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  decidedAt: isoDateTime.nullable(),
  decisionReason: z.string().nullable(),
  result: z.record(z.string(), z.unknown()).nullable(),
});

/**
 * Four eyes at the staff door (proposals.ts): a proposal by one member, its approval (carried out
 * in the same transaction) or rejection by another; the roles of each kind are checked there.
 */
export const proposalRoutes: FastifyPluginAsyncZod<{ staff: StaffService; proposals: Proposals }> = async (app, { staff, proposals }) => {
  app.post(
    '/Staff/proposals',
    {
      ...staff.guard('any'),
      schema: {
        tags,
        operationId: 'staffPropose',
        summary:
          'Proposes, for four eyes: a manual balance correction (payments), reopening a closed account a year after its closure at the earliest (compliance; 409 ACCOUNT_NOT_CLOSED, ACCOUNT_REOPEN_TOO_EARLY with opensAt), a bonus outside a campaign (marketing; at most 1.000 kr., wagering at most 10 × the bonus, 60 days: 400 MANUAL_BONUS_INVALID; 409 BONUS_ALREADY_ACTIVE). Carried out when another member approves it. A payout is proposed at /Staff/withdrawals/{id}/approve, a role at /Staff/staff/{id}/roles, a protected setting at /Staff/settings/{name}/propose',
        body: z.discriminatedUnion('kind', [
          z.object({ kind: z.literal('balance_correction'), playerId: z.uuid(), amountOre: ore, reason: reasonBody.shape.reason }),
          z.object({ kind: z.literal('account_reopen'), playerId: z.uuid(), reason: reasonBody.shape.reason }),
          z.object({
            kind: z.literal('manual_bonus'),
            playerId: z.uuid(),
            amountOre: ore,
            wageringMultiple: z.number().int(),
            reason: reasonBody.shape.reason,
          }),
        ]),
        response: { 200: ok(z.object({ id: z.uuid(), status: z.literal('pending') })), ...refusals },
      },
    },
    async (request) => {
      const row = await proposals.propose(request.staff, request.body);
      return { result: 1 as const, data: { id: row.id, status: 'pending' as const } };
    },
  );

  app.get(
    '/Staff/proposals',
    {
      ...staff.guard('any'),
      schema: {
        tags,
        operationId: 'staffProposals',
        summary: 'Four-eyes proposals by status, newest first',
        querystring: z.object({ status: z.enum(['pending', 'approved', 'rejected', 'all']).default('pending') }),
        response: { 200: ok(z.object({ proposals: z.array(proposalSchema) })), ...refusals },
      },
    },
    async (request) => ({ result: 1 as const, data: { proposals: (await proposals.list(request.query.status)).map(proposalJson) } }),
  );

  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      `/Staff/proposals/:proposalId/${decision}`,
      {
        ...staff.guard('any'),
        schema: {
          tags,
          operationId: decision === 'approve' ? 'staffApproveProposal' : 'staffRejectProposal',
          summary:
            decision === 'approve'
              ? 'Approves another staff member’s proposal, which is carried out in the same transaction'
              : 'Rejects another staff member’s proposal',
          params: z.object({ proposalId: z.uuid() }),
          body: reasonBody,
          response: {
            200: ok(
              z.object({ id: z.uuid(), status: z.enum(['approved', 'rejected']), result: z.record(z.string(), z.unknown()).nullable() }),
            ),
            ...refusals,
          },
        },
      },
      async (request) => ({
        result: 1 as const,
        data: await proposals.decide(request.staff, request.params.proposalId, decision, request.body.reason),
      }),
    );
  }
};

export function proposalJson(row: Awaited<ReturnType<Proposals['list']>>[number]): z.infer<typeof proposalSchema> {
  return { ...row, proposedAt: iso(row.proposedAt), decidedAt: isoOrNull(row.decidedAt) };
}
