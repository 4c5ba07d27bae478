import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { contractPath } from '@krone/domain';
import { z } from 'zod';
import { fail } from '../shared/errors.js';
import { errorBody, iso, isoDateTime, noStore, ok, ore, sessionParams } from '../shared/http.js';
import { logSecurityEvent } from '../shared/security-log.js';
import { checkSignature, keepRawJsonBody, rawBodyOf } from '../shared/signed-requests.js';
import { GAME_ID_PATTERN, PROVIDER_REF_PATTERN, type GamesService } from './service.js';

const tags = ['games'];

/** The headers every contract call carries (games/README.md). */
export const TIMESTAMP_HEADER = 'krone-timestamp';
export const SIGNATURE_HEADER = 'krone-signature';

const providerRef = z.string().regex(PROVIDER_REF_PATTERN);
const amount = z.number().int().min(0).max(1_000_000_000);
const balances = { balanceOre: ore, cashOre: ore, bonusOre: ore };
/** The jackpot pools a stake won (games/jackpots/): only present when it won one; paid to cash, in the balances. */
const jackpotWins = {
  jackpotWins: z
    .array(z.object({ poolId: z.string(), poolName: z.string(), amountOre: ore }))
    .optional()
    .describe('The jackpot pools this stake won, paid to the player’s cash with it (in the balances); absent when none'),
};
/** The player's free rounds on the session's title (issue 27): what the provider plays with betAndWin's freeRoundsId. */
const freeRoundsOffered = {
  freeRounds: z
    .array(
      z.object({
        id: z.uuid(),
        gameIds: z.array(z.string()),
        stakeOre: ore,
        roundsTotal: z.number().int().min(1),
        roundsLeft: z.number().int().min(1),
        wonOre: ore,
        expiresAt: isoDateTime,
      }),
    )
    .describe(
      'The player’s free rounds to play on this title, the oldest grant first: each played with betAndWin naming its id, at its stake',
    ),
};
const offeredJson = <T extends { expiresAt: Date }>(offers: T[]) => offers.map((offer) => ({ ...offer, expiresAt: iso(offer.expiresAt) }));
const moneyAnswer = ok(z.object({ transactionId: z.string(), ledgerTransferId: z.uuid().nullable(), ...balances, ...jackpotWins }));
const moneyBody = z.object({ sessionId: z.uuid(), roundId: providerRef, transactionId: providerRef, amountOre: amount });
const contractErrors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const providerParams = z.object({ providerId: z.string().max(40) });

/**
 * Games: the player's launch, a session route with the storefront's session token (on the
 * internal listener; the contract below is on the public one, app.ts).
 */
