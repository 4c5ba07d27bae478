#!/usr/bin/env node
// Generates all site artwork for Krone Casino as SVG and renders it with sharp into
// apps/web/public/media/. Everything here is original, procedurally drawn artwork.
// Deterministic: the same script version always produces the same files.
//
//   node apps/web/scripts/generate-artwork.mjs [folder]   (a folder, e.g. partners: only its files)

import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const HERE = dirname(fileURLToPath(import.meta.url));
const OUT = resolve(HERE, '../public/media');
const ONLY = process.argv[2];

const FONT = 'DejaVu Sans, Arial, sans-serif';
const C = {
  bg: '#0b1f17',
  surface: '#12382a',
  gold: '#e8b931',
  light: '#f6f3e8',
  goldLight: '#fff1b8',
  goldDark: '#9c7410',
  deep: '#06130e',
  red: '#c8342b',
  ink: '#1b1b1b',
};
const SIZES = ['xs', 'sm', 'md', 'lg', 'xl', 'xxl'];

// ---------------------------------------------------------------------------
// Small utilities

/** Seeded PRNG (mulberry32) so every "random" detail is reproducible. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const f = (n) => (Math.round(n * 100) / 100).toString();
const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const COMMON_DEFS = `
  <linearGradient id="gold" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${C.goldLight}"/>
    <stop offset="0.45" stop-color="${C.gold}"/>
    <stop offset="1" stop-color="${C.goldDark}"/>
  </linearGradient>
  <linearGradient id="goldDiag" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${C.goldLight}"/>
    <stop offset="0.5" stop-color="${C.gold}"/>
    <stop offset="1" stop-color="${C.goldDark}"/>
  </linearGradient>
  <radialGradient id="goldRad" cx="0.38" cy="0.32" r="0.75">
    <stop offset="0" stop-color="${C.goldLight}"/>
    <stop offset="0.55" stop-color="${C.gold}"/>
    <stop offset="1" stop-color="${C.goldDark}"/>
  </radialGradient>
  <linearGradient id="card" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#ffffff"/>
    <stop offset="1" stop-color="#ece6d3"/>
  </linearGradient>
  <linearGradient id="redG" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#e5564b"/>
    <stop offset="1" stop-color="#8f1c15"/>
  </linearGradient>
  <linearGradient id="greenG" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#2f7a57"/>
    <stop offset="1" stop-color="${C.surface}"/>
  </linearGradient>
  <linearGradient id="goldLineH" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="${C.gold}" stop-opacity="0"/>
    <stop offset="0.5" stop-color="${C.gold}" stop-opacity="1"/>
    <stop offset="1" stop-color="${C.gold}" stop-opacity="0"/>
  </linearGradient>
  <filter id="shadow" x="-30%" y="-30%" width="160%" height="160%">
    <feGaussianBlur in="SourceAlpha" stdDeviation="6"/>
    <feOffset dx="0" dy="6" result="b"/>
    <feComponentTransfer><feFuncA type="linear" slope="0.55"/></feComponentTransfer>
    <feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge>
  </filter>
  <filter id="glow" x="-50%" y="-50%" width="200%" height="200%">
    <feGaussianBlur stdDeviation="18"/>
  </filter>
  <filter id="softGlow" x="-50%" y="-50%" width="200%" height="200%">
    <feGaussianBlur stdDeviation="5"/>
  </filter>
`;

function svgDoc(w, h, body, defs = '', viewBox = `0 0 ${w} ${h}`) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="${viewBox}"><defs>${COMMON_DEFS}${defs}</defs>${body}</svg>`;
}

function text(x, y, str, { size = 32, fill = C.light, weight = 'bold', anchor = 'middle', spacing = 0, extra = '' } = {}) {
  const ls = spacing ? ` letter-spacing="${spacing}"` : '';
  return `<text x="${f(x)}" y="${f(y)}" font-family="${FONT}" font-size="${f(size)}" font-weight="${weight}" text-anchor="${anchor}" fill="${fill}"${ls} ${extra}>${esc(str)}</text>`;
}

// ---------------------------------------------------------------------------
// Shapes

const CROWN_BODY = 'M12 66 L2 20 L19 42 L30 28 L40 42 L50 4 L60 42 L70 28 L81 42 L98 20 L88 66 Z';

/** Crown in a 100x86 unit box, top-left at (x, y), width w. */
function crown(x, y, w, { fill = 'url(#gold)', jewel = C.bg, band = null, stroke = null } = {}) {
  const s = w / 100;
  const st = stroke ? ` stroke="${stroke}" stroke-width="${f(1.5 / s)}" stroke-linejoin="round"` : '';
  return `<g transform="translate(${f(x)} ${f(y)}) scale(${f(s)})">
    <path d="${CROWN_BODY}" fill="${fill}"${st}/>
    <circle cx="2" cy="18" r="5.5" fill="${fill}"${st}/>
    <circle cx="30" cy="25" r="4.5" fill="${fill}"${st}/>
    <circle cx="50" cy="4" r="6.5" fill="${fill}"${st}/>
    <circle cx="70" cy="25" r="4.5" fill="${fill}"${st}/>
    <circle cx="98" cy="18" r="5.5" fill="${fill}"${st}/>
    <rect x="9" y="66" width="82" height="18" rx="4" fill="${band ?? fill}"${st}/>
    <circle cx="30" cy="75" r="4" fill="${jewel}"/>
    <path d="M50 69 L56 75 L50 81 L44 75 Z" fill="${jewel}"/>
    <circle cx="70" cy="75" r="4" fill="${jewel}"/>
    <path d="M50 24 L56 36 L50 48 L44 36 Z" fill="${jewel}" opacity="0.85"/>
  </g>`;
}
/** Crown centred on (cx, cy). */
const crownC = (cx, cy, w, opts) => crown(cx - w / 2, cy - w * 0.44, w, opts);

const SUITS = {
  heart: 'M50 92 C22 68 2 50 2 30 C2 14 14 4 28 4 C38 4 46 10 50 19 C54 10 62 4 72 4 C86 4 98 14 98 30 C98 50 78 68 50 92 Z',
  diamond: 'M50 2 L86 50 L50 98 L14 50 Z',
  spade:
    'M50 2 C78 26 98 42 98 60 C98 75 87 84 74 84 C64 84 57 79 53 72 C54 84 59 92 68 98 L32 98 C41 92 46 84 47 72 C43 79 36 84 26 84 C13 84 2 75 2 60 C2 42 22 26 50 2 Z',
  club: 'M50 4 C63 4 72 14 72 26 C72 32 70 37 66 41 C70 39 73 38 77 38 C89 38 98 48 98 60 C98 72 89 82 77 82 C67 82 59 77 54 69 C55 83 60 92 68 98 L32 98 C40 92 45 83 46 69 C41 77 33 82 23 82 C11 82 2 72 2 60 C2 48 11 38 23 38 C27 38 30 39 34 41 C30 37 28 32 28 26 C28 14 37 4 50 4 Z',
};
function suit(kind, cx, cy, size, fill, extra = '') {
  const s = size / 100;
  return `<path d="${SUITS[kind]}" transform="translate(${f(cx - size / 2)} ${f(cy - size / 2)}) scale(${f(s)})" fill="${fill}" ${extra}/>`;
}

function starPath(cx, cy, R, r, n = 5, rot = -90) {
  const pts = [];
  for (let i = 0; i < n * 2; i++) {
    const rad = ((rot + (i * 180) / n) * Math.PI) / 180;
    const rr = i % 2 === 0 ? R : r;
    pts.push(`${f(cx + rr * Math.cos(rad))} ${f(cy + rr * Math.sin(rad))}`);
  }
  return `M${pts.join(' L')} Z`;
}
function sparkle(cx, cy, r, fill = C.goldLight, opacity = 1) {
  const k = r * 0.22;
  return `<path d="M${f(cx)} ${f(cy - r)} L${f(cx + k)} ${f(cy - k)} L${f(cx + r)} ${f(cy)} L${f(cx + k)} ${f(cy + k)} L${f(cx)} ${f(cy + r)} L${f(cx - k)} ${f(cy + k)} L${f(cx - r)} ${f(cy)} L${f(cx - k)} ${f(cy - k)} Z" fill="${fill}" opacity="${f(opacity)}"/>`;
}
function sparkles(rand, n, x0, y0, w, h, { min = 3, max = 10, opacity = [0.3, 0.9] } = {}) {
  let out = '';
  for (let i = 0; i < n; i++) {
    const x = x0 + rand() * w;
    const y = y0 + rand() * h;
    const r = min + rand() * (max - min);
    const o = opacity[0] + rand() * (opacity[1] - opacity[0]);
    out +=
      rand() < 0.6
        ? sparkle(x, y, r, C.goldLight, o)
        : `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 0.25)}" fill="${C.goldLight}" opacity="${f(o)}"/>`;
  }
  return out;
}

