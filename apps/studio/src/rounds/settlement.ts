import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rounds, sessions } from '../db/schema.js';
import { PlatformRefusal, type Balances, type PlatformClient } from '../platform-client.js';

export type Round = typeof rounds.$inferSelect;

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

  async function toStage(roundId: string, stage: 'win' | 'rollback', values: Partial<typeof rounds.$inferInsert>): Promise<Round> {
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

  async function endRound(round: Round, platformSessionId: string): Promise<void> {
    try {
      await platform.endRound({ sessionId: platformSessionId, roundId: round.id });
      await db.update(rounds).set({ platformEndedAt: clock() }).where(eq(rounds.id, round.id));
    } catch (error) {
      if (error instanceof PlatformRefusal) {
        // Nothing to end on the platform's side (a round whose bet it never took): nothing owed.
        log('warn', 'endRound refused', { roundId: round.id, code: error.code });
        await db.update(rounds).set({ platformEndedAt: clock() }).where(eq(rounds.id, round.id));
      } else await noted(round);
    }
  }

  /** Pays the round's win (0 too) and settles it; an open round comes back while the platform does not answer. */
  async function payWin(round: Round, session: { platformSessionId: string | null }, { inRequest = false } = {}): Promise<Round> {
    const platformSessionId = session.platformSessionId!;
    const answer = await tryCall(inRequest, () =>
      platform.win({ sessionId: platformSessionId, roundId: round.id, transactionId: round.winTransactionId!, amountOre: round.winOre! }),
    );
    if (answer === null || answer instanceof PlatformRefusal) {
      if (answer)
        log('error', 'win refused by the platform: kept open for the operator and retried', { roundId: round.id, code: answer.code });
      else log('warn', 'win unanswered: retried in the background', { roundId: round.id });
      return noted(round);
    }
    const settled = await settle(round, 'settled', answer);
    await endRound(settled, platformSessionId);
    return settled;
  }

  /** Rolls back an unanswered bet; the round is cancelled once the platform answers. */
  async function rollBack(round: Round, session: { platformSessionId: string | null }, { inRequest = false } = {}): Promise<Round> {
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
      return noted(round);
    }
    if (answer instanceof PlatformRefusal) log('error', 'rollback refused by the platform', { roundId: round.id, code: answer.code });
    const cancelled = await settle(round, 'cancelled', answer instanceof PlatformRefusal ? null : answer);
    await endRound(cancelled, platformSessionId);
    return cancelled;
  }

  /** Closes an open round once (whichever process gets there first counts it in the session). */
  async function settle(round: Round, status: 'settled' | 'cancelled', balances: Balances | null): Promise<Round> {
    const now = clock();
    return db.transaction(async (tx) => {
      const [closed] = await tx
        .update(rounds)
        .set({ status, stage: 'done', endedAt: now, attemptedAt: now })
        .where(and(eq(rounds.id, round.id), eq(rounds.status, 'open')))
        .returning();
      if (!closed) return (await tx.select().from(rounds).where(eq(rounds.id, round.id)))[0]!;
      await tx
        .update(sessions)
        .set({
          ...(balances ? { balanceOre: balances.balanceOre } : {}),
          ...(status === 'settled'
            ? {
                stakedOre: sql`${sessions.stakedOre} + ${closed.stakeOre}`,
                wonOre: sql`${sessions.wonOre} + ${closed.winOre}`,
                roundsPlayed: sql`${sessions.roundsPlayed} + 1`,
              }
            : {}),
        })
        .where(eq(sessions.id, closed.sessionId));
      return closed;
    });
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
      if (round.status === 'open' && round.stage === 'bet' && round.attemptedAt.getTime() > now.getTime() - betQuietMs) continue;
      const session = { platformSessionId };
      if (round.status !== 'open') {
        await endRound(round, platformSessionId!);
        totals.ended++;
      } else if (round.stage === 'win') {
        if ((await payWin(round, session)).status === 'settled') totals.paid++;
        else totals.waiting++;
      } else {
        const pending =
          round.stage === 'bet' ? await toStage(round.id, 'rollback', { rollbackTransactionId: `${round.id}:rollback` }) : round;
        if ((await rollBack(pending, session)).status === 'cancelled') totals.rolledBack++;
        else totals.waiting++;
      }
    }
    return totals;
  }

  return { toStage, payWin, rollBack, recover };
}
