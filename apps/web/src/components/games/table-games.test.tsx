import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import translations from '../../../../platform/src/content/seed/translations.json';
import type { TileGame } from '../../lib/game-types';
import { createTranslator, type Dictionary } from '../../lib/i18n';
import { GameRow, GameTile } from './game-tile';
import { TableNav } from './table-nav';

const t = createTranslator(translations as unknown as Dictionary);

const jacks: TileGame = {
  id: 'jacks-or-better',
  name: 'Jacks or Better',
  studio: 'Krone Studio',
  volatility: 'low',
  rtp: 0.995439,
  isNew: false,
  gameType: 'table',
  category: 'video-poker',
  rtpIsUpTo: true,
};

describe('a table title’s tile (issue 24)', () => {
  it('shows its name and its return “op til”, and leads to the table launch route', () => {
    const html = renderToStaticMarkup(<GameTile game={jacks} t={t} />);
    expect(html).toContain('Jacks or Better');
    expect(html).toContain('RTP op til 99,54 %');
    expect(html).not.toContain('volatilitet');
    // A guest plays for fun; the picture is the title's own.
    expect(html).toContain('href="/bordspil/spil-for-sjov/jacks-or-better"');
    expect(html).toContain('src="/api/games/art/jacks-or-better?v=2"');
  });

  it('leaves a slot’s tile as it was', () => {
    const slot: TileGame = {
      id: 'vikingernes-guld',
      name: 'Vikingernes Guld',
      studio: 'Krone Studio',
      volatility: 'high',
      rtp: 0.9612,
      isNew: true,
    };
    const html = renderToStaticMarkup(<GameTile game={slot} t={t} />);
    expect(html).toContain('href="/spilleautomater/spil-for-sjov/vikingernes-guld"');
    expect(html).toContain('RTP 96,1 % · Høj volatilitet');
    expect(html).not.toContain('data-testid="tile-jackpot"');
  });

  it('marks a slot that feeds a progressive jackpot (issue 26)', () => {
    const slot: TileGame = {
      id: 'guld-fruit',
      name: 'Guld Fruit',
      studio: 'Krone Studio',
      volatility: 'medium',
      rtp: 0.955,
      isNew: true,
      jackpot: true,
    };
    const html = renderToStaticMarkup(<GameTile game={slot} t={t} />);
    expect(html).toMatch(/data-testid="tile-jackpot"[^>]*>Jackpot</);
    expect(html).toContain('>Nyt<');
  });

  it('heads a group with its category and links its page, named for a screen reader', () => {
    const html = renderToStaticMarkup(
      <GameRow id="table-video-poker" title="Videopoker" games={[jacks]} t={t} seeAll={{ href: '/bordspil/video-poker' }} />,
    );
    expect(html).toContain('<h2 id="table-video-poker">Videopoker</h2>');
    expect(html).toMatch(
      /<a[^>]*href="\/bordspil\/video-poker"[^>]*aria-label="Se alle: Videopoker"|<a[^>]*aria-label="Se alle: Videopoker"[^>]*href="\/bordspil\/video-poker"/,
    );
  });
});

describe('the table games’ navigation', () => {
  const categories = [
    { id: 'roulette', name: 'Roulette', slug: '/bordspil/roulette', position: 1 },
    { id: 'blackjack', name: 'Blackjack', slug: '/bordspil/blackjack', position: 2 },
    { id: 'baccarat', name: 'Baccarat', slug: '/bordspil/baccarat', position: 3 },
  ];

  it('links all table games and each category whose page exists, in order, the current one marked', () => {
    const html = renderToStaticMarkup(<TableNav categories={categories} current="/bordspil/blackjack" t={t} />);
    expect(html).toContain('aria-label="Bordspil: kategorier"');
    const links = [...html.matchAll(/<a [^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((match) => [match[1], match[2]]);
    expect(links).toEqual([
      ['/bordspil', 'Alle bordspil'],
      ['/bordspil/roulette', 'Roulette'],
      ['/bordspil/blackjack', 'Blackjack'],
    ]);
    expect(html).toMatch(/href="\/bordspil\/blackjack" aria-current="page"|aria-current="page"[^>]*href="\/bordspil\/blackjack"/);
  });
});
