import { TABLE_KINDS, type TableKind } from '@krone/games-math';
import { and, arrayContains, asc, desc, eq, gt, gte, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { fail } from '../shared/errors.js';
import { foldForSearch } from './catalogue-sync.js';
import { LIVE_CATEGORIES, type LiveCategory } from './live/types.js';
import { createTitleJackpots, type GameJackpot } from './jackpots/title-jackpots.js';
import { gameRounds, games, lobbyCategories } from './schema.js';

export const VOLATILITIES = ['low', 'medium', 'high', 'very-high'] as const;
export const FEATURES = ['wild', 'scatter', 'free-spins', 'retrigger', 'multiplier'] as const;
export const CATALOGUE_SORTS = ['newest', 'popular', 'name', 'rtp'] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];

/** What kind of game a title is (the catalogue's `game_type`); an open bonus's wagering weighs stakes by it. */
export const GAME_TYPES = ['slot', 'table', 'live'] as const;
export type GameType = (typeof GAME_TYPES)[number];
/** The types `GET /Games/catalogue` lists (one at a time: slots unless asked). */
export const LISTED_GAME_TYPES = ['slot', 'table', 'live'] as const;
/** A table game's category: its kind, an id of the system config `BordspilCategory`. */
export { TABLE_KINDS, type TableKind };
/** A live table's category: an id of the system config `LiveCategories` (live/types.ts). */
export { LIVE_CATEGORIES, type LiveCategory };
/** Every category a listed title may have: a table game's or a live table's. */
export const CATALOGUE_CATEGORIES = [...TABLE_KINDS, ...LIVE_CATEGORIES] as const;
export type CatalogueCategory = TableKind | LiveCategory;
export type { GameJackpot };

/**
 * The game type of each title named (withdrawn ones too), read in the caller's transaction when it
 * gives one: the bonus context weighs an open bonus's stakes by it (bonus/wagering.ts). A title the
 * catalogue does not hold is not in the answer.
 */
export async function gameTypesOf(ids: string[], runner: Pick<Db, 'select'>): Promise<Map<string, GameType>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await runner.select({ id: games.id, gameType: games.gameType }).from(games).where(inArray(games.id, unique));
  return new Map(rows.map((row) => [row.id, row.gameType as GameType]));
}

