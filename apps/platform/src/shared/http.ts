import { ERROR_CODES } from '@krone/domain';
import { z } from 'zod';

/** Every successful answer of the platform: `{ result: 1, data }`, as the spec's calls expect. */
export const ok = <T extends z.ZodType>(data: T) => z.object({ result: z.literal(1), data });

/** Timestamps travel as ISO 8601 strings in UTC. */
export const isoDateTime = z.iso.datetime({ offset: true });

/** A date as it travels (`isoDateTime`). */
export const iso = (date: Date) => date.toISOString();
/** A date that may be missing, as it travels: null stays null. */
export const isoOrNull = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/** One of the domain catalogue's codes (packages/domain/src/errors.ts). */
export const errorCode = z.enum(ERROR_CODES);

/** Every refusal of the platform: one of the catalogue's codes and its Danish message. */
export const errorBody = z.object({
  result: z.literal(0),
  code: errorCode,
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  /** DEPOSIT_TOO_SMALL / DEPOSIT_TOO_LARGE of a MobilePay deposit: the operator's bounds (settingMobilePay), in øre. */
  minOre: z.number().int().min(0).optional(),
  maxOre: z.number().int().min(0).optional(),
  /** DEPOSIT_LIMIT_EXCEEDED: what the player may still deposit within the limit broken, in øre. */
  remainingOre: z.number().int().min(0).optional(),
  /** INSUFFICIENT_FUNDS from the games contract: the player's balance (cash and bonus) as it stands, in øre. */
  balanceOre: z.number().int().min(0).optional(),
  /** WITHDRAWAL_FORFEITS_BONUS: the open bonus's balance the withdrawal would forfeit, in øre. */
  bonusOre: z.number().int().min(0).optional(),
  /** WITHDRAWAL_FORFEITS_BONUS: the open bonus's free rounds still to play, which the withdrawal would forfeit too. */
  freeRoundsLeft: z.number().int().min(0).optional(),
  /** FREE_ROUND_STAKE_MISMATCH from the games contract: the stake the free rounds were granted at, in øre. */
  stakeOre: z.number().int().min(0).optional(),
  /** BONUS_OUTSIDE_WINDOW: when the offer's weekly window next opens (ISO instant). */
  opensAt: z.string().optional(),
});
// Registered by id so the OpenAPI document lists the codes once, as named components, and the
// generated client carries them as `components['schemas']['ErrorCode']`.
z.globalRegistry.add(errorCode, { id: 'ErrorCode' });
z.globalRegistry.add(errorBody, { id: 'ErrorBody' });

/** An amount of money in øre: whole numbers only, never a float of kroner. */
export const ore = z.number().int();

/** The session token the storefront passes in the path of every player-owned call. */
export const sessionToken = z.string().min(1).max(200);
export const sessionParams = z.object({ sessionId: sessionToken });

/** Headers of an answer about one player (balances, profile, limits): never kept by a cache. */
export const noStore = { 'cache-control': 'no-store' };
