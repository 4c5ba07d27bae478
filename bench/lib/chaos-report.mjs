// bench:chaos's report: the operations by kind, the refusals, the webhooks, the balancer, the
// live table, the faults, throughput and latency during them, and each verdict with its examples.
import { percentile } from './measure.mjs';

const log = (line = '') => console.log(line);

/** Prints the report; answers the totals of the operations. */
export function printReport({
  record,
  operations,
  verdicts,
  relay,
  balancer,
  live = [],
  faults,
  unexpected,
  loadSeconds,
  settleSeconds,
  waiting,
}) {
  const totals = [...record.counts.values()].reduce(
    (sum, c) => ({
      attempted: sum.attempted + c.attempted,
      acked: sum.acked + c.acked,
      refused: sum.refused + c.refused,
      unknown: sum.unknown + c.unknown,
      retried: sum.retried + c.retried,
    }),
    { attempted: 0, acked: 0, refused: 0, unknown: 0, retried: 0 },
  );
  const latencies = record.latencies.sort((a, b) => a - b);

  log();
  log('operations (each sent again after an unclear answer when it has an idempotency key)');
  log(
    `  ${'operation'.padEnd(24)} ${'attempted'.padStart(9)} ${'acked'.padStart(8)} ${'refused'.padStart(8)} ${'unknown'.padStart(8)} ${'retried'.padStart(8)}`,
  );
  for (const [name, c] of [...record.counts].sort((x, y) => y[1].attempted - x[1].attempted))
    log(
      `  ${name.padEnd(24)} ${String(c.attempted).padStart(9)} ${String(c.acked).padStart(8)} ${String(c.refused).padStart(8)} ${String(c.unknown).padStart(8)} ${String(c.retried).padStart(8)}`,
    );
  log(
    `  ${'total'.padEnd(24)} ${String(totals.attempted).padStart(9)} ${String(totals.acked).padStart(8)} ${String(totals.refused).padStart(8)} ${String(totals.unknown).padStart(8)} ${String(totals.retried).padStart(8)}`,
  );
  log(
    `  refusals: ${[...record.refusals]
      .sort((x, y) => y[1] - x[1])
      .slice(0, 12)
      .map(([key, n]) => `${key} ${n}`)
      .join(', ')}`,
  );
  const w = relay.stats;
  log(
    `webhooks: ${w.received} from the stand-ins, ${w.delivered} deliveries (${w.duplicates} sent twice, ${w.late} late), ${w.retried} sent again, ${w.refused} refused${w.refused ? ` (${[...w.refusals].map(([k, n]) => `${k} ${n}`).join(', ')})` : ''}`,
  );
  log(
    `balancer: ${balancer.stats.requests} requests, ${balancer.stats.refusedConnections} passed on from a process down, ${balancer.stats.cut} cut in flight (502), ${balancer.stats.noBackend} with no process up`,
  );
  for (const line of live) log(line);
  log(
    `faults: ${faults.kills} kill -9 (${faults.atLiveSettlement ?? 0} with a live round's credit in flight at the process; ${faults.cameBack} of ${faults.restarts} restarts healthy again), ${faults.cuts} database cuts (${faults.backendsCut} connections cut); ${unexpected.length ? unexpected.join('; ') : 'no process died by itself'}`,
  );
  for (const line of faults.log) log(`  ${line}`);
  log(
    `during the faults: ${operations} operations in ${loadSeconds.toFixed(1)} s = ${(operations / loadSeconds).toFixed(0)} operations/s, ${(record.calls / loadSeconds).toFixed(0)} HTTP calls/s; call latency p50 ${percentile(latencies, 50)?.toFixed(1)} ms, p99 ${percentile(latencies, 99)?.toFixed(1)} ms`,
  );
  log(`afterwards: ${settleSeconds.toFixed(1)} s for what was under way to settle (${waiting} still under way)`);
  log();
  log('invariants');
  for (const v of verdicts) {
    log(`  ${v.ok ? '✔' : '✘'} ${v.name.padEnd(26)} ${v.detail}`);
    for (const example of v.examples) log(`      ${example}`);
  }
  return totals;
}
