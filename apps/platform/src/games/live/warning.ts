import { and, eq, gte, sql } from 'drizzle-orm';
import { queryPrepared, type Db } from '../../db/client.js';
import { fail } from '../../shared/errors.js';
import { gameRounds, games, liveWarningClocks } from '../schema.js';

/*
 * The money-played warning at the live tables (issue 25, games/README.md "Live casino"). Our studio
 * keeps the warning for its own games; an outside live studio knows nothing of it, so the platform
 * keeps it and refuses the studio's debits while it is due and unanswered, the stricter reading of
 * the Danish rule (a page that shows the warning can be taken apart; the wallet cannot).
 *
 * One clock per login (`live_warning_clocks`, migration 0027), shared by every live table and tab of
 * it: started by the login's first live launch (or, for a session launched otherwise, its first
 * live debit), due `warningMinutes` after its start or the player's last "continue".
 */

export interface LiveWarningDeps {
  db: Db;
  clock: () => Date;
  /** The warning's minutes (the games service's: system config wageringTimePopup, 5 without it). */
  warningMinutes: () => Promise<number>;
  /** The player's live login for a session token (the players context's): its key, `player_sessions.token_hash`. */
  loginOf: (token: string) => Promise<{ key: string } | null>;
  /** How long the warning's minutes are kept before the system config is read again. */
  minutesCacheMs?: number;
}

/** The warning's state for a player's login, as GET /Games/live/warning/{sessionId} answers it. */
export interface LiveWarningState {
  due: boolean;
  /** When it falls (or fell) due; null before the login's first live play. */
  dueAt: Date | null;
  /** When the login's live play began: the minutes played and the figures count from it. */
  playSince: Date | null;
  /** Whole minutes since `playSince` by the platform's clock (the warning's "you have played … minutes"); 0 before. */
  minutesPlayed: number;
  warningMinutes: number;
  /** What the player staked (net of cancels) and won at the live tables since `playSince`. */
  stakedOre: number;
  wonOre: number;
}

/** The system config is read at most this often by the debit path (an operator's change applies within it). */
const MINUTES_CACHE_MS = 30_000;

/** The warning's clock of a debit's game session, and whether the debit's transaction id is known already. */
const DEBIT_CHECK = `select gs.player_session_hash as login, c.warning_since as warning_since,
  exists (select 1 from game_transactions t where t.provider_id = gs.provider_id and t.transaction_id = $2) as seen
from game_sessions gs left join live_warning_clocks c on c.player_session_hash = gs.player_session_hash
where gs.id = $1::uuid`;

/** Starts the login's clock from a game session of it (nothing when it runs already, or the session names no login). */
const START_CLOCK = `insert into live_warning_clocks (player_session_hash, player_id, play_since, warning_since)
select gs.player_session_hash, gs.player_id, $2::timestamptz, $2::timestamptz from game_sessions gs
where gs.id = $1::uuid and gs.player_session_hash is not null
on conflict (player_session_hash) do nothing`;

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

