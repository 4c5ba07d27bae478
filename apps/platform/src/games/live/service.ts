import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { fail } from '../../shared/errors.js';
import { games } from '../schema.js';
import type { GamesService } from '../service.js';
import { GAME_ID_PATTERN } from '../sessions.js';
import { syncLiveTables, withdrawLiveTables, type LiveSyncResult } from './catalogue-sync.js';
import { createLiveLobby, type ListedTable } from './lobby.js';
import { tableIdOfGame, type LiveStudio } from './types.js';
import { createLiveWarning } from './warning.js';

/*
 * The live casino (issue 25, games/README.md "Live casino"): the studio's tables in the catalogue
 * (synced from its lobby), their live state for the storefront (lobby.ts) and a player's launch to a
 * table. The studio is reached only through its adapter (`LiveStudio`, providers/<name>/studio.ts);
 * its money only through the games contract, by its wallet adapter.
 */

export interface LiveCasinoDeps {
  db: Db;
  clock: () => Date;
  games: Pick<GamesService, 'launch' | 'endSession' | 'catalogue' | 'warningMinutes'>;
  /** The player's live login for a session token (the players context's): the money-played warning's clock is per login. */
  loginOf: (token: string) => Promise<{ key: string } | null>;
  /** Null when the live casino is off (config.ts `liveStudioOf`). */
  studio: LiveStudio | null;
  /** Where the studio's game client sends a player back to (the storefront's /live-casino). */
  lobbyUrl: string;
  log: { info(details: object, message: string): void; warn(details: object, message: string): void };
  /** The lobby's timings and bounds (tests shorten them). */
  lobby?: { staleMs?: number; pollMs?: number; pingMs?: number; maxSubscribers?: number; reconnectMs?: readonly number[] };
}

/** How often the catalogue is synced with the studio's lobby, and tried again after a failure. */
export const LIVE_SYNC_INTERVAL_MS = 5 * 60_000;
export const LIVE_SYNC_RETRY_MS = 15_000;

