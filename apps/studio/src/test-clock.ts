import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isoDateTime, ok } from './http.js';

/** A clock that browser tests may move by an offset (the platform's shared/test-clock.ts, the same idea). */
export function withTestClock(base: () => Date) {
  let offsetMs = 0;
  return {
    clock: () => new Date(base().getTime() + offsetMs),
    setOffset(ms: number) {
      offsetMs = ms;
    },
  };
}

const MAX_OFFSET_MS = 366 * 86_400_000;

/**
 * `PUT /Test/clock {offsetMs}`: moves the studio's clock, so a browser test reaches the
 * money-played warning without waiting. Registered only with TEST_CLOCK_CONTROL (refused in
 * production); the storefront's key is required, as on every call but /health.
 */
export const testClockRoutes: FastifyPluginAsyncZod<{ testClock: ReturnType<typeof withTestClock> }> = async (app, { testClock }) => {
  app.put(
    '/Test/clock',
    {
      schema: {
        body: z.object({ offsetMs: z.number().int().min(-MAX_OFFSET_MS).max(MAX_OFFSET_MS) }),
        response: { 200: ok(z.object({ now: isoDateTime })) },
      },
    },
    async (request) => {
      testClock.setOffset(request.body.offsetMs);
      return { result: 1 as const, data: { now: testClock.clock().toISOString() } };
    },
  );
};
