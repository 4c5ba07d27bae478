import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Rng, TableTitle } from '@krone/games-math';
import type { Db } from '../db/client.js';
import { isUniqueViolation } from '../db/client.js';
import { rounds, sessions } from '../db/schema.js';
import { fail } from '../errors.js';
import { PlatformRefusal, type PlatformClient } from '../platform-client.js';
import type { Session, SessionsService } from '../sessions/service.js';
import { isTableTitle, type StudioTitle } from '../titles.js';
import type { Drawn } from './service.js';
import { jackpotOf, type createSettlement, type Round } from './settlement.js';
import {
  TABLE_TIMEOUT_MINUTES,
  applyMove,
  dealTable,
  finishLeft as finishByRule,
  type TableDealInput,
  type TableMove,
  type TableState,
} from './table-games.js';

/** When a hand dealt or moved now is finished by the table's rule if its player leaves it. */
export const decideByOf = (now: Date) => new Date(now.getTime() + TABLE_TIMEOUT_MINUTES * 60_000);

const ROUND_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type RoundView = Record<string, unknown>;
type Answer = { round: RoundView; session: unknown };

interface TableDeps {
  db: Db;
  clock: () => Date;
  platform: PlatformClient;
  sessions: SessionsService;
  rng: Rng;
  log: (level: 'warn' | 'error', message: string, details: Record<string, unknown>) => void;
  settlement: ReturnType<typeof createSettlement>;
  playDrawn: (session: Session, title: StudioTitle, stakeOre: number, drawn?: Drawn) => Promise<Answer>;
  roundView: (round: Round, title: StudioTitle) => RoundView;
  refused: (round: Round, refusal: PlatformRefusal, previousRoundAt: Date | null) => Promise<never>;
}

const stored = (state: TableState) => JSON.parse(JSON.stringify(state)) as Record<string, unknown>;

/**
 * The pools a table's stake (the deal's, or a further one) won, added to the round's: the platform
 * paid them with that stake, whatever the hand does next. Nothing when its answer won none.
 */
function jackpotColumns(answer: Parameters<typeof jackpotOf>[0]) {
  const { wins, winOre } = jackpotOf(answer);
  if (wins === null) return {};
  return {
    jackpotWins: sql`coalesce(${rounds.jackpotWins}, '[]'::jsonb) || ${JSON.stringify(wins)}::jsonb`,
    jackpotWinOre: sql`${rounds.jackpotWinOre} + ${winOre}`,
  };
}

/**
 * Table rounds on the games contract (docs: apps/studio/README.md, "Table games"). A roulette spin
 * is drawn and sent whole, as a slot round is (betAndWin). A blackjack hand or a video-poker deal
 * takes several steps: the shoe or deck is drawn from the CSPRNG at the deal and kept with the
 * round; the deal's stake is a `bet` (stage bet; unanswered, it is rolled back and the round
 * cancelled before any card is shown); the hand then waits for its player (status playing); a
 * double, a split or insurance is a further `bet` of the same round (stage more; unanswered, it is
 * rolled back and the hand is as it was); the end pays the round's return with `win` and ends it
 * (stage win; retried until answered). Money calls go through the round's own game session.
 */
