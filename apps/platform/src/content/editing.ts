import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { fail } from '../shared/errors.js';
import {
  campaigns,
  contentDrafts,
  contentPages,
  contentRevisions,
  landingPages,
  menuItems,
  news,
  seoEntries,
  siteDocuments,
  systemConfigs,
  translations,
} from './schema.js';

type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

/** What an editor may change, by kind (docs/backoffice.md, "Content"). */
export const CONTENT_KINDS = ['page', 'news', 'campaign', 'landing', 'seo', 'menu', 'translations', 'config', 'document'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
/** The site documents an editor edits as a whole (their shape kept: see `sameShape`). */
export const EDITABLE_DOCUMENTS = ['footer', 'images', 'layouts', 'themes'] as const;
const PREVIEW_MINUTES = 60;
/**
 * Settings that are protections or security, not content: the age limits, the CPR check at login,
 * MobilePay login, 3-D Secure, uploads, payment methods, phone numbers' rules, the wagering
 * reminder and the tag manager (scripts on every page). They are not editable here.
 */
export const PROTECTED_CONFIGS: readonly string[] = [
  'minAge',
  'minmaxAgePopup',
  'verifycpr_loginnoacc',
  'settingMobilePay',
  '3DS_settings',
  'optionUploadFile',
  'payment_methods',
  'mobileProviders',
  'wageringTimePopup',
  'tag_manager',
];

const slug = z
  .string()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
/** An address the storefront loads or links to: https only, to a real host name (no script, data or plain http). */
const httpsUrl = z.url({ protocol: /^https$/, hostname: z.regexes.domain }).max(500);
const text = (max: number) => z.string().trim().min(1).max(max);
const html = z.string().trim().min(1).max(100_000);

const pageData = z.object({
  title: text(200),
  metaDescription: z.string().trim().max(300),
  body: html,
  status: z.enum(['published', 'draft']),
});
const newsData = z.object({
  title: text(200),
  subLine: text(400),
  image: httpsUrl,
  body: html,
  status: z.enum(['published', 'draft']),
  showArticleInNewsList: z.boolean(),
  showDateTime: z.boolean(),
  publicDate: z.iso.datetime({ offset: true }),
});
/** A link the storefront follows: a path of the site, or an https address. */
const link = z
  .string()
  .trim()
  .max(500)
  .regex(/^(\/[^\s]*|https:\/\/[^\s]+)$/);
const campaignData = z
  .object({
    title: text(200),
    subLine: text(400),
    image: httpsUrl,
    body: html,
    terms: html,
    category: text(60),
    ctaText: text(80),
    ctaUrl: link,
    status: z.enum(['published', 'draft']),
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }),
  })
  .refine((data) => new Date(data.startsAt) < new Date(data.endsAt), { path: ['endsAt'] });
const landingData = z.object({
  title: text(200),
  heroText: text(1000),
  heroImage: httpsUrl,
  bullets: z.array(text(300)).max(20),
  ctaText: text(80),
  ctaUrl: link,
  body: html,
  terms: html,
  status: z.enum(['published', 'draft']),
});
const seoData = z.object({
  metaTitle: text(200),
  metaDescription: text(400),
  metaKeyWords: z.string().trim().max(400),
  metaRobot: z.enum(['index,follow', 'noindex,follow', 'index,nofollow', 'noindex,nofollow']),
  siteName: text(120),
  siteUrl: httpsUrl,
  ogtitle: text(200),
  ogdescription: text(400),
  ogimage: httpsUrl,
});
const DEVICES = ['xs', 'sm', 'md', 'lg', 'xl', 'xxl'] as const;
const menuItem = z
  .object({
    id: z.number().int().positive(),
    parentId: z.number().int().positive().nullable(),
    slug: link,
    textMenu: z.string().regex(/^[a-z0-9_]{1,60}$/),
    text: text(60),
    icon: z.string().regex(/^[a-z0-9-]{0,40}$/),
    target: z.enum(['_self', '_blank']),
    authRequired: z.boolean(),
    showAuthRequired: z.boolean(),
    showOnDevice: z
      .object(Object.fromEntries(DEVICES.map((device) => [device, z.boolean()])) as Record<(typeof DEVICES)[number], z.ZodBoolean>)
      .strict(),
    position: z.number().int().min(0).max(1000),
  })
  .strict();
