import { randomBytes } from 'node:crypto';
import { startSims, type Sims } from '@krone/sims';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLoggedInPlayer, startTestPlatform, type TestPlatform } from './harness.js';

/**
 * Rate limits behind a load balancer: with REDIS_URL every platform process counts one client's
 * calls together; without it each process counts its own. The Redis cases run where a server is
 * named by TEST_REDIS_URL (CI starts one).
 */
const redisUrl = process.env.TEST_REDIS_URL;
const started: TestPlatform[] = [];
/** The MitID stand-in, so that a login start is answered (200) when it is let through. */
let sims: Sims;
beforeAll(async () => {
  sims = await startSims({ webPublicUrl: 'http://127.0.0.1:3000' });
});
afterAll(async () => {
  await sims?.close();
});
afterEach(async () => {
  await Promise.all(started.splice(0).map((platform) => platform.close()));
});

/** Two platform processes as behind a load balancer, allowing 3 login starts a minute per client. */
async function twoProcesses(env: Record<string, string> = {}) {
  const settings = { AUTH_RATE_LIMIT_PER_MINUTE: '3', MITID_ISSUER: `${sims.url}/mitid`, ...env };
  const processes = [await startTestPlatform(settings), await startTestPlatform(settings)] as const;
  started.push(...processes);
  return processes;
}

/** A login start from one client (its address as the storefront forwards it). */
async function startLogin(platform: TestPlatform, ip: string) {
  const answer = await platform.app.inject({
    method: 'POST',
    url: '/Players/auth/start',
    headers: { 'x-forwarded-for': ip },
    payload: { provider: 'mitid', purpose: 'login' },
  });
  return { status: answer.statusCode, body: answer.json<{ code?: string; message?: string }>() };
}

describe('rate limits across platform processes', () => {
  it('without Redis, each process counts a client’s calls on its own', async () => {
    const [a, b] = await twoProcesses();
    const ip = '198.51.100.20';
    for (let i = 0; i < 3; i++) expect((await startLogin(a, ip)).status).toBe(200);
    expect((await startLogin(a, ip)).status).toBe(429);
    // The other process has not seen this client yet.
    expect((await startLogin(b, ip)).status).toBe(200);
  });

  it.runIf(Boolean(redisUrl))('with Redis, the processes count a client’s calls together and refuse the 4th in Danish', async () => {
    const [a, b] = await twoProcesses({ REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: `krone-test-${randomBytes(6).toString('hex')}:` });
    const ip = '198.51.100.21';
    expect((await startLogin(a, ip)).status).toBe(200);
    expect((await startLogin(b, ip)).status).toBe(200);
    expect((await startLogin(a, ip)).status).toBe(200);
    const refused = await startLogin(b, ip);
    expect(refused).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } });
    expect(refused.body.message).toMatch(/forsøg|prøv/i);
    expect((await startLogin(a, ip)).status).toBe(429);
    // Another client behind the same storefront is not affected.
    expect((await startLogin(b, '198.51.100.22')).status).toBe(200);
  });

  it('with Redis unreachable, requests are still answered (not limited, not failed)', async () => {
    const [a] = await twoProcesses({ REDIS_URL: 'redis://127.0.0.1:1' });
    for (let i = 0; i < 4; i++) expect((await startLogin(a, '198.51.100.23')).status).toBe(200);
  });

  it.runIf(Boolean(redisUrl))('keys player-owned calls in Redis by player id and address, never by the session token', async () => {
    const prefix = `krone-test-${randomBytes(6).toString('hex')}:`;
    const [a] = await twoProcesses({ REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: prefix });
    const player = await createLoggedInPlayer(a, { monthlyLimitOre: 1_000_000 });
    const from = { 'x-forwarded-for': '198.51.100.24' };
    const calls = [
      { method: 'PUT' as const, url: `/Limits/${player.token}/deposit/day`, payload: { amountOre: 50_000 } },
      { method: 'POST' as const, url: `/Limits/${player.token}/pause`, payload: { duration: '24h' } },
      { method: 'POST' as const, url: `/Payments/withdrawals/${player.token}`, payload: { amountOre: 10_000 } },
      {
        method: 'POST' as const,
        url: `/Payments/deposits/mobilepay/${player.token}`,
        payload: { amountOre: 20_000, returnUrl: 'http://127.0.0.1:3000/min-konto/overfoer' },
      },
      { method: 'POST' as const, url: `/Limits/not-a-session-${randomBytes(8).toString('hex')}/closure`, payload: { confirm: true } },
    ];
    for (const call of calls) expect((await a.app.inject({ ...call, headers: from })).statusCode).not.toBe(429);
    const redis = new Redis(redisUrl!);
    try {
      const keys = await redis.keys(`${prefix}*`);
      expect(keys.length).toBeGreaterThanOrEqual(4);
      for (const key of keys) {
        expect(key).not.toContain(player.token);
        expect(key).not.toContain('not-a-session');
      }
      expect(keys.filter((key) => key.includes(`player:${player.id}:198.51.100.24`))).toHaveLength(4);
      expect(keys.some((key) => key.endsWith('no-session:198.51.100.24'))).toBe(true);
      await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
  });
});
