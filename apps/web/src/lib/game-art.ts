/**
 * A title's tile artwork, generated from its catalogue entry: the same title always draws the same
 * picture, and two titles differ at a glance. Nothing is committed as an image; the storefront's
 * art route (app/api/games/art/[id]) answers this SVG with long cache headers.
 *
 * What is drawn, and from what:
 * - the background gradient from the theme's background colour, its angle from the id;
 * - a pattern (rays, rings, stripes, dots, waves, diamonds or scales) in the accent colour, chosen
 *   and turned by the id;
 * - the motif's emblem (a viking helmet, cherries, a tree, …; an unknown motif gets one picked by its
 *   name) in the primary colour, placed and sized by the id;
 * - the title's initials as a monogram;
 * - the family as a miniature of its reels (columns × rows), and the volatility as 1–4 pips.
 *
 * Pure and deterministic (an FNV-1a hash of the id, never a random source), so it is unit-tested.
 */

export interface GameArtInput {
  id: string;
  name: string;
  family: string;
  volatility: string;
  rows: number;
  reelsCount: number;
  theme: { motif: string; colours: { background: string; primary: string; accent: string } };
}

export const ART_WIDTH = 320;
export const ART_HEIGHT = 240;

/** FNV-1a, 32 bits: a stable number from a string. */
export function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** A small stream of numbers from one seed (xorshift32): each call the next. */
function streamOf(seed: number) {
  let state = seed || 0x9e3779b9;
  return (n: number) => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state % n;
  };
}

const HEX = /^#[0-9a-f]{6}$/i;
const colourOr = (value: string, fallback: string) => (HEX.test(value) ? value.toLowerCase() : fallback);

/** A colour lighter (amount > 0) or darker (< 0), amount in -1…1. */
export function shade(hex: string, amount: number): string {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const moved = channels.map((c) => Math.round(amount >= 0 ? c + (255 - c) * amount : c * (1 + amount)));
  return `#${moved.map((c) => Math.max(0, Math.min(255, c)).toString(16).padStart(2, '0')).join('')}`;
}

