import { createHash, createHmac, randomBytes } from 'node:crypto';
import { and, eq, getTableColumns, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { fail } from '../shared/errors.js';
import type { WalletService } from '../wallet/service.js';
import type { Catalogue } from './catalogue.js';
import type { GameProvider } from './providers.js';
import { gameSessions } from './schema.js';

/** A title's id (and URL slug): lower-case letters, digits and dashes. The catalogue holds which exist. */
export const GAME_ID_PATTERN = /^[a-z0-9][a-z0-9-]{1,79}$/;

export type GameMode = 'real' | 'fun';
export type GameSession = typeof gameSessions.$inferSelect & {
  /** Whether the player's login that launched it is live (not ended, not idle, not past its absolute end), read with the row. */
  loginLive: boolean;
  /** When that login began (null when it is unknown). */
  loginAt: Date | null;
};
/** What never changes of a game session once launched. */
export type SessionFacts = Pick<GameSession, 'id' | 'providerId' | 'playerId' | 'gameId' | 'mode' | 'expiresAt'>;

export interface GameSessionsDeps {
  db: Db;
  clock: () => Date;
  config: Pick<Config, 'GAME_SESSION_MINUTES' | 'SESSION_IDLE_MINUTES'>;
  providers: Map<string, GameProvider>;
  wallet: Pick<WalletService, 'playerBalances'>;
  /**
   * The refusal of a player who may not play: paused or closed (the limits context's
   * ACCOUNT_PAUSED, ACCOUNT_CLOSED), or a user or game account locked (the players context's).
   */
  assertMayPlay: (playerId: string) => Promise<void>;
  /**
   * The minutes of play after which the provider shows the money-played warning: the system
   * config `wageringTimePopup` (the content context's), 5 when it is not set.
   */
  warningMinutes?: () => Promise<number>;
  /**
   * The player's live login for a session token (the players context's): its key (the player
   * session's), start and absolute end; null when it is not live. A game session belongs to it.
   */
  loginOf: (token: string) => Promise<{ key: string; startedAt: Date; expiresAt: Date } | null>;
}

/**
 * Why a game session ended before its time: its player's session or right to play ended, or the
 * provider never seated the player (`launch_failed`: a live studio that refused or did not answer).
 */
export type GameSessionEndReason = 'logout' | 'locked' | 'pause' | 'closure' | 'launch_failed';

/**
 * Whether a game session's login is live at `at` (an ISO instant): the player session that
 * launched it has not ended, is not past its absolute end and was used within the idle minutes it
 * was launched under. The same test as one-statement.ts's (STAKE_FROM_CASH).
 */
const loginLiveAt = (at: string): SQL<boolean> => sql<boolean>`exists (
  select 1 from player_sessions ps where ps.token_hash = ${gameSessions.playerSessionHash} and ps.ended_at is null
    and ps.expires_at > ${at}::timestamptz
    and ps.last_seen_at > ${at}::timestamptz - ${gameSessions.loginIdleMinutes} * interval '1 minute')`;
const loginStart = sql<
  Date | string | null
>`(select ps.created_at from player_sessions ps where ps.token_hash = ${gameSessions.playerSessionHash})`;

/** The money-played warning's minutes when the system config has none (spec: wageringTimePopup 5). */
export const DEFAULT_WARNING_MINUTES = 5;

/** What the database keeps of a launch token (256 random bits: SHA-256 suffices, as for player sessions). */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The providers and the game sessions: launch (for the player), authenticate and balance (for the
 * provider), and the look-ups the contract's money calls share.
 */
export function createGameSessions(deps: GameSessionsDeps & { catalogue: Pick<Catalogue, 'assertPlayable'> }) {
  const { db, clock, config, providers, wallet, assertMayPlay, catalogue } = deps;

  /** A provider of the configuration, or null. */
  const knownProvider = (providerId: string): GameProvider | null => providers.get(providerId) ?? null;

  function providerOf(providerId: string): GameProvider {
    const provider = knownProvider(providerId);
    if (!provider) throw fail('GAME_PROVIDER_UNKNOWN');
    return provider;
  }

  /** Ended: ended early, expired, or its login is no longer live (read with the row). */
  const isEnded = (session: GameSession, now = clock()) => session.endedAt !== null || now >= session.expiresAt || !session.loginLive;

  /** Game sessions with their login's liveness and start, read in the same statement. */
  async function selectSessions(runner: Pick<Db, 'select'>, where: SQL | undefined): Promise<GameSession[]> {
    const rows = await runner
      .select({ ...getTableColumns(gameSessions), loginLive: loginLiveAt(clock().toISOString()), loginAt: loginStart })
      .from(gameSessions)
      .where(where)
      .limit(1);
    return rows.map((row) => ({ ...row, loginLive: Boolean(row.loginLive), loginAt: row.loginAt === null ? null : new Date(row.loginAt) }));
  }

  /**
   * A game session for the player: a signed, expiring launch token for the provider
   * (`gs1.<random>.<expires unix>.<HMAC-SHA256 with the provider's secret>`, so the provider can
   * tell it is ours and when it ends without asking); the database keeps only its SHA-256.
   */
  async function launch(playerId: string, input: { providerId: string; gameId: string; mode: GameMode }, playerToken: string) {
    const provider = providerOf(input.providerId);
    if (!GAME_ID_PATTERN.test(input.gameId)) throw fail('GAME_NOT_FOUND');
    if (input.mode !== 'real') throw fail('GAME_MODE_NOT_REAL');
    await catalogue.assertPlayable(input.gameId, provider.id);
    await assertMayPlay(playerId);
    // The game session belongs to the login launching it (whose ROFUS check it rides on) and never outlives it.
    const login = await deps.loginOf(playerToken);
    if (!login) throw fail('SESSION_INVALID');
    const now = clock();
    const expiresAt = new Date(Math.min(now.getTime() + config.GAME_SESSION_MINUTES * 60_000, login.expiresAt.getTime()));
    const body = `${randomBytes(32).toString('base64url')}.${Math.floor(expiresAt.getTime() / 1000)}`;
    const token = `gs1.${body}.${createHmac('sha256', provider.secret).update(body).digest('hex')}`;
    const [session] = await db
      .insert(gameSessions)
      .values({
        providerId: provider.id,
        playerId,
        gameId: input.gameId,
        mode: input.mode,
        tokenHash: hashToken(token),
        createdAt: now,
        expiresAt,
        playerSessionHash: login.key,
        loginIdleMinutes: config.SESSION_IDLE_MINUTES,
      })
      .returning({ id: gameSessions.id });
    return { gameSessionId: session!.id, providerId: provider.id, gameId: input.gameId, mode: input.mode, token, expiresAt };
  }

  async function sessionOf(providerId: string, sessionId: string, runner: Pick<Db, 'select'> = db): Promise<GameSession> {
    const [session] = await selectSessions(runner, eq(gameSessions.id, sessionId));
    // Another provider's session is as unknown as none: a provider never learns of others'.
    if (!session || session.providerId !== providerId) throw fail('GAME_SESSION_NOT_FOUND');
    return session;
  }

  /**
   * A session's fields that never change once launched (provider, player, game, mode, expiry),
   * kept in memory (bounded) for the money calls' look-ups before their statement. Whether it has
   * ended is never taken from here: a bet's statement checks that itself (it may have ended on
   * another process).
   */
  const factsCache = new Map<string, SessionFacts>();
  async function sessionFacts(providerId: string, sessionId: string): Promise<SessionFacts> {
    let facts = factsCache.get(sessionId);
    if (!facts) {
      const { id, providerId: owner, playerId, gameId, mode, expiresAt } = await sessionOf(providerId, sessionId);
      facts = { id, providerId: owner, playerId, gameId, mode, expiresAt };
      if (factsCache.size >= 100_000) factsCache.clear();
      factsCache.set(sessionId, facts);
    }
    // Another provider's session is as unknown as none.
    if (facts.providerId !== providerId) throw fail('GAME_SESSION_NOT_FOUND');
    return facts;
  }

  async function balances(playerId: string, runner: Pick<Db, 'select'> = db) {
    const { player_cash: cashOre, player_bonus: bonusOre } = await wallet.playerBalances(playerId, runner);
    return { balanceOre: cashOre + bonusOre, cashOre, bonusOre };
  }

  /** The provider's first call with the launch token: the session, its player and their balance. */
  async function authenticate(providerId: string, token: string) {
    providerOf(providerId);
    const [session] = await selectSessions(db, eq(gameSessions.tokenHash, hashToken(token)));
    if (!session || session.providerId !== providerId) throw fail('GAME_SESSION_NOT_FOUND');
    if (isEnded(session)) throw fail('GAME_SESSION_ENDED');
    await assertMayPlay(session.playerId);
    return {
      sessionId: session.id,
      playerId: session.playerId,
      gameId: session.gameId,
      mode: session.mode,
      currency: 'DKK' as const,
      expiresAt: session.expiresAt,
      warningMinutes: await warningMinutes(),
      loginAt: session.loginAt,
      ...(await balances(session.playerId)),
    };
  }

  /** The money-played warning's minutes: the system config's, or 5 when it has none or no whole number above 0. */
  async function warningMinutes(): Promise<number> {
    const minutes = deps.warningMinutes ? await deps.warningMinutes() : DEFAULT_WARNING_MINUTES;
    return Number.isInteger(minutes) && minutes > 0 ? minutes : DEFAULT_WARNING_MINUTES;
  }

  /**
   * Ends every live game session of the player (they logged out, were locked, paused or closed
   * their account): a bet after is GAME_SESSION_ENDED; wins and rollbacks are still paid. In the
   * caller's transaction when given, so the pause and the sessions' end are one decision.
   */
  async function endPlayerSessions(playerId: string, reason: GameSessionEndReason, runner: Pick<Db, 'update'> = db) {
    const now = clock();
    const ended = await runner
      .update(gameSessions)
      .set({ endedAt: now, endedReason: reason })
      .where(and(eq(gameSessions.playerId, playerId), isNull(gameSessions.endedAt), gt(gameSessions.expiresAt, now)))
      .returning({ id: gameSessions.id });
    for (const { id } of ended) factsCache.delete(id);
    return ended.length;
  }

  /** Ends one game session now (a launch the provider did not take up): its token is refused from then on. Ended already: nothing changes. */
  async function endSession(sessionId: string, reason: GameSessionEndReason) {
    await db
      .update(gameSessions)
      .set({ endedAt: clock(), endedReason: reason })
      .where(and(eq(gameSessions.id, sessionId), isNull(gameSessions.endedAt)));
    factsCache.delete(sessionId);
  }

  /** The player's balance, for a live session only (its login live too): a session that ended tells its provider GAME_SESSION_ENDED. */
  async function balance(providerId: string, sessionId: string) {
    const session = await sessionOf(providerId, sessionId);
    if (isEnded(session)) throw fail('GAME_SESSION_ENDED');
    return { sessionId: session.id, currency: 'DKK' as const, ...(await balances(session.playerId)) };
  }

  return {
    knownProvider,
    providerOf,
    isEnded,
    launch,
    sessionOf,
    sessionFacts,
    balances,
    authenticate,
    balance,
    warningMinutes,
    endPlayerSessions,
    endSession,
  };
}

export type GameSessions = ReturnType<typeof createGameSessions>;
