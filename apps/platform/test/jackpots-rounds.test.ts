import { randomUUID } from 'node:crypto';
import { dropCommitment, jackpotFeeds } from '@krone/games-math';
import { loadTitles } from '@krone/games-math/titles';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JackpotHit, JackpotPool, Winner } from '../src/games/jackpots/feed.js';
import { rowsOf } from '../src/shared/db.js';
import { STOREFRONT_KEY_HEADER } from '../src/shared/storefront-key.js';
import { gameProvider, launchToken, playerWithCash, type GameProviderClient } from './games-provider.js';
import { startTestPlatform, type TestPlatform } from './harness.js';
import { readEventStream } from './event-stream-reader.js';

/**
 * A jackpot won by a real round (issue 26), as the browser tests force one: the test hook
 * (JACKPOT_TEST_HOOKS) sets the drop of Guld Mini just above its amount, a round on a title of the
 * Guld family played through the signed games contract wins it, and the hit is in the pools' stream
 * and `GET /Games/jackpots` (its drop revealed, checked against the hash the hook published), among
 * the new winners, in the game history apart from the game's win and in the transactions as a
 * jackpot win with its game. PGlite by default, a PostgreSQL server with TEST_DATABASE_URL (CI).
 */
const SECRET = 'studio-secret-of-the-jackpot-rounds-0123';

let platform: TestPlatform;
let studio: GameProviderClient;
let internalUrl: string;
const db = () => platform.database.db;

/** A slot of the Guld family (it feeds the three Guld tiers and nothing else) and its smallest stake. */
const feeds = jackpotFeeds(loadTitles());
const guld = loadTitles().find(
  (title) =>
    feeds.some((feed) => feed.gameId === title.id && feed.poolId === 'guld-mini') &&
    feeds.filter((feed) => feed.gameId === title.id).length === 3,
)!;

beforeAll(async () => {
  platform = await startTestPlatform({ GAME_PROVIDER_KRONE_STUDIO_SECRET: SECRET, JACKPOT_TEST_HOOKS: 'true' });
  internalUrl = await platform.app.listen({ host: '127.0.0.1', port: 0 });
  studio = gameProvider(platform.publicApp, 'krone-studio', SECRET);
}, 60_000);

afterAll(async () => {
  await platform.close();
});

const get = async <T>(url: string) => {
  const response = await platform.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json() as { result: number; code?: string; data: T } };
};
const forceDrop = (poolId: string, dropOre: unknown) =>
  platform.app.inject({ method: 'POST', url: `/Games/jackpots/${poolId}/test-drop`, payload: { dropOre } });

/** The pools' stream's events, as the storefront's server reads them. */
const subscribePools = () =>
  readEventStream(`${internalUrl}/Games/jackpots/stream`, { [STOREFRONT_KEY_HEADER]: platform.config.STOREFRONT_API_KEY });

