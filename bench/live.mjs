#!/usr/bin/env node
// npm run bench:live: the live casino's figures (issue 25). A platform process on a fresh database of
// the local PostgreSQL server, wired as scripts/dev-env.mjs wires it, and the live studio stand-in
// (Lysmester Live, apps/sims/src/live/studio.ts) in this process, at its normal pace.
//  1. Settling one live round for BENCH_LIVE_PLAYERS players (500): each launched at Krone Roulette
//     Live through the platform, each placing one bet in the same round through the studio's game
//     client API; then the time from the round's result to each seat's credit answered by the
//     platform (the studio's wallet calls timed where the studio makes them), and the ledger's
//     invariants after.
//  2. The lobby to BENCH_LIVE_SUBSCRIBERS subscribers (1000) of the platform's lobby stream: for each
//     round change (betting closed, result, next round open) the time from the studio's own time of
//     the change to each subscriber's first event showing it.
// Prints figures and verdicts; never fails on a figure; exits non-zero only when a measurement could
// not be made. Run with tsx (it runs the studio and makes the players with the apps' own code).
import { spawn } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { settleRoulette } from '@krone/games-math';
import { LIVE_TABLES, startLiveStudio } from '../apps/sims/src/live/studio.js';
import { commitmentOf } from '../apps/sims/src/live/rounds.js';
import { runtimeProblem } from '../scripts/runtime.mjs';
import { devEnv } from '../scripts/dev-env.mjs';
import { makeBenchPlayers } from './lib/bench-players.mjs';
import { agent, call, waitForHealth } from './lib/http.mjs';
import { checkLiveRound } from './lib/live-ledger.mjs';
import { timeWalletCalls } from './lib/live-wallet-calls.mjs';
import { percentile } from './lib/measure.mjs';
import { postgresServer } from './lib/postgres.mjs';

if (runtimeProblem()) {
  console.error(runtimeProblem());
  process.exit(1);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const playerCount = Number(process.env.BENCH_LIVE_PLAYERS ?? 500);
const subscriberCount = Number(process.env.BENCH_LIVE_SUBSCRIBERS ?? 1000);
/** How long the lobby's subscribers watch the floor (every table's changes in that time are measured). */
const lobbySeconds = Number(process.env.BENCH_LIVE_LOBBY_SECONDS ?? 45);
/** The floor's pace, as the sims' LYSMESTER_PACE: each round phase's length times this (1: 15 s of betting). */
const pace = Number(process.env.BENCH_LIVE_PACE ?? 1);
/** How many players launch or bet at once. */
const concurrency = Number(process.env.BENCH_LIVE_CONCURRENCY ?? 50);
const platformPort = Number(process.env.BENCH_PLATFORM_PORT ?? 4860);
const platformPublicPort = Number(process.env.BENCH_PLATFORM_PUBLIC_PORT ?? platformPort + 1);
const livePort = Number(process.env.BENCH_LIVE_PORT ?? 4870);
/** The platform's database connections (BENCH_POOL_SIZE; two per core by default, as the other benches). */
const poolSize = process.env.BENCH_POOL_SIZE ?? String(Math.max(2, 2 * availableParallelism()));
const tableId = 'krone-roulette-live';
const startBalanceOre = 1_000_000_000; // bench-players' deposit
const providerId = 'lysmester-live';
const host = '127.0.0.1';
// The wiring of `npm start` on the bench's own ports; the storefront and the other stand-ins are not started.
const wiring = devEnv('demo', {
  host,
  simsPort: 4880,
  platformPort,
  platformPublicPort,
  webPort: 4890,
  studioPort: 4881,
  livePort,
});
const storefront = { 'krone-storefront-key': wiring.platform.STOREFRONT_API_KEY };
const operatorHeaders = {
  'x-lysmester-operator': wiring.sims.LYSMESTER_OPERATOR_ID,
  'x-lysmester-key': wiring.sims.LYSMESTER_OPERATOR_KEY,
};
const walletUrl = wiring.sims.LYSMESTER_WALLET_URL;
const platformDb = `krone_live_platform_${randomUUID().slice(0, 8)}`;
const server = postgresServer(serverUrl);
const { admin, dbUrl } = server;
const log = (line = '') => console.log(line);
const epochNow = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const ms = (value) => (value === undefined || Number.isNaN(value) ? 'n/a' : `${value.toFixed(0)} ms`);
const sorted = (values) => [...values].sort((a, b) => a - b);
const p = (values, q) => percentile(sorted(values), q);

const busy = () => {
  const load = loadavg()[0];
  return `load ${load.toFixed(1)} on ${availableParallelism()} cores${load > availableParallelism() ? ' BUSY' : ''}`;
};

// The studio's wallet calls to the platform, timed where the studio makes them.
const walletCalls = timeWalletCalls(walletUrl);

let studio = null;
const children = [];
const workers = [];
async function cleanup() {
  for (const worker of workers) await worker.terminate().catch(() => undefined);
  for (const child of children) {
    if (child.exitCode !== null) continue;
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  await studio?.close().catch(() => undefined);
  await server.dropDatabases([platformDb]);
}
process.on('SIGINT', () => void cleanup().finally(() => process.exit(130)));

function startProcess(script, env) {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, ...env, KRONE_ENV: 'development', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(child);
  return child;
}

/** Runs `work` over `items`, at most `limit` at once; the answers in the items' order. */
async function bounded(items, limit, work) {
  const answers = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        answers[index] = await work(items[index], index);
      }
    }),
  );
  return answers;
}

