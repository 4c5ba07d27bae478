// The PostgreSQL side the benches share (bench:wallet, bench:games:money): their databases on one
// server, made and dropped through an admin connection; pgbench's TPC-B beside them; and what a
// database's backends have done (transactions, CPU) while a load runs.
import { spawn, spawnSync } from 'node:child_process';
import pg from 'pg';
import { cpuSeconds } from './measure.mjs';

/** Runs `work` with a connection of its own to `connectionString`, closed afterwards. */
export async function withClient(connectionString, work) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** CPU seconds each backend of a database has used so far, by pid (0 for one gone meanwhile), read over an open connection. */
export async function readBackendCpu(client, database) {
  const { rows } = await client.query('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database]);
  return new Map(rows.map(({ pid }) => [pid, cpuSeconds(pid)]));
}

/** The CPU seconds backends used between two readings of readBackendCpu (a backend new since the first counts whole). */
export const cpuSince = (start, end) => [...end].reduce((sum, [pid, used]) => sum + used - (start.get(pid) ?? 0), 0);

/** One PostgreSQL server (a URL with the admin's database): its databases' URLs and the admin's statements on it. */
export function postgresServer(serverUrl) {
  const dbUrl = (name) => {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const admin = (sql) => withClient(serverUrl, (client) => client.query(sql)).then(() => undefined);
  return {
    url: serverUrl,
    host: new URL(serverUrl).host,
    dbUrl,
    admin,
    /** Drops databases, whoever is still connected to them; what cannot be dropped is left (cleanup after a failed run). */
    async dropDatabases(names) {
      for (const name of names) await admin(`drop database if exists ${name} with (force)`).catch(() => undefined);
    },
    /** Transactions committed or rolled back in a database so far (pg_stat_database: each one-statement call is one). */
    transactions: (name) =>
      withClient(serverUrl, async (client) => {
        const { rows } = await client.query('select (xact_commit + xact_rollback)::text as n from pg_stat_database where datname = $1', [
          name,
        ]);
        return Number(rows[0]?.n ?? NaN);
      }),
    /** CPU seconds each backend of a database has used so far (by pid; the pools keep their connections under load). */
    backendCpuNow: (name) => withClient(serverUrl, (client) => readBackendCpu(client, name)),
    /**
     * The CPU time PostgreSQL's backends spend on one database while `work` runs: the backends are
     * sampled every 250 ms (they come and go with their clients) and each one's last reading counts.
     * `work` gets a function that starts the measured window (what the backends used before does not
     * count). On a shared machine a rate depends on what else runs; CPU per transaction hardly does.
     */
    async backendCpu(database, work) {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      const first = new Map();
      const last = new Map();
      let running = true;
      const sample = async () => {
        for (const [pid, used] of await readBackendCpu(client, database)) {
          if (!used) continue;
          if (!first.has(pid)) first.set(pid, used);
          last.set(pid, used);
        }
      };
      const sampler = (async () => {
        while (running) {
          await sample();
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      })();
      try {
        const result = await work(() => {
          // The start of the measured window: what the backends used before it does not count.
          first.clear();
          last.clear();
          return sample();
        });
        await sample();
        return { result, seconds: [...last].reduce((sum, [pid, used]) => sum + used - (first.get(pid) ?? 0), 0) };
      } finally {
        running = false;
        await sampler;
        await client.end();
      }
    },
  };
}

/** Runs pgbench to its end; its output, or an error with what it said. */
export function pgbench(args) {
  const result = spawnSync('pgbench', args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`pgbench ${args.join(' ')} failed: ${result.stderr || result.error}`);
  return result.stdout;
}

/**
 * Runs pgbench to its end without blocking (a sampler of backendCpu keeps running meanwhile): its
 * output, and the CPU seconds the pgbench client used (bash's `times` prints what its children used).
 */
export async function pgbenchTimed(args) {
  const child = spawn('bash', ['-c', 'pgbench "$@" && times', 'pgbench', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const code = await new Promise((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`pgbench ${args.join(' ')} failed: ${stderr}`);
  const [childUser, childSystem] = [
    ...stdout
      .trim()
      .split('\n')
      .at(-1)
      .matchAll(/(\d+)m([\d.]+)s/g),
  ].map((m) => Number(m[1]) * 60 + Number(m[2]));
  return { report: stdout, clientSeconds: (childUser ?? 0) + (childSystem ?? 0) };
}

/** pgbench's version line, e.g. `pgbench (PostgreSQL) 16.4`. */
export const pgbenchVersion = () => spawnSync('pgbench', ['--version'], { encoding: 'utf8' }).stdout.trim();

/** Fills a database with pgbench's TPC-B tables, scale 8 (800,000 accounts), as both benches measure it. */
export const pgbenchInit = (databaseUrl) => pgbench(['-i', '-q', '-s', '8', databaseUrl]);

/** pgbench's command-line arguments for a TPC-B run of `clients` clients (at most one thread a core) for `seconds`. */
export const pgbenchRunArgs = ({ clients, seconds, cores }) => [
  '-c',
  String(clients),
  '-j',
  String(Math.min(clients, cores)),
  '-T',
  String(seconds),
  '-n',
];

/** The figures of a pgbench run's report: transactions a second, average latency (ms, as pgbench printed it) and transactions processed. */
export function pgbenchFigures(report) {
  return {
    tps: Number(/tps = ([\d.]+)/.exec(report)?.[1]),
    latencyMs: /latency average = ([\d.]+) ms/.exec(report)?.[1],
    transactions: Number(/number of transactions actually processed: (\d+)/.exec(report)?.[1]),
  };
}
