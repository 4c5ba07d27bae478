import type { PGlite } from '@electric-sql/pglite';
import { dropCommitment, JACKPOT_POOLS, jackpotFeeds, PPM } from '@krone/games-math';
import { loadTitles } from '@krone/games-math/titles';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, productionProblems } from '../src/config.js';
import type { Db } from '../src/db/client.js';
import { createJackpotFeed, shortName, type JackpotHit, type JackpotPool, type Winner } from '../src/games/jackpots/feed.js';
import { games } from '../src/games/schema.js';
import { players } from '../src/players/schema.js';
import { rowsOf } from '../src/shared/db.js';
import { STOREFRONT_KEY_HEADER } from '../src/shared/storefront-key.js';
import { createLoggedInPlayer, startTestPlatform, type TestPlatform } from './harness.js';
import { readEventStream } from './event-stream-reader.js';

/**
 * The jackpots' and new winners' reads and streams for the storefront (issue 26,
 * games/jackpots/feed.ts): the pools by position with their last hits (revealed drops that verify
 * against their commitment, an opted-out winner nameless) and feeding titles, the winners newest
 * first without the players who opted out, both streams fed by a change another connection makes
 * and commits (a second pg client on a PostgreSQL server; on PGlite the same instance), one LISTEN
 * per process, the test hook off unless configured and refused in production, and the profile's
 * opt-out. The rows are written here as the money's transactions write them. PGlite by default, a
 * PostgreSQL server with TEST_DATABASE_URL (CI).
 */

let platform: TestPlatform;
let internalUrl: string;
let dorte: { id: string; token: string };
let ole: { id: string; token: string };
const db = () => platform.database.db;
type Runner = Pick<Db, 'execute'>;

/** The titles that feed each pool, as the maths defines them (the sync writes these). */
const feeds = jackpotFeeds(loadTitles());
const feedingKrone = feeds.filter((feed) => feed.poolId === 'kronejackpotten').map((feed) => feed.gameId);
const notFeeding = loadTitles().find((title) => !feeds.some((feed) => feed.gameId === title.id))!;

/** The pools and their feeds as the start-up sync leaves them (written here when the harness has not). */
async function ensurePools() {
  const now = new Date().toISOString();
  for (const pool of JACKPOT_POOLS) {
    const [known] = await rowsOf<{ id: string }>(sql`select id from jackpot_pools where id = ${pool.id}`, db());
    if (known) continue;
    const [account] = await rowsOf<{ id: string }>(
      sql`insert into wallet_accounts (kind, tracked, created_at) values (${`jackpot:${pool.id}`}, false, ${now}::timestamptz) returning id`,
      db(),
    );
    const nonce = `nonce-${pool.id}-1`;
    await db().execute(sql`insert into jackpot_pools (id, name, jackpot, tier, position, seed_ore, cap_ore, account_id, amount_ore,
        drop_seq, drop_ore, drop_nonce, drop_hash, drop_drawn_at, created_at, updated_at)
      values (${pool.id}, ${pool.name}, ${pool.jackpot}, ${pool.tier}, ${pool.position}, ${pool.seedOre}, ${pool.capOre},
        ${account!.id}::uuid, ${pool.seedOre}, 1, ${pool.capOre}, ${nonce}, ${dropCommitment(pool.id, 1, pool.capOre, nonce)},
        ${now}::timestamptz, ${now}::timestamptz, ${now}::timestamptz)`);
  }
  for (const feed of feeds)
    await db().execute(
      sql`insert into jackpot_feeds (game_id, pool_id, rate_ppm) values (${feed.gameId}, ${feed.poolId}, ${feed.ratePpm}) on conflict do nothing`,
    );
}

