#!/usr/bin/env node
// npm run bench:badinput: every endpoint of the platform against bad input, at bench size (issue 15 §2).
// The CI test's generator (apps/platform/test/bad-input.ts) on a platform of its own, in process
// (app.inject): BENCH_REQUESTS requests in all (10⁵ by default), spread evenly over the OpenAPI
// document's operations and the replayed idempotency keys, strings up to 10⁶ characters. Prints
// the requests and answers per operation, the totals by status and by mutation, the time taken,
// and every problem found (a 5xx, an answer without a catalogue code or a Danish message, a hang,
// a table written). Exits non-zero when there is one. PGlite in memory by default; a PostgreSQL
// server with BENCH_DATABASE_URL (a fresh database of it). BENCH_SEED repeats a run.
//
// npm run bench:badinput -- --storefront: the storefront's /api/* routes instead (bench/lib/badinput-storefront.mjs).
import { performance } from 'node:perf_hooks';
import { runtimeProblem } from '../scripts/runtime.mjs';

if (runtimeProblem()) {
  console.error(runtimeProblem());
  process.exit(1);
}
if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
if (process.argv.includes('--storefront')) {
  const { storefrontBench } = await import('./lib/badinput-storefront.mjs');
  process.exit((await storefrontBench()) ? 1 : 0);
}

const { startTestPlatform } = await import('../apps/platform/test/harness.ts');
const { BAD_INPUT_ENV, databaseFingerprint, loadOperations, reportRun, runBadInput, seedTargets } =
  await import('../apps/platform/test/bad-input.ts');

const total = Number(process.env.BENCH_REQUESTS ?? 100_000);
const seed = Number(process.env.BENCH_SEED ?? Date.now() % 2 ** 31);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);

const platform = await startTestPlatform(BAD_INPUT_ENV);
const failed = await run().finally(() => platform.close());
process.exit(failed ? 1 : 0);

/** The run and its report; true when it found a problem. */
async function run() {
  const targets = await seedTargets(platform);
  const sources = loadOperations().length + targets.replays.length;
  const perOperation = Math.ceil(total / sources);
  console.log(
    `bench:badinput: ${sources} sources (${sources - targets.replays.length} operations, ${targets.replays.length} replays), ` +
      `${perOperation} requests each, seed ${seed}, ${concurrency} at a time, database ${platform.database.kind}`,
  );
  const before = await databaseFingerprint(platform);
  const started = performance.now();
  const tally = await runBadInput(platform, targets, { perOperation, concurrency, seed, maxLength: 1_000_000 });
  const seconds = (performance.now() - started) / 1000;
  const after = await databaseFingerprint(platform);
  return reportRun(tally, { seconds, before, after });
}
