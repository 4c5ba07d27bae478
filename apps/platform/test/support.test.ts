import { createHmac } from 'node:crypto';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, usedCaptchas } from '../src/support/schema.js';
import { createLoggedInPlayer, startTestPlatform, type TestPlatform } from './harness.js';

// The smallest difficulty the config allows keeps each solve in the test to a few milliseconds.
const FAST_CAPTCHA = { ALTCHA_MAX_NUMBER: '1000' };

type Dictionary = Record<string, Record<string, string>>;

async function danish(platform: TestPlatform): Promise<(key: string) => string> {
  const answer = await platform.app.inject({ method: 'GET', url: '/CMScasino/translations' });
  const dictionary = answer.json<{ data: Dictionary }>().data;
  return (key) => {
    const [group, name] = key.split('.') as [string, string];
    const text = dictionary[group]?.[name];
    if (!text) throw new Error(`translation ${key} is missing from the seed`);
    return text;
  };
}

async function fetchChallenge(platform: TestPlatform, ip = '198.51.100.1'): Promise<Challenge> {
  const answer = await platform.app.inject({ method: 'GET', url: '/Support/contact/challenge', headers: { 'x-forwarded-for': ip } });
  expect(answer.statusCode).toBe(200);
  return answer.json<Challenge>();
}

/** What the ALTCHA widget posts: base64 JSON of the challenge it was given and the solution it found. */
async function solvedPayload(platform: TestPlatform): Promise<string> {
  const challenge = await fetchChallenge(platform);
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('challenge not solved');
  return encode({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution });
}

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
const decode = (payload: string) => JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));

let sequence = 0;
/** A valid guest message; each gets its own email so a test can count only its own rows. */
function message(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    name: 'Mette Hansen',
    email: `mette.${sequence}@eksempel.dk`,
    phone: '12345678',
    subject: 'payment',
    message: 'Min indbetaling er ikke kommet frem på kontoen.',
    ...overrides,
  };
}

let visitors = 0;
/** A new visitor address per call unless a test names one, so the hourly limit only bites where meant. */
const nextIp = () => {
  visitors += 1;
  return `10.0.${Math.floor(visitors / 250)}.${(visitors % 250) + 1}`;
};

/** A guest's message, or with a session token the session's player's (POST /Support/contact/{sessionId}). */
function send(platform: TestPlatform, body: Record<string, unknown>, ip = nextIp(), sessionToken?: string) {
  const url = sessionToken ? `/Support/contact/${sessionToken}` : '/Support/contact';
  return platform.app.inject({ method: 'POST', url, headers: { 'x-forwarded-for': ip }, payload: body });
}

async function rowsFor(platform: TestPlatform, email: string) {
  return platform.database.db.select().from(contactMessages).where(eq(contactMessages.email, email));
}

