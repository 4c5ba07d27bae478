import { existsSync, readFileSync } from 'node:fs';
import {
  contributionRate,
  JACKPOT_POOLS,
  JACKPOTS,
  jackpotFeeds,
  MONEY_WHEEL_COUNTS,
  MONEY_WHEEL_FIELDS,
  MONEY_WHEEL_MULTIPLIERS,
  MONEY_WHEEL_NUMBERS,
  moneyWheelRtp,
  PPM,
  rouletteRtp,
  SHARED_HAND_RTP,
  SHARED_HAND_RULES,
  type MoneyWheelNumber,
  type Title,
} from '@krone/games-math';
import { loadTitles } from '@krone/games-math/titles';
import { describe, expect, it } from 'vitest';
import { LIVE_TABLES, publishedFigures } from '../../sims/src/live/floor.js';
import { WAGERING_CONTRIBUTION_PERCENT } from '../src/bonus/wagering.js';

// The site's seeded news and campaigns name slot titles and studios; a player must find every one of
// them in the catalogue (packages/games-math/titles, named in the tuner's plan: NAMED_TITLES in
// packages/games-math/scripts/tune-plan.ts), with the figures the text states. Drafts too: a draft
// goes out as it stands the day an editor publishes it.

const seed = <T>(file: string) => JSON.parse(readFileSync(new URL(`../src/content/seed/${file}`, import.meta.url), 'utf8')) as T;
const plain = (text: string) => text.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

type News = { newsId: number; newsSlug: string; status: string; publicDate: string; title: string; subLine: string; body: string };
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

type Page = { slug: string; status: string; title: string; metaDescription: string; body: string };
type Landing = { landingById: string; status: string };
type Seo = { slug: string; metaTitle: string; metaDescription: string; metaKeyWords: string; ogtitle: string; ogdescription: string };
type Home = {
  banners: { slides?: { title: string; text: string; ctaUrl: string }[]; title?: string; text?: string; ctaUrl?: string }[];
  categories: { title: string; text: string; url: string }[];
};
const home = seed<{ home: Home }>('main-contents.json').home;
/**
 * The published pages, landing pages, footer, SEO texts and start page. The table games (issue 24), the
 * live casino (issue 25), the jackpots and the new winners (issue 26) are built: their texts are checked
 * as any other.
 */
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
  ...seed<Seo[]>('seo.json').map((entry) => ({
    where: `seo ${entry.slug}`,
    text: [entry.metaTitle, entry.metaDescription, entry.metaKeyWords, entry.ogtitle, entry.ogdescription].join(' '),
  })),
  ...Object.entries(seed<Record<string, Record<string, string>>>('translations.json').seo!).map(([key, text]) => ({
    where: `translation seo.${key}`,
    text,
  })),
  ...home.banners
    .flatMap((banner) => banner.slides ?? [{ title: banner.title!, text: banner.text!, ctaUrl: banner.ctaUrl! }])
    .map((slide) => ({ where: `start page banner ${slide.title}`, text: `${slide.title} ${slide.text}` })),
  ...home.categories.map((category) => ({ where: `start page category ${category.title}`, text: `${category.title} ${category.text}` })),
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
  'Anker og Fyr',
  'Isdronningens Is',
  'Gulddaler',
  'Sølvlaksen',
  'Gyldne Gåsevinger',
  'Rensdyrenes Magi',
  'Søde Gaver',
  'Odins Guld',
  'Bondens Guld',
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

  it('the texts describe no mechanics the games do not have', () => {
    const mechanics =
      /klyngegevinst|kaskade|frosne wilds|voksende wilds|stigende multiplikator|skattekort-bonus|runefunktion|mystiske symboler|7x7/i;
    for (const x of texts) expect(x.text, x.where).not.toMatch(mechanics);
  });
});

