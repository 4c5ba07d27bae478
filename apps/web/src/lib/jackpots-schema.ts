import { z } from 'zod';
import type { PlatformData } from './platform-types';

/**
 * The platform's jackpots (issue 26): GET /Games/jackpots' shapes from the generated client, and
 * its stream's events checked at the storefront's door (the stream is read outside the generated
 * client): only the fields the pages show go on, lists are bounded, before a browser gets them.
 * Types and pure functions only: safe in client components.
 */

export type Jackpots = PlatformData<'/Games/jackpots', 'get'>;
export type JackpotPool = Jackpots['pools'][number];
export type JackpotHit = JackpotPool['lastHits'][number];

const ore = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const id = z.string().min(1).max(100);
const name = z.string().min(1).max(200);
const instant = z.string().min(1).max(40);
const hash = z.string().regex(/^[0-9a-f]{64}$/);
const bounded = <T extends z.ZodType>(item: T, max: number) => z.array(item).transform((items) => items.slice(0, max));

/** The most hits a pool shows (the platform sends its 5 newest). */
export const LAST_HITS = 5;
const MAX_POOLS = 50;

/**
 * A pool's won drop as the stream's `hit` tells it: the amount paid, the title, when, the winner's
 * shortened name (null: the player chose not to be shown) and the revealed drop, which anyone can
 * check against the hash published before it: sha256(`pool|sequence|value|nonce`).
 */
export const jackpotHitSchema = z.object({
  poolId: id,
  poolName: name,
  sequence: z.number().int().min(0),
  amountOre: ore,
  gameId: id,
  gameName: z.string().max(200),
  at: instant,
  winner: z.string().max(100).nullable(),
  drop: z.object({ ore, nonce: z.string().min(1).max(200), hash }),
});

/** The drop in force: its sequence and the committed hash (the value stays secret until it is won). */
const dropSchema = z.object({ sequence: z.number().int().min(0), hash });

/** A pool's figures in the stream's `pools` event: its amount and the drop in force. */
export const poolFiguresSchema = z.object({ id, amountOre: ore, drop: dropSchema });
export const poolsEventSchema = z.object({ pools: bounded(poolFiguresSchema, MAX_POOLS), at: instant });

export type PoolFigures = z.output<typeof poolFiguresSchema>;
export type PoolsEvent = z.output<typeof poolsEventSchema>;

const parseJson = (data: string): unknown => {
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
};

/**
 * The stream's `pools` event as the storefront sends it on: checked, and merged into the figures
 * it sent before (`kept`), so each event a browser gets, and the first one a late browser gets,
 * holds every pool the platform has told of. Null when it is no pools event.
 */
export function normalisePoolsEvent(data: string, kept: string | null): string | null {
  const parsed = poolsEventSchema.safeParse(parseJson(data));
  if (!parsed.success) return null;
  const before = kept ? (JSON.parse(kept) as PoolsEvent).pools : [];
  const pools = new Map(before.map((pool) => [pool.id, pool] as const));
  for (const pool of parsed.data.pools) pools.set(pool.id, pool);
  const merged: PoolsEvent = { pools: [...pools.values()].slice(0, MAX_POOLS), at: parsed.data.at };
  return JSON.stringify(merged);
}

/** The stream's `hit` event as the storefront sends it on (checked JSON), or null when it is no hit. */
export function normaliseHitEvent(data: string): string | null {
  const parsed = jackpotHitSchema.safeParse(parseJson(data));
  if (!parsed.success) return null;
  const hit: JackpotHit = parsed.data;
  return JSON.stringify(hit);
}
