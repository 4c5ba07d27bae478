import 'server-only';
import { cache } from 'react';
import { getSystemConfig, getTranslator } from './content';
import { catalogueRequest, SEARCH_LIMIT, tableCatalogueRequest, type CatalogueQuery } from './games-query';
import { platform, platformNoStore } from './platform';
import type { PlatformData } from './platform-types';
import { launchKind, readTableCategories, TABLE_CATEGORY_PAGES, type TableCategoryId } from './table-games';
import { loadAnyGameRules } from './studio';

/**
 * The storefront's loaders of the platform's games catalogue (`/Games/*`, apps/platform/src/games),
 * through the generated client. Public lists (lobby, catalogue, best, search, one title) are cached
 * like content (`platform`: CONTENT_REVALIDATE_SECONDS, tag 'content'); a player's favourites,
 * recently played and history never are (`platformNoStore`).
 */

export type Lobby = PlatformData<'/Games/lobby', 'get'>;
export type CataloguePage = PlatformData<'/Games/catalogue', 'get'>;
export type BestGame = PlatformData<'/Games/best', 'get'>['items'][number];
export type RecentGame = PlatformData<'/Games/recent/{sessionId}', 'get'>['items'][number];
export type HistoryPage = PlatformData<'/Games/history/{sessionId}', 'get'>;
export type HistoryRound = HistoryPage['items'][number];

/** A loader's answer: the data, or the status and code the platform refused with; never throws. */
export type Answer<T> = { ok: true; data: T } | { ok: false; status: number; code: string };

/** A platform call as a loader answers it (lib/live.ts shares it). */
export async function platformAnswer<T>(call: Promise<{ data?: { data: T }; error?: unknown; response: Response }>): Promise<Answer<T>> {
  try {
    const { data, error, response } = await call;
    if (data) return { ok: true, data: data.data };
    return { ok: false, status: response.status, code: (error as { code?: string } | undefined)?.code ?? 'SERVER_ERROR' };
  } catch {
    return { ok: false, status: 502, code: 'SERVER_ERROR' };
  }
}

const answer = platformAnswer;
const session = (sessionId: string) => ({ path: { sessionId } });

/** The lobby's rows: newest, most played in 7 days, and a row per studio. */
export const loadLobby = cache(() => answer(platform.GET('/Games/lobby')));

/** One page of /alle-spil, with the filters' choices (facets). */
export const loadCatalogue = (query: CatalogueQuery) =>
  answer(platform.GET('/Games/catalogue', { params: { query: catalogueRequest(query) } }));

/** The newest titles, 24 a page (/spilleautomater/nye-spil). */
export const loadNewest = (page: number) =>
  answer(platform.GET('/Games/catalogue', { params: { query: { page, pageSize: 24, sort: 'newest', newOnly: 'true' } } }));

/** The table titles (issue 24), of one category or all (/bordspil and its category pages). */
export const loadTableCatalogue = (category?: TableCategoryId) =>
  answer(platform.GET('/Games/catalogue', { params: { query: tableCatalogueRequest(category) } }));

/** The categories of the system config `BordspilCategory` in their order; this build's three when it has none. */
export const loadTableCategories = cache(async () => {
  const [t, value] = await Promise.all([getTranslator(), getSystemConfig('BordspilCategory').catch(() => undefined)]);
  return readTableCategories(value, (id: TableCategoryId) => t(TABLE_CATEGORY_PAGES[id].key));
});

/** The most played titles of the last 7 days, from real rounds (/bedste-spil). */
export const loadBest = () => answer(platform.GET('/Games/best', { params: { query: { days: 7, limit: 24 } } }));

/** Titles matching what a player typed (the platform's trigram search: typo-tolerant, Danish). */
export const searchGames = (term: string, limit = SEARCH_LIMIT) =>
  answer(platform.GET('/Games/search', { params: { query: { q: term, limit } } }));

/** One title (the artwork route's input). */
export const loadGame = (gameId: string) => answer(platform.GET('/Games/catalogue/{gameId}', { params: { path: { gameId } } }));

/**
 * Whether a title plays on the table screen, the slot's or the live casino's (/mobilspil/{slug},
 * issues 24 and 25): the catalogue's kind, or the studio rules' when the catalogue does not answer
 * (lib/table-games.ts launchKind).
 */
export async function loadLaunchKind(gameId: string): Promise<'table' | 'slot' | 'live'> {
  const game = await loadGame(gameId);
  if (game.ok) return launchKind(game.data);
  const rules = await loadAnyGameRules(gameId);
  return launchKind(null, rules.ok ? rules.data.kind : undefined);
}

export const loadFavourites = (token: string) => answer(platformNoStore.GET('/Games/favourites/{sessionId}', { params: session(token) }));

export const setFavourite = (token: string, gameId: string, favourite: boolean) => {
  const params = { path: { sessionId: token, gameId } };
  return answer(
    favourite
      ? platformNoStore.PUT('/Games/favourites/{sessionId}/{gameId}', { params })
      : platformNoStore.DELETE('/Games/favourites/{sessionId}/{gameId}', { params }),
  );
};

export const loadRecent = (token: string, limit = 12) =>
  answer(platformNoStore.GET('/Games/recent/{sessionId}', { params: { ...session(token), query: { limit } } }));

export const loadHistory = (token: string, query: { from?: string; to?: string; gameId?: string; page: number; pageSize: number }) =>
  answer(platformNoStore.GET('/Games/history/{sessionId}', { params: { ...session(token), query } }));