// The jackpots (issue 26): two jackpots, four must-drop pools (packages/games-math/src/jackpot/pools.ts).
// A published text may tell of them only as they are: their names, the titles that feed them, and each
// pool's rate, seed and cap from the maths, never typed in here. What a pool has reached and what was
// won, and by whom, happen on the platform and are shown live on /jackpots and /nyevindere: no text
// states them. A text that does (news 8's million, news 11's winner, news 26's "Guldgruben", a daily
// jackpot that does not exist) stays a draft.
const JACKPOT_NEWS = 'kronejackpotten-og-guldjackpotten';
/** Every published text that tells of a jackpot or one of its pools. */
const jackpotTexts = [...texts.filter((x) => x.published), ...siteTexts].filter((x) =>
  /jackpot|guldgrube|\b(?:Mini|Midi|Maxi)\b/i.test(x.text),
);
const poolsOf = (jackpotId: string) => JACKPOT_POOLS.filter((pool) => pool.jackpot === jackpotId);
/** What a figure can belong to: a pool, or a jackpot (its pools together). */
const jackpotThings = [
  ...JACKPOT_POOLS.map((pool) => ({ name: pool.name, pools: [pool] })),
  ...JACKPOTS.map((jackpot) => ({ name: jackpot.name, pools: poolsOf(jackpot.id) })),
];
/** The pool or jackpot a figure at `index` of `text` belongs to: the last one named before it. */
const jackpotBefore = (text: string, index: number) => {
  let found: (typeof jackpotThings)[number] | undefined;
  let at = -1;
  for (const thing of jackpotThings) {
    const i = text.lastIndexOf(thing.name, index);
    if (i > at) [found, at] = [thing, i];
  }
  return found;
};
/** Kroner as the texts write them: 200000000 øre → "2.000.000 kr." */
const krDa = (ore: number) => `${String(ore / 100).replace(/\B(?=(\d{3})+(?!\d))/g, '.')} kr.`;
/** A share in ppm as the texts write it: 5000 → "0,5 %", 10000 → "1 %". */
const ppmDa = (ppm: number) => `${String(ppm / 10_000).replace('.', ',')} %`;
const jackpotStated = (pattern: RegExp) =>
  jackpotTexts.flatMap((x) =>
    [...x.text.matchAll(pattern)].map((m) => ({ where: `${x.where}: "${m[0]}"`, m, thing: jackpotBefore(x.text, m.index) })),
  );
const feeds = jackpotFeeds(titles);
const COUNT_DA = ['ingen', 'én', 'to', 'tre', 'fire', 'fem', 'seks'];
const capitalise = (word: string) => word[0]!.toUpperCase() + word.slice(1);
const feedsPool = (name: string, poolId: string) => feeds.some((feed) => feed.gameId === title(name).id && feed.poolId === poolId);

/** What the jackpots are not; a published text that tells of it is not true. */
const NOT_JACKPOTS: [RegExp, string][] = [
  [/guldgrube/i, 'no "Guldgruben"'],
  [/daglig|dagens jackpot|hver dag|inden kl\.|senest kl\.|\bkl\. ?\d/i, 'no daily or timed jackpot: a pool falls by its amount'],
  [/million|\bmio\b/i, 'no million reached or won (a pool’s amounts are live, not content)'],
  [/\d[\d.,]*\s*(?:kroner|øre)\b/i, 'amounts in kroner only as "… kr.": the seeds and caps'],
  [
    /(?:vandt|vundet|udløste|udløst|udbetalt|udbetalte|rundet|rundede|passeret|passerede|nået|nåede|rekord)\D{0,60}\d/i,
    'no amount won or reached, no count of hits',
  ],
  [/\d[\d.,]*\s*kr\.[^<]{0,40}?(?:vandt|vundet|udløst|rundet|passeret|nået)/i, 'no amount won or reached'],
  [/vinderen er|en spiller fra|spiller fra [A-ZÆØÅ]|\d+ vindere/i, 'no winner named or counted in content'],
  [/på et tilfældigt spin|uanset indsatsens størrelse|højere indsats giver/i, 'a pool falls by its drawn amount, not a random spin'],
];