/** Light rays from (px, py); returns shapes using a radial fade with id `rayFade`. */
function rays(px, py, len, n, { from = 0, to = 360, opacity = 0.16, blur = 0 } = {}) {
  const defs = `<radialGradient id="rayFade" gradientUnits="userSpaceOnUse" cx="${f(px)}" cy="${f(py)}" r="${f(len)}">
      <stop offset="0" stop-color="${C.goldLight}" stop-opacity="${opacity}"/>
      <stop offset="0.6" stop-color="${C.gold}" stop-opacity="${f(opacity * 0.35)}"/>
      <stop offset="1" stop-color="${C.gold}" stop-opacity="0"/>
    </radialGradient>${blur ? `<filter id="rayBlur" x="-10%" y="-10%" width="120%" height="120%"><feGaussianBlur stdDeviation="${f(blur)}"/></filter>` : ''}`;
  const step = (to - from) / n;
  let d = '';
  for (let i = 0; i < n; i++) {
    const a0 = ((from + i * step) * Math.PI) / 180;
    const a1 = ((from + i * step + step * 0.45) * Math.PI) / 180;
    d += `M${f(px)} ${f(py)} L${f(px + len * Math.cos(a0))} ${f(py + len * Math.sin(a0))} L${f(px + len * Math.cos(a1))} ${f(py + len * Math.sin(a1))} Z `;
  }
  return { defs, body: `<path d="${d}" fill="url(#rayFade)"${blur ? ' filter="url(#rayBlur)"' : ''}/>` };
}

// ---------------------------------------------------------------------------
// Backgrounds

/**
 * A dark green scene background. `accent` tints the glow, `pattern` picks the
 * subtle overlay ('lattice' | 'crowns' | 'suits' | 'none').
 */
function backdrop(
  w,
  h,
  {
    accent = C.gold,
    glowX = 0.5,
    glowY = 0.45,
    pattern = 'lattice',
    rayN = 0,
    rayX = 0.5,
    rayY = -0.1,
    rayOpacity = 0.1,
    patternOpacity = 1,
    centre = '#1a5039',
    accentOpacity = 0.28,
    seed = 1,
    sparkleN = 0,
    vignette = 0.6,
  } = {},
) {
  const rand = rng(seed);
  const m = Math.max(w, h);
  let defs = `
    <radialGradient id="bgRad" gradientUnits="userSpaceOnUse" cx="${f(w * glowX)}" cy="${f(h * glowY)}" r="${f(m * 0.85)}">
      <stop offset="0" stop-color="${centre}"/>
      <stop offset="0.45" stop-color="${C.surface}"/>
      <stop offset="1" stop-color="${C.bg}"/>
    </radialGradient>
    <radialGradient id="accentGlow" gradientUnits="userSpaceOnUse" cx="${f(w * glowX)}" cy="${f(h * glowY)}" r="${f(m * 0.45)}">
      <stop offset="0" stop-color="${accent}" stop-opacity="${accentOpacity}"/>
      <stop offset="1" stop-color="${accent}" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="vig" cx="0.5" cy="0.5" r="0.75">
      <stop offset="0.5" stop-color="#000" stop-opacity="0"/>
      <stop offset="1" stop-color="#000" stop-opacity="${vignette}"/>
    </radialGradient>`;
  let body = `<rect width="${w}" height="${h}" fill="url(#bgRad)"/><rect width="${w}" height="${h}" fill="url(#accentGlow)"/>`;

  if (pattern === 'lattice') {
    defs += `<pattern id="pat" width="48" height="48" patternUnits="userSpaceOnUse">
      <path d="M24 0 L48 24 L24 48 L0 24 Z" fill="none" stroke="${C.gold}" stroke-width="1"/>
      <circle cx="24" cy="24" r="2" fill="${C.gold}"/></pattern>`;
    body += `<rect width="${w}" height="${h}" fill="url(#pat)" opacity="${f(0.06 * patternOpacity)}"/>`;
  } else if (pattern === 'crowns') {
    defs += `<pattern id="pat" width="120" height="104" patternUnits="userSpaceOnUse">
      ${crown(40, 20, 40, { fill: C.gold, jewel: 'none' })}
      ${crown(100, 72, 40, { fill: C.gold, jewel: 'none' })}${crown(-20, 72, 40, { fill: C.gold, jewel: 'none' })}</pattern>`;
    body += `<rect width="${w}" height="${h}" fill="url(#pat)" opacity="${f(0.05 * patternOpacity)}"/>`;
  } else if (pattern === 'suits') {
    defs += `<pattern id="pat" width="160" height="160" patternUnits="userSpaceOnUse">
      ${suit('spade', 40, 40, 30, C.gold)}${suit('heart', 120, 40, 30, C.gold)}
      ${suit('diamond', 40, 120, 30, C.gold)}${suit('club', 120, 120, 30, C.gold)}</pattern>`;
    body += `<rect width="${w}" height="${h}" fill="url(#pat)" opacity="${f(0.045 * patternOpacity)}"/>`;
  }
  if (rayN > 0) {
    const r = rays(w * rayX, h * rayY, m * 1.2, rayN, { opacity: rayOpacity, blur: m * 0.006 });
    defs += r.defs;
    body += r.body;
  }
  if (sparkleN > 0) body += sparkles(rand, sparkleN, 0, 0, w, h);
  body += `<rect width="${w}" height="${h}" fill="url(#vig)"/>`;
  return { defs, body };
}

// ---------------------------------------------------------------------------
// Motifs: each draws around a centre (cx, cy) with nominal size s (about its height).

function motifCrown(cx, cy, s) {
  return `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(s * 0.7)}" ry="${f(s * 0.5)}" fill="${C.gold}" opacity="0.35" filter="url(#glow)"/>
    <g filter="url(#shadow)">${crownC(cx, cy, s * 1.1, { jewel: C.surface })}</g>
    ${sparkle(cx - s * 0.45, cy - s * 0.45, s * 0.07)}${sparkle(cx + s * 0.5, cy - s * 0.3, s * 0.05)}${sparkle(cx + s * 0.35, cy + s * 0.45, s * 0.04)}`;
}

function symbol(kind, cx, cy, s) {
  switch (kind) {
    case 'seven':
      return text(cx, cy + s * 0.36, '7', { size: s, fill: 'url(#redG)', extra: `stroke="${C.gold}" stroke-width="${f(s * 0.04)}"` });
    case 'cherry':
      return `<path d="M${f(cx - s * 0.2)} ${f(cy + s * 0.1)} Q${f(cx)} ${f(cy - s * 0.3)} ${f(cx + s * 0.15)} ${f(cy - s * 0.38)} M${f(cx + s * 0.2)} ${f(cy + s * 0.12)} Q${f(cx + s * 0.12)} ${f(cy - s * 0.15)} ${f(cx + s * 0.15)} ${f(cy - s * 0.38)}" stroke="#3d7a2a" stroke-width="${f(s * 0.06)}" fill="none" stroke-linecap="round"/>
        <path d="M${f(cx + s * 0.15)} ${f(cy - s * 0.38)} q${f(s * 0.18)} ${f(-s * 0.08)} ${f(s * 0.28)} ${f(s * 0.04)} q${f(-s * 0.16)} ${f(s * 0.08)} ${f(-s * 0.28)} ${f(-s * 0.04)} Z" fill="#4f9a36"/>
        <circle cx="${f(cx - s * 0.2)}" cy="${f(cy + s * 0.2)}" r="${f(s * 0.18)}" fill="url(#redG)"/>
        <circle cx="${f(cx + s * 0.2)}" cy="${f(cy + s * 0.22)}" r="${f(s * 0.18)}" fill="url(#redG)"/>
        <circle cx="${f(cx - s * 0.26)}" cy="${f(cy + s * 0.14)}" r="${f(s * 0.04)}" fill="#fff" opacity="0.7"/>
        <circle cx="${f(cx + s * 0.14)}" cy="${f(cy + s * 0.16)}" r="${f(s * 0.04)}" fill="#fff" opacity="0.7"/>`;
    case 'bell':
      return `<path d="M${f(cx)} ${f(cy - s * 0.42)} C${f(cx + s * 0.25)} ${f(cy - s * 0.42)} ${f(cx + s * 0.28)} ${f(cy - s * 0.1)} ${f(cx + s * 0.3)} ${f(cy + s * 0.1)} L${f(cx + s * 0.4)} ${f(cy + s * 0.28)} L${f(cx - s * 0.4)} ${f(cy + s * 0.28)} L${f(cx - s * 0.3)} ${f(cy + s * 0.1)} C${f(cx - s * 0.28)} ${f(cy - s * 0.1)} ${f(cx - s * 0.25)} ${f(cy - s * 0.42)} ${f(cx)} ${f(cy - s * 0.42)} Z" fill="url(#gold)"/>
        <circle cx="${f(cx)}" cy="${f(cy + s * 0.36)}" r="${f(s * 0.09)}" fill="url(#gold)"/>`;
    case 'star':
      return `<path d="${starPath(cx, cy, s * 0.42, s * 0.18)}" fill="url(#gold)"/>`;
    case 'crown':
      return crownC(cx, cy, s * 0.8, { jewel: C.red });
    case 'diamond':
      return `<path d="M${f(cx - s * 0.35)} ${f(cy - s * 0.12)} L${f(cx - s * 0.18)} ${f(cy - s * 0.34)} L${f(cx + s * 0.18)} ${f(cy - s * 0.34)} L${f(cx + s * 0.35)} ${f(cy - s * 0.12)} L${f(cx)} ${f(cy + s * 0.38)} Z" fill="#5fd3c3"/>
        <path d="M${f(cx - s * 0.35)} ${f(cy - s * 0.12)} L${f(cx + s * 0.35)} ${f(cy - s * 0.12)} L${f(cx)} ${f(cy + s * 0.38)} Z" fill="#2a9d8f"/>
        <path d="M${f(cx - s * 0.12)} ${f(cy - s * 0.12)} L${f(cx)} ${f(cy + s * 0.38)} L${f(cx + s * 0.12)} ${f(cy - s * 0.12)} Z" fill="#8ee6da"/>`;
    default:
      return '';
  }
}

