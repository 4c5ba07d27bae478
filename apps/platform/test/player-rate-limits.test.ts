import { randomBytes } from 'node:crypto';
import type { Sims } from '@krone/sims';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoggedInPlayer, startPlatformWithCards, type TestPlatform } from './harness.js';

/**
 * Issue 12 §3: player-owned calls are limited per player (and address), counted after the
 * session is resolved. Every call comes from the same address, as players behind one NAT (or,
 * before the storefront forwarded addresses, every player) do.
 */
const web = 'http://127.0.0.1:3000';
const address = '203.0.113.7';
let sims: Sims;
let platform: TestPlatform;

beforeAll(async () => {
  ({ sims, platform } = await startPlatformWithCards());
});
afterAll(async () => {
  await platform?.close();
  await sims?.close();
});

async function post(url: string, payload: unknown, from = address) {
  const response = await platform.app.inject({ method: 'POST', url, headers: { 'x-forwarded-for': from }, payload: payload as never });
  return { status: response.statusCode, code: (response.json() as { code?: string }).code };
}
/** A card deposit with a token the provider does not know: answered, but never by the rate limit unless it bites. */
const cardDeposit = (session: string, from = address) =>
  post(`/Payments/deposits/card/${session}`, { token: 'tok_unknown', amountOre: 20_000, returnUrl: `${web}/min-konto/overfoer` }, from);
const pause = (session: string, from = address) => post(`/Limits/${session}/pause`, { duration: '24h' }, from);
const closure = (session: string, from = address) => post(`/Limits/${session}/closure`, { confirm: true }, from);
const junkSession = () => randomBytes(24).toString('base64url');

describe('rate limits of player-owned calls (per player, after the session)', () => {
  it('limits two players behind one address separately', async () => {
    const [a, b] = [
      await createLoggedInPlayer(platform, { monthlyLimitOre: 10_000_000 }),
      await createLoggedInPlayer(platform, { monthlyLimitOre: 10_000_000 }),
    ];
    for (let i = 0; i < 20; i++) expect((await cardDeposit(a.token)).status).not.toBe(429);
    expect(await cardDeposit(a.token)).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    // The same address, another player: a bucket of their own.
    const other = await cardDeposit(b.token);
    expect(other.status).not.toBe(429);
    expect(other.status).not.toBe(401);
  });

  it('refuses made-up sessions with 401 and counts them against their own address only, never against a real player', async () => {
    const player = await createLoggedInPlayer(platform, { monthlyLimitOre: 10_000_000 });
    const flood = [];
    for (let i = 0; i < 25; i++) flood.push((await cardDeposit(junkSession())).status);
    expect(flood.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(flood.slice(20).every((status) => status === 429)).toBe(true);
    for (let i = 0; i < 65; i++) await pause(junkSession());
    expect((await pause(junkSession())).status).toBe(429);
    for (let i = 0; i < 65; i++) await closure(junkSession());
    expect((await closure(junkSession())).status).toBe(429);
    // The real player behind the same address deposits and pauses as usual.
    const deposit = await cardDeposit(player.token);
    expect(deposit.status).not.toBe(429);
    expect(deposit.status).not.toBe(401);
    expect((await pause(player.token)).status).toBe(200);
    // A junk caller on another address was never limited either.
    expect((await cardDeposit(junkSession(), '203.0.113.8')).status).toBe(401);
  });

  it('looks the session up once per request: the rate limit and the session-player hook share it', async () => {
    const player = await createLoggedInPlayer(platform);
    const resolve = platform.app.resolveSessionPlayer;
    const asked: string[] = [];
    platform.app.resolveSessionPlayer = (sessionId) => {
      asked.push(sessionId);
      return resolve(sessionId);
    };
    try {
      expect((await pause(player.token)).status).toBe(200);
      expect(asked).toEqual([player.token]);
      // A made-up session too: counted, then refused, with one look-up.
      asked.length = 0;
      expect((await closure(junkSession(), '203.0.113.9')).status).toBe(401);
      expect(asked).toHaveLength(1);
    } finally {
      platform.app.resolveSessionPlayer = resolve;
    }
  });

  it('never refuses a pause or a closure because another client filled a limit', async () => {
    const [noisy, pausing, closing] = [
      await createLoggedInPlayer(platform),
      await createLoggedInPlayer(platform),
      await createLoggedInPlayer(platform),
    ];
    // One player (a runaway client) fills their own pause and closure buckets at this address…
    for (let i = 0; i < 61; i++) await pause(noisy.token);
    expect((await pause(noisy.token)).status).toBe(429);
    for (let i = 0; i < 61; i++) await closure(noisy.token);
    expect((await closure(noisy.token)).status).toBe(429);
    // …and a flood of made-up sessions fills the address's own.
    for (let i = 0; i < 61; i++) await pause(junkSession());
    // Other players at the same address pause and close their accounts.
    expect((await pause(pausing.token)).status).toBe(200);
    expect((await closure(closing.token)).status).toBe(200);
  });
});