describe('the jackpots the published texts tell of', () => {
  it('is told of by the jackpots’ news, the start page and the SEO texts', () => {
    const where = jackpotTexts.map((x) => x.where);
    expect(where).toEqual(expect.arrayContaining(['news 36', 'start page category Jackpots', 'seo jackpots']));
    // What never happened stays a draft.
    const drafts = news.filter((n) =>
      ['kronejackpotten-runder-1-million', 'spiller-fra-aarhus-vinder-kronejackpotten', 'guldgruben-slaar-rekord'].includes(n.newsSlug),
    );
    expect(drafts.map((n) => n.status)).toEqual(['draft', 'draft', 'draft']);
  });

  it('publishes no story of a win that no round on the platform made (the new winners are /nyevindere’s, from real rounds)', () => {
    // Winner stories with made-up amounts (a player from Odense, from Aalborg): drafts.
    const stories = news.filter((n) =>
      ['stor-gevinst-paa-stormflod-til-spiller-fra-odense', 'spiller-fra-aalborg-vinder-paa-rubinrosen'].includes(n.newsSlug),
    );
    expect(stories.map((n) => n.status)).toEqual(['draft', 'draft']);
    const published = news.filter((n) => n.status === 'published');
    for (const n of published)
      expect(`${n.title} ${n.subLine} ${n.body}`, `news ${n.newsId}`).not.toMatch(/en spiller fra [A-ZÆØÅ]|vandt \d[\d.]* kr\./i);
  });

  it('tells of nothing the jackpots are not', () => {
    for (const x of jackpotTexts) for (const [pattern, why] of NOT_JACKPOTS) expect(x.text, `${x.where}: ${why}`).not.toMatch(pattern);
  });

  it('names only the jackpots and pools there are', () => {
    expect(JACKPOTS.map((jackpot) => jackpot.name)).toEqual(['Kronejackpotten', 'Guldjackpotten']);
    for (const { where, m } of jackpotStated(/\b[A-ZÆØÅ][a-zæøå]*jackpot(?:ten|pen)\b/g))
      expect(
        JACKPOTS.map((jackpot) => jackpot.name),
        where,
      ).toContain(m[0]);
    for (const { where, m } of jackpotStated(/\b[A-ZÆØÅ][a-zæøå]+ (?:Mini|Midi|Maxi|Mega|Major|Minor|Grand|Super)\b/g))
      expect(
        JACKPOT_POOLS.map((pool) => pool.name),
        where,
      ).toContain(m[0]);
  });

  it('states each pool’s rate, seed and cap as the maths has them, and no other amount', () => {
    // Every amount is the seed or the cap of the pool named before it (a network jackpot's: its one pool's).
    const amounts = jackpotStated(/(\d{1,3}(?:\.\d{3})*(?:,\d{2})?) kr\./g);
    expect(amounts.length).toBeGreaterThanOrEqual(2 * JACKPOT_POOLS.length);
    for (const { where, m, thing } of amounts) {
      expect(thing, where).toBeDefined();
      expect(thing!.pools.length, `${where}: a tiered jackpot's amounts are its pools'`).toBe(1);
      expect([krDa(thing!.pools[0]!.seedOre), krDa(thing!.pools[0]!.capOre)], where).toContain(m[0]);
    }
    // Every share is the rate of the pool named before it, or a jackpot's pools' together (what a title of it gives).
    const shares = jackpotStated(/(\d+(?:,\d+)?) %/g);
    expect(shares.length).toBeGreaterThanOrEqual(JACKPOT_POOLS.length);
    for (const { where, m, thing } of shares) {
      expect(thing, where).toBeDefined();
      expect(ppmDa(thing!.pools.reduce((sum, pool) => sum + pool.ratePpm, 0)), where).toBe(m[0]);
    }
  });

  it('the jackpots’ news tells of every pool, links to /jackpots and /nyevindere, and names titles that feed them', () => {
    const item = news.find((n) => n.newsSlug === JACKPOT_NEWS)!;
    expect(item.status).toBe('published');
    const text = newsText(item.newsId);
    expect(text).toContain(`${capitalise(COUNT_DA[JACKPOTS.length]!)} jackpots med ${COUNT_DA[JACKPOT_POOLS.length]} puljer`);
    expect(text).toContain(`${JACKPOTS[1]!.name} har ${COUNT_DA[poolsOf(JACKPOTS[1]!.id).length]} puljer`);
    for (const pool of JACKPOT_POOLS) {
      const section = text.slice(text.indexOf(pool.name));
      expect(section, pool.name).toMatch(
        new RegExp(
          `^${pool.name}[^%]*?${ppmDa(pool.ratePpm)}[^]*?starter på ${krDa(pool.seedOre)} og falder senest ved ${krDa(pool.capOre)}`,
          'i',
        ),
      );
    }
    // A Guld title gives its three pools' rates together, as the news says.
    const guld = JACKPOTS.find((jackpot) => jackpot.kind === 'tiered')!;
    expect(text).toContain(`i alt ${ppmDa(poolsOf(guld.id).reduce((sum, pool) => sum + pool.ratePpm, 0))} af indsatsen`);
    expect(contributionRate(feeds.filter((feed) => feed.gameId === title('Odins Guld').id))).toBe(
      poolsOf(guld.id).reduce((sum, pool) => sum + pool.ratePpm, 0) / PPM,
    );
    expect(item.body).toContain('href="/jackpots"');
    expect(item.body).toContain('href="/nyevindere"');
    // The feeding titles as the news tells of them: the network jackpot's by their fruit, sevens and
    // cherries, the Guld tiers' by their name ending in "Guld" (the maths' JACKPOTS decide; checked both ways).
    expect(text).toContain('spilleautomater med frugt, syvtaller eller kirsebær');
    const motifs = new Set(
      titles.filter((t) => feeds.some((f) => f.gameId === t.id && f.poolId === 'kronejackpotten')).map((t) => t.theme.motif),
    );
    expect([...motifs].sort()).toEqual(['cherry', 'fruit', 'seven']);
    expect(text).toContain(`${guld.familyName}: alle spilleautomater, hvis navn ender på »Guld«`);
    for (const t of titles)
      for (const pool of poolsOf(guld.id)) expect(feedsPool(t.name, pool.id), `${t.name} ${pool.id}`).toBe(t.name.endsWith(' Guld'));
    for (const name of ['Frugtfesten 5', 'Kobberkronen']) {
      expect(text, name).toContain(name);
      expect(feedsPool(name, 'kronejackpotten'), name).toBe(true);
    }
    for (const name of ['Mølleriets Guld', 'Odins Guld'])
      for (const pool of poolsOf(guld.id)) {
        expect(text, name).toContain(name);
        expect(feedsPool(name, pool.id), `${name} ${pool.id}`).toBe(true);
      }
    expect(text).toContain('fx Bondens Guld, bidrager til begge jackpots');
    expect(JACKPOT_POOLS.every((pool) => feedsPool('Bondens Guld', pool.id))).toBe(true);
  });
});

