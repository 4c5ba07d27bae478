#!/usr/bin/env node
// npm run bench:jackpots: the progressive jackpots' figures (issue 26). Two platform processes on
// one fresh database of the PostgreSQL server; the bench is the game provider (its calls signed
// as a provider signs them, bench/lib/jackpot-contract.mjs).
//  1. Contribution accuracy: BENCH_JACKPOT_ROUNDS rounds (10⁶) of feeding stakes through the games
//     contract, many players at once across both processes, random stake steps and wins, real
//     drops and forced ones; then Σ contributions + Σ seeds = Σ pool amounts + Σ hits to the øre,
//     Σ exact micro-øre = moved + carried, one hit per drop, the bench's record against the
//     database, and the platform's own invariants (checkInvariants). Exits 1 when one fails.
//  2. The ticker: BENCH_JACKPOT_SUBSCRIBERS (1000) subscribers of GET /Games/jackpots/stream split
//     over both processes, a pool changed through one of them, one change at a time: from each
//     change's commit to each subscriber's `event: pools` showing it, and forced hits to `event: hit`.
// Prints figures and verdicts; exits 2 when a measurement could not be made. Run with tsx.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { JACKPOT_POOLS } from '@krone/games-math';
import { loadTitles } from '@krone/games-math/titles';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { createJackpots } from '../apps/platform/src/games/jackpots/pools.js';
import { checkInvariants } from '../apps/platform/src/invariants/check.js';
import { createWalletService } from '../apps/platform/src/wallet/service.js';
import { runtimeProblem } from '../scripts/runtime.mjs';
import { makeBenchPlayers } from './lib/bench-players.mjs';
import { agent, call, waitForHealth } from './lib/http.mjs';
import { judgePools, playRounds, readPools } from './lib/jackpot-accuracy.mjs';
import { contractClient, seatPlayer } from './lib/jackpot-contract.mjs';
import { measureTicker } from './lib/jackpot-ticker.mjs';
import { cpuSeconds, percentile } from './lib/measure.mjs';
import { postgresServer, withClient } from './lib/postgres.mjs';

