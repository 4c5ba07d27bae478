import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { players, rounds, sessions } from '../db/schema.js';
import { fail } from '../errors.js';
import { PlatformRefusal, PlatformUnavailable, type FreeRoundsOffer, type PlatformClient } from '../platform-client.js';
import { isTableTitle, stakeOf, type StudioTitle, type TitleById } from '../titles.js';

export type Session = typeof sessions.$inferSelect;
/** The player's own clocks (real play): the pace and the money-played warning, across every game and tab. */
export type PlayerClock = Pick<typeof players.$inferSelect, 'lastRoundAt' | 'warningSince' | 'playSince'>;
/** What the player's settled rounds staked and won (jackpots included) since the warning's clock started (every game and tab). */
export interface PlayTotals {
  stakedOre: number;
  wonOre: number;
}
/**
 * The player's real round whose platform answer is still owed (status open), in whichever of their
 * sessions (game, tab, or one since ended) it was played: a new session shows it as pending and
 * may read its fate (GET /sessions/{id}/rounds/{roundId}).
 */
export interface PendingRound {
  roundId: string;
  gameId: string;
  stakeOre: number;
  startedAt: string;
}
/** A table round waiting for its player (a blackjack hand, a video-poker deal), as rounds/table.ts shows it. */
export type OpenRound = Record<string, unknown>;
export type SessionConfig = Pick<
  Config,
  'STUDIO_ROUND_PACE_MS' | 'STUDIO_FUN_BALANCE_ORE' | 'STUDIO_WARNING_MINUTES' | 'STUDIO_FUN_SESSION_MINUTES'
>;