// The live casino (issue 25): one outside studio, Lysmester Live, with three tables (its stand-in's
// floor, apps/sims/src/live/floor.ts). A published text may tell of them only as they are: their
// names, dealers, limits, timings and returns from the studio's own figures and the maths
// (games-math), never typed in here.
const LIVE_STUDIO = 'Lysmester Live';
const liveTables = LIVE_TABLES.map((spec) => ({ spec, figures: publishedFigures(spec) }));
type LiveTable = (typeof liveTables)[number];
const liveTable = (kind: LiveTable['spec']['kind']) => liveTables.find((t) => t.spec.kind === kind)!;
const fraction = (rtp: { numerator: number; denominator: number }) => rtp.numerator / rtp.denominator;
/** Every return to player a table's bets have, as fractions. */
const tableRtps = ({ spec }: LiveTable): number[] =>
  spec.kind === 'roulette'
    ? [fraction(rouletteRtp('european', 'straight'))]
    : spec.kind === 'blackjack'
      ? [SHARED_HAND_RTP]
      : MONEY_WHEEL_NUMBERS.map((number) => fraction(moneyWheelRtp(number)));
/** A return as a Danish percentage with `decimals` decimals: 0.972973 → "97,30". */
const percentDa = (rtp: number, decimals: number) => (rtp * 100).toFixed(decimals).replace('.', ',');
/** "5.000" → 500000 (øre). */
const oreOf = (kroner: string) => Number(kroner.replace(/\./g, '')) * 100;

