import { existsSync, readFileSync } from 'node:fs';
import type { Title } from '@krone/games-math';
import { loadTitles } from '@krone/games-math/titles';
import { describe, expect, it } from 'vitest';

// The site's seeded news and campaigns name slot titles and studios; a player must find every one of
// them in the catalogue (packages/games-math/titles, named in the tuner's plan: NAMED_TITLES in
// packages/games-math/scripts/tune-plan.ts), with the figures the text states. Drafts too: a draft
// goes out as it stands the day an editor publishes it.

const seed = <T>(file: string) => JSON.parse(readFileSync(new URL(`../src/content/seed/${file}`, import.meta.url), 'utf8')) as T;
const plain = (text: string) => text.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

type News = { newsId: number; status: string; publicDate: string; title: string; subLine: string; body: string };
type Campaign = { campaignId: number; status: string; startsAt: string; title: string; subLine: string; body: string; terms: string };
const news = seed<News[]>('news.json');
const campaigns = seed<Campaign[]>('campaigns.json');
const texts: { where: string; date: string; published: boolean; html: string; text: string }[] = [
  ...news.map((n) => ({
    where: `news ${n.newsId}`,
    date: n.publicDate,
    published: n.status === 'published',
    html: n.body,
    text: plain([n.title, n.subLine, n.body].join(' ')),
  })),
  ...campaigns.map((c) => ({
    where: `campaign ${c.campaignId}`,
    date: c.startsAt,
    published: c.status === 'published',
    html: c.body,
    text: plain([c.title, c.subLine, c.body, c.terms].join(' ')),
  })),
];
const newsText = (id: number) => texts.find((t) => t.where === `news ${id}`)!.text;

/** Words of what a later issue brings: live casino, table games, the new winners list (`\b`: not "blive"). */
const LATER_LIVE = /live[ -]?casino|\blive\b|bordspil|gameshow|game show|dealer|nye vindere/i;
/** Their pages: the storefront hides every link to them until they ship (apps/web/src/lib/built-routes.ts). */
const LATER_PAGES = ['/live-casino', '/live/', '/bordspil', '/jackpots', '/nyevindere'];
const forLaterPage = (url: string) => LATER_PAGES.some((page) => url.startsWith(page));

type Page = { slug: string; status: string; title: string; metaDescription: string; body: string };
type Landing = { landingById: string; status: string };
type Seo = { slug: string; metaTitle: string; metaDescription: string; metaKeyWords: string; ogtitle: string; ogdescription: string };
type Home = {
  banner: { slides: { title: string; text: string; ctaUrl: string }[] };
  categories: { title: string; text: string; url: string }[];
};
const home = seed<{ home: Home }>('main-contents.json').home;
/** The published pages, landing pages, footer, SEO texts and start page, but for what belongs to a later page. */
const siteTexts: { where: string; text: string }[] = [
  ...seed<Page[]>('pages.json')
    .filter((p) => p.status === 'published')
    .map((p) => ({ where: `page ${p.slug}`, text: plain([p.title, p.metaDescription, p.body].join(' ')) })),
  ...seed<Landing[]>('landing-pages.json')
    .filter((l) => l.status === 'published')
    .map((l) => ({ where: `landing page ${l.landingById}`, text: plain(Object.values(l).join(' ')) })),
  ...seed<{ text: { header: string; details: string }[] }>('footer.json').text.map((block) => ({
    where: `footer ${block.header}`,
    text: plain(`${block.header} ${block.details}`),
  })),
  ...seed<Seo[]>('seo.json')
    .filter((entry) => !forLaterPage(`/${entry.slug}`))
    .map((entry) => ({
      where: `seo ${entry.slug}`,
      text: [entry.metaTitle, entry.metaDescription, entry.metaKeyWords, entry.ogtitle, entry.ogdescription].join(' '),
    })),
  ...Object.entries(seed<Record<string, Record<string, string>>>('translations.json').seo!).map(([key, text]) => ({
    where: `translation seo.${key}`,
    text,
  })),
  ...home.banner.slides
    .filter((slide) => !forLaterPage(slide.ctaUrl))
    .map((slide) => ({ where: `start page slide ${slide.title}`, text: `${slide.title} ${slide.text}` })),
  ...home.categories
    .filter((category) => !forLaterPage(category.url))
    .map((category) => ({ where: `start page category ${category.title}`, text: `${category.title} ${category.text}` })),
];

