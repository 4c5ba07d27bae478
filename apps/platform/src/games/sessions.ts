import { createHash, createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { fail } from '../shared/errors.js';
import type { WalletService } from '../wallet/service.js';
import type { GameProvider } from './providers.js';
import { gameSessions } from './schema.js';

/**
 * A game id until the catalogue exists (next session): lower-case letters, digits and dashes.
 * The catalogue will refuse an id it does not hold with the same code, GAME_NOT_FOUND.
 */
export const GAME_ID_PATTERN = /^[a-z0-9][a-z0-9-]{1,79}$/;

export type GameMode = 'real' | 'fun';
export type GameSession = typeof gameSessions.$inferSelect;

export interface GameSessionsDeps {
  db: Db;
  clock: () => Date;
  config: Pick<Config, 'GAME_SESSION_MINUTES'>;
  providers: Map<string, GameProvider>;
  wallet: Pick<WalletService, 'playerBalances'>;
  /**
   * The refusal of a player who may not play: paused or closed (the limits context's
   * ACCOUNT_PAUSED, ACCOUNT_CLOSED), or a user or game account locked (the players context's).
   */
  assertMayPlay: (playerId: string) => Promise<void>;
}

/** What the database keeps of a launch token (256 random bits: SHA-256 suffices, as for player sessions). */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The providers and the game sessions: launch (for the player), authenticate and balance (for the
 * provider), and the look-ups the contract's money calls share.
 */
export function createGameSessions(deps: GameSessionsDeps) {
  const { db, clock, config, providers, wallet, assertMayPlay } = deps;

  /** A provider of the configuration, or null. */
  const knownProvider = (providerId: string): GameProvider | null => providers.get(providerId) ?? null;

  function providerOf(providerId: string): GameProvider {
    const provider = knownProvider(providerId);
    if (!provider) throw fail('GAME_PROVIDER_UNKNOWN');
    return provider;
  }

  const isEnded = (session: GameSession, now = clock()) => session.endedAt !== null || now >= session.expiresAt;

  /**
   * A game session for the player: a signed, expiring launch token for the provider
   * (`gs1.<random>.<expires unix>.<HMAC-SHA256 with the provider's secret>`, so the provider can
   * tell it is ours and when it ends without asking); the database keeps only its SHA-256.
   */
  async function launch(playerId: string, input: { providerId: string; gameId: string; mode: GameMode }) {
    const provider = providerOf(input.providerId);
    if (!GAME_ID_PATTERN.test(input.gameId)) throw fail('GAME_NOT_FOUND');
    if (input.mode !== 'real') throw fail('GAME_MODE_NOT_REAL');
    await assertMayPlay(playerId);
    const now = clock();
    const expiresAt = new Date(now.getTime() + config.GAME_SESSION_MINUTES * 60_000);
    const body = `${randomBytes(32).toString('base64url')}.${Math.floor(expiresAt.getTime() / 1000)}`;
    const token = `gs1.${body}.${createHmac('sha256', provider.secret).update(body).digest('hex')}`;
    const [session] = await db
      .insert(gameSessions)
      .values({
        providerId: provider.id,
        playerId,
        gameId: input.gameId,
        mode: input.mode,
        tokenHash: hashToken(token),
        createdAt: now,
        expiresAt,
      })
      .returning({ id: gameSessions.id });
    return { gameSessionId: session!.id, providerId: provider.id, gameId: input.gameId, mode: input.mode, token, expiresAt };
  }

  async function sessionOf(providerId: string, sessionId: string, runner: Pick<Db, 'select'> = db): Promise<GameSession> {
    const [session] = await runner.select().from(gameSessions).where(eq(gameSessions.id, sessionId)).limit(1);
    // Another provider's session is as unknown as none: a provider never learns of others'.
    if (!session || session.providerId !== providerId) throw fail('GAME_SESSION_NOT_FOUND');
    return session;
  }

  async function balances(playerId: string, runner: Pick<Db, 'select'> = db) {
    const { player_cash: cashOre, player_bonus: bonusOre } = await wallet.playerBalances(playerId, runner);
    return { balanceOre: cashOre + bonusOre, cashOre, bonusOre };
  }

  /** The provider's first call with the launch token: the session, its player and their balance. */
  async function authenticate(providerId: string, token: string) {
    providerOf(providerId);
    const [session] = await db
      .select()
      .from(gameSessions)
      .where(eq(gameSessions.tokenHash, hashToken(token)))
      .limit(1);
    if (!session || session.providerId !== providerId) throw fail('GAME_SESSION_NOT_FOUND');
    if (isEnded(session)) throw fail('GAME_SESSION_ENDED');
    await assertMayPlay(session.playerId);
    return {
      sessionId: session.id,
      playerId: session.playerId,
      gameId: session.gameId,
      mode: session.mode,
      currency: 'DKK' as const,
      expiresAt: session.expiresAt,
      ...(await balances(session.playerId)),
    };
  }

  async function balance(providerId: string, sessionId: string) {
    const session = await sessionOf(providerId, sessionId);
    return { sessionId: session.id, currency: 'DKK' as const, ...(await balances(session.playerId)) };
  }

  return { knownProvider, providerOf, isEnded, launch, sessionOf, balances, authenticate, balance };
}

export type GameSessions = ReturnType<typeof createGameSessions>;
