#!/usr/bin/env node
// npm run bench:games: the maths of packages/games-math, per family (one example title each):
// rounds per second on one core (the CSPRNG and the engine: the allocation-free round, and play()
// with its full outcome), the time of exact() per title, and 10^6 simulated rounds against the
// exact RTP; then the catalogue's spread (families, layouts, lines, volatility, features, RTP, hit
// frequency, largest win) and exact()'s time over a seeded sample of titles (BENCH_EXACT_SAMPLE,
// 40 by default, "all" for every title). It never fails on a figure; a figure that misses its aim
// is marked. See bench/README.md.
import { loadavg, availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import {
  CryptoRng,
  LARGEST_WIN_BANDS,
  SeededTestRng,
  VOLATILITIES,
  engineFor,
  exact,
  exactRtp,
  largestWinKind,
  mathsHash,
  play,
  playWinUnits,
  simulate,
} from '@krone/games-math';
import { loadTitles, titleById } from '@krone/games-math/titles';
import { runtimeProblem } from '../scripts/runtime.mjs';

if (runtimeProblem()) {
  console.error(runtimeProblem());
  process.exit(1);
}

const examples = ['frugt-klassiker', 'nordlys-skoven', 'vikingernes-guld'];
const rounds = Number(process.env.BENCH_ROUNDS ?? 1_000_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const linesAim = 2_000_000;

const load = loadavg()[0];
const busy =
  load > availableParallelism()
    ? `  BUSY (1-minute load ${load.toFixed(2)} > ${availableParallelism()} cores: figures likely pessimistic)`
    : '';
console.log(`bench:games on Node.js ${process.versions.node}, load ${load.toFixed(2)}${busy}`);

/**
 * Rounds per second of `round()` for about `seconds` seconds, after a warm-up, per second of this
 * process's CPU time (user + system): one core's rate, which other work on a busy machine moves
 * much less than it moves the wall clock's (that is printed too, as `wall`).
 */
function rate(round) {
  for (let i = 0; i < 200_000; i++) round();
  let done = 0;
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  let now = start;
  while (now - start < seconds * 1000) {
    for (let i = 0; i < 100_000; i++) round();
    done += 100_000;
    now = performance.now();
  }
  const cpu = process.cpuUsage(cpu0);
  return { cpu: done / ((cpu.user + cpu.system) / 1e6), wall: done / ((now - start) / 1000) };
}

const fmt = (x, digits = 4) => x.toFixed(digits);
const summary = [];
for (const title of examples.map((id) => titleById(id))) {
  const config = title.maths;
  const layout = `${config.reels.length}×${config.rows}`;
  const shape = config.family === 'ways' ? `${config.rows ** config.reels.length} ways` : `${config.lines.length} lines`;
  console.log(`\n${config.family}: ${title.id} (${layout}, ${shape}, maths ${mathsHash(config).slice(0, 12)}…)`);

  const t0 = performance.now();
  const stats = exact(config);
  const exactMs = performance.now() - t0;
  console.log(
    `  exact() ${fmt(exactMs, 0)} ms: RTP ${fmt(stats.rtp * 100, 3)} % (base ${fmt(stats.rtpBase * 100, 3)} %, free spins ${fmt(stats.rtpFeature * 100, 3)} %), ` +
      `hit ${fmt(stats.hitFrequency * 100, 2)} %, sd ${fmt(stats.standardDeviation, 2)}, largest ${fmt(stats.largestWin, 1)}× stake, ` +
      `feature 1 in ${fmt(1 / stats.featureFrequency, 0)}`,
  );

  exactRtp(config); // warm up the JIT before timing the fast path
  const t2 = performance.now();
  const fastRtp = exactRtp(config);
  const rtpMs = performance.now() - t2;
  console.log(`  exactRtp() (mean only, the tuner's fast path) ${fmt(rtpMs, 1)} ms: RTP ${fmt(fastRtp.rtp * 100, 3)} %`);

  const engine = engineFor(config);
  const rng = new CryptoRng();
  const fast = rate(() => playWinUnits(engine, rng));
  const full = rate(() => play(config, rng));
  const aim = config.family === 'lines' ? (fast.cpu >= linesAim ? '  (aim ≥ 2 000 000: met)' : '  MISSES the aim ≥ 2 000 000') : '';
  console.log(
    `  rounds per CPU second on one core: ${fmt(fast.cpu, 0)} (wall ${fmt(fast.wall, 0)}; win only, CSPRNG + engine)${aim}; ` +
      `${fmt(full.cpu, 0)} (wall ${fmt(full.wall, 0)}) with play()'s full outcome`,
  );

  const t1 = performance.now();
  const sim = simulate(config, new CryptoRng(), rounds);
  const simMs = performance.now() - t1;
  const standardError = stats.standardDeviation / Math.sqrt(rounds);
  const z = (sim.rtp - stats.rtp) / standardError;
  const verdict = Math.abs(z) <= 4 ? 'within 4 standard errors' : 'OUTSIDE 4 standard errors';
  console.log(
    `  ${rounds.toLocaleString('en')} simulated rounds (CSPRNG, ${fmt(simMs / 1000, 1)} s): RTP ${fmt(sim.rtp * 100, 3)} % vs exact ${fmt(stats.rtp * 100, 3)} %, ` +
      `z = ${fmt(z, 2)}: ${verdict}; hit ${fmt(sim.hitFrequency * 100, 2)} %`,
  );
  summary.push({ family: config.family, title: title.id, exactMs, fast, full, z });
}

console.log('\nsummary');
for (const s of summary) {
  console.log(
    `  ${s.family.padEnd(8)} ${s.title.padEnd(20)} ${fmt(s.fast.cpu, 0).padStart(10)} rounds/CPU s  play() ${fmt(s.full.cpu, 0).padStart(9)}/CPU s  exact ${fmt(s.exactMs, 0).padStart(6)} ms  z ${fmt(s.z, 2)}`,
  );
}

// ---------------------------------------------------------------- the catalogue's spread
const catalogue = loadTitles();
const count = (key) => {
  const counts = new Map();
  for (const t of catalogue) for (const k of [key(t)].flat()) counts.set(k, (counts.get(k) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => (typeof a === 'number' ? a - b : String(a).localeCompare(String(b))));
};
const line = (label, counts) => console.log(`  ${label.padEnd(12)} ${counts.map(([k, n]) => `${k} ${n}`).join(', ')}`);
const layoutOf = (m) => `${m.reels.length}×${m.rows}`;
const range = (values, digits, unit = '') => {
  const sorted = [...values].sort((a, b) => a - b);
  const mean = sorted.reduce((a, b) => a + b, 0) / sorted.length;
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return `min ${fmt(sorted[0], digits)}${unit}, median ${fmt(at(0.5), digits)}${unit}, mean ${fmt(mean, digits)}${unit}, max ${fmt(sorted[sorted.length - 1], digits)}${unit}`;
};
console.log(`\ncatalogue: ${catalogue.length} titles (packages/games-math/titles)`);
line(
  'family',
  count((t) => t.maths.family),
);
line(
  'layout',
  count((t) => `${t.maths.family} ${layoutOf(t.maths)}`),
);
line(
  'lines',
  count((t) => (t.maths.family === 'ways' ? [] : t.maths.lines.length)),
);
line(
  'ways',
  count((t) => (t.maths.family === 'ways' ? t.maths.rows ** t.maths.reels.length : [])),
);
line(
  'volatility',
  count((t) => t.volatility),
);
line(
  'feature',
  count((t) => t.features),
);
line(
  'studio',
  count((t) => t.studio),
);
console.log(
  `  RTP          ${range(
    catalogue.map((t) => t.exact.rtp * 100),
    3,
    ' %',
  )}`,
);
console.log(
  `  hit freq.    ${range(
    catalogue.map((t) => t.exact.hitFrequency * 100),
    1,
    ' %',
  )}`,
);
console.log(
  `  sd           ${range(
    catalogue.map((t) => t.exact.standardDeviation),
    1,
  )}`,
);
console.log(
  `  largest win  ${range(
    catalogue.map((t) => t.exact.largestWin),
    0,
    '×',
  )}`,
);
// The largest win per kind (its band: LARGEST_WIN_BANDS) and per volatility class within it.
for (const [kind, [min, max]] of Object.entries(LARGEST_WIN_BANDS)) {
  const ofKind = catalogue.filter((t) => largestWinKind(t.maths) === kind);
  const outside = ofKind.filter((t) => t.exact.largestWin < min || t.exact.largestWin > max).length;
  console.log(
    `  largest win, ${kind} (band ${min}–${max}×, ${ofKind.length} titles${outside > 0 ? `, ${outside} OUTSIDE the band` : ''}): ${range(
      ofKind.map((t) => t.exact.largestWin),
      0,
      '×',
    )}`,
  );
  for (const v of VOLATILITIES) {
    const wins = ofKind.filter((t) => t.volatility === v).map((t) => t.exact.largestWin);
    if (wins.length > 0) console.log(`    ${v.padEnd(10)} ${String(wins.length).padStart(3)}: ${range(wins, 0, '×')}`);
  }
}
// And per engine family (three-reel lines and ways games are in their family here): min, median, max per class.
for (const family of ['classic', 'lines', 'ways']) {
  const parts = VOLATILITIES.map((v) => {
    const wins = catalogue.filter((t) => t.maths.family === family && t.volatility === v).map((t) => t.exact.largestWin);
    if (wins.length === 0) return `${v} none`;
    wins.sort((x, y) => x - y);
    return `${v} ${fmt(wins[0], 0)}/${fmt(wins[Math.floor(wins.length / 2)], 0)}/${fmt(wins[wins.length - 1], 0)}×`;
  });
  console.log(`  largest win, ${family} family (min/median/max): ${parts.join(', ')}`);
}
const dates = catalogue.map((t) => t.releaseDate).sort();
console.log(`  released     ${dates[0]} … ${dates[dates.length - 1]}`);

const wanted = process.env.BENCH_EXACT_SAMPLE ?? '40';
let timed = [...catalogue];
if (wanted !== 'all') {
  const rng = new SeededTestRng(14);
  for (let i = timed.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [timed[i], timed[j]] = [timed[j], timed[i]];
  }
  timed = timed.slice(0, Number(wanted));
}
const times = [];
const fastTimes = [];
for (const t of timed) {
  const config = JSON.parse(JSON.stringify(t.maths)); // a fresh object: nothing compiled or cached beforehand
  const cpu0 = process.cpuUsage();
  exact(config);
  const cpu = process.cpuUsage(cpu0);
  times.push({ id: t.id, ms: (cpu.user + cpu.system) / 1000 });
  const cpu1 = process.cpuUsage();
  exactRtp(JSON.parse(JSON.stringify(t.maths)));
  const cpu2 = process.cpuUsage(cpu1);
  fastTimes.push((cpu2.user + cpu2.system) / 1000);
}
const slowest = times.reduce((a, b) => (b.ms > a.ms ? b : a));
console.log(
  `  exact() CPU time over ${times.length} titles${wanted === 'all' ? '' : ' (a seeded sample; BENCH_EXACT_SAMPLE=all for every title)'}: ` +
    `${range(
      times.map((x) => x.ms),
      0,
      ' ms',
    )} (slowest ${slowest.id})${slowest.ms > 1000 ? '  SLOWER than the 1 s aim' : ''}`,
);
console.log(`  exactRtp() CPU time: ${range(fastTimes, 1, ' ms')}`);

// ---------------------------------------------------------------------------------------------
// Table games (issue 24): each engine's rounds per second on one core, the exact return beside the
// published one, and a simulation's z-score against the exact figure.
const { BENCH_ROULETTE_BETS, measureRouletteThroughput } = await import('../packages/games-math/src/table/roulette-bench.ts');
const {
  ROULETTE_BET_KINDS,
  ROULETTE_VARIANTS,
  rouletteRtp,
  rtpPercent,
  VIDEO_POKER_PAYTABLES,
  videoPokerReturn,
  dealRound,
  bestHold,
  draw,
} = await import('@krone/games-math');

console.log('\ntable games');
for (const variant of ROULETTE_VARIANTS) {
  const figures = measureRouletteThroughput({ variant, seconds: Math.min(seconds, 2) });
  const rtps = [...new Set(ROULETTE_BET_KINDS.map((kind) => rtpPercent(rouletteRtp(variant, kind), 3)))].join(' / ');
  console.log(
    `  roulette ${variant.padEnd(18)} ${fmt(figures.roundsPerCpuSecond / 1e6, 2)} M rounds/s of CPU (${BENCH_ROULETTE_BETS.length} bets a spin); ` +
      `exact RTP ${rtps} % (published 97.297 %${variant === 'european' ? '' : ', 98.649 % on even money with La Partage'})`,
  );
}
for (const paytable of VIDEO_POKER_PAYTABLES) {
  const cpu0 = process.cpuUsage();
  const exactReturn = videoPokerReturn(paytable);
  const cpu1 = process.cpuUsage(cpu0);
  // A simulation of optimal play with the CSPRNG: its mean against the exact return, in standard errors.
  const rng = new CryptoRng();
  const n = Number(process.env.BENCH_VIDEO_POKER_ROUNDS ?? 200_000);
  const started = performance.now();
  let total = 0;
  for (let i = 0; i < n; i++) {
    const round = dealRound(rng);
    total += draw(round, bestHold(round.hand, paytable).holds, paytable).pay;
  }
  const elapsedS = (performance.now() - started) / 1000;
  const mean = total / n;
  const z = (mean - exactReturn.return) / (exactReturn.standardDeviation / Math.sqrt(n));
  console.log(
    `  video poker ${paytable.id.padEnd(18)} exact return ${fmt(exactReturn.return * 100, 4)} % (published ${fmt(paytable.published.return * 100, 4)} %), ` +
      `computed in ${fmt((cpu1.user + cpu1.system) / 1e6, 1)} s CPU; ${fmt(n / elapsedS / 1000, 0)} k rounds/s with the optimal hold; ` +
      `${n} rounds: ${fmt(mean * 100, 3)} %, z ${fmt(z, 2)}${Math.abs(z) > 4 ? '  OUTSIDE 4 standard errors' : ''}`,
  );
}
const { simulateBasicStrategy } = await import('../packages/games-math/src/table/blackjack-bench.ts');
const { BLACKJACK_RULE_SETS } = await import('@krone/games-math');
const blackjackHands = Number(process.env.BENCH_BLACKJACK_HANDS ?? 1_000_000);
for (const rules of BLACKJACK_RULE_SETS) {
  const r = simulateBasicStrategy(rules, blackjackHands, new CryptoRng());
  console.log(
    `  blackjack ${rules.id.padEnd(20)} computed return ${fmt((1 + r.exactEv) * 100, 4)} % (house edge ${fmt(-r.exactEv * 100, 3)} %, published ` +
      `${fmt(rules.published.houseEdge * 100, 3)} %); ${fmt(r.hands / r.seconds / 1000, 0)} k hands/s of basic strategy; ` +
      `${r.hands} hands: ${fmt(r.mean * 100, 3)} % ± ${fmt(r.standardError * 100, 3)}, z ${fmt(r.z, 2)}${Math.abs(r.z) > 4 ? '  OUTSIDE 4 standard errors' : ''}`,
  );
}
