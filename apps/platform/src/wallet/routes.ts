import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config.js';
import { errorBody, iso, isoDateTime, noStore, ok, ore, sessionParams } from '../shared/http.js';
import { fail } from '../shared/errors.js';
import { logSecurityEvent } from '../shared/security-log.js';
import { MAX_ENTRIES, MAX_ENTRY_ORE, PLAYER_ACCOUNT_KINDS, SYSTEM_ACCOUNT_KINDS, type WalletService } from './service.js';
import type { StakeRules } from './stakes.js';

const tags = ['wallet'];

/** The kinds only the games contract moves (games/README.md). */
const GAME_TRANSFER_KINDS: readonly string[] = ['bet', 'win', 'rollback'];

/**
 * The player's money over HTTP, for the storefront (BFF), which holds the session token. The
 * field names of the account summary are the spec's (§3); amounts are øre.
 */
const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the request carries the wallet API key (compared in constant time with the key's digest). */
function hasApiKey(given: string | string[] | undefined, expected: Buffer | null): boolean {
  if (!expected || typeof given !== 'string' || !given) return false;
  return timingSafeEqual(digest(given), expected);
}

const accountRef = z.union([
  z.object({ accountId: z.uuid() }),
  z.object({ playerId: z.uuid(), kind: z.enum(PLAYER_ACCOUNT_KINDS) }),
  z.object({ system: z.enum(SYSTEM_ACCOUNT_KINDS) }),
]);

/** The answer to a transfer (POST /Wallet/transfers). */
export const transferAnswer = ok(
  z.object({
    transferId: z.uuid(),
    kind: z.string(),
    createdAt: isoDateTime,
    replayed: z.boolean(),
    entries: z.array(z.object({ accountId: z.uuid(), amountOre: ore, balanceAfterOre: ore.nullable() })),
  }),
);

export const walletRoutes: FastifyPluginAsyncZod<{
  wallet: WalletService;
  /** Transfers through the wallet's door, with the rules of a stake (wallet/stakes.ts). */
  stakes: StakeRules;
  config: Config;
  /**
   * The wagering figures of the player's open bonus (the bonus context's), for the account
   * summary; counting them settles the bonus (wagered through: to cash; expired: forfeited).
   */
  wagering?: (
    playerId: string,
    options?: { settle?: boolean },
  ) => Promise<{ TotalActiveWageringRequirement: number; TotalActiveBonusWageredFraction: number }>;
}> = async (app, { wallet, stakes, config, wagering }) => {
  async function resolve(ref: z.infer<typeof accountRef>): Promise<string> {
    if ('accountId' in ref) return ref.accountId;
    if ('playerId' in ref) return wallet.playerAccount(ref.playerId, ref.kind);
    return wallet.systemAccount(ref.system);
  }

  const apiKeyDigest = config.WALLET_API_KEY ? digest(config.WALLET_API_KEY) : null;

  app.post(
    '/Wallet/transfers',
    {
      schema: {
        tags,
        operationId: 'createTransfer',
        summary:
          'Move money (internal: the platform’s own services, with x-api-key; never game money, which moves only through the games contract). Idempotent by key; all or nothing',
        headers: z.object({ 'x-api-key': z.string().max(200).optional() }),
        body: z.object({
          idempotencyKey: z.string().min(1).max(200),
          kind: z.string().regex(/^[a-z_]{2,40}$/),
          entries: z
            .array(z.object({ account: accountRef, amountOre: z.number().int().min(-MAX_ENTRY_ORE).max(MAX_ENTRY_ORE) }))
            .min(2)
            .max(MAX_ENTRIES),
          reference: z.record(z.string().max(60), z.string().max(200)).optional(),
        }),
        response: {
          200: transferAnswer,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          409: errorBody,
        },
      },
      // The busiest route: its answers (built by the typed handler below and the error handler)
      // are written as they are, without checking them against the schema again on the way out.
      // The schema still documents them, and the wallet tests check real answers against it.
      serializerCompiler: () => (data) => JSON.stringify(data),
      // Refused before the body is even read, without the key.
      onRequest: async (request) => {
        if (!hasApiKey(request.headers['x-api-key'], apiKeyDigest)) {
          const given = request.headers['x-api-key'];
          logSecurityEvent(request, 'api_key_invalid', {
            provider: 'wallet',
            reason: !apiKeyDigest ? 'api_turned_off' : given ? 'key_wrong' : 'key_missing',
          });
          throw fail('UNAUTHORIZED');
        }
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      // Game money (bets, wins, rollbacks) moves only through the games contract, signed by each
      // provider and confined to its sessions' players and its own games account; its ledger keys
      // (`game:<provider>:<id>`) are that contract's namespace alone.
      if (GAME_TRANSFER_KINDS.includes(request.body.kind) || request.body.idempotencyKey.startsWith('game:'))
        throw fail('GAME_TRANSFER_NOT_ALLOWED');
      const entries = await Promise.all(
        request.body.entries.map(async (entry) => ({ accountId: await resolve(entry.account), amountOre: entry.amountOre })),
      );
      const result = await stakes.transfer({
        idempotencyKey: request.body.idempotencyKey,
        kind: request.body.kind,
        entries,
        reference: request.body.reference,
      });
      return { result: 1 as const, data: { ...result, createdAt: iso(result.createdAt) } };
    },
  );

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