describe('support: contact form', () => {
  let platform: TestPlatform;
  let t: (key: string) => string;

  beforeAll(async () => {
    platform = await startTestPlatform(FAST_CAPTCHA);
    t = await danish(platform);
  });
  afterAll(async () => {
    await platform?.close();
  });

  it('hands out a signed, expiring SHA-256 challenge that is never cached', async () => {
    const before = Math.floor(Date.now() / 1000);
    const answer = await platform.app.inject({ method: 'GET', url: '/Support/contact/challenge' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const challenge = answer.json<Challenge>();
    expect(challenge.parameters).toMatchObject({ algorithm: 'SHA-256', cost: 1, keyLength: 32 });
    expect(challenge.parameters.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(challenge.parameters.salt).toMatch(/^[0-9a-f]{32}$/);
    expect(challenge.parameters.keyPrefix).toMatch(/^[0-9a-f]{32}$/);
    expect(challenge.parameters.keySignature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    const expiresIn = challenge.parameters.expiresAt! - before;
    expect(expiresIn).toBeGreaterThanOrEqual(platform.config.ALTCHA_EXPIRES_SECONDS - 1);
    expect(expiresIn).toBeLessThanOrEqual(platform.config.ALTCHA_EXPIRES_SECONDS + 1);

    const other = await fetchChallenge(platform);
    expect(other.parameters.nonce).not.toBe(challenge.parameters.nonce);
  });

  it('stores a message with a solved captcha, keeping only a hash of the sender IP', async () => {
    const body = message({ captcha: await solvedPayload(platform) });
    const answer = await send(platform, body, '203.0.113.7');
    expect(answer.statusCode).toBe(200);
    const { result, data } = answer.json<{ result: number; data: { id: string } }>();
    expect(result).toBe(1);

    const [row] = await platform.database.db.select().from(contactMessages).where(eq(contactMessages.id, data.id));
    expect(row).toMatchObject({
      kind: 'guest',
      playerId: null,
      name: 'Mette Hansen',
      email: body.email,
      phone: '12345678',
      subject: 'payment',
      message: body.message,
    });
    expect(row!.ipHash).toBe(createHmac('sha256', platform.config.IP_HASH_SALT).update('203.0.113.7').digest('hex'));
    expect(JSON.stringify(row)).not.toContain('203.0.113.7');
  });

  it('stores a player message for the session’s player, whatever player the body names', async () => {
    const player = await createLoggedInPlayer(platform);
    const other = await createLoggedInPlayer(platform);
    const body = message({ kind: 'player', playerId: other.id, subject: 'bonus', phone: '', captcha: await solvedPayload(platform) });
    expect((await send(platform, body, nextIp(), player.token)).statusCode).toBe(200);
    const [row] = await rowsFor(platform, body.email);
    expect(row).toMatchObject({ kind: 'player', playerId: player.id, subject: 'bonus', phone: null });
  });

  it('stores a guest’s message as a guest’s even when the body claims a player', async () => {
    const other = await createLoggedInPlayer(platform);
    const body = message({ kind: 'player', playerId: other.id, captcha: await solvedPayload(platform) });
    expect((await send(platform, body)).statusCode).toBe(200);
    const [row] = await rowsFor(platform, body.email);
    expect(row).toMatchObject({ kind: 'guest', playerId: null });
  });

  it('refuses a player message without a live session, and stores nothing', async () => {
    const body = message({ captcha: await solvedPayload(platform) });
    const answer = await send(platform, body, nextIp(), 'a'.repeat(64));
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toMatchObject({ result: 0, code: 'SESSION_INVALID' });
    expect(await rowsFor(platform, body.email)).toHaveLength(0);
  });

  it('asks for the captcha when there is none, in Danish, and stores nothing', async () => {
    const body = message();
    const answer = await send(platform, body);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ result: 0, code: 'CAPTCHA_REQUIRED', message: t('contact_us.captcha_required') });
    expect(answer.json().message).not.toBe('contact_us.captcha_required');
    expect(await rowsFor(platform, body.email)).toHaveLength(0);
  });

  it('refuses a tampered solution, a tampered challenge and garbage as CAPTCHA_INVALID', async () => {
    const payload = decode(await solvedPayload(platform));
    const key: string = payload.solution.derivedKey;
    const wrongKey = { ...payload, solution: { ...payload.solution, derivedKey: `${key.slice(0, -1)}${key.endsWith('0') ? '1' : '0'}` } };
    const easierChallenge = {
      ...payload,
      challenge: { ...payload.challenge, parameters: { ...payload.challenge.parameters, keyPrefix: '00' } },
    };
    const unsigned = { ...payload, challenge: { parameters: payload.challenge.parameters } };
    for (const captcha of [
      encode(wrongKey),
      encode(easierChallenge),
      encode(unsigned),
      'bm90IGpzb24=',
      '!!!',
      encode({ challenge: null, solution: null, test: true }),
    ]) {
      const body = message({ captcha });
      const answer = await send(platform, body);
      expect(answer.statusCode, captcha).toBe(400);
      expect(answer.json(), captcha).toEqual({ result: 0, code: 'CAPTCHA_INVALID', message: t('contact_us.captcha_error') });
      expect(await rowsFor(platform, body.email)).toHaveLength(0);
    }
  });

  it('accepts a solved challenge once: a replayed payload is refused and only one row is stored', async () => {
    const captcha = await solvedPayload(platform);
    const body = message({ captcha });
    expect((await send(platform, body)).statusCode).toBe(200);
    const replay = await send(platform, body);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ result: 0, code: 'CAPTCHA_INVALID', message: t('contact_us.captcha_error') });
    expect(await rowsFor(platform, body.email)).toHaveLength(1);
  });

  it('lets only one of two simultaneous submissions of the same payload through', async () => {
    const body = message({ captcha: await solvedPayload(platform) });
    const answers = await Promise.all([send(platform, body, '203.0.113.21'), send(platform, body, '203.0.113.22')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect(await rowsFor(platform, body.email)).toHaveLength(1);
  });

  it('refuses a bad email and a too-short message with field codes, stores nothing, and keeps the captcha usable', async () => {
    const captcha = await solvedPayload(platform);

    const badEmail = message({ email: 'mette-at-eksempel', captcha });
    const emailAnswer = await send(platform, badEmail);
    expect(emailAnswer.statusCode).toBe(400);
    expect(emailAnswer.json()).toMatchObject({
      result: 0,
      code: 'INVALID_INPUT',
      message: t('validation.invalid_input'),
      fields: { email: 'validation.email_invalid' },
    });
    expect(await rowsFor(platform, 'mette-at-eksempel')).toHaveLength(0);

    const short = message({ message: '  Hjælp!  ', name: '   ', captcha });
    const shortAnswer = await send(platform, short);
    expect(shortAnswer.statusCode).toBe(400);
    expect(shortAnswer.json()).toMatchObject({
      code: 'INVALID_INPUT',
      message: t('validation.invalid_input'),
      fields: { message: 'validation.too_short', name: 'validation.required' },
    });
    expect(await rowsFor(platform, short.email)).toHaveLength(0);

    const long = message({ message: 'x'.repeat(4001), subject: 'casino', captcha });
    const longAnswer = await send(platform, long);
    expect(longAnswer.json()).toMatchObject({
      code: 'INVALID_INPUT',
      fields: { message: 'contact_us.message_too_long', subject: 'validation.subject_required' },
    });

    // Every field code is a key of the dictionary, so the storefront can always show it in Danish.
    for (const answer of [emailAnswer, shortAnswer, longAnswer]) {
      for (const code of Object.values(answer.json<{ fields: Record<string, string> }>().fields)) expect(t(code)).toBeTruthy();
    }

    // Refused input never spends the captcha: the corrected message goes through with it.
    const fixed = message({ captcha });
    expect((await send(platform, fixed)).statusCode).toBe(200);
    expect(await rowsFor(platform, fixed.email)).toHaveLength(1);
  });

  it('ignores X-Forwarded-For from a caller that is not the storefront', async () => {
    const body = message({ captcha: await solvedPayload(platform) });
    const answer = await platform.app.inject({
      method: 'POST',
      url: '/Support/contact',
      remoteAddress: '192.0.2.50',
      headers: { 'x-forwarded-for': '10.9.8.7' },
      payload: body,
    });
    expect(answer.statusCode).toBe(200);
    const [row] = await rowsFor(platform, body.email);
    expect(row!.ipHash).toBe(createHmac('sha256', platform.config.IP_HASH_SALT).update('192.0.2.50').digest('hex'));
  });
});

describe('support: captcha expiry', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startTestPlatform(FAST_CAPTCHA);
  });
  afterAll(async () => {
    await platform?.close();
  });

  it('refuses a solved challenge once the clock passes ALTCHA_EXPIRES_SECONDS', async () => {
    const t = await danish(platform);
    const start = new Date();
    platform.setNow(start);
    const captcha = await solvedPayload(platform);

    platform.setNow(new Date(start.getTime() + (platform.config.ALTCHA_EXPIRES_SECONDS - 5) * 1000));
    const early = message({ captcha });
    expect((await send(platform, early)).statusCode).toBe(200);

    const late = message({ captcha: await solvedPayload(platform) });
    platform.setNow(new Date(start.getTime() + (platform.config.ALTCHA_EXPIRES_SECONDS * 2 + 5) * 1000));
    const answer = await send(platform, late);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ result: 0, code: 'CAPTCHA_EXPIRED', message: t('contact_us.captcha_expired') });
    expect(await rowsFor(platform, late.email)).toHaveLength(0);
  });

  it('forgets used challenges once they have expired anyway', async () => {
    const start = new Date();
    platform.setNow(start);
    const first = message({ captcha: await solvedPayload(platform) });
    expect((await send(platform, first)).statusCode).toBe(200);
    expect((await platform.database.db.select().from(usedCaptchas)).length).toBeGreaterThan(0);

    platform.setNow(new Date(start.getTime() + (platform.config.ALTCHA_EXPIRES_SECONDS + 60) * 1000));
    const second = message({ captcha: await solvedPayload(platform) });
    expect((await send(platform, second)).statusCode).toBe(200);
    const left = await platform.database.db.select().from(usedCaptchas);
    expect(left).toHaveLength(1);
    expect(left[0]!.expiresAt.getTime()).toBeGreaterThan(start.getTime() + platform.config.ALTCHA_EXPIRES_SECONDS * 1000);
  });
});

describe('support: rate limit', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startTestPlatform({ ...FAST_CAPTCHA, CONTACT_RATE_LIMIT_PER_HOUR: '2' });
  });
  afterAll(async () => {
    await platform?.close();
  });

  it('answers 429 RATE_LIMITED in Danish after the hourly limit, per client IP', async () => {
    const t = await danish(platform);
    const ip = '203.0.113.99';
    expect((await send(platform, message({ captcha: await solvedPayload(platform) }), ip)).statusCode).toBe(200);
    expect((await send(platform, message({ captcha: await solvedPayload(platform) }), ip)).statusCode).toBe(200);

    const third = message({ captcha: await solvedPayload(platform) });
    const answer = await send(platform, third, ip);
    expect(answer.statusCode).toBe(429);
    expect(answer.json()).toEqual({ result: 0, code: 'RATE_LIMITED', message: t('contact_us.rate_limited') });
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    expect(await rowsFor(platform, third.email)).toHaveLength(0);

    // Another visitor behind the same storefront is not affected.
    expect((await send(platform, third, '203.0.113.100')).statusCode).toBe(200);
  });
});
