import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { queryPrepared, type Db } from '../db/client.js';
import type { Session } from '../sessions/service.js';
import { rounds, sessions } from '../db/schema.js';
import { PlatformRefusal, type Balances, type PlatformClient } from '../platform-client.js';

export type Round = typeof rounds.$inferSelect;
/** A round after a money call, and its session as that left it (null when nothing was settled). */
export interface Settled {
  round: Round;
  session: Session | null;
}

const dateOrNull = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));

/** A session row of a raw statement (snake_case; int8 as a string from node-postgres). */
function sessionFromRow(row: Record<string, unknown>): Session {
  return {
    id: row.id as string,
    tokenHash: row.token_hash as string,
    gameId: row.game_id as string,
    mathsHash: row.maths_hash as string,
    mode: row.mode as string,
    platformSessionId: (row.platform_session_id as string | null) ?? null,
    playerId: (row.player_id as string | null) ?? null,
    balanceOre: Number(row.balance_ore),
    stakedOre: Number(row.staked_ore),
    wonOre: Number(row.won_ore),
    roundsPlayed: Number(row.rounds_played),
    warningMinutes: row.warning_minutes === null ? null : Number(row.warning_minutes),
    warningSince: new Date(row.warning_since as string),
    lastRoundAt: dateOrNull(row.last_round_at),
    startedAt: new Date(row.started_at as string),
    expiresAt: new Date(row.expires_at as string),
    endedAt: dateOrNull(row.ended_at),
  };
}

/**
 * A round closed once with its session's figures (settle): $1 round, $2 settled or cancelled, $3
 * now, $4 when the platform answered its end (or null), $5 the balance the platform answered (or null).
 */
const SETTLE_ROUND = `
  with closed as (
    update studio.rounds set status = $2::text, stage = 'done', ended_at = $3::timestamptz, attempted_at = $3::timestamptz,
      platform_ended_at = $4::timestamptz
    where id = $1::uuid and status = 'open'
    returning session_id, stake_ore, win_ore
  )
  update studio.sessions s set
    balance_ore = coalesce($5::bigint, s.balance_ore),
    staked_ore = s.staked_ore + case when $2::text = 'settled' then closed.stake_ore else 0 end,
    won_ore = s.won_ore + case when $2::text = 'settled' then closed.win_ore else 0 end,
    rounds_played = s.rounds_played + case when $2::text = 'settled' then 1 else 0 end
  from closed where s.id = closed.session_id
  returning s.*`;

interface SettlementDeps {
  db: Db;
  clock: () => Date;
  platform: PlatformClient;
  log: (level: 'warn' | 'error', message: string, details: Record<string, unknown>) => void;
}

/** Waits before each try within a request: a blip of the network is over by the third. */
const IN_REQUEST_DELAYS_MS = [0, 150, 600];
/** Between tries in the background: doubling from 2 s, at most 5 minutes. */
const backoffMs = (attempts: number) => Math.min(2_000 * 2 ** Math.max(0, attempts - 1), 300_000);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What a real round still owes once its bet was sent: the win (paid whatever happens, retried
 * until the platform answers: the same transaction id makes a repeat harmless), the rollback of a
 * bet that got no answer, and the round's end. Each is tried in the player's request and then,
 * should the platform not answer, by `recover` in the background and at start.
 */
