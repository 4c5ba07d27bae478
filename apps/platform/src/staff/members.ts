import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { fail } from '../shared/errors.js';
import { STAFF_ROLES, type StaffRole } from './roles.js';
import { staffMembers, staffSessions } from './schema.js';
import type { StaffService, StaffSession } from './service.js';

type Runner = Pick<Db, 'select' | 'insert' | 'update'>;
export type StaffMemberRow = typeof staffMembers.$inferSelect;

/** The IdP's `sub` of a member: what the staff IdP's ID token names them by. */
export const STAFF_SUBJECT = /^[A-Za-z0-9._:@-]{3,200}$/;

const sorted = (roles: readonly string[]) =>
  [...new Set(roles)].sort((a, b) => STAFF_ROLES.indexOf(a as StaffRole) - STAFF_ROLES.indexOf(b as StaffRole));

/**
 * The staff and their roles (issue 29, the administrator's): members are added without roles (the
 * IdP says who they are, the platform what they may do); a role is granted only by four eyes (a
 * `role_grant` proposal another administrator approves, staff/proposals.ts), while taking roles away
 * and deactivating a member are immediate, protections that end the member's sessions at once. No
 * one changes their own roles or access, and the last active administrator stays one.
 */
export function createStaffMembers({ db, clock, staff }: { db: Db; clock: () => Date; staff: StaffService }) {
  async function list() {
    const [members, logins] = await Promise.all([
      db.select().from(staffMembers).orderBy(asc(staffMembers.name)),
      db
        .select({
          staffId: staffSessions.staffId,
          lastLoginAt: sql<Date | null>`max(${staffSessions.createdAt})`.mapWith((value) => (value ? new Date(value) : null)),
          open: sql<number>`count(*) filter (where ${staffSessions.endedAt} is null and ${staffSessions.expiresAt} > ${clock().toISOString()}::timestamptz)::int`,
        })
        .from(staffSessions)
        .groupBy(staffSessions.staffId),
    ]);
    const byMember = new Map(logins.map((row) => [row.staffId, row]));
    return members.map((member) => ({
      ...member,
      roles: sorted(member.roles),
      lastLoginAt: byMember.get(member.id)?.lastLoginAt ?? null,
      openSessions: byMember.get(member.id)?.open ?? 0,
    }));
  }

  async function member(runner: Pick<Db, 'select'>, id: string, lock = false): Promise<StaffMemberRow> {
    const query = runner.select().from(staffMembers).where(eq(staffMembers.id, id)).limit(1);
    const [row] = await (lock ? query.for('update') : query);
    if (!row) throw fail('STAFF_MEMBER_NOT_FOUND');
    return row;
  }

  function assertNotSelf(session: StaffSession, id: string) {
    if (session.id === id) throw fail('STAFF_SELF_CHANGE');
  }

  /** Whether another active administrator than `id` remains. */
  async function assertAnotherAdministrator(tx: Pick<Db, 'select'>, id: string) {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(staffMembers)
      .where(and(eq(staffMembers.active, true), sql`'administrator' = any(${staffMembers.roles})`, sql`${staffMembers.id} <> ${id}`));
    if ((row?.n ?? 0) === 0) throw fail('STAFF_LAST_ADMINISTRATOR');
  }

  /** Ends the member's open sessions at once (roles taken, access ended). */
  async function endSessions(tx: Pick<Db, 'update'>, id: string, reason: string) {
    await tx
      .update(staffSessions)
      .set({ endedAt: clock(), endedReason: reason })
      .where(and(eq(staffSessions.staffId, id), isNull(staffSessions.endedAt)));
  }

  /** A new member, without roles: they can sign in and see nothing until roles are granted (four eyes). */
  async function add(session: StaffSession, input: { subject: string; name: string; email: string; reason: string }) {
    return db.transaction(async (tx) => {
      const [taken] = await tx.select({ id: staffMembers.id }).from(staffMembers).where(eq(staffMembers.subject, input.subject));
      if (taken) throw fail('STAFF_MEMBER_EXISTS');
      // Two administrators adding the same login at once: the unique subject decides, the second is told.
      const [row] = await tx
        .insert(staffMembers)
        .values({ subject: input.subject, name: input.name.trim(), email: input.email.trim().toLowerCase(), roles: [], createdAt: clock() })
        .onConflictDoNothing({ target: staffMembers.subject })
        .returning();
      if (!row) throw fail('STAFF_MEMBER_EXISTS');
      await staff.record(tx, session.id, {
        action: 'staff.add',
        targetKind: 'staff',
        targetId: row!.id,
        reason: input.reason,
        after: { subject: row!.subject, name: row!.name, email: row!.email, roles: [] },
      });
      return row!;
    });
  }

  /**
   * Takes roles away at once (the new roles a subset of the current ones); a change that adds a role
   * is a grant, proposed for four eyes instead (the caller's). Ends the member's sessions, so the
   * roles taken are gone from the next call.
   */
  async function removeRoles(session: StaffSession, id: string, roles: readonly StaffRole[], reason: string) {
    assertNotSelf(session, id);
    return db.transaction(async (tx) => {
      const before = await member(tx, id, true);
      const next = sorted(roles);
      if (next.some((role) => !before.roles.includes(role))) throw fail('INVALID_INPUT', { fields: { roles: 'adds a role: four eyes' } });
      if (before.roles.includes('administrator') && !next.includes('administrator') && before.active)
        await assertAnotherAdministrator(tx, id);
      const [after] = await tx.update(staffMembers).set({ roles: next }).where(eq(staffMembers.id, id)).returning();
      await endSessions(tx, id, 'roles_changed');
      await staff.record(tx, session.id, {
        action: 'staff.roles_remove',
        targetKind: 'staff',
        targetId: id,
        reason,
        before: { roles: sorted(before.roles) },
        after: { roles: next },
      });
      return after!;
    });
  }

  /** Grants roles (an approved `role_grant`, in the approval's transaction): the member's roles become these. */
  async function grantRoles(tx: Runner, id: string, roles: readonly StaffRole[]) {
    const before = await member(tx, id, true);
    if (!before.active) throw fail('STAFF_MEMBER_NOT_FOUND');
    const next = sorted([...before.roles, ...roles]);
    await tx.update(staffMembers).set({ roles: next }).where(eq(staffMembers.id, id));
    return { before: sorted(before.roles), after: next };
  }

  /**
   * Ends a member's access at once (their sessions too); back again with no roles (granting them is
   * four eyes again). The last active administrator cannot be deactivated.
   */
  async function setActive(session: StaffSession, id: string, active: boolean, reason: string) {
    assertNotSelf(session, id);
    return db.transaction(async (tx) => {
      const before = await member(tx, id, true);
      if (before.active === active) return before;
      if (!active && before.roles.includes('administrator')) await assertAnotherAdministrator(tx, id);
      const [after] = await tx
        .update(staffMembers)
        .set(active ? { active, roles: [] } : { active })
        .where(eq(staffMembers.id, id))
        .returning();
      if (!active) await endSessions(tx, id, 'deactivated');
      await staff.record(tx, session.id, {
        action: active ? 'staff.reactivate' : 'staff.deactivate',
        targetKind: 'staff',
        targetId: id,
        reason,
        before: { active: before.active, roles: sorted(before.roles) },
        after: { active: after!.active, roles: sorted(after!.roles) },
      });
      return after!;
    });
  }

  return { list, member, get: (id: string) => member(db, id), add, removeRoles, grantRoles, setActive, assertNotSelf };
}

export type StaffMembers = ReturnType<typeof createStaffMembers>;
