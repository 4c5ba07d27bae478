import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { sessions } from './schema.js';
import { hashToken, newToken, TOKEN_PATTERN } from './secrets.js';

export interface SessionRules {
  idleMs: number;
  absoluteMs: number;
}

export interface LiveSession {
  playerId: string;
  method: string;
  createdAt: Date;
  expiresAt: Date;
}

/** Activity is written at most this often, so a busy player does not write on every request. */
const TOUCH_EVERY_MS = 60_000;

/**
 * Player sessions. A session is alive while it has not ended, its absolute end has not passed
 * and it was used within the idle time: a state derived from timestamps, with no job that
 * expires sessions. The token is 256 random bits, given once to the storefront; the database
 * keeps only its SHA-256.
 */
export function createSessionStore(db: Db, clock: () => Date, rules: SessionRules) {
  async function create(playerId: string, method: string) {
    const token = newToken();
    const now = clock();
    const expiresAt = new Date(now.getTime() + rules.absoluteMs);
    await db.insert(sessions).values({ tokenHash: hashToken(token), playerId, method, createdAt: now, lastSeenAt: now, expiresAt });
    return { token, expiresAt };
  }

  /** The live session for a token, or null; being asked counts as activity. */
  async function resolve(token: string, { touch = true } = {}): Promise<LiveSession | null> {
    if (!TOKEN_PATTERN.test(token)) return null;
    const tokenHash = hashToken(token);
    const [row] = await db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash)).limit(1);
    if (!row || row.endedAt) return null;
    const now = clock();
    if (now >= row.expiresAt) return null;
    if (now.getTime() - row.lastSeenAt.getTime() >= rules.idleMs) return null;
    if (touch && now.getTime() - row.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
      await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
    }
    return { playerId: row.playerId, method: row.method, createdAt: row.createdAt, expiresAt: row.expiresAt };
  }

  /**
   * Ends one live session; the player's id when it was. A session already past its absolute or
   * idle end is left as it is: it ended by expiry, and a late logout must not rewrite that.
   */
  async function end(token: string, reason: string): Promise<string | null> {
    if (!TOKEN_PATTERN.test(token)) return null;
    const now = clock();
    const [row] = await db
      .update(sessions)
      .set({ endedAt: now, endedReason: reason })
      .where(
        and(
          eq(sessions.tokenHash, hashToken(token)),
          isNull(sessions.endedAt),
          gt(sessions.expiresAt, now),
          gt(sessions.lastSeenAt, new Date(now.getTime() - rules.idleMs)),
        ),
      )
      .returning({ playerId: sessions.playerId });
    return row?.playerId ?? null;
  }

  /** The player a token's session belongs to, whether it is still alive or has ended; null for a token never given. */
  async function playerOf(token: string): Promise<string | null> {
    if (!TOKEN_PATTERN.test(token)) return null;
    const [row] = await db
      .select({ playerId: sessions.playerId })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)))
      .limit(1);
    return row?.playerId ?? null;
  }

  /** Ends every open session of a player (a new login elsewhere keeps working; locks do not). */
  async function endAll(playerId: string, reason: string) {
    await db
      .update(sessions)
      .set({ endedAt: clock(), endedReason: reason })
      .where(and(eq(sessions.playerId, playerId), isNull(sessions.endedAt)));
  }

  return { create, resolve, end, endAll, playerOf };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
