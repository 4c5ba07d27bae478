import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  categoryHref,
  formatTableRtp,
  gamesOfCategory,
  groupByCategory,
  launchKind,
  readTableCategories,
  TABLE_CATEGORY_PAGES,
  tablePlayHref,
  type TableCategory,
} from './table-games';

const SEED = join(import.meta.dirname, '..', '..', '..', 'platform', 'src', 'content', 'seed');
const seededConfig = (JSON.parse(readFileSync(join(SEED, 'system-configs.json'), 'utf8')) as { name: string; value: unknown }[]).find(
  (config) => config.name === 'BordspilCategory',
)!.value;
const translations = JSON.parse(readFileSync(join(SEED, 'translations.json'), 'utf8')) as Record<string, Record<string, string>>;
const dictionaryName = (id: keyof typeof TABLE_CATEGORY_PAGES) => {
  const [group, key] = TABLE_CATEGORY_PAGES[id].key.split('.') as [string, string];
  return translations[group]![key]!;
};

const table = (id: string, category: string | null) => ({ id, gameType: 'table' as const, category });

describe('the table games’ categories (system config BordspilCategory)', () => {
  it('reads the seeded config: roulette, blackjack, video poker, each with its page', () => {
    expect(readTableCategories(seededConfig, dictionaryName)).toEqual([
      { id: 'roulette', name: 'Roulette', slug: '/bordspil/roulette', position: 1 },
      { id: 'blackjack', name: 'Blackjack', slug: '/bordspil/blackjack', position: 2 },
      { id: 'video-poker', name: 'Videopoker', slug: '/bordspil/video-poker', position: 3 },
    ]);
  });

  it('orders by position, keeps the config’s order on a tie and puts a category without one last', () => {
    const value = [
      { id: 'c', name: 'C' },
      { id: 'b', name: 'B', position: 2 },
      { id: 'a', name: 'A', position: 1 },
      { id: 'd', name: 'D', position: 2 },
    ];
    expect(readTableCategories(value, dictionaryName).map((category) => category.id)).toEqual(['a', 'b', 'd', 'c']);
  });

  it('leaves out entries without an id or a name and counts a repeated id once; a bad slug becomes the category’s page', () => {
    const value = [
      null,
      'roulette',
      { name: 'Uden id' },
      { id: 'Roulette!', name: 'Ugyldigt id' },
      { id: 'blackjack', name: '  ' },
      { id: 'blackjack', name: 'Blackjack', slug: 'javascript:alert(1)', position: 2 },
      { id: 'blackjack', name: 'Igen', position: 1 },
    ];
    expect(readTableCategories(value, dictionaryName)).toEqual([
      { id: 'blackjack', name: 'Blackjack', slug: '/bordspil/blackjack', position: 2 },
    ]);
  });

  it('falls back to this build’s three categories, named from the dictionary, without a usable config', () => {
    for (const value of [undefined, null, {}, [], [{ id: 'x' }]]) {
      expect(readTableCategories(value, dictionaryName)).toEqual([
        { id: 'roulette', name: 'Roulette', slug: '/bordspil/roulette', position: 1 },
        { id: 'blackjack', name: 'Blackjack', slug: '/bordspil/blackjack', position: 2 },
        { id: 'video-poker', name: 'Videopoker', slug: '/bordspil/video-poker', position: 3 },
      ]);
    }
  });
});

describe('a category’s link', () => {
  it('leads to its page when this build has it, and nowhere otherwise (never to the 404 page)', () => {
    expect(categoryHref({ slug: '/bordspil/roulette' })).toBe('/bordspil/roulette');
    expect(categoryHref({ slug: '/bordspil/video-poker/' })).toBe('/bordspil/video-poker');
    expect(categoryHref({ slug: '/bordspil/baccarat' })).toBeUndefined();
    expect(categoryHref({ slug: '/bordspil' })).toBeUndefined();
    expect(categoryHref({ slug: '/bordspil/spil-for-sjov' })).toBeUndefined();
  });
});

describe('the table lobby’s groups', () => {
  const categories: TableCategory[] = readTableCategories(seededConfig, dictionaryName);
  const games = [
    table('jacks-or-better', 'video-poker'),
    table('blackjack-vegas', 'blackjack'),
    table('europaeisk-roulette', 'roulette'),
    { id: 'vikingernes-guld', gameType: 'slot' as const, category: null },
    { id: 'old-platform-slot' },
    table('bonus-poker', 'video-poker'),
    table('fremtidens-spil', 'baccarat'),
    table('fransk-roulette', 'roulette'),
  ];

  it('groups the table titles under their categories in the categories’ order, each group in the order given', () => {
    expect(groupByCategory(games, categories).map((group) => [group.category.id, group.games.map((game) => game.id)])).toEqual([
      ['roulette', ['europaeisk-roulette', 'fransk-roulette']],
      ['blackjack', ['blackjack-vegas']],
      ['video-poker', ['jacks-or-better', 'bonus-poker']],
    ]);
  });

  it('leaves out a group without titles, slots, and a title of no listed category', () => {
    const groups = groupByCategory([table('blackjack-vegas', 'blackjack'), { id: 'slot', gameType: 'slot' as const }], categories);
    expect(groups.map((group) => group.category.id)).toEqual(['blackjack']);
    expect(groupByCategory([table('fremtidens-spil', 'baccarat')], categories)).toEqual([]);
  });

  it('lists one category’s table titles only (never a slot, even one a platform answered by mistake)', () => {
    expect(gamesOfCategory(games, 'roulette').map((game) => game.id)).toEqual(['europaeisk-roulette', 'fransk-roulette']);
    expect(gamesOfCategory([{ id: 'slot', category: 'roulette' }], 'roulette')).toEqual([]);
  });
});

describe('the table games’ figures and addresses', () => {
  it('shows a return to two decimals, never rounded up', () => {
    expect(formatTableRtp(0.995439)).toBe('99,54 %');
    expect(formatTableRtp(36 / 37)).toBe('97,30 %');
    expect(formatTableRtp(1 - 1 / 74)).toBe('98,65 %');
    expect(formatTableRtp(0.9954)).toBe('99,54 %');
    expect(formatTableRtp(0.99166)).toBe('99,17 %');
    expect(formatTableRtp(99.5)).toBe('99,50 %');
  });

  it('plays a table title for fun or for money on the table launch routes', () => {
    expect(tablePlayHref('jacks-or-better', 'fun')).toBe('/bordspil/spil-for-sjov/jacks-or-better');
    expect(tablePlayHref('jacks-or-better', 'real')).toBe('/bordspil/spil-for-penge/jacks-or-better');
  });

  it('decides the screen of /mobilspil/{slug} by the catalogue’s kind, else the studio rules’ kind, else a slot', () => {
    expect(launchKind({ gameType: 'table', category: 'roulette' })).toBe('table');
    expect(launchKind({ gameType: 'slot' }, 'roulette')).toBe('slot');
    // A live table (issue 25) plays on the live casino's launch page (/mobilspil sends it there).
    expect(launchKind({ gameType: 'live' })).toBe('live');
    for (const kind of ['roulette', 'blackjack', 'video-poker']) expect(launchKind(null, kind)).toBe('table');
    expect(launchKind(undefined, 'slot')).toBe('slot');
    expect(launchKind({}, undefined)).toBe('slot');
  });
});
