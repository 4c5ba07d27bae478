import { randomUUID } from 'node:crypto';
import { TABLE_TITLES, type Title } from '@krone/games-math';
import { loadTitles } from '@krone/games-math/titles';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncCatalogue, type CatalogueTitle } from '../src/games/catalogue-sync.js';
import { games } from '../src/games/schema.js';
import { systemConfigs } from '../src/content/schema.js';
import { rowsOf } from '../src/shared/db.js';
import { gameProvider, launchToken, playerWithCash, testTitle, type GameProviderClient, type TestTitleSpec } from './games-provider.js';
import { createLoggedInPlayer, startTestPlatform, type TestPlatform } from './harness.js';

/**
 * The games catalogue for the storefront (issue 14): the start-up sync, the lists with their
 * filters and paging, search, favourites, the most played and recently played from rounds played
 * through the games contract, the game history and the transactions list's game column. The
 * suite adds titles of its own beside the title files' (whatever their number). PGlite by
 * default, a PostgreSQL server with TEST_DATABASE_URL (CI).
 */
const STUDIO_SECRET = 'studio-secret-of-the-catalogue-0123456789';
const DAY = 86_400_000;

let platform: TestPlatform;
let now = new Date();
let studio: GameProviderClient;

const isoDay = (ms: number) => new Date(now.getTime() - ms).toISOString().slice(0, 10);

/** The suite's titles: studios, volatilities, features, release dates, RTPs and names to filter, sort and search on. */
const specs: TestTitleSpec[] = [
  {
    id: 'test-vikingernes-skat',
    name: 'Vikingernes Skat',
    studio: 'Testhuset',
    tags: ['nordisk'],
    releaseDate: isoDay(2 * DAY),
    rtp: 0.951,
  },
  {
    id: 'test-blaabaerskoven',
    name: 'Blåbærskoven',
    studio: 'Testhuset',
    tags: ['skov', 'bær'],
    releaseDate: isoDay(40 * DAY),
    rtp: 0.962,
  },
  { id: 'test-oernens-oeje', name: 'Ørnens Øje', studio: 'Fjordspil', tags: ['dyr'], releaseDate: isoDay(10 * DAY), rtp: 0.945 },
  { id: 'test-aalborg-aal', name: 'Ålborg Ålekongen', studio: 'Fjordspil', tags: ['hav'], releaseDate: isoDay(400 * DAY), rtp: 0.958 },
  ...Array.from({ length: 26 }, (_, i): TestTitleSpec => ({
    id: `test-serie-${String(i).padStart(2, '0')}`,
    name: `Testserie ${String(i).padStart(2, '0')}`,
    studio: i % 3 === 0 ? 'Fjordspil' : 'Testhuset',
    volatility: (['low', 'medium', 'high', 'very-high'] as const)[i % 4],
    features: i % 2 === 0 ? ['wild', 'scatter'] : ['wild', 'scatter', 'free-spins', 'multiplier'],
    releaseDate: isoDay((i * 17 + 5) * DAY),
    rtp: 0.94 + (i % 7) / 250,
  })),
];
let suite: Title[];
/** Every slot in play: the files' and the suite's. */
let all: Title[];
/** What the start-up sync is given: the slots and the table games (TABLE_TITLES). */
let catalogue: CatalogueTitle[];

beforeAll(async () => {
  platform = await startTestPlatform({ GAME_PROVIDER_KRONE_STUDIO_SECRET: STUDIO_SECRET });
  platform.setNow(now);
  suite = specs.map(testTitle);
  all = [...loadTitles(), ...suite];
  catalogue = [...all, ...TABLE_TITLES];
  await syncCatalogue(platform.database.db, catalogue, now);
  studio = gameProvider(platform.publicApp, 'krone-studio', STUDIO_SECRET, () => now);
}, 60_000);
afterAll(async () => {
  await platform.close();
});

function setClock(date: Date) {
  now = date;
  platform.setNow(now);
}

async function get<T = Record<string, unknown>>(url: string) {
  const response = await platform.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json() as { result: number; code?: string; message?: string; data: T } };
}

type Summary = {
  id: string;
  name: string;
  studio: string;
  volatility: string;
  features: string[];
  releaseDate: string;
  rtp: number;
  isNew: boolean;
};
type Page = { items: Summary[]; page: number; pageSize: number; total: number; lastPage: number; facets: Record<string, string[]> };