const countBy = (values) => {
  const counts = new Map();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts.size ? [...counts].map(([key, n]) => `${key} ${n}`).join(', ') : 'none';
};

/** A player's one bet: red, black or a straight up, 1–20 kr. (whole kroner, the table's step). */
function betOf(index) {
  const stakeOre = randomInt(1, 21) * 100;
  if (index % 3 === 0) return { kind: 'red-black', selector: 'red', stakeOre };
  if (index % 3 === 1) return { kind: 'red-black', selector: 'black', stakeOre };
  return { kind: 'straight', numbers: [randomInt(0, 37)], stakeOre };
}

const stateOf = (launchToken) => call(livePort, 'GET', `/client/api/state?launch=${encodeURIComponent(launchToken)}`);

async function start() {
  await admin(`create database ${platformDb}`);
  const tables = LIVE_TABLES.map((table) => ({
    ...table,
    bettingMs: Math.round(table.bettingMs * pace),
    playMs: Math.round(table.playMs * pace),
    resultMs: Math.round(table.resultMs * pace),
  }));
  // The studio first: the platform's catalogue sync reads its lobby at start-up.
  studio = await startLiveStudio({
    host,
    port: livePort,
    publicUrl: `http://${host}:${livePort}`,
    tables,
    operators: [
      {
        operatorId: wiring.sims.LYSMESTER_OPERATOR_ID,
        apiKey: wiring.sims.LYSMESTER_OPERATOR_KEY,
        walletUrl,
        walletSecret: wiring.sims.LYSMESTER_WALLET_SECRET,
        embedOrigins: [wiring.sims.LYSMESTER_EMBED_ORIGINS],
      },
    ],
  });
  startProcess('apps/platform/src/server.ts', {
    ...wiring.platform,
    DATABASE_URL: dbUrl(platformDb),
    DATABASE_POOL_SIZE: poolSize,
    SEED_DEMO_CONTENT: 'false',
  });
  await waitForHealth(platformPort, 'platform');
  await waitForHealth(platformPublicPort, 'platform (public listener)');
  // The live tables reach the catalogue by the platform's sync of the studio's lobby.
  for (let i = 0; ; i++) {
    const lobby = await call(platformPort, 'GET', '/Games/live/lobby', undefined, storefront);
    if (lobby.json?.data?.tables?.some((table) => table.tableId === tableId && table.open)) break;
    if (i >= 120) throw new Error(`the platform's live lobby never listed ${tableId} (last answer ${lobby.status})`);
    await sleep(500);
  }
  log(
    `platform :${platformPort} (public :${platformPublicPort}) on its own database, ${poolSize} connections; live studio :${livePort} in this process, pace ${pace}`,
  );
}