function motifReels(cx, cy, s, seed = 3) {
  const rand = rng(seed);
  const kinds = ['seven', 'cherry', 'bell', 'star', 'crown', 'diamond'];
  const W = s * 1.7;
  const H = s;
  const x0 = cx - W / 2;
  const y0 = cy - H / 2;
  const rw = (W - s * 0.2) / 3;
  let reels = '';
  for (let i = 0; i < 3; i++) {
    const rx = x0 + s * 0.1 + i * rw;
    reels += `<rect x="${f(rx + s * 0.02)}" y="${f(y0 + s * 0.12)}" width="${f(rw - s * 0.04)}" height="${f(H - s * 0.24)}" rx="${f(s * 0.04)}" fill="url(#card)"/>`;
    for (let j = 0; j < 3; j++) {
      const k = j === 1 ? 'seven' : kinds[Math.floor(rand() * kinds.length)];
      const sy = y0 + s * 0.12 + ((H - s * 0.24) * (j + 0.5)) / 3;
      reels += `<g opacity="${j === 1 ? 1 : 0.55}">${symbol(k, rx + rw / 2, sy, s * 0.22)}</g>`;
    }
  }
  return `<g filter="url(#shadow)">
    <rect x="${f(x0)}" y="${f(y0)}" width="${f(W)}" height="${f(H)}" rx="${f(s * 0.08)}" fill="url(#goldDiag)"/>
    <rect x="${f(x0 + s * 0.06)}" y="${f(y0 + s * 0.06)}" width="${f(W - s * 0.12)}" height="${f(H - s * 0.12)}" rx="${f(s * 0.05)}" fill="${C.deep}"/>
    ${reels}
    <rect x="${f(x0 + s * 0.06)}" y="${f(cy - s * 0.12)}" width="${f(W - s * 0.12)}" height="${f(s * 0.24)}" fill="none" stroke="${C.gold}" stroke-width="${f(s * 0.015)}" opacity="0.9"/>
    <circle cx="${f(x0 + W + s * 0.1)}" cy="${f(y0 + s * 0.05)}" r="${f(s * 0.07)}" fill="url(#redG)"/>
    <rect x="${f(x0 + W + s * 0.085)}" y="${f(y0 + s * 0.1)}" width="${f(s * 0.03)}" height="${f(s * 0.35)}" fill="url(#gold)"/>
    <rect x="${f(x0 + W)}" y="${f(y0 + s * 0.42)}" width="${f(s * 0.12)}" height="${f(s * 0.1)}" rx="${f(s * 0.02)}" fill="url(#gold)"/>
  </g>`;
}

function arcWedge(cx, cy, r1, r2, a0, a1) {
  const p = (r, a) => `${f(cx + r * Math.cos(a))} ${f(cy + r * Math.sin(a))}`;
  return `M${p(r2, a0)} A${f(r2)} ${f(r2)} 0 0 1 ${p(r2, a1)} L${p(r1, a1)} A${f(r1)} ${f(r1)} 0 0 0 ${p(r1, a0)} Z`;
}

function motifRoulette(cx, cy, s) {
  const R = s / 2;
  let pockets = '';
  const n = 37;
  for (let i = 0; i < n; i++) {
    const a0 = (i / n) * Math.PI * 2 - Math.PI / 2;
    const a1 = ((i + 1) / n) * Math.PI * 2 - Math.PI / 2;
    const col = i === 0 ? '#1e8c4e' : i % 2 ? '#b3261e' : '#151515';
    pockets += `<path d="${arcWedge(cx, cy, R * 0.66, R * 0.86, a0, a1)}" fill="${col}" stroke="${C.gold}" stroke-width="${f(R * 0.006)}"/>`;
  }
  let spokes = '';
  for (let i = 0; i < 4; i++) {
    const a = (i * Math.PI) / 2 + Math.PI / 4;
    spokes += `<line x1="${f(cx)}" y1="${f(cy)}" x2="${f(cx + R * 0.34 * Math.cos(a))}" y2="${f(cy + R * 0.34 * Math.sin(a))}" stroke="url(#gold)" stroke-width="${f(R * 0.05)}" stroke-linecap="round"/>
      <circle cx="${f(cx + R * 0.34 * Math.cos(a))}" cy="${f(cy + R * 0.34 * Math.sin(a))}" r="${f(R * 0.045)}" fill="url(#goldRad)"/>`;
  }
  const ba = -Math.PI / 2 + (7.5 / n) * Math.PI * 2;
  return `<g filter="url(#shadow)">
    <circle cx="${f(cx)}" cy="${f(cy)}" r="${f(R)}" fill="#4a2a12"/>
    <circle cx="${f(cx)}" cy="${f(cy)}" r="${f(R * 0.97)}" fill="none" stroke="url(#gold)" stroke-width="${f(R * 0.04)}"/>
    <circle cx="${f(cx)}" cy="${f(cy)}" r="${f(R * 0.9)}" fill="#2b170a"/>
    ${pockets}
    <circle cx="${f(cx)}" cy="${f(cy)}" r="${f(R * 0.66)}" fill="url(#goldRad)"/>
    <circle cx="${f(cx)}" cy="${f(cy)}" r="${f(R * 0.56)}" fill="${C.surface}"/>
    <circle cx="${f(cx)}" cy="${f(cy)}" r="${f(R * 0.5)}" fill="url(#greenG)" opacity="0.8"/>
    ${spokes}
    <circle cx="${f(cx)}" cy="${f(cy)}" r="${f(R * 0.12)}" fill="url(#goldRad)"/>
    <circle cx="${f(cx + R * 0.76 * Math.cos(ba))}" cy="${f(cy + R * 0.76 * Math.sin(ba))}" r="${f(R * 0.045)}" fill="#fdfdfd"/>
  </g>`;
}

function playingCard(cx, cy, w, rank, kind, angle, px, py) {
  const h = w * 1.4;
  const col = kind === 'heart' || kind === 'diamond' ? C.red : C.ink;
  const x = cx - w / 2;
  const y = cy - h / 2;
  return `<g transform="rotate(${f(angle)} ${f(px)} ${f(py)})" filter="url(#shadow)">
    <rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" rx="${f(w * 0.08)}" fill="url(#card)" stroke="#d8cfb4" stroke-width="1"/>
    <rect x="${f(x + w * 0.06)}" y="${f(y + w * 0.06)}" width="${f(w * 0.88)}" height="${f(h - w * 0.12)}" rx="${f(w * 0.05)}" fill="none" stroke="${C.gold}" stroke-width="${f(w * 0.012)}" opacity="0.7"/>
    ${text(x + w * 0.17, y + w * 0.25, rank, { size: w * 0.2, fill: col })}
    ${suit(kind, x + w * 0.17, y + w * 0.38, w * 0.14, col)}
    ${suit(kind, cx, cy + w * 0.05, w * 0.46, col)}
  </g>`;
}

function motifCards(cx, cy, s) {
  const w = s * 0.5;
  const cards = [
    ['A', 'spade'],
    ['K', 'heart'],
    ['Q', 'club'],
    ['J', 'diamond'],
    ['A', 'heart'],
  ];
  const py = cy + s * 0.75;
  return cards.map(([r, k], i) => playingCard(cx, cy, w, r, k, (i - 2) * 14, cx, py)).join('');
}

function chipFace(cx, cy, r, color) {
  return `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${color}"/>
    <circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.84)}" fill="none" stroke="#fff" stroke-width="${f(r * 0.22)}" stroke-dasharray="${f(r * 0.44)} ${f(r * 0.44)}" opacity="0.9"/>
    <circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.62)}" fill="${color}" stroke="url(#gold)" stroke-width="${f(r * 0.06)}"/>
    ${crownC(cx, cy + r * 0.04, r * 0.6, { fill: 'url(#gold)', jewel: color })}`;
}

