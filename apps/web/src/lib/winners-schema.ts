import { z } from 'zod';
import type { PlatformData } from './platform-types';

/**
 * The platform's new winners (issue 26): a big win or a jackpot hit of a round that settled,
 * newest first, never of a player who opted out. GET /Games/winners' shape from the generated
 * client; its stream's `winner` checked at the storefront's door. Types and pure functions only:
 * safe in client components.
 */

export type Winner = PlatformData<'/Games/winners', 'get'>['items'][number];

const ore = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** A winner's id: the outbox's bigserial, growing with time. */
export const winnerIdSchema = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

export const winnerSchema = z.object({
  id: winnerIdSchema,
  kind: z.enum(['win', 'jackpot']),
  gameId: z.string().min(1).max(100),
  gameName: z.string().max(200),
  gameType: z.enum(['slot', 'table', 'live']).catch('slot'),
  amountOre: ore,
  stakeOre: ore,
  poolName: z.string().min(1).max(200).nullable(),
  at: z.string().min(1).max(40),
  winner: z.string().max(100),
});

/** The stream's `winner` event as the storefront sends it on (checked JSON), or null when it is no winner. */
export function normaliseWinnerEvent(data: string): string | null {
  let raw: unknown;
  try {
    raw = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = winnerSchema.safeParse(raw);
  if (!parsed.success) return null;
  const winner: Winner = parsed.data;
  return JSON.stringify(winner);
}

/** Newest first: the outbox's ids grow with time. */
export const newerFirst = (a: Winner, b: Winner) => b.id - a.id;

/** A list with `incoming` winners merged in: each once, newest first, at most `limit`. */
export function mergeWinners(list: readonly Winner[], incoming: readonly Winner[], limit: number): Winner[] {
  const byId = new Map(list.map((winner) => [winner.id, winner] as const));
  for (const winner of incoming) byId.set(winner.id, winner);
  return [...byId.values()].sort(newerFirst).slice(0, limit);
}
