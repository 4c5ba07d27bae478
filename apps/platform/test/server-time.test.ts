import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlatform } from '../src/app.js';
import { startTestPlatform, type TestPlatform } from './harness.js';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

const HOUR = 3_600_000;

describe('GET /time (the storefront clock’s source)', () => {
  it('answers the platform’s clock, never cached', async () => {
    platform.setNow(new Date('2026-11-24T22:59:30.000Z'));
    try {
      const answer = await platform.app.inject({ method: 'GET', url: '/time' });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.json()).toEqual({ result: 1, data: { now: '2026-11-24T22:59:30.000Z' } });
    } finally {
      platform.setNow(undefined);
    }
  });

  it('follows the test clock when a browser test moves it', async () => {
    const moved = await buildPlatform({
      config: { ...platform.config, TEST_CLOCK_CONTROL: true },
      database: platform.database,
      logger: false,
    });
    const headers = { 'krone-storefront-key': platform.config.STOREFRONT_API_KEY };
    try {
      await moved.internal.inject({ method: 'PUT', url: '/Test/clock', payload: { offsetMs: 5 * HOUR }, headers });
      const now = new Date(
        (await moved.internal.inject({ method: 'GET', url: '/time', headers })).json<{ data: { now: string } }>().data.now,
      );
      expect(now.getTime() - Date.now()).toBeGreaterThan(4.9 * HOUR);
    } finally {
      await moved.close();
    }
  });
});
