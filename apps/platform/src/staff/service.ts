import { and, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { hashToken, newToken, TOKEN_PATTERN } from '../players/secrets.js';
import { fail } from '../shared/errors.js';
import { hasSecondFactor, type StaffIdentityProvider } from './identity.js';
import { admits, type StaffRole } from './roles.js';
import { staffActions, staffLogins, staffMembers, staffSessions } from './schema.js';

/** The staff session token of a request (Authorization: Bearer). */
export const bearerOf = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  return typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : undefined;
};

/** A login round trip must come back within this time. */
const LOGIN_TTL_MS = 10 * 60_000;
/** A session's activity is written at most this often. */
const TOUCH_EVERY_MS = 30_000;

export interface StaffMember {
  id: string;
  name: string;
  email: string;
  roles: string[];
}

export interface StaffSession extends StaffMember {
  sessionExpiresAt: Date;
}

/** One staff action for the trail (staff_actions, appended to the audit log's staff chain by the database). */
export interface StaffActionRecord {
  action: string;
  targetKind: string;
  targetId: string;
  reason: string;
  before?: unknown;
  after?: unknown;
}

type Runner = Pick<Db, 'insert'>;

/**
 * Staff identity, sessions and the trail: the login round trip with the staff IdP (a second factor
 * required), short revocable sessions, the role check every staff route makes, and `record`, the
 * one way a staff action is written (in the caller's transaction, so the action and its entry
 * commit together).
 */
