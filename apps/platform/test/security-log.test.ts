import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildPlatform, type Platform } from '../src/app.js';
import type { IdentityBrokers, Provider, VerifiedIdentity } from '../src/players/identity.js';
import type { Rofus } from '../src/players/rofus.js';
import { players } from '../src/players/schema.js';
import { AppError } from '../src/shared/errors.js';
import { signBody } from '../src/shared/signed-requests.js';
import { createLoggedInPlayer, sendSignedWebhook, startTestPlatform, type TestPlatform } from './harness.js';

/**
 * Issue 12 §6: the log an operator reads. Session tokens never appear in it; refusals that may be
 * an attack (failed logins, CPR mismatches, bad webhook signatures, bad API keys) do, with
 * context and without secrets; a MobilePay login links an account only on a verified number.
 */
interface Person {
  uuid: string;
  cpr: string;
  birthDate: string;
  phone?: string;
  phoneVerified?: boolean;
}
const people: Record<string, Person> = {};
const brokers: IdentityBrokers = {
  async authorize(provider) {
    return { url: `https://broker.test/${provider}/authorize`, state: 'state-1', nonce: 'nonce-1', codeVerifier: 'verifier-1' };
  },
  async complete(provider: Provider, params): Promise<VerifiedIdentity> {
    if (params.error)
      throw new AppError(
        provider === 'mitid' ? 'MITID_TECHNICAL_ERROR' : 'MOBILEPAY_TECHNICAL_ERROR',
        502,
        'authentication.mitid_technical',
      );
    const p = people[params.code ?? ''];
    if (!p) throw new AppError('LOGIN_EXPIRED', 400, 'authentication.state_mismatch');
    return {
      provider,
      subject: provider === 'mitid' ? p.uuid : `mp-${p.uuid}`,
      givenName: 'Test',
      familyName: 'Person',
      name: 'Test Person',
      birthDate: p.birthDate,
      phoneNumber: p.phone ?? null,
      phoneNumberVerified: p.phoneVerified ?? true,
      loa: provider === 'mitid' ? 'substantial' : null,
      accessToken: `access-${p.uuid}`,
    };
  },
  async matchCpr(accessToken, cpr) {
    return { match: people[accessToken.replace(/^access-/, '')]?.cpr === cpr, remainingAttempts: 2 };
  },
};
const rofus: Rofus = { check: async () => ({ excluded: false, until: null, permanent: false }) };

const NEMKONTO_SECRET = 'test-nemkonto-webhook-secret';
let platform: TestPlatform;
let built: Platform;
let app: FastifyInstance;
let publicApp: FastifyInstance;
let lines: string[] = [];
beforeAll(async () => {
  platform = await startTestPlatform({ LOG_LEVEL: 'info', NEMKONTO_WEBHOOK_SECRET: NEMKONTO_SECRET }, { brokers, rofus });
  // The same platform, logging to a stream the test reads.
  built = await buildPlatform({
    config: platform.config,
    database: platform.database,
    brokers,
    rofus,
    logger: true,
    logStream: { write: (line) => void lines.push(line) },
  });
  await built.ready();
  app = built.internal;
  publicApp = built.public;
});
afterAll(async () => {
  await built?.close();
  await platform?.close();
});
beforeEach(() => {
  lines = [];
});

const logged = () => lines.map((line) => JSON.parse(line) as Record<string, unknown> & { security?: Record<string, unknown> });
const securityEvents = (event: string) =>
  logged()
    .filter((line) => line.security?.event === event)
    .map((line) => ({ ...line.security, level: line.level }));

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) {
  const response = await app.inject({
    method,
    url,
    headers: { 'x-forwarded-for': '192.0.2.44', 'krone-storefront-key': platform.config.STOREFRONT_API_KEY, ...headers },
    ...(payload === undefined ? {} : { payload: payload as never }),
  });
  return { status: response.statusCode, body: response.json() as { code?: string; data?: Record<string, unknown> } };
}
async function authorize(provider: Provider, purpose: 'login' | 'register', params: Record<string, string>) {
  const start = await call('POST', '/Players/auth/start', { provider, purpose });
  return call('POST', '/Players/auth/callback', {
    provider,
    transactionId: start.body.data!.transactionId,
    params: { state: 'state-1', ...params },
  });
}

