import { createHash } from 'node:crypto';
import { costUnits, type TableKind, type TableTitle, type Title, type Volatility } from '@krone/games-math';
import { eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { lockUntilCommit } from '../shared/db.js';
import { gameCatalogueSync, games } from './schema.js';

/**
 * The text search matches: lower case, the Danish letters spelt out as a keyboard without them
 * would (æ → ae, ø → oe, å → aa), other accents dropped. The query is folded the same way, so
 * "blåbær", "blaabaer" and "blabaer" all meet "Blåbærskoven" (the last by trigrams).
 */
export function foldForSearch(text: string): string {
  return text
    .toLowerCase()
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'oe')
    .replace(/å/g, 'aa')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

type GameRow = typeof games.$inferInsert;

/**
 * A title's largest round win as the exact fraction it is: units of the maths over the units a
 * round costs (exact() divides the one by the other). The bound of a round's wins is computed from
 * these in integers; should the title's figure not be such a fraction exactly, the larger
 * neighbour is taken (in the player's favour).
 */
export function largestWinFraction(title: Pick<Title, 'exact' | 'maths'>): { largestWinUnits: number; costUnits: number } {
  const cost = costUnits(title.maths);
  const nearest = Math.round(title.exact.largestWin * cost);
  const units = nearest / cost === title.exact.largestWin ? nearest : Math.ceil(title.exact.largestWin * cost);
  return { largestWinUnits: units, costUnits: cost };
}

/** What the catalogue holds: the maths' slot titles (`loadTitles()`) and the table games (`TABLE_TITLES`). */
export type CatalogueTitle = Title | TableTitle;

export const isTableTitle = (title: CatalogueTitle): title is TableTitle => !('maths' in title);

/**
 * A table's volatility class, as a slot's is named (`volatilityOf` of games-math: the standard
 * deviation of a round's return, × the stake, below 4 low, below 8 medium), from the published
 * figures of the strategy its return assumes: blackjack about 1.15 (basic strategy), 9/6 Jacks or
 * Better about 4.4 and 8/5 Bonus Poker about 4.6 (the optimal hold). Roulette's depends on the bet,
 * from 1.0 (red or black) to 5.8 (a straight up): as its return shown is its best bet's, its class
 * is its widest bet's.
 */
export const TABLE_VOLATILITY: Readonly<Record<TableKind, Volatility>> = Object.freeze({
  roulette: 'medium',
  blackjack: 'low',
  'video-poker': 'medium',
});

/** A title as the catalogue keeps it: the player-facing fields, the stake rule, the figures and the search texts. */
export function catalogueRow(title: CatalogueTitle, now: Date): GameRow {
  const content = isTableTitle(title) ? tableContent(title) : slotContent(title);
  const contentHash = createHash('sha256').update(JSON.stringify(content)).digest('hex');
  return { ...content, contentHash, withdrawnAt: null, updatedAt: now };
}

function slotContent(title: Title) {
  return {
    id: title.id,
    name: title.name,
    studio: title.studio,
    providerId: title.providerId,
    volatility: title.volatility,
    features: [...title.features],
    tags: [...title.tags],
    devices: [...title.devices],
    rtp: title.exact.rtp,
    rtpIsUpTo: false,
    hitFrequency: title.exact.hitFrequency,
    largestWin: title.exact.largestWin,
    ...largestWinFraction(title),
    minStakeOre: title.stake.minOre,
    maxStakeOre: title.stake.maxOre,
    stakeStepsOre: [...title.stake.stepsOre],
    defaultStakeOre: title.stake.defaultOre,
    stakeUnitOre: null,
    maxCallOre: null,
    maxRoundOre: null,
    releaseDate: title.releaseDate,
    family: title.maths.family,
    rows: title.maths.rows,
    reelsCount: title.maths.reels.length,
    theme: { motif: title.theme.motif, colours: { ...title.theme.colours } },
    mathsHash: title.mathsHash,
    gameType: 'slot',
    category: null,
    searchText: foldForSearch([title.name, title.studio, ...title.tags].join(' ')),
    searchName: foldForSearch(title.name),
  };
}

/**
 * A table game: no reels, rows, family, features or hit frequency (the bets the player makes
 * decide a round's chance); its stake rule (unit, most a call, most a round) beside the steps the
 * player picks from; the largest win as the fraction the title states; the largest stake shown is
 * what one call may stake (roulette: a spin's table limit; blackjack and video poker: a hand).
 * Search finds it by its kind too ("video poker").
 */
function tableContent(title: TableTitle) {
  const { stake, largestWin } = title;
  return {
    id: title.id,
    name: title.name,
    studio: title.studio,
    providerId: title.providerId,
    volatility: TABLE_VOLATILITY[title.kind],
    features: [],
    tags: [...title.tags],
    devices: [...title.devices],
    rtp: title.rtp,
    rtpIsUpTo: title.rtpIsUpTo,
    hitFrequency: null,
    largestWin: largestWin.units / largestWin.cost,
    largestWinUnits: largestWin.units,
    costUnits: largestWin.cost,
    minStakeOre: stake.minOre,
    maxStakeOre: stake.maxCallOre,
    stakeStepsOre: [...stake.stepsOre],
    defaultStakeOre: stake.defaultOre,
    stakeUnitOre: stake.unitOre,
    maxCallOre: stake.maxCallOre,
    maxRoundOre: stake.maxRoundOre,
    releaseDate: title.releaseDate,
    family: null,
    rows: null,
    reelsCount: null,
    theme: { motif: title.theme.motif, colours: { ...title.theme.colours } },
    mathsHash: title.mathsHash,
    gameType: 'table',
    category: title.kind,
    searchText: foldForSearch([title.name, title.studio, ...title.tags, title.kind].join(' ')),
    searchName: foldForSearch(title.name),
  };
}

export interface SyncResult {
  /** False when every title was as the last sync left it: nothing was written. */
  changed: boolean;
  titles: number;
  /** Rows written (new or changed titles) and titles withdrawn by this sync. */
  written: number;
  withdrawn: number;
}

/**
 * Brings the `games` table to the titles given (at start-up, `loadTitles()` and `TABLE_TITLES`): one multi-row
 * upsert of the titles whose content hash changed (or that are new, or back), then every title
 * no longer given is withdrawn (kept: rounds, sessions and favourites name it), a title given again is
 * back (live tables are not its: the live studio's lobby lists and withdraws those, live/catalogue-sync.ts).
 * When the hash over all titles equals the last sync's, nothing is written at all: a
 * start-up with ~750 unchanged titles costs one SELECT. Serialised across processes starting
 * together by an advisory lock.
 */
export async function syncCatalogue(db: Db, titles: readonly CatalogueTitle[], now: Date): Promise<SyncResult> {
  const rows = titles.map((title) => catalogueRow(title, now));
  const overall = createHash('sha256')
    .update(rows.map((row) => row.contentHash).join('\n'))
    .digest('hex');
  const [last] = await db.select().from(gameCatalogueSync).where(eq(gameCatalogueSync.id, 1)).limit(1);
  if (last?.contentHash === overall) return { changed: false, titles: rows.length, written: 0, withdrawn: 0 };
  return db.transaction(async (tx) => {
    await lockUntilCommit(tx, 'games-catalogue-sync');
    // Only the titles new, changed or back in the files are sent: a start-up after one title
    // changed writes that row alone.
    // Live tables are the live studio's lobby's to list and withdraw (live/catalogue-sync.ts), not the files'.
    const stored = new Map(
      (
        await tx
          .select({ id: games.id, contentHash: games.contentHash, withdrawnAt: games.withdrawnAt })
          .from(games)
          .where(ne(games.gameType, 'live'))
      ).map((row) => [row.id, row]),
    );
    const changed = rows.filter((row) => {
      const before = stored.get(row.id);
      return !before || before.contentHash !== row.contentHash || before.withdrawnAt !== null;
    });
    let written = 0;
    // One statement per 500 titles (a statement's parameters are limited to 65,535; a row has 34).
    for (let start = 0; start < changed.length; start += 500) {
      const chunk = changed.slice(start, start + 500);
      const upserted = await tx
        .insert(games)
        .values(chunk)
        .onConflictDoUpdate({
          target: games.id,
          set: Object.fromEntries(
            Object.keys(chunk[0]!)
              .filter((key) => key !== 'id')
              .map((key) => [key, sql.raw(`excluded.${columnOf(key)}`)]),
          ),
        })
        .returning({ id: games.id });
      written += upserted.length;
    }
    const given = new Set(rows.map((row) => row.id));
    const gone = [...stored.values()].filter((row) => row.withdrawnAt === null && !given.has(row.id)).map((row) => row.id);
    if (gone.length > 0) await tx.update(games).set({ withdrawnAt: now, updatedAt: now }).where(inArray(games.id, gone));
    await tx
      .insert(gameCatalogueSync)
      .values({ id: 1, contentHash: overall, titles: rows.length, syncedAt: now })
      .onConflictDoUpdate({ target: gameCatalogueSync.id, set: { contentHash: overall, titles: rows.length, syncedAt: now } });
    return { changed: true, titles: rows.length, written, withdrawn: gone.length };
  });
}

/** The SQL column of a `games` field (the upsert's `excluded.<column>`). */
function columnOf(key: string): string {
  const column = (games as unknown as Record<string, { name?: string }>)[key]?.name;
  if (!column) throw new Error(`games: no column for ${key}`);
  return column;
}
