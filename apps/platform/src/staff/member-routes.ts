import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ContentEditing } from '../content/service.js';
import { errorBody, isoDateTime, isoOrNull, ok } from '../shared/http.js';
import { STAFF_SUBJECT, type StaffMembers } from './members.js';
import { reasonBody } from './proposal-routes.js';
import type { Proposals } from './proposals.js';
import { STAFF_ROLES, type StaffRole } from './roles.js';
import type { StaffService } from './service.js';

const tags = ['staff'];
const refusals = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
/** Administrators only: `administrator` is admitted everywhere, and no other role here. */
const ADMINISTRATORS: StaffRole[] = [];

const memberSchema = z.object({
  id: z.uuid(),
  subject: z.string(),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.enum(STAFF_ROLES)),
  active: z.boolean(),
  createdAt: isoDateTime,
  lastLoginAt: isoDateTime.nullable(),
  openSessions: z.number().int(),
  /** A role grant waiting for another administrator's approval. */
  pendingGrant: z.object({ proposalId: z.uuid(), roles: z.array(z.string()), proposedBy: z.string() }).nullable(),
});

/**
 * Staff and roles, and the protected settings, at the staff door (docs/backoffice.md; role
 * administrator): members added without roles, roles granted by four eyes (a `role_grant` another
 * administrator approves) and taken away at once, access ended at once; a protected setting changed
 * by four eyes only (`protected_setting`). Each step is a staff action in the trail.
 */