export function createLiveWarning(deps: LiveWarningDeps) {
  const { db, clock } = deps;
  const cacheMs = deps.minutesCacheMs ?? MINUTES_CACHE_MS;
  let cached: { minutes: number; readAtMs: number } | null = null;

  /** The warning's minutes, kept a short while (the debit path asks at every bet); the state and the debits read the same. */
  async function warningMinutes(): Promise<number> {
    const nowMs = performance.now();
    if (!cached || nowMs - cached.readAtMs >= cacheMs) cached = { minutes: await deps.warningMinutes(), readAtMs: nowMs };
    return cached.minutes;
  }

  const dueAtOf = (warningSince: Date, minutes: number) => new Date(warningSince.getTime() + minutes * 60_000);

  /** Starts the clock of the game session's login, unless it runs already (a live launch: the login's live play begins). */
  async function start(gameSessionId: string): Promise<void> {
    await queryPrepared(db, 'live_warning_start', START_CLOCK, [gameSessionId, clock().toISOString()]);
  }

  /**
   * A live studio's debit for the game session: refused GAME_WARNING_UNANSWERED while the login's
   * warning is due and unanswered, before anything moves. A debit whose transaction id is known
   * already (a retry of one taken) is let through, so it is answered as the first time. The first
   * debit of a login without a clock starts it. The check and the bet are two statements: a debit
   * checked a moment before the warning falls due may land a moment after it.
   */
  async function assertDebitAllowed(gameSessionId: string, transactionId: string): Promise<void> {
    const [row] = await queryPrepared<{ login: string | null; warning_since: Date | string | null; seen: boolean }>(
      db,
      'live_warning_debit_check',
      DEBIT_CHECK,
      [gameSessionId, transactionId],
    );
    // No session, or one of no login: the bet's own checks answer it.
    if (!row || row.login === null || row.seen) return;
    if (row.warning_since === null) return start(gameSessionId);
    if (clock() >= dueAtOf(asDate(row.warning_since), await warningMinutes())) throw fail('GAME_WARNING_UNANSWERED');
  }

  async function loginKeyOf(playerToken: string): Promise<string> {
    const login = await deps.loginOf(playerToken);
    if (!login) throw fail('SESSION_INVALID');
    return login.key;
  }

  async function clockOf(loginKey: string) {
    const [row] = await db.select().from(liveWarningClocks).where(eq(liveWarningClocks.playerSessionHash, loginKey)).limit(1);
    return row ?? null;
  }

  /** The player's stakes and wins at the live tables since `since` (their rounds begun since, open ones too). */
  async function liveFigures(playerId: string, since: Date) {
    const [sums] = await db
      .select({
        stakedOre: sql<string | number>`coalesce(sum(${gameRounds.stakedOre}), 0)`,
        wonOre: sql<string | number>`coalesce(sum(${gameRounds.wonOre}), 0)`,
      })
      .from(gameRounds)
      .innerJoin(games, eq(games.id, gameRounds.gameId))
      .where(and(eq(gameRounds.playerId, playerId), gte(gameRounds.createdAt, since), eq(games.gameType, 'live')));
    return { stakedOre: Number(sums?.stakedOre ?? 0), wonOre: Number(sums?.wonOre ?? 0) };
  }

  /** The warning's state for the player's login (the session token's), with the figures it shows. */
  async function state(playerId: string, playerToken: string): Promise<LiveWarningState> {
    const [row, minutes] = await Promise.all([loginKeyOf(playerToken).then(clockOf), warningMinutes()]);
    if (!row || row.playerId !== playerId)
      return { due: false, dueAt: null, playSince: null, minutesPlayed: 0, warningMinutes: minutes, stakedOre: 0, wonOre: 0 };
    const now = clock();
    const dueAt = dueAtOf(row.warningSince, minutes);
    return {
      due: now >= dueAt,
      dueAt,
      playSince: row.playSince,
      minutesPlayed: Math.max(0, Math.floor((now.getTime() - row.playSince.getTime()) / 60_000)),
      warningMinutes: minutes,
      ...(await liveFigures(playerId, row.playSince)),
    };
  }

  /**
   * The player's "continue": when the warning is due, its clock restarts from now (the next warning
   * that many minutes later); when it is not due (answered already in another tab, or not yet due),
   * nothing changes and the state is answered as it stands, so answering twice is harmless and an
   * early answer never pushes the warning back.
   */
  async function answer(playerId: string, playerToken: string): Promise<LiveWarningState> {
    const key = await loginKeyOf(playerToken);
    const row = await clockOf(key);
    if (row && row.playerId === playerId && clock() >= dueAtOf(row.warningSince, await warningMinutes())) {
      // Conditional on the start read: two answers at once restart it once.
      await db
        .update(liveWarningClocks)
        .set({ warningSince: clock() })
        .where(and(eq(liveWarningClocks.playerSessionHash, key), eq(liveWarningClocks.warningSince, row.warningSince)));
    }
    return state(playerId, playerToken);
  }

  return { start, assertDebitAllowed, state, answer };
}

export type LiveWarning = ReturnType<typeof createLiveWarning>;