/** Emblems in a 100 × 100 box, each one path (fill-rule evenodd). */
const EMBLEMS: Record<string, string> = {
  helmet:
    'M20 62c0-20 13-34 30-34s30 14 30 34v8H20zM8 30c6 14 14 20 22 22l-4 8C14 56 8 44 8 30zM92 30c-6 14-14 20-22 22l4 8c12-4 18-16 18-30zM46 70h8v16h-8z',
  cherries:
    'M34 58a16 16 0 1 1 0 32a16 16 0 1 1 0-32zM68 62a15 15 0 1 1 0 30a15 15 0 1 1 0-30zM36 58C40 36 52 20 66 12l4 4C58 24 46 40 40 58zM70 62C70 44 68 28 66 14l4-1c3 14 5 30 5 49z',
  tree: 'M50 6l26 34H62l22 28H58v22H42V68H16l22-28H24z',
  wave: 'M4 60c12-12 24-12 36 0s24 12 36 0 16-8 20-6v14c-6-2-10 2-20 8-12 8-24 8-36-2S16 66 4 76zM58 22c10 0 20 8 24 16-4 8-14 16-24 16-8 0-14-4-18-8l-10 8V22l10 8c4-4 10-8 18-8z',
  pyramid: 'M50 10l42 76H8zM50 30L26 76h48z',
  gem: 'M28 16h44l20 22-42 50L8 38zM32 24L22 38h56L68 24z',
  coin: 'M50 8a42 42 0 1 1 0 84a42 42 0 1 1 0-84zM50 20a30 30 0 1 0 0 60a30 30 0 1 0 0-60zM44 30h12v40H44z',
  flame: 'M50 6c6 18 30 30 30 54 0 18-14 32-30 32S20 78 20 60c0-14 8-22 14-30 2 10 6 14 10 16 0-16 2-28 6-40z',
  planet:
    'M50 24a26 26 0 1 1 0 52a26 26 0 1 1 0-52zM4 66c10-14 40-30 74-34 14-2 20 2 16 8-2-2-6-3-12-2 1-2 1-3 0-4-24 4-52 16-68 30 6 2 14 2 24 0l2 4C24 72 8 74 4 66z',
  star: 'M50 6l12 30 32 2-24 20 8 32-28-18-28 18 8-32L6 38l32-2z',
  crown: 'M10 30l20 20 20-32 20 32 20-20-8 48H18zM18 84h64v8H18z',
  clover:
    'M50 46c-4-12-22-14-24-2-2 10 10 14 24 2zM54 46c4-12 22-14 24-2 2 10-10 14-24 2zM50 50c-12 4-14 22-2 24 10 2 14-10 2-24zM54 50c12 4 14 22 2 24-10 2-14-10-2-24zM50 52c4 14 6 28 2 40h-6c4-12 2-26 0-38z',
  skull:
    'M50 10c22 0 36 14 36 34 0 12-6 20-14 24v14H28V68c-8-4-14-12-14-24 0-20 14-34 36-34zM36 40a8 8 0 1 0 0 16a8 8 0 1 0 0-16zM64 40a8 8 0 1 0 0 16a8 8 0 1 0 0-16zM46 60h8l-4 8z',
  paw: 'M50 50c14 0 26 14 26 26 0 10-10 12-26 12S24 86 24 76c0-12 12-26 26-26zM22 28a9 11 0 1 1 0 22a9 11 0 1 1 0-22zM78 28a9 11 0 1 1 0 22a9 11 0 1 1 0-22zM38 10a9 11 0 1 1 0 22a9 11 0 1 1 0-22zM62 10a9 11 0 1 1 0 22a9 11 0 1 1 0-22z',
  moon: 'M60 8C36 12 20 30 20 52s18 40 42 40c12 0 22-4 30-12-30 4-52-18-48-44 2-12 8-22 16-28z',
  sun: 'M50 28a22 22 0 1 1 0 44a22 22 0 1 1 0-44zM46 4h8v16h-8zM46 80h8v16h-8zM4 46h16v8H4zM80 46h16v8H80zM16 22l6-6 11 11-6 6zM67 73l6-6 11 11-6 6zM16 78l11-11 6 6-11 11zM67 27l11-11 6 6-11 11z',
  bell: 'M50 8c4 0 6 2 6 6 14 4 22 16 22 32v18l10 12H12l10-12V46c0-16 8-28 22-32 0-4 2-6 6-6zM40 80h20c0 6-4 12-10 12s-10-6-10-12z',
  seven: 'M16 12h68v12L48 92H32l34-64H16z',
  flower:
    'M50 38a12 12 0 1 1 0 24a12 12 0 1 1 0-24zM50 6c10 0 14 14 8 28-2 4-14 4-16 0-6-14-2-28 8-28zM50 94c-10 0-14-14-8-28 2-4 14-4 16 0 6 14 2 28-8 28zM6 50c0-10 14-14 28-8 4 2 4 14 0 16-14 6-28 2-28-8zM94 50c0 10-14 14-28 8-4-2-4-14 0-16 14-6 28-2 28 8z',
  mountain: 'M4 88l30-52 14 20 16-34 32 66zM56 34l8-12 8 14-8-4z',
  bolt: 'M58 4L18 56h26L34 96l48-56H54z',
  anchor:
    'M50 6a10 10 0 1 1 0 20a10 10 0 1 1 0-20zM46 26h8v56c12-2 22-10 26-22l-8 2 12-16 8 20-6-2c-6 18-22 30-40 30S16 82 10 64l-6 2 8-20 12 16-8-2c4 12 14 20 26 22zM34 36h32v8H34z',
  mask: 'M8 30c28-8 56-8 84 0 0 30-14 50-30 50-6 0-10-8-12-8s-6 8-12 8C22 80 8 60 8 30zM24 42c4-4 14-4 18 2-6 6-14 6-18-2zM58 44c4-6 14-6 18-2-4 8-12 8-18 2z',
  note: 'M40 12l50-8v60c0 8-8 14-16 14s-14-4-14-10 8-12 16-12c2 0 4 0 6 1V24l-34 6v46c0 8-8 14-16 14S18 86 18 80s8-12 16-12c2 0 4 0 6 1z',
  dragon: 'M10 70c10-30 36-48 66-44l16-14-4 20c6 6 8 14 6 22l-14-6c-4 10-14 16-26 18l6 14-14-8-8 12-4-14c-10 2-18 2-24 0z',
};

