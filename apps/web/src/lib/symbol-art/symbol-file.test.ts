import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));

const { symbolArtFor, symbolIndexOf } = await import('./symbol-file');
const { symbolTileSvg } = await import('./compose');
const { iconOf } = await import('./icons');

const colours = { background: '#35181d', primary: '#d8ab61', accent: '#2694cc' };
const symbols = [
  { name: 'blank', kind: 'normal' },
  { name: 'es', kind: 'normal' },
  { name: 'elefant', kind: 'normal' },
  { name: 'tryllehat', kind: 'wild' },
  { name: 'fyrværkeri', kind: 'scatter' },
  { name: 'rubin', kind: 'normal' },
];
const sources = {
  loadRules: async (id: string) =>
    id === 'akrobat-og-elefant' ? { ok: true as const, data: { symbols } } : { ok: false as const, status: 404 },
  loadTheme: async (id: string) =>
    id === 'akrobat-og-elefant' ? { ok: true as const, data: { theme: { colours } } } : { ok: false as const, status: 404 },
};

/** The share of a rendered picture's pixels that are not transparent. */
async function inkOf(svg: string): Promise<number> {
  const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  let opaque = 0;
  for (let i = 3; i < data.length; i += info.channels) if (data[i]! > 0) opaque++;
  return opaque / (info.width * info.height);
}

describe('a symbol tile', () => {
  it('reads the symbol index from the file name and nothing else', () => {
    expect(symbolIndexOf('0.svg')).toBe(0);
    expect(symbolIndexOf('12.svg')).toBe(12);
    for (const bad of ['01.svg', '1.png', '1.svg.svg', '-1.svg', '100.svg', 'x.svg', '', '1'] as const)
      expect(symbolIndexOf(bad)).toBeUndefined();
  });

  it('answers 404 for an unknown title, a malformed file name or an index out of range', async () => {
    expect(await symbolArtFor('ingen-saadan-titel', '1.svg', sources)).toEqual({ ok: false, status: 404, code: 'GAME_NOT_FOUND' });
    expect(await symbolArtFor('X', '1.svg', sources)).toEqual({ ok: false, status: 404, code: 'GAME_NOT_FOUND' });
    expect(await symbolArtFor('akrobat-og-elefant', 'a.svg', sources)).toEqual({ ok: false, status: 404, code: 'NOT_FOUND' });
    expect(await symbolArtFor('akrobat-og-elefant', '6.svg', sources)).toEqual({ ok: false, status: 404, code: 'NOT_FOUND' });
  });

  it('answers 502 when the studio is down, not a picture to keep a year', async () => {
    const down = { ...sources, loadRules: async () => ({ ok: false as const, status: 503 }) };
    expect(await symbolArtFor('akrobat-og-elefant', '2.svg', down)).toEqual({ ok: false, status: 502, code: 'SERVER_ERROR' });
  });

  it("draws the symbol's icon in the title's frame, small and complete", async () => {
    const answer = await symbolArtFor('akrobat-og-elefant', '2.svg', sources);
    if (!answer.ok) throw new Error('no picture');
    expect(answer.svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 200 200"/);
    expect(answer.svg).toContain(iconOf('elephant')!.body.slice(0, 200));
    expect(answer.svg).toContain(colours.primary);
    expect(answer.svg).not.toMatch(/WILD|SCATTER/);
    expect(answer.svg.length).toBeLessThan(20_000);
    const metadata = await sharp(Buffer.from(answer.svg)).metadata();
    expect([metadata.width, metadata.height]).toEqual([200, 200]);
    expect(await inkOf(answer.svg)).toBeGreaterThan(0.9);
  });

  it('bands a wild and a scatter with their word', async () => {
    const wild = await symbolArtFor('akrobat-og-elefant', '3.svg', sources);
    const scatter = await symbolArtFor('akrobat-og-elefant', '4.svg', sources);
    expect(wild.ok && wild.svg).toContain('>WILD</text>');
    expect(scatter.ok && scatter.svg).toContain('>SCATTER</text>');
    // Text renders in sharp (librsvg) with the DejaVu fonts: the band's word leaves white pixels.
    const { data, info } = await sharp(Buffer.from(wild.ok ? wild.svg : ''))
      .raw()
      .toBuffer({ resolveWithObject: true });
    let white = 0;
    for (let y = 150; y < 180; y++)
      for (let x = 40; x < 160; x++) {
        const i = (y * info.width + x) * info.channels;
        if (data[i]! > 240 && data[i + 1]! > 240 && data[i + 2]! > 240) white++;
      }
    expect(white).toBeGreaterThan(200);
  });

  it('writes a card rank as its letter, recolours a crystal and leaves a blank empty', async () => {
    expect(symbolTileSvg({ name: 'es' }, colours)).toContain('>A</text>');
    expect(symbolTileSvg({ name: 'ti' }, colours)).toContain('>10</text>');
    expect(symbolTileSvg({ name: 'dobbeltbar' }, colours).match(/>BAR<\/text>/g)).toHaveLength(2);
    expect(symbolTileSvg({ name: 'rubin' }, colours)).toContain('hueRotate');
    const blank = symbolTileSvg({ name: 'blank' }, colours);
    expect(await inkOf(blank)).toBe(0);
  });

  it('keeps colours it cannot read from breaking the picture', () => {
    const svg = symbolTileSvg({ name: 'elefant' }, { background: 'red"/><script>', primary: '#zzz', accent: '' });
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('#e8b931');
  });
});