function stack(cx, yBottom, rx, n, th, color, stripe = '#ffffff') {
  const ry = rx * 0.32;
  let out = '';
  for (let k = 0; k < n; k++) {
    const y = yBottom - k * th;
    out += `<path d="M${f(cx - rx)} ${f(y - th)} L${f(cx - rx)} ${f(y)} A${f(rx)} ${f(ry)} 0 0 0 ${f(cx + rx)} ${f(y)} L${f(cx + rx)} ${f(y - th)} Z" fill="${color}" stroke="#000" stroke-opacity="0.25" stroke-width="1"/>`;
    for (let j = -2; j <= 2; j++) {
      out += `<rect x="${f(cx + j * rx * 0.4 - rx * 0.07)}" y="${f(y - th + th * 0.2 + ry * (1 - Math.abs(j) * 0.2))}" width="${f(rx * 0.14)}" height="${f(th * 0.6)}" fill="${stripe}" opacity="0.85"/>`;
    }
  }
  const yt = yBottom - n * th;
  out += `<ellipse cx="${f(cx)}" cy="${f(yt)}" rx="${f(rx)}" ry="${f(ry)}" fill="${color}"/>
    <ellipse cx="${f(cx)}" cy="${f(yt)}" rx="${f(rx * 0.62)}" ry="${f(ry * 0.62)}" fill="none" stroke="url(#gold)" stroke-width="${f(rx * 0.05)}"/>`;
  return out;
}

function motifChips(cx, cy, s) {
  const r = s * 0.18;
  return `<ellipse cx="${f(cx)}" cy="${f(cy + s * 0.1)}" rx="${f(s * 0.98)}" ry="${f(s * 0.42)}" fill="#1f7a4d" opacity="0.55"/>
    <ellipse cx="${f(cx)}" cy="${f(cy + s * 0.1)}" rx="${f(s * 0.98)}" ry="${f(s * 0.42)}" fill="none" stroke="${C.gold}" stroke-width="${f(s * 0.01)}" opacity="0.6"/>
    <g filter="url(#shadow)">
    ${stack(cx - s * 0.5, cy + s * 0.3, r, 9, s * 0.045, '#b3261e')}
    ${stack(cx - s * 0.05, cy + s * 0.38, r, 13, s * 0.045, '#15171a')}
    ${stack(cx + s * 0.42, cy + s * 0.28, r, 6, s * 0.045, '#1f5fae')}
    ${chipFace(cx + s * 0.75, cy - s * 0.2, r * 0.9, '#7a2fa0')}
    ${chipFace(cx - s * 0.85, cy - s * 0.15, r * 0.8, '#1e8c4e')}
    </g>`;
}

function coinFace(cx, cy, r) {
  return `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="url(#goldRad)"/>
    <circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.86)}" fill="none" stroke="${C.goldDark}" stroke-width="${f(r * 0.04)}" opacity="0.8"/>
    <circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.78)}" fill="none" stroke="${C.goldLight}" stroke-width="${f(r * 0.02)}" stroke-dasharray="${f(r * 0.05)} ${f(r * 0.05)}" opacity="0.8"/>
    ${crownC(cx, cy + r * 0.02, r * 0.95, { fill: C.goldDark, jewel: C.gold })}`;
}

function motifCoins(cx, cy, s, seed = 5) {
  const rand = rng(seed);
  const r = s * 0.2;
  const gold = '#d9a821';
  let flying = '';
  for (let i = 0; i < 5; i++) {
    const x = cx + (rand() - 0.5) * s * 1.7;
    const y = cy - s * 0.25 - rand() * s * 0.22;
    const rr = r * (0.45 + rand() * 0.35);
    const squash = 0.35 + rand() * 0.5;
    flying += `<g transform="translate(${f(x)} ${f(y)}) rotate(${f((rand() - 0.5) * 70)})">
      <ellipse cx="0" cy="${f(rr * 0.12)}" rx="${f(rr)}" ry="${f(rr * squash)}" fill="${C.goldDark}"/>
      <ellipse cx="0" cy="0" rx="${f(rr)}" ry="${f(rr * squash)}" fill="url(#goldRad)"/>
      <ellipse cx="0" cy="0" rx="${f(rr * 0.75)}" ry="${f(rr * squash * 0.75)}" fill="none" stroke="${C.goldDark}" stroke-width="${f(rr * 0.06)}" opacity="0.7"/></g>`;
  }
  return `${flying}<g filter="url(#shadow)">
    ${stack(cx - s * 0.55, cy + s * 0.42, r, 7, s * 0.05, gold, C.goldLight)}
    ${stack(cx + s * 0.55, cy + s * 0.42, r, 10, s * 0.05, gold, C.goldLight)}
    ${stack(cx + s * 0.1, cy + s * 0.48, r, 4, s * 0.05, gold, C.goldLight)}
    ${coinFace(cx - s * 0.05, cy - s * 0.1, s * 0.3)}
    </g>`;
}

function motifStars(cx, cy, s) {
  return `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(s * 0.6)}" ry="${f(s * 0.5)}" fill="${C.gold}" opacity="0.3" filter="url(#glow)"/>
    <g filter="url(#shadow)">
    <path d="${starPath(cx, cy, s * 0.45, s * 0.19)}" fill="url(#goldDiag)"/>
    <path d="${starPath(cx, cy, s * 0.3, s * 0.13)}" fill="none" stroke="${C.goldLight}" stroke-width="${f(s * 0.01)}" opacity="0.7"/>
    <path d="${starPath(cx - s * 0.7, cy + s * 0.2, s * 0.22, s * 0.09, 5, -80)}" fill="url(#goldDiag)"/>
    <path d="${starPath(cx + s * 0.72, cy + s * 0.15, s * 0.26, s * 0.11, 5, -100)}" fill="url(#goldDiag)"/>
    <path d="${starPath(cx + s * 0.45, cy - s * 0.4, s * 0.12, s * 0.05)}" fill="url(#gold)"/>
    <path d="${starPath(cx - s * 0.5, cy - s * 0.38, s * 0.1, s * 0.04)}" fill="url(#gold)"/>
    </g>`;
}

function motifChristmas(cx, cy, s0, seed = 7) {
  const rand = rng(seed);
  const s = s0 * 1.2;
  let snow = '';
  for (let i = 0; i < 60; i++) {
    snow += `<circle cx="${f(cx + (rand() - 0.5) * s * 3.2)}" cy="${f(cy + (rand() - 0.5) * s * 1.4)}" r="${f(1.5 + rand() * 4)}" fill="#ffffff" opacity="${f(0.3 + rand() * 0.6)}"/>`;
  }
  const tiers = [
    [cy - s * 0.42, s * 0.22, s * 0.28],
    [cy - s * 0.2, s * 0.32, s * 0.3],
    [cy + 0.05 * s, s * 0.42, s * 0.32],
  ];
  let tree = '';
  for (const [top, half, hgt] of tiers) {
    tree += `<path d="M${f(cx)} ${f(top)} L${f(cx + half)} ${f(top + hgt)} Q${f(cx)} ${f(top + hgt + s * 0.05)} ${f(cx - half)} ${f(top + hgt)} Z" fill="url(#greenG)" stroke="#0f2e22" stroke-width="2"/>`;
  }
  const balls = [
    [-0.1, -0.17, C.red],
    [0.12, -0.05, C.gold],
    [-0.2, 0.1, C.gold],
    [0.08, 0.15, C.red],
    [0.28, 0.3, C.gold],
    [-0.3, 0.32, C.red],
    [0, 0.3, '#e9e4d4'],
  ];
  for (const [dx, dy, col] of balls) {
    tree += `<circle cx="${f(cx + dx * s)}" cy="${f(cy + dy * s)}" r="${f(s * 0.035)}" fill="${col}"/><circle cx="${f(cx + dx * s - s * 0.01)}" cy="${f(cy + dy * s - s * 0.01)}" r="${f(s * 0.01)}" fill="#fff" opacity="0.7"/>`;
  }
  const gift = (
    x,
    w,
    col,
    rib,
  ) => `<rect x="${f(x)}" y="${f(cy + s * 0.52 - w)}" width="${f(w)}" height="${f(w)}" rx="${f(w * 0.05)}" fill="${col}"/>
      <rect x="${f(x + w * 0.43)}" y="${f(cy + s * 0.52 - w)}" width="${f(w * 0.14)}" height="${f(w)}" fill="${rib}"/>
      <rect x="${f(x)}" y="${f(cy + s * 0.52 - w * 0.6)}" width="${f(w)}" height="${f(w * 0.12)}" fill="${rib}"/>`;
  return `${snow}<g filter="url(#shadow)">
    <rect x="${f(cx - s * 0.05)}" y="${f(cy + s * 0.36)}" width="${f(s * 0.1)}" height="${f(s * 0.14)}" fill="#5a3614"/>
    ${tree}
    <path d="${starPath(cx, cy - s * 0.44, s * 0.09, s * 0.04)}" fill="url(#gold)"/>
    ${gift(cx - s * 0.62, s * 0.2, C.red, C.gold)}${gift(cx + s * 0.4, s * 0.16, C.gold, C.red)}${gift(cx + s * 0.58, s * 0.12, '#e9e4d4', C.red)}
    </g>
    ${text(cx, cy + s * 0.72, 'God jul', { size: s * 0.13, fill: C.light, spacing: 3 })}`;
}

