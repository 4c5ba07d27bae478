import { randomUUID } from 'node:crypto';
import { and, eq, or, sql } from 'drizzle-orm';
import { evaluate, isStakeAllowed, play, winOre as winInOre, type RoundOutcome, type Rng } from '@krone/games-math';
import type { Db } from '../db/client.js';
import { isUniqueViolation, queryPrepared } from '../db/client.js';
import { players, rounds, sessions } from '../db/schema.js';
import { fail } from '../errors.js';
import type { PlatformClient } from '../platform-client.js';
import { endedAt, freeRoundsOpen, warningDue, type PlayerClock, type Session, type SessionsService } from '../sessions/service.js';
import { isTableTitle, type SlotTitle, type StudioTitle } from '../titles.js';
import { explainOutcome } from './explain.js';
import { replayTable, tableView, type TableState } from './table-games.js';
import { createSettlement, type Round } from './settlement.js';
import { createTableRounds, decideByOf } from './table.js';
import type { PlatformRefusal } from '../platform-client.js';

export interface RoundsDeps {
  db: Db;
  /** Waits before each try of a round's call within the request (settlement.ts; tests pass none). */
  inRequestDelaysMs?: readonly number[];
  clock: () => Date;
  paceMs: number;
  platform: PlatformClient;
  sessions: SessionsService;
  rng: Rng;
  log: (level: 'warn' | 'error', message: string, details: Record<string, unknown>) => void;
}

const ROUND_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The stored outcome: games-math's RoundOutcome as JSON (its draws replay it). */
const storedOutcome = (outcome: RoundOutcome) => JSON.parse(JSON.stringify(outcome)) as Record<string, unknown>;

/**
 * A real round opened (openReal) with its drawn outcome, before the platform hears of it: $1
 * session, $2 now, $3 the pace (ms), $4 round id, $5 game, $6 maths hash, $7 stake, $8 and $9 the
 * bet's and the win's transaction ids, $10 the outcome, $11 the win (null: not known yet), $12 the stage
 * (bet_and_win: drawn whole; bet: a table's deal, its stake first), $13 the kind, $14 a free round's grant
 * (null: a paid round). The rules are the player's,
 * across every session (game, tab) of theirs: their row in studio.players is locked, and checked
 * for the pace since their last round and the money-played warning's clock; no hand of this game
 * waiting for them (a table's; a slot round skips the look-up); no open round of the player anywhere (the partial unique index rounds_one_open_per_player holds it should two
 * statements pass the check at once). The session itself must be live.
 */
const OPEN_REAL_ROUND = `
  with s as (
    select id, player_id, warning_minutes from studio.sessions
    where id = $1::uuid and ended_at is null and expires_at > $2::timestamptz
  ), p as (
    select p.player_id, p.last_round_at, p.warning_since, p.play_since from studio.players p, s
    where p.player_id = s.player_id
      and (s.warning_minutes is null or $2::timestamptz < p.warning_since + s.warning_minutes * interval '1 minute')
      and (p.last_round_at is null or $2::timestamptz >= p.last_round_at + $3::int * interval '1 millisecond')
      and not exists (select 1 from studio.rounds r where r.player_id = s.player_id and r.status = 'open')
      and ($13::text = 'slot' or not exists (
        select 1 from studio.rounds r where r.player_id = s.player_id and r.game_id = $5::text and r.status = 'playing'))
    for update of p
  ), opened as (
    insert into studio.rounds (id, session_id, player_id, game_id, maths_hash, mode, stake_ore, win_ore, outcome, status, stage,
      bet_transaction_id, win_transaction_id, started_at, attempted_at, kind, free_rounds_id)
    select $4::uuid, s.id, p.player_id, $5::text, $6::text, 'real', $7::bigint, $11::bigint, $10::jsonb, 'open', $12::text, $8::text, $9::text,
      $2::timestamptz, $2::timestamptz, $13::text, $14::uuid from s, p
    returning player_id
  )
  update studio.players set last_round_at = $2::timestamptz
  from p, opened where studio.players.player_id = p.player_id
  returning p.last_round_at as previous_round_at, p.warning_since, p.play_since`;

