import { ERROR_CODES } from '@krone/domain';
import { z } from 'zod';

/** Every success: `{ result: 1, data }`, as the platform answers. */
export const ok = <T extends z.ZodType>(data: T) => z.object({ result: z.literal(1), data });
export const isoDateTime = z.iso.datetime({ offset: true });
export const ore = z.number().int();

/** Every refusal: a catalogue code and its Danish message, and what some codes carry. */
export const errorBody = z.object({
  result: z.literal(0),
  code: z.enum(ERROR_CODES),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  /** INSUFFICIENT_FUNDS: the balance as it stands. */
  balanceOre: z.number().int().optional(),
  /** GAME_ROUND_TOO_SOON: when the next round may start. */
  nextRoundAt: isoDateTime.optional(),
  /** A table's refusal: the rule that refused it (a roulette check's code, a move's), and the bet it names. */
  reason: z.string().optional(),
  betIndex: z.number().int().optional(),
  /** TABLE_HAND_OPEN: the hand waiting for the player. */
  roundId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;
export const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 503: errorBody };