/** The whole menu, items flat with their parent: ids unique, each parent an item of the menu (top level: null), two levels at most. */
const menuData = z.object({ items: z.array(menuItem).min(1).max(100) }).refine(
  ({ items }) => {
    const ids = new Set(items.map((item) => item.id));
    const top = new Set(items.filter((item) => item.parentId === null).map((item) => item.id));
    return ids.size === items.length && items.every((item) => item.parentId === null || top.has(item.parentId));
  },
  { path: ['items'] },
);
/** A dictionary group's texts: only keys the group has (the code asks for them by name), each a non-empty text. */
const translationData = z.record(z.string().max(100), z.string().min(1).max(5000));
const configData = z.object({ value: z.unknown() });
const documentData = z.record(z.string(), z.unknown());

export type ContentEntry = { key: string; title: string; status: string | null; updatedAt: Date | null };

interface KindRules<T> {
  schema: z.ZodType<T>;
  /** Whether an editor may make a new one (a page, a news item) or only change what exists. */
  creatable: boolean;
  key: z.ZodType<string>;
  list(db: Tx): Promise<ContentEntry[]>;
  read(db: Tx, key: string): Promise<T | null>;
  /** Checks a change against what is live (a group's keys, a config's type, a document's shape); throws CONTENT_INVALID. */
  check?(live: T | null, data: T): void;
  write(tx: Tx, key: string, data: T, at: Date, by: string): Promise<void>;
  /** The storefront's path of a key, for "view on the site" and the preview. */
  path?(key: string): string;
  /** What a publish keeps of a change: by default the whole item; a dictionary group only the texts changed. */
  changed?(previous: T | null, data: T): { data: T; previous: T | null };
}

const invalid = (field: string) => fail('CONTENT_INVALID', { fields: { [field]: 'validation.staff_content_invalid' } });

/** Same keys and types all the way down (arrays: each element shaped like the live array's first). */
export function sameShape(live: unknown, next: unknown, at = 'data'): void {
  if (live === null || live === undefined) return;
  if (Array.isArray(live)) {
    if (!Array.isArray(next)) throw invalid(at);
    if (live.length > 0) next.forEach((item, index) => sameShape(live[0], item, `${at}[${index}]`));
    return;
  }
  if (typeof live === 'object') {
    if (typeof next !== 'object' || next === null || Array.isArray(next)) throw invalid(at);
    const liveKeys = Object.keys(live).sort();
    const nextKeys = Object.keys(next).sort();
    if (liveKeys.join('\u0000') !== nextKeys.join('\u0000')) throw invalid(at);
    for (const key of liveKeys) sameShape((live as Record<string, unknown>)[key], (next as Record<string, unknown>)[key], `${at}.${key}`);
    return;
  }
  if (typeof live !== typeof next) throw invalid(at);
}

const page: KindRules<z.infer<typeof pageData>> = {
  schema: pageData,
  creatable: true,
  key: slug,
  async list(db) {
    const rows = await db.select().from(contentPages).orderBy(asc(contentPages.slug));
    return rows.map((row) => ({ key: row.slug, title: row.title, status: row.status, updatedAt: row.updatedAt }));
  },
  async read(db, key) {
    const [row] = await db.select().from(contentPages).where(eq(contentPages.slug, key)).limit(1);
    return row
      ? { title: row.title, metaDescription: row.metaDescription, body: row.body, status: row.status as 'published' | 'draft' }
      : null;
  },
  async write(tx, key, data, at) {
    await tx
      .insert(contentPages)
      .values({ slug: key, ...data, updatedAt: at })
      .onConflictDoUpdate({ target: contentPages.slug, set: { ...data, updatedAt: at } });
  },
  path: (key) => `/contents/${key}`,
};

