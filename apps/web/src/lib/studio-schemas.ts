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

/**
 * A pool the round's stake won (issue 26), as the casino paid it with the stake: its name and amount,
 * on top of the game's win (`winOre` never includes it). Optional: a studio before the jackpots sends
 * none (read as none).
 */
const jackpotWinSchema = z.object({
  poolId: z.string(),
  poolName: z.string(),
  amountOre: z.number().int().positive(),
});
const jackpotWinsSchema = z.array(jackpotWinSchema).max(16).optional();

// ---------------------------------------------------------------------------------------------
// Table games (issue 24): the round's table view, the table round, the table's rules.

/** A playing card 0..51: rank × 4 + suit (rank 0 = two … 12 = ace; suit 0 clubs, 1 diamonds, 2 hearts, 3 spades). */
const cardSchema = z.number().int().min(0).max(51);

export const ROULETTE_BET_KINDS = [
  'straight',
  'split',
  'street',
  'corner',
  'six-line',
  'column',
  'dozen',
  'red-black',
  'odd-even',
  'low-high',
] as const;
const rouletteBetKindSchema = z.enum(ROULETTE_BET_KINDS);
const rouletteSelectorSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.enum(['red', 'black', 'odd', 'even', 'low', 'high'])]);

const rouletteViewSchema = z.object({
  kind: z.literal('roulette'),
  variant: z.enum(['european', 'french-la-partage']),
  pocket: z.number().int().min(0).max(36),
  colour: z.enum(['red', 'black', 'green']),
  bets: z.array(
    z.object({
      kind: rouletteBetKindSchema,
      numbers: z.array(z.number().int().min(0).max(36)).max(6).optional(),
      selector: rouletteSelectorSchema.optional(),
      stakeOre: z.number().int(),
      outcome: z.enum(['win', 'lose', 'la-partage']),
      returnOre: z.number().int(),
    }),
  ),
});

export const BLACKJACK_ACTIONS = ['hit', 'stand', 'double', 'split', 'surrender', 'insurance'] as const;

const blackjackViewSchema = z.object({
  kind: z.literal('blackjack'),
  phase: z.enum(['insurance', 'player', 'over']),
  dealer: z.object({
    cards: z.array(cardSchema),
    /** Face-down cards, not sent. */
    hidden: z.number().int().min(0).max(1),
    total: z.number().int(),
    soft: z.boolean(),
    blackjack: z.boolean(),
  }),
  hands: z.array(
    z.object({
      cards: z.array(cardSchema),
      total: z.number().int(),
      soft: z.boolean(),
      stakeOre: z.number().int(),
      doubled: z.boolean(),
      fromSplit: z.boolean(),
      done: z.boolean(),
      outcome: z.enum(['blackjack', 'win', 'push', 'lose', 'bust', 'surrender']).nullable(),
      returnOre: z.number().int().nullable(),
    }),
  ),
  active: z.number().int(),
  insuranceOre: z.number().int(),
  insuranceReturnOre: z.number().int().nullable(),
  actions: z.array(z.enum(BLACKJACK_ACTIONS)),
  decideBy: z.string().nullable(),
  autoFinished: z.boolean(),
});

const videoPokerViewSchema = z.object({
  kind: z.literal('video-poker'),
  phase: z.enum(['hold', 'over']),
  dealt: z.array(cardSchema).length(5),
  holds: z.array(z.boolean()).length(5).nullable(),
  /** The final hand once over, else the dealt one. */
  hand: z.array(cardSchema).length(5),
  handClass: z.string(),
  /** × the stake, of `hand` (while holding: what the dealt hand already pays). */
  pay: z.number(),
  returnOre: z.number().int().nullable(),
  decideBy: z.string().nullable(),
  autoFinished: z.boolean(),
});

export const tableViewSchema = z.discriminatedUnion('kind', [rouletteViewSchema, blackjackViewSchema, videoPokerViewSchema]);

/**
 * A table game's round as the studio shows it: still waiting for the player's decision (`playing`:
 * a blackjack hand, a video-poker deal) or settled. The payout (`winOre`, each `returnOre`)
 * includes the stake returned. A pending, refused or cancelled table round reads as
 * `unsettledRoundSchema` (nothing of the table shown).
 */
const tableRoundSchema = z.object({
  roundId: z.string(),
  stakeOre: z.number().int(),
  winOre: z.number().int().nullable(),
  /** The pools the deal's (or a further) stake won, paid with it. */
  jackpotWins: jackpotWinsSchema,
  startedAt: z.string(),
  status: z.enum(['playing', 'settled']),
  table: tableViewSchema,
});

