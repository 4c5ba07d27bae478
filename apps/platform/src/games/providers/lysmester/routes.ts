import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { noStore } from '../../../shared/http.js';
import { logSecurityEvent } from '../../../shared/security-log.js';
import { keepRawJsonBody, rawBodyOf } from '../../../shared/signed-requests.js';
import { LYSMESTER_PROVIDER_ID } from '../../providers.js';
import type { LiveWarning } from '../../live/warning.js';
import type { GamesService } from '../../service.js';
import { balanceBody, cancelBody, checkWalletSignature, creditBody, debitBody, SIGNATURE_HEADER, TIMESTAMP_HEADER } from './protocol.js';
import { createLysmesterWallet, reply, type WalletReply } from './wallet.js';

/** Where the studio's wallet calls arrive: its `walletUrl` is `{public listener}/Games/live/lysmester`. */
export const LYSMESTER_WALLET_PATH = '/Games/live/lysmester';

const send = (response: FastifyReply, { http, answer }: WalletReply) => response.code(http).headers(noStore).send(answer);

/**
 * Lysmester Live's wallet (games/providers/lysmester/, games/README.md "Live studio"), on the
 * platform's public listener beside the games contract: `POST /Games/live/lysmester/{balance|debit|
 * credit|cancel}`. The studio's signature is checked over the body exactly as sent before the body
 * is read; every answer, a refusal too, is in the studio's shape, never our `{result: 0, code}`.
 * Registered only when the provider is configured (GAME_PROVIDER_LYSMESTER_LIVE_SECRET). Left out
 * of the OpenAPI document: it is the studio's protocol, not ours (the README has its table).
 */
export const lysmesterWalletRoutes: FastifyPluginAsync<{
  games: GamesService;
  db: Db;
  clock: () => Date;
  warning: Pick<LiveWarning, 'assertDebitAllowed'>;
}> = async (app, { games, db, clock, warning }) => {
  const provider = games.knownProvider(LYSMESTER_PROVIDER_ID);
  if (!provider) return;
  const wallet = createLysmesterWallet({ db, games, providerId: provider.id, warning });

  await app.register(async (scope) => {
    keepRawJsonBody(scope, { parse: true });
    // Whatever goes wrong in this scope (a body too large, a content type not JSON, a fault) is
    // answered in the studio's shape too.
    scope.setErrorHandler(async (error: { statusCode?: number }, request, response) => {
      const status = error.statusCode ?? 500;
      if (status >= 500) request.log.error({ err: error }, 'lysmester wallet call failed');
      return send(response, status < 500 ? { http: status, answer: { status: 'REQUEST_INVALID' } } : reply('SERVER_ERROR'));
    });
    // Before the body is read: an unsigned or stale call learns nothing about its body.
    scope.addHook('preValidation', async (request, response) => {
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === 'string' ? value : undefined;
      };
      const check = checkWalletSignature({
        timestamp: header(TIMESTAMP_HEADER),
        signature: header(SIGNATURE_HEADER),
        body: rawBodyOf(request),
        secret: provider.secret,
        now: clock(),
      });
      if (check === 'ok') return;
      logSecurityEvent(request, 'game_signature_invalid', { provider: provider.id, reason: check });
      return send(response, reply('SIGNATURE_INVALID'));
    });

    const route = <S extends z.ZodType>(operation: string, schema: S, handle: (body: z.infer<S>) => Promise<WalletReply>) =>
      scope.post(`${LYSMESTER_WALLET_PATH}/${operation}`, { schema: { hide: true } }, async (request: FastifyRequest, response) => {
        const parsed = schema.safeParse(request.body);
        if (!parsed.success) return send(response, reply('REQUEST_INVALID', { message: 'the body does not match the call' }));
        return send(response, await handle(parsed.data));
      });

    route('balance', balanceBody, wallet.balance);
    route('debit', debitBody, wallet.debit);
    route('credit', creditBody, wallet.credit);
    route('cancel', cancelBody, wallet.cancel);
  });
};
