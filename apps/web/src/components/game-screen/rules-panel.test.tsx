import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import translations from '../../../../platform/src/content/seed/translations.json';
import { createTranslator, type Dictionary } from '../../lib/i18n';
import { symbolArtHref } from '../../lib/symbol-art-href';
import type { GameRules } from '../../lib/studio-schemas';
import { RulesPanel } from './rules-panel';

const t = createTranslator(translations as unknown as Dictionary);

/**
 * A lines title shaped like vikingernes-guld: cards, two theme symbols, a paying wild that never stands in for
 * the top symbol (runesten), a scatter with pays and free spins.
 */
const rules: GameRules = {
  gameId: 'vikingernes-guld',
  name: 'Vikingernes Guld',
  family: 'lines',
  rows: 3,
  reels: 5,
  lines: Array.from({ length: 20 }, () => [1, 1, 1, 1, 1]),
  waysCount: null,
  symbols: [
    { name: 'ni', pays: [0, 0, 9, 28, 91], kind: 'normal' },
    { name: 'dronning', pays: [0, 0, 18, 55, 184], kind: 'normal' },
    { name: 'sheriffstjerne', pays: [0, 3, 74, 221, 736], kind: 'normal' },
    { name: 'runesten', pays: [0, 9, 110, 368, 1473], kind: 'normal' },
    { name: 'blank', pays: [], kind: 'normal' },
    { name: 'Mjølner', pays: [0, 18, 184, 736, 3682], kind: 'wild' },
    { name: 'Bifrost', pays: [], kind: 'scatter' },
  ],
  wildExcludes: [3],
  scatterPays: [0, 0, 2, 10, 50],
  freeSpins: { awards: [0, 0, 4, 6, 8], retriggers: [0, 0, 2], multiplier: 2, maxSpins: 8 },
  rtp: 0.9612,
  hitFrequency: 0.31,
  largestWin: 4321.4,
  volatility: 'high',
  stake: { minOre: 100, maxOre: 10_000, stepsOre: [100, 200, 10_000], defaultOre: 200 },
};

