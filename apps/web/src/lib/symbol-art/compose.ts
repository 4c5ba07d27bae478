import 'server-only';
import { symbolArtOf, type SymbolArt, type SymbolKind, type Tint } from './catalogue';
import { ART_FONT, colourOr, escapeXml, shade } from './colours';
import { iconOf } from './icons';

/**
 * A symbol's tile as a complete SVG document (viewBox 0 0 200 200), as the reels, the paytable and
 * the round's words show it: a rounded frame in the title's primary colour around a gradient of its
 * background, the symbol's art in the middle, and for a wild or a scatter a heavier frame with a
 * word band (WILD, SCATTER: the words players know from commercial slots). Only the one icon's
 * body is embedded, so a tile is a few kilobytes.
 */

export interface ThemeColours {
  background: string;
  primary: string;
  accent: string;
}

export const SYMBOL_TILE_SIZE = 200;

/** The rank letters' colours, as commercial slots colour their card ranks: each rank its own. */
const RANK_COLOURS: Record<string, string> = {
  A: '#e53935',
  K: '#1e88e5',
  Q: '#8e24aa',
  J: '#43a047',
  '10': '#fb8c00',
  '9': '#00897b',
};

/** Shadow and highlight (r, g, b in 0…1) a tint maps an icon's dark and light parts to. */
const TINTS: Record<Tint, [number[], number[]]> = {
  gold: [
    [0.45, 0.27, 0.0],
    [1.0, 0.9, 0.45],
  ],
  silver: [
    [0.3, 0.33, 0.38],
    [0.97, 0.98, 1.0],
  ],
  copper: [
    [0.38, 0.13, 0.04],
    [1.0, 0.72, 0.5],
  ],
  dark: [
    [0.04, 0.04, 0.06],
    [0.5, 0.5, 0.56],
  ],
  ice: [
    [0.12, 0.32, 0.55],
    [0.9, 0.97, 1.0],
  ],
  purple: [
    [0.28, 0.05, 0.42],
    [0.92, 0.66, 1.0],
  ],
  green: [
    [0.02, 0.3, 0.12],
    [0.62, 1.0, 0.7],
  ],
};

function recolourFilter(id: string, art: { hue?: number; tint?: Tint }): string {
  if (art.tint) {
    const [dark, light] = TINTS[art.tint];
    const rows = [0, 1, 2].map((c) => {
      const span = light[c]! - dark[c]!;
      return `${(span * 0.299).toFixed(3)} ${(span * 0.587).toFixed(3)} ${(span * 0.114).toFixed(3)} 0 ${dark[c]!.toFixed(3)}`;
    });
    return `<filter id="${id}" color-interpolation-filters="sRGB"><feColorMatrix type="matrix" values="${rows.join(' ')} 0 0 0 1 0"/></filter>`;
  }
  return `<filter id="${id}" color-interpolation-filters="sRGB"><feColorMatrix type="hueRotate" values="${art.hue ?? 0}"/></filter>`;
}

/** A soft shadow under a picture, so it stands off its background. */
export const shadowFilter = (id: string, blur = 3, dy = 4, opacity = 0.45) =>
  `<filter id="${id}" x="-20%" y="-20%" width="140%" height="150%"><feGaussianBlur in="SourceAlpha" stdDeviation="${blur}"/><feOffset dy="${dy}" result="o"/><feComponentTransfer><feFuncA type="linear" slope="${opacity}"/></feComponentTransfer><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>`;

