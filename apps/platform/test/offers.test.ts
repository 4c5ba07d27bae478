import { readFileSync } from 'node:fs';
import { formatDateDa, formatKr } from '@krone/domain';
import { loadTitles } from '@krone/games-math/titles';
import { describe, expect, it } from 'vitest';
import { BONUS_MAX_BET_ORE, DANISH_BONUS_CAPS, freeRoundsValueOre, readBonusCodes, type BonusCode } from '../src/bonus/service.js';
import { WAGERING_CONTRIBUTION_PERCENT } from '../src/bonus/wagering.js';
import { editionOf, editionWindow, prizePool, TOURNAMENTS } from '../src/tournaments/definitions.js';

// Danish marketing rules: an offer the site shows must be one a player can get, with its real
// terms. The seeded offer texts (start page, welcome popup, registration, campaigns, landing
// pages, the FAQ) are checked against the operator's configured codes (bonus/codes.json): the
// spins a free-rounds code grants (issue 27) and any money bonus still shown.

const seed = (file: string) => JSON.parse(readFileSync(new URL(`../src/content/seed/${file}`, import.meta.url), 'utf8')) as unknown;
const raw = (file: string) => readFileSync(new URL(`../src/content/seed/${file}`, import.meta.url), 'utf8');
const SEED_FILES = [
  'main-contents.json',
  'campaigns.json',
  'landing-pages.json',
  'translations.json',
  'pages.json',
  'seo.json',
  'news.json',
];
const strings = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value)
      ? value.flatMap(strings)
      : value && typeof value === 'object'
        ? Object.values(value).flatMap(strings)
        : [];
const plain = (text: string) => text.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A code as a whole word: VELKOMST500, not a part of a longer code. */
const namesCode = (text: string, code: string) => new RegExp(`(?<![A-Z0-9])${escape(code)}(?![A-Z0-9])`).test(text);

type Campaign = { slug: string; status: string; startsAt: string; endsAt: string };
type Landing = { landingType: string; landingById: string; status: string };
type Page = { slug: string; body: string };
const campaigns = seed('campaigns.json') as Campaign[];
const translations = seed('translations.json') as Record<string, Record<string, string>>;
type Banner = { slides?: unknown[]; title?: string; text?: string };
const home = (seed('main-contents.json') as { home: { banners: Banner[] } }).home;
/** The start page's banners' slides, and its video banners' captions: each a place an offer may be shown. */
const bannerItems = home.banners.flatMap((banner) => banner.slides ?? [{ title: banner.title, text: banner.text }]);
const pages = seed('pages.json') as Page[];
const faq = pages.find((page) => page.slug === 'faq')!;

/** Each place an offer is shown, as one text: what the player reads there. */
const surfaces: [string, string][] = [
  ...bannerItems.map((slide, i): [string, string] => [`start page banner ${i + 1}`, plain(strings(slide).join(' '))]),
  ...campaigns
    .filter((campaign) => campaign.status === 'published' && new Date(campaign.endsAt) > new Date())
    .map((campaign): [string, string] => [`campaign ${campaign.slug}`, plain(strings(campaign).join(' '))]),
  ...(seed('landing-pages.json') as Landing[])
    .filter((page) => page.status === 'published')
    .map((page): [string, string] => [`landing page ${page.landingType}/${page.landingById}`, plain(strings(page).join(' '))]),
  ['welcome popup', `${translations.welcome_popup!.offer_text} ${translations.welcome_popup!.offer_terms}`],
  ['registration bonus choice', `${translations.register!.bonus_text} ${translations.register!.bonus_terms_short}`],
  [
    'welcome offer conditions',
    Object.entries(translations.condition!)
      .filter(([key]) => key.startsWith('welcome_'))
      .map(([, text]) => text)
      .join(' '),
  ],
  // Each question of the FAQ with its answer.
  ...[...faq.body.matchAll(/<h2>([^<]+)<\/h2>\s*((?:<p>[\s\S]*?<\/p>\s*)+)/g)].map((m): [string, string] => [
    `FAQ "${m[1]}"`,
    plain(`${m[1]} ${m[2]}`),
  ]),
];
const surface = (where: string) => surfaces.find(([name]) => name === where)?.[1];