describe('a jackpot won by a round', () => {
  it('sets a drop through the hook (checked: the pool, the drop between seed and cap)', async () => {
    const [mini] = await rowsOf<{ seed_ore: string; cap_ore: string; drop_seq: number }>(
      sql`select seed_ore, cap_ore, drop_seq from jackpot_pools where id = 'guld-mini'`,
      db(),
    );
    const set = await forceDrop('guld-mini', Number(mini!.cap_ore));
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ result: 1, data: { sequence: mini!.drop_seq, hash: expect.stringMatching(/^[0-9a-f]{64}$/) } });
    expect((await forceDrop('no-such-pool', 20_000)).json()).toMatchObject({ result: 0, code: 'JACKPOT_NOT_FOUND' });
    expect((await forceDrop('guld-mini', Number(mini!.cap_ore) + 1)).statusCode).toBe(400);
    expect((await forceDrop('guld-mini', 'lots')).statusCode).toBe(400);
  });

  it('pays the forced drop to the next feeding stake and shows it in the stream, the pools, the winners, the history and the transactions', async () => {
    const player = await playerWithCash(platform, 100_000);
    const auth = await studio.call('authenticate', { token: await launchToken(platform, player.token, guld.id) });
    expect(auth.status).toBe(200);
    const sessionId = auth.body.data!.sessionId as string;
    const stake = guld.stake.stepsOre.find((step) => step >= 200)!;

    const [before] = await rowsOf<{ amount_ore: string }>(sql`select amount_ore from jackpot_pools where id = 'guld-mini'`, db());
    const set = (await forceDrop('guld-mini', Number(before!.amount_ore) + 1)).json() as { data: { sequence: number; hash: string } };
    const stream = await subscribePools();
    try {
      // The forced drop's commitment is what the pools show before the hit.
      await stream.next<{ pools: { id: string; drop: { hash: string } }[] }>('pools', (event) =>
        event.pools.some((pool) => pool.id === 'guld-mini' && pool.drop.hash === set.data.hash),
      );
      const roundId = `round-${randomUUID()}`;
      const round = await studio.call('betAndWin', {
        sessionId,
        roundId,
        transactionId: `b-${roundId}`,
        amountOre: stake,
        winTransactionId: `w-${roundId}`,
        winAmountOre: 0,
        endRound: true,
      });
      expect(round.status, JSON.stringify(round.body)).toBe(200);
      const won = (round.body.data!.jackpotWins as { poolId: string; amountOre: number }[]).find((entry) => entry.poolId === 'guld-mini')!;
      expect(won.amountOre).toBeGreaterThan(Number(before!.amount_ore));

      const hit = await stream.next<JackpotHit>('hit', (event) => event.poolId === 'guld-mini');
      expect(hit).toMatchObject({
        sequence: set.data.sequence,
        amountOre: won.amountOre,
        gameId: guld.id,
        gameName: guld.name,
        winner: 'Test S.',
      });
      expect(hit.drop.hash).toBe(set.data.hash);
      expect(dropCommitment('guld-mini', hit.sequence, hit.drop.ore, hit.drop.nonce)).toBe(set.data.hash);

      const pools = (await get<{ pools: JackpotPool[] }>('/Games/jackpots')).body.data.pools;
      const mini = pools.find((pool) => pool.id === 'guld-mini')!;
      expect(mini.lastHits[0]).toEqual(hit);
      expect(mini.drop.sequence).toBe(set.data.sequence + 1);
      expect(mini.drop.hash).not.toBe(set.data.hash);

      const winners = (await get<{ items: Winner[] }>('/Games/winners')).body.data.items;
      expect(winners.find((entry) => entry.kind === 'jackpot' && entry.gameId === guld.id)).toMatchObject({
        poolName: 'Guld Mini',
        amountOre: won.amountOre,
        stakeOre: stake,
        gameType: 'slot',
        winner: 'Test S.',
      });

      // The history keeps the round's jackpot parts apart from its game's stake and win.
      const history = await get<{
        items: { roundId: string; stakeOre: number; jackpotStakeOre: number; winOre: number; jackpotWinOre: number }[];
      }>(`/Games/history/${player.token}`);
      const item = history.body.data.items.find((entry) => entry.roundId === roundId)!;
      const [parts] = await rowsOf<{ jackpot_staked_ore: string; jackpot_won_ore: string }>(
        sql`select jackpot_staked_ore, jackpot_won_ore from game_rounds where round_id = ${roundId}`,
        db(),
      );
      expect(item).toMatchObject({
        stakeOre: stake,
        winOre: 0,
        jackpotStakeOre: Number(parts!.jackpot_staked_ore),
        jackpotWinOre: Number(parts!.jackpot_won_ore),
      });
      expect(item.jackpotStakeOre).toBeGreaterThan(0);
      expect(item.jackpotWinOre).toBeGreaterThanOrEqual(won.amountOre);

      // The transactions list: the hit is a win row of its own kind, with its game and round.
      const transactions = await get<{
        rows: { kind: string; type: string; category: string; game: unknown; roundId: string; winOre: number }[];
      }>(`/Wallet/transactions/${player.token}?type=games`);
      const jackpotRows = transactions.body.data.rows.filter((row) => row.kind === 'jackpot_win');
      expect(jackpotRows.reduce((sum, row) => sum + row.winOre, 0)).toBe(item.jackpotWinOre);
      expect(jackpotRows[0]).toMatchObject({ type: 'win', category: 'games', game: { id: guld.id, name: guld.name }, roundId });
    } finally {
      stream.close();
    }
  });
});
