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
          'Proposes a manual balance correction, carried out when another staff member approves it (a payout is proposed at /Staff/withdrawals/{id}/approve)',
        body: z.object({
          kind: z.literal('balance_correction'),
          playerId: z.uuid(),
          amountOre: ore,
          reason: z.string().trim().min(3).max(500),
        }),
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
