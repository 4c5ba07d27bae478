import { PPM } from '@krone/games-math';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { jackpotFeeds, jackpotPools } from './schema.js';

/**
 * The jackpots a title feeds, as every catalogue answer shows them (GameSummary.jackpot): the
 * share of each stake that goes to them together (a fraction: 0.005 is 0.5 %) and their pools by
 * position. The title's `rtp` stays the base game's return.
 */
export interface GameJackpot {
  contributionRate: number;
  pools: { id: string; name: string }[];
}

/** Read again after this long: the feeds change only at a start-up's sync, and the lists are cached a minute too. */
export const TITLE_JACKPOTS_TTL_MS = 60_000;

/** Which titles feed which pools in play, kept in memory (one read a minute at most, not one per list). */
export function createTitleJackpots(db: Db) {
  let kept: { byGame: Map<string, GameJackpot>; readAt: number } | null = null;
  let reading: Promise<Map<string, GameJackpot>> | null = null;

  async function read(): Promise<Map<string, GameJackpot>> {
    const rows = await db
      .select({ gameId: jackpotFeeds.gameId, poolId: jackpotPools.id, poolName: jackpotPools.name, ratePpm: jackpotFeeds.ratePpm })
      .from(jackpotFeeds)
      .innerJoin(jackpotPools, and(eq(jackpotPools.id, jackpotFeeds.poolId), isNull(jackpotPools.withdrawnAt)))
      .orderBy(jackpotFeeds.gameId, asc(jackpotPools.position), asc(jackpotPools.id));
    const byGame = new Map<string, GameJackpot>();
    const ppm = new Map<string, number>();
    for (const row of rows) {
      const entry = byGame.get(row.gameId) ?? { contributionRate: 0, pools: [] };
      entry.pools.push({ id: row.poolId, name: row.poolName });
      ppm.set(row.gameId, (ppm.get(row.gameId) ?? 0) + row.ratePpm);
      byGame.set(row.gameId, entry);
    }
    for (const [gameId, entry] of byGame) entry.contributionRate = (ppm.get(gameId) ?? 0) / PPM;
    kept = { byGame, readAt: Date.now() };
    return byGame;
  }

  /** Each feeding title's jackpots (a title not in it feeds none). */
  async function byGame(): Promise<Map<string, GameJackpot>> {
    if (kept && Date.now() - kept.readAt < TITLE_JACKPOTS_TTL_MS) return kept.byGame;
    reading ??= read().finally(() => {
      reading = null;
    });
    return reading;
  }

  /** Read again at the next answer (after the pools' sync). */
  function forget() {
    kept = null;
  }

  return { byGame, forget };
}