describe('the log', () => {
  it('never carries a session token or a registration id, whatever the path and answer', async () => {
    const { token } = await createLoggedInPlayer(platform);
    const who: Person = { uuid: `mitid-${randomUUID()}`, cpr: '1705901234', birthDate: '1990-05-17' };
    people[who.uuid] = who;
    const registrationId = (await authorize('mitid', 'register', { code: who.uuid })).body.data!.registrationId as string;
    const paths: [Parameters<typeof call>[0], string, unknown?][] = [
      ['GET', `/GATMaven/users/${token}/validateExpire`],
      ['GET', `/GATMaven/users/${token}/account-summary`],
      ['GET', `/Limits/${token}`],
      ['POST', `/Limits/${token}/pause`, { duration: 'forever' }],
      ['POST', `/Payments/deposits/card/${token}`, { amountOre: 1 }],
      ['GET', `/Payments/deposits/${token}/${randomUUID()}`],
      ['GET', `/Payments/withdrawals/${token}`],
      ['GET', `/Wallet/transactions/${token}`],
      ['GET', `/Players/documents/${token}`],
      ['GET', `/Players/registrations/${registrationId}`],
      ['GET', `/Players/sessions/${token}/not-a-route`],
      ['POST', `/Players/sessions/${token}/logout`],
    ];
    lines = [];
    for (const [method, url, payload] of paths) await call(method, url, payload);
    const text = lines.join('');
    expect(logged().filter((line) => line.msg === 'incoming request')).toHaveLength(paths.length);
    expect(text).not.toContain(token);
    expect(text).not.toContain(registrationId);
    expect(text).toContain('/Limits/[session]');
    expect(text).toContain('/Players/registrations/[registration]');
  });

  it('records failed logins and broker errors with provider, address and reason, without codes or tokens', async () => {
    expect((await authorize('mitid', 'login', { code: 'nobody-knows-this-code' })).status).toBe(400);
    expect((await authorize('mobilepay', 'login', { error: 'access_denied' })).status).toBe(502);
    const transactionId = 'x'.repeat(43);
    expect((await call('POST', '/Players/auth/callback', { provider: 'mitid', transactionId, params: { code: 'c' } })).status).toBe(400);
    expect(securityEvents('login_failed')).toEqual([
      { event: 'login_failed', provider: 'mitid', clientAddress: '192.0.2.44', reason: 'LOGIN_EXPIRED', level: 40 },
      {
        event: 'login_failed',
        provider: 'mobilepay',
        clientAddress: '192.0.2.44',
        reason: 'MOBILEPAY_TECHNICAL_ERROR',
        brokerError: 'access_denied',
        level: 40,
      },
      { event: 'login_failed', provider: 'mitid', clientAddress: '192.0.2.44', reason: 'LOGIN_EXPIRED', level: 40 },
    ]);
    expect(lines.join('')).not.toContain('nobody-knows-this-code');
    expect(lines.join('')).not.toContain(transactionId);
  });

  it('records a CPR mismatch without the CPR tried', async () => {
    const who: Person = { uuid: `mitid-${randomUUID()}`, cpr: '1705901235', birthDate: '1990-05-17' };
    people[who.uuid] = who;
    const registrationId = (await authorize('mitid', 'register', { code: who.uuid })).body.data!.registrationId as string;
    const answer = await call('POST', `/Players/registrations/${registrationId}/details`, {
      cpr: '170590-9999',
      firstName: 'Test',
      lastName: 'Person',
      email: `${who.uuid}@example.dk`,
      mobileCc: '+45',
      mobileNo: '20304050',
    });
    expect(answer.body.code).toBe('CPR_MISMATCH');
    expect(securityEvents('cpr_mismatch')).toEqual([
      { event: 'cpr_mismatch', provider: 'mitid', clientAddress: '192.0.2.44', reason: 'CPR_MISMATCH', remainingAttempts: 2, level: 40 },
    ]);
    const text = lines.join('');
    expect(text).not.toMatch(/170590-?9999/);
    expect(text).not.toContain(registrationId);
  });

  it('records webhooks with a bad signature and internal calls with a bad API key, never the secret or the key', async () => {
    const harness = { ...platform, publicApp };
    expect((await sendSignedWebhook(harness, '/Payments/webhooks/nemkonto', { type: 'payout.paid' }, 'a-forged-secret-123')).status).toBe(
      401,
    );
    const unsigned = await publicApp.inject({
      method: 'POST',
      url: '/Payments/webhooks/cards',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.45' },
      payload: '{}',
    });
    expect(unsigned.statusCode).toBe(401);
    expect(securityEvents('webhook_signature_invalid')).toEqual([
      {
        event: 'webhook_signature_invalid',
        provider: 'nemkonto',
        clientAddress: '127.0.0.1',
        reason: 'signature_mismatch_or_stale',
        level: 40,
      },
      { event: 'webhook_signature_invalid', provider: 'cards', clientAddress: '192.0.2.45', reason: 'signature_missing', level: 40 },
    ]);
    const translations = '/CMScasino/translations';
    expect((await call('GET', translations, undefined, { 'krone-storefront-key': 'guessed-key-0123456789' })).status).toBe(401);
    expect((await call('GET', translations, undefined, { 'krone-storefront-key': '' })).status).toBe(401);
    expect(securityEvents('api_key_invalid')).toEqual([
      { event: 'api_key_invalid', provider: 'storefront', clientAddress: '192.0.2.44', reason: 'key_wrong', level: 40 },
      { event: 'api_key_invalid', provider: 'storefront', clientAddress: '192.0.2.44', reason: 'key_missing', level: 40 },
    ]);
    const text = lines.join('');
    for (const secret of ['a-forged-secret-123', 'guessed-key-0123456789', platform.config.STOREFRONT_API_KEY, NEMKONTO_SECRET])
      expect(text).not.toContain(secret);
  });

  it('records games-contract calls with a forged or stale signature, or from an unknown provider, never the signature', async () => {
    const body = JSON.stringify({ sessionId: randomUUID(), roundId: 'r1', transactionId: 't1', amountOre: 100 });
    const send = (provider: string, secret: string, at: number) =>
      publicApp.inject({
        method: 'POST',
        url: `/Games/providers/${provider}/bet`,
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': '192.0.2.46',
          'krone-timestamp': String(at),
          'krone-signature': signBody(secret, at, body),
        },
        payload: body,
      });
    const now = Math.floor(Date.now() / 1000);
    const forged = await send('krone-studio', 'a-forged-studio-secret-123', now);
    expect(forged.statusCode).toBe(401);
    expect((forged.json() as { code: string }).code).toBe('GAME_SIGNATURE_INVALID');
    expect((await send('krone-studio', platform.config.GAME_PROVIDER_KRONE_STUDIO_SECRET, now - 600)).statusCode).toBe(401);
    expect((await send('nobody', 'a-forged-studio-secret-123', now)).statusCode).toBe(401);
    expect(securityEvents('game_signature_invalid')).toEqual([
      { event: 'game_signature_invalid', provider: 'krone-studio', clientAddress: '192.0.2.46', reason: 'mismatch', level: 40 },
      { event: 'game_signature_invalid', provider: 'krone-studio', clientAddress: '192.0.2.46', reason: 'stale', level: 40 },
      { event: 'game_signature_invalid', provider: 'nobody', clientAddress: '192.0.2.46', reason: 'provider_unknown', level: 40 },
    ]);
    const text = lines.join('');
    for (const secret of [
      'a-forged-studio-secret-123',
      platform.config.GAME_PROVIDER_KRONE_STUDIO_SECRET,
      signBody('a-forged-studio-secret-123', now, body),
    ])
      expect(text).not.toContain(secret);
  });
});

