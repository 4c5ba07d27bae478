import 'server-only';
import { cache } from 'react';
import { isPhysicalCasinoPath, physicalCasinoSite } from '../edge/physical-casino';
import { BUILT_ROUTE_PREFIXES, builtMenu, type ServedElsewhere } from './built-routes';
import { createDictionarySource } from './dictionary-fallback';
import { env } from './env';
import { createTranslator, type Dictionary } from './i18n';
import { rebaseImages, toStoreImageUrl } from './images';
import { platform } from './platform';
import type { components, paths } from './platform-api';
import type { PlatformOk } from './platform-types';

export type MenuItem = components['schemas']['MenuItem'];
type Ok<P extends keyof paths, M extends 'get' | 'post'> = PlatformOk<P, M>;
export type NewsListAnswer = Ok<'/CMScasino/news', 'get'>;
export type NewsDetail = Ok<'/CMScasino/news/detail', 'get'>['data'];
export type CampaignSummary = Ok<'/CMScasino/campaigns', 'get'>['data'][number];
export type CampaignDetail = Ok<'/CMScasino/campaigns/{slug}', 'get'>['data'];
export type LandingSummary = Ok<'/CMScasino/landing-pages', 'get'>['data'][number];
export type LandingDetail = Ok<'/CMScasino/landing-pages/{landingType}/{landingById}', 'get'>['data'];
export type ContentPage = Ok<'/CMScasino/pages/{slug}', 'get'>['data'];
export type SeoItem = Ok<'/CMScasino/seo', 'get'>['data'];

/** A platform answer that is not there: the caller decides between a 404 and a quiet default. */
export class ContentMissing extends Error {
  constructor(
    readonly status: number,
    what: string,
  ) {
    super(`${what}: ${status}`);
  }
}

function unwrap<T>(what: string, answer: { data?: T; error?: unknown; response: Response }): T {
  if (answer.data === undefined) throw new ContentMissing(answer.response.status, what);
  return answer.data;
}

export const imageUrl = (url: string | null | undefined) => toStoreImageUrl(url, env.contentImageBase, env.storeImageBase);
const rebase = <T>(value: T): T => rebaseImages(value, env.contentImageBase, env.storeImageBase);

/** The platform's dictionary, or when that call fails the last one it gave or the build's own (spec §8: ignored). */
const dictionarySource = createDictionarySource(
  async () => unwrap('translations', await platform.GET('/CMScasino/translations')).data,
  env.brandName,
);

export const getTranslations = cache(async (): Promise<Dictionary> => (await dictionarySource()).dictionary);

export const getTranslator = cache(async () => createTranslator(await getTranslations()));

export const getDocument = cache(
  async (name: 'images' | 'layouts' | 'footer' | 'themes' | 'siteInfo'): Promise<Record<string, unknown>> => {
    return rebase(unwrap(name, await platform.GET(`/CMScasino/${name}`)).data);
  },
);

export const getSystemConfig = cache(async <T = unknown>(name: string): Promise<T | undefined> => {
  const answer = await platform.GET('/CMScasino/systemConfigByName', { params: { query: { name } } });
  return answer.data?.data.value as T | undefined;
});

/**
 * The menu, without entries whose page this build does not have yet (lib/built-routes.ts): every
 * menu the storefront shows or answers comes through here or getNavigation.
 */
/** The physical casino's pages in the menu: shown while its site is configured (PHYSICAL_CASINO_URL). */
const physicalCasino: ServedElsewhere = { matches: isPhysicalCasinoPath, configured: physicalCasinoSite() !== undefined };

export const getMenu = cache(async (): Promise<MenuItem[]> =>
  builtMenu(unwrap('menu', await platform.GET('/CMScasino/menu')).data, BUILT_ROUTE_PREFIXES, physicalCasino),
);

export const getNavigation = cache(async (loggedIn: boolean): Promise<MenuItem[]> => {
  const answer = await platform.POST('/CMScasino/navigation', { body: { active: true, isAdmin: loggedIn } });
  return builtMenu(unwrap('navigation', answer).data, BUILT_ROUTE_PREFIXES, physicalCasino);
});

export const getSeo = cache(async (slug: string): Promise<SeoItem> => {
  return rebase(unwrap('seo', await platform.GET('/CMScasino/seo', { params: { query: { slug } } })).data);
});

export async function getNewsList(query: { PageSize: number; CurrentPage: number; showArticleInNewsList?: 'true' | 'false' }) {
  const answer = await platform.GET('/CMScasino/news', {
    params: { query: { showArticleInNewsList: 'true', status: 'published', ...query } },
  });
  const page = unwrap('news', answer);
  return { ...page, data: page.data.map((item) => ({ ...item, image: imageUrl(item.image) })) };
}

export const getNews = cache(async (slug: string): Promise<NewsDetail> => {
  const item = unwrap('news-detail', await platform.GET('/CMScasino/news/detail', { params: { query: { slug } } })).data;
  return { ...item, image: imageUrl(item.image) };
});

export const getCampaigns = cache(async (): Promise<CampaignSummary[]> => {
  return rebase(unwrap('campaigns', await platform.GET('/CMScasino/campaigns')).data);
});

export const getCampaign = cache(async (slug: string): Promise<CampaignDetail> => {
  return rebase(unwrap('campaign', await platform.GET('/CMScasino/campaigns/{slug}', { params: { path: { slug } } })).data);
});

export const getLandingPages = cache(async (): Promise<LandingSummary[]> => {
  return rebase(unwrap('landing-pages', await platform.GET('/CMScasino/landing-pages')).data);
});

export const getLandingPage = cache(async (landingType: string, landingById: string): Promise<LandingDetail> => {
  const answer = await platform.GET('/CMScasino/landing-pages/{landingType}/{landingById}', {
    params: { path: { landingType, landingById } },
  });
  return rebase(unwrap('landing-page', answer).data);
});

export const getPage = cache(async (slug: string): Promise<ContentPage> => {
  return rebase(unwrap('page', await platform.GET('/CMScasino/pages/{slug}', { params: { path: { slug } } })).data);
});

export const getMainContent = cache(async <T = unknown>(name: string): Promise<T> => {
  const answer = await platform.GET('/CMScasino/main-content', { params: { query: { name } } });
  return rebase(unwrap('main-content', answer).data.data) as T;
});

/** A slug the platform would accept; anything else is a 404 without asking it. */
export const isSlug = (value: string) => /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value) && value.length <= 120;