function motifSummer(cx, cy, s) {
  const sunR = s * 0.26;
  let sunRays = '';
  for (let i = 0; i < 16; i++) {
    const a = (i / 16) * Math.PI * 2;
    sunRays += `<line x1="${f(cx + Math.cos(a) * sunR * 1.2)}" y1="${f(cy - s * 0.15 + Math.sin(a) * sunR * 1.2)}" x2="${f(cx + Math.cos(a) * sunR * (i % 2 ? 1.5 : 1.75))}" y2="${f(cy - s * 0.15 + Math.sin(a) * sunR * (i % 2 ? 1.5 : 1.75))}" stroke="url(#gold)" stroke-width="${f(s * 0.025)}" stroke-linecap="round"/>`;
  }
  const wave = (y, col, op, amp) => {
    let d = `M${f(cx - s * 1.8)} ${f(y)}`;
    for (let i = 0; i < 12; i++) d += ` q${f(s * 0.075)} ${f(-amp)} ${f(s * 0.15)} 0 t${f(s * 0.15)} 0`;
    d += ` L${f(cx + s * 1.8)} ${f(cy + s)} L${f(cx - s * 1.8)} ${f(cy + s)} Z`;
    return `<path d="${d}" fill="${col}" opacity="${op}"/>`;
  };
  return `<circle cx="${f(cx)}" cy="${f(cy - s * 0.15)}" r="${f(sunR * 1.6)}" fill="#f4a534" opacity="0.35" filter="url(#glow)"/>
    ${sunRays}
    <circle cx="${f(cx)}" cy="${f(cy - s * 0.15)}" r="${f(sunR)}" fill="url(#goldRad)"/>
    ${wave(cy + s * 0.28, '#1f7a6a', 0.8, s * 0.05)}${wave(cy + s * 0.38, '#17604f', 0.9, s * 0.06)}${wave(cy + s * 0.48, '#0f4437', 1, s * 0.05)}
    ${text(cx, cy + s * 0.74, 'Sommer', { size: s * 0.14, fill: C.light, spacing: 4 })}`;
}

function motifPhone(cx, cy, s) {
  const w = s * 0.52;
  const h = s;
  const x = cx - w / 2;
  const y = cy - h / 2;
  let waves = '';
  for (let i = 1; i <= 3; i++) {
    const r = s * 0.12 * i;
    waves += `<path d="M${f(cx + w / 2 + s * 0.08 + r * 0.5)} ${f(cy - r)} A${f(r)} ${f(r)} 0 0 1 ${f(cx + w / 2 + s * 0.08 + r * 0.5)} ${f(cy + r)}" fill="none" stroke="${C.gold}" stroke-width="${f(s * 0.025)}" stroke-linecap="round" opacity="${f(1 - i * 0.22)}"/>`;
  }
  return `<g filter="url(#shadow)">
    <rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" rx="${f(w * 0.14)}" fill="#1a1d1f" stroke="url(#gold)" stroke-width="${f(s * 0.012)}"/>
    <rect x="${f(x + w * 0.06)}" y="${f(y + w * 0.1)}" width="${f(w * 0.88)}" height="${f(h - w * 0.2)}" rx="${f(w * 0.08)}" fill="url(#greenG)"/>
    <rect x="${f(cx - w * 0.15)}" y="${f(y + w * 0.035)}" width="${f(w * 0.3)}" height="${f(w * 0.035)}" rx="${f(w * 0.017)}" fill="#000"/>
    ${coinFace(cx, cy - s * 0.12, w * 0.3)}
    <circle cx="${f(cx + w * 0.22)}" cy="${f(cy + s * 0.02)}" r="${f(w * 0.11)}" fill="#2fae66" stroke="${C.light}" stroke-width="${f(w * 0.015)}"/>
    <path d="M${f(cx + w * 0.17)} ${f(cy + s * 0.02)} l${f(w * 0.04)} ${f(w * 0.04)} l${f(w * 0.08)} ${f(-w * 0.08)}" stroke="#fff" stroke-width="${f(w * 0.03)}" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
    <rect x="${f(x + w * 0.16)}" y="${f(cy + s * 0.22)}" width="${f(w * 0.68)}" height="${f(s * 0.1)}" rx="${f(s * 0.05)}" fill="url(#gold)"/>
    ${text(cx, cy + s * 0.293, 'Betal', { size: s * 0.055, fill: C.bg })}
    </g>${waves}`;
}

function motifShield(cx, cy, s) {
  const k = s / 200;
  const d = 'M0 -100 L82 -70 C82 10 52 68 0 100 C-52 68 -82 10 -82 -70 Z';
  return `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(s * 0.5)}" ry="${f(s * 0.5)}" fill="#2fae66" opacity="0.25" filter="url(#glow)"/>
    <g transform="translate(${f(cx)} ${f(cy)}) scale(${f(k)})" filter="url(#shadow)">
      <path d="${d}" fill="url(#goldDiag)"/>
      <path d="${d}" transform="scale(0.84)" fill="${C.surface}"/>
      <path d="${d}" transform="scale(0.84)" fill="url(#greenG)" opacity="0.6"/>
      <rect x="-28" y="-12" width="56" height="44" rx="6" fill="url(#gold)"/>
      <path d="M-18 -12 L-18 -26 A18 18 0 0 1 18 -26 L18 -12" fill="none" stroke="url(#gold)" stroke-width="8"/>
      <circle cx="0" cy="6" r="6" fill="${C.bg}"/><rect x="-3" y="6" width="6" height="14" fill="${C.bg}"/>
    </g>
    ${sparkle(cx + s * 0.42, cy - s * 0.38, s * 0.05)}${sparkle(cx - s * 0.45, cy + s * 0.3, s * 0.04)}`;
}

function motifTrophy(cx, cy, s, seed = 9) {
  const rand = rng(seed);
  const k = s / 200;
  let confetti = '';
  const cols = [C.gold, C.red, '#2fae66', '#f6f3e8', '#4f8ad9'];
  for (let i = 0; i < 40; i++) {
    const x = cx + (rand() - 0.5) * s * 2.6;
    const y = cy + (rand() - 0.5) * s * 1.3;
    confetti += `<rect x="${f(x)}" y="${f(y)}" width="${f(s * 0.025)}" height="${f(s * 0.05)}" fill="${cols[i % cols.length]}" transform="rotate(${f(rand() * 180)} ${f(x)} ${f(y)})" opacity="0.8"/>`;
  }
  return `${confetti}<ellipse cx="${f(cx)}" cy="${f(cy - s * 0.1)}" rx="${f(s * 0.5)}" ry="${f(s * 0.45)}" fill="${C.gold}" opacity="0.3" filter="url(#glow)"/>
    <g transform="translate(${f(cx)} ${f(cy)}) scale(${f(k)})" filter="url(#shadow)">
      <path d="M-58 -70 C-100 -70 -100 -10 -40 0" fill="none" stroke="url(#gold)" stroke-width="10"/>
      <path d="M58 -70 C100 -70 100 -10 40 0" fill="none" stroke="url(#gold)" stroke-width="10"/>
      <path d="M-62 -92 L62 -92 C62 -10 30 20 0 24 C-30 20 -62 -10 -62 -92 Z" fill="url(#goldDiag)"/>
      <path d="M-50 -92 L-40 -92 C-40 -40 -28 -10 -12 10 C-36 0 -50 -40 -50 -92 Z" fill="#fff" opacity="0.25"/>
      <rect x="-10" y="22" width="20" height="34" fill="url(#gold)"/>
      <rect x="-36" y="54" width="72" height="16" rx="3" fill="url(#gold)"/>
      <rect x="-48" y="70" width="96" height="24" rx="4" fill="#3a2a0a"/>
      <rect x="-28" y="76" width="56" height="12" rx="2" fill="url(#gold)" opacity="0.8"/>
      <path d="${starPath(0, -50, 22, 9)}" fill="${C.goldLight}" opacity="0.9"/>
    </g>`;
}

function die(cx, cy, size, pips, angle) {
  const h = size / 2;
  const p = size * 0.24;
  const pos = {
    1: [[0, 0]],
    2: [
      [-1, -1],
      [1, 1],
    ],
    3: [
      [-1, -1],
      [0, 0],
      [1, 1],
    ],
    4: [
      [-1, -1],
      [1, -1],
      [-1, 1],
      [1, 1],
    ],
    5: [
      [-1, -1],
      [1, -1],
      [0, 0],
      [-1, 1],
      [1, 1],
    ],
    6: [
      [-1, -1],
      [1, -1],
      [-1, 0],
      [1, 0],
      [-1, 1],
      [1, 1],
    ],
  }[pips];
  const dots = pos
    .map(([dx, dy]) => `<circle cx="${f(cx + dx * p)}" cy="${f(cy + dy * p)}" r="${f(size * 0.08)}" fill="${pips === 1 ? C.red : C.ink}"/>`)
    .join('');
  return `<g transform="rotate(${f(angle)} ${f(cx)} ${f(cy)})" filter="url(#shadow)">
    <rect x="${f(cx - h)}" y="${f(cy - h)}" width="${f(size)}" height="${f(size)}" rx="${f(size * 0.18)}" fill="url(#card)" stroke="${C.gold}" stroke-width="${f(size * 0.02)}"/>${dots}</g>`;
}

