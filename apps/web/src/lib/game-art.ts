import 'server-only';
import { symbolArtOf, type SymbolArt } from './symbol-art/catalogue';
import { ART_FONT, colourOr, escapeXml, luminance, shade } from './symbol-art/colours';
import { artMarkup } from './symbol-art/compose';
import { LIVE_ART_KINDS, TABLE_ART_KINDS, tableArtMarkup, type TableArtKind } from './symbol-art/table-art';
import type { GameKindFields } from './table-games';

export { shade } from './symbol-art/colours';

/**
 * A title's lobby tile artwork (issue 23), generated from its catalogue entry: its top-paying
 * symbols drawn big and overlapping (their art from lib/symbol-art) over a sunburst in its theme's
 * colours, and its name written across the foot. The same title always draws the same picture.
 * A table title (issue 24) shows its game instead (lib/symbol-art/table-art.ts: a wheel, an ace and
 * a king, a royal flush) over the same sunburst, with its name the same way.
 * Served as SVG by the art route (app/api/games/art/[id]); the build renders the same SVG to WebP
 * files in three widths (scripts/build-tiles.ts), which the route answers when they exist.
 */

export interface GameArtInput {
  id: string;
  name: string;
  theme: { motif: string; colours: { background: string; primary: string; accent: string } };
  /** The title's symbols (its rules); without them (another provider's title) a slot machine stands in. */
  symbols?: readonly { name: string; kind?: string; pays?: readonly number[] }[];
  /** A table title's kind (the catalogue's `category`): its game is drawn, not symbols. */
  table?: TableArtKind;
}

export const ART_WIDTH = 320;
export const ART_HEIGHT = 240;

/**
 * Which picture a catalogue entry gets: a slot's (undefined: its symbols), or a table title's game by
 * its category. A table title of a category this build cannot draw shows cards, the table games' sign.
 */
export function tableArtOf(entry: GameKindFields): TableArtKind | undefined {
  if (entry.gameType === 'live') return LIVE_ART_KINDS[entry.category ?? ''] ?? 'money-wheel';
  if (entry.gameType !== 'table') return undefined;
  return TABLE_ART_KINDS.find((kind) => kind === entry.category) ?? 'blackjack';
}

/** FNV-1a, 32 bits: a stable number from a string. */
export function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

const FALLBACK: SymbolArt = { kind: 'icon', icon: 'slot-machine' };

/**
 * The symbols a tile shows, best first: the plain picture symbols by their top pay, then the wild
 * and the scatter (the red 7 counts as a picture), then BAR; card ranks only when a title has fewer than two of those. At most three.
 */
export function featuredSymbols(symbols: GameArtInput['symbols'] = []): { name: string; art: SymbolArt }[] {
  const ranked = symbols
    .map((symbol, index) => {
      const art = symbolArtOf(symbol.name);
      const special = symbol.kind === 'wild' || symbol.kind === 'scatter';
      // The red 7 counts as a picture: on a fruit machine it is the symbol players look for.
      const picture = art.kind === 'icon' || (art.kind === 'text' && art.text === '7');
      const group = art.kind === 'blank' ? 4 : art.kind === 'rank' ? 3 : !picture ? 2 : special ? 1 : 0;
      return { name: symbol.name, art, group, pay: Math.max(0, ...(symbol.pays ?? [])), index };
    })
    .filter((symbol) => symbol.group < 4)
    .sort((a, b) => a.group - b.group || b.pay - a.pay || a.index - b.index);
  const pictures = ranked.filter((symbol) => symbol.group < 3);
  const picked = (pictures.length >= 2 ? pictures : ranked).slice(0, 3).map(({ name, art }) => ({ name, art }));
  return picked.length > 0 ? picked : [{ name: 'spilleautomat', art: FALLBACK }];
}

/** The name in one or two lines and the font size that fits the tile's width (DejaVu Sans Bold). */
export function nameLines(name: string): { lines: string[]; fontSize: number } {
  const usable = ART_WIDTH - 28;
  // DejaVu Sans Bold averages about 0.68 em a letter, wide capitals included.
  const fit = (text: string, max: number) => Math.min(max, usable / (Math.max(1, [...text].length) * 0.68));
  const single = fit(name, 40);
  const words = name.split(' ');
  if (single >= 27 || words.length < 2) return { lines: [name], fontSize: Math.floor(Math.max(single, 14)) };
  let best = { lines: [name], fontSize: single };
  for (let cut = 1; cut < words.length; cut++) {
    const lines = [words.slice(0, cut).join(' '), words.slice(cut).join(' ')];
    const size = Math.min(...lines.map((line) => fit(line, 31)));
    if (size > best.fontSize) best = { lines, fontSize: size };
  }
  return { lines: best.lines, fontSize: Math.floor(best.fontSize) };
}

/** A slot's featured symbols placed on the tile: the best in the middle and big, the next two behind it, turned outwards. */
function drawnSymbols(featured: { name: string; art: SymbolArt }[], primary: string): { defs: string; body: string }[] {
  const places = [
    { x: 90, y: 14, size: 140, turn: 0 },
    { x: 14, y: 40, size: 110, turn: -12 },
    { x: 196, y: 40, size: 110, turn: 12 },
  ];
  return featured.map((symbol, i) => {
    const place =
      featured.length === 1
        ? { x: 84, y: 10, size: 152, turn: 0 }
        : featured.length === 2
          ? [
              { x: 128, y: 14, size: 140, turn: 6 },
              { x: 44, y: 34, size: 120, turn: -8 },
            ][i]!
          : places[i]!;
    const markup = artMarkup(symbol.art, place, primary, `s${i}`);
    const centre = `${place.x + place.size / 2} ${place.y + place.size / 2}`;
    // A soft floor shadow and a halo rather than a blur filter: the build renders 743 tiles, and a
    // Gaussian blur was two thirds of each one's time.
    const floor = `<ellipse cx="${place.x + place.size / 2}" cy="${place.y + place.size * 0.93}" rx="${place.size * 0.4}" ry="${place.size * 0.09}" fill="url(#fl)"/>`;
    const halo =
      i === 0 && featured.length > 1
        ? `<circle cx="${place.x + place.size / 2}" cy="${place.y + place.size / 2}" r="${place.size * 0.56}" fill="url(#ha)"/>`
        : '';
    return { defs: markup.defs, body: `${halo}${floor}<g transform="rotate(${place.turn} ${centre})">${markup.body}</g>` };
  });
}

