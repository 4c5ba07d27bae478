import { createServer } from 'node:net';
import { SeededTestRng, settleRoulette } from '@krone/games-math';
import { startLiveStudio, type LiveStudio } from '../../sims/src/live/studio.js';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncLiveTables } from '../src/games/live/catalogue-sync.js';
import { createLiveLobby } from '../src/games/live/lobby.js';
import type { LiveStudio as LiveStudioPort } from '../src/games/live/types.js';
import { createLysmesterStudio, readLobby } from '../src/games/providers/lysmester/studio.js';
import { gameSessions, games } from '../src/games/schema.js';
import { AppError } from '../src/shared/errors.js';
import { STOREFRONT_KEY_HEADER } from '../src/shared/storefront-key.js';
import { createWalletService } from '../src/wallet/service.js';
import { playerWithCash } from './games-provider.js';
import { startTestPlatform, type TestPlatform } from './harness.js';
import { readEventStream } from './event-stream-reader.js';
import type { LiveLobbyTable } from '../src/games/live/lobby.js';

/**
 * The live casino, the platform's side (games/README.md "Live casino"): the live studio's stand-in
 * (Lysmester Live, apps/sims/src/live/) runs in this process on its own port, with our operator's
 * key and our public listener as its wallet; the platform reads its lobby into the catalogue,
 * streams its tables' state to the storefront, seats players at its tables, and a round bet in its
 * game client lands in the player's history. The two share one clock the test moves.
 */
const SECRET = 'lysmester-live-wallet-secret-of-the-tests';
const API_KEY = 'lysmester-operator-key-of-the-tests';
const PROVIDER = 'lysmester-live';
const ROULETTE = 'krone-roulette-live';
const BLACKJACK = 'nattergal-blackjack';
const WHEEL = 'karrusellen-live';

let at = Date.now();
const now = () => new Date(at);
let studio: LiveStudio;
let platform: TestPlatform;
let internalUrl: string;

/** A port free now, for the platform's public listener (the studio's wallet address is fixed when it starts). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Moves the shared clock (the studio's floor and the platform), and lets the studio settle and broadcast. */
async function advance(ms: number) {
  at += ms;
  platform.setNow(now());
  await studio.tick();
}

beforeAll(async () => {
  const publicPort = await freePort();
  studio = await startLiveStudio({
    operators: [
      {
        operatorId: 'krone',
        apiKey: API_KEY,
        walletUrl: `http://127.0.0.1:${publicPort}/Games/live/lysmester`,
        walletSecret: SECRET,
        embedOrigins: ['http://127.0.0.1:3000'],
      },
    ],
    adminKey: 'test-admin',
    now,
    rng: new SeededTestRng(2519),
    // The floor moves only when the test ticks it.
    tickMs: 1e9,
    retryDelaysMs: [],
  });
  platform = await startTestPlatform({
    GAME_PROVIDER_LYSMESTER_LIVE_SECRET: SECRET,
    LYSMESTER_LIVE_URL: studio.url,
    LYSMESTER_LIVE_API_KEY: API_KEY,
  });
  platform.setNow(now());
  await platform.publicApp.listen({ host: '127.0.0.1', port: publicPort });
  internalUrl = await platform.app.listen({ host: '127.0.0.1', port: 0 });
}, 60_000);

let closed = false;
afterAll(async () => {
  if (!closed) await platform.close();
  await studio.close();
});

const db = () => platform.database.db;
const get = async <T>(url: string) => {
  const response = await platform.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json() as { result: number; code?: string; data: T } };
};
const liveRows = () =>
  db()
    .select()
    .from(games)
    .where(and(eq(games.providerId, PROVIDER), eq(games.gameType, 'live')));

/** The lobby's table as the route answers it (the service's own type). */
type LobbyTable = LiveLobbyTable;
interface LobbyView {
  updatedAt: string;
  tables: LobbyTable[];
}

/** The platform's live lobby stream as a browser's server reads it: each lobby, as it comes. */
async function subscribe() {
  const stream = await readEventStream(`${internalUrl}/Games/live/lobby/stream`, {
    [STOREFRONT_KEY_HEADER]: platform.config.STOREFRONT_API_KEY,
  });
  /** The first lobby from index `from` on that passes `test`. */
  const next = (test: (view: LobbyView) => boolean, from = 0, timeoutMs = 5_000) => stream.next<LobbyView>('lobby', test, from, timeoutMs);
  return { ...stream, next };
}

