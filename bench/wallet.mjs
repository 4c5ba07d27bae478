#!/usr/bin/env node
// npm run bench:wallet: on one PostgreSQL server, pgbench's TPC-B (8 clients, 30 s), then a load
// of ledger transfers through the platform's HTTP API (8 clients, 30 s); prints both rates, their
// ratio and the transfer latency p50/p99. It never fails on a figure; it exits non-zero only when
// a measurement could not be made. See bench/README.md.
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { runtimeProblem } from '../scripts/runtime.mjs';
import { agent, call, waitForHealth } from './lib/http.mjs';
import { cpuSeconds, percentile } from './lib/measure.mjs';
import { pgbenchFigures, pgbenchInit, pgbenchRunArgs, pgbenchTimed, pgbenchVersion, postgresServer } from './lib/postgres.mjs';

// Figures belong to the runtime that made them: measure on the pinned Node.js only (npm run puts it on PATH).
if (runtimeProblem()) {
  console.error(runtimeProblem());
  process.exit(1);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const clients = Number(process.env.BENCH_CLIENTS ?? 8);
const players = Number(process.env.BENCH_PLAYERS ?? 1000);
const port = Number(process.env.BENCH_PLATFORM_PORT ?? 4400);
/**
 * Platform processes on one database, as behind a load balancer; clients take them in turn. By
 * default one per two cores: PostgreSQL needs at least as much CPU per transfer as the platform,
 * and a second Node.js process on a 2-core machine only adds context switches (measured: about
 * 0.15 ms more platform CPU per transfer). BENCH_PLATFORMS=2 shows several processes sharing it.
 */
const processes = Number(process.env.BENCH_PLATFORMS ?? Math.max(1, Math.floor(availableParallelism() / 2)));
/**
 * Connections each platform process keeps to PostgreSQL (DATABASE_POOL_SIZE), sized to the
 * database server as an operator would: two per core of the server (here the same machine), all
 * processes together. More busy backends than that only queue on the server's WAL lock and its
 * CPU, and every extra wake-up of a backend costs CPU (measured on 2 cores: a pool of 4 instead of
 * 10 spent 7–16 % less CPU per transfer in back-to-back runs). The clients' requests wait in the platform instead.
 */
const poolSize = Number(process.env.BENCH_POOL_SIZE ?? Math.max(2, Math.floor((2 * availableParallelism()) / processes)));
/** Extra Node.js flags for the platform processes, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile them. */
const platformNodeArgs = (process.env.BENCH_PLATFORM_NODE_ARGS ?? '').split(' ').filter(Boolean);
const ports = Array.from({ length: processes }, (_, i) => port + i);
const apiKey = 'krone-bench-wallet-key';
/** The storefront's key at the platform's internal listener (its STOREFRONT_API_KEY), sent as Krone-Storefront-Key. */
const storefrontKey = 'bench-wallet-storefront-key-0123456789';
const storefront = { 'krone-storefront-key': storefrontKey };
const aims = { ratioPercent: 50, p99Ms: 20 };
const suffix = randomUUID().slice(0, 8);
const pgbenchDb = `krone_pgbench_${suffix}`;
const walletDb = `krone_wallet_${suffix}`;
const log = (line = '') => console.log(line);
const server = postgresServer(serverUrl);
const { admin, dbUrl, backendCpu } = server;

const platforms = [];
async function cleanup() {
  for (const platform of platforms) {
    if (platform.exitCode !== null) continue;
    platform.kill('SIGTERM');
    await new Promise((resolve) => platform.once('exit', resolve));
  }
  await server.dropDatabases([pgbenchDb, walletDb]);
}
process.on('SIGINT', () => void cleanup().finally(() => process.exit(130)));

// The answer's body is not read: the load generator's CPU counts in the figures.
async function transfer(body, target = port) {
  const { status, ms } = await call(
    target,
    'POST',
    '/Wallet/transfers',
    body,
    { 'x-api-key': apiKey, ...storefront },
    { discardBody: true },
  );
  return { ok: status >= 200 && status < 300, status, ms };
}

async function main() {
  log(`bench:wallet on ${server.host}, ${availableParallelism()} cores, ${clients} clients, ${seconds} s each`);
  log(pgbenchVersion());

  // 1. pgbench TPC-B on its own database of the same server.
  await admin(`create database ${pgbenchDb}`);
  pgbenchInit(dbUrl(pgbenchDb));
  const args = [...pgbenchRunArgs({ clients, seconds, cores: availableParallelism() }), dbUrl(pgbenchDb)];
  const pgbenchRun = await backendCpu(pgbenchDb, async (startWindow) => {
    await startWindow();
    return pgbenchTimed(args);
  });
  const { report: out, clientSeconds: pgbenchClientSeconds } = pgbenchRun.result;
  const { tps, latencyMs: pgLatency, transactions: pgbenchTransactions } = pgbenchFigures(out);
  const pgbenchCpuMs = ((pgbenchRun.seconds + pgbenchClientSeconds) * 1000) / pgbenchTransactions;
  log(`pgbench TPC-B: ${tps.toFixed(0)} transactions/s (latency average ${pgLatency} ms)`);
  log(
    `  CPU per transaction: ${pgbenchCpuMs.toFixed(3)} ms (PostgreSQL ${((pgbenchRun.seconds * 1000) / pgbenchTransactions).toFixed(3)}, pgbench ${((pgbenchClientSeconds * 1000) / pgbenchTransactions).toFixed(3)})`,
  );
  await admin(`drop database if exists ${pgbenchDb} with (force)`);

  // 2. The platform on a fresh database of the same server.
  await admin(`create database ${walletDb}`);
  for (const [index, listen] of ports.entries()) {
    // The first process migrates the new database; the others start once it answers.
    platforms.push(
      spawn(process.execPath, [...platformNodeArgs, '--import', 'tsx', 'apps/platform/src/server.ts'], {
        cwd: root,
        env: {
          ...process.env,
          DATABASE_URL: dbUrl(walletDb),
          DATABASE_POOL_SIZE: String(poolSize),
          PLATFORM_PORT: String(listen),
          // The transfers are the storefront's listener's; the providers' is not used here (any free port).
          PLATFORM_PUBLIC_PORT: '0',
          STOREFRONT_API_KEY: storefrontKey,
          LOG_LEVEL: 'warn',
          WALLET_API_KEY: apiKey,
          SEED_DEMO_CONTENT: 'false',
          KRONE_ENV: 'development',
        },
        stdio: ['ignore', 'inherit', 'inherit'],
      }),
    );
    await waitForHealth(listen, `platform process ${index + 1}`, 120);
  }
  log(`${processes} platform process${processes === 1 ? '' : 'es'} on ports ${ports.join(', ')}, ${poolSize} database connections each`);

  // Players with money: one deposit each, through the same API.
  const ids = Array.from({ length: players }, () => randomUUID());
  for (let i = 0; i < ids.length; i += 50) {
    await Promise.all(
      ids.slice(i, i + 50).map((playerId) =>
        transfer({
          idempotencyKey: `bench-deposit-${playerId}`,
          kind: 'deposit',
          entries: [
            { account: { system: 'payment_clearing' }, amountOre: -100_000_000 },
            { account: { playerId, kind: 'player_cash' }, amountOre: 100_000_000 },
          ],
        }),
      ),
    );
  }

  // 3. The load: each client sends bets and wins of random players, one after another.
  const latencies = [];
  let failed = 0;
  const until = performance.now() + seconds * 1000;
  const warmUntil = performance.now() + 2000;
  let platformCpuAtStart = 0;
  let generatorAtStart = process.cpuUsage();
  const walletRun = await backendCpu(walletDb, async (startWindow) => {
    const windowStarted = new Promise((resolve) => setTimeout(resolve, warmUntil - performance.now())).then(async () => {
      platformCpuAtStart = platforms.reduce((sum, child) => sum + cpuSeconds(child.pid), 0);
      generatorAtStart = process.cpuUsage();
      await startWindow();
    });
    await Promise.all(
      Array.from({ length: clients }, async (_, client) => {
        const target = ports[client % ports.length];
        while (performance.now() < until) {
          const playerId = ids[Math.floor(Math.random() * ids.length)];
          const win = Math.random() < 0.3;
          const amount = 100 + Math.floor(Math.random() * 900);
          const result = await transfer(
            {
              idempotencyKey: randomUUID(),
              // Bet- and win-shaped transfers (one player's cash and the house, one statement): the
              // ledger's hot path through its door. Real bets and wins move only through the games
              // contract, which the door refuses to stand in for (bench:games measures those rounds).
              kind: win ? 'bench_credit' : 'bench_debit',
              entries: [
                { account: { playerId, kind: 'player_cash' }, amountOre: win ? amount : -amount },
                { account: { system: 'house' }, amountOre: win ? -amount : amount },
              ],
            },
            target,
          );
          if (performance.now() < warmUntil) continue;
          if (result.ok) latencies.push(result.ms);
          else failed++;
        }
      }),
    );
    await windowStarted;
  });
  const platformCpu = platforms.reduce((sum, child) => sum + cpuSeconds(child.pid), 0) - platformCpuAtStart;
  const generator = process.cpuUsage(generatorAtStart);
  const generatorCpu = (generator.user + generator.system) / 1e6;
  const sent = latencies.length + failed;
  const perTransfer = (cpu) => ((cpu * 1000) / sent).toFixed(3);
  const walletCpuMs = ((walletRun.seconds + platformCpu + generatorCpu) * 1000) / sent;
  const measured = seconds - 2;
  latencies.sort((a, b) => a - b);
  const rate = latencies.length / measured;
  const p50 = percentile(latencies, 50);
  const p99 = percentile(latencies, 99);

  // The ledger after the load: it must still sum to zero.
  const client = new pg.Client({ connectionString: dbUrl(walletDb) });
  await client.connect();
  const { rows } = await client.query(
    `select coalesce(sum(amount_ore), 0)::text as total, count(distinct transfer_id)::text as transfers from wallet_entries`,
  );
  const negative = await client.query(`select count(*)::text as n from wallet_accounts where balance_ore < 0`);
  await client.end();

  log(
    `wallet transfers over HTTP: ${rate.toFixed(0)} transfers/s (${latencies.length} in ${measured} s after 2 s warm-up, ${failed} failed)`,
  );
  log(`transfer latency: p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms`);
  log(
    `  CPU per transfer: ${walletCpuMs.toFixed(3)} ms (PostgreSQL ${perTransfer(walletRun.seconds)}, platform ${perTransfer(platformCpu)}, load generator ${perTransfer(generatorCpu)})`,
  );
  log(`ledger afterwards: ${rows[0].transfers} transfers, sum of entries ${rows[0].total} øre, ${negative.rows[0].n} negative balances`);
  log();
  const ratio = (rate / tps) * 100;
  log('summary');
  log(`  pgbench TPC-B        ${tps.toFixed(0)} tps`);
  log(`  wallet transfers     ${rate.toFixed(0)} tps`);
  log(`  ratio                ${ratio.toFixed(1)} % (aim ≥ ${aims.ratioPercent} %)${ratio >= aims.ratioPercent ? '' : '  MISSES the aim'}`);
  const cpuRatio = (pgbenchCpuMs / walletCpuMs) * 100;
  log(
    `  CPU per transaction  pgbench ${pgbenchCpuMs.toFixed(3)} ms, wallet ${walletCpuMs.toFixed(3)} ms: the wallet needs ${cpuRatio.toFixed(1)} % of pgbench's rate's CPU-bound ceiling`,
  );
  log(
    `  transfer p50 / p99   ${p50.toFixed(2)} / ${p99.toFixed(2)} ms (aim p99 ≤ ${aims.p99Ms} ms)${p99 <= aims.p99Ms ? '' : '  MISSES the aim'}`,
  );
}

try {
  await main();
  agent.destroy();
  await cleanup();
} catch (error) {
  console.error(`bench:wallet could not measure: ${error instanceof Error ? error.message : error}`);
  await cleanup();
  process.exit(1);
}
