import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const translations = pgTable(
  'translations',
  {
    group: text('group').notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.group, t.key] })],
);

export const systemConfigs = pgTable('system_configs', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  type: text('type').notNull(),
  value: jsonb('value').notNull(),
  isPublic: boolean('is_public').notNull().default(true),
});

/** Site-wide structured documents edited as a whole: images, layouts, footer, themes. */
export const siteDocuments = pgTable('site_documents', {
  key: text('key').primaryKey(),
  data: jsonb('data').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const menuItems = pgTable(
  'menu_items',
  {
    id: integer('id').primaryKey(),
    parentId: integer('parent_id'),
    slug: text('slug').notNull(),
    textMenu: text('text_menu').notNull(),
    text: text('text').notNull(),
    icon: text('icon').notNull().default(''),
    target: text('target').notNull().default('_self'),
    authRequired: boolean('auth_required').notNull().default(false),
    showAuthRequired: boolean('show_auth_required').notNull().default(true),
    showOnDevice: jsonb('show_on_device').$type<Record<string, boolean>>().notNull(),
    position: integer('position').notNull(),
  },
  (t) => [index('menu_items_parent_idx').on(t.parentId, t.position)],
);

export const seoEntries = pgTable('seo_entries', {
  slug: text('slug').primaryKey(),
  metaTitle: text('meta_title').notNull(),
  metaDescription: text('meta_description').notNull(),
  metaKeyWords: text('meta_keywords').notNull().default(''),
  metaRobot: text('meta_robot').notNull().default('index,follow'),
  siteName: text('site_name').notNull(),
  siteUrl: text('site_url').notNull(),
  ogtitle: text('og_title').notNull(),
  ogdescription: text('og_description').notNull(),
  ogimage: text('og_image').notNull(),
});

export const news = pgTable(
  'news',
  {
    newsId: integer('news_id').primaryKey(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    subLine: text('sub_line').notNull(),
    image: text('image').notNull(),
    status: text('status').notNull(),
    showArticleInNewsList: boolean('show_in_list').notNull().default(true),
    body: text('body').notNull(),
    showDateTime: boolean('show_date_time').notNull().default(true),
    createdBy: text('created_by').notNull(),
    createDate: timestamp('created_at', { withTimezone: true }).notNull(),
    publicDate: timestamp('public_at', { withTimezone: true }).notNull(),
    updatedDate: timestamp('updated_at', { withTimezone: true }),
    updatedBy: text('updated_by'),
    deleteDate: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('news_slug_idx').on(t.slug),
    index('news_listing_idx')
      .on(t.status, t.publicDate.desc())
      .where(sql`${t.deleteDate} is null`),
  ],
);

export const campaigns = pgTable(
  'campaigns',
  {
    campaignId: integer('campaign_id').primaryKey(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    subLine: text('sub_line').notNull(),
    image: text('image').notNull(),
    body: text('body').notNull(),
    terms: text('terms').notNull(),
    category: text('category').notNull(),
    ctaText: text('cta_text').notNull(),
    ctaUrl: text('cta_url').notNull(),
    status: text('status').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('campaigns_slug_idx').on(t.slug)],
);

export const landingPages = pgTable(
  'landing_pages',
  {
    landingType: text('landing_type').notNull(),
    landingById: text('landing_id').notNull(),
    title: text('title').notNull(),
    heroText: text('hero_text').notNull(),
    heroImage: text('hero_image').notNull(),
    bullets: jsonb('bullets').$type<string[]>().notNull(),
    ctaText: text('cta_text').notNull(),
    ctaUrl: text('cta_url').notNull(),
    body: text('body').notNull(),
    terms: text('terms').notNull(),
    status: text('status').notNull(),
  },
  (t) => [primaryKey({ columns: [t.landingType, t.landingById] })],
);

export const contentPages = pgTable('content_pages', {
  slug: text('slug').primaryKey(),
  title: text('title').notNull(),
  metaDescription: text('meta_description').notNull().default(''),
  body: text('body').notNull(),
  status: text('status').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Named content blocks for the main-content call (home page sections and the like). */
export const mainContents = pgTable('main_contents', {
  name: text('name').primaryKey(),
  data: jsonb('data').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Which seed data set has been loaded, so a restart does not load it twice. */
export const contentSeeds = pgTable('content_seeds', {
  version: text('version').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An editor's unpublished change of one item (content/editing.ts; migration 0039), one per item:
 * saved again, it replaces itself. Its preview token (only the hash kept) lets the storefront's
 * preview page show it until `preview_expires_at`.
 */
export const contentDrafts = pgTable(
  'content_drafts',
  {
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    data: jsonb('data').notNull(),
    previewTokenHash: text('preview_token_hash').notNull(),
    previewExpiresAt: timestamp('preview_expires_at', { withTimezone: true }).notNull(),
    updatedBy: uuid('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.key] }), uniqueIndex('content_drafts_preview_key').on(t.previewTokenHash)],
);

/**
 * Every published change (migration 0039), append-only: what was made live and what it replaced,
 * by whom, when and why. A revert publishes `previous` again as a new revision; a new seed of the
 * demo content is followed by the newest revision of each item (content/editing.ts `replay`).
 */
export const contentRevisions = pgTable(
  'content_revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    data: jsonb('data').notNull(),
    previous: jsonb('previous'),
    publishedBy: uuid('published_by').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    reason: text('reason').notNull(),
  },
  (t) => [index('content_revisions_item_idx').on(t.kind, t.key, t.publishedAt)],
);