/** A pool's hit as the money's transaction records it: the drop revealed, the pool reset to the next. */
async function recordHit(poolId: string, playerId: string, gameId: string, at: Date, runner: Runner = db()) {
  const [pool] = await rowsOf<{ drop_seq: number; seed_ore: string }>(
    sql`select drop_seq, seed_ore from jackpot_pools where id = ${poolId}`,
    runner,
  );
  const sequence = Number(pool!.drop_seq);
  const dropOre = Number(pool!.seed_ore) + 1000 + sequence;
  const nonce = randomUUID().replace(/-/g, '');
  const hash = dropCommitment(poolId, sequence, dropOre, nonce);
  const next = `nonce-${poolId}-${sequence + 1}`;
  await runner.execute(sql`insert into jackpot_hits (pool_id, drop_seq, drop_ore, drop_nonce, drop_hash, provider_id, round_id,
      transaction_id, session_id, game_id, player_id, amount_ore, transfer_id, created_at)
    values (${poolId}, ${sequence}, ${dropOre}, ${nonce}, ${hash}, 'krone-studio', ${`r-${randomUUID()}`}, ${`t-${randomUUID()}`},
      ${randomUUID()}::uuid, ${gameId}, ${playerId}::uuid, ${dropOre + 7}, ${randomUUID()}::uuid, ${at.toISOString()}::timestamptz)`);
  await runner.execute(sql`update jackpot_pools set drop_seq = ${sequence + 1}, amount_ore = seed_ore, drop_nonce = ${next},
      drop_hash = ${dropCommitment(poolId, sequence + 1, Number(pool!.seed_ore), next)} where id = ${poolId}`);
  return { sequence, dropOre, nonce, hash, amountOre: dropOre + 7 };
}

/** A new winner's row as the settling transaction writes it (the outbox). */
async function recordWinner(
  row: { kind: 'win' | 'jackpot'; playerId: string; gameId: string; poolId?: string; stakeOre: number; amountOre: number },
  runner: Runner = db(),
) {
  const [written] = await rowsOf<{ id: string }>(
    sql`insert into game_winners (kind, provider_id, round_id, pool_id, game_id, player_id, stake_ore, amount_ore, created_at)
      values (${row.kind}, 'krone-studio', ${`r-${randomUUID()}`}, ${row.poolId ?? ''}, ${row.gameId}, ${row.playerId}::uuid,
        ${row.stakeOre}, ${row.amountOre}, now()) returning id`,
    runner,
  );
  return Number(written!.id);
}

