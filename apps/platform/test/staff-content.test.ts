import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentRevisions, contentSeeds } from '../src/content/schema.js';
import { seedDemoContent } from '../src/content/seed.js';
import { staffActions } from '../src/staff/schema.js';
import type { TestPlatform } from './harness.js';
import { startStaffPlatform } from './staff-harness.js';

/**
 * Editing the storefront's content in the back office (issue 29): a draft with a preview the
 * storefront can show, publishing (live at once, the storefront told), every change kept and
 * reversible, the editors' work kept over a new seed; the content role's, refused to others.
 */
let staff: Awaited<ReturnType<typeof startStaffPlatform>>['staff'];
let revalidations: () => number;
let storefrontUp: (answer: boolean) => void;
let platform: TestPlatform;

beforeAll(async () => {
  ({ platform, staff, revalidations, storefrontUp } = await startStaffPlatform());
});
afterAll(async () => {
  await platform?.close();
});

const editor = () => staff.sessionOf(platform, 'Christian Indhold');
const call = (headers: Record<string, string>, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  platform.staffApp.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as never }) });
const publicGet = async (url: string) => platform.app.inject({ method: 'GET', url });

describe('content editing', () => {
  it('saves a page’s draft the storefront previews, publishes it live with a reason (the storefront told), and reverts it', async () => {
    const headers = await editor();
    const before = (await publicGet('/CMScasino/pages/om-krone')).json().data;
    const draft = { title: 'Om os', metaDescription: 'Hvem vi er', body: '<p>Vi er et dansk casino.</p>', status: 'published' };
    const saved = await call(headers, 'PUT', '/Staff/content/page/om-krone/draft', { data: draft });
    expect(saved.statusCode, saved.body).toBe(200);
    const previewUrl = saved.json().data.draft.previewUrl as string;
    expect(previewUrl).toMatch(/\/forhaandsvisning\/[A-Za-z0-9_-]{20,64}$/);
    // The storefront's preview page reads the draft by its token; the live page is unchanged.
    const token = previewUrl.split('/').at(-1)!;
    expect((await publicGet(`/CMScasino/preview/${token}`)).json().data).toEqual({ kind: 'page', key: 'om-krone', data: draft });
    expect((await publicGet('/CMScasino/pages/om-krone')).json().data.title).toBe(before.title);
    // The item shows the draft, but not its token again.
    expect((await call(headers, 'GET', '/Staff/content/page/om-krone')).json().data.draft).toMatchObject({ data: draft, previewUrl: null });

    const told = revalidations();
    const published = await call(headers, 'POST', '/Staff/content/page/om-krone/publish', { reason: 'Kortere tekst om os' });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data.revalidated).toBe(true);
    expect(revalidations()).toBe(told + 1);
    expect((await publicGet('/CMScasino/pages/om-krone')).json().data).toMatchObject({
      title: 'Om os',
      body: '<p>Vi er et dansk casino.</p>',
    });
    const item = published.json().data.item;
    expect(item.draft).toBeNull();
    expect(item.revisions).toHaveLength(1);
    expect(item.revisions[0]).toMatchObject({
      publishedBy: 'Christian Indhold',
      reason: 'Kortere tekst om os',
      previous: { title: before.title },
    });
    // The preview link ends with the draft.
    expect((await publicGet(`/CMScasino/preview/${token}`)).statusCode).toBe(404);

    const reverted = await call(headers, 'POST', '/Staff/content/page/om-krone/revert', {
      reason: 'Tilbage til den lange tekst',
      revisionId: item.revisions[0].id,
    });
    expect(reverted.statusCode, reverted.body).toBe(200);
    expect((await publicGet('/CMScasino/pages/om-krone')).json().data).toMatchObject({ title: before.title, body: before.body });
    expect(reverted.json().data.item.revisions).toHaveLength(2);
    const actions = await platform.database.db
      .select({ action: staffActions.action })
      .from(staffActions)
      .where(and(eq(staffActions.targetKind, 'content:page'), eq(staffActions.targetId, 'om-krone')))
      .orderBy(asc(staffActions.at));
    expect(actions.map((row) => row.action)).toEqual(['content.publish', 'content.revert']);
  });

  it('makes a new news item, live from its publish; its revert unpublishes it', async () => {
    const headers = await editor();
    expect((await call(headers, 'GET', '/Staff/content/news/vinterkampagne')).json().data).toMatchObject({
      live: null,
      draft: null,
      creatable: true,
    });
    const data = {
      title: 'Vinterens nyheder',
      subLine: 'Nye spil hver uge',
      image: 'https://cdn.krone-casino.dk/media/news/news-01.webp',
      body: '<p>Se de nye spil.</p>',
      status: 'published',
      showArticleInNewsList: true,
      showDateTime: true,
      publicDate: new Date(Date.now() - 60_000).toISOString(),
    };
    expect((await call(headers, 'PUT', '/Staff/content/news/vinterkampagne/draft', { data })).statusCode).toBe(200);
    const published = await call(headers, 'POST', '/Staff/content/news/vinterkampagne/publish', { reason: 'Ny nyhed' });
    expect(published.statusCode, published.body).toBe(200);
    expect((await publicGet('/CMScasino/news/detail?slug=vinterkampagne')).json().data).toMatchObject({ title: 'Vinterens nyheder' });
    const revisionId = published.json().data.item.revisions[0].id;
    await call(headers, 'POST', '/Staff/content/news/vinterkampagne/revert', { reason: 'Udgivet for tidligt', revisionId });
    expect((await publicGet('/CMScasino/news/detail?slug=vinterkampagne')).statusCode).toBe(404);
  });

  it('makes a campaign with a preview, edits a landing page, the SEO of a page and the menu, each live at once', async () => {
    const headers = await editor();
    const campaign = {
      title: 'Julekalender',
      subLine: 'En ny overraskelse hver dag',
      image: 'https://cdn.krone-casino.dk/media/campaigns/campaign-01.webp',
      body: '<p>Åbn en låge hver dag.</p>',
      terms: '<ol><li>Gælder spillere over 21 år.</li></ol>',
      category: 'bonus',
      ctaText: 'Se spillene',
      ctaUrl: '/spilleautomater',
      status: 'published',
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    };
    const backwards = await call(headers, 'PUT', '/Staff/content/campaign/julekalender/draft', {
      data: { ...campaign, endsAt: campaign.startsAt, startsAt: campaign.endsAt },
    });
    expect(backwards.json()).toMatchObject({ code: 'CONTENT_INVALID' });
    for (const bad of [
      { ctaUrl: 'javascript:alert(1)' },
      { image: 'http://cdn.krone-casino.dk/a.webp' },
      { image: 'data:image/png;base64,AAAA' },
    ]) {
      const unsafe = await call(headers, 'PUT', '/Staff/content/campaign/julekalender/draft', { data: { ...campaign, ...bad } });
      expect(unsafe.json(), JSON.stringify(bad)).toMatchObject({ code: 'CONTENT_INVALID' });
    }
    const saved = await call(headers, 'PUT', '/Staff/content/campaign/julekalender/draft', { data: campaign });
    expect(saved.statusCode, saved.body).toBe(200);
    const token = (saved.json().data.draft.previewUrl as string).split('/').at(-1)!;
    expect((await publicGet(`/CMScasino/preview/${token}`)).json().data).toMatchObject({ kind: 'campaign', key: 'julekalender' });
    expect((await publicGet('/CMScasino/campaigns/julekalender')).statusCode).toBe(404);
    await call(headers, 'POST', '/Staff/content/campaign/julekalender/publish', { reason: 'Julekalender' });
    expect((await publicGet('/CMScasino/campaigns/julekalender')).json().data).toMatchObject({ title: 'Julekalender', active: true });
    // A bonus code may now name it as its campaign.
    const marketer = await staff.sessionOf(platform, 'Maja Marketing');
    const code = await call(marketer, 'POST', '/Staff/offers/codes', {
      reason: 'Kalenderens kode',
      terms: {
        code: 'KALENDER',
        kind: 'money',
        matchPercent: 50,
        maxBonusOre: 20_000,
        minDepositOre: 10_000,
        wageringMultiple: 10,
        validFrom: campaign.startsAt,
        validUntil: campaign.endsAt,
        grantValidDays: 60,
        maxUsesPerPlayer: 1,
        firstDepositOnly: false,
        welcomeOffer: false,
        campaign: 'julekalender',
      },
    });
    expect(code.statusCode, code.body).toBe(200);

    // A landing page: its points, live at once; its type and id are its key.
    const landing = (await call(headers, 'GET', '/Staff/content/landing/velkomst:velkomstbonus')).json().data;
    const points = [...landing.live.bullets.slice(0, 2), 'Nyt punkt om MitID'];
    await call(headers, 'PUT', '/Staff/content/landing/velkomst:velkomstbonus/draft', { data: { ...landing.live, bullets: points } });
    expect(
      (await call(headers, 'POST', '/Staff/content/landing/velkomst:velkomstbonus/publish', { reason: 'Færre punkter' })).statusCode,
    ).toBe(200);
    expect((await publicGet('/CMScasino/landing-pages/velkomst/velkomstbonus')).json().data.bullets).toEqual(points);

    // The SEO of the front page.
    const seo = (await call(headers, 'GET', '/Staff/content/seo/seo_home')).json().data.live;
    await call(headers, 'PUT', '/Staff/content/seo/seo_home/draft', { data: { ...seo, metaTitle: 'Krone – dansk casino' } });
    await call(headers, 'POST', '/Staff/content/seo/seo_home/publish', { reason: 'Kortere titel' });
    expect((await publicGet('/CMScasino/seo?slug=seo_home')).json().data.metaTitle).toBe('Krone – dansk casino');

    // The menu, whole: an item renamed; a child of an item not in the menu is refused.
    const menu = (await call(headers, 'GET', '/Staff/content/menu/main')).json().data.live;
    const renamed = menu.items.map((item: { id: number; text: string }, index: number) => (index === 0 ? { ...item, text: 'Hjem' } : item));
    const dangling = [...menu.items, { ...menu.items[0], id: 999, parentId: 998 }];
    expect((await call(headers, 'PUT', '/Staff/content/menu/main/draft', { data: { items: dangling } })).json().code).toBe(
      'CONTENT_INVALID',
    );
    await call(headers, 'PUT', '/Staff/content/menu/main/draft', { data: { items: renamed } });
    expect((await call(headers, 'POST', '/Staff/content/menu/main/publish', { reason: 'Kortere ord' })).statusCode).toBe(200);
    const live = (await publicGet('/CMScasino/menu')).json().data;
    expect(JSON.stringify(live)).toContain('"text":"Hjem"');
    expect(JSON.stringify(live).match(/"id":/g)?.length).toBe(menu.items.length);
  });

  it('changes a dictionary text live at once; only the keys the group has, each revision holding the texts it changed', async () => {
    const headers = await editor();
    const group = (await call(headers, 'GET', '/Staff/content/translations/news')).json().data.live as Record<string, string>;
    const unknown = await call(headers, 'PUT', '/Staff/content/translations/news/draft', { data: { ...group, made_up_key: 'Hej' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('CONTENT_INVALID');
    await call(headers, 'PUT', '/Staff/content/translations/news/draft', { data: { ...group, title: 'Seneste nyt' } });
    const published = await call(headers, 'POST', '/Staff/content/translations/news/publish', { reason: 'Ny overskrift' });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data.item.revisions[0]).toMatchObject({ data: { title: 'Seneste nyt' }, previous: { title: group.title } });
    // The platform's own dictionary reads it at once (its cache forgotten), as the storefront does after revalidating.
    expect((await publicGet('/CMScasino/translations')).json().data.news.title).toBe('Seneste nyt');

    // A new seed of the demo content (a deploy with changed data files) keeps the editor's text.
    await platform.database.db.delete(contentSeeds);
    await seedDemoContent(platform.database.db, { brand: platform.config.BRAND_NAME });
    expect((await publicGet('/CMScasino/translations')).json().data.news.title).toBe('Seneste nyt');
    expect((await publicGet('/CMScasino/translations')).json().data.news.back_to_list).toBe(group.back_to_list);
  });

  it('keeps a site document’s shape and a setting’s type; a publish without a draft, or of no change, is refused', async () => {
    const headers = await editor();
    const footer = (await call(headers, 'GET', '/Staff/content/document/footer')).json().data.live as Record<string, unknown>;
    const reshaped = await call(headers, 'PUT', '/Staff/content/document/footer/draft', { data: { ...footer, extra: true } });
    expect(reshaped.json().code).toBe('CONTENT_INVALID');
    const hours = await call(headers, 'PUT', '/Staff/content/config/support_hours/draft', { data: { value: 18 } });
    expect(hours.json().code).toBe('CONTENT_INVALID');
    // A protection is no content: the age limit is not offered, nor changed.
    const settings = (await call(headers, 'GET', '/Staff/content?kind=config')).json().data.items.map((item: { key: string }) => item.key);
    expect(settings).toContain('support_hours');
    expect(settings).not.toContain('minAge');
    expect((await call(headers, 'PUT', '/Staff/content/config/minAge/draft', { data: { value: 18 } })).statusCode).toBe(404);
    expect((await call(headers, 'POST', '/Staff/content/document/footer/publish', { reason: 'Ingen kladde' })).json().code).toBe(
      'CONTENT_NO_DRAFT',
    );
    await call(headers, 'PUT', '/Staff/content/document/footer/draft', { data: footer });
    const same = await call(headers, 'POST', '/Staff/content/document/footer/publish', { reason: 'Intet nyt' });
    expect(same.statusCode).toBe(409);
    expect(same.json().code).toBe('CONTENT_UNCHANGED');
    expect(await platform.database.db.select().from(contentRevisions).where(eq(contentRevisions.key, 'footer'))).toHaveLength(0);
    expect((await call(headers, 'GET', '/Staff/content/document/site_info')).statusCode).toBe(404);
    expect((await publicGet('/CMScasino/preview/aaaaaaaaaaaaaaaaaaaaaaaa')).statusCode).toBe(404);
  });

  it('says when the storefront could not be told: the change is live on the platform and reaches the site within its cache time', async () => {
    const headers = await editor();
    const page = (await call(headers, 'GET', '/Staff/content/page/faq')).json().data.live as Record<string, string>;
    await call(headers, 'PUT', '/Staff/content/page/faq/draft', { data: { ...page, title: 'Spørgsmål og svar' } });
    storefrontUp(false);
    try {
      const published = await call(headers, 'POST', '/Staff/content/page/faq/publish', { reason: 'Ny titel' });
      expect(published.statusCode).toBe(200);
      expect(published.json().data.revalidated).toBe(false);
    } finally {
      storefrontUp(true);
    }
    expect((await publicGet('/CMScasino/pages/faq')).json().data.title).toBe('Spørgsmål og svar');
  });

  it('is the content role’s: support, payments and marketing are refused by the platform, nothing changes', async () => {
    for (const name of ['Sofie Support', 'Peter Penge', 'Maja Marketing']) {
      const headers = await staff.sessionOf(platform, name);
      expect((await call(headers, 'GET', '/Staff/content')).statusCode).toBe(403);
      expect((await call(headers, 'PUT', '/Staff/content/page/ansvarlighed/draft', { data: { title: 'x' } })).statusCode).toBe(403);
      expect((await call(headers, 'POST', '/Staff/content/page/ansvarlighed/publish', { reason: 'Forsøg' })).statusCode).toBe(403);
    }
    expect(await platform.database.db.select().from(contentRevisions).where(eq(contentRevisions.key, 'ansvarlighed'))).toHaveLength(0);
    const headers = await editor();
    expect((await call(headers, 'PUT', '/Staff/content/page/Ugyldig%20Slug/draft', { data: {} })).statusCode).toBe(404);
    expect((await call(headers, 'PUT', '/Staff/content/page/ansvarlighed/draft', { data: { title: '' } })).json().code).toBe(
      'CONTENT_INVALID',
    );
  });
});