/** An icon's ids renamed with a prefix, so several icons can share one document. */
const prefixIds = (body: string, prefix: string) =>
  body
    .replace(/\bid="([^"]+)"/g, `id="${prefix}$1"`)
    .replace(/url\(#([^)]+)\)/g, `url(#${prefix}$1)`)
    .replace(/href="#([^"]+)"/g, `href="#${prefix}$1"`);

export interface Box {
  x: number;
  y: number;
  size: number;
}

/** An icon of the set placed in a square box (recoloured when its art says so): defs and body. */
export function iconMarkup(art: Extract<SymbolArt, { kind: 'icon' }>, box: Box, prefix: string): { defs: string; body: string } {
  const icon = iconOf(art.icon) ?? iconOf('slot-machine');
  if (!icon) return { defs: '', body: '' };
  // A zoomed icon shows the middle of its square: its viewBox shrinks around the centre.
  const zoom = art.zoom ?? 1;
  const [width, height] = [icon.width / zoom, icon.height / zoom];
  const viewBox = [icon.left + (icon.width - width) / 2, icon.top + (icon.height - height) / 2, width, height]
    .map((n) => +n.toFixed(3))
    .join(' ');
  const nested = `<svg x="${box.x}" y="${box.y}" width="${box.size}" height="${box.size}" viewBox="${viewBox}">${prefixIds(icon.body, prefix)}</svg>`;
  if (art.hue === undefined && art.tint === undefined) return { defs: '', body: nested };
  return { defs: recolourFilter(`${prefix}t`, art), body: `<g filter="url(#${prefix}t)">${nested}</g>` };
}

/** A card rank as a big letter: its own colour in a gradient, a dark outline, a small ornament below. */
function rankMarkup(text: string, prefix: string): { defs: string; body: string } {
  const colour = RANK_COLOURS[text] ?? '#e53935';
  const defs = `<linearGradient id="${prefix}r" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(colour, 0.7)}"/><stop offset=".45" stop-color="${shade(colour, 0.15)}"/><stop offset="1" stop-color="${shade(colour, -0.35)}"/></linearGradient>`;
  const size = text.length > 1 ? 112 : 132;
  const ink = shade(colour, -0.75);
  const body = [
    `<text x="100" y="${text.length > 1 ? 136 : 144}" text-anchor="middle" ${ART_FONT} font-size="${size}" letter-spacing="${text.length > 1 ? -8 : 0}" fill="url(#${prefix}r)" stroke="${ink}" stroke-width="7" stroke-linejoin="round" paint-order="stroke">${escapeXml(text)}</text>`,
    `<path d="M56 165h30l14-8 14 8h30" fill="none" stroke="${shade(colour, 0.35)}" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>`,
    `<path d="M100 152l9 9-9 9-9-9z" fill="${shade(colour, 0.55)}" stroke="${ink}" stroke-width="2"/>`,
  ].join('');
  return { defs, body };
}

/** BAR, 2×BAR (two plates, as on a classic reel) and the red 7. */
function textMarkup(text: string, primary: string, prefix: string): { defs: string; body: string } {
  if (text === '7') {
    const defs = `<linearGradient id="${prefix}s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ff8a80"/><stop offset=".5" stop-color="#e53935"/><stop offset="1" stop-color="#8e0000"/></linearGradient>`;
    return {
      defs,
      body: `<text x="100" y="164" text-anchor="middle" ${ART_FONT} font-size="176" fill="url(#${prefix}s)" stroke="#ffd54f" stroke-width="9" stroke-linejoin="round" paint-order="stroke">7</text><text x="100" y="164" text-anchor="middle" ${ART_FONT} font-size="176" fill="none" stroke="#5d1a00" stroke-width="2.5" stroke-linejoin="round">7</text>`,
    };
  }
  const plate = (y: number, height: number, fontSize: number) =>
    `<rect x="26" y="${y}" width="148" height="${height}" rx="10" fill="#121212" stroke="${shade(primary, 0.4)}" stroke-width="5"/><text x="100" y="${y + height / 2 + fontSize * 0.36}" text-anchor="middle" ${ART_FONT} font-size="${fontSize}" letter-spacing="3" fill="#fafafa">BAR</text>`;
  return { defs: '', body: text === 'BAR' ? plate(68, 64, 46) : plate(42, 54, 40) + plate(106, 54, 40) };
}

/** The art of one symbol inside a box of the 200 × 200 tile (the icon's size follows the box). */
export function artMarkup(art: SymbolArt, box: Box, primary: string, prefix: string): { defs: string; body: string } {
  switch (art.kind) {
    case 'icon':
      return iconMarkup(art, box, prefix);
    case 'rank': {
      const { defs, body } = rankMarkup(art.text, prefix);
      return { defs, body: scaled(body, box) };
    }
    case 'text': {
      const { defs, body } = textMarkup(art.text, primary, prefix);
      return { defs, body: scaled(body, box) };
    }
    case 'blank':
      return { defs: '', body: '' };
  }
}

/** Markup drawn for the full 200 × 200 tile, moved and scaled into a box (the full tile is box 0 0 200). */
function scaled(body: string, box: Box): string {
  if (box.x === 0 && box.y === 0 && box.size === SYMBOL_TILE_SIZE) return body;
  return `<g transform="translate(${box.x} ${box.y}) scale(${(box.size / SYMBOL_TILE_SIZE).toFixed(4)})">${body}</g>`;
}

const BAND_WORDS: Record<Exclude<SymbolKind, 'normal'>, string> = { wild: 'WILD', scatter: 'SCATTER' };

/** A symbol's tile: the complete SVG document. */
export function symbolTileSvg(symbol: { name: string; kind?: string }, colours: ThemeColours): string {
  const background = colourOr(colours.background, '#1b2a41');
  const primary = colourOr(colours.primary, '#e8b931');
  const accent = colourOr(colours.accent, '#8c1c13');
  const art = symbolArtOf(symbol.name);
  const open = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200">`;
  if (art.kind === 'blank') return `${open}</svg>`;
  const kind = symbol.kind === 'wild' || symbol.kind === 'scatter' ? symbol.kind : 'normal';
  const special = kind !== 'normal';
  // A wild's frame is gold whatever the theme, a scatter's the theme's accent: both heavier than a
  // plain symbol's, so they are found on the reels at a glance.
  const frame = kind === 'wild' ? '#f6c343' : kind === 'scatter' ? accent : primary;
  const inner = special ? 15 : 11;
  const content = special
    ? artMarkup(art, art.kind === 'icon' ? { x: 42, y: 22, size: 116 } : { x: 30, y: 12, size: 140 }, primary, 'a')
    : artMarkup(art, art.kind === 'icon' ? { x: 26, y: 24, size: 148 } : { x: 0, y: 0, size: 200 }, primary, 'a');
  const parts = [
    open,
    '<defs>',
    `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(background, 0.32)}"/><stop offset="1" stop-color="${shade(background, -0.45)}"/></linearGradient>`,
    `<linearGradient id="fr" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(frame, 0.55)}"/><stop offset=".5" stop-color="${frame}"/><stop offset="1" stop-color="${shade(frame, -0.5)}"/></linearGradient>`,
    `<radialGradient id="gl" cx=".5" cy=".46" r=".5"><stop offset="0" stop-color="${shade(primary, 0.3)}" stop-opacity=".55"/><stop offset="1" stop-color="${primary}" stop-opacity="0"/></radialGradient>`,
    shadowFilter('sh'),
    content.defs,
    '</defs>',
    `<rect x="3" y="3" width="194" height="194" rx="30" fill="url(#fr)"/>`,
    special ? `<rect x="9" y="9" width="182" height="182" rx="25" fill="none" stroke="${shade(frame, -0.55)}" stroke-width="2"/>` : '',
    `<rect x="${inner}" y="${inner}" width="${200 - 2 * inner}" height="${200 - 2 * inner}" rx="${special ? 20 : 23}" fill="url(#bg)" stroke="${shade(accent, 0.1)}" stroke-width="2.5"/>`,
    `<circle cx="100" cy="${special ? 84 : 98}" r="${special ? 70 : 82}" fill="url(#gl)"/>`,
    `<g filter="url(#sh)">${content.body}</g>`,
  ];
  if (special) {
    const word = BAND_WORDS[kind];
    const bandFill = kind === 'wild' ? '#c62828' : shade(accent, -0.2);
    parts.push(
      `<rect x="8" y="140" width="184" height="44" rx="12" fill="${bandFill}" stroke="${shade(frame, 0.35)}" stroke-width="3"/>`,
      `<text x="100" y="${word.length > 5 ? 171 : 173}" text-anchor="middle" ${ART_FONT} font-size="${word.length > 5 ? 29 : 34}" letter-spacing="${word.length > 5 ? 1 : 3}" fill="#ffffff" stroke="${shade(bandFill, -0.6)}" stroke-width="4" stroke-linejoin="round" paint-order="stroke">${word}</text>`,
    );
  }
  parts.push('</svg>');
  return parts.join('');
}
