#!/usr/bin/env node
// npm run bench:games:money: money rounds per second over HTTP, studio → games contract → ledger,
// beside pgbench TPC-B on the same PostgreSQL server. pgbench first (BENCH_CLIENTS clients,
// BENCH_SECONDS s), then a platform and a studio process, each on its own fresh database of that
// server, the round pace 0, and BENCH_CLIENTS players each playing one real session round after
// round (the outcome drawn and kept, then the whole round in one signed call, betAndWin: its stake,
// its win and its end in one platform transaction). Prints both rates, their ratio and the round latency p50/p99,
// pgbench's CPU per transaction beside a round's and the ratio's CPU-bound ceiling, then checks the ledger and the studio's rounds. Never fails on a figure; exits non-zero only when
// a measurement could not be made. Run with tsx (it makes the players as the platform's tests do).
// The jackpot split's cost (issue 26): by default the rounds are played twice, back to back on the
// same processes, at a title that feeds no jackpot pool (BENCH_GAME) and at one that feeds pools
// (BENCH_JACKPOT_GAME), and both are printed with their difference; BENCH_JACKPOT=without or with
// plays one of them only.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { runtimeProblem } from '../scripts/runtime.mjs';
import { makeBenchPlayers } from './lib/bench-players.mjs';
import { agent, call, waitForHealth } from './lib/http.mjs';
import { cpuSeconds, percentile } from './lib/measure.mjs';
import { cpuSince, pgbenchFigures, pgbenchInit, pgbenchRunArgs, pgbenchTimed, pgbenchVersion, postgresServer } from './lib/postgres.mjs';