/** The name of each title named (withdrawn ones too), for the operator's figures per game. */
export async function gameNamesOf(ids: string[], runner: Pick<Db, 'select'>): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await runner.select({ id: games.id, name: games.name }).from(games).where(inArray(games.id, unique));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** A title released within this many days is new (the "Nye spil" list, the tile's badge). */
export const NEW_GAME_DAYS = 30;
/** The popular row and sort, and /Games/best by default: rounds of the last 7 days. */
export const POPULAR_DAYS = 7;
/** Each row of the lobby. */
export const LOBBY_ROW = 12;
export const MAX_PAGE_SIZE = 100;

const DAY_MS = 86_400_000;

/** What every list shows of a title (GameSummary of games-common.md). */
const summaryColumns = {
  id: games.id,
  name: games.name,
  studio: games.studio,
  volatility: games.volatility,
  features: games.features,
  tags: games.tags,
  rtp: games.rtp,
  hitFrequency: games.hitFrequency,
  largestWin: games.largestWin,
  minStakeOre: games.minStakeOre,
  maxStakeOre: games.maxStakeOre,
  releaseDate: games.releaseDate,
  devices: games.devices,
  family: games.family,
  rows: games.rows,
  reelsCount: games.reelsCount,
  theme: games.theme,
  gameType: games.gameType,
  category: games.category,
  rtpIsUpTo: games.rtpIsUpTo,
};

type Column<K extends keyof typeof summaryColumns> = (typeof summaryColumns)[K]['_'];
/** A column's value as selected: null where the column may be (a table's reels, family and hit frequency). */
type SummaryRow = { [K in keyof typeof summaryColumns]: Column<K>['notNull'] extends true ? Column<K>['data'] : Column<K>['data'] | null };
export type GameSummary = SummaryRow & { isNew: boolean; jackpot: GameJackpot | null };

export interface CatalogueQuery {
  /** Slots by default: the slot pages list no table game. A category alone means its type's (tables, or live tables). */
  type?: (typeof LISTED_GAME_TYPES)[number];
  category?: CatalogueCategory;
  page?: number;
  pageSize?: number;
  studio?: string;
  volatility?: (typeof VOLATILITIES)[number];
  feature?: (typeof FEATURES)[number];
  sort?: CatalogueSort;
  newOnly?: boolean;
}

/** `like` takes the query literally: its wildcards escaped. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The catalogue for the storefront: the lobby's rows, the paged and filtered list, the most played,
 * search, one title; and for launch and bets: whether a title may be played and its stake steps.
 * Every list shows titles in play only (not withdrawn).
 */
export interface CatalogueDeps {
  db: Db;
  clock: () => Date;
  /**
   * The table categories in the operator's order (the system config `BordspilCategory`, by
   * position): the lobby's tables follow it. TABLE_KINDS' order when not given.
   */
  tableCategories?: () => Promise<readonly string[]>;
}

/**
 * The category ids of a categories config (`BordspilCategory`: `[{id, position, …}]`) by position;
 * entries without an id are skipped, anything but a list is no order at all.
 */
export function categoryIdsByPosition(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((entry): entry is { id: string; position?: unknown } => typeof entry?.id === 'string')
    .map((entry, at) => ({ id: entry.id, position: typeof entry.position === 'number' ? entry.position : Number.MAX_SAFE_INTEGER, at }))
    .sort((a, b) => a.position - b.position || a.at - b.at)
    .map((entry) => entry.id);
}

/** A bet's rule of a title: one of its steps (a slot), or a table's unit and limits. */
export type StakeRule =
  { kind: 'steps'; stepsOre: readonly number[] } | { kind: 'table'; unitOre: number; maxCallOre: number; maxRoundOre: number };

/**
 * Whether a stake is allowed (games/README.md, "Stakes"): on a slot, one of the title's stake
 * steps; on a table, a whole multiple of its unit, at least one unit, at most its most a call, and
 * with the round's standing stakes (`standingOre`: its bets not rolled back; 0 for a bet that
 * opens its round) at most its most a round.
 */
export function stakeAllowed(rule: StakeRule, amountOre: number, standingOre = 0): boolean {
  if (rule.kind === 'steps') return rule.stepsOre.includes(amountOre);
  return (
    amountOre >= rule.unitOre &&
    amountOre % rule.unitOre === 0 &&
    amountOre <= rule.maxCallOre &&
    standingOre + amountOre <= rule.maxRoundOre
  );
}

/** The game type a category belongs to. */
const categoryType = (category: CatalogueCategory): GameType =>
  (LIVE_CATEGORIES as readonly string[]).includes(category) ? 'live' : 'table';

export function createCatalogue({ db, clock, tableCategories = async () => TABLE_KINDS }: CatalogueDeps) {
  /** The first day a title counts as new (Copenhagen days are close enough for a badge: UTC dates). */
  const newSince = () => new Date(clock().getTime() - NEW_GAME_DAYS * DAY_MS).toISOString().slice(0, 10);

  // Which titles feed which pools (jackpots/title-jackpots.ts): read once a minute, not per list.
  const titleJackpots = createTitleJackpots(db);
  const jackpotsByGame = titleJackpots.byGame;

  const summaryOf = (row: SummaryRow, since: string, jackpots: Map<string, GameJackpot>): GameSummary => ({
    ...row,
    isNew: row.releaseDate >= since,
    jackpot: jackpots.get(row.id) ?? null,
  });
  // In play: neither withdrawn by the sync nor taken off the site by the operator (back office).
  const inPlay = and(isNull(games.withdrawnAt), isNull(games.disabledAt))!;

  /** Rounds with a stake standing per game since `since`, and the distinct players: a subquery to join. */
  function played(since: Date) {
    return db
      .select({
        gameId: gameRounds.gameId,
        rounds: sql<number>`count(*)::int`.as('rounds'),
        players: sql<number>`count(distinct ${gameRounds.playerId})::int`.as('players'),
      })
      .from(gameRounds)
      .where(and(gte(gameRounds.createdAt, since), gt(gameRounds.stakedOre, 0)))
      .groupBy(gameRounds.gameId)
      .as('played');
  }
  const popularSince = () => new Date(clock().getTime() - POPULAR_DAYS * DAY_MS);
  /**
   * The catalogue's popular sort: rounds of the window, then the highest RTP, then the newest (a
   * sort of every title, so the titles nobody played lately follow). The lobby's row lists the
   * played titles only (`lobby`).
   */
  const mostPlayedFirst = (popular: ReturnType<typeof played>): SQL[] => [
    sql`coalesce(${popular.rounds}, 0) desc`,
    desc(games.rtp),
    desc(games.releaseDate),
    asc(games.id),
  ];

  async function list(query: CatalogueQuery = {}) {
    const page = query.page ?? 1;
    const pageSize = Math.min(query.pageSize ?? 24, MAX_PAGE_SIZE);
    const since = newSince();
    const type = query.type ?? (query.category ? categoryType(query.category) : 'slot');
    const filters: SQL[] = [inPlay, eq(games.gameType, type)];
    if (query.category) filters.push(eq(games.category, query.category));
    if (query.studio) filters.push(eq(games.studio, query.studio));
    if (query.volatility) filters.push(eq(games.volatility, query.volatility));
    if (query.feature) filters.push(arrayContains(games.features, [query.feature]));
    if (query.newOnly) filters.push(gte(games.releaseDate, since));
    const popular = played(popularSince());
    const order: Record<CatalogueSort, SQL[]> = {
      newest: [desc(games.releaseDate), asc(games.id)],
      popular: mostPlayedFirst(popular),
      name: [asc(games.name), asc(games.id)],
      rtp: [desc(games.rtp), asc(games.id)],
    };
    const sort = query.sort ?? 'newest';
    const base = db.select({ ...summaryColumns, total: sql<number>`count(*) over ()::int` }).from(games);
    const rows = await (sort === 'popular' ? base.leftJoin(popular, eq(popular.gameId, games.id)) : base)
      .where(and(...filters))
      .orderBy(...order[sort])
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    const total = rows[0]?.total ?? (page > 1 ? await count(filters) : 0);
    const jackpots = await jackpotsByGame();
    return {
      items: rows.map(({ total: _total, ...row }) => summaryOf(row, since, jackpots)),
      page,
      pageSize,
      total,
      lastPage: Math.max(1, Math.ceil(total / pageSize)),
      facets: await facets(type),
    };
  }

  async function count(filters: SQL[]) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(games)
      .where(and(...filters));
    return row?.n ?? 0;
  }

  /** What the filters may choose from: the studios, volatilities and features of the titles of a type in play. */
  async function facets(type: GameType = 'slot') {
    const [row] = await db
      .select({
        studios: sql<string[]>`coalesce(array_agg(distinct ${games.studio}), '{}')`,
        volatilities: sql<string[]>`coalesce(array_agg(distinct ${games.volatility}), '{}')`,
        features: sql<
          string[]
        >`coalesce((select array_agg(distinct f) from games g2, unnest(g2.features) f where g2.withdrawn_at is null and g2.disabled_at is null and g2.game_type = ${type}), '{}')`,
      })
      .from(games)
      .where(and(inPlay, eq(games.gameType, type)));
    const present = (all: readonly string[], some: string[] | undefined) => all.filter((value) => (some ?? []).includes(value));
    return {
      studios: [...(row?.studios ?? [])].sort((a, b) => a.localeCompare(b, 'da')),
      volatilities: present(VOLATILITIES, row?.volatilities) as (typeof VOLATILITIES)[number][],
      features: present(FEATURES, row?.features) as (typeof FEATURES)[number][],
    };
  }

  /**
   * The lobby: the newest slots, the slots most played in the last 7 days, each studio's newest
   * slots, and every table game (`tables`: by the operator's category order, then name). The popular
   * row holds only titles with rounds in the window (by rounds, then players, then the newest), so
   * it is empty on a casino nobody has played at yet, and the storefront leaves it out: a row
   * called popular that is really the newest, or the highest RTP, would tell players something untrue.
   */
  async function lobby() {
    const since = newSince();
    const popular = played(popularSince());
    const slotsInPlay = and(inPlay, eq(games.gameType, 'slot'));
    // The jackpots (cached) and the operator's own rows are read beside the computed rows, not after them.
    const jackpotsRead = jackpotsByGame();
    const [newest, mostPlayed, perStudio, [{ total } = { total: 0 }], tableRows, categories, jackpots, featured] = await Promise.all([
      db.select(summaryColumns).from(games).where(slotsInPlay).orderBy(desc(games.releaseDate), asc(games.id)).limit(LOBBY_ROW),
      db
        .select(summaryColumns)
        .from(popular)
        .innerJoin(games, eq(games.id, popular.gameId))
        .where(slotsInPlay)
        .orderBy(desc(popular.rounds), desc(popular.players), desc(games.releaseDate), asc(games.id))
        .limit(LOBBY_ROW),
      (() => {
        const ranked = db
          .select({
            ...summaryColumns,
            rank: sql<number>`row_number() over (partition by ${games.studio} order by ${games.releaseDate} desc, ${games.id})`.as('rank'),
          })
          .from(games)
          .where(slotsInPlay)
          .as('ranked');
        return db
          .select()
          .from(ranked)
          .where(sql`${ranked.rank} <= ${LOBBY_ROW}`);
      })(),
      db
        .select({ total: sql<number>`count(*)::int` })
        .from(games)
        .where(slotsInPlay),
      db
        .select(summaryColumns)
        .from(games)
        .where(and(inPlay, eq(games.gameType, 'table'))),
      tableCategories()
        .then((order) => (order.length > 0 ? order : TABLE_KINDS))
        .catch(() => TABLE_KINDS),
      jackpotsRead,
      featuredRows(since, jackpotsRead),
    ]);
    const byStudio = new Map<string, GameSummary[]>();
    for (const { rank: _rank, ...row } of perStudio) {
      const summary = summaryOf(row as SummaryRow, since, jackpots);
      byStudio.set(row.studio, [...(byStudio.get(row.studio) ?? []), summary]);
    }
    const newestFirst = (a: GameSummary, b: GameSummary) =>
      a.releaseDate === b.releaseDate ? (a.id < b.id ? -1 : 1) : a.releaseDate < b.releaseDate ? 1 : -1;
    return {
      featured,
      newest: newest.map((row) => summaryOf(row, since, jackpots)),
      popular: mostPlayed.map((row) => summaryOf(row, since, jackpots)),
      byStudio: [...byStudio.entries()]
        .sort(([a], [b]) => a.localeCompare(b, 'da'))
        .map(([studio, list]) => ({ studio, games: list.sort(newestFirst) })),
      total,
      tables: byCategoryOrder(
        tableRows.map((row) => summaryOf(row, since, jackpots)),
        categories,
      ),
    };
  }

  /**
   * The operator's own rows (lobby_categories, kept in the back office): the visible ones in their
   * order, each with its titles in play in the order chosen; a row left with none is not shown.
   */
  async function featuredRows(since: string, jackpotsRead: Promise<Map<string, GameJackpot>>) {
    const rows = await db
      .select()
      .from(lobbyCategories)
      .where(eq(lobbyCategories.visible, true))
      .orderBy(asc(lobbyCategories.position), asc(lobbyCategories.slug));
    const ids = [...new Set(rows.flatMap((row) => row.gameIds))];
    const titles =
      ids.length === 0
        ? []
        : await db
            .select(summaryColumns)
            .from(games)
            .where(and(inArray(games.id, ids), inPlay));
    const jackpots = await jackpotsRead;
    const byId = new Map(titles.map((row) => [row.id, summaryOf(row, since, jackpots)]));
    return rows
      .map((row) => ({
        slug: row.slug,
        name: row.name,
        games: row.gameIds.flatMap((id) => {
          const title = byId.get(id);
          return title ? [title] : [];
        }),
      }))
      .filter((row) => row.games.length > 0);
  }

  /** Table games by their category's place in the operator's order (a category it does not name last), then by name. */
  function byCategoryOrder(tables: GameSummary[], categories: readonly string[]): GameSummary[] {
    const place = (category: string | null) => {
      const at = category === null ? -1 : categories.indexOf(category);
      return at === -1 ? categories.length : at;
    };
    return tables.sort((a, b) => place(a.category) - place(b.category) || a.name.localeCompare(b.name, 'da') || (a.id < b.id ? -1 : 1));
  }

  /** The most played titles of the last `days` days, from real rounds (a stake standing): rounds and players counted. */
  async function best(days = POPULAR_DAYS, limit = 24) {
    const since = newSince();
    const popular = played(new Date(clock().getTime() - days * DAY_MS));
    const rows = await db
      .select({ ...summaryColumns, rounds: popular.rounds, players: popular.players })
      .from(popular)
      .innerJoin(games, eq(games.id, popular.gameId))
      .where(inPlay)
      .orderBy(desc(popular.rounds), desc(popular.players), desc(games.releaseDate), asc(games.id))
      .limit(limit);
    const jackpots = await jackpotsByGame();
    return { items: rows.map(({ rounds, players, ...row }) => ({ ...summaryOf(row, since, jackpots), rounds, players })) };
  }

  /**
   * Typo-tolerant search in the database: the folded query against the folded name, studio and
   * tags by trigram word similarity (`<%`, the GIN index games_search_idx), or contained in them.
   * A match on the name's start ranks first, then by similarity (the name's counting more).
   */
  async function search(q: string, limit = 20) {
    const folded = foldForSearch(q);
    if (folded.length === 0) return { items: [] };
    const since = newSince();
    const contains = `%${likeLiteral(folded)}%`;
    const starts = `${likeLiteral(folded)}%`;
    const rows = await db.transaction(async (tx) => {
      // A missing or swapped letter in a word of 8 keeps about half its trigrams: 0.6 (the default) misses those.
      await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', '0.45', true)`);
      return tx
        .select(summaryColumns)
        .from(games)
        .where(and(inPlay, sql`(${folded} <% ${games.searchText} or ${games.searchText} like ${contains})`))
        .orderBy(
          sql`(${games.searchName} like ${starts}) desc`,
          sql`greatest(word_similarity(${folded}, ${games.searchName}), 0.8 * word_similarity(${folded}, ${games.searchText})) desc`,
          asc(games.name),
        )
        .limit(limit);
    });
    const jackpots = await jackpotsByGame();
    return { items: rows.map((row) => summaryOf(row, since, jackpots)) };
  }

  /** One title in play, with its stakes; GAME_NOT_FOUND otherwise. */
  async function byId(gameId: string) {
    const [row] = await db
      .select({
        ...summaryColumns,
        stepsOre: games.stakeStepsOre,
        defaultOre: games.defaultStakeOre,
        unitOre: games.stakeUnitOre,
        maxCallOre: games.maxCallOre,
        maxRoundOre: games.maxRoundOre,
      })
      .from(games)
      .where(and(eq(games.id, gameId), inPlay))
      .limit(1);
    if (!row) throw fail('GAME_NOT_FOUND');
    const { stepsOre, defaultOre, unitOre, maxCallOre, maxRoundOre, ...summary } = row;
    return {
      ...summaryOf(summary, newSince(), await jackpotsByGame()),
      stake: {
        minOre: summary.minStakeOre,
        maxOre: summary.maxStakeOre,
        stepsOre: stepsOre.map(Number),
        defaultOre,
        unitOre,
        maxCallOre,
        maxRoundOre,
      },
    };
  }

  /** Summaries of the titles named, in play or not (favourites, recent, history keep their order). */
  async function summaries(ids: string[], { inPlayOnly = true } = {}): Promise<Map<string, GameSummary>> {
    if (ids.length === 0) return new Map();
    const since = newSince();
    const rows = await db
      .select(summaryColumns)
      .from(games)
      .where(and(inArray(games.id, [...new Set(ids)]), inPlayOnly ? inPlay : undefined));
    const jackpots = await jackpotsByGame();
    return new Map(rows.map((row) => [row.id, summaryOf(row, since, jackpots)]));
  }

  /** The Danish names of the titles named (withdrawn ones too): the transactions list's game column. */
  async function names(ids: string[]): Promise<Map<string, string>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await db.select({ id: games.id, name: games.name }).from(games).where(inArray(games.id, unique));
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  /** A launch's check: the title exists, is in play, and is the provider's. */
  async function assertPlayable(gameId: string, providerId: string) {
    const [row] = await db
      .select({ providerId: games.providerId })
      .from(games)
      .where(and(eq(games.id, gameId), inPlay))
      .limit(1);
    if (!row || row.providerId !== providerId) throw fail('GAME_NOT_FOUND');
  }

  // A title's stake rule never changes while the process runs but by a sync (which clears this):
  // a bet asks for it without a database round trip.
  const stakeRules = new Map<string, StakeRule>();

  async function stakeRuleOf(gameId: string): Promise<StakeRule> {
    const known = stakeRules.get(gameId);
    if (known) return known;
    const [row] = await db
      .select({ steps: games.stakeStepsOre, unitOre: games.stakeUnitOre, maxCallOre: games.maxCallOre, maxRoundOre: games.maxRoundOre })
      .from(games)
      .where(eq(games.id, gameId))
      .limit(1);
    if (!row) throw fail('GAME_NOT_FOUND');
    const rule: StakeRule =
      row.unitOre !== null && row.maxCallOre !== null && row.maxRoundOre !== null
        ? { kind: 'table', unitOre: row.unitOre, maxCallOre: row.maxCallOre, maxRoundOre: row.maxRoundOre }
        : { kind: 'steps', stepsOre: row.steps.map(Number) };
    stakeRules.set(gameId, rule);
    return rule;
  }

  /**
   * A bet's check before its round is read (GAME_STAKE_NOT_ALLOWED): the stake alone, as if it
   * opened its round (`stakeAllowed`). A bet into a round already open is checked again with the
   * round's standing stakes under the round's lock (round-money.ts `stakeIn`).
   */
  async function assertStakeAllowed(gameId: string, amountOre: number) {
    if (!stakeAllowed(await stakeRuleOf(gameId), amountOre)) throw fail('GAME_STAKE_NOT_ALLOWED');
  }

  return {
    list,
    facets,
    lobby,
    best,
    search,
    byId,
    summaries,
    names,
    gameTypes: (ids: string[], runner: Pick<Db, 'select'> = db) => gameTypesOf(ids, runner),
    assertPlayable,
    assertStakeAllowed,
    stakeRuleOf,
    forgetStakes: () => stakeRules.clear(),
    /** The jackpot feeds are read again at the next list (after the pools' sync). */
    forgetJackpotFeeds: titleJackpots.forget,
  };
}

export type Catalogue = ReturnType<typeof createCatalogue>;