export function createSettlement(deps: SettlementDeps) {
  const { db, clock, platform, log } = deps;

  async function toStage(roundId: string, stage: 'bet_and_win' | 'rollback', values: Partial<typeof rounds.$inferInsert>): Promise<Round> {
    const [round] = await db
      .update(rounds)
      .set({ ...values, stage, attemptedAt: clock() })
      .where(eq(rounds.id, roundId))
      .returning();
    return round!;
  }

  /** Tries a call once, or a few times within a request; null when the platform did not answer. */
  async function tryCall<T>(inRequest: boolean, call: () => Promise<T>): Promise<T | PlatformRefusal | null> {
    for (const delay of inRequest ? IN_REQUEST_DELAYS_MS : [0]) {
      if (delay) await sleep(delay);
      try {
        return await call();
      } catch (error) {
        if (error instanceof PlatformRefusal) return error;
      }
    }
    return null;
  }

  async function noted(round: Round): Promise<Round> {
    const [updated] = await db
      .update(rounds)
      .set({ attemptedAt: clock(), attempts: sql`${rounds.attempts} + 1` })
      .where(eq(rounds.id, round.id))
      .returning();
    return updated ?? round;
  }

  /** Ends the round on the platform: true once answered (a refusal is an answer: nothing there to end, e.g. a bet never taken). */
  async function endOnPlatform(roundId: string, platformSessionId: string): Promise<boolean> {
    try {
      await platform.endRound({ sessionId: platformSessionId, roundId });
      return true;
    } catch (error) {
      if (!(error instanceof PlatformRefusal)) return false;
      log('warn', 'endRound refused', { roundId, code: error.code });
      return true;
    }
  }

  /** A settled or cancelled round whose end the platform has not answered yet (recovery). */
  async function endRound(round: Round, platformSessionId: string): Promise<void> {
    if (await endOnPlatform(round.id, platformSessionId))
      await db.update(rounds).set({ platformEndedAt: clock() }).where(eq(rounds.id, round.id));
    else await noted(round);
  }

  /**
   * Sends a whole round (its outcome drawn and kept) to the platform in one call: its stake, its win
   * and its end. Settled once answered; the platform's refusal as it came; null when it did not
   * answer (whether it landed is unknown).
   */
  async function sendRound(
    round: Round,
    session: { platformSessionId: string | null },
    { inRequest = false } = {},
  ): Promise<Settled | PlatformRefusal | null> {
    const answer = await tryCall(inRequest, () =>
      platform.betAndWin({
        sessionId: session.platformSessionId!,
        roundId: round.id,
        transactionId: round.betTransactionId!,
        amountOre: round.stakeOre,
        winTransactionId: round.winTransactionId!,
        winAmountOre: round.winOre!,
        endRound: true,
      }),
    );
    if (answer === null || answer instanceof PlatformRefusal) return answer;
    return settle(round, 'settled', answer, answer.roundEnded);
  }

  /**
   * Pays the round's win (0 too), ends it on the platform and settles it; while the platform does
   * not answer the win, the round comes back open (and the session null).
   */
  async function payWin(round: Round, session: { platformSessionId: string | null }, { inRequest = false } = {}): Promise<Settled> {
    const platformSessionId = session.platformSessionId!;
    const answer = await tryCall(inRequest, () =>
      platform.win({ sessionId: platformSessionId, roundId: round.id, transactionId: round.winTransactionId!, amountOre: round.winOre! }),
    );
    if (answer === null || answer instanceof PlatformRefusal) {
      if (answer)
        log('error', 'win refused by the platform: kept open for the operator and retried', { roundId: round.id, code: answer.code });
      else log('warn', 'win unanswered: retried in the background', { roundId: round.id });
      return { round: await noted(round), session: null };
    }
    return settle(round, 'settled', answer, await endOnPlatform(round.id, platformSessionId));
  }

  /** Rolls back an unanswered bet; the round is cancelled once the platform answers. */
  async function rollBack(round: Round, session: { platformSessionId: string | null }, { inRequest = false } = {}): Promise<Settled> {
    const platformSessionId = session.platformSessionId!;
    const answer = await tryCall(inRequest, () =>
      platform.rollback({
        sessionId: platformSessionId,
        roundId: round.id,
        transactionId: round.rollbackTransactionId!,
        referenceTransactionId: round.betTransactionId!,
      }),
    );
    if (answer === null) {
      log('warn', 'rollback unanswered: retried in the background', { roundId: round.id });
      return { round: await noted(round), session: null };
    }
    if (answer instanceof PlatformRefusal && answer.code === 'GAME_ROLLBACK_AFTER_WIN' && round.outcome !== null) {
      // The whole round landed, with its win: it stands. Sent again, it answers as the first time.
      const standing = await toStage(round.id, 'bet_and_win', {});
      const sent = await sendRound(standing, session, { inRequest });
      if (sent && !(sent instanceof PlatformRefusal)) return sent;
      log('warn', 'round landed with a win, its answer still owed: retried in the background', { roundId: round.id });
      return { round: await noted(standing), session: null };
    }
    if (answer instanceof PlatformRefusal) log('error', 'rollback refused by the platform', { roundId: round.id, code: answer.code });
    return settle(round, 'cancelled', answer instanceof PlatformRefusal ? null : answer, await endOnPlatform(round.id, platformSessionId));
  }

  /**
   * Closes an open round once, in one statement with its session's figures (whichever process
   * gets there first counts it); the session as it stands after, or null when another closed it.
   */
  async function settle(
    round: Round,
    status: 'settled' | 'cancelled',
    balances: Balances | null,
    endedOnPlatform: boolean,
  ): Promise<Settled> {
    const now = clock();
    const at = now.toISOString();
    const [row] = await queryPrepared<Record<string, unknown>>(db, 'studio_settle_round', SETTLE_ROUND, [
      round.id,
      status,
      at,
      endedOnPlatform ? at : null,
      balances?.balanceOre ?? null,
    ]);
    if (!row) return { round: (await db.select().from(rounds).where(eq(rounds.id, round.id)))[0]!, session: null };
    return {
      round: { ...round, status, stage: 'done', endedAt: now, attemptedAt: now, platformEndedAt: endedOnPlatform ? now : null },
      session: sessionFromRow(row),
    };
  }

  /**
   * Everything owed to the platform by rounds left behind (a timeout, a crash, a restart): a bet
   * whose answer never came is rolled back, a drawn win paid, a round ended. Rounds tried less
   * than `quietMs` ago are left to the request (or process) working on them; a bet without an
   * answer (it may still be on its way from another process) waits `betQuietMs` at least.
   */
  async function recover({ quietMs, betQuietMs = quietMs, limit = 100 }: { quietMs: number; betQuietMs?: number; limit?: number }) {
    const now = clock();
    const owed = await db
      .select({ round: rounds, platformSessionId: sessions.platformSessionId })
      .from(rounds)
      .innerJoin(sessions, eq(sessions.id, rounds.sessionId))
      .where(
        and(
          lt(rounds.attemptedAt, new Date(now.getTime() - quietMs)),
          or(eq(rounds.status, 'open'), and(eq(rounds.mode, 'real'), isNull(rounds.platformEndedAt))),
        ),
      )
      .orderBy(rounds.attemptedAt)
      .limit(limit);
    const totals = { paid: 0, rolledBack: 0, ended: 0, waiting: 0 };
    for (const { round, platformSessionId } of owed) {
      if (round.attempts > 0 && now.getTime() < round.attemptedAt.getTime() + backoffMs(round.attempts)) continue;
      const unanswered = round.stage === 'bet' || round.stage === 'bet_and_win';
      if (round.status === 'open' && unanswered && round.attemptedAt.getTime() > now.getTime() - betQuietMs) continue;
      const session = { platformSessionId };
      if (round.status !== 'open') {
        await endRound(round, platformSessionId!);
        totals.ended++;
      } else if (round.stage === 'win') {
        if ((await payWin(round, session)).round.status === 'settled') totals.paid++;
        else totals.waiting++;
      } else {
        const pending = unanswered ? await toStage(round.id, 'rollback', { rollbackTransactionId: `${round.id}:rollback` }) : round;
        const after = (await rollBack(pending, session)).round.status;
        if (after === 'cancelled') totals.rolledBack++;
        else if (after === 'settled') totals.paid++;
        else totals.waiting++;
      }
    }
    return totals;
  }

  return { toStage, sendRound, payWin, rollBack, recover };
}
