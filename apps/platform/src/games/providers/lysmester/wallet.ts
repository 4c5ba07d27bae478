import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { isOverload, type Db } from '../../../db/client.js';
import { AppError } from '../../../shared/errors.js';
import { gameRounds, gameSessions, liveHandResults } from '../../schema.js';
import type { LiveWarning } from '../../live/warning.js';
import type { GamesService } from '../../service.js';
import type { GameSessionEndReason } from '../../sessions.js';
import {
  HTTP_STATUS,
  RETRY_LATER_STATUS,
  type CancelBody,
  type CreditBody,
  type DebitBody,
  type HandsResult,
  type WalletAnswer,
  type WalletStatus,
} from './protocol.js';

/** An answer and the HTTP status it goes with. */
export interface WalletReply {
  http: number;
  answer: WalletAnswer;
}

/** The game session a studio call names by our launch token (the `gs1.` token of POST /Games/launch). */
interface TokenSession {
  id: string;
  gameId: string;
  endedReason: string | null;
}

/** Why a session ended that is the player's right to play, not the session: answered PLAYER_BLOCKED. */
const BLOCKING_END_REASONS: ReadonlySet<string> = new Set<GameSessionEndReason>(['locked', 'pause', 'closure']);

/**
 * Our refusals in the studio's words (games/README.md, "Live studio"). Anything not named is
 * SERVER_ERROR (500), or 503 where trying again later can succeed: a credit the studio sends before
 * its debit's round stands, a call that met another of its round, an overloaded database.
 */
const STATUS_OF: Readonly<Record<string, WalletStatus>> = {
  INSUFFICIENT_FUNDS: 'INSUFFICIENT_FUNDS',
  GAME_SESSION_NOT_FOUND: 'SESSION_INVALID',
  GAME_SESSION_ENDED: 'SESSION_INVALID',
  SESSION_INVALID: 'SESSION_INVALID',
  ACCOUNT_PAUSED: 'PLAYER_BLOCKED',
  ACCOUNT_CLOSED: 'PLAYER_BLOCKED',
  PLAY_EXCLUDED: 'PLAYER_BLOCKED',
  ROFUS_EXCLUDED: 'PLAYER_BLOCKED',
  USER_LOCKED: 'PLAYER_BLOCKED',
  GAME_ACCOUNT_LOCKED: 'PLAYER_BLOCKED',
  GAME_SESSION_FORBIDDEN: 'PLAYER_BLOCKED',
  DEPOSIT_LIMIT_EXCEEDED: 'LIMIT_REACHED',
  GAME_ROUND_TOO_SOON: 'LIMIT_REACHED',
  GAME_ROUND_TOO_SOON_ELSEWHERE: 'LIMIT_REACHED',
  GAME_ROUND_IN_PROGRESS_ELSEWHERE: 'LIMIT_REACHED',
  GAME_WARNING_UNANSWERED: 'LIMIT_REACHED',
  GAME_PROVIDER_EXPOSURE_EXCEEDED: 'LIMIT_REACHED',
  GAME_PROVIDER_SUSPENDED: 'LIMIT_REACHED',
  GAME_STAKE_NOT_ALLOWED: 'BET_NOT_ALLOWED',
  BONUS_MAX_BET: 'BET_NOT_ALLOWED',
  GAME_ROUND_ENDED: 'BET_NOT_ALLOWED',
  GAME_NOT_FOUND: 'BET_NOT_ALLOWED',
  GAME_WIN_EXCEEDS_MAXIMUM: 'BET_NOT_ALLOWED',
  GAME_TRANSACTION_ROLLED_BACK: 'TRANSACTION_UNKNOWN',
  GAME_ROLLBACK_NOT_A_BET: 'TRANSACTION_UNKNOWN',
  GAME_ROLLBACK_ROUND_SETTLED: 'REQUEST_INVALID',
  GAME_ROUND_CONFLICT: 'REQUEST_INVALID',
  IDEMPOTENCY_KEY_REUSED: 'REQUEST_INVALID',
  INVALID_INPUT: 'REQUEST_INVALID',
};
const RETRY_LATER: ReadonlySet<string> = new Set(['GAME_ROUND_NOT_FOUND', 'TRANSFER_IN_PROGRESS', 'SERVICE_OVERLOADED']);

