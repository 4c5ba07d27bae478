#!/usr/bin/env node
// npm run bench:chaos: faults under load (issue 15 §1). Two platform processes behind a small load
// balancer (bench/lib/balancer.mjs), on one PostgreSQL database of their own and Redis, with the
// stand-ins; players doing everything at once through the balancer (bench/lib/chaos-load.mjs):
// card and MobilePay deposits (their webhooks handed on late, twice and out of order by a relay),
// game rounds through the games contract with retries, duplicates and rollbacks, withdrawals
// requested, cancelled and paid, limit changes, pauses and bonus codes, bets at the live studio's
// roulette table (bench/lib/chaos-live.mjs: the studio stand-in in the sims process settles each
// round through the balancer, and now and then its dealer voids one). Meanwhile one platform
// process is killed with kill -9 at random moments (every other one while the live studio's credit
// of a round is in flight at it) and started again, and the database is cut for a few seconds. Afterwards, once the faults have stopped and what was under way has settled, every
// invariant is checked (bench/lib/chaos-checks.mjs): it prints the operations attempted,
// acknowledged, refused and retried, the kills survived, throughput and p99 during the faults and
// each invariant's verdict, and exits 1 when one is broken.
//
//   npm run bench:chaos                          10⁵ operations, a kill every 5–15 s, two database cuts
//   npm run bench:chaos -- --operations 3000 --kills 2 --cuts 1 --players 16    CI's short run (test/chaos.test.ts)
//
// Environment: BENCH_DATABASE_URL (or TEST_DATABASE_URL; a PostgreSQL server it may make a database
// on), CHAOS_REDIS_URL (or TEST_REDIS_URL, default redis://127.0.0.1:6379), CHAOS_PORT_BASE (4700).
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { seededRandom } from '@krone/domain';
import pg from 'pg';
import { runtimeProblem } from '../scripts/runtime.mjs';
import { devEnv } from '../scripts/dev-env.mjs';
import { createBalancer } from './lib/balancer.mjs';
import { checkAll } from './lib/chaos-checks.mjs';
import { createLoad, createRecord, operationsSoFar } from './lib/chaos-load.mjs';
import { printReport } from './lib/chaos-report.mjs';
import { createLiveTable, LIVE_WALLET_PATH, liveTableListed } from './lib/chaos-live.mjs';
import { checkStudio, createStudioRounds, openStudioRounds } from './lib/chaos-studio.mjs';
import { createWebhookRelay, cutDatabase, healthy, serviceProcess } from './lib/chaos-world.mjs';
import { agent, call } from './lib/http.mjs';
import { postgresServer, withClient } from './lib/postgres.mjs';

if (runtimeProblem()) {
  console.error(runtimeProblem());
  process.exit(1);
}

const { values: args } = parseArgs({
  options: {
    operations: { type: 'string', default: process.env.CHAOS_OPERATIONS ?? '100000' },
    players: { type: 'string', default: process.env.CHAOS_PLAYERS ?? '48' },
    // 0: a kill every 5–15 s for as long as the load runs.
    kills: { type: 'string', default: process.env.CHAOS_KILLS ?? '0' },
    cuts: { type: 'string', default: process.env.CHAOS_CUTS ?? '2' },
    seed: { type: 'string', default: process.env.CHAOS_SEED ?? '20261125' },
    'max-seconds': { type: 'string', default: process.env.CHAOS_MAX_SECONDS ?? '1800' },
  },
});
const targetOperations = Number(args.operations);
const playerCount = Number(args.players);
const fixedKills = Number(args.kills);
const cuts = Number(args.cuts);
const seed = Number(args.seed);
const maxSeconds = Number(args['max-seconds']);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.CHAOS_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const base = Number(process.env.CHAOS_PORT_BASE ?? 4700);
const ports = {
  balancer: base,
  relay: base + 1,
  sims: base + 2,
  studio: base + 3,
  live: base + 4,
  a: base + 10,
  aPublic: base + 11,
  b: base + 12,
  bPublic: base + 13,
};
const suffix = randomUUID().slice(0, 8);
const database = `krone_chaos_${suffix}`;
const studioDatabase = `krone_chaos_studio_${suffix}`;
const studioKey = 'krone-chaos-studio-key-0123456789abcdef';
const logDir = path.join(tmpdir(), `krone-chaos-${suffix}`);
const storefrontKey = 'krone-chaos-storefront-key-0123456789abcdef';
const providerSecret = 'krone-chaos-studio-secret-0123456789abcdef';
const liveAdminKey = 'krone-chaos-lysmester-admin-0123456789';
const gameId = process.env.CHAOS_GAME ?? 'vikingernes-guld';
const server = postgresServer(serverUrl);
const random = seededRandom(seed);
const log = (line = '') => console.log(line);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const between = (min, max) => min + random() * (max - min);

