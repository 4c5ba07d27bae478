import { and, asc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { fail } from '../shared/errors.js';
import { foldForSearch } from './catalogue-sync.js';
import { GAME_TYPES, type GameType } from './catalogue.js';
import { games, lobbyCategories } from './schema.js';

type Runner = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

/** The back office's title list: every title or those on or off the site. */
export const TITLE_STATES = ['all', 'enabled', 'disabled'] as const;
export type TitleState = (typeof TITLE_STATES)[number];
export const TITLES_PAGE_SIZE = 50;
/** At most this many titles in one lobby row: a row a player scrolls through, not a second catalogue. */
export const LOBBY_CATEGORY_MAX_TITLES = 40;
export const LOBBY_CATEGORY_SLUG = /^[a-z0-9-]{1,60}$/;

export interface OperatorTitle {
  id: string;
  name: string;
  studio: string;
  gameType: GameType;
  category: string | null;
  rtp: number;
  releaseDate: string;
  /** Withdrawn by the catalogue's sync (no longer given by its studio): not the operator's to turn on. */
  withdrawn: boolean;
  disabledAt: Date | null;
  disabledReason: string | null;
}

export type LobbyCategory = typeof lobbyCategories.$inferSelect;

const titleColumns = {
  id: games.id,
  name: games.name,
  studio: games.studio,
  gameType: games.gameType,
  category: games.category,
  rtp: games.rtp,
  releaseDate: games.releaseDate,
  withdrawnAt: games.withdrawnAt,
  disabledAt: games.disabledAt,
  disabledReason: games.disabledReason,
};
type TitleRow = { [K in keyof typeof titleColumns]: (typeof titleColumns)[K]['_']['data'] | null };
const asTitle = (row: TitleRow): OperatorTitle => ({
  id: row.id!,
  name: row.name!,
  studio: row.studio!,
  gameType: row.gameType as GameType,
  category: row.category,
  rtp: row.rtp!,
  releaseDate: row.releaseDate!,
  withdrawn: row.withdrawnAt !== null,
  disabledAt: row.disabledAt,
  disabledReason: row.disabledReason,
});

/**
 * The operator's hold on the catalogue (issue 29, the back office's marketing): titles taken off the
 * site and put back (apart from the sync's withdrawals), and the lobby's own rows of chosen titles
 * in the operator's order. Each change is the caller's to write in its transaction with the staff
 * action that records it; the storefront reads the result at its next revalidation.
 */
export function createCatalogueOperator({ db }: { db: Db }) {
  /** Titles by name, studio or id (folded like the storefront's search), paged, by name. */
  async function titles(query: { q?: string; type?: GameType; state?: TitleState; page?: number }) {
    const page = query.page ?? 1;
    const filters: SQL[] = [];
    const q = query.q?.trim();
    if (q) {
      const folded = `%${foldForSearch(q).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      filters.push(or(ilike(games.searchText, folded), ilike(games.id, folded))!);
    }
    if (query.type) filters.push(eq(games.gameType, query.type));
    if (query.state === 'enabled') filters.push(isNull(games.disabledAt), isNull(games.withdrawnAt));
    if (query.state === 'disabled') filters.push(isNotNull(games.disabledAt));
    const rows = await db
      .select({ ...titleColumns, total: sql<number>`count(*) over ()::int` })
      .from(games)
      .where(filters.length > 0 ? and(...filters) : undefined)
      .orderBy(asc(games.name), asc(games.id))
      .limit(TITLES_PAGE_SIZE)
      .offset((page - 1) * TITLES_PAGE_SIZE);
    const total = rows[0]?.total ?? 0;
    return { items: rows.map(asTitle), page, pageSize: TITLES_PAGE_SIZE, total };
  }

  /** One title, locked for the change when a transaction is given; GAME_NOT_FOUND for another. */
  async function title(runner: Pick<Db, 'select'>, gameId: string, lock = false): Promise<OperatorTitle> {
    const query = runner.select(titleColumns).from(games).where(eq(games.id, gameId)).limit(1);
    const [row] = await (lock ? query.for('update') : query);
    if (!row) throw fail('GAME_NOT_FOUND');
    return asTitle(row);
  }

  /**
   * Takes a title off the site (listings, the lobby, launches) or puts it back. Putting back a title
   * the sync withdrew is refused: its studio no longer gives it. Nothing to change: the title as it is.
   */
  async function setEnabled(tx: Runner, gameId: string, enabled: boolean, reason: string, now: Date) {
    const before = await title(tx, gameId, true);
    if (enabled && before.withdrawn) throw fail('GAME_NOT_FOUND');
    if (enabled === (before.disabledAt === null)) return { before, after: before, changed: false };
    await tx
      .update(games)
      .set(enabled ? { disabledAt: null, disabledReason: null } : { disabledAt: now, disabledReason: reason.trim() })
      .where(eq(games.id, gameId));
    return { before, after: await title(tx, gameId), changed: true };
  }

  /** Which of the titles named are in play (the lobby's rows and the offers name only those). */
  async function inPlay(ids: readonly string[], runner: Pick<Db, 'select'> = db): Promise<Set<string>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Set();
    const rows = await runner
      .select({ id: games.id })
      .from(games)
      .where(and(inArray(games.id, unique), isNull(games.withdrawnAt), isNull(games.disabledAt)));
    return new Set(rows.map((row) => row.id));
  }

  /** The lobby's own rows in their order, with their titles' names (any state: the editor sees which are off). */
  async function categories() {
    const rows = await db.select().from(lobbyCategories).orderBy(asc(lobbyCategories.position), asc(lobbyCategories.slug));
    const ids = [...new Set(rows.flatMap((row) => row.gameIds))];
    const named = ids.length === 0 ? [] : await db.select(titleColumns).from(games).where(inArray(games.id, ids));
    const byId = new Map(named.map((row) => [row.id, asTitle(row)]));
    return rows.map((row) => ({
      ...row,
      titles: row.gameIds.flatMap((id) => {
        const known = byId.get(id);
        return known ? [known] : [];
      }),
    }));
  }

  async function category(runner: Pick<Db, 'select'>, slug: string, lock = false): Promise<LobbyCategory> {
    const query = runner.select().from(lobbyCategories).where(eq(lobbyCategories.slug, slug)).limit(1);
    const [row] = await (lock ? query.for('update') : query);
    if (!row) throw fail('LOBBY_CATEGORY_NOT_FOUND');
    return row;
  }

  /** The titles of a row checked: each in play, none twice, at most LOBBY_CATEGORY_MAX_TITLES. */
  async function checkTitles(runner: Pick<Db, 'select'>, gameIds: readonly string[], keep: readonly string[] = []) {
    if (new Set(gameIds).size !== gameIds.length) throw fail('INVALID_INPUT', { fields: { gameIds: 'a title twice' } });
    if (gameIds.length > LOBBY_CATEGORY_MAX_TITLES) throw fail('INVALID_INPUT', { fields: { gameIds: 'too many titles' } });
    // A title already in the row that was taken off since may stay (it is not shown); a new one must be in play.
    const added = gameIds.filter((id) => !keep.includes(id));
    const playing = await inPlay(added, runner);
    const unknown = added.filter((id) => !playing.has(id));
    if (unknown.length > 0) throw fail('GAME_NOT_FOUND', { fields: { gameIds: unknown.join(', ') } });
  }

  /** A new row, last in the lobby's order. */
  async function createCategory(tx: Runner, input: { slug: string; name: string; gameIds: string[]; visible: boolean }, now: Date) {
    const [taken] = await tx.select({ slug: lobbyCategories.slug }).from(lobbyCategories).where(eq(lobbyCategories.slug, input.slug));
    if (taken) throw fail('LOBBY_CATEGORY_EXISTS');
    await checkTitles(tx, input.gameIds);
    const [last] = await tx.select({ position: sql<number>`coalesce(max(${lobbyCategories.position}), 0)::int` }).from(lobbyCategories);
    // Two rows of the same address made at once: the primary key decides, the second is told.
    const [row] = await tx
      .insert(lobbyCategories)
      .values({ ...input, name: input.name.trim(), position: (last?.position ?? 0) + 1, updatedAt: now })
      .onConflictDoNothing({ target: lobbyCategories.slug })
      .returning();
    if (!row) throw fail('LOBBY_CATEGORY_EXISTS');
    return row;
  }

  /** A row's name, titles (in the order given) and visibility. */
  async function updateCategory(tx: Runner, slug: string, input: { name: string; gameIds: string[]; visible: boolean }, now: Date) {
    const before = await category(tx, slug, true);
    await checkTitles(tx, input.gameIds, before.gameIds);
    const [after] = await tx
      .update(lobbyCategories)
      .set({ name: input.name.trim(), gameIds: input.gameIds, visible: input.visible, updatedAt: now })
      .where(eq(lobbyCategories.slug, slug))
      .returning();
    return { before, after: after! };
  }

  /** Moves a row one place up or down the lobby's order (the rows renumbered 1…n). */
  async function moveCategory(tx: Runner, slug: string, direction: 'up' | 'down', now: Date) {
    await category(tx, slug, true);
    const rows = await tx
      .select({ slug: lobbyCategories.slug })
      .from(lobbyCategories)
      .orderBy(asc(lobbyCategories.position), asc(lobbyCategories.slug))
      .for('update');
    const order = rows.map((row) => row.slug);
    const before = [...order];
    const at = order.indexOf(slug);
    const to = direction === 'up' ? at - 1 : at + 1;
    if (to >= 0 && to < order.length) [order[at], order[to]] = [order[to]!, order[at]!];
    for (const [index, each] of order.entries())
      await tx
        .update(lobbyCategories)
        .set({ position: index + 1, ...(each === slug ? { updatedAt: now } : {}) })
        .where(eq(lobbyCategories.slug, each));
    return { before, after: order };
  }

  async function deleteCategory(tx: Runner, slug: string) {
    const before = await category(tx, slug, true);
    await tx.delete(lobbyCategories).where(eq(lobbyCategories.slug, slug));
    return before;
  }

  return { titles, title, setEnabled, inPlay, categories, category, createCategory, updateCategory, moveCategory, deleteCategory };
}

export type CatalogueOperator = ReturnType<typeof createCatalogueOperator>;
export { GAME_TYPES };
