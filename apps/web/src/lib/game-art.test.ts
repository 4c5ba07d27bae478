import { loadTitles } from '@krone/games-math/titles';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));

const { ART_HEIGHT, ART_WIDTH, featuredSymbols, gameArtSvg, nameLines, tableArtOf } = await import('./game-art');
const { pocketColour, WHEEL_ORDER } = await import('./symbol-art/table-art');
const { TABLE_TITLES } = await import('@krone/games-math');
const { iconOf } = await import('./symbol-art/icons');
const { TILE_SIZES, tileSrcSet } = await import('./game-types');

type Input = Parameters<typeof gameArtSvg>[0];

const circus: Input = {
  id: 'akrobat-og-elefant',
  name: 'Akrobat og Elefant',
  theme: { motif: 'clown', colours: { background: '#35181d', primary: '#d8ab61', accent: '#2694cc' } },
  symbols: [
    { name: 'blank' },
    { name: 'dronning', pays: [1, 1, 4] },
    { name: 'popcorn', pays: [0, 0, 10] },
    { name: 'løve', pays: [0, 0, 21] },
    { name: 'elefant', pays: [0, 0, 858] },
    { name: 'klovn', pays: [0, 0, 3421] },
    { name: 'tryllehat', kind: 'wild' },
    { name: 'fyrværkeri', kind: 'scatter', pays: [0, 0, 8] },
  ],
};

describe("a title's lobby tile", () => {
  it('shows its three best-paying picture symbols, the best in the middle', () => {
    expect(featuredSymbols(circus.symbols).map((symbol) => symbol.name)).toEqual(['klovn', 'elefant', 'løve']);
    const svg = gameArtSvg(circus);
    for (const icon of ['clown-face', 'elephant', 'lion']) expect(svg).toContain(iconOf(icon)!.body.slice(0, 120));
    expect(svg).not.toContain(iconOf('popcorn')!.body.slice(0, 120));
  });

  it('takes the wild and the scatter, then the red 7, before card ranks', () => {
    const classic = [
      { name: 'es', pays: [0, 0, 500] },
      { name: 'syv', pays: [0, 0, 100] },
      { name: 'bar', pays: [0, 0, 900] },
      { name: 'kløver', kind: 'wild' },
    ];
    expect(featuredSymbols(classic).map((symbol) => symbol.name)).toEqual(['syv', 'kløver', 'bar']);
    expect(
      featuredSymbols([
        { name: 'es', pays: [5] },
        { name: 'konge', pays: [9] },
      ]).map((symbol) => symbol.name),
    ).toEqual(['konge', 'es']);
  });

  it("shows a slot machine for a title without rules (another provider's)", () => {
    expect(featuredSymbols(undefined).map((symbol) => symbol.art)).toEqual([{ kind: 'icon', icon: 'slot-machine' }]);
    expect(gameArtSvg({ ...circus, symbols: undefined })).toContain(iconOf('slot-machine')!.body.slice(0, 120));
  });

  it('writes the name across its foot, on two lines when one would be too small', () => {
    expect(nameLines('Sorte Fest')).toEqual({ lines: ['Sorte Fest'], fontSize: 40 });
    const long = nameLines('Titanernes Styrke og Storm');
    expect(long.lines).toHaveLength(2);
    expect(long.fontSize).toBeGreaterThanOrEqual(20);
    expect(gameArtSvg(circus)).toContain('>Akrobat</text>');
    expect(gameArtSvg(circus)).toContain('>og Elefant</text>');
  });

  it('draws the same picture for the same title, every time, and every title differently', () => {
    expect(gameArtSvg(circus)).toBe(gameArtSvg(structuredClone(circus)));
    const titles = loadTitles().slice(0, 200);
    const svgs = titles.map((title) =>
      gameArtSvg({ id: title.id, name: title.name, theme: title.theme, symbols: title.maths.symbols.map((symbol) => ({ ...symbol })) }),
    );
    expect(new Set(svgs).size).toBe(titles.length);
  });

  it('never writes a name or colour into the markup unescaped', () => {
    const svg = gameArtSvg({
      ...circus,
      name: '<script>alert(1)</script> & "x"',
      theme: { motif: 'x', colours: { background: 'red;"><script>', primary: 'javascript:', accent: '#ffffff' } },
    });
    expect(svg).not.toContain('<script');
    expect(svg).not.toContain('javascript');
    expect(svg).toContain('&#60;script&#62;');
  });

  it('renders in sharp at its size, filled edge to edge, with the name legible (light text on the foot)', async () => {
    const { data, info } = await sharp(Buffer.from(gameArtSvg(circus)))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([ART_WIDTH, ART_HEIGHT]);
    let light = 0;
    for (let y = ART_HEIGHT - 60; y < ART_HEIGHT - 8; y++)
      for (let x = 20; x < ART_WIDTH - 20; x++) {
        const i = (y * info.width + x) * info.channels;
        if (data[i]! + data[i + 1]! + data[i + 2]! > 450) light++;
      }
    expect(light).toBeGreaterThan(800);
  });

  it("offers the browser the build's widths through the art route, which falls back to the SVG", () => {
    expect(tileSrcSet('sorte-fest')).toBe(
      '/api/games/art/sorte-fest?v=2&w=200 200w, /api/games/art/sorte-fest?v=2&w=360 360w, /api/games/art/sorte-fest?v=2&w=480 480w',
    );
    expect(TILE_SIZES).toMatch(/46vw$/);
  });
});