if (runtimeProblem()) {
  console.error(runtimeProblem());
  process.exit(1);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const clients = Number(process.env.BENCH_CLIENTS ?? 8);
const platformPort = Number(process.env.BENCH_PLATFORM_PORT ?? 4460);
/** The platform's public listener, where the studio calls the games contract. */
const platformPublicPort = Number(process.env.BENCH_PLATFORM_PUBLIC_PORT ?? platformPort + 1);
const studioPort = Number(process.env.BENCH_STUDIO_PORT ?? 4470);
/** The title that feeds no jackpot pool (the rounds without the split; before issue 26 the bench played vikingernes-guld, which now feeds). */
const gameId = process.env.BENCH_GAME ?? 'nordlys-skoven';
/** The title that feeds pools (the rounds with the split): vikingernes-guld feeds the three Guld tiers. */
const jackpotGameId = process.env.BENCH_JACKPOT_GAME ?? 'vikingernes-guld';
/** Which of the two to play: both (back to back, printed side by side), without or with the jackpot split. */
const jackpotCompare = process.env.BENCH_JACKPOT ?? 'both';
if (!['both', 'without', 'with'].includes(jackpotCompare)) {
  console.error(`BENCH_JACKPOT=${jackpotCompare}: both, without or with`);
  process.exit(1);
}
/** Each process's database connections (BENCH_POOL_SIZE; two per core by default, as bench:wallet found best for CPU). */
const poolSize = process.env.BENCH_POOL_SIZE ?? String(Math.max(2, 2 * availableParallelism()));
/** The storefront's key at the platform's internal listener (its STOREFRONT_API_KEY), sent as Krone-Storefront-Key. */
const storefrontKey = 'krone-bench-games-storefront-key-0123456789';
const storefront = { 'krone-storefront-key': storefrontKey };
const studioKey = 'krone-bench-games-studio-key-0123456789';
const studioSecret = 'krone-bench-games-studio-secret-0123456789';
const aims = { ratioPercent: 40, p99Ms: 50 };
const suffix = randomUUID().slice(0, 8);
const pgbenchDb = `krone_pgbench_${suffix}`;
const platformDb = `krone_games_platform_${suffix}`;
const studioDb = `krone_games_studio_${suffix}`;
const log = (line = '') => console.log(line);
const server = postgresServer(serverUrl);
const { admin, dbUrl, transactions, backendCpu, backendCpuNow } = server;

const busy = () => {
  const load = loadavg()[0];
  return `load ${load.toFixed(1)} on ${availableParallelism()} cores${load > availableParallelism() ? ' BUSY' : ''}`;
};

const children = [];
async function cleanup() {
  for (const child of children) {
    if (child.exitCode !== null) continue;
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  await server.dropDatabases([pgbenchDb, platformDb, studioDb]);
}
process.on('SIGINT', () => void cleanup().finally(() => process.exit(130)));

/** Extra Node.js flags for the studio process, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it. */
const studioNodeArgs = (process.env.BENCH_STUDIO_NODE_ARGS ?? '').split(' ').filter(Boolean);
/** The same for the platform process (BENCH_PLATFORM_NODE_ARGS). */
const platformNodeArgs = (process.env.BENCH_PLATFORM_NODE_ARGS ?? '').split(' ').filter(Boolean);

function startProcess(name, script, env, nodeArgs = []) {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, ...env, KRONE_ENV: 'development', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(child);
  return child;
}

/** pgbench's TPC-B and its CPU per transaction: its database's backends and the pgbench client, as bench:wallet counts them. */
async function tpcb() {
  pgbenchInit(dbUrl(pgbenchDb));
  const args = [...pgbenchRunArgs({ clients, seconds, cores: availableParallelism() }), '-r', dbUrl(pgbenchDb)];
  const run = await backendCpu(pgbenchDb, async (startWindow) => {
    await startWindow();
    return pgbenchTimed(args);
  });
  const figures = pgbenchFigures(run.result.report);
  const perTransaction = (cpu) => (cpu * 1000) / figures.transactions;
  return {
    ...figures,
    cpuMs: { postgres: perTransaction(run.seconds), client: perTransaction(run.result.clientSeconds) },
  };
}

async function main() {
  log(`bench:games:money on ${server.host}, ${availableParallelism()} cores, ${clients} sessions, ${seconds} s, ${busy()}`);
  log(pgbenchVersion());

  await admin(`create database ${pgbenchDb}`);
  const pgbenchRun = await tpcb();
  const pgbenchCpuMs = pgbenchRun.cpuMs.postgres + pgbenchRun.cpuMs.client;
  log(`pgbench TPC-B: ${pgbenchRun.tps.toFixed(0)} transactions/s (latency average ${pgbenchRun.latencyMs} ms)`);
  log(
    `  CPU per transaction: ${pgbenchCpuMs.toFixed(3)} ms (PostgreSQL ${pgbenchRun.cpuMs.postgres.toFixed(3)}, pgbench ${pgbenchRun.cpuMs.client.toFixed(3)})`,
  );
  await admin(`drop database if exists ${pgbenchDb} with (force)`);

  await admin(`create database ${platformDb}`);
  await admin(`create database ${studioDb}`);
  startProcess(
    'platform',
    'apps/platform/src/server.ts',
    {
      DATABASE_URL: dbUrl(platformDb),
      DATABASE_POOL_SIZE: poolSize,
      PLATFORM_PORT: String(platformPort),
      PLATFORM_PUBLIC_PORT: String(platformPublicPort),
      // The staff door on a port of the system's choosing: a bench never uses it, and two processes must not share one.
      PLATFORM_STAFF_PORT: '0',
      STOREFRONT_API_KEY: storefrontKey,
      GAME_PROVIDER_KRONE_STUDIO_SECRET: studioSecret,
      SEED_DEMO_CONTENT: 'false',
    },
    platformNodeArgs,
  );
  await waitForHealth(platformPort, 'platform');
  await waitForHealth(platformPublicPort, 'platform (public listener)');
  startProcess(
    'studio',
    'apps/studio/src/server.ts',
    {
      STUDIO_DATABASE_URL: dbUrl(studioDb),
      STUDIO_DATABASE_POOL_SIZE: poolSize,
      STUDIO_PORT: String(studioPort),
      PLATFORM_URL: `http://127.0.0.1:${platformPublicPort}`,
      STUDIO_PROVIDER_SECRET: studioSecret,
      STUDIO_API_KEY: studioKey,
      STUDIO_ROUND_PACE_MS: '0',
      // A session long enough that the money-played warning never stops the load.
      STUDIO_WARNING_MINUTES: '1440',
    },
    studioNodeArgs,
  );
  await waitForHealth(studioPort, 'studio');
  log(
    `platform :${platformPort} (public :${platformPublicPort}) and studio :${studioPort}, each on its own database, ${poolSize} connections each`,
  );

  // The players: each with cash, seated anew at each title played (launched by the platform, started in the studio).
  const people = await makeBenchPlayers(dbUrl(platformDb), clients);
  const titles = jackpotCompare === 'both' ? [gameId, jackpotGameId] : [jackpotCompare === 'with' ? jackpotGameId : gameId];
  const runs = [];
  for (const title of titles) runs.push(await playTitle(title, people));

  // Afterwards: the ledger sums to zero, no balance is negative, and the studio's rounds equal its money
  // (the games account got each stake less its jackpot parts, which went to the pools).
  const platformClient = new pg.Client({ connectionString: dbUrl(platformDb) });
  await platformClient.connect();
  const sums = await platformClient.query(`select coalesce(sum(amount_ore), 0)::text as total from wallet_entries`);
  const negative = await platformClient.query(`select count(*)::text as n from wallet_accounts where balance_ore < 0`);
  const games = await platformClient.query(
    `select coalesce(sum(e.amount_ore), 0)::text as n from wallet_entries e join wallet_accounts a on a.id = e.account_id where a.kind = 'provider:krone-studio:games'`,
  );
  const pooled = await platformClient.query(
    `select coalesce(sum(amount_ore), 0)::text as n, (select count(*) from jackpot_hits)::text as hits from jackpot_contributions`,
  );
  await platformClient.end();
  const studioClient = new pg.Client({ connectionString: dbUrl(studioDb) });
  await studioClient.connect();
  const kept = await studioClient.query(
    `select count(*)::text as n, coalesce(sum(stake_ore - win_ore), 0)::text as net from studio.rounds where status = 'settled'`,
  );
  const open = await studioClient.query(`select count(*)::text as n from studio.rounds where status = 'open'`);
  await studioClient.end();
  const gamesPlusPools = String(BigInt(games.rows[0].n) + BigInt(pooled.rows[0].n));
  log(
    `afterwards: ledger sum ${sums.rows[0].total} øre, ${negative.rows[0].n} negative balances; studio ${kept.rows[0].n} settled rounds (${open.rows[0].n} open), their net ${kept.rows[0].net} øre = the games account's ${games.rows[0].n} øre + ${pooled.rows[0].n} øre to the jackpot pools${
      kept.rows[0].net === gamesPlusPools ? '' : '  MISMATCH'
    } (${pooled.rows[0].hits} pools won); answered stake − win ${runs.reduce((sum, run) => sum + run.staked - run.won, 0)} øre`,
  );
  log();
  log('summary');
  log(`  pgbench TPC-B        ${pgbenchRun.tps.toFixed(0)} tps`);
  for (const run of runs) {
    const ratio = (run.rate / pgbenchRun.tps) * 100;
    // If both were bound by this machine's CPU alone, the rates would stand as their CPU per transaction inversely.
    const ceiling = (cpuMs) => ((pgbenchCpuMs / cpuMs) * 100).toFixed(1);
    log(`  ${run.gameId} (${run.label})`);
    log(
      `    money rounds       ${run.rate.toFixed(0)} rounds/s (1 signed contract call each, betAndWin; 2 studio statements; ${run.xactsPerRound.platform} platform transactions a round)`,
    );
    log(
      `    ratio              ${ratio.toFixed(1)} % (aim ≥ ${aims.ratioPercent} %)${ratio >= aims.ratioPercent ? '' : '  MISSES the aim'}`,
    );
    log(
      `    CPU per transaction pgbench ${pgbenchCpuMs.toFixed(3)} ms, round ${run.roundCpuMs.toFixed(3)} ms (the platform's side ${run.platformCpuMs.toFixed(3)} ms)`,
    );
    log(
      `    CPU-bound ceiling  ratio ${ceiling(run.roundCpuMs)} % with everything on this machine; ${ceiling(run.platformCpuMs)} % counting the platform's side only (the studio elsewhere)`,
    );
    log(
      `    round p50 / p99    ${run.p50.toFixed(2)} / ${run.p99.toFixed(2)} ms (aim p99 ≤ ${aims.p99Ms} ms)${run.p99 <= aims.p99Ms ? '' : '  MISSES the aim'}`,
    );
  }
  if (runs.length === 2) {
    const [without, withSplit] = runs;
    log(
      `  the jackpot split   ${withSplit.rate.toFixed(0)} rounds/s with it, ${without.rate.toFixed(0)} without (${((withSplit.rate / without.rate) * 100).toFixed(0)} %); the platform's side ${withSplit.platformCpuMs.toFixed(3)} vs ${without.platformCpuMs.toFixed(3)} ms of CPU a round (+${(withSplit.platformCpuMs - without.platformCpuMs).toFixed(3)} ms), ${withSplit.xactsPerRound.platform} vs ${without.xactsPerRound.platform} transactions; p99 ${withSplit.p99.toFixed(2)} vs ${without.p99.toFixed(2)} ms`,
    );
  }
}

/**
 * The money rounds at one title: a real session per client (launched by the platform, started in
 * the studio), round after round for BENCH_SECONDS, the first 2 s not counted; its rate, latency,
 * CPU and database transactions per round, printed and answered.
 */
async function playTitle(title, people) {
  const feeds = new pg.Client({ connectionString: dbUrl(platformDb) });
  await feeds.connect();
  const pools = (await feeds.query('select pool_id from jackpot_feeds where game_id = $1 order by pool_id', [title])).rows.map(
    (row) => row.pool_id,
  );
  await feeds.end();
  const label = pools.length ? `feeds ${pools.join(', ')}: the stake split in its transfer` : 'feeds no jackpot pool';
  log();
  log(`${title} (${label})`);
  const seats = [];
  for (const person of people) {
    const launch = await call(
      platformPort,
      'POST',
      `/Games/launch/${person.token}`,
      { providerId: 'krone-studio', gameId: title, mode: 'real' },
      storefront,
    );
    if (launch.status !== 200) throw new Error(`launch: ${launch.status} ${JSON.stringify(launch.json)}`);
    const started = await call(
      studioPort,
      'POST',
      '/sessions',
      { mode: 'real', token: launch.json.data.token },
      { 'krone-studio-key': studioKey },
    );
    if (started.status !== 200) throw new Error(`studio session: ${started.status} ${JSON.stringify(started.json)}`);
    seats.push({ ...started.json.data, playerId: person.id });
  }
  const stakeOre = seats[0].stake.defaultOre;

  log(`rounds: ${busy()}`);
  const latencies = [];
  const failures = new Map();
  let staked = 0;
  let won = 0;
  let jackpotWins = 0;
  const warmUntil = performance.now() + 2000;
  const until = performance.now() + seconds * 1000;
  const [platformProcess, studioProcess] = children;
  let cpuAtStart = { platform: 0, studio: 0 };
  let xactsAtStart = { platform: 0, studio: 0 };
  let backendsAtStart = { platform: new Map(), studio: new Map() };
  let benchAtStart = process.cpuUsage();
  const window = new Promise((resolve) => setTimeout(resolve, 2000)).then(async () => {
    cpuAtStart = { platform: cpuSeconds(platformProcess.pid), studio: cpuSeconds(studioProcess.pid) };
    benchAtStart = process.cpuUsage();
    xactsAtStart = { platform: await transactions(platformDb), studio: await transactions(studioDb) };
    backendsAtStart = { platform: await backendCpuNow(platformDb), studio: await backendCpuNow(studioDb) };
  });
  await Promise.all(
    seats.map(async (seat) => {
      const headers = { 'krone-studio-key': studioKey, authorization: `Bearer ${seat.token}` };
      while (performance.now() < until) {
        const answer = await call(studioPort, 'POST', `/sessions/${seat.sessionId}/rounds`, { stakeOre }, headers);
        if (answer.status === 200) {
          staked += answer.json.data.round.stakeOre;
          won += answer.json.data.round.winOre;
          jackpotWins += answer.json.data.round.jackpotWins?.length ?? 0;
          if (performance.now() >= warmUntil) latencies.push(answer.ms);
        } else {
          const code = answer.json?.code ?? String(answer.status);
          failures.set(code, (failures.get(code) ?? 0) + 1);
        }
      }
    }),
  );
  await window;
  // The bench client's own CPU over the window: sending the rounds and reading their answers.
  const bench = process.cpuUsage(benchAtStart);
  const perRoundMs = (cpu) => (cpu * 1000) / Math.max(1, latencies.length);
  const cpuMs = (process, start) => perRoundMs(cpuSeconds(process.pid) - start);
  const cpuPerRound = {
    platform: cpuMs(platformProcess, cpuAtStart.platform),
    studio: cpuMs(studioProcess, cpuAtStart.studio),
    bench: perRoundMs((bench.user + bench.system) / 1e6),
  };
  const backendMs = async (name, start) => perRoundMs(cpuSince(start, await backendCpuNow(name)));
  const pgPerRound = {
    platform: await backendMs(platformDb, backendsAtStart.platform),
    studio: await backendMs(studioDb, backendsAtStart.studio),
  };
  // The statistics reach pg_stat_database within a second of a transaction's end.
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const perRound = (n) => (n / Math.max(1, latencies.length)).toFixed(1);
  const xactsPerRound = {
    platform: perRound((await transactions(platformDb)) - xactsAtStart.platform),
    studio: perRound((await transactions(studioDb)) - xactsAtStart.studio),
  };
  const measured = seconds - 2;
  latencies.sort((a, b) => a - b);
  const rate = latencies.length / measured;
  const p50 = percentile(latencies, 50) ?? NaN;
  const p99 = percentile(latencies, 99) ?? NaN;
  log(
    `money rounds over HTTP: ${rate.toFixed(0)} rounds/s (${latencies.length} in ${measured} s after a 2 s warm-up; refused or failed: ${
      failures.size ? [...failures].map(([code, n]) => `${code} ${n}`).join(', ') : 'none'
    }${pools.length ? `; ${jackpotWins} pools won` : ''})`,
  );
  log(`round latency (draw, betAndWin, settle): p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms`);
  log(
    `  CPU per round: platform process ${cpuPerRound.platform.toFixed(2)} ms, studio process ${cpuPerRound.studio.toFixed(2)} ms (PostgreSQL's not counted)`,
  );
  log(
    `  PostgreSQL CPU per round: the platform's database ${pgPerRound.platform.toFixed(2)} ms, the studio's ${pgPerRound.studio.toFixed(2)} ms (its backends, from /proc)`,
  );
  const roundCpuMs = cpuPerRound.platform + cpuPerRound.studio + pgPerRound.platform + pgPerRound.studio + cpuPerRound.bench;
  const platformCpuMs = cpuPerRound.platform + pgPerRound.platform;
  log(
    `  CPU per round in total: ${roundCpuMs.toFixed(3)} ms (platform ${platformCpuMs.toFixed(3)} with its database, studio ${(cpuPerRound.studio + pgPerRound.studio).toFixed(3)} with its database, bench client ${cpuPerRound.bench.toFixed(3)})`,
  );
  log(
    `  database transactions per round: platform ${xactsPerRound.platform}, studio ${xactsPerRound.studio} (a statement outside a transaction is one)`,
  );
  return { gameId: title, label, rate, p50, p99, roundCpuMs, platformCpuMs, xactsPerRound, staked, won };
}

try {
  await main();
  agent.destroy();
  await cleanup();
} catch (error) {
  console.error(`bench:games:money could not measure: ${error instanceof Error ? error.message : error}`);
  await cleanup();
  process.exit(1);
}