export function createLiveCasino(deps: LiveCasinoDeps) {
  const { db, clock, studio, log } = deps;
  const warning = createLiveWarning({ db, clock, warningMinutes: deps.games.warningMinutes, loginOf: deps.loginOf });

  /** The live tables the catalogue lists, of the studio's provider. */
  async function listedTables(): Promise<Map<string, ListedTable>> {
    if (!studio) return new Map();
    const rows = await db
      .select({ id: games.id, category: games.category })
      .from(games)
      .where(and(eq(games.providerId, studio.providerId), eq(games.gameType, 'live'), isNull(games.withdrawnAt), isNull(games.disabledAt)));
    return new Map(rows.map((row) => [tableIdOfGame(row.id), { gameId: row.id, category: row.category ?? '' }]));
  }

  let syncSoon: () => void = () => undefined;
  const lobby = createLiveLobby({
    ...deps.lobby,
    studio,
    listedTables,
    clock,
    log,
    onTablesChanged: () => syncSoon(),
  });

  /**
   * The catalogue's live rows brought to the studio's lobby now (syncLiveTables): tables new or
   * changed written, tables it no longer lists withdrawn. Throws when the lobby cannot be read
   * (nothing changes then: a studio that is down withdraws nothing).
   */
  async function syncTables(): Promise<LiveSyncResult | null> {
    if (!studio) return null;
    const result = await syncLiveTables(db, await studio.lobby(), studio.providerId, clock());
    if (result.written > 0 || result.withdrawn > 0) deps.games.catalogue.forgetStakes();
    if (result.skipped.length > 0)
      log.warn(
        { skipped: result.skipped },
        'live casino: tables left out of the catalogue (an id that is not a game id, or another title’s)',
      );
    await lobby.refreshListed();
    return result;
  }

  /**
   * The sync in the background (the server's start-up, then every 5 minutes): a studio that is down
   * at boot never stops the platform; it is tried again every 15 s until it answers. When the live
   * casino is off, its provider's live tables are withdrawn once. Answers the stop.
   */
  function startSync(): () => Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> | null = null;
    let stopped = false;
    const schedule = (ms: number) => {
      if (stopped) return;
      clearTimeout(timer);
      timer = setTimeout(run, ms);
      timer.unref();
    };
    const run = () => {
      if (running || stopped) return;
      running = syncTables()
        .then((result) => {
          if (result && (result.written > 0 || result.withdrawn > 0))
            log.info(
              { ...result },
              `live casino: catalogue synced (${result.tables} tables, ${result.written} written, ${result.withdrawn} withdrawn)`,
            );
          schedule(LIVE_SYNC_INTERVAL_MS);
        })
        .catch((error: unknown) => {
          log.warn({ err: error }, 'live casino: the studio’s lobby could not be synced; trying again in 15 s');
          schedule(LIVE_SYNC_RETRY_MS);
        })
        .finally(() => {
          running = null;
        });
    };
    // A table the studio adds or drops between syncs is synced within seconds of the lobby showing it.
    syncSoon = () => schedule(1_000);
    if (studio) run();
    return async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    };
  }

  /**
   * Seats the session's player at a live table for money: a game session made as POST /Games/launch
   * makes one (every refusal of that: logged out, paused, closed, locked, excluded), then the studio's
   * launch with its token and the session's id as the player's reference (nothing personal); the
   * login's money-played warning clock starts with its first seat (warning.ts). Should
   * the studio not answer or refuse, the game session is ended at once and LIVE_STUDIO_UNAVAILABLE
   * answered: nothing is left open. A title that is not a live table in play: GAME_NOT_FOUND.
   */
  async function launch(playerId: string, gameId: string, playerToken: string) {
    if (!GAME_ID_PATTERN.test(gameId)) throw fail('GAME_NOT_FOUND');
    const [title] = await db
      .select({ providerId: games.providerId, gameType: games.gameType })
      .from(games)
      .where(and(eq(games.id, gameId), isNull(games.withdrawnAt), isNull(games.disabledAt)))
      .limit(1);
    if (!title || title.gameType !== 'live') throw fail('GAME_NOT_FOUND');
    if (!studio || title.providerId !== studio.providerId) throw fail('LIVE_STUDIO_UNAVAILABLE');
    const session = await deps.games.launch(playerId, { providerId: title.providerId, gameId, mode: 'real' }, playerToken);
    try {
      const { gameUrl } = await studio.launch({
        sessionToken: session.token,
        playerRef: session.gameSessionId,
        tableId: tableIdOfGame(gameId),
        lobbyUrl: deps.lobbyUrl,
      });
      await warning.start(session.gameSessionId).catch((error: unknown) => {
        // The first debit starts it then (warning.ts): a seat is not refused for it.
        log.warn({ err: error }, 'live casino: the money-played warning’s clock could not be started at the launch');
      });
      return { gameSessionId: session.gameSessionId, gameId, tableId: tableIdOfGame(gameId), gameUrl, expiresAt: session.expiresAt };
    } catch (error) {
      await deps.games.endSession(session.gameSessionId, 'launch_failed');
      log.warn({ err: error, gameId }, 'live casino: the studio did not seat the player; the game session is ended');
      throw fail('LIVE_STUDIO_UNAVAILABLE');
    }
  }

  /** When the live casino is off: its provider's tables are withdrawn (none listed, none launched). */
  async function withdrawIfOff(providerId: string): Promise<number> {
    return studio ? 0 : withdrawLiveTables(db, providerId, clock());
  }

  return {
    enabled: studio !== null,
    syncTables,
    startSync,
    withdrawIfOff,
    lobby,
    launch,
    warning,
    close: () => lobby.close(),
  };
}

export type LiveCasino = ReturnType<typeof createLiveCasino>;
