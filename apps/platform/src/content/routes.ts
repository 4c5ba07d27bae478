import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, ok } from '../shared/http.js';
import { plain } from '../shared/plain.js';
import {
  campaignDetail,
  campaignSummary,
  configQuery,
  contentPage,
  dictionary,
  jsonDocument,
  landingDetail,
  landingParams,
  landingSummary,
  mainContent,
  mainContentQuery,
  menuItem,
  navigationBody,
  newsDetail,
  newsDetailQuery,
  newsList,
  newsListQuery,
  seoItem,
  seoQuery,
  slugParam,
  systemConfigItem,
} from './contracts.js';
import type { ContentEditing } from './editing.js';
import type { ContentService, SiteDocumentKey } from './service.js';

const tags = ['content'];
const errors = { 400: errorBody, 404: errorBody };

export const contentRoutes: FastifyPluginAsyncZod<{ content: ContentService; editing: ContentEditing }> = async (
  app,
  { content, editing },
) => {
  app.get(
    '/CMScasino/systemConfigByName',
    {
      schema: {
        tags,
        operationId: 'getSystemConfigByName',
        summary: 'One public system configuration by name',
        querystring: configQuery,
        response: { 200: ok(systemConfigItem), ...errors },
      },
    },
    async (request) => ({ result: 1 as const, data: await content.getPublicSystemConfig(request.query.name) }),
  );

  app.get(
    '/CMScasino/translations',
    {
      schema: { tags, operationId: 'getTranslations', summary: 'The Danish dictionary, by group', response: { 200: ok(dictionary) } },
    },
    async () => ({ result: 1 as const, data: await content.getTranslations() }),
  );

  const documents: [string, SiteDocumentKey, string][] = [
    ['/CMScasino/images', 'images', 'getImages'],
    ['/CMScasino/layouts', 'layouts', 'getLayouts'],
    ['/CMScasino/footer', 'footer', 'getFooter'],
    ['/CMScasino/themes', 'themes', 'getThemes'],
    ['/CMScasino/siteInfo', 'site_info', 'getSiteInfo'],
  ];
  for (const [url, key, operationId] of documents) {
    app.get(
      url,
      { schema: { tags, operationId, summary: `The ${key} document`, response: { 200: ok(jsonDocument), ...errors } } },
      async () => ({ result: 1 as const, data: await content.getDocument<Record<string, unknown>>(key) }),
    );
  }

  app.get(
    '/CMScasino/menu',
    { schema: { tags, operationId: 'getMenu', summary: 'The whole menu tree', response: { 200: ok(z.array(menuItem)) } } },
    async () => ({ result: 1 as const, data: await content.getMenu() }),
  );

  app.post(
    '/CMScasino/navigation',
    {
      schema: {
        tags,
        operationId: 'getNavigation',
        summary: 'The menu filtered for a guest or a logged-in player',
        body: navigationBody,
        response: { 200: ok(z.array(menuItem)), ...errors },
      },
    },
    async (request) => ({ result: 1 as const, data: await content.getNavigation({ loggedIn: request.body.isAdmin }) }),
  );

  app.get(
    '/CMScasino/seo',
    {
      schema: {
        tags,
        operationId: 'getSeo',
        summary: 'SEO fields for a slug, falling back to seo_home',
        querystring: seoQuery,
        response: { 200: ok(seoItem), ...errors },
      },
    },
    async (request) => ({ result: 1 as const, data: await content.getSeo(request.query.slug) }),
  );

  app.get(
    '/CMScasino/news',
    {
      schema: {
        tags,
        operationId: 'listNews',
        summary: 'Published news, newest first, paginated',
        querystring: newsListQuery,
        response: { 200: newsList, ...errors },
      },
    },
    async (request) => {
      const page = await content.listNews({
        pageSize: request.query.PageSize,
        currentPage: request.query.CurrentPage,
        onlyListed: request.query.showArticleInNewsList,
      });
      return { result: 1 as const, ...page, data: plain(page.data) };
    },
  );

  app.get(
    '/CMScasino/news/detail',
    {
      schema: {
        tags,
        operationId: 'getNews',
        summary: 'One published news item by slug or id',
        querystring: newsDetailQuery,
        response: { 200: ok(newsDetail), ...errors },
      },
    },
    async (request) => ({ result: 1 as const, data: plain(await content.getNews(request.query)) }),
  );

  app.get(
    '/CMScasino/campaigns',
    {
      schema: {
        tags,
        operationId: 'listCampaigns',
        summary: 'Published campaigns, running first',
        response: { 200: ok(z.array(campaignSummary)) },
      },
    },
    async () => ({ result: 1 as const, data: plain(await content.listCampaigns()) }),
  );

  app.get(
    '/CMScasino/campaigns/:slug',
    {
      schema: {
        tags,
        operationId: 'getCampaign',
        summary: 'One published campaign',
        params: slugParam,
        response: { 200: ok(campaignDetail), ...errors },
      },
    },
    async (request) => ({ result: 1 as const, data: plain(await content.getCampaign(request.params.slug)) }),
  );

  app.get(
    '/CMScasino/landing-pages',
    {
      schema: { tags, operationId: 'listLandingPages', summary: 'Published landing pages', response: { 200: ok(z.array(landingSummary)) } },
    },
    async () => ({ result: 1 as const, data: await content.listLandingPages() }),
  );

  app.get(
    '/CMScasino/landing-pages/:landingType/:landingById',
    {
      schema: {
        tags,
        operationId: 'getLandingPage',
        summary: 'One published landing page',
        params: landingParams,
        response: { 200: ok(landingDetail), ...errors },
      },
    },
    async (request) => ({
      result: 1 as const,
      data: await content.getLandingPage(request.params.landingType, request.params.landingById),
    }),
  );

  app.get(
    '/CMScasino/pages/:slug',
    {
      schema: {
        tags,
        operationId: 'getPage',
        summary: 'One published custom content page',
        params: slugParam,
        response: { 200: ok(contentPage), ...errors },
      },
    },
    async (request) => ({ result: 1 as const, data: plain(await content.getPage(request.params.slug)) }),
  );

  app.get(
    '/CMScasino/main-content',
    {
      schema: {
        tags,
        operationId: 'getMainContent',
        summary: 'A named content block (for example the start page sections)',
        querystring: mainContentQuery,
        response: { 200: ok(mainContent), ...errors },
      },
    },
    async (request) => ({ result: 1 as const, data: plain(await content.getMainContent(request.query.name)) }),
  );

  app.get(
    '/CMScasino/preview/:token',
    {
      schema: {
        tags,
        operationId: 'getContentPreview',
        summary:
          'An editor’s draft (a page or a news item) by its preview token, for the storefront’s preview page; 404 once the token has lapsed',
        params: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/) }),
        response: { 200: ok(z.object({ kind: z.string(), key: z.string(), data: z.record(z.string(), z.unknown()) })), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const found = await editing.preview(request.params.token);
      return { result: 1 as const, data: { kind: found.kind, key: found.key, data: found.data as Record<string, unknown> } };
    },
  );
};