export function createTableRounds(deps: TableDeps) {
  const { db, clock, platform, settlement, log } = deps;

  const tableOf = (round: Round): TableTitle => {
    const title = deps.sessions.titleOf(round.gameId);
    if (!isTableTitle(title)) throw fail('TABLE_ACTION_NOT_ALLOWED');
    return title;
  };

  /** A new round of a table: bad input refused before anything is drawn; a spin (or a blackjack ending at the deal) sent whole. */
  async function deal(session: Session, title: TableTitle, input: TableDealInput): Promise<Answer> {
    const step = dealTable(title, input, deps.rng);
    const drawn: Drawn = {
      outcome: stored(step.state),
      won: step.over ? step.returnOre : null,
      stage: step.over ? 'bet_and_win' : 'bet',
      kind: title.kind,
    };
    return deps.playDrawn(session, title, step.stakeOre, drawn);
  }

  /** The platform session a round's money goes through: the one it was dealt in (a hand resumed in a later session too). */
  async function platformSessionOf(round: Round): Promise<string> {
    const [row] = await db.select({ id: sessions.platformSessionId }).from(sessions).where(eq(sessions.id, round.sessionId)).limit(1);
    return row!.id!;
  }

  /**
   * The deal's stake (a real hand): answered, the hand waits for its player; refused on the first
   * try, it never happened; refused after a try that went unanswered, a late copy is barred first
   * (settlement's rollback path); unanswered, it is pending and the recovery rolls it back.
   */
  async function stakeDeal(round: Round, session: Session, previousRoundAt: Date | null): Promise<Answer> {
    const title = tableOf(round);
    const sessionId = session.platformSessionId!;
    const { answer, unanswered } = await settlement.tryCall(true, () =>
      platform.bet({ sessionId, roundId: round.id, transactionId: round.betTransactionId!, amountOre: round.stakeOre }),
    );
    if (answer === null) {
      log('warn', 'deal unanswered: pending, rolled back in the background', { roundId: round.id });
      const pending = await settlement.noted(round);
      return { round: deps.roundView(pending, title), session: await deps.sessions.current(session.id) };
    }
    if (answer instanceof PlatformRefusal) {
      if (unanswered === 0) {
        await settlement.refuse(round, answer, { lastRoundAt: previousRoundAt, endedOnPlatform: true });
        return deps.refused(round, answer, previousRoundAt);
      }
      const [fenced] = await db
        .update(rounds)
        .set({ stage: 'rollback', rollbackTransactionId: `${round.id}:rollback`, refusalCode: answer.code, attemptedAt: clock() })
        .where(and(eq(rounds.id, round.id), eq(rounds.status, 'open')))
        .returning();
      const fate = await settlement.settleDrawn(fenced ?? round, session, { inRequest: true, lastRoundAt: previousRoundAt });
      if (fate.status === 'refused') return deps.refused(round, fate.refusal, previousRoundAt);
      return { round: deps.roundView(fate.round, title), session: await deps.sessions.current(session.id) };
    }
    const now = clock();
    const [playing] = await db
      .update(rounds)
      .set({ status: 'playing', stage: 'decide', decideBy: decideByOf(now), attemptedAt: now, attempts: 0, ...jackpotColumns(answer) })
      .where(and(eq(rounds.id, round.id), eq(rounds.status, 'open'), eq(rounds.stage, 'bet')))
      .returning();
    await db.update(sessions).set({ balanceOre: answer.balanceOre }).where(eq(sessions.id, session.id));
    return { round: deps.roundView(playing ?? round, title), session: await deps.sessions.current(session.id) };
  }

  /** The round a move is for: of the session, or (real) the same player's hand of this game dealt in another session of theirs. */
  async function roundFor(session: Session, roundId: string): Promise<Round> {
    const whose =
      session.mode === 'real' && session.playerId
        ? and(eq(rounds.playerId, session.playerId), eq(rounds.gameId, session.gameId), eq(rounds.mode, 'real'))
        : eq(rounds.sessionId, session.id);
    const [round] = ROUND_ID.test(roundId)
      ? await db
          .select()
          .from(rounds)
          .where(and(eq(rounds.id, roundId), whose))
          .limit(1)
      : [];
    if (!round) throw fail('GAME_ROUND_NOT_FOUND');
    if (round.status === 'open') throw fail('GAME_ROUND_IN_PROGRESS');
    if (round.status !== 'playing') throw fail('TABLE_ROUND_OVER');
    return round;
  }

  /**
   * A player's move on their waiting hand: refused (nothing moved, the hand as it was) when the
   * rules or the moment do not allow it; a move that stakes more takes it first; the last move
   * pays the round.
   */
  async function act(sessionId: string, token: string | undefined, roundId: string, move: TableMove): Promise<Answer> {
    const session = await deps.sessions.authorisedForRound(sessionId, token);
    const round = await roundFor(session, roundId);
    const title = tableOf(round);
    const step = applyMove(title, round.outcome as unknown as TableState, move, round.stakeOre);
    const cost = step.stakeOre - round.stakeOre;
    if (round.mode === 'fun') return actFun(session, round, title, step, cost);
    if (cost > 0) return stakeMore(session, round, title, step, cost);
    const now = clock();
    let moved: Round | undefined;
    try {
      [moved] = await db
        .update(rounds)
        .set(
          step.over
            ? {
                status: 'open',
                stage: 'win',
                outcome: stored(step.state),
                winOre: step.returnOre,
                moves: round.moves + 1,
                attemptedAt: now,
              }
            : { outcome: stored(step.state), moves: round.moves + 1, decideBy: decideByOf(now) },
        )
        .where(and(eq(rounds.id, round.id), eq(rounds.status, 'playing'), eq(rounds.moves, round.moves)))
        .returning();
    } catch (error) {
      if (isUniqueViolation(error, 'rounds_one_open_per_player')) throw fail('GAME_ROUND_IN_PROGRESS_ELSEWHERE');
      throw error;
    }
    // Another move of the same hand got there first (a second tab, a double click).
    if (!moved) throw fail('GAME_ROUND_IN_PROGRESS');
    if (step.over) return payOut(session, moved, title, true);
    return { round: deps.roundView(moved, title), session: await deps.sessions.current(session.id) };
  }

  /** The round's return paid and the round ended on the platform (retried in the background until answered). */
  async function payOut(session: Session, round: Round, title: TableTitle, inRequest: boolean): Promise<Answer> {
    const settled = await settlement.payWin(round, { platformSessionId: await platformSessionOf(round) }, { inRequest });
    if (settled.round.status !== 'settled') log('warn', 'table win unanswered: retried in the background', { roundId: round.id });
    // A hand resumed in a later session is paid through the session it was dealt in, which takes the
    // platform's answered balance; the session the player is in now shows the same.
    else if (settled.session && settled.session.id !== session.id)
      await db.update(sessions).set({ balanceOre: settled.session.balanceOre }).where(eq(sessions.id, session.id));
    return { round: deps.roundView(settled.round, title), session: await deps.sessions.current(session.id) };
  }

  /**
   * A move that stakes more (a double, a split, insurance): a `bet` of the same round under its own
   * id (`<round>:bet:<move>`), the hand moved only once it is taken. Refused: the hand as it was.
   * Unanswered: pending, and the recovery rolls that bet back (the hand then as it was).
   */
  async function stakeMore(
    session: Session,
    round: Round,
    title: TableTitle,
    step: ReturnType<typeof applyMove>,
    cost: number,
  ): Promise<Answer> {
    const number = round.moves + 1;
    const now = clock();
    let pending: Round | undefined;
    try {
      [pending] = await db
        .update(rounds)
        .set({
          status: 'open',
          stage: 'more',
          betTransactionId: `${round.id}:bet:${number}`,
          rollbackTransactionId: `${round.id}:rollback:${number}`,
          attemptedAt: now,
          attempts: 0,
        })
        .where(and(eq(rounds.id, round.id), eq(rounds.status, 'playing'), eq(rounds.moves, round.moves)))
        .returning();
    } catch (error) {
      if (isUniqueViolation(error, 'rounds_one_open_per_player')) throw fail('GAME_ROUND_IN_PROGRESS_ELSEWHERE');
      throw error;
    }
    if (!pending) throw fail('GAME_ROUND_IN_PROGRESS');
    const platformSessionId = await platformSessionOf(round);
    const { answer, unanswered } = await settlement.tryCall(true, () =>
      platform.bet({ sessionId: platformSessionId, roundId: round.id, transactionId: pending.betTransactionId!, amountOre: cost }),
    );
    if (answer === null) {
      log('warn', 'a further stake unanswered: rolled back in the background', { roundId: round.id });
      return { round: deps.roundView(await settlement.noted(pending), title), session: await deps.sessions.current(session.id) };
    }
    if (answer instanceof PlatformRefusal) {
      if (unanswered > 0) await undoMore(pending, platformSessionId);
      else await backToPlayer(pending);
      const code = answer.code === 'GAME_SESSION_ENDED' && round.sessionId !== session.id ? 'TABLE_HAND_FROM_ENDED_LOGIN' : answer.code;
      throw fail(
        code,
        { balanceOre: answer.balanceOre, ...(answer.platformMessage && code === answer.code ? { message: answer.platformMessage } : {}) },
        answer.status,
      );
    }
    const taken = clock();
    const [moved] = await db
      .update(rounds)
      .set({
        status: step.over ? 'open' : 'playing',
        stage: step.over ? 'win' : 'decide',
        outcome: stored(step.state),
        stakeOre: step.stakeOre,
        winOre: step.over ? step.returnOre : null,
        moves: number,
        decideBy: step.over ? null : decideByOf(taken),
        attemptedAt: taken,
        attempts: 0,
        ...jackpotColumns(answer),
      })
      .where(and(eq(rounds.id, round.id), eq(rounds.stage, 'more'), eq(rounds.moves, round.moves)))
      .returning();
    await db.update(sessions).set({ balanceOre: answer.balanceOre }).where(eq(sessions.id, session.id));
    if (!moved) return { round: deps.roundView(await reread(round), title), session: await deps.sessions.current(session.id) };
    if (step.over) return payOut(session, moved, title, true);
    return { round: deps.roundView(moved, title), session: await deps.sessions.current(session.id) };
  }

  async function reread(round: Round): Promise<Round> {
    return (await db.select().from(rounds).where(eq(rounds.id, round.id)))[0] ?? round;
  }

  /** The hand back to its player as it was before the move whose stake was not taken. */
  async function backToPlayer(round: Round): Promise<void> {
    await db
      .update(rounds)
      .set({ status: 'playing', stage: 'decide', attempts: 0, attemptedAt: clock() })
      .where(and(eq(rounds.id, round.id), eq(rounds.stage, 'more')));
  }

  /** A further stake whose answer never came: rolled back (a marker if it never landed), then the hand as it was. */
  async function undoMore(round: Round, platformSessionId: string): Promise<'undone' | 'waiting'> {
    const { answer } = await settlement.tryCall(false, () =>
      platform.rollback({
        sessionId: platformSessionId,
        roundId: round.id,
        transactionId: round.rollbackTransactionId!,
        referenceTransactionId: round.betTransactionId!,
      }),
    );
    if (answer === null) {
      await settlement.noted(round);
      return 'waiting';
    }
    if (answer instanceof PlatformRefusal) log('error', 'rollback of a further stake refused', { roundId: round.id, code: answer.code });
    await backToPlayer(round);
    return 'undone';
  }

  /** A fun move: the play money in one transaction with the hand (the session's row locked). */
  async function actFun(
    session: Session,
    round: Round,
    title: TableTitle,
    step: ReturnType<typeof applyMove>,
    cost: number,
  ): Promise<Answer> {
    const now = clock();
    const moved = await db.transaction(async (tx) => {
      const [current] = await tx.select().from(sessions).where(eq(sessions.id, session.id)).for('update');
      if (!current || current.endedAt || current.expiresAt <= now) throw fail('GAME_SESSION_ENDED');
      if (current.balanceOre < cost) throw fail('INSUFFICIENT_FUNDS', { balanceOre: current.balanceOre });
      const [row] = await tx
        .update(rounds)
        .set({
          outcome: stored(step.state),
          stakeOre: step.stakeOre,
          moves: round.moves + 1,
          ...(step.over
            ? { status: 'settled', stage: 'done', winOre: step.returnOre, endedAt: now, decideBy: null }
            : { decideBy: decideByOf(now) }),
        })
        .where(and(eq(rounds.id, round.id), eq(rounds.status, 'playing'), eq(rounds.moves, round.moves)))
        .returning();
      if (!row) throw fail('GAME_ROUND_IN_PROGRESS');
      await tx
        .update(sessions)
        .set(
          step.over
            ? {
                balanceOre: sql`${sessions.balanceOre} - ${cost} + ${step.returnOre!}`,
                stakedOre: sql`${sessions.stakedOre} + ${step.stakeOre}`,
                wonOre: sql`${sessions.wonOre} + ${step.returnOre!}`,
                roundsPlayed: sql`${sessions.roundsPlayed} + 1`,
              }
            : { balanceOre: sql`${sessions.balanceOre} - ${cost}` },
        )
        .where(eq(sessions.id, session.id));
      return row;
    });
    return { round: deps.roundView(moved, title), session: await deps.sessions.current(session.id) };
  }

  /** The player's hand of this game waiting for them (real: from any session of theirs; fun: the session's), as a round view. */
  async function openRoundOf(session: Session): Promise<RoundView | null> {
    const title = deps.sessions.titleOf(session.gameId);
    if (!isTableTitle(title)) return null;
    const whose =
      session.mode === 'real' && session.playerId
        ? and(eq(rounds.playerId, session.playerId), eq(rounds.gameId, session.gameId))
        : eq(rounds.sessionId, session.id);
    const [round] = await db
      .select()
      .from(rounds)
      .where(and(whose, eq(rounds.status, 'playing')))
      .limit(1);
    return round ? deps.roundView(round, title) : null;
  }

  /** Recovery of a further stake left unanswered (settlement.recover, stage more). */
  async function recoverMore(round: Round, session: { platformSessionId: string | null }) {
    return undoMore(round, session.platformSessionId!);
  }

  /**
   * Hands left by their players past `decide_by`, finished by the table's rule (table-games.ts
   * `finishLeft`) and paid: real ones through the contract (retried until answered), fun ones in the
   * play money. A real hand whose player has a round under way elsewhere waits for the next pass.
   */
  async function finishLeft({ limit = 100 }: { limit?: number } = {}): Promise<number> {
    const now = clock();
    const left = await db
      .select()
      .from(rounds)
      .where(and(eq(rounds.status, 'playing'), lt(rounds.decideBy, now)))
      .orderBy(asc(rounds.decideBy))
      .limit(limit);
    let finished = 0;
    for (const round of left) {
      const title = tableOf(round);
      const step = finishByRule(title, round.outcome as unknown as TableState, round.stakeOre);
      if (round.mode === 'fun') {
        const done = await db.transaction(async (tx) => {
          const [row] = await tx
            .update(rounds)
            .set({
              outcome: stored(step.state),
              status: 'settled',
              stage: 'done',
              winOre: step.returnOre,
              endedAt: now,
              decideBy: null,
              autoFinished: true,
              moves: round.moves + 1,
            })
            .where(and(eq(rounds.id, round.id), eq(rounds.status, 'playing'), eq(rounds.moves, round.moves)))
            .returning();
          if (!row) return false;
          await tx
            .update(sessions)
            .set({
              balanceOre: sql`${sessions.balanceOre} + ${step.returnOre!}`,
              stakedOre: sql`${sessions.stakedOre} + ${step.stakeOre}`,
              wonOre: sql`${sessions.wonOre} + ${step.returnOre!}`,
              roundsPlayed: sql`${sessions.roundsPlayed} + 1`,
            })
            .where(eq(sessions.id, round.sessionId));
          return true;
        });
        if (done) finished++;
        continue;
      }
      let moved: Round | undefined;
      try {
        [moved] = await db
          .update(rounds)
          .set({
            status: 'open',
            stage: 'win',
            outcome: stored(step.state),
            winOre: step.returnOre,
            autoFinished: true,
            moves: round.moves + 1,
            decideBy: null,
            attemptedAt: now,
          })
          .where(and(eq(rounds.id, round.id), eq(rounds.status, 'playing'), eq(rounds.moves, round.moves)))
          .returning();
      } catch (error) {
        if (isUniqueViolation(error, 'rounds_one_open_per_player')) continue;
        throw error;
      }
      if (!moved) continue;
      await settlement.payWin(moved, { platformSessionId: await platformSessionOf(moved) });
      finished++;
    }
    return finished;
  }

  return { deal, stakeDeal, act, openRoundOf, recoverMore, finishLeft };
}