/**
 * Every slot title the content names. Add a name here when a text names a new one (and to NAMED_TITLES
 * when the name is not one of the tuner's own).
 */
const NAMED = [
  'Rimfrost Runer',
  'Havfruens Perler',
  'Lygtemænd',
  'Stormflod',
  'Kobberkronen',
  'Ravnens Øje',
  'Frugtfesten 5',
  'Mølleriets Guld',
  'Kaperkaptajnen',
  'Mosekonens Bryg',
  'Trolde i Tågen',
  'Rubinrosen',
  'Fyrtårnets Skat',
  'Gulddaler',
  'Sølvlaksen',
  'Gyldne Gåsevinger',
  'Rensdyrenes Magi',
  'Søde Gaver',
];

const titles = loadTitles();
const byName = new Map<string, Title>(titles.map((t) => [t.name, t]));
const title = (name: string) => byName.get(name)!;
const VOLATILITY_DA: Record<Title['volatility'], string> = { low: 'lav', medium: 'middel', high: 'høj', 'very-high': 'meget høj' };
const pct = (rtp: number) => `${(rtp * 100).toFixed(1).replace('.', ',')} %`;

describe('the slot titles the news and campaigns name', () => {
  it('every named title is in the catalogue, released on or before the first text that names it', () => {
    for (const name of NAMED) {
      const t = byName.get(name);
      expect(t, name).toBeDefined();
      const first = texts.filter((x) => x.text.includes(name)).sort((a, b) => a.date.localeCompare(b.date))[0];
      expect(first, `${name} is named in the content`).toBeDefined();
      if (first!.where.startsWith('news'))
        expect(t!.releaseDate <= first!.date.slice(0, 10), `${name} released by ${first!.where}`).toBe(true);
    }
  });

  it('every title a text presents (a heading with "Fra <studio>", a bold list item about reels and spins) is a catalogue title of that studio', () => {
    const presented = texts.flatMap((x) => [
      ...[...x.html.matchAll(/<h2>([^<]+)<\/h2>\s*<p>Fra ([^.<]+)\./g)].map((m) => ({ where: x.where, name: m[1]!, studio: m[2] })),
      ...[...x.html.matchAll(/<li><strong>([^<]+)<\/strong> – [^<]*\b(?:hjul|linjer|wilds|spins?)\b/g)].map((m) => ({
        where: x.where,
        name: m[1]!,
        studio: undefined,
      })),
    ]);
    expect(presented.length).toBeGreaterThan(8);
    for (const { where, name, studio } of presented) {
      expect(NAMED, `${where}: ${name}`).toContain(name);
      expect(byName.get(name), `${where}: ${name}`).toBeDefined();
      if (studio) expect(byName.get(name)!.studio, `${where}: ${name}`).toBe(studio);
    }
  });

  it('every studio the content names is a studio of the catalogue, and the named titles have the stated studio', () => {
    const studios = new Set(titles.map((t) => t.studio));
    const named = new Set(
      texts.flatMap((x) => [...x.text.matchAll(/\b[A-ZÆØÅ][a-zæøå]+ (?:Games|Gaming|Studios?|Spil)\b/g)].map((m) => m[0])),
    );
    expect(named.size).toBeGreaterThan(3);
    // A genitive ("Havørn Studios mest …") names the studio too.
    for (const studio of named) expect(studios.has(studio) || studios.has(studio.replace(/s$/, '')), studio).toBe(true);
    const kobberhjul = ['Kobberkronen', 'Ravnens Øje', 'Frugtfesten 5', 'Mølleriets Guld', 'Kaperkaptajnen'];
    expect(
      titles
        .filter((t) => t.studio === 'Kobberhjul Studio')
        .map((t) => t.name)
        .sort(),
    ).toEqual([...kobberhjul].sort());
    expect(
      titles
        .filter((t) => t.studio === 'Rimfrost Games')
        .map((t) => t.name)
        .sort(),
    ).toEqual(['Rimfrost Runer', 'Trolde i Tågen']);
    expect(titles.filter((t) => t.studio === 'Bølgebryder Games').map((t) => t.name)).toEqual(['Havfruens Perler']);
    expect(titles.filter((t) => t.studio === 'Havørn Studio').map((t) => t.name)).toEqual(['Lygtemænd']);
    expect(newsText(28)).toContain(`Mosekonens Bryg Fra ${title('Mosekonens Bryg').studio}.`);
    expect(newsText(28)).toContain(`Rubinrosen Fra ${title('Rubinrosen').studio}.`);
    expect(newsText(19)).toContain(`Stormflod fra ${title('Stormflod').studio}`);
  });

  it('the figures a news item states are the title’s own', () => {
    const rimfrost = title('Rimfrost Runer').maths;
    const lines = rimfrost.family === 'lines' ? rimfrost.lines.length : 0;
    expect(newsText(2)).toContain(`${rimfrost.reels.length} hjul, ${rimfrost.rows} rækker, ${lines} gevinstlinjer`);
    const stated: [number, string][] = [
      [2, 'Rimfrost Runer'],
      [9, 'Havfruens Perler'],
      [17, 'Lygtemænd'],
    ];
    for (const [id, name] of stated) {
      const t = title(name);
      const text = newsText(id);
      expect(text, name).toMatch(new RegExp(`RTP\\)?: ${pct(t.exact.rtp)}`));
      expect(text, name).toContain(`Volatilitet: ${VOLATILITY_DA[t.volatility]}`);
      expect(text, name).toContain(`${t.stake.minOre / 100} kr. til ${t.stake.maxOre / 100} kr.`);
    }
    // news 28: RTP and volatility of October's three.
    for (const name of ['Mosekonens Bryg', 'Trolde i Tågen', 'Rubinrosen']) {
      const t = title(name);
      expect(newsText(28), name).toContain(`${name} Fra ${t.studio}.`);
      const section = newsText(28).split(`${name} Fra`)[1]!.split(' volatilitet.')[0]!;
      expect(section, name).toContain(`RTP ${pct(t.exact.rtp)}, ${VOLATILITY_DA[t.volatility]}`);
    }
    // The free spins the texts tell of: spins for three (four, five) scatters, the most a feature plays.
    const spins = (name: string) => title(name).maths.freeSpins!;
    const three = spins('Rimfrost Runer').awards[2];
    expect(newsText(2)).toContain(
      `giver ${three} gratis spins, og nye scattere under de gratis spins giver flere – op til ${spins('Rimfrost Runer').maxSpins} spins i alt`,
    );
    const perler = spins('Havfruens Perler').awards;
    expect(newsText(9)).toContain(`Tre scattere giver ${perler[2]} gratis spins, fire giver ${perler[3]} og fem giver ${perler[4]}`);
    const lygter = spins('Lygtemænd').awards;
    expect(newsText(17)).toContain(`${lygter[2]} gratis spins (fire giver ${lygter[3]} og fem giver ${lygter[4]})`);
    expect(newsText(25)).toContain(`op til ${Math.max(...spins('Ravnens Øje').awards)} gratis spins`);
    expect(newsText(25)).toContain(`op til ${Math.max(...spins('Kaperkaptajnen').awards)} gratis spins`);
    for (const name of ['Mosekonens Bryg', 'Rubinrosen']) {
      expect(newsText(28).split(`${name} Fra`)[1], name).toContain(`tre scattere giver ${spins(name).awards[2]} gratis spins`);
    }
    // news 35: the layouts and features of December's two, Søde Gaver the newest Christmas title.
    const magi = title('Rensdyrenes Magi');
    expect([magi.maths.reels.length, magi.maths.rows]).toEqual([6, 4]);
    expect(magi.features).toEqual(expect.arrayContaining(['wild', 'scatter', 'free-spins', 'retrigger', 'multiplier']));
    const gaver = title('Søde Gaver');
    expect(gaver.maths.reels.length).toBe(5);
    expect(gaver.features).toEqual(expect.arrayContaining(['wild', 'free-spins', 'multiplier']));
    const christmas = titles.filter((t) => t.tags.includes('juletid') && t.releaseDate <= '2026-12-07');
    expect(christmas.every((t) => t.releaseDate <= gaver.releaseDate)).toBe(true);
  });

  it('every win the content tells of is one the title can pay, on a stake it allows', () => {
    // [title, × stake, stake in øre or null]
    const wins: [string, number, number | null][] = [
      ['Stormflod', 2500, 10_000], // news 19: 250.000 kr. on 100 kr., in the bonus round
      ['Rubinrosen', 312_000 / 100, 10_000], // news 32: 312.000 kr. on 100 kr., in the bonus round
      ['Trolde i Tågen', 1812, null], // news 30: the October tournament
      ['Mosekonens Bryg', 1540, null],
      ['Rubinrosen', 1205, null],
      ['Stormflod', 988, null],
      ['Ravnens Øje', 940, null],
    ];
    for (const [name, times, stakeOre] of wins) {
      const t = title(name);
      expect(t.exact.largestWin, name).toBeGreaterThanOrEqual(times);
      if (stakeOre !== null) expect(t.stake.stepsOre, name).toContain(stakeOre);
    }
    for (const name of ['Stormflod', 'Rubinrosen', 'Trolde i Tågen', 'Lygtemænd', 'Havfruens Perler', 'Kaperkaptajnen']) {
      expect(title(name).features, name).toContain('free-spins');
    }
    expect(title('Fyrtårnets Skat').stake.stepsOre).toContain(400); // news 11: a 4 kr. stake
  });

  it('a campaign’s spins at 1 kr. are on titles with a 1 kr. stake', () => {
    for (const c of texts.filter((x) => x.where.startsWith('campaign') && /spins à 1 kr\./.test(x.text))) {
      for (const name of NAMED.filter((n) => c.text.includes(n))) expect(title(name).stake.stepsOre, `${c.where}: ${name}`).toContain(100);
    }
  });

  it('no published text tells of a jackpot: there is none yet (a later issue), so those texts are drafts', () => {
    const published = texts.filter((x) => x.published);
    expect(published.length).toBeGreaterThan(20);
    for (const x of published) expect(x.text, x.where).not.toMatch(/jackpot|guldgrube/i);
  });

  it('no published text tells of live casino, table games or the new winners list: they come in a later issue, so those texts are drafts', () => {
    const published = texts.filter((x) => x.published);
    expect(published.length).toBeGreaterThan(20);
    for (const x of published) expect(x.text, x.where).not.toMatch(LATER_LIVE);
  });

  it('the texts describe no mechanics the games do not have', () => {
    const mechanics =
      /klyngegevinst|kaskade|frosne wilds|voksende wilds|stigende multiplikator|skattekort-bonus|runefunktion|mystiske symboler|7x7/i;
    for (const x of texts) expect(x.text, x.where).not.toMatch(mechanics);
  });
});

describe('the rest of the site’s published texts', () => {
  it('tell of no jackpots, live casino, table games or new winners list, none of which exists yet (a later issue)', () => {
    expect(siteTexts.length).toBeGreaterThan(20);
    for (const x of siteTexts) {
      expect(x.text, x.where).not.toMatch(LATER_LIVE);
      expect(x.text, x.where).not.toMatch(/jackpot|guldgrube/i);
    }
  });
});

describe('the footer’s partner logos', () => {
  it('name only studios with titles in the catalogue, each logo a file the storefront serves', () => {
    const footer = seed<{ partner_images: Record<string, { url: string; alt: string }[]> }>('footer.json');
    const partners = Object.values(footer.partner_images).flat();
    expect(partners.length).toBeGreaterThan(0);
    const studios = new Set(titles.map((t) => t.studio));
    for (const partner of partners) {
      expect(studios.has(partner.alt), partner.alt).toBe(true);
      // CONTENT_IMAGE_BASE/media/… is served from the web app's public/media/.
      expect(existsSync(new URL(`../../web/public/media/${partner.url.split('/media/')[1]}`, import.meta.url)), partner.url).toBe(true);
    }
  });
});
