import { contractPath } from '@krone/domain';
import { tableTitleById, type TableStake, type TableTitle, type Title } from '@krone/games-math';
import { loadTitles } from '@krone/games-math/titles';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../src/db/client.js';
import { catalogueRow } from '../src/games/catalogue-sync.js';
import { games } from '../src/games/schema.js';
import { signContractCall } from '../src/shared/signed-requests.js';
import { createLoggedInPlayer, fundPlayer, type TestPlatform } from './harness.js';

export type ContractOperation = 'authenticate' | 'balance' | 'bet' | 'win' | 'betAndWin' | 'rollback' | 'endRound';

export interface ContractAnswer {
  status: number;
  body: {
    result: number;
    code?: string;
    balanceOre?: number;
    data?: Record<string, unknown> & { balanceOre?: number; cashOre?: number; bonusOre?: number; ledgerTransferId?: string | null };
  };
}

/**
 * An outside game provider as the games contract sees it (games/README.md): every call a POST of
 * JSON to `/Games/providers/{id}/{operation}`, signed with its secret over the time, the method,
 * the path, its id and the body (hex HMAC-SHA256 in `Krone-Signature`, unix seconds in
 * `Krone-Timestamp`). `at` and `secret` let a test send what a forger or a slow network would;
 * `signedFor` signs the call as if it were another operation, provider or method (a replay).
 */
export function gameProvider(app: FastifyInstance, id: string, secret: string, now: () => Date = () => new Date()) {
  async function call(
    operation: ContractOperation,
    payload: unknown,
    options: {
      at?: Date;
      secret?: string;
      body?: string;
      headers?: Record<string, string>;
      signedFor?: { operation?: string; providerId?: string; method?: string };
    } = {},
  ): Promise<ContractAnswer> {
    const signed = JSON.stringify(payload);
    const timestamp = Math.floor((options.at ?? now()).getTime() / 1000);
    const signedFor = { operation, providerId: id, method: 'POST', ...options.signedFor };
    const response = await app.inject({
      method: 'POST',
      url: `/Games/providers/${id}/${operation}`,
      headers: {
        'content-type': 'application/json',
        'krone-timestamp': String(timestamp),
        'krone-signature': signContractCall(options.secret ?? secret, {
          timestamp,
          method: signedFor.method,
          path: contractPath(signedFor.providerId, signedFor.operation),
          providerId: signedFor.providerId,
          body: signed,
        }),
        ...options.headers,
      },
      // A tampered body: what the signature covered is not what arrives.
      payload: options.body ?? signed,
    });
    return { status: response.statusCode, body: response.json() as ContractAnswer['body'] };
  }
  return { id, call };
}

export type GameProviderClient = ReturnType<typeof gameProvider>;

export interface TestTitleSpec {
  id: string;
  name?: string;
  providerId?: string;
  studio?: string;
  stepsOre?: number[];
  tags?: string[];
  releaseDate?: string;
  volatility?: Title['volatility'];
  features?: Title['features'];
  rtp?: number;
}

/**
 * A title for a suite: a real title's maths (the first of the files) under an id, a provider,
 * stake steps and player-facing fields of the suite's own, so that suites name their stakes and
 * filters without depending on what the title files happen to hold.
 */
export function testTitle(spec: TestTitleSpec): Title {
  const model = loadTitles()[0]!;
  const stepsOre = spec.stepsOre ?? [...model.stake.stepsOre];
  return {
    ...model,
    id: spec.id,
    name: spec.name ?? `Testspil ${spec.id}`,
    providerId: spec.providerId ?? 'krone-studio',
    studio: spec.studio ?? model.studio,
    tags: spec.tags ?? model.tags,
    releaseDate: spec.releaseDate ?? model.releaseDate,
    volatility: spec.volatility ?? model.volatility,
    features: spec.features ?? model.features,
    exact: { ...model.exact, rtp: spec.rtp ?? model.exact.rtp },
    stake: { minOre: stepsOre[0]!, maxOre: stepsOre.at(-1)!, stepsOre, defaultOre: stepsOre[0]! },
  };
}

/** Suite titles written into the catalogue as the start-up sync writes a title (catalogueRow); the files' titles stay. */
export async function addTestTitles(db: Db, specs: TestTitleSpec[], now = new Date()): Promise<Title[]> {
  const made = specs.map(testTitle);
  for (const title of made) {
    const row = catalogueRow(title, now);
    await db.insert(games).values(row).onConflictDoUpdate({ target: games.id, set: row });
  }
  return made;
}

export interface TestTableSpec {
  id: string;
  /** The table title whose rules it takes (blackjack-vegas by default). */
  model?: string;
  providerId?: string;
  stake?: Partial<TableStake>;
}

/**
 * A table game for a suite: a table title of `TABLE_TITLES` (its rules, its largest win) under an
 * id, a provider and a stake rule of the suite's own, written as the start-up sync writes a table.
 */
export async function addTestTable(db: Db, spec: TestTableSpec, now = new Date()): Promise<TableTitle> {
  const model = tableTitleById(spec.model ?? 'blackjack-vegas')!;
  const title = {
    ...model,
    id: spec.id,
    name: `Testbord ${spec.id}`,
    providerId: spec.providerId ?? 'krone-studio',
    stake: { ...model.stake, ...spec.stake },
  } as TableTitle;
  const row = catalogueRow(title, now);
  await db.insert(games).values(row).onConflictDoUpdate({ target: games.id, set: row });
  return title;
}

/** A logged-in player with money on their cash account (a deposit through the ledger, in the test's process, when cashOre > 0). */
export async function playerWithCash(platform: TestPlatform, cashOre: number) {
  const player = await createLoggedInPlayer(platform);
  if (cashOre > 0) await fundPlayer(platform, player.id, cashOre);
  return player;
}

/** The platform's launch token for a player's game for money (POST /Games/launch, as the storefront asks it). */
export async function launchToken(
  platform: TestPlatform,
  playerToken: string,
  gameId: string,
  providerId = 'krone-studio',
): Promise<string> {
  const response = await platform.app.inject({
    method: 'POST',
    url: `/Games/launch/${playerToken}`,
    payload: { providerId, gameId, mode: 'real' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: { token: string } }).data.token;
}
