import 'server-only';
import { ART_FONT, shade } from './colours';
import { iconMarkup } from './compose';

/**
 * The table games' tile pictures (issue 24), drawn in the lobby tile's upper part (320 × 240; the
 * name is written across its foot by lib/game-art.ts): a European wheel seen from above, its 37
 * pockets in their real order and colours, for roulette; an ace and a king for blackjack; a royal
 * flush fanned out for video poker; casino chips in the title's colours beside them. The suits and
 * the king's crown are Fluent Emoji Flat art (MIT, © Microsoft), as the slots' symbols; the wheel,
 * the cards and the chips are drawn here. Like a slot's tile, the same title draws the same picture
 * (`seed`: the ball's pocket, the cards' suit).
 */

export type TableArtKind = 'roulette' | 'blackjack' | 'video-poker' | 'money-wheel';

/** The table games' kinds (the catalogue's categories of `gameType: 'table'`). */
export const TABLE_ART_KINDS: readonly TableArtKind[] = ['roulette', 'blackjack', 'video-poker'];

/**
 * A live table's picture by its live category (issue 25): roulette's wheel, blackjack's cards, and a
 * game show's money wheel for the others. No "LIVE" mark: the picture cannot know whether the
 * studio films the table, and a drawn one must not be shown as live (danish-rules.md); the tile's
 * own label says it, from the studio's lobby.
 */
export const LIVE_ART_KINDS: Readonly<Record<string, TableArtKind>> = {
  'live-roulette': 'roulette',
  'live-blackjack': 'blackjack',
  'andre-live-spil': 'money-wheel',
};

/** The European wheel's pockets clockwise from the zero. */
export const WHEEL_ORDER: readonly number[] = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26,
];
const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
export const pocketColour = (pocket: number) => (pocket === 0 ? '#1f8a3b' : RED.has(pocket) ? '#c8102e' : '#161616');

type Suit = 'spade-suit' | 'heart-suit' | 'diamond-suit' | 'club-suit';
const SUIT_INK: Record<Suit, string> = {
  'spade-suit': '#1b1b1b',
  'club-suit': '#1b1b1b',
  'heart-suit': '#d32f2f',
  'diamond-suit': '#d32f2f',
};

interface Colours {
  background: string;
  primary: string;
  accent: string;
}

const n = (value: number) => +value.toFixed(1);
const at = (cx: number, cy: number, r: number, angle: number) => `${n(cx + r * Math.cos(angle))} ${n(cy + r * Math.sin(angle))}`;