/** The environment of each service: the repository's own wiring (scripts/dev-env.mjs), pointed at this bench's ports and database. */
function environments() {
  const wiring = devEnv('e2e', {
    host: '127.0.0.1',
    simsPort: ports.sims,
    platformPort: ports.balancer,
    platformPublicPort: ports.balancer,
    webPort: base + 20,
    studioPort: base + 21,
    livePort: ports.live,
  });
  const { PGLITE_DATA_DIR: _memory, TEST_CLOCK_CONTROL: _clock, ...platformWiring } = wiring.platform;
  const relay = `http://127.0.0.1:${ports.relay}`;
  const platform = (port, publicPort) => ({
    ...platformWiring,
    KRONE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATABASE_URL: server.dbUrl(database),
    DATABASE_POOL_SIZE: '4',
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: `chaos-${suffix}:`,
    PLATFORM_HOST: '127.0.0.1',
    PLATFORM_PORT: String(port),
    PLATFORM_PUBLIC_HOST: '127.0.0.1',
    PLATFORM_PUBLIC_PORT: String(publicPort),
    // The staff door on a port of the system's choosing: a bench never uses it, and two processes must not share one.
    PLATFORM_STAFF_PORT: '0',
    STOREFRONT_API_KEY: storefrontKey,
    GAME_PROVIDER_KRONE_STUDIO_SECRET: providerSecret,
    SEED_DEMO_CONTENT: 'false',
    // Withdrawals held 3 s (time to cancel), sent every second; bonuses settled every 2 s.
    PAYOUT_HOLD_MINUTES: '0.05',
    PAYOUT_PROCESS_INTERVAL_SECONDS: '1',
    PAYOUT_SEND_LEASE_SECONDS: '20',
    BONUS_SETTLE_INTERVAL_SECONDS: '2',
    // Payments left under way (a kill between writing one and calling the provider) settled after 30 s.
    PAYMENT_SETTLE_INTERVAL_SECONDS: '2',
    PAYMENT_STALE_SECONDS: '30',
    AUDIT_SEAL_DIR: path.join(logDir, 'seals'),
    AUDIT_SEAL_INTERVAL_SECONDS: '0',
  });
  return {
    sims: {
      ...wiring.sims,
      LOG_LEVEL: 'warn',
      CARDS_WEBHOOK_URL: `${relay}/cards`,
      MOBILEPAY_WEBHOOK_URL: `${relay}/mobilepay`,
      NEMKONTO_WEBHOOK_URL: `${relay}/nemkonto`,
      NEMKONTO_SETTLE_SECONDS: '1',
      // A deposit whose start was cut in flight is never answered by the load (it never saw the
      // challenge or the app's address): the providers give up on it within the settling wait.
      CARDS_CHALLENGE_EXPIRES_SECONDS: '45',
      MOBILEPAY_PAYMENT_EXPIRES_SECONDS: '45',
      // The live studio: rounds of about 5 s (3 s of betting), so a short run sees several; a credit or
      // cancel a kill or a cut left unanswered tried again within seconds (a real studio waits up to
      // 2 minutes, and its settling pass waits with it); its dealer's void through the admin route.
      LYSMESTER_PACE: '0.2',
      LYSMESTER_RETRY_SECONDS: '0.25,0.5,1,2',
      LYSMESTER_ADMIN_KEY: liveAdminKey,
    },
    // The studio calls the games contract through the balancer, as it would reach a platform behind one.
    studio: {
      ...wiring.studio,
      LOG_LEVEL: 'warn',
      STUDIO_DATABASE_URL: server.dbUrl(studioDatabase),
      STUDIO_DATABASE_POOL_SIZE: '4',
      STUDIO_PORT: String(ports.studio),
      PLATFORM_URL: `http://127.0.0.1:${ports.balancer}`,
      STUDIO_PROVIDER_SECRET: providerSecret,
      STUDIO_API_KEY: studioKey,
      STUDIO_ROUND_PACE_MS: '0',
      STUDIO_WARNING_MINUTES: '1440',
    },
    a: platform(ports.a, ports.aPublic),
    b: platform(ports.b, ports.bPublic),
  };
}

