import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors, isoDateTime, ok, ore } from './http.js';
import type { RoundsService } from './rounds/service.js';
import type { SessionsService } from './sessions/service.js';
import { gameRules } from './rules.js';
import type { TitleById } from './titles.js';
import { fail } from './errors.js';

const stake = z.object({ minOre: ore, maxOre: ore, stepsOre: z.array(ore), defaultOre: ore });
const session = z.object({
  sessionId: z.uuid(),
  gameId: z.string(),
  mode: z.enum(['fun', 'real']),
  balanceOre: ore,
  netOre: ore,
  roundsPlayed: z.number().int(),
  startedAt: isoDateTime,
  endedAt: isoDateTime.nullable(),
  nextRoundAt: isoDateTime,
  warning: z.object({ minutesPlayed: z.number().int(), netOre: ore, stakedOre: ore, wonOre: ore }).nullable(),
  stake,
  /** The player's real round still owed the platform's answer, in any session of theirs (GET …/rounds/{roundId} reads its fate). */
  pendingRound: z.object({ roundId: z.uuid(), gameId: z.string(), stakeOre: ore, startedAt: isoDateTime }).nullable(),
  kind: z.enum(['slot', 'roulette', 'blackjack', 'video-poker']),
  /** A table game's hand waiting for the player (from any session of theirs for this game): the screen resumes it. */
  openRound: z.record(z.string(), z.unknown()).nullable(),
  /**
   * The player's free rounds to play here (issue 27): the first open grant the platform told of
   * (a round left, not expired), played with a round's `{freeRoundsId}`; null for fun, an ended session, none.
   */
  freeRounds: z
    .object({
      id: z.uuid(),
      stakeOre: ore,
      roundsTotal: z.number().int(),
      roundsLeft: z.number().int(),
      wonOre: ore,
      expiresAt: isoDateTime,
    })
    .nullable(),
});
const win = z.object({
  kind: z.enum(['line', 'ways', 'scatter']),
  line: z.number().int().optional(),
  symbol: z.number().int(),
  count: z.number().int(),
  ways: z.number().int().optional(),
  positions: z.array(z.tuple([z.number().int(), z.number().int()]).readonly()),
  winOre: ore,
});
const spin = z.object({ window: z.array(z.array(z.number().int())), wins: z.array(win) });
/** A pool the round's stake won, as the platform paid it (apart from the game's win). */
const jackpotWin = z.object({ poolId: z.string(), poolName: z.string(), amountOre: ore });
/** A round as the player may see it: its win and outcome only once settled (null while pending, and for a refused round). */
const round = z.object({
  roundId: z.uuid(),
  stakeOre: ore,
  winOre: ore.nullable(),
  /** The pools the stake won ([] when none; shown once settled, or once a table's hand is dealt), paid on top of `winOre`. */
  jackpotWins: z.array(jackpotWin),
  /** Their sum (0 when none); null while the round is not shown. */
  jackpotWinOre: ore.nullable(),
  startedAt: isoDateTime,
  status: z.enum(['settled', 'pending', 'refused', 'cancelled', 'playing']),
  /** A table round's state as the player may see it (rounds/table-games.ts tableView); null for slots and unsettled rounds. */
  table: z.record(z.string(), z.unknown()).nullable(),
  outcome: spin
    .extend({
      freeSpins: z.object({ spins: z.number().int(), winOre: ore, rounds: z.array(spin) }).nullable(),
      /** The round's jackpot part, named apart from the game's wins (which add up to `winOre`); null when none. */
      jackpot: z.object({ wins: z.array(jackpotWin), winOre: ore }).nullable(),
    })
    .nullable(),
  /** The platform's code of a refused round (INSUFFICIENT_FUNDS, ACCOUNT_PAUSED, GAME_SESSION_ENDED, …). */
  refusalCode: z.string().nullable(),
  /**
   * A settled free round: its grant after it as the platform answered (rounds left, 0 after the last,
   * of the total, and what all its rounds have won); null for a paid round and while not settled.
   */
  freeRound: z.object({ roundsLeft: z.number().int(), roundsTotal: z.number().int(), wonOre: ore }).nullable(),
});
const sessionParams = z.object({ sessionId: z.string().max(100) });
const gameId = z.string().regex(/^[a-z0-9][a-z0-9-]{1,79}$/);

