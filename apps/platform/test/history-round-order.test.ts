import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTestTitles, gameProvider, launchToken, playerWithCash, type GameProviderClient } from './games-provider.js';
import { startTestPlatform, type TestPlatform } from './harness.js';

/**
 * The transactions list's game rows in the order they happened: a round's stake and its win are
 * written by one statement (betAndWin) with one timestamp, so only the ledger's own sequence can
 * tell which came first. PGlite by default, PostgreSQL with TEST_DATABASE_URL.
 */
const STUDIO_SECRET = 'studio-secret-of-the-round-order-0123456789';
const ROUNDS = 40;
let platform: TestPlatform;
let studio: GameProviderClient;
let now = new Date();

beforeAll(async () => {
  platform = await startTestPlatform({ GAME_PROVIDER_KRONE_STUDIO_SECRET: STUDIO_SECRET });
  platform.setNow(now);
  await addTestTitles(platform.database.db, [{ id: 'test-round-order', stepsOre: [100] }], now);
  studio = gameProvider(platform.publicApp, 'krone-studio', STUDIO_SECRET, () => now);
}, 60_000);
afterAll(async () => {
  await platform.close();
});

interface Row {
  orderId: string;
  kind: string;
  time: string;
}

describe('the transactions list of game rounds', () => {
  it('lists every round’s win above its own stake (newest first), though both carry one timestamp', async () => {
    const player = await playerWithCash(platform, 100_000);
    const auth = await studio.call('authenticate', { token: await launchToken(platform, player.token, 'test-round-order') });
    expect(auth.status).toBe(200);
    const sessionId = auth.body.data!.sessionId as string;
    const rounds: string[] = [];
    for (let index = 0; index < ROUNDS; index++) {
      // Each round seconds after the last, as the pace rules want; its stake and win at one instant.
      now = new Date(now.getTime() + 5_000);
      platform.setNow(now);
      const roundId = `order-${randomUUID()}`;
      const call = {
        sessionId,
        roundId,
        transactionId: `b-${roundId}`,
        amountOre: 100,
        winTransactionId: `w-${roundId}`,
        winAmountOre: 150,
        endRound: true,
      };
      const answer = await studio.call('betAndWin', call);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      rounds.push(roundId);
    }

    now = new Date(now.getTime() + 1_000);
    platform.setNow(now);
    const response = await platform.app.inject({ method: 'GET', url: `/Wallet/transactions/${player.token}?type=games&pageSize=100` });
    expect(response.statusCode).toBe(200);
    const rows = (response.json() as { data: { rows: Row[] } }).data.rows;
    expect(rows).toHaveLength(2 * ROUNDS);
    // Newest first: the last round's win, its stake, the round before's win, its stake, …
    expect(rows.map((row) => [row.orderId, row.kind])).toEqual(
      [...rounds].reverse().flatMap((roundId) => [
        [roundId, 'win'],
        [roundId, 'bet'],
      ]),
    );
    for (const roundId of rounds) {
      const [win, bet] = rows.filter((row) => row.orderId === roundId);
      expect(win!.time).toBe(bet!.time);
    }
  });
});