export function createStaffService(deps: { db: Db; config: Config; clock: () => Date; idp: StaffIdentityProvider }) {
  const { db, config, clock, idp } = deps;
  const idleMs = config.STAFF_SESSION_IDLE_MINUTES * 60_000;
  const absoluteMs = config.STAFF_SESSION_ABSOLUTE_HOURS * 3_600_000;

  async function startLogin() {
    const request = await idp.authorize();
    const [row] = await db
      .insert(staffLogins)
      .values({ state: request.state, nonce: request.nonce, codeVerifier: request.codeVerifier, createdAt: clock() })
      .returning({ id: staffLogins.id });
    return { loginId: row!.id, authorizationUrl: request.url };
  }

  async function completeLogin(loginId: string, callbackParams: Record<string, string>) {
    const now = clock();
    // Each round trip is used once: claimed before the IdP is asked, so a replayed callback fails.
    const [login] = await db
      .update(staffLogins)
      .set({ usedAt: now })
      .where(
        and(eq(staffLogins.id, loginId), isNull(staffLogins.usedAt), gt(staffLogins.createdAt, new Date(now.getTime() - LOGIN_TTL_MS))),
      )
      .returning();
    if (!login) throw fail('STAFF_LOGIN_FAILED');
    const identity = await idp.complete(callbackParams, login);
    if (!hasSecondFactor(identity.methods)) throw fail('STAFF_SECOND_FACTOR_REQUIRED');
    const [member] = await db
      .select()
      .from(staffMembers)
      .where(and(eq(staffMembers.subject, identity.subject), eq(staffMembers.active, true)))
      .limit(1);
    if (!member) throw fail('STAFF_UNKNOWN');
    const token = newToken();
    const expiresAt = new Date(now.getTime() + absoluteMs);
    await db.transaction(async (tx) => {
      await tx
        .insert(staffSessions)
        .values({ tokenHash: hashToken(token), staffId: member.id, createdAt: now, lastSeenAt: now, expiresAt });
      await record(tx, member.id, {
        action: 'staff.login',
        targetKind: 'staff',
        targetId: member.id,
        reason: 'login',
        after: { methods: identity.methods },
      });
    });
    return { sessionToken: token, expiresAt, staff: shape(member) };
  }

  /** The live session of a token and its member, or null; being asked counts as activity. */
  async function resolve(token: string): Promise<StaffSession | null> {
    if (!TOKEN_PATTERN.test(token)) return null;
    const tokenHash = hashToken(token);
    const [row] = await db
      .select({ session: staffSessions, member: staffMembers })
      .from(staffSessions)
      .innerJoin(staffMembers, eq(staffMembers.id, staffSessions.staffId))
      .where(eq(staffSessions.tokenHash, tokenHash))
      .limit(1);
    if (!row || row.session.endedAt || !row.member.active) return null;
    const now = clock();
    if (now >= row.session.expiresAt || now.getTime() - row.session.lastSeenAt.getTime() >= idleMs) return null;
    if (now.getTime() - row.session.lastSeenAt.getTime() >= TOUCH_EVERY_MS)
      await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.tokenHash, tokenHash));
    const idleEnd = new Date(now.getTime() + idleMs);
    return { ...shape(row.member), sessionExpiresAt: idleEnd < row.session.expiresAt ? idleEnd : row.session.expiresAt };
  }

  /** The member of a live session whose roles admit the call, or the refusal. */
  async function authorize(token: string | undefined, allowed: readonly StaffRole[] | 'any'): Promise<StaffSession> {
    const session = token ? await resolve(token) : null;
    if (!session) throw fail('STAFF_SESSION_REQUIRED');
    if (allowed !== 'any' && !admits(session.roles, allowed)) throw fail('STAFF_ROLE_REQUIRED');
    return session;
  }

  /** A route's role check: its preHandler sets the request's staff member, or refuses the call. */
  function guard(allowed: readonly StaffRole[] | 'any') {
    return {
      preHandler: async (request: FastifyRequest) => {
        request.staff = await authorize(bearerOf(request), allowed);
      },
    };
  }

  async function logout(token: string) {
    if (!TOKEN_PATTERN.test(token)) return;
    await db
      .update(staffSessions)
      .set({ endedAt: clock(), endedReason: 'logout' })
      .where(and(eq(staffSessions.tokenHash, hashToken(token)), isNull(staffSessions.endedAt)));
  }

  /** Writes one staff action (and so its audit entry) in the caller's transaction. */
  async function record(runner: Runner, staffId: string, action: StaffActionRecord) {
    const reason = action.reason.trim();
    if (reason.length < 3) throw fail('STAFF_REASON_REQUIRED');
    await runner.insert(staffActions).values({
      staffId,
      action: action.action,
      targetKind: action.targetKind,
      targetId: action.targetId,
      reason,
      before: action.before ?? null,
      after: action.after ?? null,
      at: clock(),
    });
  }

  /** The staff actions on one target (a player), newest first, with who took them. */
  async function trail(targetKind: string, targetId: string) {
    const rows = await db
      .select({ action: staffActions, staffName: staffMembers.name })
      .from(staffActions)
      .innerJoin(staffMembers, eq(staffMembers.id, staffActions.staffId))
      .where(and(eq(staffActions.targetKind, targetKind), eq(staffActions.targetId, targetId)))
      .orderBy(desc(staffActions.at))
      .limit(200);
    return rows.map(({ action, staffName }) => ({
      action: action.action,
      staffName,
      reason: action.reason,
      before: action.before,
      after: action.after,
      at: action.at.toISOString(),
    }));
  }

  /** Staff members' names by id, for the back office's lists (who held, proposed, approved). */
  async function memberNames(ids: readonly (string | null)[]): Promise<Map<string, string>> {
    const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
    if (wanted.length === 0) return new Map();
    const rows = await db
      .select({ id: staffMembers.id, name: staffMembers.name })
      .from(staffMembers)
      .where(inArray(staffMembers.id, wanted));
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  return { startLogin, completeLogin, resolve, authorize, guard, logout, record, trail, memberNames };
}

const shape = (member: typeof staffMembers.$inferSelect): StaffMember => ({
  id: member.id,
  name: member.name,
  email: member.email,
  roles: member.roles,
});

export type StaffService = ReturnType<typeof createStaffService>;