function motifDice(cx, cy, s) {
  return `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(s * 0.7)}" ry="${f(s * 0.45)}" fill="${C.gold}" opacity="0.22" filter="url(#glow)"/>
    ${die(cx - s * 0.3, cy + s * 0.05, s * 0.48, 5, -14)}${die(cx + s * 0.32, cy - s * 0.08, s * 0.48, 6, 11)}
    ${chipFace(cx + s * 0.05, cy + s * 0.42, s * 0.13, '#b3261e')}`;
}

function motifGift(cx, cy, s) {
  const w = s * 0.7;
  const x = cx - w / 2;
  const y = cy - s * 0.12;
  return `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(s * 0.6)}" ry="${f(s * 0.5)}" fill="${C.gold}" opacity="0.28" filter="url(#glow)"/>
    <g filter="url(#shadow)">
    <rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(s * 0.55)}" rx="${f(s * 0.02)}" fill="url(#redG)"/>
    <rect x="${f(x - s * 0.04)}" y="${f(y - s * 0.14)}" width="${f(w + s * 0.08)}" height="${f(s * 0.16)}" rx="${f(s * 0.02)}" fill="#d9453a"/>
    <rect x="${f(cx - s * 0.06)}" y="${f(y - s * 0.14)}" width="${f(s * 0.12)}" height="${f(s * 0.69)}" fill="url(#gold)"/>
    <path d="M${f(cx)} ${f(y - s * 0.14)} C${f(cx - s * 0.1)} ${f(y - s * 0.4)} ${f(cx - s * 0.38)} ${f(y - s * 0.36)} ${f(cx - s * 0.28)} ${f(y - s * 0.2)} C${f(cx - s * 0.22)} ${f(y - s * 0.12)} ${f(cx - s * 0.08)} ${f(y - s * 0.14)} ${f(cx)} ${f(y - s * 0.14)} Z" fill="url(#gold)"/>
    <path d="M${f(cx)} ${f(y - s * 0.14)} C${f(cx + s * 0.1)} ${f(y - s * 0.4)} ${f(cx + s * 0.38)} ${f(y - s * 0.36)} ${f(cx + s * 0.28)} ${f(y - s * 0.2)} C${f(cx + s * 0.22)} ${f(y - s * 0.12)} ${f(cx + s * 0.08)} ${f(y - s * 0.14)} ${f(cx)} ${f(y - s * 0.14)} Z" fill="url(#gold)"/>
    <circle cx="${f(cx)}" cy="${f(y - s * 0.15)}" r="${f(s * 0.05)}" fill="url(#goldRad)"/>
    </g>
    ${sparkle(cx - s * 0.5, cy - s * 0.35, s * 0.06)}${sparkle(cx + s * 0.52, cy - s * 0.1, s * 0.05)}${sparkle(cx + s * 0.4, cy + s * 0.42, s * 0.04)}`;
}

function motifJackpot(cx, cy, s) {
  let burst = '';
  for (let i = 0; i < 24; i++) {
    const a0 = (i / 24) * Math.PI * 2;
    const a1 = a0 + Math.PI / 24;
    burst += `M${f(cx)} ${f(cy)} L${f(cx + Math.cos(a0) * s * 1.2)} ${f(cy + Math.sin(a0) * s * 1.2)} L${f(cx + Math.cos(a1) * s * 1.2)} ${f(cy + Math.sin(a1) * s * 1.2)} Z `;
  }
  return `<defs><radialGradient id="burstFade" gradientUnits="userSpaceOnUse" cx="${f(cx)}" cy="${f(cy)}" r="${f(s * 1.2)}">
      <stop offset="0" stop-color="${C.goldLight}" stop-opacity="0.5"/><stop offset="1" stop-color="${C.gold}" stop-opacity="0"/></radialGradient></defs>
    <path d="${burst}" fill="url(#burstFade)"/>
    ${coinFace(cx - s * 0.62, cy + s * 0.28, s * 0.16)}${coinFace(cx + s * 0.66, cy + s * 0.24, s * 0.2)}${coinFace(cx + s * 0.4, cy - s * 0.36, s * 0.11)}${coinFace(cx - s * 0.45, cy - s * 0.38, s * 0.09)}
    <g filter="url(#shadow)">
    ${text(cx, cy + s * 0.1, 'JACKPOT', { size: s * 0.3, fill: 'url(#gold)', spacing: 2, extra: `stroke="${C.deep}" stroke-width="${f(s * 0.006)}"` })}
    </g>`;
}

function motifVip(cx, cy, s) {
  return `${motifCrown(cx, cy - s * 0.12, s * 0.8)}
    ${text(cx, cy + s * 0.52, 'VIP', { size: s * 0.22, fill: 'url(#gold)', spacing: s * 0.04 })}`;
}

const MOTIFS = {
  crown: motifCrown,
  reels: motifReels,
  roulette: motifRoulette,
  cards: motifCards,
  chips: motifChips,
  coins: motifCoins,
  stars: motifStars,
  christmas: motifChristmas,
  summer: motifSummer,
  phone: motifPhone,
  shield: motifShield,
  trophy: motifTrophy,
  dice: motifDice,
  gift: motifGift,
  jackpot: motifJackpot,
  vip: motifVip,
};

// ---------------------------------------------------------------------------
// Compositions

/** Primary logo, 210x100 design units. */
function logoSvg(scale = 1) {
  const w = 210 * scale;
  const h = 100 * scale;
  const body = `<g transform="scale(${scale})">
    ${crown(85, 4, 40, { jewel: C.bg })}
    <rect x="30" y="42" width="150" height="1.4" fill="url(#goldLineH)"/>
    ${text(105, 77, 'KRONE', { size: 38, fill: 'url(#gold)', spacing: 4 })}
    ${text(107, 95, 'CASINO', { size: 13, fill: C.light, spacing: 7 })}
    ${sparkle(140, 10, 3.5)}
  </g>`;
  return svgDoc(w, h, body);
}

/** Compact horizontal logo (crown left of the wordmark), 150x50 design units. */
function logoOnscrollSvg(scale = 2) {
  const body = `<g transform="scale(${scale})">
    ${crownC(24, 25, 36, { jewel: C.bg })}
    ${text(48, 28, 'KRONE', { size: 24, fill: 'url(#gold)', anchor: 'start', spacing: 2 })}
    ${text(49, 42, 'CASINO', { size: 9, fill: C.light, anchor: 'start', spacing: 5.2 })}
  </g>`;
  return svgDoc(150 * scale, 50 * scale, body);
}

function iconMenuSvg() {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" aria-hidden="true"><path d="M4 6h16M4 12h16M4 18h16"/></svg>\n`;
}

function appIconSvg(size) {
  const s = size / 512;
  const body = `<g transform="scale(${f(s)})">
    <rect width="512" height="512" rx="112" fill="url(#iconBg)"/>
    <rect x="16" y="16" width="480" height="480" rx="98" fill="none" stroke="url(#gold)" stroke-width="10"/>
    <circle cx="256" cy="256" r="190" fill="${C.surface}"/>
    ${crownC(256, 232, 270, { jewel: C.bg })}
    <rect x="136" y="368" width="240" height="6" fill="url(#goldLineH)"/>
  </g>`;
  return svgDoc(
    size,
    size,
    body,
    `<radialGradient id="iconBg" cx="0.5" cy="0.4" r="0.7"><stop offset="0" stop-color="#1d5a40"/><stop offset="1" stop-color="${C.bg}"/></radialGradient>`,
  );
}

function creditBadgeSvg() {
  const body = `${coinFace(48, 48, 44)}`;
  return svgDoc(96, 96, body);
}

function menuBgSvg() {
  const w = 800;
  const h = 1200;
  const b = backdrop(w, h, {
    pattern: 'crowns',
    glowX: 0.3,
    glowY: 0.15,
    rayN: 14,
    rayX: 0.2,
    rayY: -0.05,
    seed: 21,
    sparkleN: 20,
    vignette: 0.7,
  });
  const body = `${b.body}
    <g opacity="0.06">${crownC(620, 1020, 420, { fill: C.gold, jewel: 'none' })}</g>
    <rect x="0" y="0" width="${w}" height="${h}" fill="${C.bg}" opacity="0.25"/>`;
  return svgDoc(w, h, body, b.defs);
}

/** Top logo for the wallpaper: 210x72 design units. */
function topLogoSvg(scale, compact) {
  const body = `<g transform="scale(${scale})">
    ${crownC(36, 34, 52, { jewel: C.bg })}
    ${text(70, compact ? 45 : 40, 'KRONE', { size: compact ? 30 : 32, fill: 'url(#gold)', anchor: 'start', spacing: compact ? 2 : 3 })}
    ${compact ? '' : text(71, 58, 'CASINO', { size: 12.5, fill: C.light, anchor: 'start', spacing: 8.6 })}
    <rect x="8" y="68" width="194" height="1.4" fill="url(#goldLineH)"/>
  </g>`;
  return svgDoc(210 * scale, 72 * scale, body);
}

