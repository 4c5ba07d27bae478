import { z } from 'zod';
import { isoDateTime } from '../shared/http.js';

const slug = z
  .string()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug');

export const slugParam = z.object({ slug });
export const seoQuery = z.object({ slug: z.string().min(1).max(200) });
export const configQuery = z.object({
  name: z
    .string()
    .min(1)
    .max(80)
    .regex(/^[A-Za-z0-9_]+$/),
});
export const mainContentQuery = z.object({
  name: z
    .string()
    .min(1)
    .max(80)
    .regex(/^[a-z0-9_-]+$/),
});
export const landingParams = z.object({ landingType: slug, landingById: slug });

export const navigationBody = z.object({
  active: z.boolean().default(true),
  /** True only when the asking storefront has verified a player session. */
  isAdmin: z.boolean().default(false),
});

const positiveInt = (max: number) => z.coerce.number().int().min(1).max(max);
export const newsListQuery = z.object({
  PageSize: positiveInt(50).default(10),
  CurrentPage: positiveInt(10_000).default(1),
  showArticleInNewsList: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  status: z.literal('published').default('published'),
});
export const newsDetailQuery = z
  .object({ slug: slug.optional(), newsId: z.coerce.number().int().min(1).optional() })
  .refine((value) => value.slug != null || value.newsId != null, 'slug or newsId');

export const dictionary = z.record(z.string(), z.record(z.string(), z.string()));
export const jsonDocument = z.record(z.string(), z.unknown());

export const systemConfigItem = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  value: z.unknown(),
  isPublic: z.boolean(),
});

export interface MenuItemShape {
  id: number;
  slug: string;
  textMenu: string;
  text: string;
  icon: string;
  target: string;
  authRequired: boolean;
  showAuthRequired: boolean;
  showOnDevice: Record<string, boolean>;
  position: number;
  child: MenuItemShape[];
}
export const menuItem: z.ZodType<MenuItemShape> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    slug: z.string(),
    textMenu: z.string(),
    text: z.string(),
    icon: z.string(),
    target: z.string(),
    authRequired: z.boolean(),
    showAuthRequired: z.boolean(),
    showOnDevice: z.record(z.string(), z.boolean()),
    position: z.number().int(),
    child: z.array(menuItem),
  }),
);
// Registered by id so the OpenAPI document carries the recursive shape as a named component.
z.globalRegistry.add(menuItem, { id: 'MenuItem' });

export const seoItem = z.object({
  slug: z.string(),
  metaTitle: z.string(),
  metaDescription: z.string(),
  metaKeyWords: z.string(),
  metaRobot: z.string(),
  siteName: z.string(),
  siteUrl: z.string(),
  ogtitle: z.string(),
  ogdescription: z.string(),
  ogimage: z.string(),
  fallback: z.boolean(),
});

const newsSummaryShape = {
  newsId: z.number().int(),
  newsSlug: z.string(),
  title: z.string(),
  subLine: z.string(),
  image: z.string(),
  status: z.string(),
  showArticleInNewsList: z.boolean(),
  createDate: isoDateTime,
  publicDate: isoDateTime,
};
export const newsSummary = z.object(newsSummaryShape);
export const newsList = z.object({
  result: z.literal(1),
  data: z.array(newsSummary),
  currentPage: z.number().int(),
  lastPage: z.number().int(),
  pageSize: z.number().int(),
  totalRecords: z.number().int(),
});
export const newsDetail = z.object({
  ...newsSummaryShape,
  body: z.string(),
  showDateTime: z.boolean(),
  createdBy: z.string(),
  updatedDate: isoDateTime.nullable(),
  updatedBy: z.string().nullable(),
  deleteDate: isoDateTime.nullable(),
});

const campaignSummaryShape = {
  campaignId: z.number().int(),
  slug: z.string(),
  title: z.string(),
  subLine: z.string(),
  image: z.string(),
  category: z.string(),
  ctaText: z.string(),
  ctaUrl: z.string(),
  startsAt: isoDateTime,
  endsAt: isoDateTime,
  active: z.boolean(),
};
export const campaignSummary = z.object(campaignSummaryShape);
export const campaignDetail = z.object({ ...campaignSummaryShape, body: z.string(), terms: z.string(), status: z.string() });

const landingSummaryShape = {
  landingType: z.string(),
  landingById: z.string(),
  title: z.string(),
  heroText: z.string(),
  heroImage: z.string(),
};
export const landingSummary = z.object(landingSummaryShape);
export const landingDetail = z.object({
  ...landingSummaryShape,
  bullets: z.array(z.string()),
  ctaText: z.string(),
  ctaUrl: z.string(),
  body: z.string(),
  terms: z.string(),
  status: z.string(),
});

export const contentPage = z.object({
  slug: z.string(),
  title: z.string(),
  metaDescription: z.string(),
  body: z.string(),
  status: z.string(),
  updatedAt: isoDateTime,
});

export const mainContent = z.object({ name: z.string(), data: z.unknown(), updatedAt: isoDateTime });