/** Players as the platform's tests make them (a MitID identity, an encrypted CPR for payouts), each with a session and deposit limits. */
async function makePlayers(count) {
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { players } = await import('../apps/platform/src/players/schema.js');
  const { createSessionStore } = await import('../apps/platform/src/players/sessions.js');
  const { createSecrets } = await import('../apps/platform/src/players/secrets.js');
  const { createLimitsService } = await import('../apps/platform/src/limits/service.js');
  const { loadConfig } = await import('../apps/platform/src/config.js');
  const config = loadConfig({ KRONE_ENV: 'development' });
  const secrets = createSecrets({ cprHashKey: config.CPR_HASH_KEY, encryptionKey: config.DATA_ENCRYPTION_KEY });
  const pool = new pg.Pool({ connectionString: server.dbUrl(database), max: 2 });
  const db = drizzle({ client: pool });
  const sessions = createSessionStore(db, () => new Date(), { idleMs: 4 * 3_600_000, absoluteMs: 4 * 3_600_000 });
  const limits = createLimitsService({ db, clock: () => new Date() });
  const made = [];
  for (let i = 0; i < count; i++) {
    const id = randomUUID();
    await db.insert(players).values({
      id,
      mitidUuid: `chaos-${id}`,
      cprHash: `chaos-${id}`,
      cprEncrypted: secrets.encrypt('0101901234'),
      firstName: 'Kaos',
      lastName: 'Spiller',
      birthDate: '1990-01-01',
      email: `${id}@chaos.example`,
      mobileCc: '+45',
      mobileNo: '20304050',
    });
    // Limits a long run reaches (deposits refused over them) without leaving the players broke.
    await limits.setInitialDepositLimit(db, id, 'day', 25_000_00);
    await limits.setInitialDepositLimit(db, id, 'month', 250_000_00);
    // One player in ten pauses at some moment of the run; their later bets must be refused.
    // One player in six plays through the studio.
    made.push({
      id,
      token: (await sessions.create(id, 'mitid')).token,
      mayPause: i % 10 === 9,
      viaStudio: i % 6 === 2,
      gameSessionId: null,
    });
  }
  await pool.end();
  return made;
}