/** The player's free rounds on this title (issue 27): played at their stake, no stake choice; null when none. */
const freeRoundsSchema = z.object({
  id: z.uuid(),
  stakeOre: z.number().int(),
  roundsTotal: z.number().int(),
  roundsLeft: z.number().int(),
  wonOre: z.number().int(),
  expiresAt: z.string(),
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
  /** The game's kind (a studio before the table games sends none: a slot). */
  kind: z.enum(['slot', 'roulette', 'blackjack', 'video-poker']).optional().default('slot'),
  /**
   * The player's table round of this game waiting for their decision (a blackjack hand, a
   * video-poker deal), from any session of theirs: the screen resumes it. Slots: none.
   */
  openRound: tableRoundSchema.nullable().optional().default(null),
  /** Free rounds to play on this title (a real session; a studio before issue 27 sends none). */
  freeRounds: freeRoundsSchema.nullable().optional().default(null),
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

/** A settled round (fun rounds too): its win and outcome, shown; the pools its stake won apart from the game's win. */
const shownRoundSchema = z.object({
  roundId: z.string(),
  stakeOre: z.number().int(),
  winOre: z.number().int(),
  jackpotWins: jackpotWinsSchema,
  startedAt: z.string(),
  status: z.literal('settled').optional(),
  /** A free round: its grant's rounds left and what they have won in all (null for a paid round). */
  freeRound: z.object({ roundsLeft: z.number().int(), roundsTotal: z.number().int(), wonOre: z.number().int() }).nullable().optional(),
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
  round: z.union([shownRoundSchema, tableRoundSchema, unsettledRoundSchema]),
  session: studioSessionSchema,
});

export const gameRulesSchema = z.object({
  gameId: z.string(),
  name: z.string(),
  /** A studio before the table games sends none. */
  kind: z.literal('slot').optional(),
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

const stakeLimitSchema = z.object({ minOre: z.number().int(), maxOre: z.number().int() });

/** A table game's rules (GET /games/{id}/rules of a table title): the stakes, the timeout and its kind's rules. */
export const tableRulesSchema = z.object({
  gameId: z.string(),
  name: z.string(),
  kind: z.enum(['roulette', 'blackjack', 'video-poker']),
  /** The return shown, a fraction; "up to" (rtpIsUpTo) for the games of skill, with the strategy it assumes. */
  rtp: z.number(),
  rtpIsUpTo: z.boolean(),
  /** Roulette: stepsOre are the chips and maxOre a spin's total; blackjack and video poker: a hand's stake. */
  stake: stakeSchema,
  /** A hand left this long is finished by the studio (blackjack: every hand stands; video poker: nothing new held). */
  timeoutMinutes: z.number().int().positive(),
  roulette: z
    .object({
      variant: z.enum(['european', 'french-la-partage']),
      maxTotalStakeOre: z.number().int(),
      maxBets: z.number().int(),
      kinds: z.array(stakeLimitSchema.extend({ kind: rouletteBetKindSchema, payout: z.number().int(), rtp: z.number() })),
    })
    .nullable()
    .default(null),
  blackjack: z
    .object({
      rulesId: z.string(),
      decks: z.number().int(),
      dealerHitsSoft17: z.boolean(),
      blackjackPays: z.object({ numerator: z.number().int(), denominator: z.number().int().positive() }),
      double: z.enum(['any-two', '9-11']),
      doubleAfterSplit: z.boolean(),
      maxHands: z.number().int(),
      resplitAces: z.boolean(),
      surrender: z.enum(['none', 'late']),
      holeCard: z.enum(['peek', 'enhc']),
      enhcDealerBlackjackTakes: z.enum(['all', 'original']),
      insurance: z.boolean(),
      houseEdge: z.number(),
    })
    .nullable()
    .default(null),
  videoPoker: z
    .object({
      paytableId: z.string(),
      /** The paying hand classes, best first, each with its pay × the stake (stake included). */
      pays: z.array(z.object({ handClass: z.string(), pay: z.number() })),
    })
    .nullable()
    .default(null),
});

/** Any title's rules: a table game's (by its kind) or a slot's. */
export const anyGameRulesSchema = z.union([tableRulesSchema, gameRulesSchema]);

export type StudioSession = z.infer<typeof studioSessionSchema>;
export type StudioRound = z.infer<typeof shownRoundSchema>;
export type UnsettledRound = z.infer<typeof unsettledRoundSchema>;
export type PendingRound = z.infer<typeof pendingRoundSchema>;
/** A round's fate as the game screen polls it (GET /api/spil/sessions/{id}/rounds/{roundId}); a refusal in Danish. */
export type RoundFate = RoundAnswer & { refusal: { code: string; message: string } | null };
export type RoundAnswer = z.infer<typeof roundSchema>;
export type SpinOutcome = z.infer<typeof spinSchema>;
export type SpinWin = z.infer<typeof winSchema>;
export type JackpotWin = z.infer<typeof jackpotWinSchema>;
export type GameRules = z.infer<typeof gameRulesSchema>;
export type StakeLimits = z.infer<typeof stakeSchema>;
export type MoneyWarning = z.infer<typeof warningSchema>;

export type TableRules = z.infer<typeof tableRulesSchema>;
export type AnyGameRules = z.infer<typeof anyGameRulesSchema>;
export type TableKind = TableRules['kind'];
export type TableRound = z.infer<typeof tableRoundSchema>;
export type TableView = z.infer<typeof tableViewSchema>;
export type RouletteView = z.infer<typeof rouletteViewSchema>;
export type BlackjackView = z.infer<typeof blackjackViewSchema>;
export type VideoPokerView = z.infer<typeof videoPokerViewSchema>;
export type RouletteBetKind = (typeof ROULETTE_BET_KINDS)[number];
export type BlackjackAction = (typeof BLACKJACK_ACTIONS)[number];
/** Whether a rules answer is a table game's (roulette, blackjack, video poker). */
export const isTableRules = (rules: AnyGameRules): rules is TableRules =>
  rules.kind === 'roulette' || rules.kind === 'blackjack' || rules.kind === 'video-poker';
// The round guards live in studio-rounds.ts (no zod in the browser); kept reachable from here.
export { isShownRound, isTableRound } from './studio-rounds';