describe('live casino: the catalogue from the studio’s lobby', () => {
  it('syncs the studio’s tables as live titles of its provider, each with its category, figures and stake rule', async () => {
    expect(await liveRows()).toEqual([]);
    expect(await platform.live.syncTables()).toMatchObject({ tables: 3, written: 3, withdrawn: 0, skipped: [] });
    const rows = new Map((await liveRows()).map((row) => [row.id, row]));
    expect([...rows.keys()].sort()).toEqual([WHEEL, ROULETTE, BLACKJACK].sort());
    expect(rows.get(ROULETTE)).toMatchObject({
      name: 'Krone Roulette Live',
      studio: 'Lysmester Live',
      category: 'live-roulette',
      rtp: 0.972973,
      rtpIsUpTo: false,
      largestWinUnits: 36,
      costUnits: 1,
      minStakeOre: 100,
      maxStakeOre: 500_000,
      stakeUnitOre: 100,
      maxCallOre: 500_000,
      maxRoundOre: 500_000,
      withdrawnAt: null,
      hitFrequency: null,
      reelsCount: null,
    });
    // Blackjack's round takes the main bet up to four times (a split hand doubled twice); it pays 5/2 at most.
    expect(rows.get(BLACKJACK)).toMatchObject({ category: 'live-blackjack', rtpIsUpTo: true, largestWinUnits: 5, costUnits: 2 });
    expect(rows.get(BLACKJACK)!.maxRoundOre).toBe(4 * rows.get(BLACKJACK)!.maxCallOre!);
    expect(rows.get(WHEEL)).toMatchObject({ category: 'andre-live-spil', rtpIsUpTo: true, largestWinUnits: 1961, maxCallOre: 250_000 });
    for (const row of rows.values()) expect(row.theme.motif).toMatch(/^live-/);
    // Unchanged: nothing written.
    expect(await platform.live.syncTables()).toMatchObject({ tables: 3, written: 0, withdrawn: 0 });
  });

  it('withdraws a table the studio stops listing (its page 404), brings it back when listed again, and follows a change', async () => {
    const lobby = await createLysmesterStudio({ url: studio.url, operatorId: 'krone', apiKey: API_KEY }).lobby();
    const released = (await liveRows()).find((row) => row.id === WHEEL)!.releaseDate;
    const without = { ...lobby, tables: lobby.tables.filter((table) => table.tableId !== WHEEL) };
    expect(await syncLiveTables(db(), without, PROVIDER, now())).toMatchObject({ tables: 2, written: 0, withdrawn: 1 });
    expect((await get(`/Games/catalogue/${WHEEL}`)).status).toBe(404);
    expect((await get<{ items: { id: string }[] }>('/Games/catalogue?type=live')).body.data.items.map((item) => item.id)).not.toContain(
      WHEEL,
    );

    // A new return published: the row follows; the day it was first seen stays its release date.
    const changed = {
      ...lobby,
      tables: lobby.tables.map((table) => (table.tableId === WHEEL ? { ...table, rtp: 0.95, maxBetOre: 200_000 } : table)),
    };
    at += 3 * 86_400_000;
    try {
      expect(await syncLiveTables(db(), changed, PROVIDER, now())).toMatchObject({ written: 1, withdrawn: 0 });
    } finally {
      at -= 3 * 86_400_000;
    }
    const back = (await liveRows()).find((row) => row.id === WHEEL)!;
    expect(back).toMatchObject({ withdrawnAt: null, rtp: 0.95, maxCallOre: 200_000, releaseDate: released });
    expect(await platform.live.syncTables()).toMatchObject({ written: 1, withdrawn: 0 });
    expect((await get(`/Games/catalogue/${WHEEL}`)).status).toBe(200);
  });

  it('never writes over another title: a studio table with our own table game’s id, or no game id, is skipped', async () => {
    const lobby = await createLysmesterStudio({ url: studio.url, operatorId: 'krone', apiKey: API_KEY }).lobby();
    const roulette = lobby.tables.find((table) => table.tableId === ROULETTE)!;
    const imposters = {
      ...lobby,
      tables: [...lobby.tables, { ...roulette, tableId: 'europaeisk-roulette', rtp: 0.5 }, { ...roulette, tableId: 'Not A Game Id' }],
    };
    const result = await syncLiveTables(db(), imposters, PROVIDER, now());
    expect(result.skipped.sort()).toEqual(['Not A Game Id', 'europaeisk-roulette']);
    const [ours] = await db().select().from(games).where(eq(games.id, 'europaeisk-roulette'));
    expect(ours).toMatchObject({ gameType: 'table', providerId: 'krone-studio', category: 'roulette' });
    expect(ours!.rtp).not.toBe(0.5);
  });

  it('lists the live tables with type=live or a live category, each with its stake rule; the slot and table lists hold none', async () => {
    const live = await get<{ items: { id: string; gameType: string; category: string }[]; total: number }>('/Games/catalogue?type=live');
    expect(live.status).toBe(200);
    expect(live.body.data.items.map((item) => [item.id, item.gameType, item.category]).sort()).toEqual(
      [
        [BLACKJACK, 'live', 'live-blackjack'],
        [WHEEL, 'live', 'andre-live-spil'],
        [ROULETTE, 'live', 'live-roulette'],
      ].sort(),
    );
    const byCategory = async (category: string) =>
      (await get<{ items: { id: string }[] }>(`/Games/catalogue?category=${category}`)).body.data.items.map((item) => item.id);
    expect(await byCategory('live-roulette')).toEqual([ROULETTE]);
    expect(await byCategory('live-blackjack')).toEqual([BLACKJACK]);
    expect(await byCategory('andre-live-spil')).toEqual([WHEEL]);
    for (const list of ['/Games/catalogue', '/Games/catalogue?type=table', '/Games/catalogue?pageSize=100&type=slot'])
      expect((await get<{ items: { gameType: string }[] }>(list)).body.data.items.every((item) => item.gameType !== 'live')).toBe(true);
    const title = await get<{ gameType: string; stake: { unitOre: number; maxCallOre: number; maxRoundOre: number } }>(
      `/Games/catalogue/${BLACKJACK}`,
    );
    expect(title.body.data).toMatchObject({ gameType: 'live', stake: { unitOre: 100, maxCallOre: 500_000, maxRoundOre: 2_000_000 } });
    expect((await get('/Games/catalogue?category=baccarat')).status).toBe(400);
  });
});