export const reply = (status: WalletStatus, extra: Omit<WalletAnswer, 'status'> = {}): WalletReply => ({
  http: HTTP_STATUS[status],
  answer: { status, ...extra },
});
const okWith = (balanceOre: number): WalletReply => reply('OK', { balance: balanceOre, currency: 'DKK' });

/** A refusal of the games contract (or anything thrown) as the studio's answer; `session` tells a blocked player from an ended session. */
export function answerOfError(error: unknown, session?: TokenSession | null): WalletReply {
  // A saturated database (a full connection queue, a statement timed out) is not an error of the
  // call: the studio is told to try again later, as the error plugin tells any caller (503).
  if (isOverload(error))
    return { http: RETRY_LATER_STATUS, answer: { status: 'SERVER_ERROR', message: 'SERVICE_OVERLOADED: try again later' } };
  if (!(error instanceof AppError)) return reply('SERVER_ERROR');
  if (RETRY_LATER.has(error.code))
    return { http: RETRY_LATER_STATUS, answer: { status: 'SERVER_ERROR', message: `${error.code}: try again later` } };
  let status = STATUS_OF[error.code] ?? 'SERVER_ERROR';
  if (error.code === 'GAME_SESSION_ENDED' && session?.endedReason && BLOCKING_END_REASONS.has(session.endedReason))
    status = 'PLAYER_BLOCKED';
  const balance = error.details?.balanceOre;
  return reply(status, { message: error.code, ...(typeof balance === 'number' ? { balance, currency: 'DKK' as const } : {}) });
}

/**
 * The adapter: Lysmester Live's wallet calls onto the games contract's service under its provider
 * id. A shared table round is many players' rounds, and the contract's round belongs to one game
 * session, so the contract's round id is `{roundId}:{gameSessionId}`; transaction ids are the
 * studio's own (unique per studio), so each call is idempotent as the contract's calls are.
 */
