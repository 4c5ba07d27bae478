import { readFileSync } from 'node:fs';
import { formatKr } from '@krone/domain';
import { describe, expect, it } from 'vitest';
import { readBonusCodes } from '../src/bonus/service.js';
import { WAGERING_CONTRIBUTION_PERCENT } from '../src/bonus/wagering.js';

// Danish marketing rules: an offer the site shows must be one a player can get, with its real
// terms. The seeded offer texts (start page, welcome popup, registration, campaigns, landing
// pages) are checked against the operator's configured codes (codes.json).

const seed = (file: string) => JSON.parse(readFileSync(new URL(`../src/content/seed/${file}`, import.meta.url), 'utf8')) as unknown;
const raw = (file: string) => readFileSync(new URL(`../src/content/seed/${file}`, import.meta.url), 'utf8');
const strings = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value)
      ? value.flatMap(strings)
      : value && typeof value === 'object'
        ? Object.values(value).flatMap(strings)
        : [];
const plain = (text: string) => text.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

type Campaign = { slug: string; status: string; endsAt: string };
type Landing = { landingType: string; landingById: string; status: string };
const translations = seed('translations.json') as Record<string, Record<string, string>>;
const home = (seed('main-contents.json') as { home: { banner: { slides: unknown[] } } }).home;

/** Each place an offer is shown, as one text: what the player reads there. */
const surfaces: [string, string][] = [
  ...home.banner.slides.map((slide, i): [string, string] => [`start page slide ${i + 1}`, plain(strings(slide).join(' '))]),
  ...(seed('campaigns.json') as Campaign[])
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
];

describe('offers the site shows', () => {
  const codes = readBonusCodes();

  it('advertises no free spins (none can be had yet)', () => {
    for (const file of ['main-contents.json', 'campaigns.json', 'landing-pages.json', 'translations.json', 'pages.json', 'seo.json']) {
      expect(raw(file), file).not.toMatch(/free spins/i);
    }
    for (const [where, text] of surfaces)
      expect(text, where).not.toMatch(/\d[\d.]*\s+(gratis)?spins\b|gratisspins|free[ -]?spins|spinværdi/i);
  });

  it('names, for every bonus offered, a configured code, with its real amount, match, minimum deposit, wagering, days and maximum bet', () => {
    const offers = surfaces.filter(([, text]) => /\d+ ?% (i )?bonus|bonus op til|op til [\d.]+ kr/i.test(text));
    expect(offers.map(([where]) => where)).toEqual(
      expect.arrayContaining([
        'start page slide 1',
        'campaign velkomstbonus',
        'landing page velkomst/velkomstbonus',
        'welcome popup',
        'registration bonus choice',
        'welcome offer conditions',
      ]),
    );
    for (const [where, text] of offers) {
      const named = codes.filter((code) => text.includes(code.code));
      expect(
        named.map((code) => code.code),
        `${where} names a configured code`,
      ).not.toEqual([]);
      for (const code of named) {
        expect(text, where).toContain(`${code.matchPercent} %`);
        expect(text, where).toContain(`op til ${formatKr(code.maxBonusOre)}`);
        expect(text, where).toMatch(new RegExp(`(mindst|min\\.) ${formatKr(code.minDepositOre).replace('.', '\\.')}`, 'i'));
        if (/omsætningskrav/i.test(text))
          expect(text, where).toMatch(
            new RegExp(
              `${code.wageringMultiple} [x×] \\(indbetaling \\+ bonus\\)|${code.wageringMultiple} gange indbetaling(en)? plus bonus`,
              'i',
            ),
          );
        if (/dage/.test(text)) expect(text, where).toContain(`${code.grantValidDays} dage`);
        if (/indsats/i.test(text)) expect(text, where).toMatch(/maks(\.|imale?) indsats[^.]{0,40}100 kr\./i);
      }
    }
  });
});

// Issue 22 §5: the terms shown with the offer state how each game type counts toward the wagering
// (the weights the platform counts by) and that withdrawing while the bonus is open forfeits it.
describe('the bonus terms shown with an offer', () => {
  const bonusTerms = (seed('pages.json') as { slug: string; body: string }[]).find((page) => page.slug === 'bonusvilkaar')!;
  const withTerms: [string, string][] = [
    ...surfaces.filter(([where]) =>
      [
        'campaign velkomstbonus',
        'landing page velkomst/velkomstbonus',
        'welcome popup',
        'registration bonus choice',
        'welcome offer conditions',
      ].includes(where),
    ),
    ['bonus terms page', plain(bonusTerms.body)],
  ];

  // The catalogue holds slots, table games (issue 24) and live tables (issue 25), and wagering weighs a
  // stake by its title's type (bonus/wagering.ts). The bonus terms state every type's weight as the
  // platform counts it; the shorter texts shown with the offer state the slots' and point to the
  // terms, and whatever type one of them names, it names with its weight.
  const TYPE_WORDS = { slot: 'spilleautomater', table: 'bordspil', live: 'live casino' } as const;
  it('state the contribution of each game type in play to the wagering, as the platform counts it', () => {
    expect(withTerms).toHaveLength(6);
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
    }
    for (const file of ['main-contents.json', 'campaigns.json', 'landing-pages.json', 'translations.json', 'pages.json']) {
      expect(raw(file), file).not.toMatch(/påvirker ikke (en aktiv |bonussen)|udbetaling påvirker ikke/i);
    }
  });
});
