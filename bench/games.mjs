#!/usr/bin/env node
// npm run bench:games: the maths of packages/games-math, per family (one example title each):
// rounds per second on one core (the CSPRNG and the engine: the allocation-free round, and play()
// with its full outcome), the time of exact() per title, and 10^6 simulated rounds against the
// exact RTP. It never fails on a figure; a figure that misses its aim is marked. See bench/README.md.
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg, availableParallelism } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { CryptoRng, engineFor, exact, exactRtp, mathsHash, parseConfig, play, playWinUnits, simulate } from '@krone/games-math';
import { runtimeProblem } from '../scripts/runtime.mjs';

if (runtimeProblem()) {
  console.error(runtimeProblem());
  process.exit(1);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const titlesDir = path.join(root, 'packages/games-math/titles');
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
for (const file of readdirSync(titlesDir)
  .filter((f) => f.endsWith('.json'))
  .sort()) {
  const title = JSON.parse(readFileSync(path.join(titlesDir, file), 'utf8'));
  const config = parseConfig(title.maths);
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