export const memberRoutes: FastifyPluginAsyncZod<{
  staff: StaffService;
  members: StaffMembers;
  proposals: Proposals;
  settings: Pick<ContentEditing, 'protectedSettings'>;
}> = async (app, { staff, members, proposals, settings }) => {
  const admin = staff.guard(ADMINISTRATORS);

  async function membersJson() {
    const [rows, pending] = await Promise.all([members.list(), proposals.list('pending')]);
    const grants = new Map(
      pending
        .filter((row) => row.kind === 'role_grant' && row.staffMember)
        .map((row) => [row.staffMember!.id, { proposalId: row.id, roles: row.roles ?? [], proposedBy: row.proposedBy.name }]),
    );
    return rows.map((row) => ({
      id: row.id,
      subject: row.subject,
      name: row.name,
      email: row.email,
      roles: row.roles as StaffRole[],
      active: row.active,
      createdAt: row.createdAt.toISOString(),
      lastLoginAt: isoOrNull(row.lastLoginAt),
      openSessions: row.openSessions,
      pendingGrant: grants.get(row.id) ?? null,
    }));
  }
  const membersAnswer = ok(z.object({ members: z.array(memberSchema) }));

  app.get(
    '/Staff/staff',
    {
      ...admin,
      schema: {
        tags,
        operationId: 'staffMembers',
        summary: 'The staff: roles, active or not, last login, open sessions, a role grant waiting for four eyes',
        response: { 200: membersAnswer, ...refusals },
      },
    },
    async () => ({ result: 1 as const, data: { members: await membersJson() } }),
  );

  app.post(
    '/Staff/staff',
    {
      ...admin,
      schema: {
        tags,
        operationId: 'staffAddMember',
        summary:
          'Adds a member by their staff IdP login (`subject`, the ID token’s sub), without roles: roles are granted by four eyes; 409 STAFF_MEMBER_EXISTS',
        body: reasonBody.extend({
          subject: z.string().regex(STAFF_SUBJECT),
          name: z.string().trim().min(2).max(120),
          email: z.email().max(200),
        }),
        response: { 200: membersAnswer, ...refusals },
      },
    },
    async (request) => {
      await members.add(request.staff, request.body);
      return { result: 1 as const, data: { members: await membersJson() } };
    },
  );

  app.post(
    '/Staff/staff/:staffId/roles',
    {
      ...admin,
      schema: {
        tags,
        operationId: 'staffSetRoles',
        summary:
          'A member’s roles: taking roles away is at once (their sessions end); adding any is a `role_grant` proposal another administrator approves (`outcome: proposed`). 409 STAFF_SELF_CHANGE for one’s own, STAFF_LAST_ADMINISTRATOR, PROPOSAL_PENDING',
        params: z.object({ staffId: z.uuid() }),
        body: reasonBody.extend({ roles: z.array(z.enum(STAFF_ROLES)).max(STAFF_ROLES.length) }),
        response: {
          200: ok(z.object({ outcome: z.enum(['changed', 'proposed']), proposalId: z.uuid().nullable(), members: z.array(memberSchema) })),
          ...refusals,
        },
      },
    },
    async (request) => {
      const { staffId } = request.params;
      const { roles, reason } = request.body;
      members.assertNotSelf(request.staff, staffId);
      const before = (await members.get(staffId)).roles;
      const added = roles.filter((role) => !before.includes(role));
      if (added.length === 0) {
        await members.removeRoles(request.staff, staffId, roles, reason);
        return { result: 1 as const, data: { outcome: 'changed' as const, proposalId: null, members: await membersJson() } };
      }
      // A grant: the roles taken in the same change go at once; the added ones wait for four eyes.
      const kept = roles.filter((role) => before.includes(role));
      if (kept.length < before.length) await members.removeRoles(request.staff, staffId, kept, reason);
      const proposal = await proposals.propose(request.staff, { kind: 'role_grant', staffId, roles: added, reason });
      return { result: 1 as const, data: { outcome: 'proposed' as const, proposalId: proposal.id, members: await membersJson() } };
    },
  );

  for (const step of ['deactivate', 'reactivate'] as const) {
    app.post(
      `/Staff/staff/:staffId/${step}`,
      {
        ...admin,
        schema: {
          tags,
          operationId: step === 'deactivate' ? 'staffDeactivateMember' : 'staffReactivateMember',
          summary:
            step === 'deactivate'
              ? 'Ends a member’s access at once: their sessions end, no login is let in; 409 STAFF_LAST_ADMINISTRATOR, STAFF_SELF_CHANGE'
              : 'Lets a member sign in again, without roles (granting them is four eyes again)',
          params: z.object({ staffId: z.uuid() }),
          body: reasonBody,
          response: { 200: membersAnswer, ...refusals },
        },
      },
      async (request) => {
        await members.setActive(request.staff, request.params.staffId, step === 'reactivate', request.body.reason);
        return { result: 1 as const, data: { members: await membersJson() } };
      },
    );
  }

  const settingSchema = z.object({
    name: z.string(),
    type: z.string(),
    value: z.unknown(),
    /** A change waiting for another administrator's approval. */
    pending: z.object({ proposalId: z.uuid(), value: z.unknown(), proposedBy: z.string(), reason: z.string() }).nullable(),
  });

  async function settingsJson() {
    const [rows, pending] = await Promise.all([settings.protectedSettings(), proposals.list('pending')]);
    const waiting = new Map(
      pending
        .filter((row) => row.kind === 'protected_setting' && row.settingName)
        .map((row) => [
          row.settingName!,
          { proposalId: row.id, value: row.settingValue, proposedBy: row.proposedBy.name, reason: row.reason },
        ]),
    );
    return rows.map((row) => ({ ...row, pending: waiting.get(row.name) ?? null }));
  }

  app.get(
    '/Staff/settings',
    {
      ...admin,
      schema: {
        tags,
        operationId: 'staffProtectedSettings',
        summary:
          'The protected settings (age limits, the CPR check, 3-D Secure, uploads, payment methods, the tag manager, …) and any change waiting for four eyes',
        response: { 200: ok(z.object({ settings: z.array(settingSchema) })), ...refusals },
      },
    },
    async () => ({ result: 1 as const, data: { settings: await settingsJson() } }),
  );

  app.post(
    '/Staff/settings/:name/propose',
    {
      ...admin,
      schema: {
        tags,
        operationId: 'staffProposeSetting',
        summary:
          'Proposes a protected setting’s new value (same type and shape as now): carried out, kept as a revision and the storefront told when another administrator approves it; 400 SETTING_INVALID, 409 CONTENT_UNCHANGED, PROPOSAL_PENDING',
        params: z.object({ name: z.string().regex(/^[A-Za-z0-9_]{1,80}$/) }),
        body: reasonBody.extend({ value: z.unknown() }),
        response: { 200: ok(z.object({ proposalId: z.uuid(), settings: z.array(settingSchema) })), ...refusals },
      },
    },
    async (request) => {
      const proposal = await proposals.propose(request.staff, {
        kind: 'protected_setting',
        name: request.params.name,
        value: request.body.value,
        reason: request.body.reason,
      });
      return { result: 1 as const, data: { proposalId: proposal.id, settings: await settingsJson() } };
    },
  );
};
