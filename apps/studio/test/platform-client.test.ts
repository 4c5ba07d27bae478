import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatformClient, PlatformRefusal, PlatformUnavailable } from '../src/platform-client.js';
import { SOUND_LEDGER, ledger, realSession, startWorld, studioCall, type TestWorld } from './harness.js';

/** The studio's own transport (node:http, kept-alive connections) against a listening platform and a silent server. */
let world: TestWorld;
beforeAll(async () => {
  world = await startWorld({}, { overHttp: true });
}, 60_000);
afterAll(async () => {
  await world.close();
});

describe('the platform client over real HTTP', () => {
  it('plays real rounds through a listening platform: the money moves exactly stake − win', async () => {
    const { player, session } = await realSession(world, 10_000);
    const before = await ledger(world, player.id);
    let net = 0;
    for (let i = 0; i < 3; i++) {
      const answer = await studioCall<{ round: { stakeOre: number; winOre: number; status: string } }>(
        world,
        'POST',
        `/sessions/${session.sessionId}/rounds`,
        { body: { stakeOre: session.stake.defaultOre }, bearer: session.token },
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.data.round.status).toBe('settled');
      net += answer.body.data.round.stakeOre - answer.body.data.round.winOre;
    }
    const after = await ledger(world, player.id);
    expect(before.cashOre - after.cashOre).toBe(net);
    expect(after.audit).toEqual(SOUND_LEDGER);
  });

  it('tells a refusal (with its code) from no answer: a wrong secret, a server that never answers, one that is not there', async () => {
    const address = world.platform.publicApp.server.address() as AddressInfo;
    const wrongSecret = createPlatformClient({
      baseUrl: `http://127.0.0.1:${address.port}`,
      providerId: 'krone-studio',
      secret: 'not-the-secret-of-the-studio-0000',
      timeoutMs: 2000,
    });
    await expect(wrongSecret.balance('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ code: 'GAME_SIGNATURE_INVALID' });
    await expect(wrongSecret.balance('00000000-0000-4000-8000-000000000000')).rejects.toBeInstanceOf(PlatformRefusal);

    const silent = http.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const port = (silent.address() as AddressInfo).port;
      const slow = createPlatformClient({
        baseUrl: `http://127.0.0.1:${port}`,
        providerId: 'krone-studio',
        secret: 'x'.repeat(20),
        timeoutMs: 200,
      });
      const started = Date.now();
      await expect(slow.balance('s')).rejects.toBeInstanceOf(PlatformUnavailable);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
    const absent = createPlatformClient({
      baseUrl: 'http://127.0.0.1:9',
      providerId: 'krone-studio',
      secret: 'x'.repeat(20),
      timeoutMs: 500,
    });
    await expect(absent.balance('s')).rejects.toBeInstanceOf(PlatformUnavailable);
  });
});
