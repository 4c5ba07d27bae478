import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rowsOf } from '../../platform/src/shared/db.js';
import { createWalletService } from '../../platform/src/wallet/service.js';
import { launchToken as launchTokenOf, playerWithCash } from '../../platform/test/games-provider.js';
import { scratchDatabase, startTestPlatform, type TestPlatform } from '../../platform/test/harness.js';
import { createCryptoRng, play, SeededTestRng, type Rng } from '@krone/games-math';
import { buildStudio, type Studio, type StudioOptions } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { loadTitleCatalogue, type SlotTitle } from '../src/titles.js';

export const STUDIO_SECRET = 'studio-secret-of-the-studio-tests-0123456789';
export const STUDIO_KEY = 'studio-key-of-the-studio-tests-0123456789';
export const GAME = 'vikingernes-guld';

/**
 * The platform's public listener (the games contract) as a fetch, answered in-process (no socket); `failing`
 * lets a test make the network fail as real ones do (a timeout, a 502) for chosen operations.
 */
export function platformFetch(platform: TestPlatform) {
  const state = {
    failing: null as null | ((operation: string) => 'timeout' | 'error502' | 'lost-answer' | 'error502-after-landing' | null),
    /** Holds a call this long before it reaches the platform (a slow network). */
    delayMs: null as null | ((operation: string) => number),
    /**
     * Changes what the platform answered to a call it did (a 200 with `{result: 1, data}`): a test's
     * stand-in for what the platform adds, e.g. the pools a stake won. Called once the call has
     * landed, before the answer may be lost on its way back.
     */
    answer: null as
      null | ((operation: string, request: Record<string, unknown>, data: Record<string, unknown>) => Record<string, unknown>),
    calls: [] as string[],
  };
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input));
    const operation = url.pathname.split('/').at(-1) ?? '';
    state.calls.push(operation);
    const delay = state.delayMs?.(operation) ?? 0;
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    const failure = state.failing?.(operation) ?? null;
    if (failure === 'timeout') throw Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' });
    if (failure === 'error502') return new Response('bad gateway', { status: 502 });
    const response = await platform.publicApp.inject({
      method: (init?.method ?? 'GET') as 'POST',
      url: url.pathname + url.search,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      payload: init?.body as string | undefined,
    });
    let body = response.body;
    if (state.answer && response.statusCode === 200) {
      const answered = JSON.parse(body) as { result: number; data: Record<string, unknown> };
      if (answered.result === 1) {
        const request = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
        body = JSON.stringify({ ...answered, data: state.answer(operation, request, answered.data) });
      }
    }
    // The call reached the platform and did its work, but its answer never came back.
    if (failure === 'lost-answer') throw Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' });
    // It did its work, and a proxy in between answered 502 instead of its answer.
    if (failure === 'error502-after-landing') return new Response('bad gateway', { status: 502 });
    return new Response(body, { status: response.statusCode, headers: { 'content-type': 'application/json' } });
  };
  return { fetch: fetch as typeof globalThis.fetch, state };
}

/** The studio's own database: in-memory PGlite, or a fresh database on TEST_DATABASE_URL's server (as CI runs it). */
async function studioDatabase(): Promise<{ database: Database; drop?: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { database: await openDatabase('memory://') };
  const { url, drop } = await scratchDatabase(serverUrl, 'krone_studio_test');
  return { database: await openDatabase(url, 4), drop };
}

export interface TestWorld {
  platform: TestPlatform;
  studio: Studio;
  network: ReturnType<typeof platformFetch>['state'];
  database: Database;
  /** Moves the studio's clock (the platform keeps its own). */
  moveStudioClock(ms: number): void;
  /**
   * The next round's outcome: a seeded generator found to win (or not) on the title with the
   * studio's own `play`, from which the studio then draws until `nextOutcome(null)` (the CSPRNG).
   */
  nextOutcome(kind: 'win' | 'loss' | null, gameId?: string): void;
  /** The studio's draws from a seeded generator fresh at `seed` (a test's chosen deal), or again from the CSPRNG (null). */
  steer(seed: number | null): void;
  /** Another studio process on the same database (closed with the world). */
  anotherStudio(): Promise<Studio>;
  close(): Promise<void>;
}

