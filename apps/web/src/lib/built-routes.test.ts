import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readBanners } from './banners';
import { BUILT_ROUTE_PREFIXES, builtMenu, GAMES_PATH, isBuiltRoute, withBuiltLinks } from './built-routes';
import { sanitizeRichText } from './rich-text';

const APP = join(import.meta.dirname, '..', 'app');
const SEED = join(import.meta.dirname, '..', '..', '..', 'platform', 'src', 'content', 'seed');
const seed = (name: string) => JSON.parse(readFileSync(join(SEED, `${name}.json`), 'utf8')) as unknown;

/**
 * Whether a path has a page in src/app: each segment a folder of that name or a dynamic one
 * ([slug]), ending in a page.tsx. The root catch-all ([...slug], custom content by name) is left
 * out: whether it shows a page depends on the content, so no link counts on it.
 */
function hasPage(path: string): boolean {
  let dir = APP;
  for (const segment of path.split(/[?#]/, 1)[0]!.split('/').filter(Boolean)) {
    const folders = readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory() && entry.name !== 'api');
    const next = folders.find((entry) => entry.name === segment) ?? folders.find((entry) => /^\[[^.].*\]$/.test(entry.name) && dir !== APP);
    if (!next) return false;
    dir = join(dir, next.name);
  }
  return existsSync(join(dir, 'page.tsx'));
}

/** Every link of this site that a menu entry, the footer or the start page's content holds. */
function seededLinks(): string[] {
  const links: string[] = [];
  const walkMenu = (items: { slug: string; child?: unknown[] }[]) =>
    items.forEach((item) => {
      links.push(item.slug);
      walkMenu((item.child ?? []) as { slug: string }[]);
    });
  walkMenu(seed('menu') as { slug: string }[]);
  const footer = seed('footer') as { links?: { url: string }[] };
  links.push(...(footer.links ?? []).map((link) => link.url));
  const home = (seed('main-contents') as { home: Record<string, unknown> }).home;
  const urls = JSON.stringify(home).match(/"(?:url|ctaUrl)":"(\/[^"]*)"/g) ?? [];
  links.push(...urls.map((match) => match.replace(/^"[a-zA-Z]+":"|"$/g, '')));
  return links.filter((link) => link.startsWith('/'));
}

