import { and, arrayContains, asc, desc, eq, gt, gte, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { fail } from '../shared/errors.js';
import { foldForSearch } from './catalogue-sync.js';
import { gameRounds, games } from './schema.js';

export const VOLATILITIES = ['low', 'medium', 'high', 'very-high'] as const;
export const FEATURES = ['wild', 'scatter', 'free-spins', 'retrigger', 'multiplier'] as const;
export const CATALOGUE_SORTS = ['newest', 'popular', 'name', 'rtp'] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];

/** What kind of game a title is (the catalogue's `game_type`); an open bonus's wagering weighs stakes by it. */
export const GAME_TYPES = ['slot', 'table', 'live'] as const;
export type GameType = (typeof GAME_TYPES)[number];

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
};

type SummaryRow = { [K in keyof typeof summaryColumns]: (typeof summaryColumns)[K]['_']['data'] };
export type GameSummary = SummaryRow & { isNew: boolean };

export interface CatalogueQuery {
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
export function createCatalogue({ db, clock }: { db: Db; clock: () => Date }) {
  /** The first day a title counts as new (Copenhagen days are close enough for a badge: UTC dates). */
  const newSince = () => new Date(clock().getTime() - NEW_GAME_DAYS * DAY_MS).toISOString().slice(0, 10);
  const summaryOf = (row: SummaryRow, since = newSince()): GameSummary => ({ ...row, isNew: row.releaseDate >= since });
  const inPlay = isNull(games.withdrawnAt);

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
    const filters: SQL[] = [inPlay];
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
    return {
      items: rows.map(({ total: _total, ...row }) => summaryOf(row, since)),
      page,
      pageSize,
      total,
      lastPage: Math.max(1, Math.ceil(total / pageSize)),
      facets: await facets(),
    };
  }

  async function count(filters: SQL[]) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(games)
      .where(and(...filters));
    return row?.n ?? 0;
  }

  /** What the filters may choose from: the studios, volatilities and features of the titles in play. */
  async function facets() {
    const [row] = await db
      .select({
        studios: sql<string[]>`coalesce(array_agg(distinct ${games.studio}), '{}')`,
        volatilities: sql<string[]>`coalesce(array_agg(distinct ${games.volatility}), '{}')`,
        features: sql<
          string[]
        >`coalesce((select array_agg(distinct f) from games g2, unnest(g2.features) f where g2.withdrawn_at is null), '{}')`,
      })
      .from(games)
      .where(inPlay);
    const present = (all: readonly string[], some: string[] | undefined) => all.filter((value) => (some ?? []).includes(value));
    return {
      studios: [...(row?.studios ?? [])].sort((a, b) => a.localeCompare(b, 'da')),
      volatilities: present(VOLATILITIES, row?.volatilities) as (typeof VOLATILITIES)[number][],
      features: present(FEATURES, row?.features) as (typeof FEATURES)[number][],
    };
  }

  /**
   * The lobby: the newest, the most played of the last 7 days, and each studio's newest. The popular
   * row holds only titles with rounds in the window (by rounds, then players, then the newest), so
   * it is empty on a casino nobody has played at yet, and the storefront leaves it out: a row
   * called popular that is really the newest, or the highest RTP, would tell players something untrue.
   */
  async function lobby() {
    const since = newSince();
    const popular = played(popularSince());
    const [newest, mostPlayed, perStudio, [{ total } = { total: 0 }]] = await Promise.all([
      db.select(summaryColumns).from(games).where(inPlay).orderBy(desc(games.releaseDate), asc(games.id)).limit(LOBBY_ROW),
      db
        .select(summaryColumns)
        .from(popular)
        .innerJoin(games, eq(games.id, popular.gameId))
        .where(inPlay)
        .orderBy(desc(popular.rounds), desc(popular.players), desc(games.releaseDate), asc(games.id))
        .limit(LOBBY_ROW),
      (() => {
        const ranked = db
          .select({
            ...summaryColumns,
            rank: sql<number>`row_number() over (partition by ${games.studio} order by ${games.releaseDate} desc, ${games.id})`.as('rank'),
          })
          .from(games)
          .where(inPlay)
          .as('ranked');
        return db
          .select()
          .from(ranked)
          .where(sql`${ranked.rank} <= ${LOBBY_ROW}`);
      })(),
      db
        .select({ total: sql<number>`count(*)::int` })
        .from(games)
        .where(inPlay),
    ]);
    const byStudio = new Map<string, GameSummary[]>();
    for (const { rank: _rank, ...row } of perStudio) {
      const summary = summaryOf(row as SummaryRow, since);
      byStudio.set(row.studio, [...(byStudio.get(row.studio) ?? []), summary]);
    }
    const newestFirst = (a: GameSummary, b: GameSummary) =>
      a.releaseDate === b.releaseDate ? (a.id < b.id ? -1 : 1) : a.releaseDate < b.releaseDate ? 1 : -1;
    return {
      newest: newest.map((row) => summaryOf(row, since)),
      popular: mostPlayed.map((row) => summaryOf(row, since)),
      byStudio: [...byStudio.entries()]
        .sort(([a], [b]) => a.localeCompare(b, 'da'))
        .map(([studio, list]) => ({ studio, games: list.sort(newestFirst) })),
      total,
    };
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
    return { items: rows.map(({ rounds, players, ...row }) => ({ ...summaryOf(row, since), rounds, players })) };
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
    return { items: rows.map((row) => summaryOf(row, since)) };
  }

  /** One title in play, with its stakes; GAME_NOT_FOUND otherwise. */
  async function byId(gameId: string) {
    const [row] = await db
      .select({ ...summaryColumns, stepsOre: games.stakeStepsOre, defaultOre: games.defaultStakeOre })
      .from(games)
      .where(and(eq(games.id, gameId), inPlay))
      .limit(1);
    if (!row) throw fail('GAME_NOT_FOUND');
    const { stepsOre, defaultOre, ...summary } = row;
    return {
      ...summaryOf(summary),
      stake: { minOre: summary.minStakeOre, maxOre: summary.maxStakeOre, stepsOre: stepsOre.map(Number), defaultOre },
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
    return new Map(rows.map((row) => [row.id, summaryOf(row, since)]));
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

  // A title's stake steps never change while the process runs but by a sync (which clears this):
  // a bet asks for them without a database round trip.
  const steps = new Map<string, readonly number[]>();

  /** A bet's check: the amount is one of the session's title's stake steps (GAME_STAKE_NOT_ALLOWED). */
  async function assertStakeAllowed(gameId: string, amountOre: number) {
    let allowed = steps.get(gameId);
    if (!allowed) {
      const [row] = await db.select({ steps: games.stakeStepsOre }).from(games).where(eq(games.id, gameId)).limit(1);
      if (!row) throw fail('GAME_NOT_FOUND');
      allowed = row.steps.map(Number);
      steps.set(gameId, allowed);
    }
    if (!allowed.includes(amountOre)) throw fail('GAME_STAKE_NOT_ALLOWED');
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
    forgetStakes: () => steps.clear(),
  };
}

export type Catalogue = ReturnType<typeof createCatalogue>;