export const gamesRoutes: FastifyPluginAsyncZod<{ games: GamesService }> = async (app, { games }) => {
  app.post(
    '/Games/launch/:sessionId',
    {
      schema: {
        tags,
        operationId: 'launchGame',
        summary:
          'A game session for money for the session’s player: a signed, expiring launch token for the provider (fun play never reaches the platform)',
        params: sessionParams,
        body: z.object({
          providerId: z.string().max(40),
          gameId: z.string().max(80),
          mode: z.enum(['real', 'fun']),
        }),
        response: {
          200: ok(
            z.object({
              gameSessionId: z.uuid(),
              providerId: z.string(),
              gameId: z.string().regex(GAME_ID_PATTERN),
              mode: z.literal('real'),
              token: z.string(),
              expiresAt: isoDateTime,
            }),
          ),
          400: errorBody,
          401: errorBody,
          403: errorBody,
          404: errorBody,
        },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      const launched = await games.launch(request.player.id, request.body, request.params.sessionId);
      return { result: 1 as const, data: { ...launched, mode: 'real' as const, expiresAt: iso(launched.expiresAt) } };
    },
  );
};

/**
 * The games contract for providers: `POST /Games/providers/{providerId}/{operation}`, every call
 * signed with the provider's own secret over the time, the method, the path, the provider's id and
 * the body exactly as sent (checked before the body is validated). On the platform's public
 * listener (app.ts), where providers reach it.
 */
export const gamesContractRoutes: FastifyPluginAsyncZod<{ games: GamesService; clock: () => Date }> = async (app, { games, clock }) => {
  await app.register(async (scope) => {
    keepRawJsonBody(scope, { parse: true });
    // Before the body is validated: an unsigned or stale call learns nothing about its body.
    scope.addHook('preValidation', async (request) => {
      const { providerId } = request.params as { providerId?: string };
      const provider = providerId ? games.knownProvider(providerId) : null;
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === 'string' ? value : undefined;
      };
      // The signature covers the method, the contract's path (the operation this route serves) and
      // the provider too: a call signed for one operation or provider is refused at any other.
      const operation = request.routeOptions.url?.split('/').at(-1) ?? '';
      const check = provider
        ? checkSignature({
            timestamp: header(TIMESTAMP_HEADER),
            signature: header(SIGNATURE_HEADER),
            body: rawBodyOf(request),
            secret: provider.secret,
            now: clock(),
            call: { method: request.method, path: contractPath(providerId!, operation), providerId: providerId! },
          })
        : 'provider_unknown';
      if (check === 'ok') return;
      logSecurityEvent(request, 'game_signature_invalid', { provider: providerId?.slice(0, 40), reason: check });
      throw fail('GAME_SIGNATURE_INVALID');
    });

    const contract = scope.withTypeProvider<ZodTypeProvider>();
    const signedHeaders = z.object({ [TIMESTAMP_HEADER]: z.string().max(20), [SIGNATURE_HEADER]: z.string().max(200) });
    const route = { tags, headers: signedHeaders, params: providerParams };

    contract.post(
      '/Games/providers/:providerId/authenticate',
      {
        schema: {
          ...route,
          operationId: 'gamesAuthenticate',
          summary: 'Provider: the game session behind a launch token, its player and balance',
          body: z.object({ token: z.string().min(1).max(300) }),
          response: {
            200: ok(
              z.object({
                sessionId: z.uuid(),
                playerId: z.uuid(),
                gameId: z.string(),
                mode: z.string(),
                currency: z.literal('DKK'),
                expiresAt: isoDateTime,
                /** The money-played warning comes after this many minutes of play (system config wageringTimePopup). */
                warningMinutes: z.number().int().min(1),
                /** When the player's login that launched the game began: the money-played warning's clock restarts with a new login, not with a new game or tab. */
                loginAt: isoDateTime.nullable(),
                ...balances,
                ...freeRoundsOffered,
              }),
            ),
            ...contractErrors,
          },
        },
      },
      async (request, reply) => {
        reply.headers(noStore);
        const session = await games.authenticate(request.params.providerId, request.body.token);
        return {
          result: 1 as const,
          data: {
            ...session,
            expiresAt: iso(session.expiresAt),
            loginAt: session.loginAt ? iso(session.loginAt) : null,
            freeRounds: offeredJson(session.freeRounds),
          },
        };
      },
    );

    contract.post(
      '/Games/providers/:providerId/balance',
      {
        schema: {
          ...route,
          operationId: 'gamesBalance',
          summary:
            'Provider: the session player’s balance (cash and bonus), in øre; GAME_SESSION_ENDED once the session or its login ended',
          body: z.object({ sessionId: z.uuid() }),
          response: {
            200: ok(z.object({ sessionId: z.uuid(), currency: z.literal('DKK'), ...balances, ...freeRoundsOffered })),
            ...contractErrors,
          },
        },
      },
      async (request, reply) => {
        reply.headers(noStore);
        const answer = await games.balance(request.params.providerId, request.body.sessionId);
        return { result: 1 as const, data: { ...answer, freeRounds: offeredJson(answer.freeRounds) } };
      },
    );

    contract.post(
      '/Games/providers/:providerId/bet',
      {
        schema: {
          ...route,
          operationId: 'gamesBet',
          summary:
            'Provider: a stake of a round, one of the title’s stake steps (GAME_STAKE_NOT_ALLOWED), idempotent by transactionId (INSUFFICIENT_FUNDS carries balanceOre)',
          body: moneyBody.extend({ amountOre: amount.min(1) }),
          response: { 200: moneyAnswer, ...contractErrors },
        },
      },
      async (request, reply) => {
        reply.headers(noStore);
        return { result: 1 as const, data: await games.bet(request.params.providerId, request.body) };
      },
    );

    contract.post(
      '/Games/providers/:providerId/win',
      {
        schema: {
          ...route,
          operationId: 'gamesWin',
          summary: 'Provider: a win of a round (never refused for an ended session), idempotent by transactionId',
          body: moneyBody,
          response: { 200: moneyAnswer, ...contractErrors },
        },
      },
      async (request, reply) => {
        reply.headers(noStore);
        return { result: 1 as const, data: await games.win(request.params.providerId, request.body) };
      },
    );

    contract.post(
      '/Games/providers/:providerId/betAndWin',
      {
        schema: {
          ...route,
          operationId: 'gamesBetAndWin',
          summary:
            'Provider: a whole round in one call (its stake, its win, 0 too, and its end when asked), all or nothing; refused as a bet is, idempotent by transactionId (the win’s id is taken too)',
          body: moneyBody.extend({
            amountOre: amount.min(1),
            winTransactionId: providerRef,
            winAmountOre: amount,
            endRound: z.boolean(),
            freeRoundsId: z
              .uuid()
              .optional()
              .describe(
                'A free round (issue 27): the grant (authenticate’s freeRounds) whose round this is, at its stake; the stake is the house’s, the win goes to the bonus balance',
              ),
          }),
          response: {
            200: ok(
              z.object({
                transactionId: z.string(),
                ledgerTransferId: z.uuid(),
                winTransactionId: z.string(),
                winLedgerTransferId: z.uuid().nullable(),
                roundEnded: z.boolean(),
                ...balances,
                ...jackpotWins,
                freeRounds: z
                  .object({ id: z.uuid(), roundsTotal: z.number().int(), roundsLeft: z.number().int().min(0), wonOre: ore })
                  .optional()
                  .describe('A free round’s grant after it: its rounds left and what its rounds have paid'),
              }),
            ),
            ...contractErrors,
          },
        },
      },
      async (request, reply) => {
        reply.headers(noStore);
        return { result: 1 as const, data: await games.betAndWin(request.params.providerId, request.body) };
      },
    );

    contract.post(
      '/Games/providers/:providerId/rollback',
      {
        schema: {
          ...route,
          operationId: 'gamesRollback',
          summary: 'Provider: undo a bet (a bet never seen is barred from arriving later); refused after the round’s win',
          body: z.object({
            sessionId: z.uuid(),
            roundId: providerRef,
            transactionId: providerRef,
            referenceTransactionId: providerRef,
          }),
          response: { 200: moneyAnswer, ...contractErrors },
        },
      },
      async (request, reply) => {
        reply.headers(noStore);
        return { result: 1 as const, data: await games.rollback(request.params.providerId, request.body) };
      },
    );

    contract.post(
      '/Games/providers/:providerId/endRound',
      {
        schema: {
          ...route,
          operationId: 'gamesEndRound',
          summary: 'Provider: close a round; no bet or win joins it after',
          body: z.object({ sessionId: z.uuid(), roundId: providerRef }),
          response: {
            200: ok(z.object({ roundId: z.string(), stakedOre: ore, wonOre: ore, endedAt: isoDateTime, ...balances })),
            ...contractErrors,
          },
        },
      },
      async (request, reply) => {
        reply.headers(noStore);
        const ended = await games.endRound(request.params.providerId, request.body);
        return { result: 1 as const, data: { ...ended, endedAt: iso(ended.endedAt) } };
      },
    );
  });
};