export function createLysmesterWallet({
  db,
  games,
  providerId,
  warning,
}: {
  db: Db;
  games: GamesService;
  providerId: string;
  /** The live tables' money-played warning (games/live/warning.ts): a debit while it is due and unanswered is refused. */
  warning: Pick<LiveWarning, 'assertDebitAllowed'>;
}) {
  // A session's id and game never change: kept (bounded), so a call costs no extra look-up but the first.
  const known = new Map<string, TokenSession>();

  /** The game session of a launch token of this provider, ended or not (a credit or cancel is never refused for an ended session). */
  async function sessionOfToken(token: string): Promise<TokenSession | null> {
    const tokenHash = createHash('sha256').update(token).digest('hex');
    const [row] = await db
      .select({
        id: gameSessions.id,
        providerId: gameSessions.providerId,
        gameId: gameSessions.gameId,
        endedReason: gameSessions.endedReason,
      })
      .from(gameSessions)
      .where(eq(gameSessions.tokenHash, tokenHash))
      .limit(1);
    if (!row || row.providerId !== providerId) return null;
    return { id: row.id, gameId: row.gameId, endedReason: row.endedReason };
  }

  /** The session and whether its end's reason must be read again (a refusal names why it ended). */
  async function sessionFor(token: string): Promise<TokenSession | null> {
    const cached = known.get(token);
    if (cached) return cached;
    const session = await sessionOfToken(token);
    if (session && !session.endedReason) {
      if (known.size >= 100_000) known.clear();
      known.set(token, session);
    }
    return session;
  }

  /** Runs a call for the session behind a token; its refusal answered in the studio's words. */
  async function forSession(token: string, call: (session: TokenSession) => Promise<WalletReply>): Promise<WalletReply> {
    let session: TokenSession | null = null;
    try {
      session = await sessionFor(token);
      if (!session) return reply('SESSION_INVALID', { message: 'GAME_SESSION_NOT_FOUND' });
      return await call(session);
    } catch (error) {
      // Why the session ended is read afresh (a pause, a lock or a logout since it was cached).
      const fresh = session && error instanceof AppError && error.code === 'GAME_SESSION_ENDED' ? await sessionOfToken(token) : session;
      return answerOfError(error, fresh);
    }
  }

  const roundOf = (roundId: string, session: TokenSession) => `${roundId}:${session.id}`;

  /** The player's balance, for a live session only. */
  const balance = (body: { sessionToken: string }) =>
    forSession(body.sessionToken, async (session) => okWith((await games.balance(providerId, session.id)).balanceOre));

  /**
   * A bet of the round (a debit of the game session's own table only): the contract's bet. Refused
   * LIMIT_REACHED (GAME_WARNING_UNANSWERED) while the login's money-played warning is due and
   * unanswered, nothing moved; a credit or a cancel is never refused for it.
   */
  const debit = (body: DebitBody) =>
    forSession(body.sessionToken, async (session) => {
      if (body.tableId !== session.gameId) return reply('REQUEST_INVALID', { message: 'the session was launched for another table' });
      await warning.assertDebitAllowed(session.id, body.transactionId);
      const taken = await games.bet(providerId, {
        sessionId: session.id,
        roundId: roundOf(body.roundId, session),
        transactionId: body.transactionId,
        amountOre: body.amount,
      });
      return okWith(taken.balanceOre);
    });

  /**
   * The round's return (0 for a round lost): the contract's win, then the round's end. Sent twice,
   * it pays once: the win answers as the first time, and ending an ended round changes nothing.
   */
  const credit = (body: CreditBody) =>
    forSession(body.sessionToken, async (session) => {
      const round = roundOf(body.roundId, session);
      await games.win(providerId, { sessionId: session.id, roundId: round, transactionId: body.transactionId, amountOre: body.amount });
      const ended = await games.endRound(providerId, { sessionId: session.id, roundId: round });
      if (body.result) await keepHands(round, body.result);
      return okWith(ended.balanceOre);
    });

  /**
   * A blackjack round's hands (issue 27: the tournaments count them), kept once per round after its
   * money: a credit sent again writes nothing new, and a credit whose answer was lost before this
   * ran is sent again by the studio until answered, so the hands are never missing for long.
   */
  async function keepHands(round: string, result: HandsResult) {
    const [played] = await db
      .select({ playerId: gameRounds.playerId, gameId: gameRounds.gameId, createdAt: gameRounds.createdAt })
      .from(gameRounds)
      .where(and(eq(gameRounds.providerId, providerId), eq(gameRounds.roundId, round)))
      .limit(1);
    if (!played) return;
    await db
      .insert(liveHandResults)
      .values({
        providerId,
        roundId: round,
        playerId: played.playerId,
        gameId: played.gameId,
        baseStakeOre: result.baseStakeOre,
        hands: result.hands,
        wonHands: result.hands.filter((hand) => hand.outcome === 'win').length,
        blackjacks: result.hands.filter((hand) => hand.outcome === 'blackjack').length,
        playedAt: played.createdAt,
      })
      .onConflictDoNothing();
  }

  /**
   * A debit given back (a voided round, or a debit whose answer never came): the contract's
   * rollback. The studio credits only a round with a debit standing, so a round left with no stake
   * after its cancels is over: it is ended here, or the player's history would show it unsettled
   * for good (bench:chaos's voided rounds). Cancels come at settlement, after the close of betting.
   */
  const cancel = (body: CancelBody) =>
    forSession(body.sessionToken, async (session) => {
      const round = roundOf(body.roundId, session);
      const back = await games.rollback(providerId, {
        sessionId: session.id,
        roundId: round,
        transactionId: body.transactionId,
        referenceTransactionId: body.referenceTransactionId,
      });
      const [left] = await db
        .select({ stakedOre: gameRounds.stakedOre, endedAt: gameRounds.endedAt })
        .from(gameRounds)
        .where(and(eq(gameRounds.providerId, providerId), eq(gameRounds.roundId, round)))
        .limit(1);
      if (left && left.endedAt === null && left.stakedOre === 0)
        await games.endRound(providerId, { sessionId: session.id, roundId: round });
      return okWith(back.balanceOre);
    });

  return { balance, debit, credit, cancel };
}

export type LysmesterWallet = ReturnType<typeof createLysmesterWallet>;