/** Background logo strip for the wallpaper: 719x72 design units. */
function backgroundLogoSvg(scale, size) {
  const suitsL = `${suit('spade', 137, 36, 16, C.gold)}${suit('heart', 160, 36, 16, C.red)}`;
  const suitsR = `${suit('diamond', 559, 36, 16, C.red)}${suit('club', 582, 36, 16, C.gold)}`;
  const wide = size !== 'xs' && size !== 'sm';
  const body = `<g transform="scale(${scale})">
    <rect x="10" y="35" width="${wide ? 112 : 160}" height="1.4" fill="url(#goldLineH)"/>
    <rect x="${wide ? 597 : 549}" y="35" width="${wide ? 112 : 160}" height="1.4" fill="url(#goldLineH)"/>
    ${wide ? suitsL + suitsR : ''}
    ${text(318, 46, 'KRONE', { size: 30, fill: 'url(#gold)', anchor: 'end', spacing: 4 })}
    ${crownC(359.5, 34, 50, { jewel: C.bg })}
    ${text(401, 46, 'CASINO', { size: 30, fill: C.light, anchor: 'start', spacing: 4 })}
  </g>`;
  return svgDoc(719 * scale, 72 * scale, body);
}

const FADE_BOTTOM = `<linearGradient id="fadeBottom" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${C.bg}" stop-opacity="0"/><stop offset="1" stop-color="${C.bg}" stop-opacity="0.9"/></linearGradient>`;

function wallpaperSvg(w, h, slide) {
  const portrait = h > w;
  if (slide === 1) {
    const b = backdrop(w, h, {
      pattern: 'crowns',
      glowX: 0.5,
      glowY: portrait ? 0.25 : 0.3,
      rayN: 18,
      rayX: 0.5,
      rayY: -0.08,
      rayOpacity: 0.06,
      patternOpacity: 0.6,
      centre: '#154431',
      accentOpacity: 0.12,
      seed: 31,
      sparkleN: portrait ? 18 : 36,
      vignette: 0.8,
    });
    const cw = portrait ? 380 : 620;
    const body = `${b.body}
      <g opacity="0.05">${crownC(w / 2, portrait ? h * 0.72 : h * 0.62, cw, { fill: C.gold, jewel: 'none' })}</g>
      <rect x="0" y="${f(h * 0.82)}" width="${w}" height="${f(h * 0.18)}" fill="url(#fadeBottom)"/>`;
    return svgDoc(w, h, body, b.defs + FADE_BOTTOM);
  }
  // Slide 2: diagonal light, drifting card suits and bokeh.
  const rand = rng(portrait ? 41 : 42);
  const b = backdrop(w, h, {
    pattern: 'lattice',
    glowX: 0.8,
    glowY: 0.15,
    rayN: 16,
    rayX: 1.05,
    rayY: -0.1,
    rayOpacity: 0.06,
    centre: '#154431',
    accentOpacity: 0.12,
    seed: 43,
    sparkleN: portrait ? 12 : 24,
    vignette: 0.8,
  });
  let floating = '';
  const kinds = ['spade', 'heart', 'diamond', 'club'];
  const n = portrait ? 12 : 22;
  for (let i = 0; i < n; i++) {
    const x = rand() * w;
    const y = rand() * h;
    const sz = (portrait ? 40 : 60) + rand() * (portrait ? 80 : 130);
    const rot = (rand() - 0.5) * 50;
    floating += `<g transform="rotate(${f(rot)} ${f(x)} ${f(y)})" opacity="${f(0.05 + rand() * 0.08)}">${suit(kinds[i % 4], x, y, sz, 'none', `stroke="${C.gold}" stroke-width="${f(200 / sz)}"`)}</g>`;
  }
  let bokeh = '';
  for (let i = 0; i < (portrait ? 10 : 18); i++) {
    bokeh += `<circle cx="${f(rand() * w)}" cy="${f(rand() * h)}" r="${f(20 + rand() * (portrait ? 60 : 90))}" fill="${C.gold}" opacity="${f(0.015 + rand() * 0.025)}" filter="url(#softGlow)"/>`;
  }
  const body = `${b.body}${bokeh}${floating}<rect x="0" y="${f(h * 0.82)}" width="${w}" height="${f(h * 0.18)}" fill="url(#fadeBottom)"/>`;
  return svgDoc(w, h, body, b.defs + FADE_BOTTOM);
}

function sceneSvg(w, h, motif, { accent = C.gold, pattern = 'lattice', seed = 1, layout = 'center', rayN = 0 } = {}) {
  const left = layout === 'right';
  const b = backdrop(w, h, {
    accent,
    pattern,
    seed,
    glowX: left ? 0.66 : 0.5,
    glowY: 0.48,
    rayN,
    rayX: left ? 0.66 : 0.5,
    rayY: 0.45,
    rayOpacity: 0.08,
    sparkleN: Math.round((w * h) / 40000),
    vignette: 0.55,
  });
  const s = h * (layout === 'right' ? 0.6 : 0.55);
  const cx = left ? w * 0.66 : w / 2;
  const cy = h * 0.5;
  let defs = b.defs;
  let extra = '';
  if (left) {
    defs += `<linearGradient id="sideFade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${C.bg}" stop-opacity="0.85"/><stop offset="0.55" stop-color="${C.bg}" stop-opacity="0"/></linearGradient>`;
    extra = `<rect width="${w}" height="${h}" fill="url(#sideFade)"/>`;
  }
  const body = `${b.body}${extra}${MOTIFS[motif](cx, cy, s, seed)}`;
  return svgDoc(w, h, body, defs);
}

function ogSvg() {
  const w = 1200;
  const h = 630;
  const b = backdrop(w, h, { pattern: 'crowns', rayN: 24, rayX: 0.5, rayY: 0.3, seed: 51, sparkleN: 40, glowY: 0.35 });
  const body = `${b.body}
    <ellipse cx="600" cy="200" rx="260" ry="140" fill="${C.gold}" opacity="0.25" filter="url(#glow)"/>
    <g filter="url(#shadow)">${crownC(600, 190, 230, { jewel: C.surface })}</g>
    ${text(600, 410, 'KRONE', { size: 120, fill: 'url(#gold)', spacing: 12 })}
    ${text(600, 470, 'CASINO', { size: 40, fill: C.light, spacing: 26 })}
    <rect x="360" y="505" width="480" height="3" fill="url(#goldLineH)"/>
    ${suit('spade', 510, 550, 28, C.gold)}${suit('heart', 570, 550, 28, C.red)}${suit('diamond', 630, 550, 28, C.red)}${suit('club', 690, 550, 28, C.gold)}`;
  return svgDoc(w, h, body, b.defs);
}

function badgeSvg(label, { sub = '', big = false, accent = C.gold } = {}) {
  const w = 240;
  const h = 80;
  const body = `<rect x="2" y="2" width="${w - 4}" height="${h - 4}" rx="16" fill="${C.surface}" stroke="${accent}" stroke-width="3"/>
    ${big ? `<circle cx="40" cy="40" r="26" fill="none" stroke="${accent}" stroke-width="4"/>${text(40, 47, '21+', { size: 18, fill: C.light })}` : ''}
    ${text(big ? 148 : 120, sub ? 40 : 49, label, { size: big ? 24 : label.length > 12 ? 20 : 26, fill: C.light })}
    ${sub ? text(big ? 148 : 120, 60, sub, { size: 12, fill: accent, weight: 'normal', spacing: 1 }) : ''}`;
  return svgDoc(w, h, body);
}

function partnerSvg(name, idx) {
  const w = 200;
  const h = 60;
  const marks = [
    // aurora
    `<path d="M10 44 C18 20 30 14 44 18 C36 24 30 34 28 46 Z" fill="#5fd3a5"/><path d="M20 46 C26 30 36 24 48 26 C40 32 36 40 36 48 Z" fill="#8fe3c2" opacity="0.8"/>`,
    // viking helmet
    `<path d="M14 40 A16 16 0 0 1 46 40 Z" fill="#c9c9c9"/><rect x="12" y="39" width="36" height="5" rx="2" fill="#9a9a9a"/><path d="M14 36 C6 30 6 20 10 14 C12 24 16 28 20 30 Z" fill="${C.light}"/><path d="M46 36 C54 30 54 20 50 14 C48 24 44 28 40 30 Z" fill="${C.light}"/>`,
    // wave
    `<path d="M8 38 C16 26 24 26 30 34 C36 42 44 42 52 30 L52 46 L8 46 Z" fill="#4f8ad9"/><path d="M8 30 C16 18 24 18 30 26 C36 34 44 34 52 22" fill="none" stroke="#8fb8ef" stroke-width="3"/>`,
    // anchor-ish star
    `<path d="${starPath(30, 30, 18, 7, 4, -90)}" fill="#f4a534"/>`,
    // clover
    `<circle cx="24" cy="24" r="8" fill="#4f9a36"/><circle cx="36" cy="24" r="8" fill="#4f9a36"/><circle cx="24" cy="36" r="8" fill="#4f9a36"/><circle cx="36" cy="36" r="8" fill="#4f9a36"/><circle cx="30" cy="30" r="4" fill="#9fd67a"/>`,
    // rune diamond
    `<path d="M30 10 L48 30 L30 50 L12 30 Z" fill="none" stroke="#b98cf0" stroke-width="4"/><path d="M30 18 L30 42 M22 26 L38 34" stroke="#b98cf0" stroke-width="3"/>`,
    // lighthouse
    `<path d="M24 48 L27 18 L33 18 L36 48 Z" fill="#e5564b"/><rect x="25.5" y="28" width="9" height="5" fill="${C.light}"/><rect x="24.5" y="38" width="11" height="5" fill="${C.light}"/><path d="M26 18 L30 12 L34 18 Z" fill="${C.gold}"/><path d="M34 15 L52 8 L52 22 Z" fill="${C.gold}" opacity="0.5"/>`,
    // hexagon
    `<path d="M30 10 L47 20 L47 40 L30 50 L13 40 L13 20 Z" fill="#2a9d8f"/><path d="M30 20 L39 25 L39 35 L30 40 L21 35 L21 25 Z" fill="${C.bg}"/>`,
    // flame
    `<path d="M30 50 C16 50 14 36 22 26 C22 32 26 34 28 34 C24 24 30 14 38 10 C36 20 46 26 44 38 C43 46 38 50 30 50 Z" fill="#f07a2b"/><path d="M30 50 C24 50 23 42 27 38 C28 42 31 43 32 42 C31 38 34 34 37 33 C37 40 40 44 36 48 C35 49 33 50 30 50 Z" fill="${C.gold}"/>`,
  ];
  const [line1, line2] = name.split('|');
  const body = `${marks[idx % marks.length]}
    ${text(60, line2 ? 29 : 37, line1, { size: line1.length > 11 ? 15 : 18, fill: C.light, anchor: 'start' })}
    ${line2 ? text(60, 46, line2, { size: 11, fill: C.gold, anchor: 'start', weight: 'normal', spacing: 2 }) : ''}`;
  return svgDoc(w, h, body);
}