describe('live casino: the lobby’s live state', () => {
  it('answers every listed table’s state from the studio: dealer, open, limits, figures, the round, the last results', async () => {
    const { status, body } = await get<LobbyView>('/Games/live/lobby');
    expect(status).toBe(200);
    const tables = new Map(body.data.tables.map((table) => [table.gameId, table]));
    expect([...tables.keys()].sort()).toEqual([BLACKJACK, WHEEL, ROULETTE].sort());
    expect(tables.get(ROULETTE)).toMatchObject({
      tableId: ROULETTE,
      name: 'Krone Roulette Live',
      kind: 'roulette',
      category: 'live-roulette',
      dealer: 'Sofie',
      video: false,
      open: true,
      players: 0,
      limits: { minBetOre: 100, maxBetOre: 500_000 },
      rtp: 0.972973,
      rtpIsUpTo: false,
      round: { state: 'betting' },
      lastResults: [],
    });
    // The stand-in films no table (its lobby says video: null): every table is told as drawn, in the stream too.
    expect(body.data.tables.map((table) => table.video)).toEqual([false, false, false]);
    const round = tables.get(ROULETTE)!.round;
    expect(Date.parse(round.bettingClosesAt)).toBeGreaterThan(at);
    expect(Date.parse(round.resultAt)).toBeGreaterThan(Date.parse(round.bettingClosesAt));
  });

  it('streams the lobby to two subscribers at once and again when a round changes, from one subscription to the studio', async () => {
    const first = await subscribe();
    const second = await subscribe();
    try {
      expect(first.response.status).toBe(200);
      expect(first.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const roulette = (view: LobbyView) => view.tables.find((table) => table.gameId === ROULETTE)!;
      const opening = roulette(await first.next(() => true));
      expect(opening.video).toBe(false);
      expect(roulette(await second.next(() => true)).round.roundId).toBe(opening.round.roundId);
      const seen = [first.events.length, second.events.length];

      // Betting closes at the studio: both subscribers hear it.
      await advance(Date.parse(opening.round.bettingClosesAt) - at);
      for (const [subscriber, from] of [
        [first, seen[0]],
        [second, seen[1]],
      ] as const) {
        const closed = await subscriber.next((view) => roulette(view).round.state === 'closed', from);
        expect(roulette(closed).round.roundId).toBe(opening.round.roundId);
      }
      // The result shown and the next round opened: the result is among the last results.
      await advance(Date.parse(opening.round.resultAt) - at);
      const shown = await first.next((view) => roulette(view).round.state === 'result');
      expect(roulette(shown).lastResults[0]).toEqual({ pocket: expect.any(Number) });
    } finally {
      first.close();
      second.close();
    }
  });

  it('refuses a subscriber past the most it serves (503), and shows a studio unheard of for 30 s with its tables closed', async () => {
    const lobby = readLobby(
      await (
        await fetch(`${studio.url}/api/v1/lobby`, { headers: { 'x-lysmester-operator': 'krone', 'x-lysmester-key': API_KEY } })
      ).json(),
    );
    let clock = 0;
    const fake: LiveStudioPort = {
      providerId: PROVIDER,
      lobby: async () => lobby,
      // A stream that opens and stays silent.
      streamLobby: (_handlers, signal) => new Promise((resolve) => signal.addEventListener('abort', () => resolve())),
      launch: async () => ({ gameUrl: 'https://studio.example/client' }),
    };
    const small = createLiveLobby({
      studio: fake,
      listedTables: async () => new Map(lobby.tables.map((table) => [table.tableId, { gameId: table.tableId, category: 'x' }])),
      clock: () => new Date(clock),
      log: { warn: () => undefined },
      maxSubscribers: 1,
    });
    try {
      const sent: string[] = [];
      await small.subscribe({ write: (chunk) => void sent.push(chunk), backlog: () => 0, end: () => undefined });
      expect(sent[0]).toMatch(/^event: lobby\ndata: \{/);
      const refused = await small
        .subscribe({ write: () => undefined, backlog: () => 0, end: () => undefined })
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).code).toBe('SERVICE_OVERLOADED');
      expect((await small.current()).tables.every((table) => table.open)).toBe(true);
      clock += 31_000;
      expect((await small.current()).tables.map((table) => table.open)).toEqual(lobby.tables.map(() => false));
    } finally {
      await small.close();
    }
  });

  it('leaves out a studio table that does not read as the protocol says, keeping the others', () => {
    const good = {
      tableId: 'a-table',
      name: 'A',
      kind: 'roulette',
      dealer: 'D',
      open: true,
      limits: { minBet: 100, maxBet: 1000, currency: 'DKK' },
    };
    const rest = {
      maxRoundStake: 1000,
      rtp: 0.97,
      rtpIsUpTo: false,
      largestWin: { units: 36, cost: 1 },
      players: 2,
      round: { roundId: 'r1', state: 'betting', bettingClosesAt: new Date().toISOString(), resultAt: new Date().toISOString() },
      lastResults: [{ pocket: 7, colour: 'red' }, 'nonsense', { number: 5, multiplier: 2 }],
    };
    const read = readLobby({ studio: 'S', tables: [{ ...good, ...rest }, { ...good, tableId: 'b', kind: 'baccarat', ...rest }, null] });
    expect(read.tables.map((table) => table.tableId)).toEqual(['a-table']);
    expect(read.tables[0]!.lastResults).toEqual([{ pocket: 7 }, { number: 5, multiplier: 2 }]);
    expect(() => readLobby({ tables: 'no' })).toThrow();
    // Filmed only when the studio sends a stream; null, nothing or a shape we do not know is a drawn table, still shown.
    const videoOf = (video: unknown) => readLobby({ studio: 'S', tables: [{ ...good, ...rest, video }] }).tables[0]?.video;
    expect(videoOf({ url: 'https://studio.example/stream/a-table' })).toBe(true);
    for (const video of [null, undefined, true, 'yes', {}, { url: '' }]) expect(videoOf(video), String(video)).toBe(false);
  });
});