async function main() {
  mkdirSync(logDir, { recursive: true });
  log(
    `bench:chaos: ${targetOperations} operations, ${playerCount} players, ${fixedKills || 'a kill every 5–15 s'}${fixedKills ? ' kills' : ''}, ${cuts} database cuts, seed ${seed}; ${availableParallelism()} cores, load ${loadavg()[0].toFixed(1)}`,
  );
  log(`  PostgreSQL ${server.host}, database ${database}; Redis ${redisUrl}; logs in ${logDir}`);
  await server.admin(`create database ${database}`);
  await server.admin(`create database ${studioDatabase}`);
  const env = environments();
  const sims = serviceProcess({
    root,
    name: 'sims',
    script: 'apps/sims/src/server.ts',
    env: env.sims,
    logFile: path.join(logDir, 'sims.log'),
  });
  const platforms = [
    serviceProcess({
      root,
      name: 'platform-a',
      script: 'apps/platform/src/server.ts',
      env: env.a,
      logFile: path.join(logDir, 'platform-a.log'),
    }),
    serviceProcess({
      root,
      name: 'platform-b',
      script: 'apps/platform/src/server.ts',
      env: env.b,
      logFile: path.join(logDir, 'platform-b.log'),
    }),
  ];
  const studio = serviceProcess({
    root,
    name: 'studio',
    script: 'apps/studio/src/server.ts',
    env: env.studio,
    logFile: path.join(logDir, 'studio.log'),
  });
  const healthPort = [ports.a, ports.b];
  const backends = [
    { name: 'platform-a', port: ports.a, publicPort: ports.aPublic },
    { name: 'platform-b', port: ports.b, publicPort: ports.bPublic },
  ];
  let live = null;
  const balancer = createBalancer({
    backends,
    isPublic: (url) => url.startsWith('/Payments/webhooks/') || url.startsWith('/Games/providers/') || url.startsWith(LIVE_WALLET_PATH),
    // The live studio's wallet calls: counted (its resends), and a kill timed to a credit in flight.
    watch: (url) => url.startsWith(LIVE_WALLET_PATH),
    observe: (event) => live?.observe(event),
  });
  const relay = createWebhookRelay({ balancerPort: ports.balancer, random: seededRandom(seed + 1) });
  let stopLobby = () => undefined;
  const stopAll = async () => {
    stopLobby();
    await Promise.all([...platforms, sims, studio].map((service) => service.stop()));
    await balancer.close();
    await relay.close();
    agent.destroy();
  };
  // Stopped from outside (Ctrl-C, a test's timeout): the processes it started stop too.
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void stopAll().finally(() => process.exit(130)));
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    sims.start();
    platforms[0].start();
    if (!(await healthy(ports.sims))) throw new Error('the stand-ins did not start');
    // The first process migrates the new database; the second starts on it.
    if (!(await healthy(ports.a))) throw new Error('platform-a did not start');
    platforms[1].start();
    if (!(await healthy(ports.b))) throw new Error('platform-b did not start');
    // A platform with one listener (before the doors were separated) serves the providers on it too.
    if ((await call(ports.aPublic, 'GET', '/health')).status !== 200) {
      backends.forEach((backend) => (backend.publicPort = backend.port));
      log('  (the platform has one listener: the providers reach it there too)');
    }
    await balancer.listen(ports.balancer);
    await relay.listen(ports.relay);
    studio.start();
    if (!(await healthy(ports.studio))) throw new Error('the studio did not start');

    const { loadTitles } = await import('@krone/games-math/titles');
    const title = loadTitles().find((t) => t.id === gameId);
    if (!title) throw new Error(`no title ${gameId}`);
    const people = await makePlayers(playerCount);
    await liveTableListed(ports.balancer, storefrontKey);
    log(
      `  2 platform processes behind the balancer :${ports.balancer}, the stand-ins :${ports.sims} (the live studio :${ports.live}), the studio :${ports.studio}; ${people.length} players, ${people.filter((p) => p.viaStudio).length} of them through the studio`,
    );

    const record = createRecord();
    let stopping = false;
    let measuring = false;
    const load = createLoad({
      port: ports.balancer,
      simsPort: ports.sims,
      storefrontKey,
      secret: providerSecret,
      gameId,
      stepsOre: title.stake.stepsOre,
      record,
      random,
      shouldStop: () => stopping || operationsSoFar(record) >= targetOperations,
      measuring: () => measuring,
      studioRound: (player) => studioRound(player),
      liveBet: (player) => live.liveBet(player),
    });
    const studioRound = createStudioRounds({
      studioPort: ports.studio,
      studioKey,
      launch: (player) => load.launch(player),
      count: load.count,
      record,
      measuring: () => measuring,
    });
    live = createLiveTable({
      livePort: ports.live,
      operation: load.operation,
      count: load.count,
      record,
      random,
      measuring: () => measuring,
      operatorHeaders: { 'x-lysmester-operator': env.sims.LYSMESTER_OPERATOR_ID, 'x-lysmester-key': env.sims.LYSMESTER_OPERATOR_KEY },
      adminKey: liveAdminKey,
    });
    stopLobby = live.watchLobby();

    // The faults: kill -9 one process and start it again, cut the database; until the load is done.
    const faults = { kills: 0, restarts: 0, cameBack: 0, cuts: 0, backendsCut: 0, atLiveSettlement: 0, log: [] };
    const started = performance.now();
    const elapsed = () => ((performance.now() - started) / 1000).toFixed(1);
    const progress = () => operationsSoFar(record) / targetOperations;
    const killOne = async (index = Math.floor(random() * platforms.length), why = '') => {
      const victim = platforms[index];
      if (!victim.running) return;
      victim.kill();
      faults.kills++;
      faults.log.push(`${elapsed()} s: kill -9 ${victim.state.name} at ${operationsSoFar(record)} operations${why}`);
      await sleep(between(500, 3000));
      victim.start();
      faults.restarts++;
      if (await healthy(healthPort[index])) faults.cameBack++;
      else faults.log.push(`${elapsed()} s: ${victim.state.name} did not come back`);
    };
    // A platform process killed mid-round: a few milliseconds after the live studio's credit (or a
    // void's cancel) of a round was sent to it, the round settling; the studio must settle it once
    // through the other process. Without a settlement within 8 s (a round is about 5 s), a kill at random.
    const killAtLiveSettlement = async () => {
      const backend = await live.nextSettlingCall(8_000, () => stopping || progress() >= 1);
      if (stopping) return;
      if (progress() >= 1) return killOne();
      if (!backend) return killOne();
      await sleep(between(2, 20));
      faults.atLiveSettlement++;
      await killOne(
        platforms.findIndex((platform) => platform.state.name === backend),
        ", a live round's credit in flight at it",
      );
    };
    const killer = (async () => {
      if (fixedKills > 0) {
        // Spread over the run: at evenly spaced fractions of the operations, each a little moved.
        for (let i = 1; i <= fixedKills && !stopping; i++) {
          const atLive = i % 2 === 1;
          const at = (i - 0.5 + between(-0.2, 0.2)) / fixedKills;
          // One timed to a live settlement starts looking earlier: the next is up to a round away.
          while (!stopping && progress() < at * (atLive ? 0.6 : 0.9)) await sleep(50);
          if (!stopping && progress() < 1) await (atLive ? killAtLiveSettlement() : killOne());
        }
        return;
      }
      for (let i = 1; !stopping && progress() < 1; i++) {
        await sleep(between(5000, 15000));
        if (!stopping && progress() < 1) await (i % 2 === 1 ? killAtLiveSettlement() : killOne());
      }
    })();
    const cutter = (async () => {
      for (let i = 1; i <= cuts && !stopping; i++) {
        const at = i / (cuts + 1);
        while (!stopping && progress() < at) await sleep(50);
        if (stopping || progress() >= 1) return;
        const ms = between(2000, 5000);
        faults.log.push(`${elapsed()} s: database cut for ${(ms / 1000).toFixed(1)} s at ${operationsSoFar(record)} operations`);
        faults.backendsCut += await cutDatabase(admin, database, ms);
        faults.cuts++;
      }
    })();

    // The players start with a card deposit each, then play.
    measuring = true;
    const deadline = setTimeout(() => {
      stopping = true;
      faults.log.push(`${elapsed()} s: the time limit (${maxSeconds} s) stopped the load`);
    }, maxSeconds * 1000);
    const ticker = setInterval(() => {
      const c = [...record.counts.values()].reduce(
        (sum, x) => [sum[0] + x.acked, sum[1] + x.refused, sum[2] + x.unknown, sum[3] + x.retried],
        [0, 0, 0, 0],
      );
      log(
        `  ${elapsed()} s: ${operationsSoFar(record)} operations (${c[0]} acked, ${c[1]} refused, ${c[2]} unknown, ${c[3]} retries), ${record.calls} calls`,
      );
    }, 10_000);
    await Promise.all(people.map((player) => load.play(player)));
    clearInterval(ticker);
    const loadEnded = performance.now();
    const loadSeconds = (loadEnded - started) / 1000;
    measuring = false;
    stopping = true;
    clearTimeout(deadline);
    await Promise.all([killer, cutter]);

    // The faults have stopped: both processes up, the webhooks in hand delivered, then what is under way given time to settle.
    for (const [index, platform] of platforms.entries()) {
      if (!platform.running) platform.start();
      await healthy(healthPort[index]);
    }
    await relay.drain();
    const settleStarted = performance.now();
    let liveSettledSeconds = null;
    let waiting = Infinity;
    while (performance.now() - settleStarted < 180_000) {
      const { rows } = await withClient(server.dbUrl(database), (client) =>
        client.query(
          `select (select count(*) from payments where status in ('created', 'requires_action'))::int
              + (select count(*) from withdrawals where status in ('pending', 'sending', 'sent'))::int as n`,
        ),
      ).catch(() => ({ rows: [{ n: -1 }] }));
      const pending = await openStudioRounds(server.dbUrl(studioDatabase));
      const livePending = await live.underWay(server.dbUrl(database));
      if (livePending === 0) liveSettledSeconds ??= (performance.now() - loadEnded) / 1000;
      waiting = rows[0].n < 0 || pending < 0 || livePending < 0 ? -1 : rows[0].n + pending + livePending;
      if (waiting === 0 && relay.stats.pending === 0) break;
      await sleep(500);
    }
    const settleSeconds = (performance.now() - settleStarted) / 1000;
    stopLobby();

    const verdicts = [
      ...(await checkAll(server.dbUrl(database), record)),
      await checkStudio(server.dbUrl(studioDatabase), server.dbUrl(database), record),
    ];
    const operations = operationsSoFar(record);
    const unexpected = [...platforms, sims, studio].flatMap((service) => service.state.unexpectedExits);
    const totals = printReport({
      record,
      operations,
      verdicts,
      relay,
      balancer,
      live: live.figures(liveSettledSeconds),
      faults,
      unexpected,
      loadSeconds,
      settleSeconds,
      waiting,
    });
    const broken = verdicts.filter((v) => !v.ok).length + (unexpected.length ? 1 : 0) + (faults.cameBack < faults.restarts ? 1 : 0);
    const summary = {
      operations,
      acked: totals.acked,
      refused: totals.refused,
      unknown: totals.unknown,
      retried: totals.retried,
      kills: faults.kills,
      killsSurvived: faults.cameBack,
      cuts: faults.cuts,
      live: live.summary(faults.atLiveSettlement),
      invariants: verdicts.map((v) => ({ name: v.name, ok: v.ok })),
      unexpectedExits: unexpected,
      broken,
    };
    log();
    log(`CHAOS_RESULT ${JSON.stringify(summary)}`);
    log(broken === 0 ? `every invariant held (${verdicts.length})` : `${broken} invariants BROKEN`);
    await stopAll();
    await admin.end();
    if (!process.env.CHAOS_KEEP_DATABASE) await server.dropDatabases([database, studioDatabase]);
    return broken;
  } catch (error) {
    await stopAll().catch(() => undefined);
    await admin.query(`alter database ${database} with allow_connections true`).catch(() => undefined);
    await admin.end().catch(() => undefined);
    if (!process.env.CHAOS_KEEP_DATABASE) await server.dropDatabases([database, studioDatabase]);
    throw error;
  }
}

try {
  const broken = await main();
  process.exit(broken === 0 ? 0 : 1);
} catch (error) {
  console.error(`bench:chaos could not run: ${error instanceof Error ? (error.stack ?? error.message) : error}`);
  process.exit(2);
}