/** Part 1: one round of Krone Roulette Live with every player's bet, its settlement and the ledger after. */
async function settlement() {
  log();
  log(`settlement of one round for ${playerCount} players (${busy()})`);
  const setupStarted = performance.now();
  const people = await makeBenchPlayers(dbUrl(platformDb), playerCount);
  log(`  ${people.length} players with money made in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`);

  const launched = await bounded(people, concurrency, async (person) => {
    const answer = await call(platformPort, 'POST', `/Games/live/launch/${person.token}`, { gameId: tableId }, storefront);
    if (answer.status !== 200) return { person, refused: answer.json?.code ?? `HTTP ${answer.status}`, ms: answer.ms };
    const launchToken = new URL(answer.json.data.gameUrl).searchParams.get('launch');
    return { person, launchToken, gameSessionId: answer.json.data.gameSessionId, ms: answer.ms };
  });
  const seats = launched.filter((seat) => seat.launchToken);
  const launchMs = launched.map((seat) => seat.ms);
  log(
    `  launched ${seats.length}/${people.length} through POST /Games/live/launch (refused: ${countBy(launched.filter((s) => s.refused).map((s) => s.refused))}); launch p50 ${ms(p(launchMs, 50))}, p99 ${ms(p(launchMs, 99))}`,
  );
  if (seats.length === 0) throw new Error('no player could be launched at the live table');

  // A round open for bets with time enough left for everyone's bet.
  const bettingMs = Math.round(LIVE_TABLES.find((table) => table.tableId === tableId).bettingMs * pace);
  const enoughMs = Math.min(10_000, Math.round((bettingMs * 2) / 3));
  let round;
  for (const deadline = Date.now() + 120_000; ;) {
    const state = await stateOf(seats[0].launchToken);
    if (state.status !== 200) throw new Error(`the studio's state: ${state.status}`);
    round = state.json.round;
    if (round.state === 'betting' && Date.parse(round.bettingClosesAt) - Date.now() >= enoughMs) break;
    if (Date.now() > deadline) throw new Error('no round of the table opened for bets');
    await sleep(100);
  }
  const closesAt = Date.parse(round.bettingClosesAt);
  const resultAt = Date.parse(round.resultAt);
  log(`  round ${round.roundId}: betting closes in ${ms(closesAt - Date.now())}, result at +${ms(resultAt - closesAt)} after`);

  const betsStarted = epochNow();
  await bounded(seats, concurrency, async (seat, index) => {
    seat.bet = betOf(index);
    const answer = await call(livePort, 'POST', '/client/api/bets', {
      launch: seat.launchToken,
      roundId: round.roundId,
      bets: [seat.bet],
    });
    seat.betMs = answer.ms;
    seat.betAnsweredAt = epochNow();
    if (answer.status === 200 && answer.json?.status === 'OK') seat.debitId = answer.json.transactionId;
    else seat.betRefused = answer.json?.code ?? answer.json?.status ?? `HTTP ${answer.status}`;
  });
  const taken = seats.filter((seat) => seat.debitId);
  const lastBetAt = Math.max(...seats.map((seat) => seat.betAnsweredAt));
  const betMs = seats.map((seat) => seat.betMs);
  log(
    `  bets: ${taken.length}/${seats.length} taken in ${ms(lastBetAt - betsStarted)} (${concurrency} at a time; refused: ${countBy(seats.filter((s) => s.betRefused).map((s) => s.betRefused))}); a bet (the studio's debit at the platform included) p50 ${ms(p(betMs, 50))}, p99 ${ms(p(betMs, 99))}; the last answered ${ms(closesAt - lastBetAt)} before betting closed`,
  );
  if (taken.length === 0) throw new Error('no bet was taken');
  const stakedOre = taken.reduce((sum, seat) => sum + seat.bet.stakeOre, 0);

  // The result as the studio reveals it to the players, checked against the commitment it published while betting was open.
  await sleep(resultAt - Date.now());
  let shown;
  for (const deadline = Date.now() + 10_000; ;) {
    const state = await stateOf(seats[0].launchToken);
    if (state.json?.round?.roundId === round.roundId && state.json.round.state === 'result') {
      shown = state.json.round;
      break;
    }
    if (Date.now() > deadline) throw new Error('the studio never showed the round’s result');
    await sleep(20);
  }
  const pocket = shown.result.pocket;
  const committed = commitmentOf(round.roundId, shown.result, shown.nonce) === round.commitment;
  for (const seat of taken) seat.returnOre = settleRoulette('european', [seat.bet], pocket).totalReturnOre;
  const returnedOre = taken.reduce((sum, seat) => sum + seat.returnOre, 0);
  log(
    `  result: pocket ${pocket} (the commitment published at betting ${committed ? 'matches' : 'DOES NOT MATCH'}); staked ${stakedOre} øre, due back ${returnedOre} øre to ${taken.filter((s) => s.returnOre > 0).length} winners`,
  );

  // Every seat's credit answered by the platform (a lost bet's too: a credit of 0 ends the round).
  const bySeat = new Map(taken.map((seat) => [seat.debitId, seat]));
  const credited = () => walletCalls.filter((c) => c.kind === 'credit' && c.roundId === round.roundId);
  const settleDeadline = resultAt + Number(process.env.BENCH_LIVE_SETTLE_TIMEOUT_MS ?? 120_000);
  for (;;) {
    for (const c of credited()) {
      const seat = bySeat.get(c.debitTransactionIds[0]);
      if (seat && c.status === 'OK' && seat.creditedAt === undefined) seat.creditedAt = c.answeredAt;
    }
    if (taken.every((seat) => seat.creditedAt !== undefined) || Date.now() > settleDeadline) break;
    await sleep(10);
  }
  const calls = credited();
  const creditedSeats = taken.filter((seat) => seat.creditedAt !== undefined);
  const latencies = creditedSeats.map((seat) => seat.creditedAt - resultAt);
  const firstSent = Math.min(...calls.map((c) => c.sentAt));
  const callMs = calls.filter((c) => c.answeredAt).map((c) => c.answeredAt - c.sentAt);
  const toLast = Math.max(...latencies);
  // The seats whose first credit was answered OK (no retry): what the platform did in the studio's first pass.
  const firstTry = taken.filter((seat) => calls.find((c) => c.debitTransactionIds[0] === seat.debitId)?.status === 'OK');
  log(
    `  credits answered OK for ${creditedSeats.length}/${taken.length} seats; credit calls ${calls.length} (${calls.length - new Set(calls.map((c) => c.transactionId)).size} retries; answers ${countBy(calls.map((c) => c.status ?? c.error ?? `HTTP ${c.http}`))}${calls.some((c) => c.http >= 500) ? `; HTTP ${countBy(calls.filter((c) => c.http >= 500).map((c) => c.http))}, which the studio sends again after 1 s, then 5 s, 30 s, 2 min` : ''})`,
  );
  log(
    `  from the result (the studio's resultAt): first credit sent +${ms(firstSent - resultAt)} (the studio's 250 ms settling tick), seat credited p50 +${ms(p(latencies, 50))}, p99 +${ms(p(latencies, 99))}, the last +${ms(toLast)} (${firstTry.length} seats at the first try, the last of them +${ms(Math.max(...firstTry.map((seat) => seat.creditedAt - resultAt)))}); one credit call p50 ${ms(p(callMs, 50))}, p99 ${ms(p(callMs, 99))}`,
  );

  // The ledger afterwards.
  const ledger = await checkLiveRound(dbUrl(platformDb), { providerId, roundId: round.roundId, people, seats: taken, startBalanceOre });
  log('  ledger after the round:');
  for (const line of ledger.lines) log(`    ${line}`);
  log(`    the platform ended the last seat's round (game_rounds.ended_at) +${ms(ledger.lastEndedMs - resultAt)} after the result`);
  return {
    taken: taken.length,
    credited: creditedSeats.length,
    toLast,
    p50: p(latencies, 50),
    p99: p(latencies, 99),
    retries: calls.length - new Set(calls.map((c) => c.transactionId)).size,
    invariants: ledger.ok,
  };
}

