// npm run bench:badinput -- --storefront: the storefront's /api/* route handlers against bad input, at
// bench size (issue 15 §2). The CI test's generator (apps/web/test/bad-input.ts) on a world of its own:
// the platform (the platform tests' harness) and the studio in process, the storefront's production
// build (`npm run build` first) served by apps/web/server.ts. BENCH_REQUESTS requests in all (10⁵ by
// default), spread evenly over the routes and the replayed withdrawal requestId, bodies' strings up to
// 10⁶ characters. Prints the requests and answers per route, the totals by status and by mutation, the
// 5xx count, the time taken, whether anything was written (the platform's and the studio's databases),
// and every problem found. Exits non-zero when there is one. BENCH_SEED repeats a run.
import { performance } from 'node:perf_hooks';

export async function storefrontBench() {
  const { reportRun } = await import('../../apps/platform/test/bad-input.ts');
  const { hasBuild, ROUTES, runStorefrontBadInput, startWorld, worldFingerprint } = await import('../../apps/web/test/bad-input.ts');
  if (!(await hasBuild())) {
    console.error('bench:badinput --storefront: no production build of the storefront (npm run build first)');
    return true;
  }
  const total = Number(process.env.BENCH_REQUESTS ?? 100_000);
  const seed = Number(process.env.BENCH_SEED ?? Date.now() % 2 ** 31);
  const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
  const sources = ROUTES.length + 1;
  const perRoute = Math.ceil(total / sources);
  const world = await startWorld();
  try {
    console.log(
      `bench:badinput --storefront: ${ROUTES.length} routes and 1 replay, ${perRoute} requests each, seed ${seed}, ` +
        `${concurrency} at a time, database ${world.platform.database.kind}`,
    );
    const before = await worldFingerprint(world);
    const started = performance.now();
    const tally = await runStorefrontBadInput(world, { perRoute, concurrency, seed, maxLength: 1_000_000 });
    const seconds = (performance.now() - started) / 1000;
    const after = await worldFingerprint(world);
    return reportRun(tally, { seconds, before, after });
  } finally {
    await world.close();
  }
}
