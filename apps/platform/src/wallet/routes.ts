import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, noStore, ok, ore, sessionParams } from '../shared/http.js';
import type { WalletService } from './service.js';

const tags = ['wallet'];

/**
 * The player's money over HTTP, for the storefront (BFF), which holds the session token. The
 * field names of the account summary are the spec's (§3); amounts are øre. The ledger has no HTTP
 * door that moves money: deposits and withdrawals move it through the payments context, bets and
 * wins through the games contract, bonuses through the bonus context (docs/decisions.md).
 */
export const walletRoutes: FastifyPluginAsyncZod<{
  wallet: WalletService;
  /**
   * The wagering figures of the player's open bonus (the bonus context's), for the account
   * summary; counting them settles the bonus (wagered through: to cash; expired: forfeited).
   */
  wagering?: (
    playerId: string,
    options?: { settle?: boolean },
  ) => Promise<{ TotalActiveWageringRequirement: number; TotalActiveBonusWageredFraction: number }>;
}> = async (app, { wallet, wagering }) => {
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
      const player = request.player;
      // The bonus figures first: counting them may end the bonus and move its balance to cash.
      // Should that fail (the database gave up on a lock, say), the figures as they stand answer.
      const bonusFigures = await wagering?.(player.id).catch((error: unknown) => {
        request.log.error({ err: error }, 'settling the bonus failed; answering its figures as they stand');
        return wagering(player.id, { settle: false });
      });
      const summary = await wallet.accountSummary(player.id);
      return { result: 1 as const, data: { ...summary, ...bonusFigures } };
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
        response: {
          200: ok(z.object({ days: z.number().int(), totalStake: ore, totalWin: ore, net: ore, rounds: z.number().int() })),
          401: errorBody,
        },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return { result: 1 as const, data: await wallet.betWinSummary(request.player.id, request.query.days) };
    },
  );
};
