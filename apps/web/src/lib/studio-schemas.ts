import { z } from 'zod';

/**
 * The studio's answers as the storefront uses them (docs: apps/studio/README.md, the "Studio
 * service" interface). Parsed at the one door (lib/studio.ts), so a changed answer fails there,
 * not in a player's browser. Client components import the inferred types only (`import type`).
 */

const stakeSchema = z.object({
  minOre: z.number().int(),
  maxOre: z.number().int(),
  stepsOre: z.array(z.number().int().positive()).min(1),
  defaultOre: z.number().int(),
});

const warningSchema = z.object({
  minutesPlayed: z.number(),
  netOre: z.number().int(),
  stakedOre: z.number().int(),
  wonOre: z.number().int(),
});

/**
 * The player's real round whose casino answer is still owed, from any session of theirs (a reload,
 * another tab or game): the game screen shows it as pending and polls its fate through this session.
 */
const pendingRoundSchema = z.object({
  roundId: z.string(),
  gameId: z.string(),
  stakeOre: z.number().int(),
  startedAt: z.string(),
});

export const studioSessionSchema = z.object({
  sessionId: z.string().min(1).max(100),
  gameId: z.string(),
  mode: z.enum(['fun', 'real']),
  balanceOre: z.number().int(),
  netOre: z.number().int(),
  roundsPlayed: z.number().int(),
  startedAt: z.string(),
  nextRoundAt: z.string().nullable().optional(),
  warning: warningSchema.nullable(),
  stake: stakeSchema,
  pendingRound: pendingRoundSchema.nullable().default(null),
});

/** A new session carries its bearer token; the storefront keeps it in an HttpOnly cookie (lib/studio.ts). */
export const openedSessionSchema = studioSessionSchema.extend({ token: z.string().min(20).max(200) });

const winSchema = z.object({
  kind: z.enum(['line', 'ways', 'scatter']),
  line: z.number().int().optional().nullable(),
  symbol: z.number().int(),
  count: z.number().int(),
  ways: z.number().int().optional().nullable(),
  /** The cells that made the win, [reel, row]. */
  positions: z.array(z.tuple([z.number().int(), z.number().int()])).optional(),
  winOre: z.number().int(),
});

const spinSchema = z.object({
  window: z.array(z.array(z.number().int())),
  wins: z.array(winSchema),
});

/** A settled round (fun rounds too): its win and outcome, shown. */
const shownRoundSchema = z.object({
  roundId: z.string(),
  stakeOre: z.number().int(),
  winOre: z.number().int(),
  startedAt: z.string(),
  status: z.literal('settled').optional(),
  outcome: spinSchema.extend({
    freeSpins: z
      .object({
        spins: z.number().int(),
        winOre: z.number().int(),
        rounds: z.array(spinSchema.extend({ winOre: z.number().int().optional() })),
      })
      .nullable()
      .optional(),
  }),
});

/**
 * A real round without a shown outcome: pending (the casino's answer still owed: the studio sends it
 * until one comes) or refused by the casino (it never happened: never shown, never paid).
 */
const unsettledRoundSchema = z.object({
  roundId: z.string(),
  stakeOre: z.number().int(),
  startedAt: z.string(),
  status: z.enum(['pending', 'refused', 'cancelled']),
  refusalCode: z.string().nullable().optional(),
});

export const roundSchema = z.object({
  round: z.union([shownRoundSchema, unsettledRoundSchema]),
  session: studioSessionSchema,
});

export const gameRulesSchema = z.object({
  gameId: z.string(),
  name: z.string(),
  family: z.string(),
  rows: z.number().int(),
  reels: z.number().int(),
  lines: z.array(z.array(z.number().int())).nullable().optional(),
  waysCount: z.number().int().nullable().optional(),
  symbols: z.array(
    z.object({ name: z.string(), pays: z.array(z.number()).optional().default([]), kind: z.string().optional().default('normal') }),
  ),
  /** The symbols (indices) the wild does not stand in for besides the scatter; an older studio sends none. */
  wildExcludes: z.array(z.number().int()).optional().default([]),
  scatterPays: z.array(z.number()).nullable().optional(),
  freeSpins: z
    .object({
      awards: z.array(z.number()).optional(),
      retriggers: z.array(z.number()).optional(),
      multiplier: z.number().optional(),
      maxSpins: z.number().optional(),
    })
    .nullable()
    .optional(),
  rtp: z.number(),
  hitFrequency: z.number().optional(),
  largestWin: z.number(),
  volatility: z.string(),
  stake: stakeSchema,
});

export type StudioSession = z.infer<typeof studioSessionSchema>;
export type StudioRound = z.infer<typeof shownRoundSchema>;
export type UnsettledRound = z.infer<typeof unsettledRoundSchema>;
export type PendingRound = z.infer<typeof pendingRoundSchema>;
/** A round's fate as the game screen polls it (GET /api/spil/sessions/{id}/rounds/{roundId}); a refusal in Danish. */
export type RoundFate = RoundAnswer & { refusal: { code: string; message: string } | null };
/** Whether a round answer shows an outcome (settled), or is pending or refused. */
export const isShownRound = (round: RoundAnswer['round']): round is StudioRound => 'outcome' in round;
export type RoundAnswer = z.infer<typeof roundSchema>;
export type SpinOutcome = z.infer<typeof spinSchema>;
export type SpinWin = z.infer<typeof winSchema>;
export type GameRules = z.infer<typeof gameRulesSchema>;
export type StakeLimits = z.infer<typeof stakeSchema>;
export type MoneyWarning = z.infer<typeof warningSchema>;