const newestFirst = (a: Title, b: Title) =>
  a.releaseDate === b.releaseDate ? (a.id < b.id ? -1 : 1) : a.releaseDate < b.releaseDate ? 1 : -1;

/** Every page of a list, as a phone pages through it. */
async function allPages(query: string, pageSize = 7) {
  const first = await get<Page>(`/Games/catalogue?pageSize=${pageSize}&${query}`);
  expect(first.status).toBe(200);
  const items = [...first.body.data.items];
  for (let page = 2; page <= first.body.data.lastPage; page++)
    items.push(...(await get<Page>(`/Games/catalogue?pageSize=${pageSize}&page=${page}&${query}`)).body.data.items);
  return { items, total: first.body.data.total, lastPage: first.body.data.lastPage, facets: first.body.data.facets };
}

/** A player with money on their cash account. */
const playerWith = (cashOre: number) => playerWithCash(platform, cashOre);

/** A game session for money on a title, authenticated by the studio: its id. */
async function sessionFor(token: string, gameId: string) {
  const auth = await studio.call('authenticate', { token: await launchToken(platform, token, gameId) });
  expect(auth.status).toBe(200);
  return auth.body.data!.sessionId as string;
}

/** One round through the contract: a bet, a win when given, the round's end. */
async function playRound(sessionId: string, stakeOre: number, winOre = 0) {
  const roundId = `round-${randomUUID()}`;
  const bet = await studio.call('bet', { sessionId, roundId, transactionId: `b-${roundId}`, amountOre: stakeOre });
  expect(bet.status, JSON.stringify(bet.body)).toBe(200);
  if (winOre > 0)
    expect((await studio.call('win', { sessionId, roundId, transactionId: `w-${roundId}`, amountOre: winOre })).status).toBe(200);
  expect((await studio.call('endRound', { sessionId, roundId })).status).toBe(200);
  return roundId;
}

describe('the start-up sync', () => {
  it('writes every title once, writes nothing when nothing changed, withdraws a title gone from the files and brings it back', async () => {
    const { db } = platform.database;
    const inCatalogue = await rowsOf<{ n: number }>(sql`select count(*)::int as n from games where withdrawn_at is null`, db);
    expect(inCatalogue[0]!.n).toBe(catalogue.length);
    expect(await syncCatalogue(db, catalogue, now)).toEqual({ changed: false, titles: catalogue.length, written: 0, withdrawn: 0 });

    const gone = suite[0]!;
    const without = await syncCatalogue(
      db,
      catalogue.filter((title) => title.id !== gone.id),
      now,
    );
    expect(without).toMatchObject({ changed: true, written: 0, withdrawn: 1 });
    const [kept] = await db.select().from(games).where(eq(games.id, gone.id));
    expect(kept?.withdrawnAt).not.toBeNull();
    expect((await get(`/Games/catalogue/${gone.id}`)).body).toMatchObject({ result: 0, code: 'GAME_NOT_FOUND' });
    const player = await createLoggedInPlayer(platform);
    const launch = await platform.app.inject({
      method: 'POST',
      url: `/Games/launch/${player.token}`,
      payload: { providerId: 'krone-studio', gameId: gone.id, mode: 'real' },
    });
    expect(launch.json()).toMatchObject({ code: 'GAME_NOT_FOUND' });

    // Back in the files, and one changed: only those two rows are written.
    const renamed = { ...suite[1]!, name: 'Blåbærskoven' };
    expect(
      await syncCatalogue(
        db,
        catalogue.map((title) => (title.id === renamed.id ? { ...renamed, tags: ['skov', 'bær', 'sommer'] } : title)),
        now,
      ),
    ).toMatchObject({
      changed: true,
      written: 2,
      withdrawn: 0,
    });
    await syncCatalogue(db, catalogue, now);
    expect((await get(`/Games/catalogue/${gone.id}`)).status).toBe(200);
  });

  it('writes the table games beside the slots: game type, category, the return "up to", the stake rule and the largest win; no reels', async () => {
    const { db } = platform.database;
    const rows = await db.select().from(games);
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const title of TABLE_TITLES) {
      expect(byId.get(title.id), title.id).toMatchObject({
        name: title.name,
        providerId: 'krone-studio',
        gameType: 'table',
        category: title.kind,
        rtp: title.rtp,
        rtpIsUpTo: title.rtpIsUpTo,
        stakeUnitOre: title.stake.unitOre,
        maxCallOre: title.stake.maxCallOre,
        maxRoundOre: title.stake.maxRoundOre,
        minStakeOre: title.stake.minOre,
        maxStakeOre: title.stake.maxCallOre,
        stakeStepsOre: [...title.stake.stepsOre],
        defaultStakeOre: title.stake.defaultOre,
        largestWinUnits: title.largestWin.units,
        costUnits: title.largestWin.cost,
        largestWin: title.largestWin.units / title.largestWin.cost,
        mathsHash: title.mathsHash,
        features: [],
        family: null,
        rows: null,
        reelsCount: null,
        hitFrequency: null,
        withdrawnAt: null,
      });
    }
    // Every slot is written a slot, with no category and no table stake rule.
    for (const title of all)
      expect(byId.get(title.id), title.id).toMatchObject({
        gameType: 'slot',
        category: null,
        rtpIsUpTo: false,
        stakeUnitOre: null,
        maxCallOre: null,
        maxRoundOre: null,
        family: title.maths.family,
      });
    // The database holds both to it: a slot without its reels, a stake rule on a slot, a category on a slot.
    const refused = async (change: Partial<typeof games.$inferInsert>, id: string) => {
      await expect(db.update(games).set(change).where(eq(games.id, id))).rejects.toThrow();
    };
    await refused({ family: null }, all[0]!.id);
    await refused({ stakeUnitOre: 100, maxCallOre: 100, maxRoundOre: 100 }, all[0]!.id);
    await refused({ category: 'roulette' }, all[0]!.id);
    await refused({ maxRoundOre: null }, TABLE_TITLES[0]!.id);
  });
});