if (runtimeProblem()) {
  console.error(runtimeProblem());
  process.exit(2);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const rounds = Number(process.env.BENCH_JACKPOT_ROUNDS ?? 1_000_000);
const playerCount = Number(process.env.BENCH_JACKPOT_PLAYERS ?? 36);
const concurrency = Number(process.env.BENCH_JACKPOT_CONCURRENCY ?? 12);
/** A pool's drop forced just above its amount every this many rounds (0: never; only real drops). */
const forceEvery = Number(process.env.BENCH_JACKPOT_FORCE_EVERY ?? 2000);
/** One round in this many as bet, win and endRound (0: every round one betAndWin). */
const stepsEvery = Number(process.env.BENCH_JACKPOT_STEPS_EVERY ?? 10);
const subscriberCount = Number(process.env.BENCH_JACKPOT_SUBSCRIBERS ?? 1000);
const tickerChanges = Number(process.env.BENCH_JACKPOT_TICKER_CHANGES ?? 40);
const tickerHits = Number(process.env.BENCH_JACKPOT_HITS ?? 3);
const only = new Set((process.env.BENCH_JACKPOT_ONLY ?? 'accuracy,ticker').split(',').map((part) => part.trim()));
const ports = [Number(process.env.BENCH_PLATFORM_PORT ?? 5110), Number(process.env.BENCH_PLATFORM2_PORT ?? 5120)];
/** Each process's database connections (BENCH_POOL_SIZE; two per core by default, as the other benches). */
const poolSize = process.env.BENCH_POOL_SIZE ?? String(Math.max(2, 2 * availableParallelism()));
const providerId = 'krone-studio';
const studioSecret = 'krone-bench-jackpots-studio-secret-0123456789';
const storefrontKey = 'krone-bench-jackpots-storefront-key-0123456789';
const storefront = { 'krone-storefront-key': storefrontKey };
/** The ticker's pool and a title that feeds it alone (a fruit machine: Kronejackpotten). */
const tickerPool = 'kronejackpotten';
const tickerGame = process.env.BENCH_JACKPOT_TICKER_GAME ?? 'frugt-klassiker';
/**
 * A database of the server to play on and check, kept afterwards (BENCH_JACKPOT_DATABASE): a run
 * cut short goes on where it stopped, its rounds counted with the new ones. By default a fresh
 * database, dropped afterwards.
 */
const givenDb = process.env.BENCH_JACKPOT_DATABASE ?? '';
if (givenDb && !/^[a-z0-9_]{1,63}$/.test(givenDb)) {
  console.error(`BENCH_JACKPOT_DATABASE=${givenDb}: a database name of lower-case letters, digits and _`);
  process.exit(2);
}
const platformDb = givenDb || `krone_jackpots_${randomUUID().slice(0, 8)}`;
const server = postgresServer(serverUrl);
const { admin, dbUrl } = server;
const log = (line = '') => console.log(line);
const ms = (value) => (value === undefined || Number.isNaN(value) ? 'n/a' : `${value.toFixed(1)} ms`);
const sorted = (values) => [...values].sort((a, b) => a - b);
const p = (values, q) => percentile(sorted(values), q);
const busy = () => {
  const load = loadavg()[0];
  return `load ${load.toFixed(1)} on ${availableParallelism()} cores${load > availableParallelism() ? ' BUSY' : ''}`;
};

const children = [];
let pool = null;
async function cleanup() {
  await pool?.end().catch(() => undefined);
  for (const child of children) {
    if (child.exitCode !== null) continue;
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  if (!givenDb) await server.dropDatabases([platformDb]);
}
// Stopped from outside (Ctrl-C, or a SIGTERM): the platform processes are stopped too, never left
// behind; a given database is kept (BENCH_JACKPOT_DATABASE goes on from there), a fresh one dropped.
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
])
  process.on(signal, () => {
    console.error(
      `bench:jackpots: ${signal} at ${new Date().toISOString()}, stopping (${givenDb ? `${givenDb} kept` : 'its database dropped'})`,
    );
    void cleanup().finally(() => process.exit(code));
  });

function startPlatform(port) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/platform/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      KRONE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DATABASE_URL: dbUrl(platformDb),
      DATABASE_POOL_SIZE: poolSize,
      PLATFORM_PORT: String(port),
      PLATFORM_PUBLIC_PORT: String(port + 1),
      // The staff door on a port of the system's choosing: a bench never uses it, and two processes must not share one.
      PLATFORM_STAFF_PORT: '0',
      STOREFRONT_API_KEY: storefrontKey,
      GAME_PROVIDER_KRONE_STUDIO_SECRET: studioSecret,
      SEED_DEMO_CONTENT: 'false',
      // A run of 10⁶ rounds outlasts the defaults of a login and a game session; the provider's wins
      // (94 % of the stakes back on average) stay far inside any day's exposure.
      SESSION_IDLE_MINUTES: '1440',
      GAME_SESSION_MINUTES: '1440',
      GAME_PROVIDER_DAILY_PAYOUT_LIMIT_ORE: '1000000000000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(child);
  return child;
}

/** Players with money and a login kept for a day (the run may last hours), seated at `titles` in turn. */
async function seatPlayers(count, titles, client) {
  const people = await makeBenchPlayers(dbUrl(platformDb), count);
  await withClient(dbUrl(platformDb), (db) =>
    db.query(`update player_sessions set expires_at = now() + interval '1 day', last_seen_at = now() where player_id = any($1::uuid[])`, [
      people.map((person) => person.id),
    ]),
  );
  const seats = [];
  for (const [i, person] of people.entries()) {
    const title = titles[i % titles.length];
    const seat = await seatPlayer({ internalPort: ports[0], storefront, client, providerId, person, gameId: title.id });
    seats.push({ ...seat, stepsOre: title.stake.stepsOre });
  }
  return seats;
}