/** A roulette wheel from above: wooden rim, the pocket ring, the cone and turret, the ball in a pocket. */
function wheel(seed: number, colours: Colours): { defs: string; body: string } {
  const [cx, cy] = [160, 86];
  const [rim, outer, inner, cone] = [82, 72, 54, 50];
  const step = (Math.PI * 2) / WHEEL_ORDER.length;
  // The zero at the top, the wheel turned a little by the seed.
  const turn = -Math.PI / 2 - step / 2 + ((seed % 37) / 37) * 0.6;
  const pockets = WHEEL_ORDER.map((pocket, i) => {
    const [a, b] = [turn + i * step, turn + (i + 1) * step];
    return `<path d="M${at(cx, cy, outer, a)}A${outer} ${outer} 0 0 1 ${at(cx, cy, outer, b)}L${at(cx, cy, inner, b)}A${inner} ${inner} 0 0 0 ${at(cx, cy, inner, a)}z" fill="${pocketColour(pocket)}"/>`;
  }).join('');
  const ballIndex = (seed >>> 5) % WHEEL_ORDER.length;
  const ballAngle = turn + (ballIndex + 0.5) * step;
  const gold = '#e6c15a';
  const defs = [
    `<radialGradient id="tw" cx=".5" cy=".5" r=".5"><stop offset=".82" stop-color="#7a3f1d"/><stop offset=".93" stop-color="#4a230d"/><stop offset="1" stop-color="#2a1206"/></radialGradient>`,
    `<radialGradient id="tc" cx=".45" cy=".4" r=".6"><stop offset="0" stop-color="${shade(colours.background, 0.35)}"/><stop offset="1" stop-color="${shade(colours.background, -0.55)}"/></radialGradient>`,
    `<radialGradient id="tb" cx=".35" cy=".35" r=".7"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#b9b9b9"/></radialGradient>`,
    `<linearGradient id="tg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff1b8"/><stop offset=".5" stop-color="${gold}"/><stop offset="1" stop-color="#8a6414"/></linearGradient>`,
  ].join('');
  const arms = [0, 1, 2, 3]
    .map((k) => {
      const a = (k * Math.PI) / 2 + Math.PI / 4;
      return `<path d="M${at(cx, cy, 4, a - 0.9)}L${at(cx, cy, 24, a)}L${at(cx, cy, 4, a + 0.9)}z" fill="url(#tg)"/><circle cx="${n(cx + 24 * Math.cos(a))}" cy="${n(cy + 24 * Math.sin(a))}" r="3.4" fill="url(#tg)"/>`;
    })
    .join('');
  const body = [
    `<ellipse cx="${cx}" cy="${cy + rim * 0.96}" rx="${rim * 0.95}" ry="${rim * 0.16}" fill="#000" opacity=".35"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${rim}" fill="url(#tw)" stroke="${gold}" stroke-width="2.5"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${outer + 2}" fill="#2a1206"/>`,
    pockets,
    // The frets between the pockets, and the ring's gold edges.
    `<g stroke="${gold}" stroke-width=".9" opacity=".85">${WHEEL_ORDER.map((_, i) => `<path d="M${at(cx, cy, inner, turn + i * step)}L${at(cx, cy, outer, turn + i * step)}"/>`).join('')}</g>`,
    `<circle cx="${cx}" cy="${cy}" r="${outer}" fill="none" stroke="${gold}" stroke-width="1.5"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${cone}" fill="url(#tc)" stroke="${gold}" stroke-width="2"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${cone - 14}" fill="none" stroke="${shade(colours.accent, -0.2)}" stroke-width="1.2" opacity=".6"/>`,
    arms,
    `<circle cx="${cx}" cy="${cy}" r="9" fill="url(#tg)" stroke="#6b4a0c" stroke-width="1"/>`,
    `<circle cx="${n(cx + ((outer + inner) / 2) * Math.cos(ballAngle))}" cy="${n(cy + ((outer + inner) / 2) * Math.sin(ballAngle))}" r="5.6" fill="url(#tb)" stroke="#555" stroke-width=".6"/>`,
  ].join('');
  return { defs, body };
}

/** A money wheel's field colours by its number, and the multiplier fields' gold (as game shows paint them). */
const WHEEL_FIELD: Record<string, string> = {
  '1': '#2b5ea7',
  '2': '#7a3fa0',
  '5': '#1f7a45',
  '10': '#c0562a',
  '20': '#a3262a',
  '40': '#161616',
  '2×': '#e6c15a',
  '7×': '#e6c15a',
};
/** 54 fields: a repeating run of the numbers with the two multipliers opposite each other (a drawing, not the studio's wheel). */
const MONEY_WHEEL_FIELDS: readonly string[] = Array.from({ length: 54 }, (_, i) =>
  i === 0 ? '7×' : i === 27 ? '2×' : i === 13 ? '40' : i % 13 === 6 ? '20' : i % 6 === 3 ? '10' : i % 4 === 1 ? '5' : i % 2 ? '2' : '1',
);