const newsItem: KindRules<z.infer<typeof newsData>> = {
  schema: newsData,
  creatable: true,
  key: slug,
  async list(db) {
    const rows = await db.select().from(news).orderBy(desc(news.publicDate));
    return rows
      .filter((row) => !row.deleteDate)
      .map((row) => ({ key: row.slug, title: row.title, status: row.status, updatedAt: row.updatedDate ?? row.createDate }));
  },
  async read(db, key) {
    const [row] = await db.select().from(news).where(eq(news.slug, key)).limit(1);
    if (!row || row.deleteDate) return null;
    return {
      title: row.title,
      subLine: row.subLine,
      image: row.image,
      body: row.body,
      status: row.status as 'published' | 'draft',
      showArticleInNewsList: row.showArticleInNewsList,
      showDateTime: row.showDateTime,
      publicDate: row.publicDate.toISOString(),
    };
  },
  async write(tx, key, data, at, by) {
    const values = { ...data, publicDate: new Date(data.publicDate) };
    const [row] = await tx.select({ newsId: news.newsId }).from(news).where(eq(news.slug, key)).limit(1);
    if (row) {
      await tx
        .update(news)
        .set({ ...values, updatedDate: at, updatedBy: by })
        .where(eq(news.newsId, row.newsId));
      return;
    }
    const [last] = await tx.select({ newsId: news.newsId }).from(news).orderBy(desc(news.newsId)).limit(1);
    await tx.insert(news).values({ newsId: (last?.newsId ?? 0) + 1, slug: key, ...values, createdBy: by, createDate: at });
  },
  path: (key) => `/nyheder/${key}`,
};

const campaign: KindRules<z.infer<typeof campaignData>> = {
  schema: campaignData,
  creatable: true,
  key: slug,
  async list(db) {
    const rows = await db.select().from(campaigns).orderBy(desc(campaigns.startsAt));
    return rows.map((row) => ({ key: row.slug, title: row.title, status: row.status, updatedAt: null }));
  },
  async read(db, key) {
    const [row] = await db.select().from(campaigns).where(eq(campaigns.slug, key)).limit(1);
    if (!row) return null;
    const { campaignId: _id, slug: _slug, ...data } = row;
    return {
      ...data,
      status: data.status as 'published' | 'draft',
      startsAt: data.startsAt.toISOString(),
      endsAt: data.endsAt.toISOString(),
    };
  },
  async write(tx, key, data) {
    const values = { ...data, startsAt: new Date(data.startsAt), endsAt: new Date(data.endsAt) };
    const [row] = await tx.select({ campaignId: campaigns.campaignId }).from(campaigns).where(eq(campaigns.slug, key)).limit(1);
    if (row) {
      await tx.update(campaigns).set(values).where(eq(campaigns.campaignId, row.campaignId));
      return;
    }
    const [last] = await tx.select({ campaignId: campaigns.campaignId }).from(campaigns).orderBy(desc(campaigns.campaignId)).limit(1);
    await tx.insert(campaigns).values({ campaignId: (last?.campaignId ?? 0) + 1, slug: key, ...values });
  },
  path: (key) => `/kampagner/${key}`,
};

/** A landing page's key: its type and id, `velkomst:velkomstbonus` (both slugs). */
const landingKey = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*:[a-z0-9]+(?:-[a-z0-9]+)*$/);
const landingParts = (key: string) => {
  const [landingType, landingById] = key.split(':') as [string, string];
  return { landingType, landingById };
};