/** The titles played: four of the Guld family (the three tiers), four fruit and seven machines (Kronejackpotten), one feeding none. */
function titlesPlayed(feeds) {
  const titles = loadTitles();
  const feedsOf = (id) => feeds.filter((feed) => feed.game_id === id).map((feed) => feed.pool_id);
  const guld = titles.filter((title) => feedsOf(title.id).includes('guld-mini') && !feedsOf(title.id).includes('kronejackpotten'));
  const krone = titles.filter((title) => feedsOf(title.id).join() === 'kronejackpotten');
  const plain = titles.filter((title) => feedsOf(title.id).length === 0);
  const pick = (list, n) => [...list].sort((a, b) => (a.id < b.id ? -1 : 1)).slice(0, n);
  const chosen = [...pick(guld, 4), ...pick(krone, 4), ...pick(plain, 1)];
  return chosen.map((title) => ({ ...title, pools: feedsOf(title.id) }));
}

async function accuracy(clients, db, processes) {
  log();
  log(`contribution accuracy: ${rounds} rounds (${busy()})`);
  const feeds = (await withClient(dbUrl(platformDb), (c) => c.query('select game_id, pool_id from jackpot_feeds'))).rows;
  const titles = titlesPlayed(feeds);
  log(`  titles: ${titles.map((title) => `${title.id} (${title.pools.join(', ') || 'no pool'})`).join('; ')}`);
  const seats = await seatPlayers(playerCount, titles, clients[0]);
  log(
    `  ${seats.length} players seated, ${concurrency} callers at once over ${clients.length} processes; one round in ${stepsEvery || '∞'} as bet, win, endRound; a drop forced every ${forceEvery || '∞'} rounds`,
  );
  const jackpots = createJackpots({ db, clock: () => new Date(), wallet: createWalletService(db, () => new Date()) });
  const poolAmount = (poolId) =>
    withClient(dbUrl(platformDb), async (c) => {
      const { rows } = await c.query('select amount_ore::text, cap_ore::text from jackpot_pools where id = $1', [poolId]);
      return { amountOre: Number(rows[0].amount_ore), capOre: Number(rows[0].cap_ore) };
    });
  // What the database held before (a run that goes on where another stopped): the bench's record is held against what this run added.
  const before = await withClient(dbUrl(platformDb), readPools);
  if (Number(before.rounds.n) > 0) log(`  the database holds ${before.rounds.n} rounds already: this run's are counted with them`);
  // A server without autovacuum (CI machines are set so) never analyses the growing tables nor
  // vacuums the pool rows every stake updates: the plans made on the empty tables stay, and a long
  // run slows to a fraction (seen: 225 rounds/s at 100 000 rounds, 43 at 400 000, 185 again after one
  // VACUUM ANALYZE). The bench then does what autovacuum would, every 3 minutes, and says so.
  const autovacuum = await withClient(dbUrl(platformDb), async (c) => (await c.query('show autovacuum')).rows[0].autovacuum);
  const housekeeping =
    autovacuum === 'on'
      ? null
      : setInterval(() => {
          withClient(dbUrl(platformDb), (c) => c.query('vacuum analyze')).catch((error) => log(`  vacuum analyze: ${error.message}`));
        }, 180_000);
  if (housekeeping) log('  the server runs without autovacuum: the bench runs VACUUM ANALYZE on its database every 3 minutes');
  const cpuAtStart = processes.map((child) => cpuSeconds(child.pid));
  const benchAtStart = process.cpuUsage();
  const record = await playRounds({
    clients,
    seats,
    rounds,
    concurrency,
    forceEvery,
    stepsEvery,
    forceDrop: jackpots.forceDrop,
    poolAmount,
    poolIds: JACKPOT_POOLS.map((def) => def.id),
    log,
  });
  clearInterval(housekeeping ?? undefined);
  const platformCpu = processes.reduce((sum, child, i) => sum + cpuSeconds(child.pid) - cpuAtStart[i], 0);
  const benchCpu = process.cpuUsage(benchAtStart);
  const rate = record.rounds / record.seconds;
  log(
    `  played ${record.rounds} rounds (${record.calls} contract calls) in ${record.seconds.toFixed(1)} s: ${rate.toFixed(0)} rounds/s; refused or failed: ${
      record.failures.size ? [...record.failures].map(([code, n]) => `${code} ${n}`).join(', ') : 'none'
    }`,
  );
  log(
    `  CPU per round: the platform processes ${((platformCpu * 1000) / record.rounds).toFixed(2)} ms, the bench ${((benchCpu.user + benchCpu.system) / 1000 / record.rounds).toFixed(2)} ms (PostgreSQL's not counted); 10⁶ rounds at this rate: ${(1_000_000 / rate / 60).toFixed(0)} min`,
  );
  log(
    `  staked ${record.stakedOre} øre, game wins ${record.wonOre} øre; drops forced ${record.forced.length}${record.forceRefused.size ? ` (refused: ${[...record.forceRefused].map(([k, n]) => `${k} ${n}`).join(', ')})` : ''}`,
  );

  return { ...(await judgeDatabase(db, record, before)), rate, record };
}