/** A real round's draw, kept before the platform hears of it: its outcome, its win (null while a table's hand is open), its first stage. */
export interface Drawn {
  outcome: Record<string, unknown>;
  won: number | null;
  stage: 'bet_and_win' | 'bet';
  kind: 'slot' | 'roulette' | 'blackjack' | 'video-poker';
}

/**
 * A round: the rules (one at a time, the pace, the stake steps, the warning), then for fun the play
 * money in one transaction; for real the outcome drawn and kept with the round, then the whole round
 * sent to the games contract in one call (betAndWin: the stake, the win, 0 too, and the round's end).
 * The outcome is shown only once the platform has taken the stake, and no refusal of the platform
 * depends on it (funds, a pause, a lock, the stake rules); a refused round is kept, never paid.
 */
export function createRoundsService(deps: RoundsDeps) {
  const { db, clock, paceMs, rng } = deps;
  const settlement = createSettlement(deps);

  /** A slot round drawn from the CSPRNG: its outcome and win, sent whole. */
  function drawSlot(title: SlotTitle, stakeOre: number): Drawn {
    const outcome = storedOutcome(play(title.maths, rng));
    return {
      outcome,
      won: winInOre(title.maths, stakeOre, (outcome as unknown as RoundOutcome).winUnits),
      stage: 'bet_and_win',
      kind: 'slot',
    };
  }

  /**
   * A round as the player may see it: its outcome and win only once settled. A pending round (the
   * platform's answer still owed) shows neither: should the platform refuse it, it never happened.
   */
  function roundView(round: Round, title: StudioTitle) {
    const status: 'pending' | 'settled' | 'refused' | 'cancelled' | 'playing' =
      round.status === 'open' ? 'pending' : (round.status as 'settled' | 'refused' | 'cancelled' | 'playing');
    const settled = status === 'settled';
    const table = isTableTitle(title);
    // The pools the round's stake won (paid with it, so known once it is settled, or a table's hand is dealt).
    const jackpotShown = settled || status === 'playing';
    return {
      roundId: round.id,
      stakeOre: round.stakeOre,
      winOre: settled ? (round.winOre ?? 0) : null,
      jackpotWins: jackpotShown ? (round.jackpotWins ?? []) : [],
      jackpotWinOre: jackpotShown ? round.jackpotWinOre : null,
      startedAt: round.startedAt.toISOString(),
      status,
      outcome:
        settled && !table ? explainOutcome(title.maths, round.stakeOre, round.outcome as unknown as RoundOutcome, round.jackpotWins) : null,
      table:
        table && (settled || status === 'playing')
          ? tableView(title, round.outcome as unknown as TableState, round.stakeOre, {
              decideBy: status === 'playing' ? round.decideBy : null,
              autoFinished: round.autoFinished,
            })
          : null,
      refusalCode: status === 'refused' ? round.refusalCode : null,
      // A settled free round: its grant after it, as the platform answered (the last one's roundsLeft is 0).
      freeRound:
        settled && round.freeRoundsId && round.freeRoundsLeft !== null && round.freeRoundsTotal !== null
          ? { roundsLeft: round.freeRoundsLeft, roundsTotal: round.freeRoundsTotal, wonOre: round.freeRoundsWonOre ?? 0 }
          : null,
    };
  }

  /**
   * Why a round may not start now, in the order the player should hear it (null: nothing against
   * it). A real session's rules are the player's: their round under way, their pace and their
   * warning, in whichever game or tab (told apart: `…_ELSEWHERE` when it is another session's).
   */
  async function refusalOf(current: Session | undefined, now: Date, runner: Pick<Db, 'select'> = db) {
    if (!current || endedAt(current, now)) return fail('GAME_SESSION_ENDED');
    if (current.mode === 'real' && current.playerId) return playerRefusalOf(current, current.playerId, now);
    const [busy] = await runner
      .select({ id: rounds.id })
      .from(rounds)
      .where(and(eq(rounds.sessionId, current.id), eq(rounds.status, 'open')))
      .limit(1);
    if (busy) return fail('GAME_ROUND_IN_PROGRESS');
    const [hand] = await runner
      .select({ id: rounds.id })
      .from(rounds)
      .where(and(eq(rounds.sessionId, current.id), eq(rounds.status, 'playing')))
      .limit(1);
    if (hand) return fail('TABLE_HAND_OPEN', { roundId: hand.id });
    if (warningDue(current, now)) return fail('GAME_WARNING_UNANSWERED');
    if (current.lastRoundAt && now.getTime() < current.lastRoundAt.getTime() + paceMs)
      return fail('GAME_ROUND_TOO_SOON', { nextRoundAt: new Date(current.lastRoundAt.getTime() + paceMs).toISOString() });
    return null;
  }

  async function playerRefusalOf(current: Session, playerId: string, now: Date) {
    const [busy] = await db
      .select({ sessionId: rounds.sessionId })
      .from(rounds)
      .where(and(eq(rounds.playerId, playerId), eq(rounds.status, 'open')))
      .limit(1);
    if (busy) return fail(busy.sessionId === current.id ? 'GAME_ROUND_IN_PROGRESS' : 'GAME_ROUND_IN_PROGRESS_ELSEWHERE');
    const [hand] = await db
      .select({ id: rounds.id })
      .from(rounds)
      .where(and(eq(rounds.playerId, playerId), eq(rounds.gameId, current.gameId), eq(rounds.status, 'playing')))
      .limit(1);
    if (hand) return fail('TABLE_HAND_OPEN', { roundId: hand.id });
    const [player] = await db.select().from(players).where(eq(players.playerId, playerId)).limit(1);
    if (!player) return null;
    if (warningDue(current, now, player)) return fail('GAME_WARNING_UNANSWERED');
    if (player.lastRoundAt && now.getTime() < player.lastRoundAt.getTime() + paceMs) {
      const nextRoundAt = new Date(player.lastRoundAt.getTime() + paceMs).toISOString();
      const [last] = await db
        .select({ sessionId: rounds.sessionId })
        .from(rounds)
        .where(and(eq(rounds.playerId, playerId), eq(rounds.startedAt, player.lastRoundAt)))
        .limit(1);
      return fail(last && last.sessionId !== current.id ? 'GAME_ROUND_TOO_SOON_ELSEWHERE' : 'GAME_ROUND_TOO_SOON', { nextRoundAt });
    }
    return null;
  }

  /** Why a real round could not open (the statement gave no row, or lost a race on a unique index): the rule that stood in the way. */
  async function realRefusal(session: Session, now: Date) {
    const [current] = await db.select().from(sessions).where(eq(sessions.id, session.id)).limit(1);
    return (await refusalOf(current, now)) ?? fail('GAME_ROUND_IN_PROGRESS');
  }

  /**
   * A real round opened in one statement (the common path of every money round): the player's
   * row locked and every rule checked in its WHERE, the round inserted, the pace's clock set. No
   * row back means a rule stood in the way, and `refusalOf` says which. The partial unique indexes
   * (one open round per player, and per session) hold should two studio processes get past the check at once.
   */
  async function openReal(
    session: Session,
    title: StudioTitle,
    stakeOre: number,
    drawn?: Drawn,
    freeRoundsId: string | null = null,
  ): Promise<{ round: Round; previousRoundAt: Date | null; player?: PlayerClock }> {
    const now = clock();
    const { outcome, won, stage, kind } = drawn ?? drawSlot(title as SlotTitle, stakeOre);
    const id = randomUUID();
    const at = now.toISOString();
    type Opened = { previous_round_at: Date | string | null; warning_since: Date | string; play_since: Date | string };
    let opened: Opened[];
    try {
      opened = await queryPrepared<Opened>(db, 'studio_open_real_round_per_player', OPEN_REAL_ROUND, [
        session.id,
        at,
        paceMs,
        id,
        title.id,
        title.mathsHash,
        stakeOre,
        `${id}:bet`,
        `${id}:win`,
        JSON.stringify(outcome),
        won,
        stage,
        kind,
        freeRoundsId,
      ]);
    } catch (error) {
      if (isUniqueViolation(error, 'rounds_one_open_per_session') || isUniqueViolation(error, 'rounds_one_open_per_player'))
        throw await realRefusal(session, now);
      throw error;
    }
    if (!opened[0]) throw await realRefusal(session, now);
    const previous = opened[0].previous_round_at;
    const player: PlayerClock = {
      lastRoundAt: now,
      warningSince: new Date(opened[0].warning_since),
      playSince: new Date(opened[0].play_since),
    };
    const round: Round = {
      id,
      sessionId: session.id,
      playerId: session.playerId,
      gameId: title.id,
      mathsHash: title.mathsHash,
      mode: 'real',
      stakeOre,
      winOre: won,
      outcome,
      status: 'open',
      stage,
      kind,
      decideBy: null,
      autoFinished: false,
      moves: 0,
      betTransactionId: `${id}:bet`,
      winTransactionId: `${id}:win`,
      rollbackTransactionId: null,
      refusalCode: null,
      platformEndedAt: null,
      attemptedAt: now,
      attempts: 0,
      startedAt: now,
      endedAt: null,
      jackpotWins: null,
      jackpotWinOre: 0,
      freeRoundsId,
      freeRoundsLeft: null,
      freeRoundsTotal: null,
      freeRoundsWonOre: null,
    };
    return { round, previousRoundAt: previous === null ? null : new Date(previous), player };
  }

  /**
   * Opens a fun round under a lock on the session's row (every rule checked against the session as
   * it stands), plays it with the play money and settles it, all in one transaction.
   */
  async function open(
    session: Session,
    title: StudioTitle,
    stakeOre: number,
    drawn?: Drawn,
    freeRoundsId: string | null = null,
  ): Promise<{ round: Round; previousRoundAt: Date | null; player?: PlayerClock }> {
    if (session.mode === 'real') return openReal(session, title, stakeOre, drawn, freeRoundsId);
    if (freeRoundsId) throw fail('FREE_ROUNDS_NOT_FOUND');
    const now = clock();
    const id = randomUUID();
    try {
      return await db.transaction(async (tx) => {
        const [current] = await tx.select().from(sessions).where(eq(sessions.id, session.id)).for('update');
        const refusal = await refusalOf(current, now, tx);
        if (refusal || !current) throw refusal;
        if (current.mode !== 'fun') throw new Error('a real session reached the fun round');
        if (current.balanceOre < stakeOre) throw fail('INSUFFICIENT_FUNDS', { balanceOre: current.balanceOre });
        const { outcome, won, kind } = drawn ?? drawSlot(title as SlotTitle, stakeOre);
        const base = {
          id,
          sessionId: current.id,
          gameId: title.id,
          mathsHash: title.mathsHash,
          mode: current.mode,
          stakeOre,
          startedAt: now,
          attemptedAt: now,
          kind,
          outcome,
        };
        // A table's hand that waits for the player: its stake taken now, its win when it ends (table.ts).
        if (won === null) {
          const [round] = await tx
            .insert(rounds)
            .values({ ...base, status: 'playing', stage: 'decide', decideBy: decideByOf(now) })
            .returning();
          await tx
            .update(sessions)
            .set({ lastRoundAt: now, balanceOre: sql`${sessions.balanceOre} - ${stakeOre}` })
            .where(eq(sessions.id, current.id));
          return { round: round!, previousRoundAt: current.lastRoundAt };
        }
        const [round] = await tx
          .insert(rounds)
          .values({ ...base, status: 'settled', stage: 'done', winOre: won, endedAt: now })
          .returning();
        await tx
          .update(sessions)
          .set({
            lastRoundAt: now,
            balanceOre: sql`${sessions.balanceOre} - ${stakeOre} + ${won}`,
            stakedOre: sql`${sessions.stakedOre} + ${stakeOre}`,
            wonOre: sql`${sessions.wonOre} + ${won}`,
            roundsPlayed: sql`${sessions.roundsPlayed} + 1`,
          })
          .where(eq(sessions.id, current.id));
        return { round: round!, previousRoundAt: current.lastRoundAt };
      });
    } catch (error) {
      if (isUniqueViolation(error, 'rounds_one_open_per_session')) throw fail('GAME_ROUND_IN_PROGRESS');
      if (isUniqueViolation(error, 'rounds_one_playing_per_session')) throw fail('TABLE_HAND_OPEN');
      throw error;
    }
  }

  /** A round the platform refused never happened: the player's pace is as before it (unless another round of theirs started since). */
  async function refused(round: Round, refusal: PlatformRefusal, previousRoundAt: Date | null): Promise<never> {
    if (round.playerId)
      await db
        .update(players)
        .set({ lastRoundAt: previousRoundAt })
        .where(and(eq(players.playerId, round.playerId), eq(players.lastRoundAt, round.startedAt)));
    throw fail(
      refusal.code,
      { balanceOre: refusal.balanceOre, ...(refusal.platformMessage ? { message: refusal.platformMessage } : {}) },
      refusal.status,
    );
  }

  /**
   * A round (slot: {stakeOre}, or {freeRoundsId}: one of the player's free rounds; a table: its
   * deal, table.ts): drawn from the CSPRNG and kept, then sent to the platform.
   */
  async function playRound(
    sessionId: string,
    token: string | undefined,
    input: { stakeOre?: number; bets?: unknown; freeRoundsId?: string },
  ) {
    const session = await deps.sessions.authorisedForRound(sessionId, token);
    const title = deps.sessions.titleOf(session.gameId);
    if (input.freeRoundsId !== undefined) return playFreeRound(session, title, input.freeRoundsId, input);
    if (isTableTitle(title)) return tables.deal(session, title, input);
    const { stakeOre } = input;
    if (input.bets !== undefined || stakeOre === undefined || !title.stake.stepsOre.includes(stakeOre))
      throw fail('GAME_STAKE_NOT_ALLOWED');
    return playDrawn(session, title, stakeOre);
  }

  /**
   * One of the player's free rounds (issue 27): a grant the session was told of with rounds left,
   * played at the grant's stake (no stake choice; a stake sent that differs is refused), drawn from
   * the CSPRNG as a paid round is and kept before the platform hears of it, then sent as a whole
   * round naming the grant (betAndWin's freeRoundsId) through the same settlement. The player's
   * rules apply as to any round (one at a time, the pace, the warning: the open statement). Fun
   * sessions and table games have no free rounds.
   */
  async function playFreeRound(session: Session, title: StudioTitle, freeRoundsId: string, input: { stakeOre?: number; bets?: unknown }) {
    if (session.mode !== 'real' || isTableTitle(title)) throw fail('FREE_ROUNDS_NOT_FOUND');
    // The offer as it stands now (the session kept for rounds is the one first looked up).
    const [current] = await db.select({ freeRounds: sessions.freeRounds }).from(sessions).where(eq(sessions.id, session.id)).limit(1);
    const grant = (current?.freeRounds ?? []).find((offer) => offer.id === freeRoundsId);
    if (!grant) throw fail('FREE_ROUNDS_NOT_FOUND');
    if (grant.roundsLeft < 1) throw fail('FREE_ROUNDS_USED_UP');
    if (!freeRoundsOpen(grant, clock())) throw fail('FREE_ROUNDS_EXPIRED');
    if (!grant.gameIds.includes(title.id)) throw fail('FREE_ROUND_GAME_NOT_ALLOWED');
    if (input.bets !== undefined || (input.stakeOre !== undefined && input.stakeOre !== grant.stakeOre))
      throw fail('GAME_STAKE_NOT_ALLOWED');
    // A grant's stake the title's maths cannot play in whole øre is not one of its rounds.
    if (!isStakeAllowed(title.maths, grant.stakeOre)) throw fail('FREE_ROUND_STAKE_MISMATCH');
    return playDrawn(session, title, grant.stakeOre, undefined, grant.id);
  }

  /** Opens a round (drawn: a table's; else a slot's, drawn here) and settles what it owes: a drawn round whole, a table's deal by its stake. */
  async function playDrawn(session: Session, title: StudioTitle, stakeOre: number, drawn?: Drawn, freeRoundsId: string | null = null) {
    const { round, previousRoundAt, player } = await open(session, title, stakeOre, drawn, freeRoundsId);
    if (round.mode === 'fun') return { round: roundView(round, title), session: await deps.sessions.current(session.id) };
    if (round.stage === 'bet') return tables.stakeDeal(round, session, previousRoundAt);

    // The drawn round is settled as drawn or refused, never rolled back (settlement.ts settleDrawn).
    const fate = await settlement.settleDrawn(round, session, { inRequest: true, lastRoundAt: previousRoundAt });
    if (fate.status === 'refused') return refused(round, fate.refusal, previousRoundAt);
    // Settled: shown. Pending (no answer yet, sent again in the background): shown as pending,
    // without its outcome, until the platform answers (GET …/rounds/{roundId}).
    if (fate.status === 'pending') deps.log('warn', 'round unanswered: pending, sent again in the background', { roundId: round.id });
    const settledSession = fate.status === 'settled' ? fate.session : null;
    return {
      round: roundView(fate.round, title),
      session:
        settledSession && !warningDue(settledSession, clock(), player) && !isTableTitle(title)
          ? deps.sessions.view(settledSession, undefined, player)
          : await deps.sessions.current(session.id),
    };
  }

  const tables = createTableRounds({ ...deps, settlement, playDrawn, roundView, refused });
  deps.sessions.showOpenRounds(tables.openRoundOf);

  /**
   * A round as the player may see it now (pending, settled with its outcome, refused), with the
   * session: a round of the session, or a real round of the same player in another session of
   * theirs (a reload, another tab or game: the session's `pendingRound`). Another player's round
   * is GAME_ROUND_NOT_FOUND, as is any other session's round for a fun session.
   */
  async function roundOf(sessionId: string, token: string | undefined, roundId: string) {
    const session = await deps.sessions.authorised(sessionId, token);
    const whose =
      session.mode === 'real' && session.playerId
        ? or(eq(rounds.sessionId, session.id), and(eq(rounds.playerId, session.playerId), eq(rounds.mode, 'real')))
        : eq(rounds.sessionId, session.id);
    const [round] = ROUND_ID.test(roundId)
      ? await db
          .select()
          .from(rounds)
          .where(and(eq(rounds.id, roundId), whose))
          .limit(1)
      : [];
    if (!round) throw fail('GAME_ROUND_NOT_FOUND');
    return { round: roundView(round, deps.sessions.titleOf(round.gameId)), session: await deps.sessions.current(session.id) };
  }

  /**
   * Replays a kept round from its draws (audit): the outcome the maths gives for them now, with the
   * pools its stake won as the platform paid them (kept, not drawn: a jackpot is the platform's).
   */
  async function replay(roundId: string) {
    const [round] = await db.select().from(rounds).where(eq(rounds.id, roundId)).limit(1);
    if (!round?.outcome) return null;
    const title = deps.sessions.titleOf(round.gameId);
    const jackpotWins = round.jackpotWins ?? [];
    if (isTableTitle(title))
      return { stored: round.outcome, replayed: replayTable(title, round.outcome as unknown as TableState), jackpotWins };
    return {
      stored: round.outcome as unknown as RoundOutcome,
      replayed: evaluate(title.maths, (round.outcome as unknown as RoundOutcome).draws),
      jackpotWins,
    };
  }

  /** Everything owed: the money calls of rounds left behind (settlement.ts), a table's further stake unanswered, hands left past their time. */
  async function recover(options: { quietMs: number; betQuietMs?: number; limit?: number }) {
    const totals = await settlement.recover({ ...options, more: tables.recoverMore });
    const finished = await tables.finishLeft({ limit: options.limit });
    return { ...totals, finished };
  }

  return { playRound, act: tables.act, roundOf, replay, recover };
}

export type RoundsService = ReturnType<typeof createRoundsService>;