const landing: KindRules<z.infer<typeof landingData>> = {
  schema: landingData,
  creatable: false,
  key: landingKey,
  async list(db) {
    const rows = await db.select().from(landingPages).orderBy(asc(landingPages.landingType), asc(landingPages.landingById));
    return rows.map((row) => ({ key: `${row.landingType}:${row.landingById}`, title: row.title, status: row.status, updatedAt: null }));
  },
  async read(db, key) {
    const { landingType, landingById } = landingParts(key);
    const [row] = await db
      .select()
      .from(landingPages)
      .where(and(eq(landingPages.landingType, landingType), eq(landingPages.landingById, landingById)))
      .limit(1);
    if (!row) return null;
    const { landingType: _type, landingById: _id, ...data } = row;
    return { ...data, status: data.status as 'published' | 'draft' };
  },
  async write(tx, key, data) {
    const { landingType, landingById } = landingParts(key);
    await tx
      .update(landingPages)
      .set(data)
      .where(and(eq(landingPages.landingType, landingType), eq(landingPages.landingById, landingById)));
  },
  path: (key) => `/lp/${key.replace(':', '/')}`,
};

const seo: KindRules<z.infer<typeof seoData>> = {
  schema: seoData,
  creatable: false,
  key: z.string().regex(/^[a-z0-9_-]{1,120}$/),
  async list(db) {
    const rows = await db.select().from(seoEntries).orderBy(asc(seoEntries.slug));
    return rows.map((row) => ({ key: row.slug, title: row.metaTitle, status: row.metaRobot, updatedAt: null }));
  },
  async read(db, key) {
    const [row] = await db.select().from(seoEntries).where(eq(seoEntries.slug, key)).limit(1);
    if (!row) return null;
    const { slug: _slug, ...data } = row;
    return { ...data, metaRobot: data.metaRobot as z.infer<typeof seoData>['metaRobot'] };
  },
  async write(tx, key, data) {
    await tx.update(seoEntries).set(data).where(eq(seoEntries.slug, key));
  },
};

/** The site's menu as one item (`main`): its items flat, each with its parent; written whole. */
const menu: KindRules<z.infer<typeof menuData>> = {
  schema: menuData,
  creatable: false,
  key: z.literal('main'),
  async list(db) {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(menuItems);
    return [{ key: 'main', title: `Menu (${row?.n ?? 0})`, status: null, updatedAt: null }];
  },
  async read(db) {
    const rows = await db.select().from(menuItems).orderBy(asc(menuItems.parentId), asc(menuItems.position), asc(menuItems.id));
    return rows.length === 0 ? null : ({ items: rows } as z.infer<typeof menuData>);
  },
  async write(tx, _key, data) {
    await tx.delete(menuItems);
    await tx.insert(menuItems).values(data.items);
  },
};

const translationGroup: KindRules<Record<string, string>> = {
  schema: translationData,
  creatable: false,
  key: z.string().regex(/^[a-z_]{1,60}$/),
  async list(db) {
    const rows = await db.select({ group: translations.group }).from(translations).orderBy(asc(translations.group));
    const groups = [...new Set(rows.map((row) => row.group))];
    return groups.map((group) => ({ key: group, title: group, status: null, updatedAt: null }));
  },
  async read(db, key) {
    const rows = await db.select().from(translations).where(eq(translations.group, key)).orderBy(asc(translations.key));
    return rows.length === 0 ? null : Object.fromEntries(rows.map((row) => [row.key, row.value]));
  },
  check(live, data) {
    for (const key of Object.keys(data)) if (!live || !(key in live)) throw invalid(key);
  },
  changed(previous, data) {
    const keys = Object.keys(data).filter((key) => previous?.[key] !== data[key]);
    return {
      data: Object.fromEntries(keys.map((key) => [key, data[key]!])),
      previous: Object.fromEntries(keys.map((key) => [key, previous?.[key] ?? ''])),
    };
  },
  // Only the texts given are written: keys the code adds later (a new seed) stay as seeded.
  async write(tx, key, data) {
    for (const [name, value] of Object.entries(data)) {
      await tx
        .insert(translations)
        .values({ group: key, key: name, value })
        .onConflictDoUpdate({ target: [translations.group, translations.key], set: { value } });
    }
  },
};