/**
 * The pools and the checks read back from the database (every round in it), the bench's record
 * (null: none, a check of a kept database alone) held against what was added since `before`.
 */
async function judgeDatabase(db, record, before) {
  const read = await withClient(dbUrl(platformDb), readPools);
  const { totals, checks } = judgePools(read, record, before);
  const forcedKeys = new Set((record?.forced ?? []).map((f) => `${f.poolId}|${f.sequence}`));
  const hitsByPool = await withClient(dbUrl(platformDb), async (c) => (await c.query('select pool_id, drop_seq from jackpot_hits')).rows);
  log('  pools afterwards:');
  for (const row of read.pools) {
    const hits = hitsByPool.filter((hit) => hit.pool_id === row.id);
    const forced = hits.filter((hit) => forcedKeys.has(`${hit.pool_id}|${hit.drop_seq}`)).length;
    log(
      `    ${row.id.padEnd(16)} contributions ${row.contributions.padStart(12)} øre (${row.contribution_rows} stakes), seeds ${row.seeds.padStart(11)} øre (${row.seed_rows}), amount ${row.amount_ore.padStart(10)} øre + ${row.carry_micro} µøre carried, hits ${row.hits.padStart(11)} øre: ${row.hit_rows}${record ? ` (${forced} at a forced drop, ${row.hit_rows - forced} at a drawn one${Number(before.rounds.n) > 0 ? ' or forced before this run' : ''})` : ''}`,
    );
  }
  log(
    `  Σ contributions ${totals.contributions} øre, Σ seeds ${totals.seeds} øre, Σ pool amounts ${totals.pools} øre, Σ hits ${totals.hits} øre (${totals.hitRows} hits)`,
  );
  for (const c of checks) log(`  ${c.ok ? 'holds ' : 'BROKEN'} ${c.name}: ${c.detail}`);
  const began = performance.now();
  const invariants = await checkInvariants(db);
  log(`  the platform's invariants (checkInvariants, ${((performance.now() - began) / 1000).toFixed(1)} s):`);
  for (const result of invariants)
    log(
      `    ${result.ok ? 'holds ' : 'BROKEN'} ${result.name}: ${result.detail}${result.examples.length ? ` (${result.examples.join('; ')})` : ''}`,
    );
  const ok = checks.every((c) => c.ok) && invariants.every((result) => result.ok);
  return { ok, totals, invariants, dbRounds: Number(read.rounds.n), openRounds: Number(read.rounds.open) };
}

