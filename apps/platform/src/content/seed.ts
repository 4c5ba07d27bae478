import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { replayContentEdits } from './editing.js';
import {
  campaigns,
  contentPages,
  contentSeeds,
  landingPages,
  mainContents,
  menuItems,
  news,
  seoEntries,
  siteDocuments,
  systemConfigs,
  translations,
} from './schema.js';

const seedFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'seed');

interface SeedMenuItem {
  id: number;
  slug: string;
  textMenu: string;
  text: string;
  icon?: string;
  target?: string;
  authRequired?: boolean;
  showAuthRequired?: boolean;
  showOnDevice: Record<string, boolean>;
  position: number;
  child?: SeedMenuItem[];
}

function readSeedFiles(brand: string) {
  const files = readdirSync(seedFolder)
    .filter((name) => name.endsWith('.json'))
    .sort();
  const texts = new Map<string, string>();
  for (const file of files) texts.set(file, readFileSync(path.join(seedFolder, file), 'utf8'));
  const hash = createHash('sha256').update(brand);
  for (const [file, text] of texts) hash.update(file).update(text);
  // The brand appears in many texts; JSON-escape it so a quote in a brand name stays valid JSON.
  const brandJson = JSON.stringify(brand).slice(1, -1);
  const load = <T>(file: string): T => {
    const text = texts.get(file);
    if (text == null) throw new Error(`Seed file missing: ${file}`);
    return JSON.parse(text.replaceAll('{{brand}}', brandJson)) as T;
  };
  return { version: `demo-${hash.digest('hex').slice(0, 16)}`, load };
}

function flattenMenu(items: SeedMenuItem[], parentId: number | null = null): (typeof menuItems.$inferInsert)[] {
  return items.flatMap((item) => [
    {
      id: item.id,
      parentId,
      slug: item.slug,
      textMenu: item.textMenu,
      text: item.text,
      icon: item.icon ?? '',
      target: item.target ?? '_self',
      authRequired: item.authRequired ?? false,
      showAuthRequired: item.showAuthRequired ?? true,
      showOnDevice: item.showOnDevice,
      position: item.position,
    },
    ...flattenMenu(item.child ?? [], item.id),
  ]);
}

const chunk = <T>(rows: T[], size = 200): T[][] =>
  Array.from({ length: Math.ceil(rows.length / size) }, (_, i) => rows.slice(i * size, (i + 1) * size));

/**
 * Loads the demo content from the data files in ./seed, once per version of those files.
 * A changed data file replaces the content tables whole, in one transaction, so the site never
 * shows half a seed; the editors' published changes (content/editing.ts) are then written again
 * over it, so a new version of the data adds what the code needs and never undoes an editor's work.
 */
export async function seedDemoContent(db: Db, options: { brand: string }): Promise<{ applied: boolean; version: string }> {
  const { version, load } = readSeedFiles(options.brand);
  const [already] = await db.select().from(contentSeeds).where(eq(contentSeeds.version, version)).limit(1);
  if (already) return { applied: false, version };

  const dictionary = load<Record<string, Record<string, string>>>('translations.json');
  const configs = load<{ name: string; type: string; value: unknown; isPublic: boolean }[]>('system-configs.json');
  const siteInfo = configs.find((config) => config.name === 'site_info')?.value ?? { brand: options.brand };
  type NewsSeed = Omit<typeof news.$inferInsert, 'slug' | 'createDate' | 'publicDate' | 'updatedDate'> & {
    newsSlug: string;
    createDate: string;
    publicDate: string;
    updatedDate?: string | null;
  };
  type CampaignSeed = Omit<typeof campaigns.$inferInsert, 'startsAt' | 'endsAt'> & { startsAt: string; endsAt: string };
  type PageSeed = Omit<typeof contentPages.$inferInsert, 'updatedAt'> & { updatedAt?: string };

  await db.transaction(async (tx) => {
    for (const table of [
      translations,
      systemConfigs,
      siteDocuments,
      menuItems,
      seoEntries,
      news,
      campaigns,
      landingPages,
      contentPages,
      mainContents,
    ]) {
      await tx.delete(table);
    }
    const translationRows = Object.entries(dictionary).flatMap(([group, entries]) =>
      Object.entries(entries).map(([key, value]) => ({ group, key, value })),
    );
    for (const rows of chunk(translationRows)) await tx.insert(translations).values(rows);
    await tx.insert(systemConfigs).values(configs);
    await tx.insert(siteDocuments).values([
      { key: 'images', data: load('images.json') },
      { key: 'layouts', data: load('layouts.json') },
      { key: 'footer', data: load('footer.json') },
      { key: 'themes', data: load('themes.json') },
      { key: 'site_info', data: siteInfo },
    ]);
    await tx.insert(menuItems).values(flattenMenu(load<SeedMenuItem[]>('menu.json')));
    await tx.insert(seoEntries).values(load('seo.json'));
    const newsRows = load<NewsSeed[]>('news.json').map(({ newsSlug, createDate, publicDate, updatedDate, ...item }) => ({
      ...item,
      slug: newsSlug,
      createDate: new Date(createDate),
      publicDate: new Date(publicDate),
      updatedDate: updatedDate ? new Date(updatedDate) : null,
    }));
    for (const rows of chunk(newsRows, 50)) await tx.insert(news).values(rows);
    await tx.insert(campaigns).values(
      load<CampaignSeed[]>('campaigns.json').map((item) => ({
        ...item,
        startsAt: new Date(item.startsAt),
        endsAt: new Date(item.endsAt),
      })),
    );
    await tx.insert(landingPages).values(load('landing-pages.json'));
    await tx
      .insert(contentPages)
      .values(
        load<PageSeed[]>('pages.json').map((page) => ({ ...page, updatedAt: page.updatedAt ? new Date(page.updatedAt) : new Date() })),
      );
    const blocks = load<Record<string, unknown>>('main-contents.json');
    await tx.insert(mainContents).values(Object.entries(blocks).map(([name, data]) => ({ name, data })));
    // The editors' published changes stay: written again over the new demo data.
    await replayContentEdits(tx);
    await tx.insert(contentSeeds).values({ version });
  });
  return { applied: true, version };
}