const config: KindRules<z.infer<typeof configData>> = {
  schema: configData,
  creatable: false,
  key: z
    .string()
    .regex(/^[A-Za-z0-9_]{1,80}$/)
    .refine((name) => !PROTECTED_CONFIGS.includes(name)),
  async list(db) {
    const rows = await db.select().from(systemConfigs).orderBy(asc(systemConfigs.name));
    return rows
      .filter((row) => !PROTECTED_CONFIGS.includes(row.name))
      .map((row) => ({ key: row.name, title: row.name, status: row.type, updatedAt: null }));
  },
  async read(db, key) {
    const [row] = await db.select().from(systemConfigs).where(eq(systemConfigs.name, key)).limit(1);
    return row ? { value: row.value } : null;
  },
  check(live, data) {
    if (data.value === undefined || data.value === null) throw invalid('value');
    sameShape(live?.value, data.value, 'value');
  },
  async write(tx, key, data) {
    await tx.update(systemConfigs).set({ value: data.value }).where(eq(systemConfigs.name, key));
  },
};

const document: KindRules<Record<string, unknown>> = {
  schema: documentData,
  creatable: false,
  key: z.enum(EDITABLE_DOCUMENTS),
  async list(db) {
    const rows = await db.select().from(siteDocuments).orderBy(asc(siteDocuments.key));
    return rows
      .filter((row) => (EDITABLE_DOCUMENTS as readonly string[]).includes(row.key))
      .map((row) => ({ key: row.key, title: row.key, status: null, updatedAt: row.updatedAt }));
  },
  async read(db, key) {
    const [row] = await db.select().from(siteDocuments).where(eq(siteDocuments.key, key)).limit(1);
    return row ? (row.data as Record<string, unknown>) : null;
  },
  check(live, data) {
    sameShape(live, data);
  },
  async write(tx, key, data, at) {
    await tx.update(siteDocuments).set({ data, updatedAt: at }).where(eq(siteDocuments.key, key));
  },
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each kind's own data type, checked by its schema
const KINDS: Record<ContentKind, KindRules<any>> = {
  page,
  news: newsItem,
  campaign,
  landing,
  seo,
  menu,
  translations: translationGroup,
  config,
  document,
};

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Editing the storefront's content (issue 29), the content context's side: drafts, a preview
 * link for the storefront, publishing (the change made live and kept as a revision with what it
 * replaced) and reverting a revision. The staff context checks who may and writes the trail in the
 * same transaction; the storefront's cache is revalidated after (content/revalidate.ts).
 */
export function createContentEditing(deps: { db: Db; clock: () => Date }) {
  const { db, clock } = deps;

  function rulesOf(kind: string, key: string) {
    const rules = KINDS[kind as ContentKind];
    if (!rules || !rules.key.safeParse(key).success) throw fail('CONTENT_NOT_FOUND');
    return rules;
  }

  async function list(kind: ContentKind) {
    const [entries, drafts] = await Promise.all([
      KINDS[kind].list(db),
      db.select({ key: contentDrafts.key, updatedAt: contentDrafts.updatedAt }).from(contentDrafts).where(eq(contentDrafts.kind, kind)),
    ]);
    const drafted = new Map(drafts.map((row) => [row.key, row.updatedAt]));
    const known = new Set(entries.map((entry) => entry.key));
    // A draft of a new page or news item is listed before it is ever published.
    const fresh = drafts
      .filter((row) => !known.has(row.key))
      .map((row) => ({ key: row.key, title: row.key, status: null, updatedAt: row.updatedAt }));
    return [...fresh, ...entries].map((entry) => ({ ...entry, draftAt: drafted.get(entry.key) ?? null }));
  }

  async function item(kind: string, key: string) {
    const rules = rulesOf(kind, key);
    const [live, [draft], revisions] = await Promise.all([
      rules.read(db, key),
      db
        .select()
        .from(contentDrafts)
        .where(and(eq(contentDrafts.kind, kind), eq(contentDrafts.key, key)))
        .limit(1),
      db
        .select()
        .from(contentRevisions)
        .where(and(eq(contentRevisions.kind, kind), eq(contentRevisions.key, key)))
        .orderBy(desc(contentRevisions.publishedAt))
        .limit(50),
    ]);
    if (live === null && !draft) {
      if (!rules.creatable) throw fail('CONTENT_NOT_FOUND');
    }
    return {
      kind: kind as ContentKind,
      key,
      live,
      draft: draft ?? null,
      revisions,
      path: rules.path?.(key) ?? null,
      creatable: rules.creatable,
    };
  }

  /** Checks an editor's data for the kind against what is live: the data as its schema parsed it. */
  async function validated(kind: string, key: string, data: unknown, runner: Tx = db) {
    const rules = rulesOf(kind, key);
    const parsed = rules.schema.safeParse(data);
    if (!parsed.success) {
      const field = String(parsed.error.issues[0]?.path[0] ?? 'data');
      throw invalid(field);
    }
    const live = await rules.read(runner, key);
    if (live === null && !rules.creatable) throw fail('CONTENT_NOT_FOUND');
    rules.check?.(live, parsed.data);
    return parsed.data as unknown;
  }

  /** Saves the draft (one per item, replaced by the next save); answers a fresh preview token for the storefront. */
  async function saveDraft(kind: string, key: string, data: unknown, staffId: string) {
    const clean = await validated(kind, key, data);
    const token = randomBytes(24).toString('base64url');
    const now = clock();
    const values = {
      kind,
      key,
      data: clean,
      previewTokenHash: tokenHash(token),
      previewExpiresAt: new Date(now.getTime() + PREVIEW_MINUTES * 60_000),
      updatedBy: staffId,
      updatedAt: now,
    };
    await db
      .insert(contentDrafts)
      .values(values)
      .onConflictDoUpdate({ target: [contentDrafts.kind, contentDrafts.key], set: values });
    return { previewToken: token, previewExpiresAt: values.previewExpiresAt };
  }

  async function discardDraft(kind: string, key: string) {
    rulesOf(kind, key);
    await db.delete(contentDrafts).where(and(eq(contentDrafts.kind, kind), eq(contentDrafts.key, key)));
  }

  /** The draft a preview token names, while the token lasts: what the storefront's preview page shows. */
  async function preview(token: string) {
    const [row] = await db
      .select()
      .from(contentDrafts)
      .where(and(eq(contentDrafts.previewTokenHash, tokenHash(token)), gt(contentDrafts.previewExpiresAt, clock())))
      .limit(1);
    if (!row) throw fail('CONTENT_NOT_FOUND');
    return { kind: row.kind as ContentKind, key: row.key, data: row.data };
  }

  /** Makes `data` live in the caller's transaction and keeps it as a revision with what it replaced. */
  async function apply(tx: Tx, kind: string, key: string, data: unknown, staffId: string, reason: string) {
    const rules = rulesOf(kind, key);
    const live = await rules.read(tx, key);
    const change = rules.changed ? rules.changed(live, data) : { data, previous: live };
    if (JSON.stringify(change.data) === JSON.stringify(change.previous) || (rules.changed && Object.keys(change.data).length === 0))
      throw fail('CONTENT_UNCHANGED');
    const now = clock();
    await rules.write(tx, key, change.data, now, staffId);
    const [revision] = await tx
      .insert(contentRevisions)
      .values({ kind, key, data: change.data, previous: change.previous, publishedBy: staffId, publishedAt: now, reason })
      .returning();
    return { revision: revision!, previous: change.previous };
  }

  /** Publishes the item's draft in the caller's transaction (checked again against what is live now). */
  async function publish(tx: Tx, kind: string, key: string, staffId: string, reason: string) {
    const [draft] = await tx
      .select()
      .from(contentDrafts)
      .where(and(eq(contentDrafts.kind, kind), eq(contentDrafts.key, key)))
      .limit(1);
    if (!draft) throw fail('CONTENT_NO_DRAFT');
    const clean = await validated(kind, key, draft.data, tx);
    const result = await apply(tx, kind, key, clean, staffId, reason);
    await tx.delete(contentDrafts).where(and(eq(contentDrafts.kind, kind), eq(contentDrafts.key, key)));
    return result;
  }

  /**
   * Undoes a revision in the caller's transaction: what it replaced is published again, as a new
   * revision (nothing is rewritten). A revision that made a new item has nothing before it: the
   * item is unpublished instead (a page or news item set to draft).
   */
  async function revert(tx: Tx, kind: string, key: string, revisionId: string, staffId: string, reason: string) {
    const rules = rulesOf(kind, key);
    const [revision] = await tx
      .select()
      .from(contentRevisions)
      .where(and(eq(contentRevisions.id, revisionId), eq(contentRevisions.kind, kind), eq(contentRevisions.key, key)))
      .limit(1);
    if (!revision) throw fail('CONTENT_NOT_FOUND');
    const before = revision.previous ?? (rules.creatable ? { ...(revision.data as object), status: 'draft' } : null);
    if (before === null) throw fail('CONTENT_NOT_FOUND');
    return apply(tx, kind, key, before, staffId, reason);
  }

  /** The protected settings (PROTECTED_CONFIGS) as they are: an administrator changes them by four eyes only. */
  async function protectedSettings() {
    const rows = await db
      .select()
      .from(systemConfigs)
      .where(inArray(systemConfigs.name, [...PROTECTED_CONFIGS]))
      .orderBy(asc(systemConfigs.name));
    return rows.map((row) => ({ name: row.name, type: row.type, value: row.value }));
  }

  /**
   * A new value for a protected setting checked as a setting's is (same type and shape all the way
   * down): SETTING_INVALID, CONTENT_UNCHANGED for the value it has; answers the value it replaces.
   */
  async function checkProtected(runner: Tx, name: string, value: unknown): Promise<unknown> {
    if (!PROTECTED_CONFIGS.includes(name)) throw fail('CONTENT_NOT_FOUND');
    const [row] = await runner.select().from(systemConfigs).where(eq(systemConfigs.name, name)).limit(1);
    if (!row) throw fail('CONTENT_NOT_FOUND');
    try {
      if (value === undefined || value === null) throw invalid('value');
      sameShape(row.value, value, 'value');
    } catch {
      throw fail('SETTING_INVALID', { fields: { value: 'validation.staff_content_invalid' } });
    }
    if (JSON.stringify(row.value) === JSON.stringify(value)) throw fail('CONTENT_UNCHANGED');
    return row.value;
  }

  /**
   * Writes a protected setting (an approved four-eyes proposal, in the approval's transaction), kept
   * as a revision of the setting like an editor's publish: the trail and a new seed's replay keep it.
   */
  async function applyProtected(tx: Tx, name: string, value: unknown, staffId: string, reason: string) {
    const previous = await checkProtected(tx, name, value);
    const now = clock();
    await config.write(tx, name, { value }, now, staffId);
    const [revision] = await tx
      .insert(contentRevisions)
      .values({ kind: 'config', key: name, data: { value }, previous: { value: previous }, publishedBy: staffId, publishedAt: now, reason })
      .returning();
    return { revisionId: revision!.id, previous };
  }

  return { list, item, saveDraft, discardDraft, preview, publish, revert, protectedSettings, checkProtected, applyProtected };
}

export type ContentEditing = ReturnType<typeof createContentEditing>;

/**
 * The editors' published changes, in the order they were made, written again over freshly seeded
 * content (content/seed.ts): a new version of the demo data adds what the code needs, it never
 * undoes an editor's work (a dictionary group's revisions each hold only the texts they changed).
 */
export async function replayContentEdits(tx: Tx) {
  const rows = await tx.select().from(contentRevisions).orderBy(asc(contentRevisions.publishedAt));
  for (const row of rows) {
    const rules = KINDS[row.kind as ContentKind];
    if (rules) await rules.write(tx, row.key, row.data, row.publishedAt, row.publishedBy);
  }
  return rows.length;
}