const EMBLEM_NAMES = Object.keys(EMBLEMS);

/** Motifs (and their Danish words) that have an emblem of their own. */
const MOTIF_EMBLEMS: Record<string, string> = {
  viking: 'helmet',
  vikinger: 'helmet',
  nordisk: 'helmet',
  norse: 'helmet',
  fruit: 'cherries',
  frugt: 'cherries',
  classic: 'seven',
  klassisk: 'seven',
  forest: 'tree',
  skov: 'tree',
  jungle: 'tree',
  ocean: 'wave',
  sea: 'wave',
  hav: 'wave',
  havet: 'wave',
  fish: 'wave',
  egypt: 'pyramid',
  egypten: 'pyramid',
  gems: 'gem',
  gem: 'gem',
  jewels: 'gem',
  diamond: 'gem',
  aedelsten: 'gem',
  gold: 'coin',
  guld: 'coin',
  treasure: 'coin',
  skat: 'coin',
  fire: 'flame',
  ild: 'flame',
  space: 'planet',
  rummet: 'planet',
  stars: 'star',
  stjerner: 'star',
  royal: 'crown',
  kongelig: 'crown',
  luck: 'clover',
  irish: 'clover',
  held: 'clover',
  pirate: 'skull',
  pirat: 'skull',
  animals: 'paw',
  dyr: 'paw',
  wildlife: 'paw',
  night: 'moon',
  nat: 'moon',
  myth: 'moon',
  sun: 'sun',
  sol: 'sun',
  summer: 'sun',
  bells: 'bell',
  christmas: 'bell',
  jul: 'bell',
  flowers: 'flower',
  blomster: 'flower',
  mountain: 'mountain',
  bjerg: 'mountain',
  storm: 'bolt',
  thunder: 'bolt',
  torden: 'bolt',
  sailor: 'anchor',
  harbour: 'anchor',
  havn: 'anchor',
  carnival: 'mask',
  karneval: 'mask',
  music: 'note',
  musik: 'note',
  dragon: 'dragon',
  drage: 'dragon',
};

/** The emblem of a motif: its own, or one picked by the motif's name. */
export function emblemOf(motif: string): string {
  return MOTIF_EMBLEMS[motif] ?? EMBLEM_NAMES[hashOf(motif) % EMBLEM_NAMES.length]!;
}

export const PATTERNS = ['rays', 'rings', 'stripes', 'dots', 'waves', 'diamonds', 'scales'] as const;