/** The bearer token of `Authorization: Bearer <token>`, or undefined. */
const bearer = (header: string | undefined) => /^Bearer (\S{1,200})$/.exec(header ?? '')?.[1];

/** The storefront server's calls (apps/studio/README.md): sessions, rounds, the warning's answer, a title's rules. */
export const studioRoutes: FastifyPluginAsyncZod<{ sessions: SessionsService; rounds: RoundsService; titleById: TitleById }> = async (
  app,
  { sessions, rounds, titleById },
) => {
  app.post(
    '/sessions',
    {
      schema: {
        body: z.discriminatedUnion('mode', [
          z.object({ mode: z.literal('fun'), gameId }),
          z.object({ mode: z.literal('real'), token: z.string().min(1).max(400) }),
        ]),
        response: { 200: ok(session.extend({ token: z.string() })), ...errors },
      },
    },
    async (request) => ({ result: 1 as const, data: await sessions.start(request.body) }),
  );

  app.get('/sessions/:sessionId', { schema: { params: sessionParams, response: { 200: ok(session), ...errors } } }, async (request) => ({
    result: 1 as const,
    data: await sessions.get(request.params.sessionId, bearer(request.headers.authorization)),
  }));

  app.post(
    '/sessions/:sessionId/rounds',
    {
      schema: {
        params: sessionParams,
        // A slot, blackjack or video-poker round: {stakeOre}; a roulette spin: {bets} (checked by the table's rules);
        // a slot's free round: {freeRoundsId} (a grant the session's freeRounds told of), at the grant's stake.
        body: z
          .object({
            stakeOre: z.number().int().min(1).max(1_000_000_000).optional(),
            bets: z.array(z.unknown()).max(200).optional(),
            freeRoundsId: z.uuid().optional(),
          })
          .strict(),
        response: { 200: ok(z.object({ round, session })), ...errors },
      },
    },
    async (request) => ({
      result: 1 as const,
      data: (await rounds.playRound(request.params.sessionId, bearer(request.headers.authorization), request.body)) as never,
    }),
  );

  app.post(
    '/sessions/:sessionId/rounds/:roundId/actions',
    {
      schema: {
        params: sessionParams.extend({ roundId: z.string().max(100) }),
        // A move on a table game's waiting hand; holds are checked by the table (TABLE_HOLDS_INVALID: a sixth card, a missing one).
        body: z.discriminatedUnion('action', [
          z.object({ action: z.enum(['hit', 'stand', 'double', 'split', 'surrender']) }).strict(),
          z.object({ action: z.literal('insurance'), take: z.boolean() }).strict(),
          z.object({ action: z.literal('draw'), holds: z.array(z.unknown()).max(10) }).strict(),
        ]),
        response: { 200: ok(z.object({ round, session })), ...errors },
      },
    },
    async (request) => ({
      result: 1 as const,
      data: (await rounds.act(
        request.params.sessionId,
        bearer(request.headers.authorization),
        request.params.roundId,
        request.body,
      )) as never,
    }),
  );

  app.get(
    '/sessions/:sessionId/rounds/:roundId',
    {
      schema: {
        params: sessionParams.extend({ roundId: z.string().max(100) }),
        response: { 200: ok(z.object({ round, session })), ...errors },
      },
    },
    async (request) => ({
      result: 1 as const,
      data: await rounds.roundOf(request.params.sessionId, bearer(request.headers.authorization), request.params.roundId),
    }),
  );

  app.post(
    '/sessions/:sessionId/warning',
    {
      schema: {
        params: sessionParams,
        body: z.object({ answer: z.enum(['continue', 'stop']) }),
        response: { 200: ok(session), ...errors },
      },
    },
    async (request) => ({
      result: 1 as const,
      data: await sessions.answerWarning(request.params.sessionId, bearer(request.headers.authorization), request.body.answer),
    }),
  );

  app.post(
    '/sessions/:sessionId/end',
    { schema: { params: sessionParams, response: { 200: ok(session), ...errors } } },
    async (request) => ({
      result: 1 as const,
      data: await sessions.end(request.params.sessionId, bearer(request.headers.authorization)),
    }),
  );

  app.get('/games/:gameId/rules', { schema: { params: z.object({ gameId: z.string().max(100) }) } }, async (request) => {
    const title = titleById(request.params.gameId);
    if (!title) throw fail('GAME_NOT_FOUND');
    return { result: 1 as const, data: gameRules(title) };
  });
};