async function ticker(clients, db) {
  log();
  log(`the ticker to ${subscriberCount} subscribers of GET /Games/jackpots/stream, over :${ports.join(' and :')} (${busy()})`);
  const [feeds] = [
    (await withClient(dbUrl(platformDb), (c) => c.query('select pool_id from jackpot_feeds where game_id = $1', [tickerGame]))).rows,
  ];
  if (feeds.map((feed) => feed.pool_id).join() !== tickerPool)
    throw new Error(`${tickerGame} must feed ${tickerPool} alone (it feeds ${feeds.map((f) => f.pool_id).join(', ') || 'none'})`);
  const title = loadTitles().find((entry) => entry.id === tickerGame);
  const [seat] = await seatPlayers(1, [title], clients[0]);
  const jackpots = createJackpots({ db, clock: () => new Date(), wallet: createWalletService(db, () => new Date()) });
  const measured = await measureTicker({
    databaseUrl: dbUrl(platformDb),
    ports,
    storefront,
    client: clients[0],
    seat,
    poolId: tickerPool,
    subscriberCount,
    phases: [
      { name: 'one at a time', changes: tickerChanges, gapMs: [400, 900] },
      { name: 'every 50 ms', changes: tickerChanges, gapMs: [50, 50] },
    ],
    hits: tickerHits,
    forceDrop: jackpots.forceDrop,
    log,
  });
  for (const f of measured.figures) {
    const label =
      f.name === 'hit'
        ? `forced hits (${f.changes}): the pools event`
        : f.name === 'one at a time'
          ? `${f.changes} changes one at a time, 0.4–0.9 s apart`
          : `${f.changes} changes 50 ms apart (the feed reads the pools at most every 250 ms)`;
    log(`  ${label}:`);
    log(
      `    commit → each subscriber p50 ${ms(p(f.all, 50))}, p99 ${ms(p(f.all, 99))}; the last subscriber of a change p50 ${ms(p(f.lasts, 50))}, p99 ${ms(p(f.lasts, 99))}, at most ${ms(Math.max(...f.lasts))}; the first p50 ${ms(p(f.firsts, 50))}`,
    );
    log(
      `    the event's \`at\` (the platform read the pools) p50 ${ms(p(f.toRead, 50))}, p99 ${ms(p(f.toRead, 99))} after the commit (whole ms; the rest is writing to the subscribers and their reading)`,
    );
    log(
      `    by process: ${ports.map((port) => `:${port} p50 ${ms(p(f.perPort[port], 50))}, p99 ${ms(p(f.perPort[port], 99))}`).join('; ')}; ${f.missed} arrivals missing; commits heard ${f.heard}/${f.changes}; the caller's answer came ${ms(p(f.commitToAnswer, 50))} after the bench heard the commit (p50), the commit ${ms(p(f.sentToCommit, 50))} after the call was sent`,
    );
    if (f.name === 'hit')
      log(
        `    the hit event: commit → each subscriber p50 ${ms(p(f.hitDelays, 50))}, p99 ${ms(p(f.hitDelays, 99))}, the last ${ms(Math.max(...f.hitDelays))}; ${f.hitsMissed} missing`,
      );
  }
  log(`  ${measured.endedEarly} streams ended early`);
  return measured;
}

