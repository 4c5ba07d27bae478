/**
 * The addresses of the game lists, in Danish, and the platform queries they stand for. Pure (no
 * I/O), shared by the pages, their API handlers and the unit tests.
 *
 *   /alle-spil?spiludvikler=Krone+Studio&volatilitet=hoej&funktion=gratisspins&sorter=populaere&side=2
 *   /spilleautomater/soeg?q=vikinger
 *   /min-konto/spilhistorik?periode=valgt&fra=2026-11-01&til=2026-11-20&spil=vikingernes-guld&side=2
 */

import type { TableCategoryId } from './table-games';

export const CATALOGUE_PATH = '/alle-spil';
export const SEARCH_PATH = '/spilleautomater/soeg';
export const HISTORY_PATH = '/min-konto/spilhistorik';
export const CATALOGUE_PAGE_SIZE = 24;
/** A page number beyond this is no list a person pages to; it falls back to page 1. */
const MAX_PAGE = 1_000;

export const VOLATILITY_PARAMS = { lav: 'low', mellem: 'medium', hoej: 'high', 'meget-hoej': 'very-high' } as const;
export const FEATURE_PARAMS = {
  wild: 'wild',
  scatter: 'scatter',
  gratisspins: 'free-spins',
  genudloesning: 'retrigger',
  multiplikator: 'multiplier',
} as const;
export const SORT_PARAMS = { nyeste: 'newest', populaere: 'popular', navn: 'name', rtp: 'rtp' } as const;

export type VolatilityParam = keyof typeof VOLATILITY_PARAMS;
export type FeatureParam = keyof typeof FEATURE_PARAMS;
export type SortParam = keyof typeof SORT_PARAMS;
export type Volatility = (typeof VOLATILITY_PARAMS)[VolatilityParam];
export type Feature = (typeof FEATURE_PARAMS)[FeatureParam];
export type Sort = (typeof SORT_PARAMS)[SortParam];

type Search = Record<string, string | string[] | undefined>;

/** One value of a query parameter (the first when repeated), trimmed and bounded. */
export function one(search: Search, name: string, max = 80): string {
  const value = search[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first.trim().slice(0, max) : '';
}

function pageOf(search: Search): number {
  const page = Number(one(search, 'side', 6));
  return Number.isSafeInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1;
}

const keyOf = <T extends Record<string, string>>(table: T, value: string): keyof T | '' => (Object.hasOwn(table, value) ? value : '');
/** The Danish parameter of a platform value (the facets come in the platform's words). */
export const paramOf = <T extends Record<string, string>>(table: T, value: string): keyof T | undefined =>
  (Object.keys(table) as (keyof T)[]).find((key) => table[key] === value);

export interface CatalogueQuery {
  studio: string;
  volatility: VolatilityParam | '';
  feature: FeatureParam | '';
  sort: SortParam;
  page: number;
}

/** /alle-spil's query from its address; anything unknown falls back to "all" (newest first, page 1). */
export function readCatalogueQuery(search: Search): CatalogueQuery {
  return {
    studio: one(search, 'spiludvikler', 60),
    volatility: keyOf(VOLATILITY_PARAMS, one(search, 'volatilitet')),
    feature: keyOf(FEATURE_PARAMS, one(search, 'funktion')),
    sort: keyOf(SORT_PARAMS, one(search, 'sorter')) || 'nyeste',
    page: pageOf(search),
  };
}

/** The address of /alle-spil with some of its query changed (page 1 unless told); defaults left out. */
export function catalogueHref(query: CatalogueQuery, change: Partial<CatalogueQuery> = {}): string {
  const next = { ...query, page: 1, ...change };
  const params = new URLSearchParams();
  if (next.studio) params.set('spiludvikler', next.studio);
  if (next.volatility) params.set('volatilitet', next.volatility);
  if (next.feature) params.set('funktion', next.feature);
  if (next.sort !== 'nyeste') params.set('sorter', next.sort);
  if (next.page > 1) params.set('side', String(next.page));
  const search = params.toString();
  return search ? `${CATALOGUE_PATH}?${search}` : CATALOGUE_PATH;
}

/** The platform's catalogue query for /alle-spil (GET /Games/catalogue). */
export function catalogueRequest(query: CatalogueQuery) {
  return {
    page: query.page,
    pageSize: CATALOGUE_PAGE_SIZE,
    sort: SORT_PARAMS[query.sort],
    ...(query.studio ? { studio: query.studio } : {}),
    ...(query.volatility ? { volatility: VOLATILITY_PARAMS[query.volatility] } : {}),
    ...(query.feature ? { feature: FEATURE_PARAMS[query.feature] } : {}),
  };
}

/**
 * The table titles a table page asks for, all on one page (six today; the platform pages at most
 * 100): the table kind only (issue 24: `type=table`, the slot lists never see them), one category
 * when given, by name (the lobby groups them in the categories' order).
 */
export const TABLE_LIST_SIZE = 100;
export function tableCatalogueRequest(category?: TableCategoryId) {
  return { page: 1, pageSize: TABLE_LIST_SIZE, sort: 'name' as const, type: 'table' as const, ...(category ? { category } : {}) };
}

export const SEARCH_MIN_CHARS = 2;
export const SEARCH_MAX_CHARS = 60;
export const SEARCH_LIMIT = 24;

/**
 * What a player typed, as the search asks it: spaces collapsed, at most 60 characters, control
 * characters dropped. Empty when shorter than 2 characters (no search is made).
 */
export function searchTerm(raw: string | null | undefined): string {
  const cleaned = (raw ?? '')
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, SEARCH_MAX_CHARS)
    .trim();
  return [...cleaned].length >= SEARCH_MIN_CHARS ? cleaned : '';
}

