#!/usr/bin/env node
// npm run bench:flood (issue 22 §2): junk at the platform's public listener while the studio plays
// money rounds. A platform and a studio process, each on its own fresh database of one PostgreSQL
// server (as bench:games:money), BENCH_CLIENTS players playing one real session round after round
// (pace 0). First BENCH_SECONDS of rounds alone, then BENCH_SECONDS of rounds while a second
// process (one client: BENCH_FLOOD_CONNECTIONS keep-alive connections, each sending the next
// request as soon as the last is answered) sends games-contract calls with a forged signature to
// the public listener, as fast as it can. Prints, for each phase, the rounds' rate, p50 and p99,
// the junk's rate and its answers, and how many rows the audit log's security chain grew by (while
// the platform ran, and once it stopped and wrote what it still held). Never fails on a figure;
// exits non-zero only when a measurement could not be made. Run with tsx (it makes the players as
// the platform's tests do).
import { fork, spawn } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { runtimeProblem } from '../scripts/runtime.mjs';
import { makeBenchPlayers } from './lib/bench-players.mjs';
import { agent, call, waitForHealth } from './lib/http.mjs';
import { percentile } from './lib/measure.mjs';
import { postgresServer, withClient } from './lib/postgres.mjs';

const floodPort = Number(process.env.FLOOD_TARGET_PORT ?? 0);
if (floodPort) await floodWorker();
else await bench();

/**
 * The flood, in a process of its own so that it never slows the bench's round clients: forged
 * betAndWin calls, one after another on each connection, until told to stop; reports its counts.
 */
