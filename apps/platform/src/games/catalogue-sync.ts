import { createHash } from 'node:crypto';
import { costUnits, type Title } from '@krone/games-math';
import { eq, inArray, sql } from 'drizzle-orm';
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

/** A title as the catalogue keeps it: the player-facing fields, the stake steps, the figures and the search texts. */
export function catalogueRow(title: Title, now: Date): GameRow {
  const content = {
    id: title.id,
    name: title.name,
    studio: title.studio,
    providerId: title.providerId,
    volatility: title.volatility,
    features: [...title.features],
    tags: [...title.tags],
    devices: [...title.devices],
    rtp: title.exact.rtp,
    hitFrequency: title.exact.hitFrequency,
    largestWin: title.exact.largestWin,
    ...largestWinFraction(title),
    minStakeOre: title.stake.minOre,
    maxStakeOre: title.stake.maxOre,
    stakeStepsOre: [...title.stake.stepsOre],
    defaultStakeOre: title.stake.defaultOre,
    releaseDate: title.releaseDate,
    family: title.maths.family,
    rows: title.maths.rows,
    reelsCount: title.maths.reels.length,
    theme: { motif: title.theme.motif, colours: { ...title.theme.colours } },
    mathsHash: title.mathsHash,
    searchText: foldForSearch([title.name, title.studio, ...title.tags].join(' ')),
    searchName: foldForSearch(title.name),
  };
  const contentHash = createHash('sha256').update(JSON.stringify(content)).digest('hex');
  return { ...content, contentHash, withdrawnAt: null, updatedAt: now };
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
 * Brings the `games` table to the titles given (at start-up, `loadTitles()`): one multi-row
 * upsert of the titles whose content hash changed (or that are new, or back), then every title
 * no longer given is withdrawn (kept: rounds, sessions and favourites name it), a title given again is
 * back. When the hash over all titles equals the last sync's, nothing is written at all: a
 * start-up with ~750 unchanged titles costs one SELECT. Serialised across processes starting
 * together by an advisory lock.
 */
export async function syncCatalogue(db: Db, titles: readonly Title[], now: Date): Promise<SyncResult> {
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
    const stored = new Map(
      (await tx.select({ id: games.id, contentHash: games.contentHash, withdrawnAt: games.withdrawnAt }).from(games)).map((row) => [
        row.id,
        row,
      ]),
    );
    const changed = rows.filter((row) => {
      const before = stored.get(row.id);
      return !before || before.contentHash !== row.contentHash || before.withdrawnAt !== null;
    });
    let written = 0;
    // One statement per 500 titles (a statement's parameters are limited to 65,535; a row has 26).
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
