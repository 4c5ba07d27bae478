import type { Title } from '@krone/games-math';
import { loadTitles } from '@krone/games-math/titles';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client.js';
import { catalogueRow } from '../src/games/catalogue-sync.js';
import { games } from '../src/games/schema.js';
import { signBody } from '../src/shared/signed-requests.js';

export type ContractOperation = 'authenticate' | 'balance' | 'bet' | 'win' | 'rollback' | 'endRound';

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
 * JSON to `/Games/providers/{id}/{operation}`, signed with its secret over `${timestamp}.${body}`
 * (hex HMAC-SHA256 in `Krone-Signature`, unix seconds in `Krone-Timestamp`). `at` and `secret`
 * let a test send what a forger or a slow network would.
 */
export function gameProvider(app: FastifyInstance, id: string, secret: string, now: () => Date = () => new Date()) {
  async function call(
    operation: ContractOperation,
    payload: unknown,
    options: { at?: Date; secret?: string; body?: string; headers?: Record<string, string> } = {},
  ): Promise<ContractAnswer> {
    const signed = JSON.stringify(payload);
    const timestamp = Math.floor((options.at ?? now()).getTime() / 1000);
    const response = await app.inject({
      method: 'POST',
      url: `/Games/providers/${id}/${operation}`,
      headers: {
        'content-type': 'application/json',
        'krone-timestamp': String(timestamp),
        'krone-signature': signBody(options.secret ?? secret, timestamp, signed),
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

/**
 * Titles of the catalogue for a suite: each a real title's maths (the first of the files) under
 * an id, a provider and stake steps of the suite's own, written as the start-up sync writes a
 * title (catalogueRow). Suites name their stakes without depending on the steps the title files
 * happen to have, and the files' titles stay as they are.
 */
export async function addTestTitles(
  db: Db,
  titles: { id: string; name?: string; providerId?: string; stepsOre?: number[]; tags?: string[]; releaseDate?: string; studio?: string }[],
  now = new Date(),
): Promise<Title[]> {
  const model = loadTitles()[0]!;
  const made = titles.map((title): Title => {
    const stepsOre = title.stepsOre ?? [...model.stake.stepsOre];
    return {
      ...model,
      id: title.id,
      name: title.name ?? `Testspil ${title.id}`,
      providerId: title.providerId ?? 'krone-studio',
      studio: title.studio ?? model.studio,
      tags: title.tags ?? model.tags,
      releaseDate: title.releaseDate ?? model.releaseDate,
      stake: { minOre: stepsOre[0]!, maxOre: stepsOre.at(-1)!, stepsOre, defaultOre: stepsOre[0]! },
    };
  });
  for (const title of made) {
    const row = catalogueRow(title, now);
    await db.insert(games).values(row).onConflictDoUpdate({ target: games.id, set: row });
  }
  return made;
}
