import { and, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { queryPrepared, type Db } from '../db/client.js';
import type { Session } from '../sessions/service.js';
import { rounds, sessions } from '../db/schema.js';
import type { ErrorCode } from '@krone/domain';
import {
  FREE_ROUND_REFUSALS,
  PlatformRefusal,
  freeRoundsUseOf,
  jackpotWinsOf,
  type FreeRoundsOffer,
  type FreeRoundsUse,
  type JackpotWin,
  type PlatformClient,
  type StakeAnswer,
} from '../platform-client.js';

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
    freeRounds: (row.free_rounds as FreeRoundsOffer[] | null) ?? [],
  };
}

/**
 * A round closed once with its session's figures (settle): $1 round, $2 settled or cancelled, $3
 * now, $4 when the platform answered its end (or null), $5 the balance the platform answered (or
 * null), $6 the pools the answer says the stake won (a JSON array, or null: none) and $7 their sum,
 * added to any the round's earlier stakes won (a table's deal); a free round's grant after it as
 * the platform answered ($8 rounds left, $9 rounds total, $10 what its rounds have won; all null for
 * a paid round). The session's won figure counts the game's win and the jackpot's: the player's
 * balance holds both; its staked figure leaves out a free round's stake (the house's). The
 * session's offer of that grant takes the answer's rounds left and win: only ever fewer rounds and
 * more won, so an older answer applied late never brings back a round already played.
 */
const SETTLE_ROUND = `
  with closed as (
    update studio.rounds set status = $2::text, stage = 'done', ended_at = $3::timestamptz, attempted_at = $3::timestamptz,
      platform_ended_at = $4::timestamptz,
      jackpot_wins = case when $6::jsonb is null then jackpot_wins else coalesce(jackpot_wins, '[]'::jsonb) || $6::jsonb end,
      jackpot_win_ore = jackpot_win_ore + $7::bigint,
      free_rounds_left = $8::int, free_rounds_total = $9::int, free_rounds_won_ore = $10::bigint
    where id = $1::uuid and status = 'open'
    returning session_id, stake_ore, win_ore, jackpot_wins, jackpot_win_ore, free_rounds_id
  )
  update studio.sessions s set
    balance_ore = coalesce($5::bigint, s.balance_ore),
    staked_ore = s.staked_ore + case when $2::text = 'settled' and closed.free_rounds_id is null then closed.stake_ore else 0 end,
    won_ore = s.won_ore + case when $2::text = 'settled' then closed.win_ore + closed.jackpot_win_ore else 0 end,
    rounds_played = s.rounds_played + case when $2::text = 'settled' then 1 else 0 end,
    free_rounds = case when $8::int is null then s.free_rounds else (
      select coalesce(jsonb_agg(case when o.offer->>'id' = closed.free_rounds_id::text
        then o.offer || jsonb_build_object(
          'roundsLeft', least((o.offer->>'roundsLeft')::int, $8::int),
          'wonOre', greatest((o.offer->>'wonOre')::bigint, $10::bigint))
        else o.offer end order by o.at), '[]'::jsonb)
      from jsonb_array_elements(s.free_rounds) with ordinality as o(offer, at)) end
  from closed where s.id = closed.session_id
  returning s.*, closed.jackpot_wins as round_jackpot_wins, closed.jackpot_win_ore as round_jackpot_win_ore`;

/** The pools a stake's answer won as the columns' values: the list (null: none) and its sum. */
export function jackpotOf(answer: StakeAnswer | null): { wins: JackpotWin[] | null; winOre: number } {
  const wins = answer ? jackpotWinsOf(answer) : [];
  return wins.length > 0 ? { wins, winOre: wins.reduce((sum, win) => sum + win.amountOre, 0) } : { wins: null, winOre: 0 };
}

interface SettlementDeps {
  db: Db;
  clock: () => Date;
  platform: PlatformClient;
  log: (level: 'warn' | 'error', message: string, details: Record<string, unknown>) => void;
  /** Waits before each try within a request (tests pass none: the faults are the test's, not the clock's). */
  inRequestDelaysMs?: readonly number[];
}

