import { z } from 'zod';
import type { LiveLobbyState } from './live-casino';

/**
 * The live lobby's state as the platform's stream sends it (`event: lobby`, the data of GET
 * /Games/live/lobby), checked before the storefront hands it to browsers: the stream is read
 * outside the generated client, so its shape is checked here, at the door. Only the fields the
 * tiles show go on, and the number of tables and results is bounded.
 */
const MAX_TABLES = 200;
const MAX_RESULTS = 20;

const count = z.number().int().min(0);
const resultSchema = z.object({
  pocket: count.optional(),
  number: count.optional(),
  multiplier: count.optional(),
  dealerTotal: count.optional(),
});

const tableSchema = z.object({
  gameId: z.string().min(1).max(100),
  tableId: z.string().min(1).max(100),
  name: z.string().min(1).max(200),
  kind: z.enum(['roulette', 'blackjack', 'money-wheel']),
  category: z.string().max(100),
  dealer: z.string().max(100),
  // Not said, or not a yes/no: no video (the table is labelled drawn, the stricter reading).
  video: z.boolean().catch(false),
  open: z.boolean(),
  players: count,
  limits: z.object({ minBetOre: count, maxBetOre: count }),
  rtp: z.number(),
  rtpIsUpTo: z.boolean(),
  round: z.object({
    roundId: z.string().max(200),
    state: z.enum(['betting', 'closed', 'result', 'void']),
    bettingClosesAt: z.string().max(40),
    resultAt: z.string().max(40),
  }),
  lastResults: z.array(resultSchema).transform((results) => results.slice(0, MAX_RESULTS)),
});

export const liveLobbySchema = z.object({
  updatedAt: z.string().max(40),
  tables: z.array(tableSchema).max(MAX_TABLES),
});

/** The stream's data as the storefront sends it on (JSON of the checked state), or null when it is not a lobby. */
export function normaliseLobbyData(data: string): string | null {
  let raw: unknown;
  try {
    raw = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = liveLobbySchema.safeParse(raw);
  if (!parsed.success) return null;
  const lobby: LiveLobbyState = parsed.data;
  return JSON.stringify(lobby);
}