async function floodWorker() {
  const connections = Number(process.env.BENCH_FLOOD_CONNECTIONS ?? 32);
  const floodAgent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const statuses = new Map();
  let sent = 0;
  let running = true;
  process.on('message', (message) => {
    if (message === 'stop') running = false;
  });
  const send = () =>
    new Promise((resolve) => {
      const body = JSON.stringify({
        sessionId: randomUUID(),
        roundId: randomUUID(),
        transactionId: randomUUID(),
        amountOre: 100,
        winTransactionId: randomUUID(),
        winAmountOre: 1_000_000,
        endRound: true,
      });
      const timestamp = Math.floor(Date.now() / 1000);
      const request = http.request(
        {
          host: '127.0.0.1',
          // The attacker is not the studio: another loopback address (BENCH_FLOOD_FROM), so the
          // per-address limit tells them apart as it would two machines.
          localAddress: process.env.BENCH_FLOOD_FROM ?? '127.0.0.2',
          port: floodPort,
          method: 'POST',
          path: '/Games/providers/krone-studio/betAndWin',
          agent: floodAgent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'krone-timestamp': String(timestamp),
            'krone-signature': createHmac('sha256', 'not-the-studio-secret').update(`${timestamp}.${body}`).digest('hex'),
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode));
        },
      );
      request.on('error', () => resolve(0));
      request.end(body);
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (running) {
        const status = await send();
        sent++;
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  floodAgent.destroy();
  process.send({ sent, seconds: (performance.now() - started) / 1000, statuses: Object.fromEntries(statuses) });
}

async function bench() {
  if (runtimeProblem()) {
    console.error(runtimeProblem());
    process.exit(1);
  }
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const seconds = Number(process.env.BENCH_SECONDS ?? 20);
  const clients = Number(process.env.BENCH_CLIENTS ?? 8);
  const platformPort = Number(process.env.BENCH_PLATFORM_PORT ?? 4480);
  const platformPublicPort = platformPort + 1;
  const studioPort = Number(process.env.BENCH_STUDIO_PORT ?? 4490);
  const gameId = process.env.BENCH_GAME ?? 'vikingernes-guld';
  const poolSize = process.env.BENCH_POOL_SIZE ?? String(Math.max(2, 2 * availableParallelism()));
  const storefrontKey = 'krone-bench-flood-storefront-key-0123456789';
  const storefront = { 'krone-storefront-key': storefrontKey };
  const studioKey = 'krone-bench-flood-studio-key-0123456789';
  const studioSecret = 'krone-bench-flood-studio-secret-0123456789';
  const suffix = randomUUID().slice(0, 8);
  const platformDb = `krone_flood_platform_${suffix}`;
  const studioDb = `krone_flood_studio_${suffix}`;
  const log = (line = '') => console.log(line);
  const server = postgresServer(serverUrl);
  const busy = () => {
    const load = loadavg()[0];
    return `load ${load.toFixed(1)} on ${availableParallelism()} cores${load > availableParallelism() ? ' BUSY' : ''}`;
  };

  const children = [];
  const stopChild = async (child) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  };
  const cleanup = async () => {
    for (const child of children) await stopChild(child);
    await server.dropDatabases([platformDb, studioDb]);
  };
  process.on('SIGINT', () => void cleanup().finally(() => process.exit(130)));

  const startProcess = (script, env) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: root,
      env: { ...process.env, ...env, KRONE_ENV: 'development', LOG_LEVEL: 'error' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    children.push(child);
    return child;
  };

  /** The security chain's rows so far. */
  const securityRows = () =>
    withClient(server.dbUrl(platformDb), async (client) => {
      const { rows } = await client.query(`select count(*)::int as n from audit_log where chain = 'security'`);
      return rows[0].n;
    });

  /** Every seat plays rounds for `phaseSeconds`; the rounds' rate, p50 and p99 after a 2 s warm-up, and what was refused. */
  async function playRounds(seats, stakeOre, phaseSeconds) {
    const latencies = [];
    const failures = new Map();
    const warmUntil = performance.now() + 2000;
    const until = performance.now() + phaseSeconds * 1000;
    await Promise.all(
      seats.map(async (seat) => {
        const headers = { 'krone-studio-key': studioKey, authorization: `Bearer ${seat.token}` };
        while (performance.now() < until) {
          const answer = await call(studioPort, 'POST', `/sessions/${seat.sessionId}/rounds`, { stakeOre }, headers);
          if (answer.status === 200) {
            if (performance.now() >= warmUntil) latencies.push(answer.ms);
          } else {
            const code = answer.json?.code ?? String(answer.status);
            failures.set(code, (failures.get(code) ?? 0) + 1);
            // A refused round (pending, platform unavailable) is tried again after a breath, as a player would.
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    return {
      rate: latencies.length / (phaseSeconds - 2),
      p50: percentile(latencies, 50) ?? NaN,
      p99: percentile(latencies, 99) ?? NaN,
      failures: failures.size ? [...failures].map(([code, n]) => `${code} ${n}`).join(', ') : 'none',
    };
  }

  try {
    await run();
    agent.destroy();
    await cleanup();
  } catch (error) {
    console.error(`bench:flood could not measure: ${error instanceof Error ? `${error.message} ${error.cause ?? ''}` : error}`);
    agent.destroy();
    await cleanup();
    process.exit(1);
  }

  async function run() {
    log(`bench:flood on ${server.host}, ${availableParallelism()} cores, ${clients} sessions, ${seconds} s per phase, ${busy()}`);
    await server.admin(`create database ${platformDb}`);
    await server.admin(`create database ${studioDb}`);
    const platform = startProcess('apps/platform/src/server.ts', {
      DATABASE_URL: server.dbUrl(platformDb),
      DATABASE_POOL_SIZE: poolSize,
      PLATFORM_PORT: String(platformPort),
      PLATFORM_PUBLIC_PORT: String(platformPublicPort),
      // The staff door on a port of the system's choosing: a bench never uses it, and two processes must not share one.
      PLATFORM_STAFF_PORT: '0',
      STOREFRONT_API_KEY: storefrontKey,
      GAME_PROVIDER_KRONE_STUDIO_SECRET: studioSecret,
      SEED_DEMO_CONTENT: 'false',
      AUDIT_SEAL_INTERVAL_SECONDS: '0',
    });
    await waitForHealth(platformPort, 'platform');
    await waitForHealth(platformPublicPort, 'platform (public listener)');
    startProcess('apps/studio/src/server.ts', {
      STUDIO_DATABASE_URL: server.dbUrl(studioDb),
      STUDIO_DATABASE_POOL_SIZE: poolSize,
      STUDIO_PORT: String(studioPort),
      PLATFORM_URL: `http://127.0.0.1:${platformPublicPort}`,
      STUDIO_PROVIDER_SECRET: studioSecret,
      STUDIO_API_KEY: studioKey,
      STUDIO_ROUND_PACE_MS: '0',
      STUDIO_WARNING_MINUTES: '1440',
    });
    await waitForHealth(studioPort, 'studio');
    log(`platform :${platformPort} (public :${platformPublicPort}) and studio :${studioPort}, ${poolSize} connections each`);

    const seats = [];
    for (const person of await makeBenchPlayers(server.dbUrl(platformDb), clients)) {
      const launch = await call(
        platformPort,
        'POST',
        `/Games/launch/${person.token}`,
        { providerId: 'krone-studio', gameId, mode: 'real' },
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
      seats.push(started.json.data);
    }
    const stakeOre = seats[0].stake.defaultOre;

    const line = (name, figures) =>
      log(
        `${name}: ${figures.rate.toFixed(0)} rounds/s, p50 ${figures.p50.toFixed(2)} ms, p99 ${figures.p99.toFixed(2)} ms (refused or failed: ${figures.failures})`,
      );
    log(`rounds alone: ${busy()}`);
    const alone = await playRounds(seats, stakeOre, seconds);
    line('  rounds alone', alone);

    log(`rounds under the flood: ${busy()}`);
    const securityBefore = await securityRows();
    const flood = fork(fileURLToPath(import.meta.url), [], {
      env: { ...process.env, FLOOD_TARGET_PORT: String(platformPublicPort) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.push(flood);
    const floodReport = new Promise((resolve) => flood.once('message', resolve));
    const flooded = await playRounds(seats, stakeOre, seconds);
    flood.send('stop');
    const junk = await floodReport;
    const securityDuring = (await securityRows()) - securityBefore;
    line('  rounds under the flood', flooded);
    const answers = Object.entries(junk.statuses)
      .map(([status, n]) => `${status} ${n}`)
      .join(', ');
    log(
      `  junk: ${junk.sent} forged calls in ${junk.seconds.toFixed(1)} s, ${(junk.sent / junk.seconds).toFixed(0)}/s (answers: ${answers})`,
    );
    // The platform writes what it still holds when it stops (SIGTERM closes it as in production).
    await stopChild(platform);
    const securityAfter = (await securityRows()) - securityBefore;
    log(`  security chain: +${securityDuring} rows while the platform ran, +${securityAfter} once it stopped`);
    log();
    log('summary');
    log(`  rounds alone            ${alone.rate.toFixed(0)} rounds/s, p99 ${alone.p99.toFixed(2)} ms`);
    log(`  rounds under the flood  ${flooded.rate.toFixed(0)} rounds/s, p99 ${flooded.p99.toFixed(2)} ms`);
    log(`  junk                    ${(junk.sent / junk.seconds).toFixed(0)} calls/s (${answers})`);
    log(`  security chain growth   ${securityAfter} rows for ${junk.sent} forged calls`);
  }
}