/** A game show's money wheel, upright on its stand, its pointer at the top. */
function moneyWheel(seed: number): { defs: string; body: string } {
  const [cx, cy, r] = [160, 90, 70];
  const step = (Math.PI * 2) / MONEY_WHEEL_FIELDS.length;
  const turn = -Math.PI / 2 - step / 2 - (seed % 54) * step;
  const gold = '#e6c15a';
  const fields = MONEY_WHEEL_FIELDS.map((field, i) => {
    const [a, b] = [turn + i * step, turn + (i + 1) * step];
    const mid = (a + b) / 2;
    const [tx, ty] = [cx + (r - 12) * Math.cos(mid), cy + (r - 12) * Math.sin(mid)];
    const label = `<text x="${n(tx)}" y="${n(ty)}" transform="rotate(${n((mid * 180) / Math.PI + 90)} ${n(tx)} ${n(ty)})" text-anchor="middle" dominant-baseline="middle" ${ART_FONT} font-size="${field.length > 1 ? 6.5 : 8}" fill="${field.endsWith('×') ? '#3a2a00' : '#fff'}">${field}</text>`;
    return `<path d="M${cx} ${cy}L${at(cx, cy, r, a)}A${r} ${r} 0 0 1 ${at(cx, cy, r, b)}z" fill="${WHEEL_FIELD[field]}"/>${label}`;
  }).join('');
  const defs = `<radialGradient id="mh" cx=".4" cy=".35" r=".7"><stop offset="0" stop-color="#fff1b8"/><stop offset=".6" stop-color="${gold}"/><stop offset="1" stop-color="#8a6414"/></radialGradient>`;
  const pegs = MONEY_WHEEL_FIELDS.map((_, i) => {
    const a = turn + i * step;
    return `<circle cx="${n(cx + (r + 3) * Math.cos(a))}" cy="${n(cy + (r + 3) * Math.sin(a))}" r="1.6" fill="${gold}"/>`;
  }).join('');
  const body = [
    `<path d="M${cx - 30} ${cy + r + 30}L${cx} ${cy + 20}L${cx + 30} ${cy + r + 30}z" fill="#3b2410" stroke="${gold}" stroke-width="1.5"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${r + 7}" fill="#2a1206" stroke="${gold}" stroke-width="3"/>`,
    fields,
    `<g stroke="#00000055" stroke-width=".6">${MONEY_WHEEL_FIELDS.map((_, i) => `<path d="M${cx} ${cy}L${at(cx, cy, r, turn + i * step)}"/>`).join('')}</g>`,
    pegs,
    `<circle cx="${cx}" cy="${cy}" r="18" fill="url(#mh)" stroke="#6b4a0c" stroke-width="1.2"/>`,
    `<path d="M${cx - 8} ${cy - r - 12}L${cx + 8} ${cy - r - 12}L${cx} ${cy - r + 4}z" fill="url(#mh)" stroke="#6b4a0c" stroke-width="1"/>`,
  ].join('');
  return { defs, body };
}

/** A stack of casino chips, bottom first: each an edge and a face with the white inlays. */
function chips(x: number, y: number, count: number, colour: string): string {
  const parts: string[] = [`<ellipse cx="${x}" cy="${y + 7}" rx="27" ry="8" fill="#000" opacity=".35"/>`];
  for (let k = 0; k < count; k++) {
    const top = y - k * 6;
    parts.push(
      `<path d="M${x - 22} ${top}v5a22 7.5 0 0 0 44 0v-5z" fill="${shade(colour, -0.45)}"/>`,
      `<path d="M${x - 22} ${top + 2.5}a22 7.5 0 0 0 44 0" fill="none" stroke="#fff" stroke-width="2.4" stroke-dasharray="5 6" opacity=".8"/>`,
      `<ellipse cx="${x}" cy="${top}" rx="22" ry="7.5" fill="${colour}"/>`,
    );
  }
  const face = y - (count - 1) * 6;
  parts.push(
    `<ellipse cx="${x}" cy="${face}" rx="16.5" ry="5.6" fill="none" stroke="#fff" stroke-width="3" stroke-dasharray="4.5 4.2"/>`,
    `<ellipse cx="${x}" cy="${face}" rx="10" ry="3.4" fill="${shade(colour, 0.25)}" stroke="${shade(colour, -0.4)}" stroke-width=".8"/>`,
  );
  return parts.join('');
}