/** A platform and a studio wired to it through the games contract, each on its own fresh database. */
export async function startWorld(
  env: Record<string, string> = {},
  {
    overHttp = false,
    studio: studioOptions = {},
    platformEnv = {},
  }: {
    overHttp?: boolean;
    studio?: Pick<StudioOptions, 'inRequestDelaysMs'>;
    /** The platform's own settings besides the studio's secret (e.g. JACKPOT_TEST_HOOKS). */
    platformEnv?: Record<string, string>;
  } = {},
): Promise<TestWorld> {
  const platform = await startTestPlatform({ ...platformEnv, GAME_PROVIDER_KRONE_STUDIO_SECRET: STUDIO_SECRET });
  const { fetch, state } = platformFetch(platform);
  // Over HTTP: the platform's public listener on a port and the studio uses its own transport (no stand-in fetch).
  const platformUrl = overHttp ? await platform.publicApp.listen({ host: '127.0.0.1', port: 0 }) : 'http://platform.test';
  const { database, drop } = await studioDatabase();
  await database.migrate();
  const config = loadConfig({
    KRONE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PLATFORM_URL: platformUrl,
    STUDIO_PROVIDER_SECRET: STUDIO_SECRET,
    STUDIO_API_KEY: STUDIO_KEY,
    STUDIO_ROUND_PACE_MS: '0',
    ...env,
  });
  let offsetMs = 0;
  const titleById = await loadTitleCatalogue();
  const crypto = createCryptoRng();
  let steered: Rng | null = null;
  const rng: Rng = {
    nextUint32: () => (steered ?? crypto).nextUint32(),
    int: (n) => (steered ?? crypto).int(n),
  };
  const build = async () => {
    const app = await buildStudio({
      config,
      database,
      titleById,
      clock: () => new Date(Date.now() + offsetMs),
      rng,
      logger: false,
      ...studioOptions,
      ...(overHttp ? {} : { fetch }),
    });
    await app.ready();
    return app;
  };
  const studio = await build();
  const others: Studio[] = [];
  return {
    platform,
    studio,
    network: state,
    database,
    moveStudioClock: (ms) => {
      offsetMs += ms;
    },
    nextOutcome: (kind, gameId = GAME) => {
      if (kind === null) {
        steered = null;
        return;
      }
      const maths = (titleById(gameId) as SlotTitle).maths;
      for (let seed = 1; seed < 10_000; seed++) {
        if (play(maths, new SeededTestRng(seed)).winUnits > 0 === (kind === 'win')) {
          // The studio's next round plays from this generator, fresh at the seed (it draws once a round).
          steered = new SeededTestRng(seed);
          return;
        }
      }
      throw new Error(`no ${kind} found for ${gameId}`);
    },
    steer: (seed) => {
      steered = seed === null ? null : new SeededTestRng(seed);
    },
    anotherStudio: async () => {
      const other = await build();
      others.push(other);
      return other;
    },
    close: async () => {
      for (const other of others) await other.close();
      await studio.close();
      await database.close();
      await drop?.();
      await platform.close();
    },
  };
}

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: { result: number; code?: string; message?: string; data: T; balanceOre?: number; nextRoundAt?: string };
}

/** A call of the storefront server: its key, and the session's bearer when given. */
export async function studioCall<T = Record<string, unknown>>(
  world: TestWorld,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  options: { body?: unknown; bearer?: string; key?: string | null } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (options.key !== null) headers['krone-studio-key'] = options.key ?? STUDIO_KEY;
  if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
  const response = await world.studio.inject({
    method,
    url,
    headers,
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
  return { status: response.statusCode, body: response.json() };
}

/** A player with cash (a deposit through the ledger's internal door), as the platform's own tests make one. */
export const playerWith = (world: TestWorld, cashOre: number) => playerWithCash(world.platform, cashOre);

/** The platform's launch token for the player and a game (POST /Games/launch, as the storefront asks it). */
export const launchToken = (world: TestWorld, playerToken: string, gameId = GAME): Promise<string> =>
  launchTokenOf(world.platform, playerToken, gameId);

export interface SessionData {
  sessionId: string;
  token: string;
  balanceOre: number;
  netOre: number;
  roundsPlayed: number;
  nextRoundAt: string;
  warning: null | { minutesPlayed: number; netOre: number; stakedOre: number; wonOre: number };
  stake: { minOre: number; maxOre: number; stepsOre: number[]; defaultOre: number };
  mode: string;
  endedAt: string | null;
}

/** A real session in the studio for a player with that much cash. */
export async function realSession(world: TestWorld, cashOre: number) {
  const player = await playerWith(world, cashOre);
  const token = await launchToken(world, player.token);
  const started = await studioCall<SessionData>(world, 'POST', '/sessions', { body: { mode: 'real', token } });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return { player, session: started.body.data };
}

/**
 * The player's cash and the provider's games account in the platform's ledger, the parts of the
 * player's stakes that went to jackpot pools instead (a feeding title's stake splits in its own
 * transfer: issue 26), and the ledger's audit.
 */
export async function ledger(world: TestWorld, playerId: string) {
  const wallet = createWalletService(world.platform.database.db, () => new Date());
  const [games] = await rowsOf<{ balance: string | number }>(
    sql`select coalesce(sum(e.amount_ore), 0) as balance from wallet_entries e
        join wallet_accounts a on a.id = e.account_id where a.kind = 'provider:krone-studio:games'`,
    world.platform.database.db,
  );
  const [pools] = await rowsOf<{ amount: string | number }>(
    sql`select coalesce(sum(amount_ore), 0) as amount from jackpot_contributions where player_id = ${playerId}::uuid`,
    world.platform.database.db,
  );
  return {
    cashOre: (await wallet.playerBalances(playerId)).player_cash,
    gamesOre: Number(games!.balance),
    jackpotStakeOre: Number(pools!.amount),
    audit: await wallet.audit(),
  };
}

export const SOUND_LEDGER = { ledgerSumOre: 0, unbalancedTransfers: 0, negativeBalances: 0, mismatchedBalances: 0 };
