import { and, asc, count, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { fail } from '../shared/errors.js';
import type { MenuItemShape } from './contracts.js';
import {
  campaigns,
  contentPages,
  landingPages,
  mainContents,
  menuItems,
  news,
  seoEntries,
  siteDocuments,
  systemConfigs,
  translations,
} from './schema.js';

export { CONTENT_KINDS, createContentEditing, EDITABLE_DOCUMENTS, type ContentEditing, type ContentKind } from './editing.js';
export { createStorefrontRevalidation } from './revalidate.js';

export type Dictionary = Record<string, Record<string, string>>;
export type SiteDocumentKey = 'images' | 'layouts' | 'footer' | 'themes' | 'site_info';

/** A menu entry with its children, the shape the menu call answers (contracts.ts). */
export type MenuNode = MenuItemShape;

const TRANSLATION_CACHE_MS = 30_000;

/**
 * The content context: everything the storefront shows that an editor changes. Reads here;
 * the back office's editing (drafts, publishing, revisions) is in editing.ts.
 */
export function createContentService(db: Db, clock: () => Date = () => new Date()) {
  let translationCache: { at: number; value: Dictionary } | undefined;
  let loadingTranslations: Promise<Dictionary> | null = null;

  function loadTranslations(): Promise<Dictionary> {
    // One load at a time, whoever asks meanwhile waits for it (a flood of refusals is one query).
    return (loadingTranslations ??= (async () => {
      const rows = await db.select().from(translations).orderBy(asc(translations.group), asc(translations.key));
      const dictionary: Dictionary = {};
      for (const row of rows) (dictionary[row.group] ??= {})[row.key] = row.value;
      translationCache = { at: Date.now(), value: dictionary };
      return dictionary;
    })().finally(() => {
      loadingTranslations = null;
    }));
  }

  /**
   * The dictionary, kept TRANSLATION_CACHE_MS; once older it is still answered while a fresh one
   * loads in the background, so a refusal's message (a 429, a 503 of a saturated database) never
   * waits on the database, and a failed load keeps the last one.
   */
  async function getTranslations(): Promise<Dictionary> {
    if (!translationCache) return loadTranslations();
    if (Date.now() - translationCache.at >= TRANSLATION_CACHE_MS) loadTranslations().catch(() => undefined);
    return translationCache.value;
  }

  /** `group.key` to its Danish text; the key itself when missing, so a gap is visible, not fatal. */
  async function translate(messageKey: string): Promise<string> {
    const [group, key] = messageKey.split('.', 2) as [string, string];
    const dictionary = await getTranslations();
    return dictionary[group]?.[key] ?? messageKey;
  }

  async function getPublicSystemConfig(name: string) {
    const [row] = await db.select().from(systemConfigs).where(eq(systemConfigs.name, name)).limit(1);
    if (!row || !row.isPublic) throw fail('CONFIG_NOT_FOUND');
    return row;
  }

  async function getDocument<T = unknown>(key: SiteDocumentKey): Promise<T> {
    const [row] = await db.select().from(siteDocuments).where(eq(siteDocuments.key, key)).limit(1);
    if (!row) throw fail('DOCUMENT_NOT_FOUND');
    return row.data as T;
  }

  async function getMenu(): Promise<MenuNode[]> {
    const rows = await db.select().from(menuItems).orderBy(asc(menuItems.position), asc(menuItems.id));
    const byId = new Map<number, MenuNode>();
    for (const row of rows) {
      byId.set(row.id, {
        id: row.id,
        slug: row.slug,
        textMenu: row.textMenu,
        text: row.text,
        icon: row.icon,
        target: row.target,
        authRequired: row.authRequired,
        showAuthRequired: row.showAuthRequired,
        showOnDevice: row.showOnDevice,
        position: row.position,
        child: [],
      });
    }
    const roots: MenuNode[] = [];
    for (const row of rows) {
      const node = byId.get(row.id)!;
      const parent = row.parentId == null ? undefined : byId.get(row.parentId);
      (parent ? parent.child : roots).push(node);
    }
    return roots;
  }

  /**
   * The menu for one visitor: a guest sees only entries that need no login; a player sees the
   * login-only entries too, but not those hidden once logged in (showAuthRequired false).
   */
  async function getNavigation(options: { loggedIn: boolean }): Promise<MenuNode[]> {
    const keep = (node: MenuNode): boolean => (options.loggedIn ? node.showAuthRequired : !node.authRequired);
    const filter = (nodes: MenuNode[]): MenuNode[] => nodes.filter(keep).map((node) => ({ ...node, child: filter(node.child) }));
    return filter(await getMenu());
  }

  async function getSeo(slug: string) {
    const [row] = await db.select().from(seoEntries).where(eq(seoEntries.slug, slug)).limit(1);
    if (row) return { ...row, fallback: false };
    const [home] = await db.select().from(seoEntries).where(eq(seoEntries.slug, 'seo_home')).limit(1);
    if (!home) throw fail('SEO_NOT_FOUND');
    return { ...home, slug, fallback: true };
  }

  const publishedNews = () => and(eq(news.status, 'published'), isNull(news.deleteDate), lte(news.publicDate, clock()));

  async function listNews(options: { pageSize: number; currentPage: number; onlyListed: boolean }) {
    const where = options.onlyListed ? and(publishedNews(), eq(news.showArticleInNewsList, true)) : publishedNews();
    const [{ total }] = (await db.select({ total: count() }).from(news).where(where)) as [{ total: number }];
    const lastPage = Math.max(1, Math.ceil(total / options.pageSize));
    const currentPage = Math.min(options.currentPage, lastPage);
    const rows = await db
      .select({
        newsId: news.newsId,
        newsSlug: news.slug,
        title: news.title,
        subLine: news.subLine,
        image: news.image,
        status: news.status,
        showArticleInNewsList: news.showArticleInNewsList,
        createDate: news.createDate,
        publicDate: news.publicDate,
      })
      .from(news)
      .where(where)
      .orderBy(desc(news.publicDate), desc(news.newsId))
      .limit(options.pageSize)
      .offset((currentPage - 1) * options.pageSize);
    return { data: rows, currentPage, lastPage, pageSize: options.pageSize, totalRecords: total };
  }

  async function getNews(identifier: { slug?: string; newsId?: number }) {
    const match = identifier.slug != null ? eq(news.slug, identifier.slug) : eq(news.newsId, identifier.newsId ?? -1);
    const [row] = await db.select().from(news).where(and(match, publishedNews())).limit(1);
    if (!row) throw fail('NEWS_NOT_FOUND');
    const { slug, ...rest } = row;
    return { ...rest, newsSlug: slug };
  }

  const publishedCampaigns = () => and(eq(campaigns.status, 'published'), lte(campaigns.startsAt, clock()));

  async function listCampaigns() {
    return db
      .select({
        campaignId: campaigns.campaignId,
        slug: campaigns.slug,
        title: campaigns.title,
        subLine: campaigns.subLine,
        image: campaigns.image,
        category: campaigns.category,
        ctaText: campaigns.ctaText,
        ctaUrl: campaigns.ctaUrl,
        startsAt: campaigns.startsAt,
        endsAt: campaigns.endsAt,
        // Running campaigns first, then those ended, most recent first.
        active: sql<boolean>`${campaigns.endsAt} > ${clock()}`.mapWith(Boolean),
      })
      .from(campaigns)
      .where(publishedCampaigns())
      .orderBy(sql`${campaigns.endsAt} > ${clock()} desc`, desc(campaigns.startsAt));
  }

  async function getCampaign(slug: string) {
    const [row] = await db
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.slug, slug), publishedCampaigns()))
      .limit(1);
    if (!row) throw fail('CAMPAIGN_NOT_FOUND');
    return { ...row, active: row.endsAt > clock() };
  }

  /**
   * Whether a player can open the campaign page of this slug (published and begun): a bonus code
   * names its campaign, and the offers list links there, so a draft's slug would be a broken link.
   */
  async function campaignExists(slug: string, runner: Pick<Db, 'select'> = db) {
    const [row] = await runner
      .select({ slug: campaigns.slug })
      .from(campaigns)
      .where(and(eq(campaigns.slug, slug), publishedCampaigns()))
      .limit(1);
    return row !== undefined;
  }

  async function listLandingPages() {
    return db
      .select({
        landingType: landingPages.landingType,
        landingById: landingPages.landingById,
        title: landingPages.title,
        heroText: landingPages.heroText,
        heroImage: landingPages.heroImage,
      })
      .from(landingPages)
      .where(eq(landingPages.status, 'published'))
      .orderBy(asc(landingPages.landingType), asc(landingPages.landingById));
  }

  async function getLandingPage(landingType: string, landingById: string) {
    const [row] = await db
      .select()
      .from(landingPages)
      .where(
        and(eq(landingPages.landingType, landingType), eq(landingPages.landingById, landingById), eq(landingPages.status, 'published')),
      )
      .limit(1);
    if (!row) throw fail('LANDING_PAGE_NOT_FOUND');
    return row;
  }

  async function getPage(slug: string) {
    const [row] = await db
      .select()
      .from(contentPages)
      .where(and(eq(contentPages.slug, slug), eq(contentPages.status, 'published')))
      .limit(1);
    if (!row) throw fail('PAGE_NOT_FOUND');
    return row;
  }

  async function getMainContent(name: string) {
    const [row] = await db.select().from(mainContents).where(eq(mainContents.name, name)).limit(1);
    if (!row) throw fail('CONTENT_NOT_FOUND');
    return { name: row.name, data: row.data, updatedAt: row.updatedAt };
  }

  /** Forgets the cached dictionary: the next read loads what an editor has just published. */
  function forget() {
    translationCache = undefined;
  }

  return {
    forget,
    getTranslations,
    translate,
    getPublicSystemConfig,
    getDocument,
    getMenu,
    getNavigation,
    getSeo,
    listNews,
    getNews,
    listCampaigns,
    getCampaign,
    campaignExists,
    listLandingPages,
    getLandingPage,
    getPage,
    getMainContent,
  };
}

export type ContentService = ReturnType<typeof createContentService>;