/** Another process's connection to the same database: a pg client of its own on a server; the embedded database itself otherwise. */
async function otherConnection() {
  const url = platform.config.DATABASE_URL;
  if (!url) {
    const embedded = (db() as unknown as { $client: PGlite }).$client;
    return { exec: (text: string) => embedded.exec(text).then(() => undefined), end: async () => undefined };
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return { exec: (text: string) => client.query(text).then(() => undefined), end: () => client.end() };
}

beforeAll(async () => {
  platform = await startTestPlatform();
  internalUrl = await platform.app.listen({ host: '127.0.0.1', port: 0 });
  await ensurePools();
  dorte = await createLoggedInPlayer(platform);
  ole = await createLoggedInPlayer(platform);
  await db().update(players).set({ firstName: 'Dorte Marie', lastName: 'damgaard' }).where(eq(players.id, dorte.id));
  await db().update(players).set({ firstName: 'Ole', lastName: 'Østergaard', winnersOptOut: true }).where(eq(players.id, ole.id));
}, 60_000);

afterAll(async () => {
  await platform.close();
});

const get = async <T>(url: string) => {
  const response = await platform.app.inject({ method: 'GET', url });
  return { status: response.statusCode, headers: response.headers, body: response.json() as { result: number; code?: string; data: T } };
};

/** A stream of the internal listener as the storefront's server reads it: each event, as it comes. */
const subscribe = (path: string) =>
  readEventStream(`${internalUrl}${path}`, { [STOREFRONT_KEY_HEADER]: platform.config.STOREFRONT_API_KEY });

type PoolsEvent = { pools: { id: string; amountOre: number; drop: { sequence: number; hash: string } }[]; at: string };

describe('the pools (GET /Games/jackpots)', () => {
  it('lists the pools in play by position with their jackpot, cap, rate, committed drop, feeding titles in play by name and 5 newest hits', async () => {
    // A pool withdrawn is left out; a feeding title withdrawn is not among the pool's titles.
    const now = new Date().toISOString();
    const [account] = await rowsOf<{ id: string }>(
      sql`insert into wallet_accounts (kind, tracked, created_at) values ('jackpot:test-gone', false, ${now}::timestamptz) returning id`,
      db(),
    );
    await db().execute(sql`insert into jackpot_pools (id, name, jackpot, tier, position, seed_ore, cap_ore, account_id, amount_ore,
        drop_seq, drop_ore, drop_nonce, drop_hash, drop_drawn_at, withdrawn_at, created_at, updated_at)
      values ('test-gone', 'Væk', 'kronejackpotten', null, 0, 100, 200, ${account!.id}::uuid, 0, 1, 150, 'n', 'h',
        ${now}::timestamptz, ${now}::timestamptz, ${now}::timestamptz, ${now}::timestamptz)`);
    const withdrawn = feedingKrone[0]!;
    await db().update(games).set({ withdrawnAt: new Date() }).where(eq(games.id, withdrawn));
    const guldGame = feeds.find((feed) => feed.poolId === 'guld-mini')!.gameId;
    const hits: Awaited<ReturnType<typeof recordHit>>[] = [];
    for (let i = 0; i < 6; i++)
      hits.push(await recordHit('guld-mini', i === 4 ? ole.id : dorte.id, guldGame, new Date(Date.now() - (6 - i) * 60_000)));
    try {
      const answer = await get<{ pools: JackpotPool[] }>('/Games/jackpots');
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-store');
      const pools = answer.body.data.pools;
      expect(pools.map((pool) => pool.id)).toEqual(['kronejackpotten', 'guld-maxi', 'guld-midi', 'guld-mini']);

      const krone = pools[0]!;
      expect(krone).toMatchObject({
        name: 'Kronejackpotten',
        jackpot: { id: 'kronejackpotten', name: 'Kronejackpotten', kind: 'network' },
        tier: null,
        seedOre: 10_000_000,
        capOre: 200_000_000,
        ratePpm: 5_000,
        lastHits: [],
      });
      const [row] = await rowsOf<{ drop_seq: number; drop_hash: string; amount_ore: string }>(
        sql`select drop_seq, drop_hash, amount_ore from jackpot_pools where id = 'kronejackpotten'`,
        db(),
      );
      expect(krone.drop).toEqual({ sequence: Number(row!.drop_seq), hash: row!.drop_hash });
      expect(krone.amountOre).toBe(Number(row!.amount_ore));
      const names = new Map(loadTitles().map((title) => [title.id, title.name]));
      const expected = feedingKrone
        .filter((id) => id !== withdrawn)
        .map((id) => ({ id, name: names.get(id)! }))
        .sort((a, b) => a.name.localeCompare(b.name, 'da') || (a.id < b.id ? -1 : 1));
      expect(krone.games).toEqual(expected);
      expect(krone.gameCount).toBe(expected.length);

      const mini = pools[3]!;
      expect(mini).toMatchObject({
        jackpot: { id: 'guldjackpotten', name: 'Guldjackpotten', kind: 'tiered' },
        tier: 'mini',
        ratePpm: 5_000,
      });
      // The 5 newest, newest first; the player who opted out is shown without a name.
      expect(mini.lastHits.map((hit) => hit.sequence)).toEqual([6, 5, 4, 3, 2].map((n) => hits[n - 1]!.sequence));
      expect(mini.lastHits.map((hit) => hit.winner)).toEqual(['Dorte D.', null, 'Dorte D.', 'Dorte D.', 'Dorte D.']);
      for (const hit of mini.lastHits) {
        const made = hits.find((entry) => entry.sequence === hit.sequence)!;
        expect(hit).toMatchObject({
          poolId: 'guld-mini',
          poolName: 'Guld Mini',
          amountOre: made.amountOre,
          gameId: guldGame,
          gameName: names.get(guldGame),
          drop: { ore: made.dropOre, nonce: made.nonce, hash: made.hash },
        });
        // Anyone can check a revealed drop against the hash published before it.
        expect(dropCommitment(hit.poolId, hit.sequence, hit.drop.ore, hit.drop.nonce)).toBe(hit.drop.hash);
      }
      expect(mini.drop.sequence).toBe(hits.at(-1)!.sequence + 1);
    } finally {
      await db().update(games).set({ withdrawnAt: null }).where(eq(games.id, withdrawn));
    }
  });

  it('names a winner by the first given name and the last name’s initial', () => {
    expect(shortName('Dorte', 'Damgaard')).toBe('Dorte D.');
    expect(shortName('Dorte Marie', 'damgaard')).toBe('Dorte D.');
    expect(shortName(' Ole ', 'Østergaard')).toBe('Ole Ø.');
    expect(shortName('Åse', '')).toBe('Åse');
  });
});

describe('the catalogue and the history', () => {
  it('tells each title’s jackpots in its summary (the share of the stake, the pools) and null for a title that feeds none', async () => {
    const feeding = feedingKrone[1]!;
    const title = await get<{ jackpot: unknown; rtp: number }>(`/Games/catalogue/${feeding}`);
    expect(title.body.data.jackpot).toEqual({ contributionRate: 5_000 / PPM, pools: [{ id: 'kronejackpotten', name: 'Kronejackpotten' }] });
    expect(title.body.data.rtp).toBe(loadTitles().find((entry) => entry.id === feeding)!.exact.rtp);
    // A title of the Guld family (and no fruit, seven or cherry machine): the three tiers together.
    const guld = feeds.find((feed) => feed.poolId === 'guld-maxi' && !feedingKrone.includes(feed.gameId))!.gameId;
    expect((await get<{ jackpot: unknown }>(`/Games/catalogue/${guld}`)).body.data.jackpot).toEqual({
      contributionRate: (2_000 + 3_000 + 5_000) / PPM,
      pools: [
        { id: 'guld-maxi', name: 'Guld Maxi' },
        { id: 'guld-midi', name: 'Guld Midi' },
        { id: 'guld-mini', name: 'Guld Mini' },
      ],
    });
    expect((await get<{ jackpot: unknown }>(`/Games/catalogue/${notFeeding.id}`)).body.data.jackpot).toBeNull();
    const search = await get<{ items: { id: string; jackpot: unknown }[] }>(`/Games/search?q=${encodeURIComponent(notFeeding.name)}`);
    expect(search.body.data.items.find((item) => item.id === notFeeding.id)?.jackpot).toBeNull();
  });
});

describe('the new winners (GET /Games/winners)', () => {
  it('lists big wins and jackpot hits newest first, pages by id, and never shows a player who opted out', async () => {
    const slot = notFeeding.id;
    const guld = feeds.find((feed) => feed.poolId === 'guld-maxi')!.gameId;
    const first = await recordWinner({ kind: 'win', playerId: dorte.id, gameId: slot, stakeOre: 1_000, amountOre: 60_000 });
    const hidden = await recordWinner({ kind: 'win', playerId: ole.id, gameId: slot, stakeOre: 1_000, amountOre: 90_000 });
    const jackpot = await recordWinner({
      kind: 'jackpot',
      playerId: dorte.id,
      gameId: guld,
      poolId: 'guld-maxi',
      stakeOre: 200,
      amountOre: 1_234_567,
    });

    const page = await get<{ items: Winner[] }>('/Games/winners?limit=2');
    expect(page.status).toBe(200);
    expect(page.body.data.items.map((item) => item.id)).toEqual([jackpot, first]);
    expect(page.body.data.items.some((item) => item.id === hidden)).toBe(false);
    expect(page.body.data.items[0]).toEqual({
      id: jackpot,
      kind: 'jackpot',
      gameId: guld,
      gameName: loadTitles().find((title) => title.id === guld)!.name,
      gameType: 'slot',
      amountOre: 1_234_567,
      stakeOre: 200,
      poolName: 'Guld Maxi',
      at: expect.any(String),
      winner: 'Dorte D.',
    });
    expect(page.body.data.items[1]).toMatchObject({
      kind: 'win',
      poolName: null,
      amountOre: 60_000,
      stakeOre: 1_000,
      gameName: notFeeding.name,
    });
    expect((await get<{ items: Winner[] }>(`/Games/winners?before=${first}`)).body.data.items.every((item) => item.id < first)).toBe(true);
    expect((await get<{ items: Winner[] }>(`/Games/winners?before=${jackpot}&limit=1`)).body.data.items.map((item) => item.id)).toEqual([
      first,
    ]);
    expect((await get('/Games/winners?limit=0')).status).toBe(400);
    expect((await get('/Games/winners?before=abc')).status).toBe(400);
  });

  it('takes the opt-out from the profile (GET and PUT), logs the change, and applies it to earlier wins too', async () => {
    const profile = async (token: string) =>
      (await get<{ winnersOptOut: boolean; userInfo: { userId: string } }>(`/GATMaven/users/${token}/profile`)).body.data;
    const put = (token: string, winnersOptOut: unknown) =>
      platform.app.inject({ method: 'PUT', url: `/GATMaven/users/${token}/profile`, payload: { winnersOptOut } });
    expect((await profile(dorte.token)).winnersOptOut).toBe(false);
    const shown = async () =>
      (await get<{ items: Winner[] }>('/Games/winners?limit=100')).body.data.items.filter((item) => item.winner === 'Dorte D.');
    expect((await shown()).length).toBeGreaterThan(0);

    const opted = await put(dorte.token, true);
    expect(opted.statusCode).toBe(200);
    expect(opted.json()).toEqual({ result: 1, data: { winnersOptOut: true } });
    expect((await profile(dorte.token)).winnersOptOut).toBe(true);
    expect(await shown()).toEqual([]);
    const mini = (await get<{ pools: JackpotPool[] }>('/Games/jackpots')).body.data.pools.find((pool) => pool.id === 'guld-mini')!;
    expect(mini.lastHits.map((hit) => hit.winner)).toEqual([null, null, null, null, null]);
    // The same choice again changes nothing and is not logged again.
    expect((await put(dorte.token, true)).statusCode).toBe(200);

    expect((await put(dorte.token, false)).json()).toEqual({ result: 1, data: { winnersOptOut: false } });
    expect((await shown()).length).toBeGreaterThan(0);
    const log = await rowsOf<{ kind: string }>(
      sql`select kind from player_logs where player_id = ${dorte.id} and kind like 'winners_%' order by at, id`,
      db(),
    );
    expect(log.map((entry) => entry.kind)).toEqual(['winners_opt_out', 'winners_opt_in']);

    expect((await put(dorte.token, 'yes')).statusCode).toBe(400);
    expect((await put('not-a-session', true)).statusCode).toBe(401);
  });
});

describe('the streams', () => {
  it('sends the pools at once, then a change another connection commits, throttled, and a hit with its revealed drop', async () => {
    const stream = await subscribe('/Games/jackpots/stream');
    const other = await otherConnection();
    try {
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const first = await stream.next<PoolsEvent>('pools');
      expect(first.pools.map((pool) => pool.id)).toEqual(['kronejackpotten', 'guld-maxi', 'guld-midi', 'guld-mini']);
      const krone = first.pools[0]!.amountOre;

      // Twenty stakes' contributions committed by another process within a moment: a few events, the last with the sum.
      const seen = stream.events.length;
      for (let i = 0; i < 20; i++)
        await other.exec(
          `begin; update jackpot_pools set amount_ore = amount_ore + 10 where id = 'kronejackpotten'; select pg_notify('krone_jackpots', 'kronejackpotten'); commit`,
        );
      const last = await stream.next<PoolsEvent>('pools', (event) => event.pools[0]!.amountOre === krone + 200, seen);
      expect(last.pools[0]!.amountOre).toBe(krone + 200);
      const sent = stream.events.slice(seen).filter((entry) => entry.event === 'pools');
      expect(sent.length).toBeLessThanOrEqual(6);
      expect(sent.length).toBeGreaterThanOrEqual(1);

      // A hit: the pool's drop revealed in a `hit` event, then its new drop in `pools`.
      const before = stream.events.length;
      const guld = feeds.find((feed) => feed.poolId === 'guld-midi')!.gameId;
      await platform.database.db.transaction(async (tx) => {
        await recordHit('guld-midi', dorte.id, guld, new Date(), tx);
        await tx.execute(sql`select pg_notify('krone_jackpots', 'guld-midi')`);
      });
      const hit = await stream.next<JackpotHit>('hit', (event) => event.poolId === 'guld-midi', before);
      expect(hit).toMatchObject({ poolName: 'Guld Midi', gameId: guld, winner: 'Dorte D.' });
      expect(dropCommitment(hit.poolId, hit.sequence, hit.drop.ore, hit.drop.nonce)).toBe(hit.drop.hash);
      const reset = await stream.next<PoolsEvent>('pools', (event) => event.pools[2]!.drop.sequence === hit.sequence + 1, before);
      expect(reset.pools[2]!.id).toBe('guld-midi');
      expect(stream.events.filter((entry) => entry.event === 'hit')).toHaveLength(1);
    } finally {
      stream.close();
      await other.end();
    }
  });

  it('sends each new winner another connection commits, once, and never one who opted out', async () => {
    const first = await subscribe('/Games/winners/stream');
    const second = await subscribe('/Games/winners/stream');
    const other = await otherConnection();
    try {
      expect(first.response.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(first.comments).toContain(': ready');
      const slot = notFeeding.id;
      await other.exec(`begin;
        insert into game_winners (kind, provider_id, round_id, game_id, player_id, stake_ore, amount_ore, created_at)
          values ('win', 'krone-studio', 'r-hidden-${randomUUID()}', '${slot}', '${ole.id}', 100, 80000, now());
        select pg_notify('krone_winners', currval('game_winners_id_seq')::text);
        commit`);
      await other.exec(`begin;
        insert into game_winners (kind, provider_id, round_id, game_id, player_id, stake_ore, amount_ore, created_at)
          values ('win', 'krone-studio', 'r-shown-${randomUUID()}', '${slot}', '${dorte.id}', 500, 75000, now());
        select pg_notify('krone_winners', currval('game_winners_id_seq')::text);
        commit`);
      for (const stream of [first, second]) {
        const shown = await stream.next<Winner>('winner');
        expect(shown).toMatchObject({ kind: 'win', gameId: slot, amountOre: 75_000, stakeOre: 500, winner: 'Dorte D.', poolName: null });
      }
      // A notification sent twice for a row (a repeat), and one for a row already sent, change nothing.
      const sentId = (first.events[0]!.data as Winner).id;
      await other.exec(`select pg_notify('krone_winners', '${sentId}')`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(first.events.filter((entry) => entry.event === 'winner')).toHaveLength(1);
      expect(second.events.filter((entry) => entry.event === 'winner')).toHaveLength(1);
    } finally {
      first.close();
      second.close();
      await other.end();
    }
  });

  it('listens once per channel in a process however many subscribe, and refuses a subscriber past the most it serves', async () => {
    const channels: string[] = [];
    const feed = createJackpotFeed({
      db: db(),
      listen: (channel, handler, options) => {
        channels.push(channel);
        return platform.database.listen(channel, handler, options);
      },
      clock: () => new Date(),
      log: { warn: () => undefined },
      stream: { maxSubscribers: 2 },
    });
    const written: string[] = [];
    const subscriber = () => ({ write: (chunk: string) => void written.push(chunk), backlog: () => 0, end: () => undefined });
    try {
      await feed.subscribePools(subscriber());
      await feed.subscribePools(subscriber());
      await feed.subscribeWinners(subscriber());
      await feed.subscribeWinners(subscriber());
      expect(channels.sort()).toEqual(['krone_jackpots', 'krone_winners']);
      await expect(feed.subscribePools(subscriber())).rejects.toMatchObject({ code: 'SERVICE_OVERLOADED' });
      expect(written.filter((chunk) => chunk.startsWith('event: pools'))).toHaveLength(2);
    } finally {
      await feed.close();
    }
  });
});

describe('the test hook', () => {
  it('is not served unless configured, and production refuses it', async () => {
    const pool = JACKPOT_POOLS[0]!;
    const answer = await platform.app.inject({
      method: 'POST',
      url: `/Games/jackpots/${pool.id}/test-drop`,
      payload: { dropOre: pool.seedOre },
    });
    expect(answer.statusCode).toBe(404);
    expect(loadConfig({ KRONE_ENV: 'test' }).JACKPOT_TEST_HOOKS).toBe(false);
    expect(loadConfig({ KRONE_ENV: 'test', JACKPOT_TEST_HOOKS: 'true' }).JACKPOT_TEST_HOOKS).toBe(true);
    expect(
      productionProblems({ ...loadConfig({ KRONE_ENV: 'test' }), JACKPOT_TEST_HOOKS: true }).filter((line) =>
        line.startsWith('JACKPOT_TEST_HOOKS:'),
      ),
    ).toHaveLength(1);
    expect(() => loadConfig({ KRONE_ENV: 'production', JACKPOT_TEST_HOOKS: 'true' })).toThrow(/\n {2}JACKPOT_TEST_HOOKS:/);
  });

  it('reads the new winners’ thresholds from the configuration (500 kr. and 50 × the stake by default)', () => {
    expect(loadConfig({ KRONE_ENV: 'test' })).toMatchObject({ WINNERS_MIN_ORE: 50_000, WINNERS_MIN_MULTIPLE: 50 });
    expect(loadConfig({ KRONE_ENV: 'test', WINNERS_MIN_ORE: '100000', WINNERS_MIN_MULTIPLE: '20' })).toMatchObject({
      WINNERS_MIN_ORE: 100_000,
      WINNERS_MIN_MULTIPLE: 20,
    });
    expect(() => loadConfig({ KRONE_ENV: 'test', WINNERS_MIN_MULTIPLE: '0' })).toThrow(/WINNERS_MIN_MULTIPLE/);
  });
});
