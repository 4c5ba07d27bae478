import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { iso, isoDateTime, ok } from './http.js';

/** A clock that browser tests may move forward (or back) by an offset. */
export function withTestClock(base: () => Date) {
  let offsetMs = 0;
  return {
    clock: () => new Date(base().getTime() + offsetMs),
    setOffset(ms: number) {
      offsetMs = ms;
    },
  };
}

/** Largest move: a year either way. */
const MAX_OFFSET_MS = 366 * 86_400_000;

/**
 * `PUT /Test/clock {offsetMs}`: moves the platform's clock for the browser suite's time rules
 * (24-hour limit increases). Registered only with TEST_CLOCK_CONTROL, which the configuration
 * refuses in production; hidden from the OpenAPI document.
 */
export const testClockRoutes: FastifyPluginAsyncZod<{ testClock: ReturnType<typeof withTestClock> }> = async (app, { testClock }) => {
  app.put(
    '/Test/clock',
    {
      schema: {
        hide: true,
        body: z.object({ offsetMs: z.number().int().min(-MAX_OFFSET_MS).max(MAX_OFFSET_MS) }),
        response: { 200: ok(z.object({ now: isoDateTime })) },
      },
    },
    async (request) => {
      testClock.setOffset(request.body.offsetMs);
      return { result: 1 as const, data: { now: iso(testClock.clock()) } };
    },
  );
};