export const searchHref = (term: string) => (term ? `${SEARCH_PATH}?q=${encodeURIComponent(term)}` : SEARCH_PATH);

/** The game history's periods: the last 24 hours, 7, 30 or 90 days, or two chosen dates. */
export const HISTORY_PERIODS = { '24t': 1, '7d': 7, '30d': 30, '90d': 90, valgt: 0 } as const;
export type HistoryPeriod = keyof typeof HISTORY_PERIODS;
export const HISTORY_DAYS = 90;
export const HISTORY_PAGE_SIZE = 20;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const GAME_ID = /^[a-z0-9][a-z0-9-]{1,79}$/;

export interface HistoryQuery {
  period: HistoryPeriod;
  from: string;
  to: string;
  gameId: string;
  page: number;
}

/** The game history's query from its address; the last 30 days of every game unless told. */
export function readHistoryQuery(search: Search): HistoryQuery {
  const period = one(search, 'periode');
  const from = one(search, 'fra', 10);
  const to = one(search, 'til', 10);
  const gameId = one(search, 'spil');
  return {
    period: Object.hasOwn(HISTORY_PERIODS, period) ? (period as HistoryPeriod) : '30d',
    from: ISO_DATE.test(from) ? from : '',
    to: ISO_DATE.test(to) ? to : '',
    gameId: GAME_ID.test(gameId) ? gameId : '',
    page: pageOf(search),
  };
}

export function historyHref(query: HistoryQuery, change: Partial<HistoryQuery> = {}): string {
  const next = { ...query, page: 1, ...change };
  const params = new URLSearchParams();
  if (next.period !== '30d') params.set('periode', next.period);
  if (next.period === 'valgt') {
    if (next.from) params.set('fra', next.from);
    if (next.to) params.set('til', next.to);
  }
  if (next.gameId) params.set('spil', next.gameId);
  if (next.page > 1) params.set('side', String(next.page));
  const search = params.toString();
  return search ? `${HISTORY_PATH}?${search}` : HISTORY_PATH;
}

const DAY_MS = 86_400_000;

/**
 * The platform's history query for the address (GET /Games/history): a preset period counts back
 * from now; chosen dates are Copenhagen days, both included (the platform reads a date so).
 */
export function historyRequest(query: HistoryQuery, now: Date) {
  const base = { page: query.page, pageSize: HISTORY_PAGE_SIZE, ...(query.gameId ? { gameId: query.gameId } : {}) };
  if (query.period === 'valgt') {
    if (!query.from) return { ...base, from: new Date(now.getTime() - 30 * DAY_MS).toISOString() };
    return { ...base, from: query.from, ...(query.to ? { to: query.to } : {}) };
  }
  return { ...base, from: new Date(now.getTime() - HISTORY_PERIODS[query.period] * DAY_MS).toISOString() };
}
