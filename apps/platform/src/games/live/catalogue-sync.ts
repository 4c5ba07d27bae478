import { createHash } from 'node:crypto';
import type { Volatility } from '@krone/games-math';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { lockUntilCommit } from '../../shared/db.js';
import { foldForSearch, TABLE_VOLATILITY } from '../catalogue-sync.js';
import { games } from '../schema.js';
import { GAME_ID_PATTERN } from '../sessions.js';
import { gameIdOfTable, LIVE_CATEGORY_OF, type LiveKind, type LiveStudioTable } from './types.js';

type GameRow = typeof games.$inferInsert;

/**
 * A live table's volatility class, as a table game's is named (catalogue-sync.ts TABLE_VOLATILITY):
 * roulette and blackjack as our own tables; the money wheel high (a bet on the 40 with both
 * multipliers returns 1 961 times its stake, and a round's spread is that of its widest bet).
 */
const LIVE_VOLATILITY: Readonly<Record<LiveKind, Volatility>> = Object.freeze({
  roulette: TABLE_VOLATILITY.roulette,
  blackjack: TABLE_VOLATILITY.blackjack,
  'money-wheel': 'high',
});

/** Each kind's picture on a tile (the storefront's artwork draws by motif and colours). */
const LIVE_THEME: Readonly<Record<LiveKind, { motif: string; colours: { background: string; primary: string; accent: string } }>> =
  Object.freeze({
    roulette: { motif: 'live-roulette', colours: { background: '#2a0f14', primary: '#c8102e', accent: '#f2c14e' } },
    blackjack: { motif: 'live-blackjack', colours: { background: '#0b2e22', primary: '#1b1b1b', accent: '#e0b84f' } },
    'money-wheel': { motif: 'live-money-wheel', colours: { background: '#2b0f4c', primary: '#e76f51', accent: '#f4d35e' } },
  });

/** What a live tile's search finds it by besides its name and studio. */
const LIVE_WORDS: Readonly<Record<LiveKind, string[]>> = Object.freeze({
  roulette: ['live', 'live casino', 'roulette'],
  blackjack: ['live', 'live casino', 'blackjack'],
  'money-wheel': ['live', 'live casino', 'game show', 'pengehjul'],
});

/** The chips a player picks from, in øre (the steps the catalogue shows); those within the table's limits. */
const CHIPS_ORE = [100, 200, 500, 1_000, 2_500, 5_000, 10_000, 25_000, 50_000, 100_000, 250_000, 500_000, 1_000_000];

/**
 * A live table as the catalogue keeps it (`game_type` live, the provider's id, the category of its
 * kind), from the studio's lobby: its figures as the studio publishes them (return, "up to", the
 * largest win as the exact fraction), and the stake rule of its limits (games/README.md "Stakes"):
 * every debit whole kroner (the unit 100 øre; 1 øre should the studio's limits not be whole kroner),
 * at most one bet's maximum, a round's debits together at most the studio's most a round. Like a
 * table game it has no reels, family, features or hit frequency. Its release date is the day the
 * sync first saw it (`firstSeen`), kept after.
 */
export function liveCatalogueRow(
  table: LiveStudioTable,
  { studio, providerId, firstSeen, now }: { studio: string; providerId: string; firstSeen: string; now: Date },
): GameRow {
  const whole = [table.minBetOre, table.maxBetOre, table.maxRoundStakeOre].every((ore) => ore % 100 === 0);
  const unitOre = whole ? 100 : 1;
  const steps = CHIPS_ORE.filter((chip) => chip > table.minBetOre && chip <= table.maxBetOre && chip % unitOre === 0);
  const tags = LIVE_WORDS[table.kind];
  const content = {
    id: gameIdOfTable(table.tableId),
    name: table.name,
    studio,
    providerId,
    volatility: LIVE_VOLATILITY[table.kind],
    features: [] as string[],
    tags: [...tags],
    devices: ['mobile', 'tablet', 'desktop'],
    rtp: table.rtp,
    rtpIsUpTo: table.rtpIsUpTo,
    hitFrequency: null,
    largestWin: table.largestWin.units / table.largestWin.cost,
    largestWinUnits: table.largestWin.units,
    costUnits: table.largestWin.cost,
    minStakeOre: table.minBetOre,
    maxStakeOre: table.maxBetOre,
    stakeStepsOre: [table.minBetOre, ...steps],
    defaultStakeOre: table.minBetOre,
    stakeUnitOre: unitOre,
    maxCallOre: table.maxBetOre,
    maxRoundOre: table.maxRoundStakeOre,
    family: null,
    rows: null,
    reelsCount: null,
    theme: { motif: LIVE_THEME[table.kind].motif, colours: { ...LIVE_THEME[table.kind].colours } },
    gameType: 'live',
    category: LIVE_CATEGORY_OF[table.kind],
    searchText: foldForSearch([table.name, studio, ...tags].join(' ')),
    searchName: foldForSearch(table.name),
  };
  // The figures the studio publishes stand for its maths: a change of them is a new version of the table.
  const mathsHash = createHash('sha256')
    .update(JSON.stringify({ studio, kind: table.kind, rtp: table.rtp, rtpIsUpTo: table.rtpIsUpTo, largestWin: table.largestWin }))
    .digest('hex');
  const contentHash = createHash('sha256')
    .update(JSON.stringify({ ...content, mathsHash }))
    .digest('hex');
  return { ...content, mathsHash, releaseDate: firstSeen, contentHash, withdrawnAt: null, updatedAt: now };
}

