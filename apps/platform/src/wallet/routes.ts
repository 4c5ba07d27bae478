import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, ok } from '../content/contracts.js';
import type { PlayersService } from '../players/service.js';
import type { WalletService } from './service.js';

const tags = ['wallet'];
const sessionParams = z.object({ sessionId: z.string().min(1).max(200) });
const noStore = { 'cache-control': 'no-store' };
const ore = z.number().int();

/**
 * The player's money over HTTP, for the storefront (BFF), which holds the session token. The
 * field names of the account summary are the spec's (§3); amounts are øre.
 */
export const walletRoutes: FastifyPluginAsyncZod<{ wallet: WalletService; players: Pick<PlayersService, 'playerForSession'> }> = async (app, { wallet, players }) => {
  app.get(
    '/GATMaven/users/:sessionId/account-summary',
    {
      schema: {
        tags,
        operationId: 'getAccountSummary',
        summary: 'Balances of the session’s player (spec §3 account summary), in øre',
        params: sessionParams,
        response: {
          200: ok(
            z.object({
              TotalBalance: ore,
              WithdrawableBalance: ore,
              BonusBalance: ore,
              ReservedForPayouts: ore,
              TotalActiveWageringRequirement: ore,
              TotalActiveBonusWageredFraction: z.number().min(0).max(1),
            }),
          ),
          401: errorBody,
        },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      const player = await players.playerForSession(request.params.sessionId);
      return { result: 1 as const, data: await wallet.accountSummary(player.id) };
    },
  );

  app.get(
    '/GATMaven/users/:sessionId/betwin-summary',
    {
      schema: {
        tags,
        operationId: 'getBetWinSummary',
        summary: 'Stakes and wins of the session’s player over the last days (30 by default), in øre',
        params: sessionParams,
        querystring: z.object({ days: z.coerce.number().int().min(1).max(90).default(30) }),
        response: { 200: ok(z.object({ days: z.number().int(), totalStake: ore, totalWin: ore, net: ore, rounds: z.number().int() })), 401: errorBody },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      const player = await players.playerForSession(request.params.sessionId);
      return { result: 1 as const, data: await wallet.betWinSummary(player.id, request.query.days) };
    },
  );
};
