import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlatform } from '../src/app.js';
import { rowsOf } from '../src/shared/db.js';
import { STOREFRONT_KEY_HEADER } from '../src/shared/storefront-key.js';
import { createLoggedInPlayer, sendSignedWebhook, startTestPlatform, type TestPlatform } from './harness.js';

/**
 * Issue 15 §3, the platform's doors (app.ts): the internal listener serves the storefront alone,
 * with its key on every call but /health; the public listener serves the providers' webhooks and
 * the games contract alone; the documentation is off in production and never public.
 */
let platform: TestPlatform;
let danish: string;
beforeAll(async () => {
  platform = await startTestPlatform();
  const translations = (await platform.app.inject({ method: 'GET', url: '/CMScasino/translations' })).json() as {
    data?: Record<string, Record<string, string>>;
  } & Record<string, Record<string, string>>;
  danish = (translations.data ?? translations).validation!.forbidden!;
});
afterAll(async () => {
  await platform?.close();
});

type Totals = { event: string; provider: string; reason: string; count: number };

/** The security chain's storefront-key refusals (audit/security.ts: totals per minute, one item per refusal), oldest first. */
async function refusedKeys(): Promise<{ provider: string; reason: string }[]> {
  await platform.flushSecurityEvents();
  const rows = await rowsOf<{ body: Totals }>(sql`select body from audit_log where chain = 'security' order by seq`, platform.database.db);
  return rows
    .map(({ body }) => (typeof body === 'string' ? JSON.parse(body) : body) as Totals)
    .filter((body) => body.event === 'api_key_invalid' && body.provider === 'storefront')
    .flatMap(({ provider, reason, count }) => Array.from({ length: count }, () => ({ provider, reason })));
}

describe('the internal listener: the storefront’s door', () => {
  it('refuses a call without the storefront’s key or with a wrong one, in Danish, and records each as a security event', async () => {
    const player = await createLoggedInPlayer(platform);
    const before = (await refusedKeys()).length;
    const url = `/GATMaven/users/${player.token}/account-summary`;
    for (const key of [undefined, '', 'not-the-storefront-key', `${platform.config.STOREFRONT_API_KEY}x`]) {
      const answer = await platform.app.inject({ method: 'GET', url, headers: { [STOREFRONT_KEY_HEADER]: key } });
      expect(answer.statusCode, String(key)).toBe(401);
      expect(answer.json()).toEqual({ result: 0, code: 'STOREFRONT_KEY_INVALID', message: danish });
      expect(answer.body).not.toContain('balance');
    }
    // The key is checked before the route: an unknown path or a body is no way past it.
    const unknown = await platform.app.inject({ method: 'GET', url: '/no-such-route', headers: { [STOREFRONT_KEY_HEADER]: undefined } });
    expect(unknown.statusCode).toBe(401);
    const posted = await platform.app.inject({
      method: 'POST',
      url: '/Support/contact',
      headers: { [STOREFRONT_KEY_HEADER]: 'wrong' },
      payload: { message: 'x' },
    });
    expect(posted.statusCode).toBe(401);
    // Counted beside the refusals and written as totals (audit/security.ts), when flushed.
    const reasons = (await refusedKeys())
      .slice(before)
      .map(({ provider, reason }) => `${provider}:${reason}`)
      .sort();
    expect(reasons).toEqual([...Array(3).fill('storefront:key_missing'), ...Array(3).fill('storefront:key_wrong')]);
  });

  it('answers the storefront with its key, and /health to anyone', async () => {
    const player = await createLoggedInPlayer(platform);
    const answer = await platform.app.inject({ method: 'GET', url: `/GATMaven/users/${player.token}/account-summary` });
    expect(answer.statusCode).toBe(200);
    const health = await platform.app.inject({ method: 'GET', url: '/health', headers: { [STOREFRONT_KEY_HEADER]: undefined } });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok' });
  });

  it('no longer serves the providers’ webhooks or the games contract, even with the storefront’s key', async () => {
    for (const url of [
      '/Payments/webhooks/cards',
      '/Payments/webhooks/mobilepay',
      '/Payments/webhooks/nemkonto',
      '/Games/providers/krone-studio/authenticate',
      '/Games/providers/krone-studio/bet',
    ]) {
      const answer = await platform.app.inject({ method: 'POST', url, payload: {} });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json()).toMatchObject({ result: 0, code: 'NOT_FOUND' });
    }
  });

  it('serves the API documentation outside production, to the storefront’s key only', async () => {
    const docs = await platform.app.inject({ method: 'GET', url: '/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect((docs.json() as { paths: Record<string, unknown> }).paths).toHaveProperty(['/Players/auth/start']);
    const keyless = await platform.app.inject({ method: 'GET', url: '/docs/json', headers: { [STOREFRONT_KEY_HEADER]: undefined } });
    expect(keyless.statusCode).toBe(401);
  });
});

describe('the public listener: the providers’ door', () => {
  it('serves the webhooks and the games contract, each behind its own signature', async () => {
    const forged = await sendSignedWebhook(platform, '/Payments/webhooks/cards', { id: 'x' }, 'a-forged-webhook-secret');
    expect(forged).toMatchObject({ status: 401, body: { code: 'WEBHOOK_SIGNATURE_INVALID' } });
    const unsigned = await platform.publicApp.inject({ method: 'POST', url: '/Games/providers/krone-studio/balance', payload: {} });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json()).toMatchObject({ code: 'GAME_SIGNATURE_INVALID' });
    const health = await platform.publicApp.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(200);
  });

  // Issue 22 §3: the ledger's raw transfer door (house → player cash with two keys) is gone, on
  // both listeners and whatever key is sent; money moves only through deposits, withdrawals, the
  // games contract and the bonus context.
  it('has no door that moves money between arbitrary accounts: POST /Wallet/transfers is 404 on both listeners', async () => {
    const player = await createLoggedInPlayer(platform);
    const transfers = async () =>
      (await rowsOf<{ n: number }>(sql`select count(*)::int as n from wallet_transfers`, platform.database.db))[0]!.n;
    const before = await transfers();
    const payload = {
      idempotencyKey: `mint-${player.id}`,
      kind: 'deposit',
      entries: [
        { account: { system: 'house' }, amountOre: -1_000_000 },
        { account: { playerId: player.id, kind: 'player_cash' }, amountOre: 1_000_000 },
      ],
    };
    // The key the door took (its development default), with the storefront's key on the internal listener.
    const headers = { 'x-api-key': 'krone-development-wallet-key', 'content-type': 'application/json' };
    for (const app of [platform.app, platform.publicApp]) {
      const answer = await app.inject({ method: 'POST', url: '/Wallet/transfers', headers, payload });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ result: 0, code: 'NOT_FOUND' });
    }
    expect(await transfers()).toBe(before);
    const summary = await platform.app.inject({ method: 'GET', url: `/GATMaven/users/${player.token}/account-summary` });
    expect(summary.json()).toMatchObject({ data: { TotalBalance: 0 } });
  });

  it('answers 404 to every storefront route and to the documentation, even with the storefront’s key', async () => {
    const player = await createLoggedInPlayer(platform);
    const headers = { [STOREFRONT_KEY_HEADER]: platform.config.STOREFRONT_API_KEY };
    for (const [method, url] of [
      ['GET', `/GATMaven/users/${player.token}/account-summary`],
      ['GET', '/CMScasino/translations'],
      ['POST', '/Players/auth/start'],
      ['POST', `/Payments/deposits/card/${player.token}`],
      ['POST', '/Support/contact'],
      ['GET', '/Games/catalogue'],
      ['GET', '/docs'],
      ['GET', '/docs/json'],
      ['GET', '/documentation'],
    ] as const) {
      const answer = await platform.publicApp.inject({ method, url, headers, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json()).toMatchObject({ result: 0, code: 'NOT_FOUND' });
    }
  });
});