/** Where the welcome offer is shown: each must be the welcome code's spins. */
const WELCOME_SURFACES = [
  'start page banner 1',
  'campaign velkomstbonus',
  'landing page velkomst/velkomstbonus',
  'welcome popup',
  'registration bonus choice',
  'welcome offer conditions',
  'FAQ "Hvad er velkomstbonussen?"',
];
/** A text that offers spins, or a money bonus. */
const SPINS_OFFER = /\d[\d.]*\s+(gratis ?)?spins\b|gratisspins|free[ -]?spins|spinværdi/i;
const MONEY_OFFER = /\d+ ?% (i )?bonus|bonus op til|op til [\d.]+ kr/i;

const titleNames = new Map(loadTitles().map((title) => [title.id, title.name]));
const DAY_NAMES = ['mandag', 'tirsdag', 'onsdag', 'torsdag', 'fredag', 'lørdag', 'søndag'];
/** A window's time as the texts write it: "00:00" → "00.00", its end "24:00" → "23.59". */
const clockDa = (time: string) => (time === '24:00' ? '23.59' : time.replace(':', '.'));
const PAYMENT_METHODS: Record<string, string> = { mobilepay: 'MobilePay', card: 'betalingskort' };

/**
 * What a text that offers a free-rounds code's spins gets wrong about them: the rounds and their
 * stake, the titles by name, the value, the minimum deposit, the wagering (multiple × (spin value +
 * deposit), computed, at the minimum deposit), the days, the maximum bet while the bonus is open
 * (larger stakes are refused, not "not counted"), and the rules of use (first deposit, method,
 * weekly window). On a campaign's page also how to get it and the code's dates. Empty when right.
 */
function spinsOfferProblems(text: string, code: BonusCode, onCampaignPage: boolean): string[] {
  const problems: string[] = [];
  const need = (ok: boolean, what: string) => {
    if (!ok) problems.push(what);
  };
  const value = freeRoundsValueOre(code);
  const wagering = code.wageringMultiple * (value + code.minDepositOre);
  need(
    text.includes(`${code.freeRounds} spins à ${formatKr(code.freeRoundStakeOre!)}`),
    `${code.freeRounds} spins à ${formatKr(code.freeRoundStakeOre!)}`,
  );
  for (const [, count, stake] of text.matchAll(/(\d[\d.]*) spins à (\d[\d.]*(?:,\d\d)? kr\.)/g))
    need(
      count === String(code.freeRounds) && stake === formatKr(code.freeRoundStakeOre!),
      `no other spins than the code's: ${count} à ${stake}`,
    );
  for (const id of code.freeRoundGameIds!)
    need(text.includes(titleNames.get(id) ?? `(no title ${id})`), `the title ${titleNames.get(id) ?? id}`);
  need(new RegExp(`værdi(?: er| på)? ${escape(formatKr(value))}`).test(text), `the value ${formatKr(value)}`);
  need(
    new RegExp(`(?:mindst|min\\.) ${escape(formatKr(code.minDepositOre))}`, 'i').test(text),
    `a deposit of at least ${formatKr(code.minDepositOre)}`,
  );
  need(
    new RegExp(
      `${code.wageringMultiple} × \\((?:spinværdi|${escape(formatKr(value))}) \\+ (?:indbetaling|${escape(formatKr(code.minDepositOre))})\\)`,
    ).test(text),
    `the wagering ${code.wageringMultiple} × (spinværdi + indbetaling)`,
  );
  need(text.includes(`= ${formatKr(wagering)}`), `the wagering at the minimum deposit: ${formatKr(wagering)}`);
  need(text.includes(`${code.grantValidDays} dage`), `${code.grantValidDays} dage`);
  for (const [, days] of text.matchAll(/\b(\d+) dage\b/g)) need(Number(days) === code.grantValidDays, `no other validity: ${days} dage`);
  need(
    new RegExp(`maks(?:\\.|imale?) indsats[^.]{0,40}${escape(formatKr(BONUS_MAX_BET_ORE))}`, 'i').test(text),
    `the maximum bet ${formatKr(BONUS_MAX_BET_ORE)}`,
  );
  need(!/indsatser over [\d.]+ kr\.? tæller ikke/i.test(text), 'a larger stake is refused, not "not counted"');
  if (code.firstDepositOnly) need(/første (indbetaling|gang)/i.test(text), 'the first deposit only');
  if (code.paymentMethod) {
    const method = PAYMENT_METHODS[code.paymentMethod] ?? code.paymentMethod;
    need(text.includes(method), `the payment method ${method}`);
    if (code.firstMethodDepositOnly)
      need(new RegExp(`første indbetaling med ${method}`, 'i').test(text), `the first deposit with ${method}`);
  }
  if (code.weeklyWindow) {
    const { days, from, until } = code.weeklyWindow;
    const [first, last] = [days[0]!, days[days.length - 1]!];
    // Hours of every day (the Christmas calendar's door, 10.00-23.59) are a daily window, not one from Monday to Sunday.
    const window =
      days.length === 7 && from !== '00:00'
        ? `hver dag fra kl. ${clockDa(from)} til kl. ${clockDa(until)}`
        : `${DAY_NAMES[first - 1]} kl. ${clockDa(from)} til ${DAY_NAMES[last - 1]} kl. ${clockDa(until)}`;
    need(text.includes(window), `the weekly window ${window}`);
  }
  if (onCampaignPage) {
    need(
      text.includes('Hent tilbud') && text.includes(`skriv bonuskoden ${code.code} i feltet Bonuskode`),
      'how to get it: Hent tilbud, or the code in the field Bonuskode',
    );
    if (!code.welcomeOffer)
      for (const date of [code.validFrom, new Date(code.validUntil.getTime() - 1000)])
        need(text.includes(formatDateDa(date)), `the campaign's dates: ${formatDateDa(date)}`);
  }
  return problems;
}

