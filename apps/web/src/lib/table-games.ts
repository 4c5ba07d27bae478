/**
 * The table games' addresses and lists in the storefront (issue 24): the lobby `/bordspil`, a page
 * per category of the system config `BordspilCategory`, and the launch routes for fun and for
 * money. Pure (no I/O): shared by the pages, the tiles in the browser and the unit tests.
 *
 *   /bordspil                               every table title, grouped by category
 *   /bordspil/roulette                      one category's titles
 *   /bordspil/spil-for-sjov/jacks-or-better play for fun (anyone)
 *   /bordspil/spil-for-penge/jacks-or-better play for money (login first)
 */

export const TABLE_LOBBY_PATH = '/bordspil';
export const TABLE_FUN_PATH = '/bordspil/spil-for-sjov';
export const TABLE_MONEY_PATH = '/bordspil/spil-for-penge';

/** The catalogue's answer about a title's kind (GameSummary `gameType`, `category`, `rtpIsUpTo`). */
export interface GameKindFields {
  gameType?: 'slot' | 'table' | 'live';
  category?: string | null;
  rtpIsUpTo?: boolean;
}

export const isTableGame = (game: GameKindFields): boolean => game.gameType === 'table';

/** Where a table title is played: for money or for fun. */
export const tablePlayHref = (gameId: string, mode: 'fun' | 'real') =>
  `${mode === 'real' ? TABLE_MONEY_PATH : TABLE_FUN_PATH}/${encodeURIComponent(gameId)}`;

/**
 * A category of the system config `BordspilCategory` (the operator's, spec §3): its id is the
 * catalogue's `category` of a table title, its slug the page that lists it.
 */
export interface TableCategory {
  id: string;
  name: string;
  slug: string;
  position: number;
}

/** The categories this build has a page for (app/bordspil/{id}), with their Danish names in the dictionary. */
export const TABLE_CATEGORY_PAGES = {
  roulette: { key: 'games.roulette', introKey: 'games.board_games_roulette_intro' },
  blackjack: { key: 'games.blackjack', introKey: 'games.board_games_blackjack_intro' },
  'video-poker': { key: 'games.video_poker', introKey: 'games.board_games_video_poker_intro' },
} as const;
export type TableCategoryId = keyof typeof TABLE_CATEGORY_PAGES;

/**
 * The page a category links to: its slug when this build has that page (app/bordspil/{id}), else
 * none (an operator's new category shows its titles on /bordspil, but links nowhere that 404s).
 */
export function categoryHref(category: Pick<TableCategory, 'slug'>): string | undefined {
  const path = category.slug.replace(/\/+$/, '');
  return Object.keys(TABLE_CATEGORY_PAGES).some((id) => path === `${TABLE_LOBBY_PATH}/${id}`) ? path : undefined;
}

const CATEGORY_ID = /^[a-z0-9][a-z0-9-]{0,39}$/;
/** A config is the operator's: a handful of categories is what a menu and a page can show. */
const MAX_CATEGORIES = 20;

/**
 * The categories of the config's value, in their `position` order: entries without an id or a
 * name are left out, a repeated id counts once (the first), a slug that is not a path of this site
 * becomes the category's page by its id. Without a usable config the categories this build has,
 * named from the dictionary, stand in (`fallbackName`), so the lobby never shows nothing.
 */
export function readTableCategories(value: unknown, fallbackName: (id: TableCategoryId) => string): TableCategory[] {
  const read = readCategoryConfig(value, (id) => `${TABLE_LOBBY_PATH}/${id}`);
  if (read.length > 0) return read;
  return (Object.keys(TABLE_CATEGORY_PAGES) as TableCategoryId[]).map((id, index) => ({
    id,
    name: fallbackName(id),
    slug: `${TABLE_LOBBY_PATH}/${id}`,
    position: index + 1,
  }));
}

/**
 * A category config of the operator's (`BordspilCategory`, `LiveCategories`: the same shape), read
 * as `readTableCategories` says, without the fallback: empty when nothing in it is usable.
 * `defaultSlug` is a category's page when its slug is not a path of this site.
 */
export function readCategoryConfig(value: unknown, defaultSlug: (id: string) => string): TableCategory[] {
  const seen = new Set<string>();
  const read: TableCategory[] = [];
  for (const entry of Array.isArray(value) ? value.slice(0, MAX_CATEGORIES) : []) {
    if (!entry || typeof entry !== 'object') continue;
    const { id, name, slug, position } = entry as Record<string, unknown>;
    if (typeof id !== 'string' || !CATEGORY_ID.test(id) || seen.has(id)) continue;
    if (typeof name !== 'string' || !name.trim()) continue;
    seen.add(id);
    read.push({
      id,
      name: name.trim(),
      slug: typeof slug === 'string' && /^\/[a-z0-9/-]*$/.test(slug) ? slug : defaultSlug(id),
      position: typeof position === 'number' && Number.isFinite(position) ? position : Number.MAX_SAFE_INTEGER,
    });
  }
  return read
    .map((category, index) => ({ category, index }))
    .sort(byPosition)
    .map(({ category }) => category);
}

const byPosition = (a: { category: TableCategory; index: number }, b: { category: TableCategory; index: number }) =>
  a.category.position - b.category.position || a.index - b.index;

/**
 * The table titles under their categories, in the categories' order, each group's titles in the
 * order given. A group without titles is left out; so is a title of no listed category (it is
 * still found by the search), and anything that is not a table title.
 */
export function groupByCategory<T extends GameKindFields>(games: readonly T[], categories: readonly TableCategory[]) {
  return categories
    .map((category) => ({ category, games: games.filter((game) => isTableGame(game) && game.category === category.id) }))
    .filter((group) => group.games.length > 0);
}

/** One category's table titles, in the order given. */
export const gamesOfCategory = <T extends GameKindFields>(games: readonly T[], categoryId: string): T[] =>
  games.filter((game) => isTableGame(game) && game.category === categoryId);

const percent = new Intl.NumberFormat('da-DK', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * A table title's return to player as Danish shows it, to two decimals rounded to the nearest, as
 * the games' figures are published (roulette 97,30 %, La Partage 98,65 %, Jacks or Better 9/6
 * 99,54 %): the exact fractions are proven in @krone/games-math, and the rules panel gives every bet
 * type's own. A figure above 1 is a percentage.
 */
export function formatTableRtp(rtp: number): string {
  const value = rtp > 1 ? rtp : rtp * 100;
  return `${percent.format(Math.round(value * 100) / 100)} %`;
}

/** The table kinds of the studio's rules (`kind`); a slot's is 'slot'. */
const TABLE_RULE_KINDS: ReadonlySet<unknown> = new Set(['roulette', 'blackjack', 'video-poker']);

/**
 * Which screen a title is played on, where the address does not say (/mobilspil/{slug}): the
 * catalogue's `gameType` when it answers one (a live table's is the live casino's launch page),
 * else the studio rules' `kind`, else a slot (the slot's screen answers an unknown title with the
 * 404 page).
 */
export function launchKind(entry: GameKindFields | null | undefined, rulesKind?: unknown): 'table' | 'slot' | 'live' {
  if (entry?.gameType) return entry.gameType === 'slot' ? 'slot' : entry.gameType;
  return TABLE_RULE_KINDS.has(rulesKind) ? 'table' : 'slot';
}