describe('built routes (no link to the 404 page)', () => {
  it('lists only prefixes that have their page in src/app', () => {
    for (const prefix of BUILT_ROUTE_PREFIXES)
      expect(hasPage(prefix !== '/' && prefix.endsWith('/') ? `${prefix}any-slug` : prefix), prefix).toBe(true);
  });

  it('agrees with src/app on every link the seeded menu, footer and start page hold', () => {
    const links = seededLinks();
    expect(links).toEqual(expect.arrayContaining(['/spilleautomater', '/alle-spil', '/live-casino', '/kampagner', '/min-konto/oversigt']));
    for (const link of links) expect(isBuiltRoute(link), link).toBe(hasPage(link));
  });

  it('shows the table games (issue 24): the lobby, its categories and the launch routes with a game', () => {
    for (const url of [
      '/bordspil',
      '/bordspil/roulette',
      '/bordspil/blackjack',
      '/bordspil/video-poker',
      '/bordspil/spil-for-penge/jacks-or-better',
    ])
      expect(isBuiltRoute(url), url).toBe(true);
    const categories = (seed('system-configs') as { name: string; value: { slug: string }[] }[]).find(
      (config) => config.name === 'BordspilCategory',
    )!;
    for (const category of categories.value) expect(hasPage(category.slug), category.slug).toBe(true);
  });

  it('keeps links off the site and anchors, and drops empty and relative ones', () => {
    for (const url of ['https://www.rofus.nu', 'mailto:support@krone-casino.dk', 'tel:+4570222825', '#cookieindstillinger'])
      expect(isBuiltRoute(url), url).toBe(true);
    for (const url of ['', null, undefined, 'spilleautomater']) expect(isBuiltRoute(url), String(url)).toBe(false);
    expect(isBuiltRoute('/?logout=true')).toBe(true);
    expect(isBuiltRoute('/nyheder/')).toBe(true);
    expect(isBuiltRoute('/nyhederne')).toBe(false);
    expect(isBuiltRoute('/contents/om-krone')).toBe(true);
    expect(isBuiltRoute('/contents')).toBe(false);
    expect(isBuiltRoute('/spilleautomater?side=2')).toBe(true);
    expect(isBuiltRoute('/live-casino?side=2')).toBe(true);
    expect(isBuiltRoute('/jackpots?side=2')).toBe(true);
    expect(isBuiltRoute('/min-konto/gamification?side=2')).toBe(true);
    expect(isBuiltRoute('/min-konto/point?side=2')).toBe(false);
  });

  it('filters a menu, an unbuilt entry taking its children with it', () => {
    interface Entry {
      slug: string;
      child: Entry[];
    }
    const entry = (slug: string, child: Entry[] = []): Entry => ({ slug, child });
    const menu = [
      entry('/'),
      entry('/min-konto/point', [entry('/min-konto/point/historik'), entry('/kampagner')]),
      entry('/min-konto/oversigt', [entry('/min-konto/profil'), entry('/min-konto/gamification'), entry('/min-konto/point')]),
    ];
    expect(builtMenu(menu)).toEqual([
      entry('/'),
      entry('/min-konto/oversigt', [entry('/min-konto/profil'), entry('/min-konto/gamification')]),
    ]);
    // A later session switches an entry back on by adding its prefix.
    expect(builtMenu(menu, [...BUILT_ROUTE_PREFIXES, '/min-konto/point']).map((item) => item.slug)).toEqual([
      '/',
      '/min-konto/point',
      '/min-konto/oversigt',
    ]);
  });

  it('shows the physical casino’s pages in the menu only while their own site is configured', async () => {
    const { isPhysicalCasinoPath } = await import('../edge/physical-casino');
    interface Entry {
      slug: string;
      child: Entry[];
    }
    const entry = (slug: string, child: Entry[] = []): Entry => ({ slug, child });
    const menu = [
      entry('/contents/om-krone', [entry('/contents/om-krone'), entry('/casino-aarhus'), entry('/krone/royals-historie')]),
      entry('/kampagner', [entry('/kampagner/aarhus-roulette')]),
    ];
    const served = builtMenu(menu, BUILT_ROUTE_PREFIXES, { matches: isPhysicalCasinoPath, configured: true });
    expect(served).toEqual(menu);
    const notServed = builtMenu(menu, BUILT_ROUTE_PREFIXES, { matches: isPhysicalCasinoPath, configured: false });
    expect(notServed).toEqual([entry('/contents/om-krone', [entry('/contents/om-krone')]), entry('/kampagner')]);
    // The demo menu has them, under "Om Krone".
    const seeded = JSON.stringify(seed('menu'));
    for (const slug of ['/casino-aarhus', '/krone/royals-historie', '/krone/fn-verdensmaal']) expect(seeded).toContain(`"slug":"${slug}"`);
  });

  it('shows the player’s offers page (issue 27), which the campaigns’ calls to action and the game’s free rounds link to', () => {
    for (const url of ['/min-konto/kampagne', '/min-konto/kampagne?fane=aktive']) expect(isBuiltRoute(url), url).toBe(true);
    expect(hasPage('/min-konto/kampagne')).toBe(true);
    const campaigns = seed('campaigns') as { slug: string; ctaUrl: string }[];
    // The tournaments' campaigns call to the player's tournaments page.
    expect(campaigns.filter((campaign) => campaign.ctaUrl === '/min-konto/gamification').length).toBeGreaterThan(0);
    for (const campaign of campaigns) expect(isBuiltRoute(campaign.ctaUrl), campaign.slug).toBe(hasPage(campaign.ctaUrl));
  });

  it('shows the live casino (issue 25): the lobby, its category pages and both launch routes with a table', () => {
    for (const url of [
      '/live-casino',
      '/live/live-casino',
      '/live/live-roulette',
      '/live/live-blackjack',
      '/live/andre-live-spil',
      '/live-casino/spil-for-penge/krone-roulette-live',
      '/mobil-live-casino/krone-roulette-live',
    ])
      expect(isBuiltRoute(url), url).toBe(true);
    // /live itself is no page, nor a bare launch prefix.
    for (const url of ['/live', '/mobil-live-casino']) expect(isBuiltRoute(url), url).toBe(false);
    const categories = (seed('system-configs') as { name: string; value: { slug: string }[] }[]).find(
      (config) => config.name === 'LiveCategories',
    )!;
    for (const category of categories.value) expect(hasPage(category.slug), category.slug).toBe(true);
  });

  it('keeps the seeded start page’s cards and slides that lead to built games pages (the jackpots since issue 26)', () => {
    const home = (seed('main-contents') as { home: { categories: { url: string }[]; banners: unknown[] } }).home;
    expect(withBuiltLinks(home.categories, (category) => category.url).map((category) => category.url)).toEqual([
      '/spilleautomater',
      '/live-casino',
      '/bordspil',
      '/jackpots',
    ]);
    // Every banner of the demo is drawn (lib/banners.ts leaves out one whose link leads nowhere).
    const banners = readBanners(home);
    expect(banners).toHaveLength(home.banners.length);
    expect(
      banners.flatMap((banner) => (banner.type === 'Image Slider' ? banner.slides.map((slide) => slide.ctaUrl) : [banner.video.ctaUrl])),
    ).toEqual(['/kampagner/velkomstbonus', '/live-casino', '/live-casino', '/kampagner', '/jackpots']);
    expect(isBuiltRoute(GAMES_PATH)).toBe(hasPage(GAMES_PATH));
  });

  it('unlinks content HTML links to unbuilt pages, keeping their words', () => {
    const html = sanitizeRichText(
      '<p>Se <a href="/min-konto/point">dine point</a> eller <a href="/kampagner">kampagnerne</a> og <a href="https://www.rofus.nu" target="_blank">ROFUS</a>.</p>',
    );
    expect(html).toBe(
      '<p>Se <span>dine point</span> eller <a href="/kampagner">kampagnerne</a> og <a href="https://www.rofus.nu" target="_blank" rel="noopener noreferrer">ROFUS</a>.</p>',
    );
  });
});