/** A playing card: white face, the rank and suit in two corners, a big suit (or the king's crown) in the middle. */
function card(
  box: { x: number; y: number; w: number; h: number; turn: number; pivot?: [number, number] },
  rank: string,
  suit: Suit,
  prefix: string,
) {
  const { x, y, w, h, turn } = box;
  const [px, py] = box.pivot ?? [x + w / 2, y + h / 2];
  const ink = SUIT_INK[suit];
  const rankSize = rank.length > 1 ? w * 0.22 : w * 0.26;
  const corner = (flip: boolean) => {
    const inner = [
      `<text x="${n(x + w * 0.16)}" y="${n(y + rankSize + 3)}" text-anchor="middle" ${ART_FONT} font-size="${n(rankSize)}" letter-spacing="${rank.length > 1 ? -1.5 : 0}" fill="${ink}">${rank}</text>`,
      iconMarkup(
        { kind: 'icon', icon: suit },
        { x: n(x + w * 0.16 - w * 0.09), y: n(y + rankSize + 6), size: n(w * 0.18) },
        `${prefix}${flip ? 'b' : 'a'}`,
      ).body,
    ].join('');
    return flip ? `<g transform="rotate(180 ${n(x + w / 2)} ${n(y + h / 2)})">${inner}</g>` : inner;
  };
  const middleSize = w * (rank === 'K' ? 0.56 : 0.5);
  const middle = iconMarkup(
    { kind: 'icon', icon: rank === 'K' ? 'crown' : suit },
    { x: n(x + (w - middleSize) / 2), y: n(y + (h - middleSize) / 2), size: n(middleSize) },
    `${prefix}m`,
  ).body;
  return [
    `<g transform="rotate(${turn} ${n(px)} ${n(py)})">`,
    `<rect x="${n(x + 3)}" y="${n(y + 5)}" width="${w}" height="${h}" rx="${n(w * 0.1)}" fill="#000" opacity=".35"/>`,
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${n(w * 0.1)}" fill="url(#tp)" stroke="#b9b2a3" stroke-width="1.2"/>`,
    corner(false),
    corner(true),
    middle,
    '</g>',
  ].join('');
}

const PAPER = `<linearGradient id="tp" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#ece6d8"/></linearGradient>`;

/** The picture of a table title's kind: defs and body, drawn in the tile's coordinates. */
export function tableArtMarkup(kind: TableArtKind, seed: number, colours: Colours): { defs: string; body: string } {
  const chipColour = shade(colours.accent, 0);
  const second = colours.primary;
  if (kind === 'roulette') {
    const drawn = wheel(seed, colours);
    return { defs: drawn.defs, body: `${drawn.body}${chips(40, 138, 4, chipColour)}${chips(282, 142, 3, second)}` };
  }
  if (kind === 'money-wheel') {
    const drawn = moneyWheel(seed);
    return { defs: drawn.defs, body: `${drawn.body}${chips(40, 140, 4, chipColour)}${chips(282, 144, 3, second)}` };
  }
  if (kind === 'blackjack') {
    const black: Suit = seed % 2 === 0 ? 'spade-suit' : 'club-suit';
    const red: Suit = (seed >>> 1) % 2 === 0 ? 'heart-suit' : 'diamond-suit';
    const body = [
      card({ x: 84, y: 18, w: 90, h: 126, turn: -11 }, 'A', black, 'ca'),
      card({ x: 146, y: 14, w: 90, h: 126, turn: 9 }, 'K', red, 'ck'),
      chips(44, 142, 4, chipColour),
      chips(280, 146, 2, second),
    ].join('');
    return { defs: PAPER, body };
  }
  // Video poker: a royal flush, fanned out from below.
  const suit: Suit = (['heart-suit', 'spade-suit', 'diamond-suit', 'club-suit'] as const)[seed % 4]!;
  const ranks = ['10', 'J', 'Q', 'K', 'A'];
  const body = ranks
    .map((rank, i) => card({ x: 124, y: 16, w: 72, h: 102, turn: (i - 2) * 13, pivot: [160, 250] }, rank, suit, `v${i}`))
    .join('');
  return { defs: PAPER, body };
}