const render = (value: GameRules) => renderToStaticMarkup(<RulesPanel rules={value} t={t} />);
/** The rows of the paytable, each as its symbol index, kind, name and pays (or notes) in reading order. */
const rows = (html: string) =>
  [
    ...html.matchAll(
      /<li[^>]*data-testid="rules-symbol" data-symbol="(\d+)" data-kind="(\w+)">(.*?)<\/li>(?=<li[^>]*data-testid="rules-symbol"|<\/ul>)/g,
    ),
  ].map(([, index, kind, body]) => ({ index: Number(index), kind, body: body! }));
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('the rules panel', () => {
  it('shows every symbol with its artwork and whole name: wild and scatter first, then the dearest down, a blank last', () => {
    const html = render(rules);
    const shown = rows(html);
    expect(shown.map(({ index, kind }) => [index, kind])).toEqual([
      [5, 'wild'],
      [6, 'scatter'],
      [3, 'normal'],
      [2, 'normal'],
      [1, 'normal'],
      [0, 'normal'],
      [4, 'normal'],
    ]);
    for (const { index, body } of shown) {
      expect(body).toContain(`<img src="${symbolArtHref('vikingernes-guld', index)}" alt="" width="40" height="40"`);
      expect(body).toContain(`>${rules.symbols[index]!.name.replace(/^./, (c) => c.toUpperCase())}</span>`);
    }
  });

  it("gives each symbol's pays, the largest count first, and says so when a symbol pays nothing", () => {
    const byIndex = new Map(rows(render(rules)).map((row) => [row.index, text(row.body)]));
    expect(byIndex.get(3)).toBe('Runesten 5 ens 1.473 4 ens 368 3 ens 110 2 ens 9');
    expect(byIndex.get(0)).toBe('Ni 5 ens 91 4 ens 28 3 ens 9');
    expect(byIndex.get(4)).toBe('Blank Giver ingen gevinst');
  });

  it("states the wild's and the scatter's rules and pays, the scatter's in times the total stake", () => {
    const byIndex = new Map(rows(render(rules)).map((row) => [row.index, text(row.body)]));
    expect(byIndex.get(5)).toBe(
      'Mjølner Wild Erstatter andre symboler for at danne gevinster, men aldrig Runesten eller scatter. ' +
        'Wilds fra venstre på en linje betaler også selv; linjen betaler den største af de to gevinster. ' +
        '5 ens 3.682 4 ens 736 3 ens 184 2 ens 18',
    );
    expect(byIndex.get(6)).toBe(
      'Bifrost Scatter Betaler hvor som helst på hjulene, gange den samlede indsats. Udløser gratis spin. ' +
        '5 eller flere 50 × indsatsen 4 ens 10 × indsatsen 3 ens 2 × indsatsen',
    );
  });

  it('names every symbol the wild does not stand in for, and the scatter once', () => {
    const wildRule = (wildExcludes: number[]) =>
      text(rows(render({ ...rules, wildExcludes })).find((row) => row.kind === 'wild')!.body).split(' Wilds fra venstre')[0];
    expect(wildRule([3, 2])).toBe(
      'Mjølner Wild Erstatter andre symboler for at danne gevinster, men aldrig Runesten, Sheriffstjerne eller scatter.',
    );
    // The scatter listed too (the maths allow it) is not named twice.
    expect(wildRule([6, 3])).toBe('Mjølner Wild Erstatter andre symboler for at danne gevinster, men aldrig Runesten eller scatter.');
    expect(wildRule([])).toBe('Mjølner Wild Erstatter andre symboler for at danne gevinster, men aldrig scatter.');
  });

  it('states the free spins rule with its numbers: spins for 3, 4 and 5 scatters, the retrigger, multiplier and cap', () => {
    const html = render(rules);
    const section = html.slice(html.indexOf('<section data-testid="rules-free-spins"'));
    expect(text(section)).toBe(
      'Gratis spin ' +
        '3 scatter hvor som helst giver 4 gratis spin. ' +
        '4 scatter hvor som helst giver 6 gratis spin. ' +
        '5 eller flere scatter hvor som helst giver 8 gratis spin. ' +
        '3 eller flere scatter under gratis spin giver 2 gratis spin mere. ' +
        'Alle gevinster i gratis spin, også scatter-gevinster, ganges med 2. ' +
        'Højst 8 gratis spin pr. runde, genudløste spin medregnet. ' +
        'Gratis spin koster ikke noget og spilles med indsatsen fra det spin, der udløste dem.',
    );
    expect(text(html)).toContain('Gevinst i gange linjeindsatsen (20 linjer)');
    expect(text(html)).toContain('Hver linje betaler kun sin største gevinst');
  });

  it('tells a ways title in ways, its wild only substituting, and leaves out free spins a title does not have', () => {
    const ways: GameRules = {
      ...rules,
      family: 'ways',
      lines: null,
      waysCount: 243,
      // A ways wild only substitutes; here the wild and scatter are called just that (no badge repeats the name).
      symbols: rules.symbols.map((symbol) =>
        symbol.kind === 'wild'
          ? { ...symbol, name: 'wild', pays: [] }
          : symbol.kind === 'scatter'
            ? { ...symbol, name: 'scatter' }
            : symbol,
      ),
      wildExcludes: [],
      scatterPays: [0, 0, 8],
      freeSpins: null,
    };
    const html = render(ways);
    const byIndex = new Map(rows(html).map((row) => [row.index, text(row.body)]));
    expect(byIndex.get(5)).toBe('Wild Erstatter andre symboler for at danne gevinster, men aldrig scatter.');
    expect(byIndex.get(6)).toBe('Scatter Betaler hvor som helst på hjulene, gange den samlede indsats. 3 eller flere 8 × indsatsen');
    expect(text(html)).toContain('Gevinst i gange indsatsen pr. vej (243 måder)');
    expect(text(html)).toContain('Gevinsten ganges med antallet af måder');
    expect(html).not.toContain('rules-free-spins');
    expect(html).not.toContain('Udløser gratis spin');
  });

  it('states a jackpot title’s base game return and its jackpot contribution apart, with the way to the jackpots', () => {
    const jackpot = { contributionRate: 0.005, pools: [{ id: 'kronejackpotten', name: 'Kronejackpotten' }] };
    const html = renderToStaticMarkup(<RulesPanel rules={{ ...rules, rtp: 0.9645 }} jackpot={jackpot} t={t} />);
    expect(text(html)).toContain('Tilbagebetaling (grundspil) 96,45 %');
    expect(html).toContain('<dd data-testid="rules-rtp">96,45 %</dd>');
    expect(text(html)).toContain('Bidrag til jackpot 0,5 % af indsatsen (Kronejackpotten)');
    expect(html).toContain('<dd data-testid="rules-jackpot">0,5 % af indsatsen (Kronejackpotten)</dd>');
    const note = html.slice(html.indexOf('data-testid="rules-jackpot-note"'));
    expect(text(note.slice(0, note.indexOf('</p>')))).toContain(
      'Tilbagebetalingen gælder grundspillet. Derudover går 0,5 % af hver indsats til jackpotten',
    );
    expect(note).toMatch(/<a href="\/jackpots">Se jackpottene, deres beløb og seneste vindere<\/a>/);
    // A tiered jackpot names every pool it feeds.
    const tiered = {
      contributionRate: 0.0125,
      pools: [
        { id: 'guld-maxi', name: 'Guldjackpotten Maxi' },
        { id: 'guld-midi', name: 'Guldjackpotten Midi' },
        { id: 'guld-mini', name: 'Guldjackpotten Mini' },
      ],
    };
    expect(text(renderToStaticMarkup(<RulesPanel rules={rules} jackpot={tiered} t={t} />))).toContain(
      'Bidrag til jackpot 1,25 % af indsatsen (Guldjackpotten Maxi, Guldjackpotten Midi og Guldjackpotten Mini)',
    );
  });

  it('states one return, the RTP, for a title without a jackpot', () => {
    for (const html of [render(rules), renderToStaticMarkup(<RulesPanel rules={rules} jackpot={null} t={t} />)]) {
      expect(text(html)).toContain('Tilbagebetaling (RTP) 96,12 %');
      expect(html).not.toContain('grundspil');
      expect(html).not.toContain('rules-jackpot');
      expect(html).not.toContain('/jackpots');
    }
  });

  it('keeps the facts: RTP, largest win, volatility, hit frequency and stakes', () => {
    const html = render(rules);
    expect(html).toContain('<dd data-testid="rules-rtp">96,12 %</dd>');
    expect(html).toContain('<dd data-testid="rules-stake">1 kr. – 100 kr.</dd>');
    expect(text(html)).toContain('Største gevinst 4.321 × indsatsen');
  });
});
