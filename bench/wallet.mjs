#!/usr/bin/env node
// npm run bench:wallet: on one PostgreSQL server, pgbench's TPC-B (8 clients, 30 s), then a load
// of ledger transfers through the platform's own wallet code, called in this process (8 callers,
// 30 s); prints both rates, their ratio and the transfer latency p50/p99. It never fails on a
// figure; it exits non-zero only when a measurement could not be made. See bench/README.md.
// The ledger has no HTTP door that moves money (issue 22): a transfer is measured as the platform's
// contexts make it, by calling WalletService.transfer, never over HTTP.
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import pg from 'pg';
import { runtimeProblem } from '../scripts/runtime.mjs';
import { openDatabase } from '../apps/platform/src/db/client.ts';
import { createWalletService } from '../apps/platform/src/wallet/service.ts';
import { percentile } from './lib/measure.mjs';
import { pgbenchFigures, pgbenchInit, pgbenchRunArgs, pgbenchTimed, pgbenchVersion, postgresServer } from './lib/postgres.mjs';

// Figures belong to the runtime that made them: measure on the pinned Node.js only (npm run puts it on PATH).
if (runtimeProblem()) {
  console.error(runtimeProblem());
  process.exit(1);
}

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const clients = Number(process.env.BENCH_CLIENTS ?? 8);
const players = Number(process.env.BENCH_PLAYERS ?? 1000);
/**
 * Connections to PostgreSQL (the platform's DATABASE_POOL_SIZE), sized to the database server as
 * an operator would: two per core of the server (here the same machine). More busy backends than
 * that only queue on the server's WAL lock and its CPU (measured on 2 cores: a pool of 4 instead
 * of 10 spent 7–16 % less CPU per transfer in back-to-back runs). The callers wait in the pool instead.
 */
const poolSize = Number(process.env.BENCH_POOL_SIZE ?? Math.max(2, 2 * availableParallelism()));
const aims = { ratioPercent: 50, p99Ms: 20 };
const suffix = randomUUID().slice(0, 8);
const pgbenchDb = `krone_pgbench_${suffix}`;
const walletDb = `krone_wallet_${suffix}`;
const log = (line = '') => console.log(line);
const server = postgresServer(serverUrl);
const { admin, dbUrl, backendCpu } = server;

let database = null;
async function cleanup() {
  await database?.close();
  database = null;
  await server.dropDatabases([pgbenchDb, walletDb]);
}
process.on('SIGINT', () => void cleanup().finally(() => process.exit(130)));

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

  // 2. The platform's ledger on a fresh database of the same server, in this process.
  await admin(`create database ${walletDb}`);
  database = await openDatabase({ url: dbUrl(walletDb), dataDir: '', poolSize });
  await database.migrate();
  const wallet = createWalletService(database.db, () => new Date());
  const house = await wallet.systemAccount('house');
  const clearing = await wallet.systemAccount('payment_clearing');
  log(`the platform's wallet in this process, ${poolSize} database connections`);

  // Players with money: one deposit each, as a confirmed card deposit lands.
  const ids = Array.from({ length: players }, () => randomUUID());
  const cash = new Map();
  for (let i = 0; i < ids.length; i += 50) {
    await Promise.all(
      ids.slice(i, i + 50).map(async (playerId) => {
        const account = await wallet.playerAccount(playerId, 'player_cash');
        cash.set(playerId, account);
        await wallet.transfer({
          idempotencyKey: `bench-deposit-${playerId}`,
          kind: 'deposit',
          entries: [
            { accountId: clearing, amountOre: -100_000_000 },
            { accountId: account, amountOre: 100_000_000 },
          ],
        });
      }),
    );
  }

  // 3. The load: each caller makes bets and wins of random players, one after another.
  const latencies = [];
  let failed = 0;
  const until = performance.now() + seconds * 1000;
  const warmUntil = performance.now() + 2000;
  let processAtStart = process.cpuUsage();
  const walletRun = await backendCpu(walletDb, async (startWindow) => {
    const windowStarted = new Promise((resolve) => setTimeout(resolve, warmUntil - performance.now())).then(async () => {
      processAtStart = process.cpuUsage();
      await startWindow();
    });
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (performance.now() < until) {
          const playerId = ids[Math.floor(Math.random() * ids.length)];
          const win = Math.random() < 0.3;
          const amount = 100 + Math.floor(Math.random() * 900);
          const started = performance.now();
          // Bet- and win-shaped transfers (one player's cash and the house, one statement): the
          // ledger's hot path. Real bets and wins move through the games contract (bench:games:money).
          const ok = await wallet
            .transfer({
              idempotencyKey: randomUUID(),
              kind: win ? 'bench_credit' : 'bench_debit',
              entries: [
                { accountId: cash.get(playerId), amountOre: win ? amount : -amount },
                { accountId: house, amountOre: win ? -amount : amount },
              ],
            })
            .then(
              () => true,
              () => false,
            );
          if (performance.now() < warmUntil) continue;
          if (ok) latencies.push(performance.now() - started);
          else failed++;
        }
      }),
    );
    await windowStarted;
  });
  const used = process.cpuUsage(processAtStart);
  const platformCpu = (used.user + used.system) / 1e6;
  const sent = latencies.length + failed;
  const perTransfer = (cpu) => ((cpu * 1000) / sent).toFixed(3);
  const walletCpuMs = ((walletRun.seconds + platformCpu) * 1000) / sent;
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
    `wallet transfers in-process: ${rate.toFixed(0)} transfers/s (${latencies.length} in ${measured} s after 2 s warm-up, ${failed} failed)`,
  );
  log(`transfer latency: p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms`);
  log(
    `  CPU per transfer: ${walletCpuMs.toFixed(3)} ms (PostgreSQL ${perTransfer(walletRun.seconds)}, the platform's wallet code with its callers ${perTransfer(platformCpu)})`,
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
  await cleanup();
} catch (error) {
  console.error(`bench:wallet could not measure: ${error instanceof Error ? error.message : error}`);
  await cleanup();
  process.exit(1);
}