/**
 * Every published text that tells of the live casino (`\b`: not "blive"). The bonus terms name it
 * only for its wagering weight (test/offers.test.ts checks that): their clauses on tournaments and
 * prize draws are every campaign's, not the live casino's. So do an offer's terms ("på bordspil og i
 * live casino 10 %", test/offers.test.ts): a text that names the live casino only for that weight
 * does not tell of it.
 */
const WAGERING_WEIGHT = /live[ -]?casino[^.%]{0,20}\d+ %/gi;
const liveTexts = [...texts.filter((x) => x.published), ...siteTexts].filter(
  (x) => x.where !== 'page bonusvilkaar' && /\blive\b|live[ -]?casino|dealer/i.test(x.text.replace(WAGERING_WEIGHT, '')),
);
/** The table a figure at `index` of `text` belongs to: the last table named before it. */
const tableBefore = (text: string, index: number): LiveTable | undefined => {
  let found: LiveTable | undefined;
  let at = -1;
  for (const t of liveTables) {
    const i = text.lastIndexOf(t.spec.name, index);
    if (i > at) [found, at] = [t, i];
  }
  return found;
};
/** Every match of `pattern` (global) in the live texts, with the table named before it. */
const stated = (pattern: RegExp) =>
  liveTexts.flatMap((x) =>
    [...x.text.matchAll(pattern)].map((m) => ({ where: `${x.where}: "${m[0]}"`, m, table: tableBefore(x.text, m.index) })),
  );

/** What the live casino does not have; a published text that tells of it is not true. */
const NOT_BUILT: [RegExp, string][] = [
  [/baccarat/i, 'no baccarat table'],
  [/byd bag|bet behind/i, 'no bets on another player’s hand'],
  [/chat/i, 'no chat'],
  [/\b(?:\d+|fem|seks|syv|otte) pladser|ledige? pladser?\b|kø ved bordene|bordet er fuldt|fulde borde/i, 'no seat limit (shared hand)'],
  [/bonusspil|bonusfelt|minispil|bonusrunde/i, 'no bonus games on the wheel'],
  [/(?<!ingen )video(?! ?poker)|kamera|stream|\bHD\b/i, 'no video ("der er ingen video" is true): the studio draws its tables'],
  [/dansktalende|danske dealere|på dansk|rigtige? dealere?|ægte dealere?/i, 'no real or Danish-speaking dealers, a dealer’s name only'],
  [/\bkl\. ?\d|åbningstid|hver aften|til midnat|fra eftermiddag/i, 'no opening hours: the tables run round the clock'],
  [/tæller fuldt med|tæller (?:med )?100 %/i, `live stakes count ${WAGERING_CONTRIBUTION_PERCENT.live} % toward the wagering`],
  [/gratis ?spins?|free ?spins?/i, 'no free spins'],
];