/** The SVG document of a title's tile artwork. */
export function gameArtSvg(input: GameArtInput): string {
  const background = colourOr(input.theme.colours.background, '#1b2a41');
  const accent = colourOr(input.theme.colours.accent, '#8c1c13');
  // A table's colours are its felt, its chips and cards (red, black, gold): the brighter of its primary
  // and accent lights the tile and writes the name, so it reads on the dark felt.
  const themePrimary = colourOr(input.theme.colours.primary, '#e8b931');
  const primary = input.table && luminance(accent) > luminance(themePrimary) ? accent : themePrimary;
  const seed = hashOf(`${input.id}|${input.name}`);
  const { lines, fontSize } = nameLines(input.name);

  // A sunburst behind the symbols, its ray count and turn from the id.
  const rays: string[] = [];
  const count = 12 + (seed % 8);
  const [cx, cy] = [160, 92];
  for (let i = 0; i < count; i++) {
    const a = (i / count) * Math.PI * 2 + ((seed >>> 8) % 60) / 60;
    const b = a + Math.PI / count;
    rays.push(
      `M${cx} ${cy}L${(cx + 300 * Math.cos(a)).toFixed(1)} ${(cy + 300 * Math.sin(a)).toFixed(1)}L${(cx + 300 * Math.cos(b)).toFixed(1)} ${(cy + 300 * Math.sin(b)).toFixed(1)}z`,
    );
  }

  const drawn = input.table
    ? [tableArtMarkup(input.table, seed, { background, primary: themePrimary, accent })]
    : drawnSymbols(featuredSymbols(input.symbols), primary);

  const lineHeight = fontSize * 1.05;
  const baseline = ART_HEIGHT - 14 - (lines.length - 1) * lineHeight;
  const ink = shade(background, -0.75);
  const text = lines
    .map(
      (line, i) =>
        `<text x="${ART_WIDTH / 2}" y="${(baseline + i * lineHeight).toFixed(1)}" text-anchor="middle" ${ART_FONT} font-size="${fontSize}" fill="url(#nm)" stroke="${ink}" stroke-width="${Math.max(3, fontSize / 7).toFixed(1)}" stroke-linejoin="round" paint-order="stroke">${escapeXml(line)}</text>`,
    )
    .join('');
  const footTop = baseline - fontSize - 18;

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${ART_WIDTH} ${ART_HEIGHT}" width="${ART_WIDTH}" height="${ART_HEIGHT}">`,
    '<defs>',
    `<linearGradient id="bg" x1="0" y1="0" x2=".4" y2="1"><stop offset="0" stop-color="${shade(background, 0.3)}"/><stop offset="1" stop-color="${shade(background, -0.5)}"/></linearGradient>`,
    `<radialGradient id="gl" cx=".5" cy=".38" r=".5"><stop offset="0" stop-color="${shade(primary, 0.35)}" stop-opacity=".7"/><stop offset="1" stop-color="${primary}" stop-opacity="0"/></radialGradient>`,
    `<linearGradient id="ft" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${ink}" stop-opacity="0"/><stop offset=".55" stop-color="${ink}" stop-opacity=".75"/><stop offset="1" stop-color="${ink}" stop-opacity=".9"/></linearGradient>`,
    `<linearGradient id="nm" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(primary, 0.75)}"/><stop offset=".55" stop-color="${shade(primary, 0.2)}"/><stop offset="1" stop-color="${shade(primary, -0.2)}"/></linearGradient>`,
    `<radialGradient id="fl"><stop offset="0" stop-color="#000" stop-opacity=".55"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>`,
    `<radialGradient id="ha"><stop offset=".6" stop-color="${shade(background, -0.6)}" stop-opacity=".55"/><stop offset="1" stop-color="${shade(background, -0.6)}" stop-opacity="0"/></radialGradient>`,
    ...drawn.map((symbol) => symbol.defs),
    '</defs>',
    `<rect width="${ART_WIDTH}" height="${ART_HEIGHT}" fill="url(#bg)"/>`,
    `<path d="${rays.join('')}" fill="${accent}" opacity=".16"/>`,
    `<rect width="${ART_WIDTH}" height="${ART_HEIGHT}" fill="url(#gl)"/>`,
    // Behind-first: the side symbols, then the best one over them.
    ...drawn.slice(1).map((symbol) => symbol.body),
    drawn[0]!.body,
    `<rect y="${Math.max(110, footTop).toFixed(1)}" width="${ART_WIDTH}" height="${(ART_HEIGHT - Math.max(110, footTop)).toFixed(1)}" fill="url(#ft)"/>`,
    text,
    `<rect x="1.5" y="1.5" width="${ART_WIDTH - 3}" height="${ART_HEIGHT - 3}" fill="none" stroke="${shade(primary, -0.1)}" stroke-opacity=".6" stroke-width="3"/>`,
    '</svg>',
  ].join('');
}
