import { and, desc, eq, gte, lt, or, gt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../shared/db.js';
import type { Catalogue, GameSummary, GameType } from './catalogue.js';
import { shownRoundId } from './contract.js';
import { gameFavourites, gameRounds, games } from './schema.js';

/** Recently played looks back this far: a player's rounds are indexed by time, so the cost follows their own recent play. */
export const RECENT_DAYS = 90;
export const MAX_HISTORY_PAGE_SIZE = 100;
const DAY_MS = 86_400_000;

export interface GameHistoryQuery {
  /** An ISO date (a Copenhagen day, from its start) or date-time; default: 30 days ago. At most 90 days back. */
  from?: string;
  to?: string;
  gameId?: string;
  page?: number;
  pageSize?: number;
}

/**
 * What belongs to one player (always the session's, never a player named by the caller):
 * favourites, recently played and the game history.
 */
/**
 * The period of a history query, checked as the transactions list checks it (the wallet's rule:
 * [from, to), the last 30 days by default, HISTORY_TOO_OLD beyond 90 days back).
 */
export type ResolvePeriod = (query: { from?: string; to?: string }, now: Date) => { from: Date; to: Date };

export function createPlayerGames({
  db,
  clock,
  catalogue,
  resolvePeriod,
}: {
  db: Db;
  clock: () => Date;
  catalogue: Catalogue;
  resolvePeriod: ResolvePeriod;
}) {
  /** The player's favourites in play, the latest first. */
  async function favourites(playerId: string) {
    const rows = await db
      .select({ gameId: gameFavourites.gameId })
      .from(gameFavourites)
      .where(eq(gameFavourites.playerId, playerId))
      .orderBy(desc(gameFavourites.createdAt), gameFavourites.gameId);
    const summaries = await catalogue.summaries(rows.map((row) => row.gameId));
    return { items: rows.flatMap((row) => summaries.get(row.gameId) ?? []) };
  }

  /** Marks a title in play as a favourite (again: nothing changes); GAME_NOT_FOUND for another. */
  async function addFavourite(playerId: string, gameId: string) {
    await catalogue.byId(gameId);
    await db.insert(gameFavourites).values({ playerId, gameId, createdAt: clock() }).onConflictDoNothing();
    return favouriteIds(playerId);
  }

  /** Unmarks a favourite (not one: nothing changes). */
  async function removeFavourite(playerId: string, gameId: string) {
    await db.delete(gameFavourites).where(and(eq(gameFavourites.playerId, playerId), eq(gameFavourites.gameId, gameId)));
    return favouriteIds(playerId);
  }

  /** The ids of the player's favourites (every tile's heart), the latest first. */
  async function favouriteIds(playerId: string) {
    const rows = await db
      .select({ gameId: gameFavourites.gameId })
      .from(gameFavourites)
      .where(eq(gameFavourites.playerId, playerId))
      .orderBy(desc(gameFavourites.createdAt), gameFavourites.gameId);
    return { gameIds: rows.map((row) => row.gameId) };
  }

  /**
   * The titles the player played for money lately, the last played first: their game sessions
   * (a launch) and rounds of the last 90 days. Fun play never reaches the platform.
   */
  async function recent(playerId: string, limit = 12) {
    const since = new Date(clock().getTime() - RECENT_DAYS * DAY_MS).toISOString();
    const rows = await rowsOf<{ game_id: string; last_played_at: string | Date }>(
      sql`select game_id, max(at) as last_played_at from (
            select game_id, created_at as at from game_sessions where player_id = ${playerId} and created_at >= ${since}::timestamptz
            union all
            select game_id, created_at as at from game_rounds where player_id = ${playerId} and created_at >= ${since}::timestamptz
          ) played
          where exists (select 1 from games g where g.id = played.game_id and g.withdrawn_at is null and g.disabled_at is null)
          group by game_id
          order by last_played_at desc, game_id
          limit ${limit}`,
      db,
    );
    const summaries = await catalogue.summaries(rows.map((row) => row.game_id));
    return {
      items: rows.flatMap((row) => {
        const summary = summaries.get(row.game_id);
        return summary ? [{ ...summary, lastPlayedAt: new Date(row.last_played_at) }] : [];
      }),
    };
  }

  /**
   * Every round of the player in the period (the last 30 days by default, at most 90 days back,
   * as the transactions list), newest first, optionally one game's: stake and win as the
   * round's bets (net of rollbacks) and wins (of the stake, the part that went to jackpot pools;
   * a jackpot hit apart from the game's win, as the regulator's records keep them), and the balance right after the round's latest
   * money call, which that call read from the ledger's locked balance rows in its own
   * transaction. A round whose bets were all rolled back and that won nothing is not listed. Each
   * round says whether it is settled (its provider ended it) or still open, and its provider's own
   * round id (`providerRoundId`: a live table's round, as its studio shows it).
   */
  async function history(playerId: string, query: GameHistoryQuery = {}) {
    const now = clock();
    const { from, to } = resolvePeriod({ from: query.from, to: query.to }, now);
    const page = query.page ?? 1;
    const pageSize = Math.min(query.pageSize ?? 20, MAX_HISTORY_PAGE_SIZE);
    const filters: SQL[] = [
      eq(gameRounds.playerId, playerId),
      gte(gameRounds.createdAt, from),
      lt(gameRounds.createdAt, to),
      or(gt(gameRounds.stakedOre, 0), gt(gameRounds.wonOre, 0), gt(gameRounds.jackpotWonOre, 0))!,
    ];
    if (query.gameId) filters.push(eq(gameRounds.gameId, query.gameId));
    const rows = await db
      .select({
        roundId: gameRounds.roundId,
        sessionId: gameRounds.sessionId,
        gameId: gameRounds.gameId,
        gameName: games.name,
        gameType: games.gameType,
        startedAt: gameRounds.createdAt,
        endedAt: gameRounds.endedAt,
        stakeOre: gameRounds.stakedOre,
        jackpotStakeOre: gameRounds.jackpotStakedOre,
        winOre: gameRounds.wonOre,
        jackpotWinOre: gameRounds.jackpotWonOre,
        balanceAfterOre: gameRounds.balanceAfterOre,
        total: sql<number>`count(*) over ()::int`,
      })
      .from(gameRounds)
      .leftJoin(games, eq(games.id, gameRounds.gameId))
      .where(and(...filters))
      .orderBy(desc(gameRounds.createdAt), desc(gameRounds.roundId))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    const total = rows[0]?.total ?? (page > 1 ? await countRounds(filters) : 0);
    return {
      from,
      to,
      items: rows.map(({ total: _total, gameName, gameType, sessionId, ...row }) => ({
        ...row,
        // The provider's own id of the round (a live table's, without the game session the contract's id carries).
        providerRoundId: shownRoundId(row.roundId, sessionId),
        gameName: gameName ?? row.gameId,
        gameType: (gameType as GameType | null) ?? null,
        // A round the provider has not closed yet (a live round before its credit or cancel): its stake stands, its win is to come.
        state: row.endedAt ? ('settled' as const) : ('open' as const),
        mode: 'real' as const,
      })),
      page,
      pageSize,
      total,
      lastPage: Math.max(1, Math.ceil(total / pageSize)),
    };
  }

  async function countRounds(filters: SQL[]) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(gameRounds)
      .where(and(...filters));
    return row?.n ?? 0;
  }

  return { favourites, addFavourite, removeFavourite, favouriteIds, recent, history };
}

export type PlayerGames = ReturnType<typeof createPlayerGames>;
export type { GameSummary };