describe("a table title's lobby tile (issue 24)", () => {
  const inputs = TABLE_TITLES.map((title) => ({ id: title.id, name: title.name, theme: title.theme, table: title.kind }));
  const svgOf = (kind: string) => gameArtSvg(inputs.find((input) => input.table === kind)!);

  it('takes its picture from the catalogue’s kind and category: a slot’s symbols, a table’s game, cards for a category it cannot draw', () => {
    expect(tableArtOf({ gameType: 'slot', category: null })).toBeUndefined();
    expect(tableArtOf({})).toBeUndefined();
    expect(tableArtOf({ gameType: 'table', category: 'roulette' })).toBe('roulette');
    expect(tableArtOf({ gameType: 'table', category: 'video-poker' })).toBe('video-poker');
    expect(tableArtOf({ gameType: 'table', category: 'baccarat' })).toBe('blackjack');
  });

  it('draws a live table’s game by its live category, with no LIVE mark (the tile says whether it is filmed): a wheel, cards, a game show’s money wheel', () => {
    expect(tableArtOf({ gameType: 'live', category: 'live-roulette' })).toBe('roulette');
    expect(tableArtOf({ gameType: 'live', category: 'live-blackjack' })).toBe('blackjack');
    expect(tableArtOf({ gameType: 'live', category: 'andre-live-spil' })).toBe('money-wheel');
    const theme = { motif: 'live-money-wheel', colours: { background: '#0f3b2c', primary: '#e8b931', accent: '#a3262a' } };
    const show = gameArtSvg({ id: 'karrusellen-live', name: 'Karrusellen Live', theme, table: 'money-wheel' });
    // 54 fields, two of them the multipliers, and the mark.
    expect(show.match(/<path d="M160 90L[^"]*z" fill="#/g)).toHaveLength(54);
    expect(show).toContain('>7×<');
    expect(show).toContain('>2×<');
    expect(show).not.toContain('>LIVE<');
  });

  it('draws a European wheel for roulette: 37 pockets, one green zero, 18 red and 18 black', () => {
    expect([...WHEEL_ORDER].sort((a, b) => a - b)).toEqual(Array.from({ length: 37 }, (_, i) => i));
    const colours = WHEEL_ORDER.map(pocketColour);
    expect(colours.filter((colour) => colour === pocketColour(0))).toHaveLength(1);
    expect(colours.filter((colour) => colour === pocketColour(32))).toHaveLength(18);
    expect(colours.filter((colour) => colour === pocketColour(15))).toHaveLength(18);
    // Red and black alternate around the wheel.
    for (let i = 1; i < 36; i++) expect(colours[i], String(WHEEL_ORDER[i])).not.toBe(colours[i + 1]);
    const svg = svgOf('roulette');
    for (const colour of new Set(colours)) expect(svg.split(`fill="${colour}"`).length - 1).toBeGreaterThanOrEqual(1);
    expect(svg.match(/<path d="M[^"]+A72 72 0 0 1 [^"]+"/g)).toHaveLength(37);
  });

  it('draws cards for blackjack (an ace and a king with its crown) and a royal flush for video poker, with their suits from the icon set', () => {
    const blackjack = svgOf('blackjack');
    expect(blackjack).toMatch(/>A<\/text>/);
    expect(blackjack).toMatch(/>K<\/text>/);
    expect(blackjack).toContain(iconOf('crown')!.body.slice(0, 120));
    const poker = svgOf('video-poker');
    for (const rank of ['10', 'J', 'Q', 'K', 'A']) expect(poker).toContain(`>${rank}</text>`);
    expect(['spade-suit', 'heart-suit', 'diamond-suit', 'club-suit'].some((suit) => poker.includes(iconOf(suit)!.body.slice(0, 120)))).toBe(
      true,
    );
    // No symbol of a slot, and never the slot machine that stands in for a title without rules.
    for (const kind of ['roulette', 'blackjack', 'video-poker'])
      expect(svgOf(kind)).not.toContain(iconOf('slot-machine')!.body.slice(0, 120));
  });

  it('writes the name across its foot, draws the same picture every time and each table differently', () => {
    for (const input of inputs) {
      const svg = gameArtSvg(input);
      expect(svg).toBe(gameArtSvg(structuredClone(input)));
      for (const line of nameLines(input.name).lines) expect(svg).toContain(`>${line}</text>`);
    }
    expect(new Set(inputs.map((input) => gameArtSvg(input))).size).toBe(inputs.length);
  });

  it('renders in sharp at its size with the name legible on the felt', async () => {
    for (const input of inputs) {
      const { data, info } = await sharp(Buffer.from(gameArtSvg(input)))
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([ART_WIDTH, ART_HEIGHT]);
      let light = 0;
      for (let y = ART_HEIGHT - 60; y < ART_HEIGHT - 8; y++)
        for (let x = 20; x < ART_WIDTH - 20; x++) {
          const i = (y * info.width + x) * info.channels;
          if (data[i]! + data[i + 1]! + data[i + 2]! > 450) light++;
        }
      expect(light, input.id).toBeGreaterThan(500);
    }
  });
});
