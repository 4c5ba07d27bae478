import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { exact, SeededTestRng, mathsHash, type GameConfig } from '@krone/games-math';
// The three example titles in titles/, one per family: fixed strips from a seeded shuffle, a paytable
// scaled by one factor found by binary search on exact().rtp. A stand-in for the real tuner (README).
// Run: node --import tsx packages/games-math/scripts/example-titles.ts
const titlesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../titles');
const rng = new SeededTestRng(2026);
function strip(len: number, weights: number[]): number[] {
  // spread symbols: a shuffled multiset matching weights proportionally
  const total = weights.reduce((a, b) => a + b);
  const out: number[] = [];
  weights.forEach((w, s) => {
    for (let i = 0; i < Math.round((w * len) / total); i++) out.push(s);
  });
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
function tune(make: (k: number) => GameConfig, target: number) {
  let lo = 0.05,
    hi = 20;
  let best: { cfg: GameConfig; rtp: number } | null = null;
  for (let i = 0; i < 22; i++) {
    const k = Math.sqrt(lo * hi);
    const cfg = make(k);
    const r = exact(cfg).rtp;
    if (!best || Math.abs(r - target) < Math.abs(best.rtp - target)) best = { cfg, rtp: r };
    if (r > target) hi = k;
    else lo = k;
  }
  return best!;
}
const scale = (pays: number[], k: number) => pays.map((p) => (p === 0 ? 0 : Math.max(1, Math.round(p * k))));
const standardLines20 = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 2, 0, 2, 0],
  [2, 0, 2, 0, 2],
  [0, 2, 2, 2, 0],
];
function write(name: string, title: object) {
  writeFileSync(`${titlesDir}/${name}.json`, JSON.stringify(title, null, 2) + '\n');
}
// lines
{
  const names = ['ni', 'ti', 'knægt', 'dronning', 'konge', 'es', 'vikingeskib', 'runesten', 'wild', 'scatter'];
  const basePays = [
    [0, 0, 5, 15, 50],
    [0, 0, 5, 15, 50],
    [0, 0, 10, 25, 75],
    [0, 0, 10, 30, 100],
    [0, 0, 15, 40, 125],
    [0, 0, 20, 50, 150],
    [0, 2, 40, 120, 400],
    [0, 5, 60, 200, 800],
    [0, 10, 100, 400, 2000],
    [],
  ];
  const wts = [9, 9, 8, 8, 7, 7, 4, 3, 2, 2];
  const reels = [0, 1, 2, 3, 4].map(() => strip(36, wts));
  const fsReels = [0, 1, 2, 3, 4].map(() => strip(36, [8, 8, 8, 8, 7, 7, 5, 4, 3, 2]));
  const make = (k: number): GameConfig => ({
    family: 'lines',
    rows: 3,
    symbols: names.map((n, i) => ({ name: n, ...(basePays[i]!.length ? { pays: scale(basePays[i]!, k) } : {}) })),
    reels,
    lines: standardLines20,
    wild: { symbol: 8, excludes: [7] },
    scatter: { symbol: 9, pays: [0, 0, 2, 10, 50] },
    freeSpins: { awards: [0, 0, 10, 15, 20], retriggers: [0, 0, 5], multiplier: 2, reels: fsReels, maxSpins: 100 },
  });
  const best = tune(make, 0.96);
  const ex = exact(best.cfg);
  console.log('lines', ex);
  write('vikingernes-guld', {
    id: 'vikingernes-guld',
    name: 'Vikingernes Guld',
    maths: best.cfg,
    exact: ex,
    mathsHash: mathsHash(best.cfg),
  });
}
// ways 243, cost 25
{
  const names = ['ni', 'ti', 'knægt', 'dronning', 'konge', 'es', 'ugle', 'hjort', 'ulv', 'wild', 'scatter'];
  const basePays = [
    [0, 0, 5, 10, 20],
    [0, 0, 5, 10, 20],
    [0, 0, 5, 15, 25],
    [0, 0, 10, 15, 30],
    [0, 0, 10, 20, 40],
    [0, 0, 15, 25, 50],
    [0, 0, 20, 50, 100],
    [0, 0, 25, 75, 150],
    [0, 5, 50, 100, 250],
    [],
    [],
  ];
  const wts = [9, 9, 9, 8, 8, 7, 5, 4, 3, 2, 2];
  const reels = [0, 1, 2, 3, 4].map((r) => strip(40, r === 0 ? [9, 9, 9, 8, 8, 7, 5, 4, 3, 0, 2] : wts));
  const make = (k: number): GameConfig => ({
    family: 'ways',
    rows: 3,
    costUnits: 25,
    symbols: names.map((n, i) => ({ name: n, ...(basePays[i]!.length ? { pays: scale(basePays[i]!, k) } : {}) })),
    reels,
    wild: { symbol: 9 },
    scatter: { symbol: 10, pays: [0, 0, 1, 5, 20] },
    freeSpins: { awards: [0, 0, 8, 12, 15], retriggers: [0, 0, 8], multiplier: 3, maxSpins: 120 },
  });
  const best = tune(make, 0.955);
  const ex = exact(best.cfg);
  console.log('ways', ex);
  write('nordlys-skoven', { id: 'nordlys-skoven', name: 'Nordlysskoven', maths: best.cfg, exact: ex, mathsHash: mathsHash(best.cfg) });
}
// classic 3x3, 5 lines
{
  const names = ['blank', 'kirsebær', 'citron', 'blomme', 'klokke', 'bar', 'syv', 'wild', 'scatter'];
  const basePays = [[], [0, 2, 10], [0, 0, 15], [0, 0, 20], [0, 0, 40], [0, 0, 80], [0, 0, 200], [0, 0, 500], []];
  const wts = [14, 6, 6, 5, 4, 3, 2, 1, 1];
  const reels = [0, 1, 2].map(() => strip(32, wts));
  const make = (k: number): GameConfig => ({
    family: 'classic',
    rows: 3,
    symbols: names.map((n, i) => ({ name: n, ...(basePays[i]!.length ? { pays: scale(basePays[i]!, k) } : {}) })),
    reels,
    lines: [
      [1, 1, 1],
      [0, 0, 0],
      [2, 2, 2],
      [0, 1, 2],
      [2, 1, 0],
    ],
    wild: { symbol: 7 },
    scatter: { symbol: 8, pays: [0, 1, 5] },
    freeSpins: { awards: [0, 0, 5], retriggers: [0, 0, 5], multiplier: 2, maxSpins: 50 },
  });
  const best = tune(make, 0.945);
  const ex = exact(best.cfg);
  console.log('classic', ex);
  write('frugt-klassiker', { id: 'frugt-klassiker', name: 'Frugtklassikeren', maths: best.cfg, exact: ex, mathsHash: mathsHash(best.cfg) });
}
