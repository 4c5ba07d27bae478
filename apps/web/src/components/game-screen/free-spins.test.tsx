import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import translations from '../../../../platform/src/content/seed/translations.json';
import { createTranslator, type Dictionary } from '../../lib/i18n';
import { symbolArtHref } from '../../lib/symbol-art-href';
import type { GameRules, StudioRound } from '../../lib/studio-schemas';
import { FreeSpins, freeSpinCards } from './free-spins';

const t = createTranslator(translations as unknown as Dictionary);

const rules: Pick<GameRules, 'gameId' | 'symbols' | 'lines' | 'freeSpins'> = {
  gameId: 'frugt-klassiker',
  symbols: [
    { name: 'kirsebær', pays: [0, 0, 5], kind: 'normal' },
    { name: 'citron', pays: [0, 0, 8], kind: 'normal' },
    { name: 'wild', pays: [0, 0, 50], kind: 'wild' },
    { name: 'scatter', pays: [], kind: 'scatter' },
  ],
  lines: [
    [1, 1, 1],
    [0, 0, 0],
  ],
  freeSpins: { awards: [0, 0, 2], multiplier: 3, maxSpins: 30 },
};

/** A round of three reels of three rows whose three scatters gave two free spins: the first paid line 1, the second nothing. */
const round: StudioRound = {
  roundId: 'r-1',
  stakeOre: 200,
  winOre: 1500,
  startedAt: '2026-11-25T00:00:00.000Z',
  outcome: {
    window: [
      [3, 0, 1],
      [1, 3, 0],
      [0, 1, 3],
    ],
    wins: [
      {
        kind: 'scatter',
        symbol: 3,
        count: 3,
        positions: [
          [0, 0],
          [1, 1],
          [2, 2],
        ],
        winOre: 300,
      },
    ],
    freeSpins: {
      spins: 2,
      winOre: 1200,
      rounds: [
        {
          window: [
            [1, 0, 1],
            [0, 0, 1],
            [2, 0, 3],
          ],
          wins: [
            {
              kind: 'line',
              line: 0,
              symbol: 0,
              count: 3,
              positions: [
                [0, 1],
                [1, 1],
                [2, 1],
              ],
              winOre: 1200,
            },
          ],
        },
        {
          window: [
            [1, 1, 0],
            [0, 3, 1],
            [1, 0, 1],
          ],
          wins: [],
        },
      ],
    },
  },
};

const count = (html: string, pattern: RegExp) => html.match(new RegExp(pattern, 'g'))?.length ?? 0;

describe('the free spins drawn', () => {
  it('gives each free spin its window, its winning cells, its win and its wins in words', () => {
    const cards = freeSpinCards(round, rules, t);
    expect(cards.map((card) => [card.number, card.winOre, [...card.cells].sort()])).toEqual([
      [1, 1200, ['0:1', '1:1', '2:1']],
      [2, 0, []],
    ]);
    expect(cards[0]!.window).toEqual(round.outcome.freeSpins!.rounds[0]!.window);
    expect(cards[0]!.wins).toEqual(['Linje 1: 3 × Kirsebær – 12 kr.']);
    expect(cards[1]!.wins).toEqual([]);
  });

  it("takes the studio's own figure for a spin's win when it sends one", () => {
    const withFigure = structuredClone(round);
    withFigure.outcome.freeSpins!.rounds[1]!.winOre = 450;
    expect(freeSpinCards(withFigure, rules, t).map((card) => card.winOre)).toEqual([1200, 450]);
  });

  it('draws, once opened, a small window per spin with every symbol as its artwork named, the won cells marked, the win and the multiplier', () => {
    const html = renderToStaticMarkup(<FreeSpins round={round} rules={rules} t={t} open />);
    expect(html).toContain('<summary>Vis de 2 gratis spin</summary>');
    expect(count(html, /data-testid="free-spin"/)).toBe(2);
    expect(count(html, /data-testid="free-spin-window"/)).toBe(2);
    expect(count(html, /data-testid="free-spin-cell"/)).toBe(18);
    expect(count(html, /data-testid="free-spin-cell" data-won="true"/)).toBe(3);
    expect(html).toContain('aria-label="Symbolerne i gratis spin 1"');
    expect(html).toContain('aria-label="Symbolerne i gratis spin 2"');
    expect(html).toContain('<strong>Spin 1</strong><span data-testid="free-spin-win">12 kr.</span>');
    expect(html).toContain('<strong>Spin 2</strong><span data-testid="free-spin-win">Ingen gevinst</span>');
    expect(count(html, />Gevinst × 3</)).toBe(2);
    expect(html).toContain('Linje 1: 3 × Kirsebær – 12 kr.');
    // The second spin's window, reel by reel, in the order the studio sent it: each cell the title's
    // artwork of its symbol, the symbol's name its alternative text.
    const second = html.slice(html.indexOf('Symbolerne i gratis spin 2'));
    const cells = [...second.matchAll(/data-testid="free-spin-cell"[^>]*>.*?<img src="([^"]+)" alt="([^"]*)"/g)];
    expect(cells.map((m) => m[2])).toEqual([
      'Citron',
      'Citron',
      'Kirsebær',
      'Kirsebær',
      'Scatter',
      'Citron',
      'Citron',
      'Kirsebær',
      'Citron',
    ]);
    expect(cells.map((m) => m[1]!.replaceAll('&amp;', '&'))).toEqual(
      [1, 1, 0, 0, 3, 1, 1, 0, 1].map((index) => symbolArtHref('frugt-klassiker', index)),
    );
  });

  it('leaves the multiplier out when the title has none', () => {
    const html = renderToStaticMarkup(<FreeSpins round={round} rules={{ ...rules, freeSpins: { multiplier: 1 } }} t={t} open />);
    expect(count(html, /data-testid="free-spin"/)).toBe(2);
    expect(html).not.toContain('free-spin-multiplier');
  });

  it('starts closed, with only its summary built (light on a phone)', () => {
    const html = renderToStaticMarkup(<FreeSpins round={round} rules={rules} t={t} />);
    expect(html).toContain('Vis de 2 gratis spin');
    expect(html).not.toContain(' open=""');
    expect(html).not.toContain('free-spin-window');
  });

  it('shows nothing for a round without free spins', () => {
    expect(
      renderToStaticMarkup(<FreeSpins round={{ ...round, outcome: { ...round.outcome, freeSpins: null } }} rules={rules} t={t} open />),
    ).toBe('');
  });
});