describe('production', () => {
  it('turns the documentation off', async () => {
    const production = await buildPlatform({
      config: { ...platform.config, KRONE_ENV: 'production' },
      database: platform.database,
      logger: false,
    });
    try {
      await production.ready();
      const headers = { [STOREFRONT_KEY_HEADER]: platform.config.STOREFRONT_API_KEY };
      for (const url of ['/docs', '/docs/json', '/docs/static/index.html'])
        expect((await production.internal.inject({ method: 'GET', url, headers })).statusCode, url).toBe(404);
      expect((await production.internal.inject({ method: 'GET', url: '/CMScasino/translations', headers })).statusCode).toBe(200);
    } finally {
      await production.close();
    }
  });
});

describe('TLS on the internal listener', () => {
  it('serves https itself with PLATFORM_TLS_CERT_FILE and PLATFORM_TLS_KEY_FILE', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'krone-tls-'));
    const cert = path.join(dir, 'platform.crt');
    const key = path.join(dir, 'platform.key');
    const made = spawnSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1'],
      { encoding: 'utf8' },
    );
    expect(made.status, made.stderr).toBe(0);
    const tls = await buildPlatform({
      config: { ...platform.config, PLATFORM_TLS_CERT_FILE: cert, PLATFORM_TLS_KEY_FILE: key },
      database: platform.database,
      logger: false,
    });
    try {
      const address = await tls.internal.listen({ host: '127.0.0.1', port: 0 });
      expect(address).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = https.get(
          `${address}/CMScasino/translations`,
          {
            ca: readFileSync(cert),
            checkServerIdentity: () => undefined,
            headers: { [STOREFRONT_KEY_HEADER]: platform.config.STOREFRONT_API_KEY },
          },
          (response) => {
            let body = '';
            response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
          },
        );
        request.on('error', reject);
      });
      expect(answer.status).toBe(200);
    } finally {
      await tls.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