export interface SessionsDeps {
  db: Db;
  clock: () => Date;
  config: SessionConfig;
  platform: PlatformClient;
  titleById: TitleById;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The bearer's 256 random bits: SHA-256 suffices to keep it (as the platform keeps its tokens). */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Whether a grant the platform told of can still be played: a round left, not expired. */
export const freeRoundsOpen = (offer: FreeRoundsOffer, now: Date) => offer.roundsLeft > 0 && Date.parse(offer.expiresAt) > now.getTime();

/** Whether two offers of free rounds say the same (the stored one comes back from jsonb with its keys reordered). */
function sameOffers(a: FreeRoundsOffer[], b: FreeRoundsOffer[]): boolean {
  const fields = ['id', 'stakeOre', 'roundsTotal', 'roundsLeft', 'wonOre', 'expiresAt'] as const;
  return (
    a.length === b.length &&
    a.every(
      (offer, index) =>
        fields.every((field) => offer[field] === b[index]![field]) && offer.gameIds.join('\n') === b[index]!.gameIds.join('\n'),
    )
  );
}

/**
 * The free rounds a session answers (issue 27): the first grant the platform told of that is open
 * (the oldest grant first, as told), or null: a fun session, an ended one, none left.
 */
export function freeRoundsView(session: Session, now: Date) {
  if (session.mode !== 'real' || endedAt(session, now)) return null;
  const offer = session.freeRounds.find((candidate) => freeRoundsOpen(candidate, now));
  if (!offer) return null;
  const { id, stakeOre, roundsTotal, roundsLeft, wonOre, expiresAt } = offer;
  return { id, stakeOre, roundsTotal, roundsLeft, wonOre, expiresAt };
}

/**
 * The answer about a session (games-common.md, "Studio service"). A real session's pace and
 * warning are the player's (`player`, across every game and tab; the warning's figures the
 * player's `totals` since its clock started); a fun session's its own.
 */
export function sessionView(
  session: Session,
  title: StudioTitle,
  now: Date,
  paceMs: number,
  player?: PlayerClock | null,
  totals?: PlayTotals,
  pendingRound: PendingRound | null = null,
  openRound: OpenRound | null = null,
) {
  const lastRoundAt = player ? player.lastRoundAt : session.lastRoundAt;
  const nextRoundAt = lastRoundAt ? new Date(Math.max(lastRoundAt.getTime() + paceMs, session.startedAt.getTime())) : session.startedAt;
  const counted = totals ?? { stakedOre: session.stakedOre, wonOre: session.wonOre };
  return {
    sessionId: session.id,
    gameId: session.gameId,
    mode: session.mode as 'fun' | 'real',
    balanceOre: session.balanceOre,
    netOre: session.wonOre - session.stakedOre,
    roundsPlayed: session.roundsPlayed,
    startedAt: session.startedAt.toISOString(),
    endedAt: endedAt(session, now)?.toISOString() ?? null,
    nextRoundAt: nextRoundAt.toISOString(),
    warning: warningDue(session, now, player)
      ? {
          minutesPlayed: Math.floor((now.getTime() - (player?.playSince ?? session.startedAt).getTime()) / 60_000),
          netOre: counted.wonOre - counted.stakedOre,
          stakedOre: counted.stakedOre,
          wonOre: counted.wonOre,
        }
      : null,
    kind: isTableTitle(title) ? title.kind : ('slot' as const),
    stake: stakeOf(title),
    pendingRound,
    openRound,
    freeRounds: freeRoundsView(session, now),
  };
}
export type SessionView = ReturnType<typeof sessionView>;

/** When the session ended (its end, or its expiry once passed), or null while it lives. */
export function endedAt(session: Session, now: Date): Date | null {
  if (session.endedAt) return session.endedAt;
  return now >= session.expiresAt ? session.expiresAt : null;
}

/**
 * The money-played warning is due (real sessions): its minutes have passed since the player's
 * warning clock started (their first session of the login, or their last answer, in any game or tab).
 */
export function warningDue(session: Session, now: Date, player?: PlayerClock | null): boolean {
  if (session.mode !== 'real' || session.warningMinutes === null || endedAt(session, now)) return false;
  const since = player?.warningSince ?? session.warningSince;
  return now.getTime() >= since.getTime() + session.warningMinutes * 60_000;
}

/** A platform refusal answered as the platform worded it; no answer at all as the studio's own code. */
export function platformFailure(error: unknown): never {
  if (error instanceof PlatformRefusal)
    throw fail(
      error.code,
      { balanceOre: error.balanceOre, ...(error.platformMessage ? { message: error.platformMessage } : {}) },
      error.status,
    );
  if (error instanceof PlatformUnavailable) throw fail('GAME_PLATFORM_UNAVAILABLE');
  throw error;
}

/** Game sessions: start (fun, or real from the platform's launch token), look-up by bearer, warning answers, end. */
export function createSessionsService(deps: SessionsDeps) {
  const { db, clock, config, platform, titleById } = deps;

  function titleOf(gameId: string): StudioTitle {
    const title = titleById(gameId);
    if (!title) throw fail('GAME_NOT_FOUND');
    return title;
  }

  const view = (session: Session, now = clock(), player?: PlayerClock | null, totals?: PlayTotals) =>
    sessionView(session, titleOf(session.gameId), now, config.STUDIO_ROUND_PACE_MS, player, totals);

  /** The player's clocks (real sessions; null for fun or a player never seen). */
  async function playerClock(session: Session): Promise<PlayerClock | null> {
    if (session.mode !== 'real' || !session.playerId) return null;
    const [row] = await db.select().from(players).where(eq(players.playerId, session.playerId)).limit(1);
    return row ?? null;
  }

  /** What the player's settled rounds staked and won since the warning's clock started, in every game and tab. */
  async function playTotals(playerId: string, since: Date): Promise<PlayTotals> {
    const [row] = await db
      .select({
        // A free round's stake is the house's, not the player's money played.
        stakedOre: sql<string>`coalesce(sum(case when ${rounds.freeRoundsId} is null then ${rounds.stakeOre} else 0 end), 0)`,
        // The game's wins and the pools the stakes won: the player's balance holds both.
        wonOre: sql<string>`coalesce(sum(${rounds.winOre} + ${rounds.jackpotWinOre}), 0)`,
      })
      .from(rounds)
      .where(and(eq(rounds.playerId, playerId), eq(rounds.status, 'settled'), gte(rounds.startedAt, since)));
    return { stakedOre: Number(row?.stakedOre ?? 0), wonOre: Number(row?.wonOre ?? 0) };
  }

  /** The player's real round still owed an answer by the platform, in any session of theirs (at most one: rounds_one_open_per_player). */
  async function pendingRoundOf(session: Session): Promise<PendingRound | null> {
    if (session.mode !== 'real' || !session.playerId) return null;
    const [row] = await db
      .select({ roundId: rounds.id, gameId: rounds.gameId, stakeOre: rounds.stakeOre, startedAt: rounds.startedAt })
      .from(rounds)
      .where(and(eq(rounds.playerId, session.playerId), eq(rounds.mode, 'real'), eq(rounds.status, 'open')))
      .limit(1);
    return row ? { ...row, startedAt: row.startedAt.toISOString() } : null;
  }

  /**
   * A session's answer with the player's clocks read (and, when the warning is due, the player's
   * figures), and the player's pending round, if any, from any session of theirs.
   */
  async function fullView(session: Session, now = clock()) {
    const player = await playerClock(session);
    const totals = player && warningDue(session, now, player) ? await playTotals(session.playerId!, player.playSince) : undefined;
    const [pending, open] = await Promise.all([pendingRoundOf(session), openRoundOf(session)]);
    return sessionView(session, titleOf(session.gameId), now, config.STUDIO_ROUND_PACE_MS, player, totals, pending, open);
  }

  /** The player's table round of this game waiting for them (given by the rounds service, which shows rounds). */
  let openRoundOf: (session: Session) => Promise<OpenRound | null> = async () => null;
  const showOpenRounds = (of: (session: Session) => Promise<OpenRound | null>) => {
    openRoundOf = of;
  };

  async function start(input: { mode: 'fun'; gameId: string } | { mode: 'real'; token: string }) {
    const now = clock();
    const token = randomBytes(32).toString('base64url');
    let values: typeof sessions.$inferInsert;
    let loginAt: Date | null = null;
    if (input.mode === 'fun') {
      const title = titleOf(input.gameId);
      values = {
        id: randomUUID(),
        tokenHash: hashToken(token),
        gameId: title.id,
        mathsHash: title.mathsHash,
        mode: 'fun',
        balanceOre: config.STUDIO_FUN_BALANCE_ORE,
        warningSince: now,
        startedAt: now,
        expiresAt: new Date(now.getTime() + config.STUDIO_FUN_SESSION_MINUTES * 60_000),
      };
    } else {
      const authenticated = await platform.authenticate(input.token).catch(platformFailure);
      const title = titleOf(authenticated.gameId);
      loginAt = authenticated.loginAt ? new Date(authenticated.loginAt) : null;
      values = {
        id: randomUUID(),
        tokenHash: hashToken(token),
        gameId: title.id,
        mathsHash: title.mathsHash,
        mode: 'real',
        platformSessionId: authenticated.sessionId,
        playerId: authenticated.playerId,
        balanceOre: authenticated.balanceOre,
        freeRounds: authenticated.freeRounds,
        warningMinutes: authenticated.warningMinutes ?? config.STUDIO_WARNING_MINUTES,
        warningSince: now,
        startedAt: now,
        expiresAt: new Date(authenticated.expiresAt),
      };
    }
    const session = await db.transaction(async (tx) => {
      // One live studio session per launch: a second start with the same token (a reload) ends the
      // first, so two sessions can never play one game session's rounds side by side.
      if (values.platformSessionId)
        await tx
          .update(sessions)
          .set({ endedAt: now })
          .where(and(eq(sessions.platformSessionId, values.platformSessionId), isNull(sessions.endedAt)));
      // The player's clocks: kept across their games, tabs and reloads; the warning's restarted only
      // by a new login on the platform (authenticate's loginAt). The pace is never restarted.
      if (values.playerId)
        await tx
          .insert(players)
          .values({ playerId: values.playerId, loginAt, playSince: now, warningSince: now })
          .onConflictDoUpdate({
            target: players.playerId,
            set: { loginAt, playSince: now, warningSince: now },
            setWhere: sql`${players.loginAt} is distinct from ${loginAt}`,
          });
      return (await tx.insert(sessions).values(values).returning())[0];
    });
    return { ...(await fullView(session!, now)), token };
  }

  /** The session whose bearer token this is: GAME_SESSION_NOT_FOUND for an unknown id, GAME_SESSION_FORBIDDEN for another token. */
  async function authorised(sessionId: string, token: string | undefined): Promise<Session> {
    if (!UUID.test(sessionId)) throw fail('GAME_SESSION_NOT_FOUND');
    const [session] = await db.select().from(sessions).where(eq(sessions.id, sessionId)).limit(1);
    if (!session) throw fail('GAME_SESSION_NOT_FOUND');
    const given = Buffer.from(hashToken(token ?? ''), 'hex');
    if (!timingSafeEqual(given, Buffer.from(session.tokenHash, 'hex'))) throw fail('GAME_SESSION_FORBIDDEN');
    return session;
  }

  /**
   * `authorised` for a round: the session's fields that never change (id, bearer hash, mode,
   * game, platform session) kept in memory (bounded) after the first look-up. A round reads
   * nothing else of it: whether it has ended, the pace and the warning are checked by the round's
   * own statement (or under its lock), never from here.
   */
  const forRounds = new Map<string, Session>();
  async function authorisedForRound(sessionId: string, token: string | undefined): Promise<Session> {
    const known = forRounds.get(sessionId);
    if (!known) {
      const session = await authorised(sessionId, token);
      if (forRounds.size >= 100_000) forRounds.clear();
      forRounds.set(sessionId, session);
      return session;
    }
    const given = Buffer.from(hashToken(token ?? ''), 'hex');
    if (!timingSafeEqual(given, Buffer.from(known.tokenHash, 'hex'))) throw fail('GAME_SESSION_FORBIDDEN');
    return known;
  }

  /**
   * The session, a real one's balance and free rounds asked of the platform (the last known ones
   * should it not answer). A platform that answers GAME_SESSION_ENDED (the player logged out, idled
   * out, paused, …) ends the studio's session at once.
   */
  async function get(sessionId: string, token: string | undefined) {
    let session = await authorised(sessionId, token);
    if (session.mode === 'real' && !endedAt(session, clock())) {
      const balance = await platform
        .balance(session.platformSessionId!)
        .catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
      if (balance instanceof PlatformRefusal && balance.code === 'GAME_SESSION_ENDED') {
        [session] = await db.update(sessions).set({ endedAt: clock() }).where(eq(sessions.id, session.id)).returning();
      } else if (
        !(balance instanceof Error) &&
        (balance.balanceOre !== session.balanceOre || !sameOffers(balance.freeRounds, session.freeRounds))
      ) {
        [session] = await db
          .update(sessions)
          .set({ balanceOre: balance.balanceOre, freeRounds: balance.freeRounds })
          .where(eq(sessions.id, session.id))
          .returning();
      }
    }
    return fullView(session!);
  }

  /** The session as the studio last knew it (after a round: the balance the platform's win answer gave). */
  async function current(sessionId: string) {
    const [session] = await db.select().from(sessions).where(eq(sessions.id, sessionId)).limit(1);
    if (!session) throw fail('GAME_SESSION_NOT_FOUND');
    return fullView(session);
  }

  /**
   * The player's answer to the money-played warning: continue (the next warning that many minutes
   * on) or stop (the session ends; a real player's every live session, in every game and tab). The
   * clock is the player's: answered in one tab, it is answered in all.
   */
  async function answerWarning(sessionId: string, token: string | undefined, answer: 'continue' | 'stop') {
    const session = await authorised(sessionId, token);
    const now = clock();
    if (endedAt(session, now)) throw fail('GAME_SESSION_ENDED');
    const updated = await db.transaction(async (tx) => {
      if (session.mode === 'real' && session.playerId) {
        await tx.update(players).set({ warningSince: now }).where(eq(players.playerId, session.playerId));
        if (answer === 'stop')
          await tx
            .update(sessions)
            .set({ endedAt: now })
            .where(and(eq(sessions.playerId, session.playerId), eq(sessions.mode, 'real'), isNull(sessions.endedAt)));
      }
      const [row] = await tx
        .update(sessions)
        .set(answer === 'stop' ? { endedAt: now } : { warningSince: now })
        .where(eq(sessions.id, session.id))
        .returning();
      return row!;
    });
    return fullView(updated, now);
  }

  async function end(sessionId: string, token: string | undefined) {
    const session = await authorised(sessionId, token);
    const now = clock();
    if (endedAt(session, now)) return fullView(session, now);
    const [updated] = await db.update(sessions).set({ endedAt: now }).where(eq(sessions.id, session.id)).returning();
    return fullView(updated!, now);
  }

  return { start, authorised, authorisedForRound, get, current, answerWarning, end, titleOf, view, showOpenRounds };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