describe('the catalogue', () => {
  it('pages through every title in play, newest first, each once, with the total and last page', async () => {
    const { items, total, lastPage } = await allPages('sort=newest');
    expect(total).toBe(all.length);
    expect(lastPage).toBe(Math.ceil(all.length / 7));
    expect(items.map((item) => item.id)).toEqual([...all].sort(newestFirst).map((title) => title.id));
    // Past the last page: nothing, with the same total.
    const past = await get<Page>(`/Games/catalogue?pageSize=7&page=${lastPage + 1}`);
    expect(past.body.data).toMatchObject({ items: [], total: all.length });
  });

  it('filters by studio, volatility, feature and new only, and sorts by name and RTP', async () => {
    const fjord = await allPages('studio=Fjordspil');
    expect(fjord.items.map((item) => item.id).sort()).toEqual(
      all
        .filter((title) => title.studio === 'Fjordspil')
        .map((title) => title.id)
        .sort(),
    );
    const high = await allPages('volatility=very-high&feature=free-spins&studio=Testhuset');
    expect(high.items.map((item) => item.id).sort()).toEqual(
      all
        .filter((title) => title.volatility === 'very-high' && title.features.includes('free-spins') && title.studio === 'Testhuset')
        .map((title) => title.id)
        .sort(),
    );
    expect(high.items.length).toBeGreaterThan(0);
    const newOnes = await allPages('newOnly=true');
    const since = isoDay(30 * DAY);
    expect(newOnes.items.map((item) => item.id).sort()).toEqual(
      all
        .filter((title) => title.releaseDate >= since)
        .map((title) => title.id)
        .sort(),
    );
    expect(newOnes.items.every((item) => item.isNew)).toBe(true);
    expect(newOnes.items.map((item) => item.id)).toContain('test-vikingernes-skat');
    expect(newOnes.items.map((item) => item.id)).not.toContain('test-blaabaerskoven');

    const byName = await allPages('sort=name', 50);
    const names = byName.items.map((item) => item.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const byRtp = await allPages('sort=rtp', 50);
    expect(byRtp.items.map((item) => item.rtp)).toEqual([...byRtp.items.map((item) => item.rtp)].sort((a, b) => b - a));

    expect(fjord.facets.studios).toEqual(expect.arrayContaining(['Fjordspil', 'Testhuset']));
    expect(fjord.facets.volatilities).toEqual(['low', 'medium', 'high', 'very-high']);
    expect(fjord.facets.features).toEqual(expect.arrayContaining(['wild', 'scatter', 'free-spins']));
  });

  it('answers one title with its stakes, GAME_NOT_FOUND for an unknown id, and refuses a bad filter', async () => {
    const title = await get<Summary & { stake: { stepsOre: number[]; minOre: number; maxOre: number; defaultOre: number } }>(
      '/Games/catalogue/test-oernens-oeje',
    );
    expect(title.body.data).toMatchObject({ id: 'test-oernens-oeje', name: 'Ørnens Øje', studio: 'Fjordspil', isNew: true });
    expect(title.body.data.stake).toEqual({
      minOre: suite[2]!.stake.minOre,
      maxOre: suite[2]!.stake.maxOre,
      stepsOre: suite[2]!.stake.stepsOre,
      defaultOre: suite[2]!.stake.defaultOre,
      unitOre: null,
      maxCallOre: null,
      maxRoundOre: null,
    });
    const unknown = await get('/Games/catalogue/findes-ikke');
    expect(unknown).toMatchObject({ status: 404, body: { code: 'GAME_NOT_FOUND', message: 'Spillet findes ikke.' } });
    expect((await get('/Games/catalogue?volatility=extreme')).status).toBe(400);
    expect((await get('/Games/catalogue?pageSize=1000')).status).toBe(400);
  });
});

describe('search', () => {
  const found = async (q: string) =>
    (await get<{ items: Summary[] }>(`/Games/search?q=${encodeURIComponent(q)}`)).body.data.items.map((item) => item.id);

  it('finds by the start of a name, a missing or wrong letter, and Danish letters typed any way', async () => {
    expect(await found('vikinger')).toContain('test-vikingernes-skat');
    expect(await found('vikingrnes skat')).toContain('test-vikingernes-skat'); // a missing letter
    expect(await found('vikingernes skst')).toContain('test-vikingernes-skat'); // a wrong one
    for (const q of ['blåbær', 'Blåbærskoven', 'blaabaer', 'blabaer', 'blåbærskven', 'blabærskoven'])
      expect(await found(q), q).toContain('test-blaabaerskoven');
    for (const q of ['ørnens øje', 'oernens', 'ornens oje', 'ØRNENS']) expect((await found(q))[0], q).toBe('test-oernens-oeje');
    expect(await found('ålborg')).toContain('test-aalborg-aal');
    expect(await found('aalborg')).toContain('test-aalborg-aal');
  });

  it('finds by studio and theme tag, ranks a name’s start first, and finds nothing for nonsense', async () => {
    expect(await found('fjordspil')).toEqual(expect.arrayContaining(['test-oernens-oeje', 'test-aalborg-aal']));
    expect(await found('bær')).toContain('test-blaabaerskoven');
    expect((await found('testserie 07'))[0]).toBe('test-serie-07');
    expect(await found('qxzvqj')).toEqual([]);
    expect(await found('   ')).toEqual([]);
    // Wildcards are taken literally.
    expect(await found('%')).toEqual([]);
  });
});

describe('favourites', () => {
  it('keeps each player’s own: another player’s session neither reads nor changes them', async () => {
    const alice = await createLoggedInPlayer(platform);
    const bob = await createLoggedInPlayer(platform);
    const put = (token: string, gameId: string) => platform.app.inject({ method: 'PUT', url: `/Games/favourites/${token}/${gameId}` });
    const remove = (token: string, gameId: string) =>
      platform.app.inject({ method: 'DELETE', url: `/Games/favourites/${token}/${gameId}` });
    const list = async (token: string) =>
      (await get<{ items: Summary[] }>(`/Games/favourites/${token}`)).body.data.items.map((item) => item.id);

    expect((await put(alice.token, 'test-blaabaerskoven')).json()).toMatchObject({ data: { gameIds: ['test-blaabaerskoven'] } });
    setClock(new Date(now.getTime() + 1000));
    await put(alice.token, 'test-oernens-oeje');
    await put(alice.token, 'test-oernens-oeje'); // again: nothing changes
    expect(await list(alice.token)).toEqual(['test-oernens-oeje', 'test-blaabaerskoven']);

    expect(await list(bob.token)).toEqual([]);
    expect((await remove(bob.token, 'test-oernens-oeje')).json()).toMatchObject({ data: { gameIds: [] } });
    expect((await put(bob.token, 'test-aalborg-aal')).statusCode).toBe(200);
    expect(await list(alice.token)).toEqual(['test-oernens-oeje', 'test-blaabaerskoven']);
    expect(await list(bob.token)).toEqual(['test-aalborg-aal']);

    expect((await remove(alice.token, 'test-blaabaerskoven')).json()).toMatchObject({ data: { gameIds: ['test-oernens-oeje'] } });
    expect((await put(alice.token, 'findes-ikke')).json()).toMatchObject({ code: 'GAME_NOT_FOUND' });
    const nobody = 'not-a-session-of-anyone-0000000000000000';
    expect((await get(`/Games/favourites/${nobody}`)).status).toBe(401);
    expect((await put(nobody, 'test-aalborg-aal')).statusCode).toBe(401);
    expect((await remove(nobody, 'test-aalborg-aal')).statusCode).toBe(401);
    expect(await list(bob.token)).toEqual(['test-aalborg-aal']);
  });
});

describe('the popular row before anyone has played', () => {
  it('is empty (the storefront leaves the row out) while the newest row is full, and the popular sort still lists every title, the highest RTP first', async () => {
    const lobby = (await get<{ newest: Summary[]; popular: Summary[]; total: number }>('/Games/lobby')).body.data;
    expect(lobby.newest).toHaveLength(12);
    expect(lobby.popular).toEqual([]);
    const highest = (await get<Page>('/Games/catalogue?sort=rtp&pageSize=1')).body.data.items[0] as Summary & { rtp: number };
    const sorted = (await get<Page>('/Games/catalogue?sort=popular&pageSize=3')).body.data;
    expect(sorted.total).toBe(lobby.total);
    expect((sorted.items[0] as Summary & { rtp: number }).rtp).toBe(highest.rtp);
  });
});

describe('from rounds played through the contract', () => {
  it('lists the most played of 7 days (rounds and players counted), the lobby’s popular row and sort, each player’s recently played', async () => {
    const start = now;
    const stake = (id: string) => suite.find((title) => title.id === id)!.stake.stepsOre[0]!;
    const [ann, ben, cai] = [await playerWith(100_000), await playerWith(100_000), await playerWith(100_000)];
    // Ten days ago: many rounds of one title, outside the 7 days.
    setClock(new Date(start.getTime() - 10 * DAY));
    const old = await sessionFor(cai.token, 'test-serie-03');
    for (let i = 0; i < 5; i++) await playRound(old, stake('test-serie-03'));
    setClock(start);
    const annAalborg = await sessionFor(ann.token, 'test-aalborg-aal');
    for (let i = 0; i < 3; i++) await playRound(annAalborg, stake('test-aalborg-aal'), 50);
    const benAalborg = await sessionFor(ben.token, 'test-aalborg-aal');
    await playRound(benAalborg, stake('test-aalborg-aal'));
    setClock(new Date(start.getTime() + 60_000));
    const annSerie = await sessionFor(ann.token, 'test-serie-11');
    await playRound(annSerie, stake('test-serie-11'));
    // A round whose only bet was rolled back is not a round played.
    const rolled = 'rolled-round';
    await studio.call('bet', { sessionId: annSerie, roundId: rolled, transactionId: 'rolled-bet', amountOre: stake('test-serie-11') });
    await studio.call('rollback', {
      sessionId: annSerie,
      roundId: rolled,
      transactionId: 'rolled-back',
      referenceTransactionId: 'rolled-bet',
    });

    const best = (await get<{ items: (Summary & { rounds: number; players: number })[] }>('/Games/best')).body.data.items;
    expect(best.map((item) => [item.id, item.rounds, item.players])).toEqual([
      ['test-aalborg-aal', 4, 2],
      ['test-serie-11', 1, 1],
    ]);
    const month = (await get<{ items: (Summary & { rounds: number })[] }>('/Games/best?days=30&limit=1')).body.data.items;
    expect(month.map((item) => [item.id, item.rounds])).toEqual([['test-serie-03', 5]]);

    const lobby = (
      await get<{ newest: Summary[]; popular: Summary[]; byStudio: { studio: string; games: Summary[] }[]; total: number }>('/Games/lobby')
    ).body.data;
    // Only the titles played in the 7 days: not the one played 10 days ago, not the rolled-back round's.
    expect(lobby.popular.map((item) => item.id)).toEqual(['test-aalborg-aal', 'test-serie-11']);
    expect(lobby.newest.map((item) => item.id)).toEqual(
      [...all]
        .sort(newestFirst)
        .slice(0, 12)
        .map((title) => title.id),
    );
    expect(lobby.total).toBe(all.length);
    const fjord = lobby.byStudio.find((row) => row.studio === 'Fjordspil')!;
    expect(fjord.games.map((item) => item.id)).toEqual(
      all
        .filter((title) => title.studio === 'Fjordspil')
        .sort(newestFirst)
        .slice(0, 12)
        .map((title) => title.id),
    );
    const popular = (await get<Page>('/Games/catalogue?sort=popular&pageSize=3')).body.data.items;
    expect(popular.slice(0, 2).map((item) => item.id)).toEqual(['test-aalborg-aal', 'test-serie-11']);

    const recent = async (token: string) =>
      (await get<{ items: (Summary & { lastPlayedAt: string })[] }>(`/Games/recent/${token}`)).body.data.items.map((item) => item.id);
    expect(await recent(ann.token)).toEqual(['test-serie-11', 'test-aalborg-aal']);
    expect(await recent(ben.token)).toEqual(['test-aalborg-aal']);
    expect(await recent(cai.token)).toEqual(['test-serie-03']);
  });
});

describe('the game history', () => {
  type History = {
    items: {
      roundId: string;
      gameId: string;
      gameName: string;
      startedAt: string;
      stakeOre: number;
      winOre: number;
      balanceAfterOre: number | null;
    }[];
    total: number;
    lastPage: number;
  };

  it('lists every round for 90 days back with stake, win and the balance after, by period, game and page', async () => {
    const start = now;
    const player = await playerWith(10_000);
    const history = async (query = '') => (await get<History>(`/Games/history/${player.token}?${query}`)).body;
    const steps = suite.find((title) => title.id === 'test-blaabaerskoven')!.stake.stepsOre;
    // 89 days ago, a round of Blåbærskoven that wins; then, today, two rounds of two titles.
    setClock(new Date(start.getTime() - 89 * DAY));
    const early = await playRound(await sessionFor(player.token, 'test-blaabaerskoven'), steps[1]!, 750);
    setClock(start);
    const today = await playRound(await sessionFor(player.token, 'test-oernens-oeje'), steps[0]!);
    setClock(new Date(start.getTime() + 60_000));
    const later = await playRound(await sessionFor(player.token, 'test-blaabaerskoven'), steps[2]!, 3 * steps[2]!);
    setClock(new Date(start.getTime() + 120_000));

    const afterEarly = 10_000 - steps[1]! + 750;
    const afterToday = afterEarly - steps[0]!;
    const afterLater = afterToday - steps[2]! + 3 * steps[2]!;
    // The last 30 days by default.
    const recent = await history();
    expect(recent.data.items.map((item) => [item.roundId, item.gameName, item.stakeOre, item.winOre, item.balanceAfterOre])).toEqual([
      [later, 'Blåbærskoven', steps[2], 3 * steps[2]!, afterLater],
      [today, 'Ørnens Øje', steps[0], 0, afterToday],
    ]);
    // 90 days back: the round 89 days ago is there, with the balance after it.
    const from = new Date(now.getTime() - 89.5 * DAY).toISOString();
    const wide = await history(`from=${encodeURIComponent(from)}`);
    expect(wide.data.items.map((item) => item.roundId)).toEqual([later, today, early]);
    expect(wide.data.items[2]).toMatchObject({
      gameId: 'test-blaabaerskoven',
      stakeOre: steps[1],
      winOre: 750,
      balanceAfterOre: afterEarly,
    });
    expect(new Date(wide.data.items[2]!.startedAt).getTime()).toBe(start.getTime() - 89 * DAY);
    // One game; one page at a time.
    const oneGame = await history(`from=${encodeURIComponent(from)}&gameId=test-blaabaerskoven`);
    expect(oneGame.data.items.map((item) => item.roundId)).toEqual([later, early]);
    const paged = await history(`from=${encodeURIComponent(from)}&pageSize=2&page=2`);
    expect(paged.data).toMatchObject({ total: 3, lastPage: 2 });
    expect(paged.data.items.map((item) => item.roundId)).toEqual([early]);
    // Further back than 90 days is refused, as the transactions list refuses it.
    expect((await history(`from=${encodeURIComponent(new Date(now.getTime() - 95 * DAY).toISOString())}`)).code).toBe('HISTORY_TOO_OLD');
    // Another player sees none of it.
    const other = await createLoggedInPlayer(platform);
    expect((await get<History>(`/Games/history/${other.token}?from=${encodeURIComponent(from)}`)).body.data.items).toEqual([]);

    // The transactions list names each bet's and win's game.
    const transactions = await get<{ rows: { kind: string; game: { id: string; name: string } | null }[] }>(
      `/Wallet/transactions/${player.token}?type=games`,
    );
    const gamesOf = transactions.body.data.rows.map((row) => `${row.kind}:${row.game?.name}`);
    // (A round's bet and win share the frozen clock's instant: their order among themselves is the ledger's.)
    expect(gamesOf.sort()).toEqual(['bet:Blåbærskoven', 'bet:Ørnens Øje', 'win:Blåbærskoven']);
    expect(transactions.body.data.rows.find((row) => row.kind === 'win')!.game).toEqual({
      id: 'test-blaabaerskoven',
      name: 'Blåbærskoven',
    });
  });
});

describe('table games (issue 24)', () => {
  type TableSummary = Summary & { gameType: string; category: string | null; rtpIsUpTo: boolean; family: string | null };
  const byKind = (kind: string) => TABLE_TITLES.filter((title) => title.kind === kind).map((title) => title.id);
  const tableIds = (items: { id: string }[]) => items.map((item) => item.id).sort();

  it('are listed with type=table or a category, never on the slot pages; facets are the type’s own', async () => {
    const slots = await allPages('sort=newest', 50);
    expect(slots.total).toBe(all.length);
    expect(slots.items.some((item) => TABLE_TITLES.some((title) => title.id === item.id))).toBe(false);

    const tables = await allPages('type=table');
    expect(tables.total).toBe(TABLE_TITLES.length);
    expect(tableIds(tables.items)).toEqual(TABLE_TITLES.map((title) => title.id).sort());
    expect((tables.items as TableSummary[]).every((item) => item.gameType === 'table' && item.family === null)).toBe(true);
    expect(tables.facets).toEqual({ studios: ['Krone Studio'], volatilities: ['low', 'medium'], features: [] });

    expect(tableIds((await allPages('category=blackjack')).items)).toEqual(byKind('blackjack').sort());
    expect(tableIds((await allPages('type=table&category=video-poker')).items)).toEqual(byKind('video-poker').sort());
    // A category is a table's: the slots have none.
    expect((await allPages('type=slot&category=roulette')).total).toBe(0);
    expect((await get('/Games/catalogue?category=poker')).status).toBe(400);
    // The live tables are a type of their own (issue 25, test/live-lobby.test.ts): no table game among them.
    expect((await get('/Games/catalogue?type=live')).body.data.total).toBe(0);
  });

  it('are in the lobby’s tables, by the BordspilCategory order and then name, and in none of its slot rows', async () => {
    type Lobby = { newest: Summary[]; byStudio: { studio: string; games: Summary[] }[]; total: number; tables: TableSummary[] };
    const expected = (order: string[]) =>
      [...TABLE_TITLES]
        .sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind) || a.name.localeCompare(b.name, 'da'))
        .map((title) => title.id);
    const lobby = (await get<Lobby>('/Games/lobby')).body.data;
    expect(lobby.tables.map((item) => item.id)).toEqual(expected(['roulette', 'blackjack', 'video-poker']));
    expect(lobby.tables.map((item) => item.category)).toEqual([
      'roulette',
      'roulette',
      'blackjack',
      'blackjack',
      'video-poker',
      'video-poker',
    ]);
    expect(lobby.total).toBe(all.length);
    const inRows = [...lobby.newest, ...lobby.byStudio.flatMap((row) => row.games)].map((item) => item.id);
    expect(inRows.some((id) => TABLE_TITLES.some((title) => title.id === id))).toBe(false);

    // The operator's order: video poker first, then roulette, then blackjack.
    const { db } = platform.database;
    const [config] = await db.select().from(systemConfigs).where(eq(systemConfigs.name, 'BordspilCategory'));
    const reordered = (config!.value as { id: string; position: number }[]).map((entry) => ({
      ...entry,
      position: { 'video-poker': 1, roulette: 2, blackjack: 3 }[entry.id]!,
    }));
    await db.update(systemConfigs).set({ value: reordered }).where(eq(systemConfigs.name, 'BordspilCategory'));
    try {
      const again = (await get<Lobby>('/Games/lobby')).body.data;
      expect(again.tables.map((item) => item.id)).toEqual(expected(['video-poker', 'roulette', 'blackjack']));
    } finally {
      await db.update(systemConfigs).set({ value: config!.value }).where(eq(systemConfigs.name, 'BordspilCategory'));
    }
  });

  it('answer one table with its stake rule, and are found by search by name, kind and tag', async () => {
    const blackjack = TABLE_TITLES.find((title) => title.id === 'blackjack-vegas')!;
    const title = await get<TableSummary & { stake: Record<string, unknown>; rows: number | null; hitFrequency: number | null }>(
      '/Games/catalogue/blackjack-vegas',
    );
    expect(title.body.data).toMatchObject({
      id: 'blackjack-vegas',
      gameType: 'table',
      category: 'blackjack',
      rtp: blackjack.rtp,
      rtpIsUpTo: true,
      largestWin: 2.5,
      volatility: 'low',
      family: null,
      rows: null,
      hitFrequency: null,
      features: [],
      stake: {
        minOre: blackjack.stake.minOre,
        maxOre: blackjack.stake.maxCallOre,
        stepsOre: [...blackjack.stake.stepsOre],
        defaultOre: blackjack.stake.defaultOre,
        unitOre: 100,
        maxCallOre: blackjack.stake.maxCallOre,
        maxRoundOre: blackjack.stake.maxRoundOre,
      },
    });
    // A slot's stake has no table rule.
    expect((await get<{ stake: Record<string, unknown> }>('/Games/catalogue/test-oernens-oeje')).body.data.stake).toMatchObject({
      unitOre: null,
      maxCallOre: null,
      maxRoundOre: null,
    });

    const found = async (q: string) =>
      (await get<{ items: TableSummary[] }>(`/Games/search?q=${encodeURIComponent(q)}`)).body.data.items.map((item) => item.id);
    expect(await found('roulette')).toEqual(expect.arrayContaining(byKind('roulette')));
    expect(await found('blackjack')).toEqual(expect.arrayContaining(byKind('blackjack')));
    expect((await found('blackjak')).slice(0, 2).sort()).toEqual(byKind('blackjack').sort()); // a missing letter
    expect(await found('video poker')).toEqual(expect.arrayContaining(byKind('video-poker')));
    expect(await found('videopoker')).toEqual(expect.arrayContaining(byKind('video-poker')));
    expect((await found('europæisk roulette'))[0]).toBe('europaeisk-roulette');
    expect((await found('la partage'))[0]).toBe('fransk-roulette');
  });

  it('are favourites, recently played, in the game history and the best list as any title, played through the contract', async () => {
    const player = await playerWith(50_000);
    const session = await sessionFor(player.token, 'europaeisk-roulette');
    setClock(new Date(now.getTime() + 1000));
    // A spin of 10 kr. of chips that wins 36 kr. on a straight up and 0 on the rest.
    const roundId = await playRound(session, 1_000, 3_600);
    setClock(new Date(now.getTime() + 60_000));
    expect(
      (await platform.app.inject({ method: 'PUT', url: `/Games/favourites/${player.token}/europaeisk-roulette` })).json(),
    ).toMatchObject({
      data: { gameIds: ['europaeisk-roulette'] },
    });
    const favourites = (await get<{ items: TableSummary[] }>(`/Games/favourites/${player.token}`)).body.data.items;
    expect(favourites).toEqual([expect.objectContaining({ id: 'europaeisk-roulette', gameType: 'table', category: 'roulette' })]);
    const recent = (await get<{ items: TableSummary[] }>(`/Games/recent/${player.token}`)).body.data.items;
    expect(recent.map((item) => [item.id, item.gameType])).toEqual([['europaeisk-roulette', 'table']]);
    const history = (
      await get<{ items: { roundId: string; gameName: string; stakeOre: number; winOre: number }[] }>(`/Games/history/${player.token}`)
    ).body.data.items;
    expect(history).toEqual([expect.objectContaining({ roundId, gameName: 'Europæisk Roulette', stakeOre: 1_000, winOre: 3_600 })]);
    const best = (await get<{ items: (TableSummary & { rounds: number })[] }>('/Games/best')).body.data.items;
    expect(best.find((item) => item.id === 'europaeisk-roulette')).toMatchObject({ gameType: 'table', rounds: 1 });
  });
});
