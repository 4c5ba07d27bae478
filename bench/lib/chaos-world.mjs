// bench:chaos's world: the processes it runs (the stand-ins, two platform processes), the faults it
// does to them (kill -9 and a restart, the database's connections cut), and the providers' network
// between the stand-ins and the platform: a relay that hands each webhook on late, twice, or out
// of order, as the internet does.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { call } from './http.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A service process of the repository, run with tsx, its output in `logFile`; `start` again after a kill. */
export function serviceProcess({ root, name, script, env, logFile }) {
  const log = createWriteStream(logFile, { flags: 'a' });
  let child = null;
  const state = { name, starts: 0, kills: 0, unexpectedExits: [] };
  const start = () => {
    state.starts++;
    log.write(`\n=== ${name}: start ${state.starts} at ${new Date().toISOString()}\n`);
    child = spawn(process.execPath, ['--import', 'tsx', path.join(root, script)], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    const mine = child;
    mine.once('exit', (code, signal) => {
      if (mine.killedOnPurpose) return;
      state.unexpectedExits.push(`${name} exited by itself (code ${code}, signal ${signal})`);
    });
  };
  return {
    state,
    start,
    get pid() {
      return child?.pid;
    },
    get running() {
      return child !== null && child.exitCode === null && child.signalCode === null;
    },
    /** kill -9: no shutdown hook runs, connections and requests in flight are cut. */
    kill() {
      if (!child) return;
      child.killedOnPurpose = true;
      child.kill('SIGKILL');
      state.kills++;
      log.write(`\n=== ${name}: kill -9 at ${new Date().toISOString()}\n`);
    },
    async stop() {
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      child.killedOnPurpose = true;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(10_000).then(() => child.kill('SIGKILL'))]);
      log.end();
    },
  };
}

/** Waits until `port` answers /health with 200 (every 200 ms, up to `ms`). */
export async function healthy(port, ms = 120_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if ((await call(port, 'GET', '/health')).status === 200) return true;
    await sleep(200);
  }
  return false;
}

/**
 * The providers' network: the stand-ins post their webhooks here, answered at once; each is then
 * handed to the platform's webhook through the balancer, now and then twice, late (up to
 * `maxDelayMs`, so events of a payment arrive out of order) or both, and sent again until the
 * platform gives a clear answer, as a provider's retries would.
 */
export function createWebhookRelay({ balancerPort, random, maxDelayMs = 6000 }) {
  const stats = { received: 0, delivered: 0, duplicates: 0, late: 0, refused: 0, retried: 0, pending: 0, refusals: new Map() };
  const paths = {
    '/cards': '/Payments/webhooks/cards',
    '/mobilepay': '/Payments/webhooks/mobilepay',
    '/nemkonto': '/Payments/webhooks/nemkonto',
  };

  const send = async (target, headers, body) => {
    for (let attempt = 0; attempt < 60; attempt++) {
      const answer = await new Promise((resolve) => {
        const request = http.request(
          { host: '127.0.0.1', port: balancerPort, path: target, method: 'POST', headers: { ...headers, 'content-length': body.length } },
          (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode));
          },
        );
        request.on('error', () => resolve(0));
        request.end(body);
      });
      if (answer >= 200 && answer < 300) return void stats.delivered++;
      if (answer >= 400 && answer < 500) {
        stats.refused++;
        stats.refusals.set(`${target} ${answer}`, (stats.refusals.get(`${target} ${answer}`) ?? 0) + 1);
        return;
      }
      stats.retried++;
      await sleep(Math.min(2000, 100 * 2 ** attempt));
    }
  };

  const deliver = async (target, headers, body) => {
    stats.pending++;
    try {
      const late = random() < 0.25;
      if (late) {
        stats.late++;
        await sleep(Math.floor(random() * maxDelayMs));
      }
      const copies = random() < 0.3 ? 2 : 1;
      if (copies === 2) stats.duplicates++;
      await Promise.all(Array.from({ length: copies }, () => send(target, headers, body)));
    } finally {
      stats.pending--;
    }
  };

  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const target = paths[req.url ?? ''];
      if (!target) return void res.writeHead(404).end();
      stats.received++;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
      const headers = { 'content-type': 'application/json', 'krone-signature': req.headers['krone-signature'] ?? '' };
      void deliver(target, headers, Buffer.concat(chunks));
    });
  });
  return {
    stats,
    listen: (port) => new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server.address().port))),
    /** Waits for every webhook in hand to be delivered (or refused). */
    async drain(ms = 60_000) {
      const until = Date.now() + ms;
      while (stats.pending > 0 && Date.now() < until) await sleep(100);
      return stats.pending === 0;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Cuts the platform's database for `ms`: the database refuses new connections and every backend of
 * it is terminated (what a PostgreSQL restart or a network cut does to the platform, without
 * stopping a server others may share); then it lets them in again. Returns the backends cut.
 */
export async function cutDatabase(admin, database, ms) {
  await admin.query(`alter database ${database} with allow_connections false`);
  let terminated = 0;
  try {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      const { rows } = await admin.query(
        'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [database],
      );
      terminated += rows[0].n;
      await sleep(200);
    }
  } finally {
    await admin.query(`alter database ${database} with allow_connections true`);
  }
  return terminated;
}
