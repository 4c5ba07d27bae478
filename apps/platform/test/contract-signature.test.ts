import { randomUUID } from 'node:crypto';
import { contractPath } from '@krone/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signContractCall } from '../src/shared/signed-requests.js';
import { addTestTitles, gameProvider, launchToken, playerWithCash, type GameProviderClient } from './games-provider.js';
import { startTestPlatform, type TestPlatform } from './harness.js';

/**
 * A games-contract signature covers the method, the path and the provider, not only the time and
 * the body (games/README.md, "The contract"): a captured call replayed at another operation or
 * another provider's door, or signed for another method, is refused and moves nothing.
 */
const SECRET = 'studio-secret-of-the-signature-suite-0123456789';
let platform: TestPlatform;
let studio: GameProviderClient;
let twin: GameProviderClient;

beforeAll(async () => {
  platform = await startTestPlatform({
    GAME_PROVIDER_KRONE_STUDIO_SECRET: SECRET,
    // A second provider with the same secret (a configuration mistake, or one secret leaked to both).
    GAME_PROVIDERS_EXTRA: `twin-studio:${SECRET}`,
  });
  await addTestTitles(platform.database.db, [{ id: 'test-signature', stepsOre: [100] }]);
  studio = gameProvider(platform.publicApp, 'krone-studio', SECRET);
  twin = gameProvider(platform.publicApp, 'twin-studio', SECRET);
}, 60_000);
afterAll(async () => {
  await platform.close();
});

async function seated() {
  const player = await playerWithCash(platform, 10_000);
  const auth = await studio.call('authenticate', { token: await launchToken(platform, player.token, 'test-signature') });
  expect(auth.status).toBe(200);
  return auth.body.data!.sessionId as string;
}

const balanceOf = async (sessionId: string) => (await studio.call('balance', { sessionId })).body.data!.balanceOre;

/** A bet exactly as the studio sends it: its headers and body, to send again elsewhere. */
function signedBet(sessionId: string) {
  const roundId = `r-${randomUUID()}`;
  const body = JSON.stringify({ sessionId, roundId, transactionId: `t-${roundId}`, amountOre: 100 });
  const timestamp = Math.floor(Date.now() / 1000);
  const path = contractPath('krone-studio', 'bet');
  const signature = signContractCall(SECRET, { timestamp, method: 'POST', path, providerId: 'krone-studio', body });
  return {
    body,
    headers: { 'content-type': 'application/json', 'krone-timestamp': String(timestamp), 'krone-signature': signature },
  };
}

describe('a contract call’s signature', () => {
  it('refuses a captured bet replayed as a win before it reaches the win: the signature names the operation; no money moves', async () => {
    const sessionId = await seated();
    const bet = signedBet(sessionId);
    const placed = await platform.publicApp.inject({ method: 'POST', url: contractPath('krone-studio', 'bet'), ...bet, payload: bet.body });
    expect(placed.statusCode, placed.body).toBe(200);
    const after = await balanceOf(sessionId);
    expect(after).toBe(10_000 - 100);
    // The same bytes at the win's door: with a signature over the time and body alone it reached the
    // win itself (refused there only because its transaction id was the bet's: 409).
    const replayed = await platform.publicApp.inject({
      method: 'POST',
      url: contractPath('krone-studio', 'win'),
      ...bet,
      payload: bet.body,
    });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toMatchObject({ result: 0, code: 'GAME_SIGNATURE_INVALID' });
    expect(await balanceOf(sessionId)).toBe(after);
  });

  it('refuses a call signed for one provider at another provider’s door, even with the same secret', async () => {
    const sessionId = await seated();
    const bet = signedBet(sessionId);
    const elsewhere = await platform.publicApp.inject({
      method: 'POST',
      url: contractPath('twin-studio', 'bet'),
      ...bet,
      payload: bet.body,
    });
    expect(elsewhere.statusCode).toBe(401);
    expect(elsewhere.json()).toMatchObject({ code: 'GAME_SIGNATURE_INVALID' });
    // Signed by the twin for itself, the same call reaches its own door (and is refused there for what it is).
    const own = await twin.call('balance', { sessionId });
    expect(own.status).not.toBe(401);
    expect(await balanceOf(sessionId)).toBe(10_000);
  });

  it('refuses a call signed for another method, another operation or another provider, and takes the one signed for itself', async () => {
    const sessionId = await seated();
    const payload = { sessionId };
    for (const signedFor of [{ method: 'PUT' }, { operation: 'authenticate' }, { providerId: 'twin-studio' }]) {
      const refused = await studio.call('balance', payload, { signedFor });
      expect(refused.status, JSON.stringify(signedFor)).toBe(401);
      expect(refused.body.code).toBe('GAME_SIGNATURE_INVALID');
    }
    const taken = await studio.call('balance', payload);
    expect(taken.status).toBe(200);
    expect(taken.body.data!.balanceOre).toBe(10_000);
  });
});
