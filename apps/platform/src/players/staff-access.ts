import { desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { fail } from '../shared/errors.js';
import { playerNotes, players, rofusChecks, sessions } from './schema.js';
import type { Secrets } from './secrets.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SEARCH_LIMIT = 50;
const RECORDS_LIMIT = 100;

export type PlayerStatus = 'active' | 'locked' | 'game_locked';

/**
 * What the back office's staff see of and do to players' accounts, the players context's side:
 * search (a CPR only by exact match of its hash: it is never stored, nor shown, in clear), a
 * player's profile and sessions, and the status a lock sets. The staff context checks who may.
 */
export function createStaffAccess(deps: { db: Db; secrets: Secrets; clock: () => Date }) {
  const { db, secrets, clock } = deps;

  async function search(query: string) {
    const text = query.trim();
    const digits = text.replace(/[\s-]/g, '');
    const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const condition = /^\d{10}$/.test(digits)
      ? eq(players.cprHash, secrets.hashCpr(digits))
      : UUID.test(text)
        ? eq(players.id, text.toLowerCase())
        : or(
            ilike(sql`${players.firstName} || ' ' || coalesce(${players.middleName} || ' ', '') || ${players.lastName}`, like),
            ilike(players.email, like),
            ilike(sql`${players.mobileCc} || ${players.mobileNo}`, `%${digits.replace(/[\\%_]/g, '')}%`),
          );
    const rows = await db.select().from(players).where(condition).orderBy(desc(players.registeredAt)).limit(SEARCH_LIMIT);
    return rows.map(summary);
  }

  async function find(playerId: string) {
    if (!UUID.test(playerId)) throw fail('PLAYER_NOT_FOUND');
    const [row] = await db.select().from(players).where(eq(players.id, playerId)).limit(1);
    if (!row) throw fail('PLAYER_NOT_FOUND');
    return row;
  }

  async function profile(playerId: string) {
    const row = await find(playerId);
    return {
      ...summary(row),
      birthDate: row.birthDate,
      nickname: row.nickname,
      address: [row.address1, row.address2, row.address3].filter(Boolean).join(', ') || null,
      zip: row.zip,
      city: row.city,
      playerType: row.playerType,
      emailNotify: row.emailNotify,
      smsNotify: row.smsNotify,
      campaignCode: row.campaignCode,
      lastLoginAt: row.lastLoginAt,
    };
  }

  /** The player's logins, newest first, with how each ended. */
  async function loginSessions(playerId: string) {
    const rows = await db.select().from(sessions).where(eq(sessions.playerId, playerId)).orderBy(desc(sessions.createdAt)).limit(50);
    const now = clock();
    return rows.map((row) => ({
      method: row.method,
      createdAt: row.createdAt,
      lastSeenAt: row.lastSeenAt,
      endedAt: row.endedAt,
      endedReason: row.endedReason,
      live: !row.endedAt && row.expiresAt > now,
    }));
  }

  /**
   * Sets a player's status in the caller's transaction (the players table's trigger appends it to
   * the player's audit chain); a lock also ends every login at once. The status it had before.
   */
  async function setStatus(tx: Db, playerId: string, status: PlayerStatus): Promise<string> {
    const [before] = await tx.select({ status: players.status }).from(players).where(eq(players.id, playerId)).for('update');
    if (!before) throw fail('PLAYER_NOT_FOUND');
    if (before.status === status) throw fail('PLAYER_STATUS_UNCHANGED');
    await tx.update(players).set({ status }).where(eq(players.id, playerId));
    if (status !== 'active')
      await tx
        .update(sessions)
        .set({ endedAt: clock(), endedReason: 'locked' })
        .where(sql`${sessions.playerId} = ${playerId} and ${sessions.endedAt} is null`);
    return before.status;
  }

  /** Players' summaries (name, status, registration) by id, in one read, for the back office's lists. */
  async function summaries(playerIds: readonly string[]): Promise<Map<string, ReturnType<typeof summary>>> {
    if (playerIds.length === 0) return new Map();
    const rows = await db
      .select()
      .from(players)
      .where(inArray(players.id, [...new Set(playerIds)]));
    return new Map(rows.map((row) => [row.id, summary(row)]));
  }

  /** Players' full names by id. */
  async function names(playerIds: string[]): Promise<Map<string, string>> {
    return new Map([...(await summaries(playerIds))].map(([id, row]) => [id, row.name]));
  }

  /** Players by their e-mail addresses (a guest's contact message linked to the account of the same address). */
  async function byEmails(emails: readonly string[]): Promise<Map<string, ReturnType<typeof summary>>> {
    const wanted = [...new Set(emails.map((email) => email.trim().toLowerCase()))];
    if (wanted.length === 0) return new Map();
    const rows = await db
      .select()
      .from(players)
      .where(inArray(sql`lower(${players.email})`, wanted));
    return new Map(rows.map((row) => [row.email.toLowerCase(), summary(row)]));
  }

  /** The staff notes on a player, newest first. */
  async function notes(playerId: string) {
    await find(playerId);
    return db
      .select()
      .from(playerNotes)
      .where(eq(playerNotes.playerId, playerId))
      .orderBy(desc(playerNotes.createdAt))
      .limit(RECORDS_LIMIT);
  }

  /** Adds a staff note in the caller's transaction (where the staff context writes its trail row). */
  async function addNote(tx: Db, playerId: string, staffId: string, text: string) {
    const [row] = await tx.insert(playerNotes).values({ playerId, staffId, text, createdAt: clock() }).returning();
    return row!;
  }

  /**
   * The ROFUS checks of the person, newest first: those of their logins and the one of their
   * registration (made before the account existed, so found by the CPR's hash).
   */
  async function rofusChecksOf(playerId: string) {
    const player = await find(playerId);
    return db
      .select({
        occasion: rofusChecks.occasion,
        outcome: rofusChecks.outcome,
        excludedUntil: rofusChecks.excludedUntil,
        checkedAt: rofusChecks.checkedAt,
      })
      .from(rofusChecks)
      .where(eq(rofusChecks.cprHash, player.cprHash))
      .orderBy(desc(rofusChecks.checkedAt))
      .limit(RECORDS_LIMIT);
  }

  return { search, profile, loginSessions, setStatus, find, names, summaries, byEmails, notes, addNote, rofusChecksOf };
}

const summary = (row: typeof players.$inferSelect) => ({
  id: row.id,
  name: [row.firstName, row.middleName, row.lastName].filter(Boolean).join(' '),
  email: row.email,
  phone: `${row.mobileCc} ${row.mobileNo}`,
  status: row.status,
  registeredAt: row.registeredAt,
});

export type StaffAccess = ReturnType<typeof createStaffAccess>;
