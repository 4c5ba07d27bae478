import { describe, expect, it } from 'vitest';
import { artChoices, emblemOf, gameArtSvg, initialsOf, PATTERNS, type GameArtInput } from './game-art';

const viking: GameArtInput = {
  id: 'vikingernes-guld',
  name: 'Vikingernes Guld',
  family: 'lines',
  volatility: 'low',
  rows: 3,
  reelsCount: 5,
  theme: { motif: 'viking', colours: { background: '#1b2a41', primary: '#d4a017', accent: '#8c1c13' } },
};
const fruit: GameArtInput = {
  id: 'frugt-klassiker',
  name: 'Frugtklassikeren',
  family: 'classic',
  volatility: 'medium',
  rows: 3,
  reelsCount: 3,
  theme: { motif: 'fruit', colours: { background: '#3a0d12', primary: '#f2c14e', accent: '#e4572e' } },
};

const FIRST = [
  'Vikingernes',
  'Havets',
  'Faraos',
  'Trolde',
  'Guld',
  'Nordlys',
  'Kaper',
  'Rubin',
  'Stjerne',
  'Ild',
  'Måne',
  'Kronens',
  'Ulvens',
];
const LAST = [
  'Guld',
  'Perler',
  'Skat',
  'Eventyr',
  'Runer',
  'Storm',
  'Hjerte',
  'Jagt',
  'Nat',
  'Bål',
  'Rige',
  'Drøm',
  'Sang',
  'Fald',
  'Lys',
  'Øje',
  'Bro',
  'Sø',
  'Dal',
  'Mine',
  'Port',
  'Vej',
  'By',
  'Ø',
  'Borg',
  'Ring',
  'Sten',
  'Krone',
  'Sværd',
  'Flod',
  'Skov',
  'Fjeld',
  'Vind',
  'Hav',
  'Eng',
  'Fjord',
  'Kyst',
  'Klint',
  'Gård',
  'Kilde',
  'Høj',
  'Mose',
  'Sol',
  'Frost',
  'Tåge',
  'Tinde',
  'Kløft',
  'Grotte',
  'Havn',
  'Strand',
  'Skib',
  'Smedje',
  'Tårn',
  'Slot',
  'Hule',
  'Brønd',
];

/** A catalogue's worth of titles as the tuner makes them: few motifs and palettes, shared by many. */
function catalogue(count: number): GameArtInput[] {
  const motifs = ['viking', 'fruit', 'forest', 'ocean', 'egypt', 'gems', 'space', 'pirate'];
  const palettes = [
    { background: '#1b2a41', primary: '#d4a017', accent: '#8c1c13' },
    { background: '#3a0d12', primary: '#f2c14e', accent: '#e4572e' },
    { background: '#0f2a1d', primary: '#7fd1b9', accent: '#c9a227' },
  ];
  return Array.from({ length: count }, (_, i) => ({
    id: `titel-${i}`,
    name: `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`,
    family: ['lines', 'ways', 'classic'][i % 3]!,
    volatility: ['low', 'medium', 'high', 'very-high'][i % 4]!,
    rows: 3,
    reelsCount: 5,
    theme: { motif: motifs[i % motifs.length]!, colours: palettes[i % palettes.length]! },
  }));
}

describe('generated game artwork', () => {
  it('draws the same picture for the same title, every time', () => {
    expect(gameArtSvg(viking)).toBe(gameArtSvg({ ...viking, theme: { ...viking.theme, colours: { ...viking.theme.colours } } }));
    expect(gameArtSvg(viking)).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>$/);
  });

  it("uses the title's colours, its motif's emblem and its initials", () => {
    const svg = gameArtSvg(viking);
    for (const colour of ['#d4a017', '#8c1c13']) expect(svg).toContain(colour);
    expect(emblemOf('viking')).toBe('helmet');
    expect(emblemOf('fruit')).toBe('cherries');
    expect(svg).toContain('>VG</text>');
    expect(gameArtSvg(fruit)).toContain('>F</text>');
  });

  it('gives a motif it does not know an emblem of its own, the same each time', () => {
    expect(emblemOf('uglerne-i-mosen')).toBe(emblemOf('uglerne-i-mosen'));
    const emblems = new Set(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'].map((m) => emblemOf(`motiv-${m}`)));
    expect(emblems.size).toBeGreaterThan(3);
  });

  it('draws two titles of the same motif and colours differently', () => {
    const twin = { ...viking, id: 'vikingernes-soelv', name: 'Vikingernes Sølv' };
    expect(gameArtSvg(twin)).not.toBe(gameArtSvg(viking));
    const a = artChoices(viking);
    const b = artChoices(twin);
    expect([a.pattern, a.gradientTurn, a.emblemX, a.monogram]).not.toEqual([b.pattern, b.gradientTurn, b.emblemX, b.monogram]);
  });

  it('tells 700 titles apart and spreads them over every pattern', () => {
    const titles = catalogue(720);
    expect(new Set(titles.map(gameArtSvg)).size).toBe(720);
    // What a person sees at a glance: emblem, colours, pattern, where the emblem sits and the
    // monogram. Even with only 8 motifs and 3 palettes shared by all, hardly two titles look alike.
    const looks = titles.map((title) => {
      const choice = artChoices(title);
      return `${choice.emblem}|${title.theme.colours.background}|${choice.pattern}|${Math.round(choice.emblemX / 12)}|${choice.monogram}`;
    });
    expect(new Set(looks).size).toBeGreaterThan(700);
    const patterns = new Set(titles.map((title) => artChoices(title).pattern));
    expect([...patterns].sort()).toEqual([...PATTERNS].sort());
  });

  it('shows the family as its reels and the volatility as pips', () => {
    const grid = (svg: string) => (svg.match(/h9v9h-9z/g) ?? []).length;
    expect(grid(gameArtSvg(viking))).toBe(15);
    expect(grid(gameArtSvg(fruit))).toBe(9);
    const lit = (svg: string) => (svg.match(/opacity="1"/g) ?? []).length;
    expect(lit(gameArtSvg(viking))).toBe(1);
    expect(lit(gameArtSvg({ ...viking, volatility: 'very-high' }))).toBe(4);
  });

  it('never writes a name or colour into the markup unescaped', () => {
    const svg = gameArtSvg({
      ...viking,
      name: '<script>alert(1)</script> "&"',
      theme: { motif: 'x', colours: { background: 'red;"/><script>', primary: '#FFF', accent: 'url(javascript:1)' } },
    });
    expect(svg).not.toContain('<script');
    expect(svg).not.toContain('javascript');
    expect(svg).not.toContain('red;');
  });

  it('takes the initials of the first and last word, in Danish upper case', () => {
    expect(initialsOf('Vikingernes Guld')).toBe('VG');
    expect(initialsOf('Æblernes Ø')).toBe('ÆØ');
    expect(initialsOf('Guldgruben')).toBe('G');
    expect(initialsOf('7 Kroner i Kassen')).toBe('7K');
  });
});
