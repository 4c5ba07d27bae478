import 'server-only';
import { cache } from 'react';
import type { GameSummary } from './game-types';
import { catalogueRequest, SEARCH_LIMIT, type CatalogueQuery } from './games-query';
import { env } from './env';
import { clientIp } from './forwarding';
import { headers } from 'next/headers';

export type { GameSummary } from './game-types';

/**
 * The storefront's one door to the platform's games catalogue (`/Games/*`, apps/platform/src/games).
 * Public lists (lobby, catalogue, best, search, one title) are cached like content, for
 * `CONTENT_REVALIDATE_SECONDS` and under the tags 'content' and 'games'; a player's favourites,
 * recently played and history never are.
 */

export interface Lobby {
  newest: GameSummary[];
  popular: GameSummary[];
  byStudio: { studio: string; games: GameSummary[] }[];
  total: number;
}
export interface CataloguePage {
  items: GameSummary[];
  page: number;
  pageSize: number;
  total: number;
  lastPage: number;
  facets: { studios: string[]; volatilities: string[]; features: string[] };
}
export type BestGame = GameSummary & { rounds: number; players: number };
export type RecentGame = GameSummary & { lastPlayedAt: string };
export interface HistoryRound {
  roundId: string;
  gameId: string;
  gameName: string;
  startedAt: string;
  endedAt: string | null;
  stakeOre: number;
  winOre: number;
  balanceAfterOre: number | null;
  mode: string;
}
export interface HistoryPage {
  items: HistoryRound[];
  page: number;
  pageSize: number;
  total: number;
  lastPage: number;
}

export type Answer<T> = { ok: true; data: T } | { ok: false; status: number; code: string };

type Query = Record<string, string | number | boolean | undefined>;

function urlOf(path: string, query: Query = {}): string {
  const url = new URL(path, env.platformUrl);
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') url.searchParams.set(name, String(value));
  return url.toString();
}

/** One call to the platform's games API, its `{result, data}` answer unwrapped; never throws. */
async function call<T>(method: string, path: string, query: Query, personal: boolean): Promise<Answer<T>> {
  try {
    // A personal call carries the visitor's address for the platform's per-address limits (as lib/platform.ts does).
    const address = personal ? clientIp(await headers()) : null;
    const response = await fetch(
      new Request(urlOf(path, query), { method, headers: address ? { 'X-Forwarded-For': address } : {} }),
      personal ? { cache: 'no-store' } : ({ next: { revalidate: env.revalidateSeconds, tags: ['content', 'games'] } } as RequestInit),
    );
    const body = (await response.json().catch(() => null)) as { result?: number; data?: T; code?: string } | null;
    if (response.ok && body?.result === 1 && body.data !== undefined) return { ok: true, data: body.data };
    return { ok: false, status: response.status, code: body?.code ?? 'SERVER_ERROR' };
  } catch {
    return { ok: false, status: 502, code: 'SERVER_ERROR' };
  }
}

const session = (token: string) => encodeURIComponent(token);

/** The lobby's rows: newest, most played in 7 days, and a row per studio. */
export const loadLobby = cache(() => call<Lobby>('GET', '/Games/lobby', {}, false));

/** One page of /alle-spil, with the filters' choices (facets). */
export const loadCatalogue = (query: CatalogueQuery) => call<CataloguePage>('GET', '/Games/catalogue', catalogueRequest(query), false);

/** The newest titles, 24 a page (/spilleautomater/nye-spil): the catalogue sorted by release date. */
export const loadNewest = (page: number) =>
  call<CataloguePage>('GET', '/Games/catalogue', { page, pageSize: 24, sort: 'newest', newOnly: true }, false);

/** The most played titles of the last 7 days, from real rounds (/bedste-spil). */
export const loadBest = () => call<{ items: BestGame[] }>('GET', '/Games/best', { days: 7, limit: 24 }, false);

/** Titles matching what a player typed (the platform's trigram search: typo-tolerant, Danish). */
export const searchGames = (term: string, limit = SEARCH_LIMIT) =>
  call<{ items: GameSummary[] }>('GET', '/Games/search', { q: term, limit }, false);

export const loadFavourites = (token: string) => call<{ items: GameSummary[] }>('GET', `/Games/favourites/${session(token)}`, {}, true);

export const setFavourite = (token: string, gameId: string, favourite: boolean) =>
  call<unknown>(favourite ? 'PUT' : 'DELETE', `/Games/favourites/${session(token)}/${encodeURIComponent(gameId)}`, {}, true);

export const loadRecent = (token: string, limit = 12) =>
  call<{ items: RecentGame[] }>('GET', `/Games/recent/${session(token)}`, { limit }, true);

export const loadGame = (gameId: string) => call<GameSummary>('GET', `/Games/catalogue/${encodeURIComponent(gameId)}`, {}, false);

export const loadHistory = (token: string, query: { from?: string; to?: string; gameId?: string; page: number; pageSize: number }) =>
  call<HistoryPage>('GET', `/Games/history/${session(token)}`, query, true);