function startSubscribers(port, urlPath, headers, count) {
  const worker = new Worker(new URL('./lib/live-subscribers.mjs', import.meta.url), {
    workerData: { port, path: urlPath, headers, count, concurrency: 100 },
  });
  workers.push(worker);
  const connected = once(worker, 'message').then(([message]) => message);
  return {
    connected,
    async stop() {
      const answer = once(worker, 'message').then(([message]) => message);
      worker.postMessage({ type: 'stop' });
      const message = await answer;
      await worker.terminate();
      return message;
    },
  };
}

/** Part 2: the platform's lobby stream to many subscribers, timed against the studio's own times of each round change. */
async function lobbyFanOut() {
  log();
  log(`lobby to ${subscriberCount} subscribers of GET /Games/live/lobby/stream (${busy()})`);
  const started = performance.now();
  const fans = startSubscribers(platformPort, '/Games/live/lobby/stream', storefront, subscriberCount);
  // One subscriber of the studio's own stream beside them: when the change left the studio (what the platform receives).
  const direct = startSubscribers(livePort, '/api/v1/lobby/stream', operatorHeaders, 1);
  const connected = await fans.connected;
  await direct.connected;
  log(
    `  ${connected.open}/${subscriberCount} connected in ${ms(performance.now() - started)} (refused: ${countBy(Object.entries(connected.refusals).flatMap(([k, n]) => Array(n).fill(k)))}); watching the floor ${lobbySeconds} s`,
  );
  if (connected.open === 0) throw new Error('no subscriber could open the lobby stream');
  const watchFrom = connected.at + 500;
  await sleep(lobbySeconds * 1000);
  const watchUntil = epochNow() - 2_000;
  const { arrivals, endedEarly } = await fans.stop();
  const { arrivals: studioArrivals } = await direct.stop();

  // Each change: the studio's own time of it (the round's openedAt, bettingClosesAt or resultAt).
  const changes = [];
  for (const [key, times] of Object.entries(arrivals)) {
    const [table, roundId, state] = key.split('|');
    const kept = studio.tables.get(table)?.find(roundId, new Date());
    if (!kept) continue;
    const t0 = Date.parse(state === 'betting' ? kept.openedAt : state === 'closed' ? kept.bettingClosesAt : kept.resultAt);
    if (state === 'void' || t0 < watchFrom || t0 > watchUntil) continue;
    const delays = sorted(times.map((at) => at - t0));
    changes.push({ table, roundId, state, t0, delays, studioDelay: studioArrivals[key]?.[0] - t0 });
  }
  changes.sort((a, b) => a.t0 - b.t0);
  const label = { betting: 'opened', closed: 'betting closed', result: 'result' };
  for (const change of changes)
    log(
      `  ${new Date(change.t0).toISOString().slice(11, 23)} ${change.table} ${label[change.state]}: left the studio +${ms(change.studioDelay)}; subscribers first +${ms(change.delays[0])}, p50 +${ms(percentile(change.delays, 50))}, last +${ms(change.delays.at(-1))} (${change.delays.length}/${connected.open})`,
    );
  const all = changes.flatMap((change) => change.delays);
  const lasts = changes.map((change) => change.delays.at(-1));
  const results = changes.filter((change) => change.state === 'result');
  const resultLasts = results.map((change) => change.delays.at(-1));
  const missed = changes.reduce((sum, change) => sum + connected.open - change.delays.length, 0);
  const studioDelays = changes.map((change) => change.studioDelay).filter((d) => !Number.isNaN(d));
  const fanOut = changes.filter((c) => !Number.isNaN(c.studioDelay)).map((change) => change.delays.at(-1) - change.studioDelay);
  log(
    `  over ${changes.length} changes (${results.length} results): arrival − t0 p50 ${ms(p(all, 50))}, p99 ${ms(p(all, 99))}; the last subscriber − t0 p50 ${ms(p(lasts, 50))}, p99 ${ms(p(lasts, 99))}, at most ${ms(Math.max(...lasts))}; ${missed} arrivals missing, ${endedEarly} streams ended early`,
  );
  log(
    `  of which: left the studio after t0 p50 ${ms(p(studioDelays, 50))}, at most ${ms(Math.max(...studioDelays))} (its floor's 250 ms tick); the studio's event to the last subscriber p50 ${ms(p(fanOut, 50))}, p99 ${ms(p(fanOut, 99))}`,
  );
  if (changes.length < 5) log(`  only ${changes.length} changes measured (aim ≥ 5): raise BENCH_LIVE_LOBBY_SECONDS`);
  return {
    subscribers: connected.open,
    changes: changes.length,
    results: results.length,
    allP50: p(all, 50),
    allP99: p(all, 99),
    lastP50: p(lasts, 50),
    lastP99: p(lasts, 99),
    resultLastP50: p(resultLasts, 50),
    resultLastP99: p(resultLasts, 99),
    missed,
  };
}