describe('live casino: a seat at a table, for money', () => {
  const launch = (token: string, gameId: string) =>
    platform.app.inject({ method: 'POST', url: `/Games/live/launch/${token}`, payload: { gameId } });
  const openSessions = async (playerId: string) =>
    (
      await db()
        .select({ id: gameSessions.id })
        .from(gameSessions)
        .where(and(eq(gameSessions.playerId, playerId), isNull(gameSessions.endedAt)))
    ).length;
  const sessionsOf = async (playerId: string) =>
    (await db().select({ id: gameSessions.id }).from(gameSessions).where(eq(gameSessions.playerId, playerId))).length;

  it('seats a player: a game session and the studio’s game client for it, which the studio serves', async () => {
    const player = await playerWithCash(platform, 50_000);
    const response = await launch(player.token, ROULETTE);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json() as {
      data: { gameSessionId: string; gameId: string; tableId: string; gameUrl: string; expiresAt: string };
    };
    expect(data).toMatchObject({
      gameId: ROULETTE,
      tableId: ROULETTE,
      gameUrl: expect.stringMatching(`^${studio.url}/client/${ROULETTE}\\?launch=`),
    });
    expect(Date.parse(data.expiresAt)).toBeGreaterThan(at);
    const page = await fetch(data.gameUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Krone Roulette Live');
    expect(await openSessions(player.id)).toBe(1);
    const [session] = await db().select().from(gameSessions).where(eq(gameSessions.id, data.gameSessionId));
    expect(session).toMatchObject({ providerId: PROVIDER, gameId: ROULETTE, mode: 'real', endedAt: null });
    // The login's money-played warning starts with its first live seat (games/live/warning.ts).
    const warning = await get<{ due: boolean; playSince: string | null }>(`/Games/live/warning/${player.token}`);
    expect(warning.body.data).toMatchObject({ due: false, playSince: now().toISOString() });
  });

  it('refuses a paused or logged-out player, and a title that is no live table, with nothing made', async () => {
    const paused = await playerWithCash(platform, 10_000);
    expect(
      (await platform.app.inject({ method: 'POST', url: `/Limits/${paused.token}/pause`, payload: { duration: '24h' } })).statusCode,
    ).toBe(200);
    const refused = await launch(paused.token, ROULETTE);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ result: 0, code: 'ACCOUNT_PAUSED' });
    expect(await sessionsOf(paused.id)).toBe(0);

    const loggedOut = await playerWithCash(platform, 10_000);
    expect((await platform.app.inject({ method: 'POST', url: `/Players/sessions/${loggedOut.token}/logout` })).statusCode).toBeLessThan(
      500,
    );
    const gone = await launch(loggedOut.token, ROULETTE);
    expect(gone.statusCode).toBe(401);
    expect(gone.json()).toMatchObject({ code: 'SESSION_INVALID' });
    expect(await sessionsOf(loggedOut.id)).toBe(0);

    const player = await playerWithCash(platform, 10_000);
    for (const gameId of ['europaeisk-roulette', 'no-such-table', 'NOT_AN_ID']) {
      const answer = await launch(player.token, gameId);
      expect(answer.statusCode, gameId).toBe(404);
      expect(answer.json()).toMatchObject({ code: 'GAME_NOT_FOUND' });
    }
    expect(await sessionsOf(player.id)).toBe(0);
  });

  it('plays a round through the studio’s game client: shown open in the history until the studio settles it, then with its win, the table and the studio’s round id', async () => {
    const player = await playerWithCash(platform, 50_000);
    const seated = (await launch(player.token, ROULETTE)).json() as { data: { gameUrl: string; gameSessionId: string } };
    const launchToken = new URL(seated.data.gameUrl).searchParams.get('launch')!;
    const state = async () =>
      (await (await fetch(`${studio.url}/client/api/state?launch=${launchToken}`)).json()) as {
        round: { roundId: string; state: string; resultAt: string; result?: { pocket: number } };
      };
    // A round open for bets with time left.
    let round = (await state()).round;
    while (round.state !== 'betting' || Date.parse(round.resultAt) - at < 15_000) {
      await advance(1_000);
      round = (await state()).round;
    }
    const bets = [
      { kind: 'red-black', selector: 'red', stakeOre: 1_000 },
      { kind: 'straight', numbers: [17], stakeOre: 200 },
    ];
    const placed = await fetch(`${studio.url}/client/api/bets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ launch: launchToken, roundId: round.roundId, bets }),
    });
    expect(placed.status, await placed.clone().text()).toBe(200);
    expect(((await placed.json()) as { balance: number }).balance).toBe(48_800);

    type History = {
      items: {
        roundId: string;
        providerRoundId: string;
        gameId: string;
        gameName: string;
        gameType: string;
        state: string;
        stakeOre: number;
        winOre: number;
        endedAt: string | null;
      }[];
    };
    const history = async () => (await get<History>(`/Games/history/${player.token}`)).body.data.items;
    // The history's period ends now (exclusive): the frozen clock moves on a moment.
    await advance(1);
    expect(await history()).toEqual([
      expect.objectContaining({
        roundId: `${round.roundId}:${seated.data.gameSessionId}`,
        providerRoundId: round.roundId,
        gameId: ROULETTE,
        gameName: 'Krone Roulette Live',
        gameType: 'live',
        state: 'open',
        stakeOre: 1_200,
        winOre: 0,
        endedAt: null,
      }),
    ]);

    // The result is shown and the studio settles: one credit of the round's exact return.
    await advance(Date.parse(round.resultAt) - at);
    const pocket = (await state()).round.result!.pocket;
    const expected = settleRoulette('european', bets as Parameters<typeof settleRoulette>[1], pocket).totalReturnOre;
    const balance = async () => {
      const balances = await createWalletService(db(), platform.clock).playerBalances(player.id);
      return balances.player_cash + balances.player_bonus;
    };
    for (let i = 0; i < 50 && (await history())[0]!.state === 'open'; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await history())[0]).toMatchObject({ providerRoundId: round.roundId, state: 'settled', stakeOre: 1_200, winOre: expected });
    expect(await balance()).toBe(50_000 - 1_200 + expected);
    // The studio's credit again (a retry): paid once.
    await studio.tick();
    expect(await balance()).toBe(50_000 - 1_200 + expected);

    await advance(1);
    const transactions = await get<{ rows: { kind: string; roundId: string | null; game: { id: string; name: string } | null }[] }>(
      `/Wallet/transactions/${player.token}?type=games`,
    );
    const rows = transactions.body.data.rows.filter((row) => row.roundId === round.roundId);
    expect(rows.map((row) => row.kind).sort()).toEqual(expected > 0 ? ['bet', 'win'] : ['bet']);
    for (const row of rows) expect(row.game).toEqual({ id: ROULETTE, name: 'Krone Roulette Live' });
  });
});

describe('live casino: the studio down', () => {
  it('answers a launch 503 LIVE_STUDIO_UNAVAILABLE and leaves no game session open; the lobby shows the last state, closed once stale', async () => {
    const stream = await subscribe();
    await stream.next(() => true);
    await studio.close();
    const player = await playerWithCash(platform, 10_000);
    const refused = await platform.app.inject({ method: 'POST', url: `/Games/live/launch/${player.token}`, payload: { gameId: ROULETTE } });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ result: 0, code: 'LIVE_STUDIO_UNAVAILABLE', message: expect.stringMatching(/Live casinoet/) });
    const sessions = await db().select().from(gameSessions).where(eq(gameSessions.playerId, player.id));
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ endedReason: 'launch_failed', endedAt: expect.any(Date) });
    // A seat the studio never gave starts no money-played warning.
    expect((await get<{ playSince: string | null }>(`/Games/live/warning/${player.token}`)).body.data.playSince).toBeNull();

    // Synced meanwhile, the studio's tables stay as they were: a studio that is down withdraws nothing.
    await expect(platform.live.syncTables()).rejects.toThrow();
    expect((await liveRows()).filter((row) => row.withdrawnAt === null)).toHaveLength(3);

    const before = await get<LobbyView>('/Games/live/lobby');
    expect(before.status).toBe(200);
    expect(before.body.data.tables).toHaveLength(3);
    at += 31_000;
    platform.setNow(now());
    const stale = await get<LobbyView>('/Games/live/lobby');
    expect(stale.status).toBe(200);
    expect(stale.body.data.tables.map((table) => [table.gameId, table.open])).toEqual(
      before.body.data.tables.map((table) => [table.gameId, false]),
    );
    // The stream tells its subscribers too, within the stale check's interval.
    await stream.next((view) => view.tables.length === 3 && view.tables.every((table) => !table.open), 0, 8_000);

    // The platform's close does not wait on an open stream: it ends it.
    const closing = Date.now();
    closed = true;
    await platform.close();
    await stream.ended;
    expect(Date.now() - closing).toBeLessThan(5_000);
  }, 30_000);
});