export interface LiveSyncResult {
  /** The studio's tables listed in the catalogue now. */
  tables: number;
  /** Rows written (new, changed or back) and rows withdrawn (no longer listed by the studio). */
  written: number;
  withdrawn: number;
  /** Tables left out: an id that is no catalogue id, or one another title holds. */
  skipped: string[];
}

/**
 * Brings the catalogue's live rows of one provider to the studio's lobby: each table new, changed
 * or back is written (one upsert), and every live row of the provider the studio no longer lists is
 * withdrawn (`withdrawn_at`, as `syncCatalogue` withdraws a title: rounds and sessions name it). A
 * table whose id is not a catalogue id, or is another title's (our own slot or table, another
 * provider's), is skipped, never written over. Unchanged, it writes nothing. One transaction,
 * serialised across processes by an advisory lock.
 */
export async function syncLiveTables(
  db: Db,
  lobby: { studio: string; tables: readonly LiveStudioTable[] },
  providerId: string,
  now: Date,
): Promise<LiveSyncResult> {
  const listed = lobby.tables.filter((table) => GAME_ID_PATTERN.test(gameIdOfTable(table.tableId)));
  const skipped = lobby.tables.filter((table) => !listed.includes(table)).map((table) => table.tableId);
  return db.transaction(async (tx) => {
    await lockUntilCommit(tx, `games-live-sync:${providerId}`);
    const ids = listed.map((table) => gameIdOfTable(table.tableId));
    const stored = await tx
      .select({
        id: games.id,
        providerId: games.providerId,
        gameType: games.gameType,
        contentHash: games.contentHash,
        releaseDate: games.releaseDate,
        withdrawnAt: games.withdrawnAt,
      })
      .from(games)
      .where(
        ids.length > 0
          ? or(inArray(games.id, ids), and(eq(games.providerId, providerId), eq(games.gameType, 'live')))
          : and(eq(games.providerId, providerId), eq(games.gameType, 'live')),
      );
    const byId = new Map(stored.map((row) => [row.id, row]));
    const today = now.toISOString().slice(0, 10);
    const rows: GameRow[] = [];
    for (const table of listed) {
      const before = byId.get(gameIdOfTable(table.tableId));
      if (before && (before.providerId !== providerId || before.gameType !== 'live')) {
        skipped.push(table.tableId);
        continue;
      }
      const row = liveCatalogueRow(table, { studio: lobby.studio, providerId, firstSeen: before?.releaseDate ?? today, now });
      if (rows.some((other) => other.id === row.id)) continue;
      rows.push(row);
    }
    const changed = rows.filter((row) => {
      const before = byId.get(row.id);
      return !before || before.contentHash !== row.contentHash || before.withdrawnAt !== null;
    });
    if (changed.length > 0)
      await tx
        .insert(games)
        .values(changed)
        .onConflictDoUpdate({
          target: games.id,
          // The first day it was seen stays its release date; the rest is the studio's as it stands.
          set: Object.fromEntries(
            Object.keys(changed[0]!)
              .filter((key) => key !== 'id' && key !== 'releaseDate')
              .map((key) => [key, sql.raw(`excluded.${columnOf(key)}`)]),
          ),
          // Never another provider's or another type's row (checked above, and again under the write).
          setWhere: and(eq(games.providerId, providerId), eq(games.gameType, 'live')),
        });
    const kept = new Set(rows.map((row) => row.id));
    const gone = stored
      .filter((row) => row.providerId === providerId && row.gameType === 'live' && row.withdrawnAt === null && !kept.has(row.id))
      .map((row) => row.id);
    if (gone.length > 0)
      await tx
        .update(games)
        .set({ withdrawnAt: now, updatedAt: now })
        .where(and(inArray(games.id, gone), eq(games.providerId, providerId), eq(games.gameType, 'live'), isNull(games.withdrawnAt)));
    return { tables: rows.length, written: changed.length, withdrawn: gone.length, skipped };
  });
}

/** Withdraws every live table of a provider (the live casino switched off): none is listed or launched. */
export async function withdrawLiveTables(db: Db, providerId: string, now: Date): Promise<number> {
  const gone = await db
    .update(games)
    .set({ withdrawnAt: now, updatedAt: now })
    .where(and(eq(games.providerId, providerId), eq(games.gameType, 'live'), isNull(games.withdrawnAt)))
    .returning({ id: games.id });
  return gone.length;
}

/** The SQL column of a `games` field (the upsert's `excluded.<column>`). */
function columnOf(key: string): string {
  const column = (games as unknown as Record<string, { name?: string }>)[key]?.name;
  if (!column) throw new Error(`games: no column for ${key}`);
  return column;
}