describe('offers the site shows', () => {
  const codes = readBonusCodes();
  const spinCodes = codes.filter((code) => code.kind === 'free_rounds');
  const now = new Date();

  it('configures no code outside the Danish bonus rules', () => {
    // The figures of danish-rules.md, typed here, not read from the code under test.
    expect(DANISH_BONUS_CAPS).toEqual({ maxBonusOre: 100_000, maxMatchPercent: 100, maxWageringMultiple: 10, minValidDays: 60 });
    expect(BONUS_MAX_BET_ORE).toBe(10_000);
    type Configured = {
      code: string;
      kind: string;
      matchPercent?: number;
      maxBonusOre?: number;
      freeRounds?: number;
      freeRoundStakeOre?: number;
      freeRoundGameIds?: string[];
      minDepositOre: number;
      wageringMultiple: number;
      grantValidDays: number;
    };
    const configured = JSON.parse(readFileSync(new URL('../src/bonus/codes.json', import.meta.url), 'utf8')) as Configured[];
    expect(configured.map((code) => code.code).sort()).toEqual(codes.map((code) => code.code).sort());
    for (const code of configured) {
      const valueOre = code.kind === 'free_rounds' ? code.freeRounds! * code.freeRoundStakeOre! : code.maxBonusOre!;
      expect(valueOre, `${code.code}: at most 1.000 kr.`).toBeLessThanOrEqual(100_000);
      expect(code.minDepositOre, `${code.code}: a deposit required`).toBeGreaterThan(0);
      if (code.kind === 'free_rounds')
        expect(valueOre, `${code.code}: at most 100 % of the deposit`).toBeLessThanOrEqual(code.minDepositOre);
      else expect(code.matchPercent, `${code.code}: at most 100 % of the deposit`).toBeLessThanOrEqual(100);
      expect(code.wageringMultiple, `${code.code}: at most 10 × (deposit + bonus)`).toBeLessThanOrEqual(10);
      expect(code.grantValidDays, `${code.code}: at least 60 days`).toBeGreaterThanOrEqual(60);
      for (const id of code.freeRoundGameIds ?? []) expect(titleNames.has(id), `${code.code}: ${id} in the catalogue`).toBe(true);
    }
  });

  it('has, for every code a campaign offers, that campaign published for as long as the code can be claimed, and no longer', () => {
    const offered = codes.filter((code) => code.campaignSlug && code.validUntil > now);
    expect(offered.map((code) => code.code)).toContain('VELKOMST500');
    for (const code of offered) {
      const campaign = campaigns.find((entry) => entry.slug === code.campaignSlug);
      expect(campaign, `${code.code}: campaign ${code.campaignSlug}`).toBeDefined();
      expect(campaign!.status, code.code).toBe('published');
      const [startsAt, endsAt] = [new Date(campaign!.startsAt).getTime(), new Date(campaign!.endsAt).getTime()];
      expect(startsAt, `${code.code}: the campaign starts no earlier than its code`).toBeGreaterThanOrEqual(code.validFrom.getTime());
      expect(startsAt, `${code.code}: the campaign shows while its code can be claimed`).toBeLessThanOrEqual(
        Math.max(code.validFrom.getTime(), now.getTime()),
      );
      expect(endsAt, `${code.code}: the campaign runs until its code ends`).toBeGreaterThanOrEqual(code.validUntil.getTime() - 1000);
      expect(endsAt, `${code.code}: the campaign ends with its code`).toBeLessThanOrEqual(code.validUntil.getTime());
    }
  });

  it('names, for every offer of spins, a configured free-rounds code with its rounds, stake, titles, deposit, wagering, days and maximum bet', () => {
    // A published news item that names a code (the Christmas calendar's announcement) is an offer too.
    const news = (seed('news.json') as { newsId: number; status: string }[])
      .filter((item) => item.status === 'published')
      .map((item): [string, string] => [`news ${item.newsId}`, plain(strings(item).join(' '))])
      .filter(([, text]) => codes.some((code) => namesCode(text, code.code)));
    expect(news.map(([where]) => where)).toContain('news 33');
    const offers = [...surfaces, ...news].filter(([, text]) => SPINS_OFFER.test(text));
    const campaignsWithCodes = codes
      .filter((code) => code.campaignSlug && code.validUntil > now)
      .map((code) => `campaign ${code.campaignSlug}`)
      .filter((where) => surface(where) !== undefined);
    expect(offers.map(([where]) => where)).toEqual(expect.arrayContaining([...WELCOME_SURFACES, ...campaignsWithCodes]));
    for (const [where, text] of offers) {
      const named = spinCodes.filter((code) => namesCode(text, code.code));
      expect(
        named.map((code) => code.code),
        `${where} names a configured free-rounds code`,
      ).not.toEqual([]);
      const campaign = where.startsWith('campaign ') ? where.slice('campaign '.length) : null;
      for (const code of named) {
        expect(spinsOfferProblems(text, code, campaign !== null), `${where}: ${code.code}`).toEqual([]);
        if (campaign !== null) expect(code.campaignSlug, `${where} offers its own campaign's code`).toBe(campaign);
      }
    }
  });

  it('catches a false offer of spins: the old weekend text, a wrong figure, a missing term', () => {
    const weekend = spinCodes.find((code) => code.code === 'WEEKENDSPINS')!;
    const right = plain(strings(campaigns.find((campaign) => campaign.slug === 'weekendspins')).join(' '));
    expect(spinsOfferProblems(right, weekend, true)).toEqual([]);
    const wrong: [string, string][] = [
      ['7 days', right.replace('gyldige i 60 dage', 'gyldige i 7 dage')],
      ['more spins', right.replace('50 spins à 1 kr. på', '100 spins à 1 kr. på')],
      ['a smaller deposit', right.replaceAll('mindst 200 kr.', 'mindst 100 kr.')],
      ['another wagering', right.replaceAll('= 2.500 kr.', '= 1.500 kr.')],
      ['not counted', `${right} Indsatser over 100 kr. tæller ikke med i omsætningskravet.`],
      ['no title', right.replaceAll('Kaperkaptajnen', 'spillet')],
      ['no window', right.replaceAll('søndag kl. 23.59', 'søndag aften')],
      ['no way to get it', right.replaceAll('i feltet Bonuskode', 'ved indbetaling')],
    ];
    for (const [what, text] of wrong) expect(spinsOfferProblems(text, weekend, true), what).not.toEqual([]);
  });

  it('shows the welcome offer as the spins of the welcome free-rounds code, and a money welcome bonus nowhere', () => {
    const welcome = codes.filter((code) => code.welcomeOffer && code.kind === 'free_rounds');
    expect(welcome.map((code) => code.code)).toEqual(['VELKOMST500']);
    for (const where of WELCOME_SURFACES) {
      const text = surface(where);
      expect(text, where).toBeDefined();
      expect(namesCode(text!, 'VELKOMST500'), where).toBe(true);
      expect(text, where).not.toMatch(MONEY_OFFER);
    }
    // A money welcome code (VELKOMST100) stays configured, for whoever holds it, but is offered nowhere.
    const moneyWelcome = codes.filter((code) => code.welcomeOffer && code.kind === 'money');
    expect(moneyWelcome.map((code) => code.code)).toContain('VELKOMST100');
    for (const code of moneyWelcome) {
      for (const file of SEED_FILES) expect(namesCode(raw(file), code.code), `${file} names ${code.code}`).toBe(false);
      expect(code.campaignSlug, code.code).toBeNull();
    }
  });

  it('names, for every money bonus offered, a configured code, with its real amount, match, minimum deposit, wagering, days and maximum bet', () => {
    const offers = surfaces.filter(([, text]) => MONEY_OFFER.test(text));
    for (const [where, text] of offers) {
      const named = codes.filter((code) => code.kind === 'money' && namesCode(text, code.code));
      expect(
        named.map((code) => code.code),
        `${where} names a configured money code`,
      ).not.toEqual([]);
      for (const code of named) {
        expect(text, where).toContain(`${code.matchPercent} %`);
        expect(text, where).toContain(`op til ${formatKr(code.maxBonusOre)}`);
        expect(text, where).toMatch(new RegExp(`(mindst|min\\.) ${escape(formatKr(code.minDepositOre))}`, 'i'));
        if (/omsætningskrav/i.test(text))
          expect(text, where).toMatch(
            new RegExp(
              `${code.wageringMultiple} [x×] \\(indbetaling \\+ bonus\\)|${code.wageringMultiple} gange indbetaling(en)? plus bonus`,
              'i',
            ),
          );
        if (/dage/.test(text)) expect(text, where).toContain(`${code.grantValidDays} dage`);
        if (/indsats/i.test(text))
          expect(text, where).toMatch(new RegExp(`maks(\\.|imale?) indsats[^.]{0,40}${escape(formatKr(BONUS_MAX_BET_ORE))}`, 'i'));
      }
    }
  });
});