describe('MobilePay login links an existing account', () => {
  async function accountWithMobile(who: Person) {
    people[who.uuid] = who;
    const registrationId = (await authorize('mitid', 'register', { code: who.uuid })).body.data!.registrationId as string;
    const details = await call('POST', `/Players/registrations/${registrationId}/details`, {
      cpr: who.cpr,
      firstName: 'Test',
      lastName: 'Person',
      email: `${who.uuid}@example.dk`,
      mobileCc: '+45',
      mobileNo: who.phone!.slice(3),
    });
    expect(details.status, JSON.stringify(details.body)).toBe(200);
    const done = await call('POST', `/Players/registrations/${registrationId}/complete`, { acceptTerms: true, bonus: true });
    return done.body.data!.playerId as string;
  }

  it('not on a phone number MobilePay has not verified, and on a verified one', async () => {
    const who: Person = {
      uuid: `mitid-${randomUUID()}`,
      cpr: '0303851236',
      birthDate: '1985-03-03',
      phone: '+4571727374',
      phoneVerified: false,
    };
    const playerId = await accountWithMobile(who);
    const refused = await authorize('mobilepay', 'login', { code: who.uuid });
    expect(refused.body.code).toBe('MOBILEPAY_NO_ACCOUNT');
    const [unlinked] = await platform.database.db.select({ sub: players.mobilePaySub }).from(players).where(eq(players.id, playerId));
    expect(unlinked!.sub).toBeNull();
    // Once MobilePay vouches for the number, the same person is linked.
    who.phoneVerified = true;
    const login = await authorize('mobilepay', 'login', { code: who.uuid });
    expect(login.body.data).toMatchObject({ outcome: 'session', playerId });
  });
});

describe('log format', () => {
  async function requestLines(overrides: Partial<typeof platform.config>) {
    const captured: string[] = [];
    const other = await buildPlatform({
      config: { ...platform.config, ...overrides },
      database: platform.database,
      brokers,
      rofus,
      logger: true,
      logStream: { write: (line) => void captured.push(line) },
    });
    try {
      await other.ready();
      await other.internal.inject({ method: 'GET', url: '/health' });
      return captured.map((line) => JSON.parse(line) as { level: number; msg: string });
    } finally {
      await other.close();
    }
  }

  it('keeps each request out of a developer’s readable log unless asked for at debug, and in production’s JSON at info', async () => {
    // Readable (npm start): no line per request at info …
    const quiet = await requestLines({ LOG_FORMAT: 'pretty', LOG_LEVEL: 'info' });
    expect(quiet.filter((line) => /health|request/i.test(line.msg))).toEqual([]);
    // … one short line per request at debug.
    const debug = await requestLines({ LOG_FORMAT: 'pretty', LOG_LEVEL: 'debug' });
    expect(debug.filter((line) => /^GET \/health 200 \d+ ms$/.test(line.msg))).toEqual([expect.objectContaining({ level: 20 })]);
    // JSON (production): Fastify's own request lines at info, as a log collector reads them.
    const json = await requestLines({ LOG_FORMAT: 'json', LOG_LEVEL: 'info' });
    expect(json.filter((line) => line.msg === 'request completed')).toEqual([expect.objectContaining({ level: 30 })]);
  });
});