async function main() {
  log(`bench:live on ${server.host}, ${availableParallelism()} cores, ${busy()}`);
  const began = performance.now();
  await start();
  const settled = await settlement();
  const lobby = await lobbyFanOut();
  log();
  log(`summary (${((performance.now() - began) / 1000).toFixed(0)} s, ${busy()})`);
  log(
    `  one round for ${settled.taken} players   result → the last credit ${ms(settled.toLast)} (seat p50 ${ms(settled.p50)}, p99 ${ms(settled.p99)}; ${settled.credited}/${settled.taken} credited, ${settled.retries} retries); ledger invariants ${settled.invariants ? 'hold' : 'BROKEN'}`,
  );
  log(
    `  lobby to ${lobby.subscribers} subscribers   result → the last subscriber p50 ${ms(lobby.resultLastP50)}, p99 ${ms(lobby.resultLastP99)} (${lobby.results} results); every change: last p50 ${ms(lobby.lastP50)}, p99 ${ms(lobby.lastP99)}, any arrival p50 ${ms(lobby.allP50)}, p99 ${ms(lobby.allP99)} (${lobby.changes} changes${lobby.missed ? `, ${lobby.missed} arrivals missing` : ''})`,
  );
  log(
    `  bounded by: the studio's floor tick (250 ms: a change leaves the studio 0–250 ms after its time); the platform follows the studio's lobby stream (one upstream per process, GET /api/v1/lobby polled every 2 s only while the stream is down)`,
  );
}

try {
  await main();
  agent.destroy();
  await cleanup();
} catch (error) {
  console.error(`bench:live could not measure: ${error instanceof Error ? error.message : error}`);
  agent.destroy();
  await cleanup();
  process.exit(1);
}