// ---------------------------------------------------------------------------
// Output

const written = [];

async function save(rel, svg, { format, quality = 76 }) {
  if (ONLY && !rel.startsWith(`${ONLY}/`)) return;
  const file = join(OUT, rel);
  await mkdir(dirname(file), { recursive: true });
  let img = sharp(Buffer.from(svg), { density: 72 });
  if (format === 'png') img = img.png({ compressionLevel: 9, adaptiveFiltering: true, palette: true, quality: 95, effort: 10 });
  else if (format === 'webp') img = img.webp({ quality, effort: 6, smartSubsample: true, alphaQuality: 90 });
  const buf = await img.toBuffer();
  await writeFile(file, buf);
  written.push([rel, buf.length]);
}

async function saveText(rel, content) {
  if (ONLY && !rel.startsWith(`${ONLY}/`)) return;
  const file = join(OUT, rel);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, content);
  written.push([rel, Buffer.byteLength(content)]);
}

const NEWS = [
  ['reels', { accent: '#e5564b', pattern: 'lattice', rayN: 18 }],
  ['roulette', { accent: '#e5564b', pattern: 'suits' }],
  ['cards', { accent: C.gold, pattern: 'suits', rayN: 14 }],
  ['coins', { accent: C.gold, pattern: 'crowns', rayN: 20 }],
  ['stars', { accent: '#f7d774', pattern: 'none', rayN: 24 }],
  ['christmas', { accent: '#e5564b', pattern: 'none' }],
  ['summer', { accent: '#f4a534', pattern: 'none' }],
  ['phone', { accent: '#5fd3c3', pattern: 'lattice' }],
  ['shield', { accent: '#2fae66', pattern: 'lattice' }],
  ['trophy', { accent: C.gold, pattern: 'none', rayN: 20 }],
  ['dice', { accent: '#f6f3e8', pattern: 'suits' }],
  ['chips', { accent: C.gold, pattern: 'lattice', rayN: 12 }],
];
const CAMPAIGNS = [
  ['gift', { accent: '#e5564b', pattern: 'crowns', rayN: 16 }],
  ['reels', { accent: '#f4a534', pattern: 'lattice', rayN: 18 }],
  ['coins', { accent: C.gold, pattern: 'lattice', rayN: 14 }],
  ['trophy', { accent: C.gold, pattern: 'crowns', rayN: 20 }],
  ['jackpot', { accent: '#f7d774', pattern: 'none' }],
  ['cards', { accent: '#e5564b', pattern: 'suits' }],
  ['roulette', { accent: C.gold, pattern: 'lattice', rayN: 12 }],
  ['vip', { accent: '#b98cf0', pattern: 'crowns', rayN: 20 }],
];
const LANDINGS = [
  ['crown', { accent: C.gold, pattern: 'crowns', rayN: 26 }],
  ['jackpot', { accent: '#f7d774', pattern: 'lattice' }],
  ['chips', { accent: C.gold, pattern: 'suits', rayN: 14 }],
];
// The footer's partner logos: the catalogue's studios (packages/games-math/titles), each with the
// file name the footer seed (apps/platform/src/content/seed/footer.json) gives it and a mark of
// partnerSvg's list.
const PARTNERS = [
  ['krone-studio', 'Krone|STUDIO', 3],
  ['nordlys-spil', 'Nordlys|SPIL', 0],
  ['fyrtaarn-games', 'Fyrtårn|GAMES', 6],
  ['kloeverfabrikken', 'Kløverfabrikken|', 4],
  ['boelgeslag', 'Bølgeslag|', 2],
  ['stjerneskud-studio', 'Stjerneskud|STUDIO', 7],
  ['kobberhjul-studio', 'Kobberhjul|STUDIO', 8],
  ['rimfrost-games', 'Rimfrost|GAMES', 5],
  ['boelgebryder-games', 'Bølgebryder|GAMES', 2],
  ['havoern-studio', 'Havørn|STUDIO', 1],
];

async function main() {
  // General
  await saveText('general/logo.svg', logoSvg(1) + '\n');
  await save('general/logo.png', logoSvg(2), { format: 'png' });
  await save('general/logo-onscroll.png', logoOnscrollSvg(2), { format: 'png' });
  await saveText('general/icon-menu.svg', iconMenuSvg());
  await save('general/bg-menu-2.webp', menuBgSvg(), { format: 'webp', quality: 80 });
  await save('general/icon-192.png', appIconSvg(192), { format: 'png' });
  await save('general/icon-512.png', appIconSvg(512), { format: 'png' });

  // Credit badge
  await save('credit/logo-credit-1.png', creditBadgeSvg(), { format: 'png' });

  // Wallpaper
  for (const size of SIZES) {
    const compact = size === 'xs';
    const large = size === 'lg' || size === 'xl' || size === 'xxl';
    const [w, h] = large ? [1920, 1080] : [540, 960];
    await save(`wallpaper/top-logo-${size}.webp`, topLogoSvg(2, compact), { format: 'webp', quality: 85 });
    await save(`wallpaper/background-logo-${size}.webp`, backgroundLogoSvg(2, size), { format: 'webp', quality: 85 });
    await save(`wallpaper/background-${size}.webp`, wallpaperSvg(w, h, 1), { format: 'webp', quality: 82 });
    await save(`wallpaper/background-2-${size}.webp`, wallpaperSvg(w, h, 2), { format: 'webp', quality: 82 });
  }

  // News, campaigns, landing pages
  for (const [i, [motif, opts]] of NEWS.entries()) {
    const n = String(i + 1).padStart(2, '0');
    await save(`news/news-${n}.webp`, sceneSvg(1200, 630, motif, { ...opts, seed: 100 + i }), { format: 'webp' });
  }
  for (const [i, [motif, opts]] of CAMPAIGNS.entries()) {
    const n = String(i + 1).padStart(2, '0');
    await save(`campaigns/campaign-${n}.webp`, sceneSvg(1200, 630, motif, { ...opts, seed: 200 + i, layout: 'right' }), { format: 'webp' });
  }
  for (const [i, [motif, opts]] of LANDINGS.entries()) {
    const n = String(i + 1).padStart(2, '0');
    await save(`landing/landing-${n}.webp`, sceneSvg(1600, 900, motif, { ...opts, seed: 300 + i, layout: 'right' }), { format: 'webp' });
  }

  // Footer badges (generic text badges)
  await save('footer/logo-21plus.png', badgeSvg('Kun 21+', { big: true, sub: 'SPIL ANSVARLIGT' }), { format: 'png' });
  await save('footer/logo-spillemyndigheden.png', badgeSvg('Spillemyndigheden', { sub: 'LICENS' }), { format: 'png' });
  await save('footer/logo-stopspillet.png', badgeSvg('StopSpillet', { sub: 'RÅDGIVNING' }), { format: 'png' });
  await save('footer/logo-rofus.png', badgeSvg('ROFUS', { sub: 'SELVUDELUKKELSE' }), { format: 'png' });

  // Partner studios
  for (const [file, name, mark] of PARTNERS) {
    await save(`partners/${file}.png`, partnerSvg(name, mark), { format: 'png' });
  }

  // Open Graph default
  await save('og/og-default.png', ogSvg(), { format: 'png' });

  let total = 0;
  for (const [rel, bytes] of written) {
    total += bytes;
    console.log(`${(bytes / 1024).toFixed(1).padStart(8)} kB  ${rel}`);
  }
  console.log(`${written.length} files, ${(total / 1024 / 1024).toFixed(2)} MB in ${relative(process.cwd(), OUT) || '.'}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