function patternSvg(pattern: (typeof PATTERNS)[number], colour: string, turn: number, next: (n: number) => number): string {
  const cx = ART_WIDTH / 2;
  const cy = ART_HEIGHT / 2;
  const parts: string[] = [];
  switch (pattern) {
    case 'rays': {
      const count = 10 + next(8);
      for (let i = 0; i < count; i++) {
        const a = (i / count) * Math.PI * 2;
        const b = a + Math.PI / count / 1.5;
        const r = 260;
        parts.push(
          `M${cx} ${cy}L${(cx + r * Math.cos(a)).toFixed(1)} ${(cy + r * Math.sin(a)).toFixed(1)}L${(cx + r * Math.cos(b)).toFixed(1)} ${(cy + r * Math.sin(b)).toFixed(1)}z`,
        );
      }
      return `<path d="${parts.join('')}" fill="${colour}" opacity=".22" transform="rotate(${turn} ${cx} ${cy})"/>`;
    }
    case 'rings': {
      const step = 18 + next(14);
      for (let r = step; r < 240; r += step) parts.push(`<circle cx="${cx}" cy="${cy}" r="${r}"/>`);
      return `<g fill="none" stroke="${colour}" stroke-width="${4 + next(6)}" opacity=".2">${parts.join('')}</g>`;
    }
    case 'stripes': {
      const step = 22 + next(20);
      for (let x = -ART_WIDTH; x < ART_WIDTH * 2; x += step) parts.push(`M${x} -80h${step / 2}v400h-${step / 2}z`);
      return `<path d="${parts.join('')}" fill="${colour}" opacity=".18" transform="rotate(${turn} ${cx} ${cy})"/>`;
    }
    case 'dots': {
      const step = 20 + next(14);
      const r = 3 + next(5);
      for (let y = step / 2; y < ART_HEIGHT; y += step)
        for (let x = ((y / step) % 2) * (step / 2); x < ART_WIDTH; x += step)
          parts.push(`M${x.toFixed(1)} ${y.toFixed(1)}m-${r} 0a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 -${2 * r} 0`);
      return `<path d="${parts.join('')}" fill="${colour}" opacity=".25"/>`;
    }
    case 'waves': {
      const step = 24 + next(16);
      const amp = 6 + next(10);
      for (let y = 0; y < ART_HEIGHT + step; y += step) {
        let d = `M-20 ${y}`;
        for (let x = -20; x < ART_WIDTH + 40; x += 40) d += `q10 -${amp} 20 0t20 0`;
        parts.push(d);
      }
      return `<path d="${parts.join('')}" fill="none" stroke="${colour}" stroke-width="${3 + next(4)}" opacity=".22"/>`;
    }
    case 'diamonds': {
      const step = 28 + next(16);
      for (let y = 0; y < ART_HEIGHT + step; y += step)
        for (let x = ((y / step) % 2) * (step / 2); x < ART_WIDTH + step; x += step)
          parts.push(`M${x} ${y - step / 3}l${step / 4} ${step / 3}-${step / 4} ${step / 3}-${step / 4}-${step / 3}z`);
      return `<path d="${parts.join('')}" fill="${colour}" opacity=".2" transform="rotate(${turn / 4} ${cx} ${cy})"/>`;
    }
    case 'scales': {
      const step = 26 + next(14);
      for (let y = 0; y < ART_HEIGHT + step; y += step / 2)
        for (let x = ((y / (step / 2)) % 2) * (step / 2); x < ART_WIDTH + step; x += step)
          parts.push(`M${x - step / 2} ${y}a${step / 2} ${step / 2} 0 0 0 ${step} 0`);
      return `<path d="${parts.join('')}" fill="none" stroke="${colour}" stroke-width="3" opacity=".22"/>`;
    }
  }
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The initials of a title's name (at most two letters, upper case): "Vikingernes Guld" → "VG". */
export function initialsOf(name: string): string {
  const words = name.split(/[\s-]+/).filter((word) => /\p{L}|\p{N}/u.test(word));
  const letters = words.map((word) => [...word].find((c) => /\p{L}|\p{N}/u.test(c))!);
  return (letters.length > 1 ? letters[0]! + letters[letters.length - 1]! : (letters[0] ?? '?')).toLocaleUpperCase('da-DK');
}

const PIPS: Record<string, number> = { low: 1, medium: 2, high: 3, 'very-high': 4 };

/** The features of a title's artwork, the choices the id made (for tests and for the SVG). */
export function artChoices(input: GameArtInput) {
  const next = streamOf(hashOf(`${input.id}|${input.name}`));
  const pattern = PATTERNS[next(PATTERNS.length)]!;
  const gradientTurn = next(360);
  const patternTurn = next(180);
  // The emblem stays inside the picture, right of the monogram, whatever its size.
  const emblemSize = 110 + next(50);
  return {
    pattern,
    emblem: emblemOf(input.theme.motif),
    gradientTurn,
    patternTurn,
    emblemX: 140 + next(ART_WIDTH - 140 - emblemSize - 6),
    emblemY: 30 + next(ART_HEIGHT - 30 - emblemSize - 20),
    emblemSize,
    emblemTilt: next(31) - 15,
    monogram: initialsOf(input.name),
    next,
  };
}

/** The SVG document of a title's tile artwork. */
export function gameArtSvg(input: GameArtInput): string {
  const background = colourOr(input.theme.colours.background, '#1b2a41');
  const primary = colourOr(input.theme.colours.primary, '#e8b931');
  const accent = colourOr(input.theme.colours.accent, '#8c1c13');
  const choice = artChoices(input);
  const { next } = choice;
  const scale = choice.emblemSize / 100;
  const reels = Math.max(1, Math.min(8, Math.round(input.reelsCount) || 5));
  const rows = Math.max(1, Math.min(6, Math.round(input.rows) || 3));
  const cell = 9;
  const grid: string[] = [];
  for (let c = 0; c < reels; c++)
    for (let r = 0; r < rows; r++)
      grid.push(`M${18 + c * (cell + 2)} ${ART_HEIGHT - 18 - (rows - r) * (cell + 2)}h${cell}v${cell}h-${cell}z`);
  const pips = PIPS[input.volatility] ?? 2;
  const pipMarks: string[] = [];
  for (let i = 0; i < 4; i++)
    pipMarks.push(`<path d="M${ART_WIDTH - 24 - i * 16} 16l-6 12h5l-3 10 10-14h-5l3-8z" opacity="${i < pips ? 1 : 0.25}"/>`);
  const angle = choice.gradientTurn;
  const x2 = (50 + 50 * Math.cos((angle * Math.PI) / 180)).toFixed(0);
  const y2 = (50 + 50 * Math.sin((angle * Math.PI) / 180)).toFixed(0);
  const monogram = escapeXml(choice.monogram);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${ART_WIDTH} ${ART_HEIGHT}" width="${ART_WIDTH}" height="${ART_HEIGHT}">`,
    `<defs><linearGradient id="g" x1="${100 - Number(x2)}%" y1="${100 - Number(y2)}%" x2="${x2}%" y2="${y2}%">`,
    `<stop offset="0" stop-color="${shade(background, 0.28)}"/><stop offset="1" stop-color="${shade(background, -0.45)}"/></linearGradient>`,
    `<radialGradient id="h" cx="${((choice.emblemX + choice.emblemSize / 2) / ART_WIDTH).toFixed(2)}" cy=".45" r=".5"><stop offset="0" stop-color="${primary}" stop-opacity=".45"/><stop offset="1" stop-color="${primary}" stop-opacity="0"/></radialGradient></defs>`,
    `<rect width="${ART_WIDTH}" height="${ART_HEIGHT}" fill="url(#g)"/>`,
    patternSvg(choice.pattern, accent, choice.patternTurn, next),
    `<rect width="${ART_WIDTH}" height="${ART_HEIGHT}" fill="url(#h)"/>`,
    `<path d="${EMBLEMS[choice.emblem]}" fill="${primary}" fill-rule="evenodd" stroke="${shade(primary, -0.55)}" stroke-width="3" transform="translate(${choice.emblemX} ${choice.emblemY}) scale(${scale.toFixed(2)}) rotate(${choice.emblemTilt} 50 50)"/>`,
    `<text x="22" y="92" font-family="Georgia,serif" font-weight="700" font-size="64" fill="${shade(primary, 0.35)}" stroke="${shade(background, -0.6)}" stroke-width="2" paint-order="stroke">${monogram}</text>`,
    `<path d="${grid.join('')}" fill="${shade(primary, 0.2)}" opacity=".75"/>`,
    `<g fill="${accent === background ? primary : shade(accent, 0.3)}">${pipMarks.join('')}</g>`,
    '</svg>',
  ].join('');
}