/**
 * What became of a drawn round's money call: settled as drawn (shown to the player), refused by the
 * platform (it never happened: never shown, never paid), or pending (no answer yet: sent again
 * until one comes, the outcome kept from the player meanwhile).
 */
export type Fate =
  | { status: 'settled'; round: Round; session: Session | null }
  | { status: 'refused'; round: Round; refusal: PlatformRefusal; session: Session | null }
  | { status: 'pending'; round: Round };

/** Waits before each try within a request: a blip of the network is over by the third. */
const IN_REQUEST_DELAYS_MS = [0, 150, 600];
/** Between tries in the background: doubling from 2 s, at most 5 minutes. */
const backoffMs = (attempts: number) => Math.min(2_000 * 2 ** Math.max(0, attempts - 1), 300_000);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What a real round still owes once it is drawn. Its whole round (betAndWin) is sent until the
 * platform answers: the same call every time (the same transaction ids make a repeat land once),
 * never rolled back, so the round is settled exactly as drawn or refused. Tried in the player's
 * request and then, should the platform not answer, by `recover` in the background (with backoff)
 * and at start. Rounds of the separate calls (stages bet, win) are still recovered as before.
 */
export function createSettlement(deps: SettlementDeps) {
  const { db, clock, platform, log } = deps;
  const inRequestDelays = deps.inRequestDelaysMs ?? IN_REQUEST_DELAYS_MS;

  async function toStage(roundId: string, stage: 'bet_and_win' | 'rollback', values: Partial<typeof rounds.$inferInsert>): Promise<Round> {
    const [round] = await db
      .update(rounds)
      .set({ ...values, stage, attemptedAt: clock() })
      .where(eq(rounds.id, roundId))
      .returning();
    return round!;
  }

  /**
   * Tries a call once, or a few times within a request: its answer (a refusal as it came), or null
   * when the platform did not answer; and how many tries went unanswered before it.
   */
  async function tryCall<T>(
    inRequest: boolean,
    call: () => Promise<T>,
  ): Promise<{ answer: T | PlatformRefusal | null; unanswered: number }> {
    let unanswered = 0;
    for (const delay of inRequest ? inRequestDelays : [0]) {
      if (delay) await sleep(delay);
      try {
        return { answer: await call(), unanswered };
      } catch (error) {
        if (error instanceof PlatformRefusal) return { answer: error, unanswered };
        unanswered++;
      }
    }
    return { answer: null, unanswered };
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

  /** A settled, cancelled or refused round whose end the platform has not answered yet (recovery). */
  async function endRound(round: Round, platformSessionId: string): Promise<void> {
    if (await endOnPlatform(round.id, platformSessionId))
      await db.update(rounds).set({ platformEndedAt: clock() }).where(eq(rounds.id, round.id));
    else await noted(round);
  }

  /** The round's whole call, the same at every try (a free round's names its grant, kept with the round). */
  const betAndWinOf = (round: Round, session: { platformSessionId: string | null }) => () =>
    platform.betAndWin({
      sessionId: session.platformSessionId!,
      roundId: round.id,
      transactionId: round.betTransactionId!,
      amountOre: round.stakeOre,
      winTransactionId: round.winTransactionId!,
      winAmountOre: round.winOre!,
      endRound: true,
      ...(round.freeRoundsId ? { freeRoundsId: round.freeRoundsId } : {}),
    });

  /**
   * The session's free rounds asked of the platform again (its balance call) after it refused a
   * free round: the offer the round was played from is out of date (used up elsewhere, expired,
   * ended with its bonus). No answer leaves the offer as it was; the next look-up asks again.
   */
  async function refreshFreeRounds(session: Session): Promise<Session> {
    if (!session.platformSessionId) return session;
    try {
      const balance = await platform.balance(session.platformSessionId);
      const [updated] = await db
        .update(sessions)
        .set({ freeRounds: balance.freeRounds, balanceOre: balance.balanceOre })
        .where(eq(sessions.id, session.id))
        .returning();
      return updated ?? session;
    } catch (error) {
      log('warn', 'free rounds not refreshed after a refusal', { sessionId: session.id, error: (error as Error).message });
      return session;
    }
  }

  /**
   * The platform refused the round: nothing moved and it never happened for the player. Kept as
   * refused with the platform's code, its drawn outcome with it and never shown or paid (every draw
   * stays on record); the session told what the refusal says (ended, the balance), and its pace put
   * back when the player's own request is answered with the refusal (`lastRoundAt`). Null when
   * another process closed the round first.
   */
  async function refuse(
    round: Round,
    refusal: PlatformRefusal,
    { lastRoundAt, endedOnPlatform = false }: { lastRoundAt?: Date | null; endedOnPlatform?: boolean } = {},
  ): Promise<Fate> {
    const now = clock();
    const closed = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(rounds)
        .set({
          status: 'refused',
          stage: 'done',
          refusalCode: refusal.code,
          endedAt: now,
          attemptedAt: now,
          platformEndedAt: endedOnPlatform ? now : null,
        })
        .where(and(eq(rounds.id, round.id), eq(rounds.status, 'open')))
        .returning();
      if (!row) return null;
      const told = {
        ...(lastRoundAt !== undefined ? { lastRoundAt } : {}),
        ...(refusal.code === 'GAME_SESSION_ENDED' ? { endedAt: now } : {}),
        ...(refusal.code === 'INSUFFICIENT_FUNDS' && refusal.balanceOre !== undefined ? { balanceOre: refusal.balanceOre } : {}),
      };
      const [session] = Object.keys(told).length
        ? await tx.update(sessions).set(told).where(eq(sessions.id, round.sessionId)).returning()
        : await tx.select().from(sessions).where(eq(sessions.id, round.sessionId));
      return { round: row, session: session ?? null };
    });
    if (!closed) return fateOf(await reread(round));
    const session = closed.session && FREE_ROUND_REFUSALS.has(refusal.code) ? await refreshFreeRounds(closed.session) : closed.session;
    return { status: 'refused', round: closed.round, refusal, session };
  }

  async function reread(round: Round): Promise<Round> {
    return (await db.select().from(rounds).where(eq(rounds.id, round.id)))[0] ?? round;
  }

  /** A round another process closed meanwhile, as a fate (its refusal rebuilt from the kept code). */
  function fateOf(round: Round): Fate {
    if (round.status === 'settled') return { status: 'settled', round, session: null };
    if (round.status === 'open') return { status: 'pending', round };
    const code = (round.refusalCode ?? 'GAME_ROUND_CANCELLED') as ErrorCode;
    return { status: 'refused', round, refusal: new PlatformRefusal(code, 409, undefined, undefined), session: null };
  }

  /**
   * Settles a drawn round (stage bet_and_win, or rollback after a refusal): sends the whole round,
   * again and again until the platform answers, never a rollback of a round that may have landed.
   * Answered: settled as drawn. Refused on the very first try ever (in the request, nothing sent
   * before that could still arrive): refused at once, nothing on the platform to end. Refused after a try that went unanswered: a copy
   * of the call may still be on its way, so the bet never seen is first barred by a rollback (the
   * platform leaves a marker under its id; rollback moves no money here: a round that landed whole
   * refuses it, and is then sent again for its answer), and only then is the round refused.
   */
  async function settleDrawn(
    round: Round,
    session: { platformSessionId: string | null },
    { inRequest = false, lastRoundAt }: { inRequest?: boolean; lastRoundAt?: Date | null } = {},
  ): Promise<Fate> {
    let current = round;
    for (let pass = 0; pass < 3; pass++) {
      if (current.stage === 'rollback') {
        const fenced = await fence(current, session, { inRequest, lastRoundAt });
        if ('again' in fenced) {
          current = fenced.again;
          continue;
        }
        return fenced;
      }
      const { answer, unanswered } = await tryCall(inRequest, betAndWinOf(current, session));
      if (answer === null) return { status: 'pending', round: await noted(current) };
      if (!(answer instanceof PlatformRefusal))
        return { status: 'settled', ...(await settle(current, 'settled', answer, answer.roundEnded)) };
      if (inRequest && current.attempts === 0 && unanswered === 0) return refuse(current, answer, { lastRoundAt, endedOnPlatform: true });
      log('warn', 'round refused after an unanswered try: barring a late copy before it is refused', {
        roundId: current.id,
        code: answer.code,
      });
      current = await toStage(current.id, 'rollback', { rollbackTransactionId: `${current.id}:rollback`, refusalCode: answer.code });
    }
    return { status: 'pending', round: current };
  }

  /**
   * The rollback of a round's bet. For a drawn round refused after an unanswered try
   * (`refusalCode` kept): the marker that bars a late copy, then the round is refused. For a round
   * of the separate calls (stage bet, no code): its unanswered bet given back, the round cancelled.
   * A round that landed whole refuses the rollback: it stands and is sent again (`again`).
   */
  async function fence(
    round: Round,
    session: { platformSessionId: string | null },
    { inRequest, lastRoundAt }: { inRequest: boolean; lastRoundAt?: Date | null },
  ): Promise<Fate | { again: Round }> {
    const platformSessionId = session.platformSessionId!;
    const { answer } = await tryCall(inRequest, () =>
      platform.rollback({
        sessionId: platformSessionId,
        roundId: round.id,
        transactionId: round.rollbackTransactionId!,
        referenceTransactionId: round.betTransactionId!,
      }),
    );
    if (answer === null) {
      log('warn', 'rollback unanswered: retried in the background', { roundId: round.id });
      return { status: 'pending', round: await noted(round) };
    }
    if (answer instanceof PlatformRefusal && answer.code === 'GAME_ROLLBACK_ROUND_SETTLED' && round.outcome !== null) {
      // The whole round landed: it stands. Sent again, it answers as the first time.
      return { again: await toStage(round.id, 'bet_and_win', { refusalCode: null }) };
    }
    if (answer instanceof PlatformRefusal) log('error', 'rollback refused by the platform', { roundId: round.id, code: answer.code });
    const ended = await endOnPlatform(round.id, platformSessionId);
    if (round.refusalCode) {
      const refusal = new PlatformRefusal(round.refusalCode as ErrorCode, 409, undefined, undefined);
      return refuse(round, refusal, { lastRoundAt, endedOnPlatform: ended });
    }
    const settled = await settle(round, 'cancelled', answer instanceof PlatformRefusal ? null : answer, ended);
    return {
      status: 'refused',
      round: settled.round,
      refusal: new PlatformRefusal('GAME_ROUND_CANCELLED', 503, undefined, undefined),
      session: settled.session,
    };
  }

  /**
   * Pays the round's win (0 too), ends it on the platform and settles it; while the platform does
   * not answer the win, the round comes back open (and the session null). Rounds of the separate calls.
   */
  async function payWin(round: Round, session: { platformSessionId: string | null }, { inRequest = false } = {}): Promise<Settled> {
    const platformSessionId = session.platformSessionId!;
    const { answer } = await tryCall(inRequest, () =>
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

  /**
   * Closes an open round once, in one statement with its session's figures (whichever process
   * gets there first counts it); the session as it stands after, or null when another closed it.
   */
  async function settle(
    round: Round,
    status: 'settled' | 'cancelled',
    balances: StakeAnswer | null,
    endedOnPlatform: boolean,
  ): Promise<Settled> {
    const now = clock();
    const at = now.toISOString();
    // Only a settled round's stake answer carries the pools it won (a cancelled round's bet was given back).
    const jackpot = jackpotOf(status === 'settled' ? balances : null);
    const freeRound = status === 'settled' ? freeRoundOf(round, balances) : null;
    const [row] = await queryPrepared<Record<string, unknown>>(db, 'studio_settle_round', SETTLE_ROUND, [
      round.id,
      status,
      at,
      endedOnPlatform ? at : null,
      balances?.balanceOre ?? null,
      jackpot.wins === null ? null : JSON.stringify(jackpot.wins),
      jackpot.winOre,
      freeRound?.roundsLeft ?? null,
      freeRound?.roundsTotal ?? null,
      freeRound?.wonOre ?? null,
    ]);
    // Another process closed it first: the round as that left it (a copy answered as the first time
    // carried the same pools, kept by whichever closed it).
    if (!row) return { round: await reread(round), session: null };
    return {
      round: {
        ...round,
        status,
        stage: 'done',
        endedAt: now,
        attemptedAt: now,
        platformEndedAt: endedOnPlatform ? now : null,
        jackpotWins: (row.round_jackpot_wins as JackpotWin[] | null) ?? null,
        jackpotWinOre: Number(row.round_jackpot_win_ore ?? 0),
        freeRoundsLeft: freeRound?.roundsLeft ?? null,
        freeRoundsTotal: freeRound?.roundsTotal ?? null,
        freeRoundsWonOre: freeRound?.wonOre ?? null,
      },
      session: sessionFromRow(row),
    };
  }

  /**
   * A free round's grant after it, as the platform's answer says (null for a paid round). An answer
   * that says nothing of it, or of another grant, is not the contract's: the round is settled all the
   * same (its money moved), without the figures, and logged.
   */
  function freeRoundOf(round: Round, answer: StakeAnswer | null): FreeRoundsUse | null {
    if (!round.freeRoundsId || !answer) return null;
    const use = freeRoundsUseOf(answer as { freeRounds?: unknown });
    if (use?.id === round.freeRoundsId) return use;
    log('error', 'a free round answered without its grant', { roundId: round.id, freeRoundsId: round.freeRoundsId });
    return null;
  }

  /**
   * Everything owed to the platform by rounds left behind (a timeout, a crash, a restart): a drawn
   * round sent again until answered (or, refused after an unanswered try, barred and refused), a
   * bet of the separate calls whose answer never came rolled back, a drawn win paid, a round ended.
   * Rounds tried less than `quietMs` ago are left to the request (or process) working on them; a
   * round without an answer (it may still be on its way from another process) waits `betQuietMs`
   * at least; after that each waits its backoff.
   */
  async function recover({
    quietMs,
    betQuietMs = quietMs,
    limit = 100,
    more,
  }: {
    quietMs: number;
    betQuietMs?: number;
    limit?: number;
    /** A table's further stake (stage more) whose answer never came: table.ts undoes it. */
    more?: (round: Round, session: { platformSessionId: string | null }) => Promise<'undone' | 'waiting'>;
  }) {
    const now = clock();
    const owed = await db
      .select({ round: rounds, platformSessionId: sessions.platformSessionId })
      .from(rounds)
      .innerJoin(sessions, eq(sessions.id, rounds.sessionId))
      .where(
        and(
          lt(rounds.attemptedAt, new Date(now.getTime() - quietMs)),
          // A table's hand waiting for its player owes the platform nothing yet (the index's predicate).
          or(eq(rounds.status, 'open'), and(eq(rounds.mode, 'real'), isNull(rounds.platformEndedAt), ne(rounds.status, 'playing'))),
        ),
      )
      .orderBy(rounds.attemptedAt)
      .limit(limit);
    const totals = { paid: 0, refused: 0, rolledBack: 0, ended: 0, waiting: 0 };
    for (const { round, platformSessionId } of owed) {
      if (round.attempts > 0 && now.getTime() < round.attemptedAt.getTime() + backoffMs(round.attempts)) continue;
      const unanswered = round.stage === 'bet' || round.stage === 'bet_and_win' || round.stage === 'more';
      if (round.status === 'open' && unanswered && round.attemptedAt.getTime() > now.getTime() - betQuietMs) continue;
      const session = { platformSessionId };
      if (round.status !== 'open') {
        await endRound(round, platformSessionId!);
        totals.ended++;
      } else if (round.stage === 'more') {
        if (!more) continue;
        if ((await more(round, session)) === 'undone') totals.rolledBack++;
        else totals.waiting++;
      } else if (round.stage === 'win') {
        if ((await payWin(round, session)).round.status === 'settled') totals.paid++;
        else totals.waiting++;
      } else {
        // A bet of the separate calls without its answer is rolled back (its outcome was never shown);
        // a drawn round (bet_and_win) is sent again, never rolled back.
        const pending =
          round.stage === 'bet' ? await toStage(round.id, 'rollback', { rollbackTransactionId: `${round.id}:rollback` }) : round;
        const fate = await settleDrawn(pending, session);
        if (fate.status === 'settled') totals.paid++;
        else if (fate.status === 'pending') totals.waiting++;
        else if (fate.round.status === 'cancelled') totals.rolledBack++;
        else totals.refused++;
      }
    }
    return totals;
  }

  return { settleDrawn, payWin, recover, fateOf, tryCall, noted, refuse };
}