async function main() {
  const version = await withClient(serverUrl, async (c) => (await c.query('show server_version')).rows[0].server_version);
  log(`bench:jackpots on ${server.host} (PostgreSQL ${version}), Node.js ${process.version}, ${availableParallelism()} cores, ${busy()}`);
  if (givenDb) {
    // Made the first time (a run to keep from its start), gone on with afterwards.
    const known = await withClient(
      serverUrl,
      async (c) => (await c.query('select 1 from pg_database where datname = $1', [givenDb])).rowCount,
    );
    if (!known && !only.has('check')) await admin(`create database ${givenDb}`);
    log(`on the given database ${givenDb} (${known ? 'gone on with' : 'made now'}, kept afterwards)`);
  } else await admin(`create database ${platformDb}`);
  if (only.has('check')) {
    if (!givenDb) throw new Error('BENCH_JACKPOT_ONLY=check checks a kept database: name it in BENCH_JACKPOT_DATABASE');
    pool = new pg.Pool({ connectionString: dbUrl(platformDb), max: 2 });
    log();
    log(`the checks of ${platformDb} alone (${busy()})`);
    const judged = await judgeDatabase(drizzle({ client: pool }), null, null);
    log();
    log(
      `summary: ${judged.dbRounds} rounds (${judged.openRounds} left open), ${judged.ok ? 'holds' : 'BROKEN'}: Σ contributions ${judged.totals.contributions} + Σ seeds ${judged.totals.seeds} = Σ pools ${judged.totals.pools} + Σ hits ${judged.totals.hits} øre (${judged.totals.hitRows} hits); µøre exact ${judged.totals.micro}; checkInvariants ${judged.invariants.filter((r) => r.ok).length}/${judged.invariants.length} hold`,
    );
    return judged.ok;
  }
  const processes = [];
  // A port already answering is another run's platform: playing through it would mix two runs on one database.
  for (const port of [...ports, ...ports.map((p) => p + 1)]) {
    const taken = await call(port, 'GET', '/health').then(
      (answer) => answer.status > 0,
      () => false,
    );
    if (taken) throw new Error(`port ${port} answers already (another bench:jackpots?): stop it or set BENCH_PLATFORM_PORT`);
  }
  for (const port of ports) {
    processes.push(startPlatform(port));
    // One after the other: the first migrates and seeds the pools, the second finds them.
    await waitForHealth(port, `platform :${port}`);
    await waitForHealth(port + 1, `platform :${port} (public listener)`);
  }
  log(`two platform processes on database ${platformDb}: :${ports.join(', :')} (public +1), ${poolSize} connections each`);
  const clients = ports.map((port) => contractClient(port + 1, providerId, studioSecret));
  pool = new pg.Pool({ connectionString: dbUrl(platformDb), max: 2 });
  // A connection cut while idle (a restart of the server, or another's test terminating backends) is made again at the next use.
  pool.on('error', (error) => console.error(`bench:jackpots: an idle database connection ended (${error.message})`));
  const db = drizzle({ client: pool });
  let verdict = null;
  if (only.has('accuracy')) verdict = await accuracy(clients, db, processes);
  const tick = only.has('ticker') ? await ticker(clients, db) : null;
  log();
  log(`summary (${busy()})`);
  if (verdict) {
    const jackpots = verdict.invariants.find((result) => result.name === 'jackpots');
    log(
      `  accuracy over ${verdict.dbRounds} rounds${verdict.dbRounds === verdict.record.rounds ? '' : ` (${verdict.record.rounds} of them this run)`}   ${verdict.ok ? 'holds' : 'BROKEN'}: Σ contributions ${verdict.totals.contributions} + Σ seeds ${verdict.totals.seeds} = Σ pools ${verdict.totals.pools} + Σ hits ${verdict.totals.hits} øre (${verdict.totals.hitRows} hits); µøre exact ${verdict.totals.micro}; checkInvariants ${verdict.invariants.filter((r) => r.ok).length}/${verdict.invariants.length} hold (jackpots: ${jackpots?.ok ? 'holds' : 'BROKEN'}); ${verdict.rate.toFixed(0)} rounds/s`,
    );
  }
  if (tick) {
    const one = tick.figures.find((f) => f.name === 'one at a time');
    const fast = tick.figures.find((f) => f.name === 'every 50 ms');
    log(
      `  ticker to ${tick.subscribers} subscribers   commit → each subscriber p50 ${ms(p(one.all, 50))}, p99 ${ms(p(one.all, 99))} (changes one at a time); ${ms(p(fast.all, 50))} / ${ms(p(fast.all, 99))} with a change every 50 ms`,
    );
  }
  return verdict ? verdict.ok : true;
}

let code;
try {
  code = (await main()) ? 0 : 1;
} catch (error) {
  console.error(`bench:jackpots could not measure: ${error instanceof Error ? (error.stack ?? error.message) : error}`);
  code = 2;
}
agent.destroy();
await cleanup();
process.exit(code);