// Issue 22 §5: the terms shown with the offer state how each game type counts toward the wagering
// (the weights the platform counts by) and that withdrawing while the bonus is open forfeits it.
describe('the bonus terms shown with an offer', () => {
  const bonusTerms = pages.find((page) => page.slug === 'bonusvilkaar')!;
  // Every text that offers a bonus, but the start page's banner and the FAQ's short answer, which
  // lead to the campaign's page and its terms.
  const withTerms: [string, string][] = [
    ...surfaces.filter(
      ([where, text]) =>
        (SPINS_OFFER.test(text) || MONEY_OFFER.test(text)) && !where.startsWith('start page banner') && !where.startsWith('FAQ '),
    ),
    ['bonus terms page', plain(bonusTerms.body)],
  ];

  // The catalogue holds slots, table games (issue 24) and live tables (issue 25), and wagering weighs a
  // stake by its title's type (bonus/wagering.ts). The bonus terms state every type's weight as the
  // platform counts it; the shorter texts shown with the offer state the slots' and point to the
  // terms, and whatever type one of them names, it names with its weight.
  const TYPE_WORDS = { slot: 'spilleautomater', table: 'bordspil', live: 'live casino' } as const;
  it('state the contribution of each game type in play to the wagering, as the platform counts it', () => {
    expect(withTerms.map(([where]) => where)).toEqual(
      expect.arrayContaining([
        ...WELCOME_SURFACES.filter((where) => !where.startsWith('start page banner') && !where.startsWith('FAQ ')),
        'bonus terms page',
      ]),
    );
    const weight = (type: keyof typeof TYPE_WORDS) =>
      new RegExp(`${TYPE_WORDS[type]}[^.%]{0,60}${WAGERING_CONTRIBUTION_PERCENT[type]} %`, 'i');
    for (const [where, text] of withTerms) {
      expect(text, where).toMatch(weight('slot'));
      for (const type of ['table', 'live'] as const)
        if (new RegExp(TYPE_WORDS[type], 'i').test(text)) expect(text, `${where}: ${type}`).toMatch(weight(type));
      expect(text, where).not.toMatch(/alle (dine )?indsatser tæller (fuldt )?med/i);
    }
    const terms = plain(bonusTerms.body);
    for (const type of ['slot', 'table', 'live'] as const) expect(terms, type).toMatch(weight(type));
    // The worked example counts a live or table stake at its weight: 1.000 kr. counts 100 kr.
    expect(terms).toMatch(/1\.000 kr\. på bordspil eller i live casino, tæller det 100 kr\./);
    expect(WAGERING_CONTRIBUTION_PERCENT).toMatchObject({ table: 10, live: 10 });
  });

  it('state that withdrawing while the bonus is open forfeits it, and nowhere that a withdrawal leaves it as it is', () => {
    for (const [where, text] of withTerms) {
      expect(text, where).toMatch(/udbetal[^.]{0,40}mens (en )?bonus(sen)? er aktiv[^.]{0,20}(bortfalder|fjerner) bonussen/i);
      // Free rounds still to play go with it (the withdrawal asks first).
      if (SPINS_OFFER.test(text)) expect(text, where).toMatch(/(bortfalder|fjerner) bonussen[^.]{0,40}(ubrugte )?spins|ubrugte spins/i);
    }
    for (const file of ['main-contents.json', 'campaigns.json', 'landing-pages.json', 'translations.json', 'pages.json']) {
      expect(raw(file), file).not.toMatch(/påvirker ikke (en aktiv |bonussen)|udbetaling påvirker ikke/i);
    }
  });
});

