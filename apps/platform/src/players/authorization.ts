import { safeRedirectPath } from '@krone/domain';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { fail } from '../shared/errors.js';
import type { IdentityBrokers, Provider } from './identity.js';
import { authTransactions } from './schema.js';
import { hashToken, newToken, TOKEN_PATTERN } from './secrets.js';

export type AuthTransaction = typeof authTransactions.$inferSelect;

export interface AuthorizationDeps {
  db: Db;
  config: Pick<Config, 'AUTH_TRANSACTION_MINUTES'>;
  clock: () => Date;
  brokers: IdentityBrokers;
}

/**
 * The round trip to an identity broker, both ends: the transaction kept while the browser is at
 * the broker (PKCE verifier, state, nonce, what the trip is for), and its one-time claim when the
 * player comes back. What the trip ends in is login.ts's.
 */
export function createAuthorization({ db, config, clock, brokers }: AuthorizationDeps) {
  /** Step one of every login and registration: where to send the browser, and the transaction. */
  async function startAuthorization(input: {
    provider: Provider;
    purpose: 'login' | 'register' | 'confirm';
    redirectTo?: string | null;
    playerId?: string;
    payload?: Record<string, string>;
  }) {
    const request = await brokers.authorize(input.provider, { purpose: input.purpose });
    const transactionId = newToken();
    const now = clock();
    await db.insert(authTransactions).values({
      idHash: hashToken(transactionId),
      provider: input.provider,
      purpose: input.purpose,
      state: request.state,
      nonce: request.nonce,
      codeVerifier: request.codeVerifier,
      redirectTo: safeRedirectPath(input.redirectTo),
      playerId: input.playerId ?? null,
      payload: input.payload ?? null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + config.AUTH_TRANSACTION_MINUTES * 60_000),
    });
    return { authorizationUrl: request.url, transactionId };
  }

  /** Claims the transaction once: a replayed callback finds nothing. */
  async function consumeTransaction(transactionId: string, provider: Provider): Promise<AuthTransaction> {
    if (!TOKEN_PATTERN.test(transactionId)) throw fail('LOGIN_EXPIRED');
    const now = clock();
    const [row] = await db
      .update(authTransactions)
      .set({ consumedAt: now })
      .where(
        and(
          eq(authTransactions.idHash, hashToken(transactionId)),
          eq(authTransactions.provider, provider),
          isNull(authTransactions.consumedAt),
          gt(authTransactions.expiresAt, now),
        ),
      )
      .returning();
    if (!row) throw fail('LOGIN_EXPIRED');
    return row;
  }

  return { startAuthorization, consumeTransaction };
}

export type Authorization = ReturnType<typeof createAuthorization>;