describe('the live casino the published texts tell of', () => {
  it('is told of by the live news, the landing page, the start page and the SEO texts', () => {
    const where = liveTexts.map((x) => x.where);
    expect(where).toEqual(
      expect.arrayContaining([
        'news 5',
        'news 14',
        'news 22',
        'landing page live-casino',
        'start page banner Live casino døgnet rundt',
        'start page category Live casino',
        'seo live-casino',
      ]),
    );
  });

  it('tells of nothing the studio does not have', () => {
    for (const x of liveTexts) for (const [pattern, why] of NOT_BUILT) expect(x.text, `${x.where}: ${why}`).not.toMatch(pattern);
  });

  it('names only the studio’s three tables, each with its own dealer, and no other studio', () => {
    expect(liveTables.map((t) => t.spec.name)).toEqual(['Krone Roulette Live', 'Nattergal Blackjack', 'Karrusellen Live']);
    const known = [...liveTables.map((t) => t.spec.name), LIVE_STUDIO];
    // A name of capitalised words ending in a game or "Live" ("Kongens Baccarat", "Nattergal Blackjack VIP").
    // Not the first part of a compound word: "Live Blackjack-mesterskabet" is a campaign's name.
    const named = stated(/(?:[A-ZÆØÅ][A-Za-zÆØÅæøå]*\s)+(?:Roulette|Blackjack|Baccarat|Poker|Live)(?!-)(?:\s(?:VIP|\d+)\b)?/g);
    expect(named.length).toBeGreaterThan(10);
    for (const { where, m } of named)
      expect(
        known.some((name) => m[0] === name || m[0].endsWith(` ${name}`)),
        where,
      ).toBe(true);
    for (const t of liveTables) expect(liveTexts.filter((x) => x.text.includes(t.spec.name)).length, t.spec.name).toBeGreaterThan(2);
    const dealers = stated(/[Dd]ealer(?:en)?(?::| er| hedder)? ([A-ZÆØÅ][a-zæøå]+)/g);
    expect(dealers.map(({ m }) => m[1]).sort()).toEqual(expect.arrayContaining(['Ida', 'Mads', 'Sofie']));
    for (const { where, m, table } of dealers) expect(table?.spec.dealer, where).toBe(m[1]);
    for (const { where, m } of stated(/studiet ([A-ZÆØÅ][a-zæøå]+(?: [A-ZÆØÅ][a-zæøå]+)?)/g)) expect(m[1], where).toBe(LIVE_STUDIO);
  });

  it('states each table’s returns, limits and timings as the studio’s maths has them', () => {
    // Every return with decimals ("97,30 %", "99,5155 %") is one of its table's bets', and none is rounded to whole percent.
    expect(stated(/RTP (?:på |fra |til )?\d+ %/g).map(({ where }) => where)).toEqual([]);
    const rtps = stated(/(\d{2}),(\d{1,4}) %/g);
    expect(rtps.length).toBeGreaterThan(8);
    for (const { where, m, table } of rtps) {
      expect(table, where).toBeDefined();
      expect(
        tableRtps(table!).map((rtp) => percentDa(rtp, m[2]!.length)),
        where,
      ).toContain(`${m[1]},${m[2]}`);
    }
    // The studio publishes the same figures (its lobby, the catalogue): the roulette's and the blackjack's.
    expect(liveTable('roulette').figures.rtp).toBeCloseTo(fraction(rouletteRtp('european', 'straight')), 6);
    expect(liveTable('blackjack').figures.rtp).toBe(SHARED_HAND_RTP);
    const roulette = `RTP på ${percentDa(liveTable('roulette').figures.rtp, 2)} %`;
    const blackjack = `RTP på ${percentDa(SHARED_HAND_RTP, 2)} % med grundstrategi`;
    expect(liveTexts.filter((x) => x.text.includes(roulette)).length, roulette).toBeGreaterThanOrEqual(2);
    expect(liveTexts.filter((x) => x.text.includes(blackjack)).length, blackjack).toBeGreaterThanOrEqual(2);

    // The wheel: each number's fields and return, its range, its fields, multipliers and largest win.
    const perNumber = stated(/\b(\d+): (\d+) felt(?:er)?, RTP (\d{2},\d{2}) %/g);
    expect(perNumber).toHaveLength(MONEY_WHEEL_NUMBERS.length);
    for (const { where, m } of perNumber) {
      const number = Number(m[1]) as MoneyWheelNumber;
      expect(MONEY_WHEEL_NUMBERS, where).toContain(number);
      expect(Number(m[2]), where).toBe(MONEY_WHEEL_COUNTS[number]);
      expect(m[3], where).toBe(percentDa(fraction(moneyWheelRtp(number)), 2));
    }
    const wheel = tableRtps(liveTable('money-wheel'));
    for (const { where, m } of stated(/RTP fra (\d{2},\d{2}) % til (\d{2},\d{2}) %/g))
      expect([m[1], m[2]], where).toEqual([percentDa(Math.min(...wheel), 2), percentDa(Math.max(...wheel), 2)]);
    for (const { where, m } of stated(/lykkehjul med (\d+) felter/g)) expect(Number(m[1]), where).toBe(MONEY_WHEEL_FIELDS);
    for (const { where, m } of stated(/(\d+)× og (\d+)×/g))
      expect([Number(m[1]), Number(m[2])], where).toEqual([...MONEY_WHEEL_MULTIPLIERS]);
    const largest = stated(/største gevinst.{0,40}?(\d[\d.]*) (?:gange indsatsen|til 1)/g);
    expect(largest.length).toBeGreaterThanOrEqual(2);
    for (const { where, m, table } of largest) {
      const { units, cost } = table!.figures.largestWin;
      expect(oreOf(m[1]!) / 100, where).toBe(units / cost - 1);
    }

    // Limits: a bet's least and most, a round's most, per table.
    const least = stated(/fra (\d[\d.]*) kr\./g);
    const most = stated(/til (\d[\d.]*) kr\./g);
    const round = stated(/højst (\d[\d.]*) kr\. i alt pr\. runde/g);
    expect([least.length, most.length, round.length].every((count) => count >= 2)).toBe(true);
    for (const { where, m, table } of least) expect(oreOf(m[1]!), where).toBe(table!.spec.minBetOre);
    for (const { where, m, table } of most) expect(oreOf(m[1]!), where).toBe(table!.spec.maxBetOre);
    for (const { where, m, table } of round) expect(oreOf(m[1]!), where).toBe(table!.figures.maxRoundStake);

    // Timings: the betting time, and at the blackjack table the time for decisions.
    for (const { where, m, table } of stated(/(\d+) sekunder/g)) {
      const { spec } = table!;
      expect(
        [spec.bettingMs, ...(spec.kind === 'blackjack' ? [spec.playMs] : [])].map((ms) => ms / 1000),
        where,
      ).toContain(Number(m[1]));
    }

    // The blackjack's rules.
    const rules = SHARED_HAND_RULES;
    for (const { where, m } of stated(/[Bb]lackjack betaler (\d+):(\d+)/g))
      expect([Number(m[1]), Number(m[2])], where).toEqual([rules.blackjackPays.numerator, rules.blackjackPays.denominator]);
    const DECKS: Record<string, number> = { seks: 6, otte: 8 };
    for (const { where, m } of stated(/(\d+|seks|otte) kortspil/gi))
      expect(DECKS[m[1]!.toLowerCase()] ?? Number(m[1]), where).toBe(rules.decks);
    for (const { where } of stated(/står på blød 17/g)) expect(rules.dealerHitsSoft17, where).toBe(false);
    for (const { where } of stated(/[Ii]ngen forsikring/g)) expect(rules.insurance, where).toBe(false);
    for (const { where } of stated(/ingen surrender/g)) expect(rules.surrender, where).toBe('none');
  });

  it('states the weight live stakes count toward a bonus’s wagering as the platform counts it', () => {
    const { live } = WAGERING_CONTRIBUTION_PERCENT;
    // A prize paid "uden omsætningskrav" (the championship's) states no weight.
    const wagering = liveTexts.filter((x) => /omsætningskrav/i.test(x.text.replace(/uden omsætningskrav/gi, '')));
    expect(wagering.map((x) => x.where)).toContain('landing page live-casino');
    for (const x of wagering) expect(x.text, x.where).toMatch(new RegExp(`live casino tæller med ${live} % i omsætningskrav`));
    for (const { where, m } of stated(/en indsats på (\d+) kr\. tæller som (\d+) kr\./g))
      expect(Number(m[2]), where).toBe((Number(m[1]) * live) / 100);
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