describe('the tournaments the campaigns offer (tournaments/tournaments.json)', () => {
  const published = campaigns.filter((campaign) => campaign.status === 'published');
  const textOf = (campaign: Campaign) => plain(strings(campaign).join(' '));

  it('are each backed by a tournament the platform runs: no published campaign tells of a tournament or a draw that does not exist', () => {
    const backed = new Set(TOURNAMENTS.map((tournament) => tournament.campaignSlug));
    for (const campaign of published) {
      if (/turnering|mesterskab|lodtrækning|leaderboard|stilling/i.test(`${(campaign as { title?: string }).title} ${textOf(campaign)}`))
        expect(backed.has(campaign.slug), campaign.slug).toBe(true);
    }
    for (const tournament of TOURNAMENTS)
      expect(
        campaigns.find((campaign) => campaign.slug === tournament.campaignSlug),
        tournament.slug,
      ).toBeDefined();
  });

  it('state the rule, the titles, the minimum stake, the tie rule, every prize and the pool as the platform pays them, over the editions it runs', () => {
    for (const tournament of TOURNAMENTS) {
      const campaign = published.find((entry) => entry.slug === tournament.campaignSlug);
      if (!campaign) continue;
      const text = textOf(campaign);
      const where = campaign.slug;
      if (tournament.rule.kind === 'best_multiplier') {
        for (const id of tournament.rule.gameIds) expect(text, `${where}: ${id}`).toContain(titleNames.get(id) ?? `(no title ${id})`);
        expect(text, where).toContain(`mindst ${formatKr(tournament.rule.minStakeOre)} pr. spin`);
        expect(text, where).toMatch(/største enkeltgevinst divideret med indsatsen/);
        expect(text, where).toMatch(/bonusmidler eller med gratis spins[^.]*tæller ikke/);
        expect(text, where).toMatch(/vinder den spiller, der først opnåede scoren/);
      } else if (tournament.rule.kind === 'draw') {
        // The Thursday draw: its table, its evening, the rounds and stake that give a ticket, one ticket each.
        expect(tournament.rule.gameIds, where).toEqual(['krone-roulette-live']);
        expect(text, where).toContain('Krone Roulette Live');
        expect(tournament.window, where).toEqual({ weekday: 4, from: '19:00', to: '22:00' });
        expect(text, where).toContain('hver torsdag');
        expect(text, where).toContain('19.00-22.00 dansk tid');
        expect(text, where).toContain(`mindst ${tournament.rule.minRounds} runder ved Krone Roulette Live i tidsrummet`);
        expect(text, where).toContain(`samlet indsats på mindst ${formatKr(tournament.rule.minStakeOre)}`);
        expect(text, where).toMatch(/ét lod pr\. torsdag, uanset antal runder/);
        expect(text, where).toContain('Du deltager automatisk');
        const pool = prizePool(tournament);
        expect(tournament.prizes, where).toHaveLength(1);
        expect(text, where).toContain(`${pool.places} vindere, som hver modtager ${formatKr(tournament.prizes[0]!.prizeOre)}`);
        expect(text, where).toContain(`${pool.places} præmier à ${formatKr(tournament.prizes[0]!.prizeOre)}`);
        expect(text, where).toMatch(/kontanter uden omsætningskrav/);
        expect(text, where).toMatch(/inden for en time efter tidsrummets afslutning/);
        const first = editionOf(tournament, tournament.firstEdition)!;
        const last = editionOf(tournament, tournament.lastEdition!)!;
        expect(text, where).toContain(`fra ${formatDateDa(first.startsAt)} til og med ${formatDateDa(last.startsAt)}`);
        expect(new Date(campaign.startsAt).getTime(), where).toBeLessThanOrEqual(first.startsAt.getTime());
        expect(new Date(campaign.endsAt).getTime(), where).toBe(last.endsAt.getTime() - 1_000);
        continue;
      } else {
        // The live tables by the name the live lobby gives them (the studio's: Nattergal Blackjack).
        expect(tournament.rule.gameIds, where).toEqual(['nattergal-blackjack']);
        expect(text, where).toContain('Nattergal Blackjack');
        expect(text, where).toMatch(/1 point for (en|hver) vundet hånd og 2 point for (en|hver) blackjack/);
        expect(text, where).toMatch(/uafgjort \(push\), og en tabt hånd giver ingen point/);
        expect(text, where).toContain(`indsats ved bordets start er mindst ${formatKr(tournament.rule.minStakeOre)}`);
        expect(text, where).toMatch(/vinder den spiller, der først nåede pointtallet/);
      }
      const pool = prizePool(tournament);
      expect(text, where).toContain(`${formatKr(pool.totalOre)}`);
      expect(text, where).toContain(`${pool.places} bedst placerede spillere`);
      expect(text, where).toMatch(/højst 1\.000 kr\./);
      for (const band of tournament.prizes) {
        const place = band.fromRank === band.toRank ? `${band.fromRank}. plads` : `${band.fromRank}.-${band.toRank}. plads`;
        expect(text, `${where}: ${place}`).toContain(`${place} ${formatKr(band.prizeOre)}`);
      }
      // No other prize sum than the bands' (a stale "10.000 kr." first prize would be one).
      for (const [, place, amount] of text.matchAll(/(\d+(?:\.-\d+)?\. plads):? (\d[\d.]*(?:,\d\d)? kr\.)/g)) {
        const band = tournament.prizes.find((entry) =>
          entry.fromRank === entry.toRank ? place === `${entry.fromRank}. plads` : place === `${entry.fromRank}.-${entry.toRank}. plads`,
        );
        expect(band && formatKr(band.prizeOre), `${where}: ${place} ${amount}`).toBe(amount);
      }
      expect(text, where).toMatch(/kontanter uden omsætningskrav/);
      // The campaign runs over the editions the platform runs: from the first's start to the last's end.
      const first = editionWindow(tournament.recurrence, tournament.firstEdition)!;
      const last = tournament.lastEdition ? editionWindow(tournament.recurrence, tournament.lastEdition)! : null;
      expect(new Date(campaign.startsAt).getTime(), where).toBeLessThanOrEqual(first.startsAt.getTime());
      if (last) expect(new Date(campaign.endsAt).getTime(), where).toBe(last.endsAt.getTime() - 1_000);
    }
  });
});
