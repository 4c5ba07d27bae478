import { MOBILE_COUNTRY_CODE_PATTERN } from '@krone/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { fail } from '../shared/errors.js';
import type { Authorization } from './authorization.js';
import { assertCanLogIn, type PlayerCommon } from './common.js';
import type { ContactChange } from './contact-change.js';
import type { IdentityBrokers, Provider, VerifiedIdentity } from './identity.js';
import { loaAtLeast } from './identity.js';
import type { Registration } from './registration.js';
import { type Player, players } from './schema.js';
import type { Secrets } from './secrets.js';
import type { SessionStore } from './sessions.js';

export interface LoginDeps {
  db: Db;
  config: Pick<Config, 'MITID_REQUIRED_LOA'>;
  brokers: IdentityBrokers;
  secrets: Secrets;
  sessions: SessionStore;
  common: PlayerCommon;
  authorization: Pick<Authorization, 'consumeTransaction'>;
  registration: Pick<Registration, 'startRegistration' | 'startCprCheck' | 'checkCpr'>;
  contactChange: Pick<ContactChange, 'confirmContactChange'>;
  /** Ends the player's game sessions (the games context's): a bet after a logout or a lock is refused. */
  endGameSessions?: (playerId: string, reason: 'logout' | 'locked') => Promise<void>;
}

/** A mobile number as MobilePay confirms it (`+4520304050`): its country code and the number. */
const MOBILEPAY_PHONE = new RegExp(`^(${MOBILE_COUNTRY_CODE_PATTERN})(\\d{6,8})$`);

/** Where a broker's round trip ends (a session, a registration, a confirmed change), sessions, logout. */
export function createLogin({
  db,
  config,
  brokers,
  secrets,
  sessions,
  common,
  authorization,
  registration,
  contactChange,
  endGameSessions = async () => undefined,
}: LoginDeps) {
  async function findPlayerFor(identity: VerifiedIdentity): Promise<Player | undefined> {
    if (identity.provider === 'mitid') {
      const [player] = await db.select().from(players).where(eq(players.mitidUuid, identity.subject)).limit(1);
      return player;
    }
    const [linked] = await db.select().from(players).where(eq(players.mobilePaySub, identity.subject)).limit(1);
    if (linked) return linked;
    // First MobilePay login: link it to the account whose mobile number and (MitID-confirmed) birth
    // date match what MobilePay confirmed, and only when MobilePay says it verified the number
    // (`phone_number_verified: true`): a number alone never links (docs/decisions.md). Anything
    // ambiguous is not linked.
    if (!identity.phoneNumberVerified) return undefined;
    const phone = identity.phoneNumber?.replace(/\s+/g, '') ?? '';
    const match = MOBILEPAY_PHONE.exec(phone);
    if (!match || !identity.birthDate) return undefined;
    const candidates = await db
      .select()
      .from(players)
      .where(
        and(
          eq(players.mobileCc, match[1]!),
          eq(players.mobileNo, match[2]!),
          eq(players.birthDate, identity.birthDate),
          isNull(players.mobilePaySub),
        ),
      )
      .limit(2);
    if (candidates.length !== 1) return undefined;
    await db.update(players).set({ mobilePaySub: identity.subject }).where(eq(players.id, candidates[0]!.id));
    return candidates[0];
  }

  /**
   * The broker sent the player back. A login ends in a session; a registration in a
   * registration under way; a confirmation in the contact change applied. Every refusal is a
   * coded error with its Danish message.
   */
  async function finishAuthorization(input: { provider: Provider; transactionId: string; params: Record<string, string> }) {
    const transaction = await authorization.consumeTransaction(input.transactionId, input.provider);
    const identity = await brokers.complete(input.provider, input.params, transaction);
    if (input.provider === 'mitid' && !loaAtLeast(identity.loa, config.MITID_REQUIRED_LOA)) {
      throw fail('MITID_ASSURANCE_TOO_LOW');
    }
    if (transaction.purpose === 'confirm') return contactChange.confirmContactChange(transaction, identity);
    // Switched off since the round trip began: no MobilePay login.
    await common.assertMobilePayLogin(input.provider, transaction.purpose);
    const player = await findPlayerFor(identity);
    if (transaction.purpose === 'register') return registration.startRegistration(input.provider, identity, transaction, player);

    if (!player) {
      if (input.provider === 'mobilepay') throw fail('MOBILEPAY_NO_ACCOUNT');
      if (await common.cprCheckOnLogin()) return registration.startCprCheck(identity, transaction);
      throw fail('NO_ACTIVE_ACCOUNT');
    }
    return logIn(player, input.provider, transaction.redirectTo);
  }

  async function logIn(player: Player, provider: Provider, redirectTo: string | null) {
    assertCanLogIn(player);
    await common.checkRofus(secrets.decrypt(player.cprEncrypted), { cprHash: player.cprHash, playerId: player.id, occasion: 'login' });
    const { session, loginLogId } = await common.openSession(player, provider);
    return {
      outcome: 'session' as const,
      sessionToken: session.token,
      expiresAt: session.expiresAt,
      playerId: player.id,
      loginLogId,
      redirectTo,
    };
  }

  /**
   * The CPR check after a MitID login with no account: the account the CPR (confirmed by MitID)
   * belongs to, now linked to this MitID, is logged in as any MitID login is (locks, ROFUS).
   */
  async function finishCprCheck(registrationId: string, cpr: string) {
    return logIn(await registration.checkCpr(registrationId, cpr), 'mitid', null);
  }

  /**
   * The player behind a session token, or a 401 (SESSION_INVALID). A player no longer active
   * (locked) loses every session here. The session-player hook asks this once per request.
   */
  async function playerForSession(token: string): Promise<Player> {
    const session = await sessions.resolve(token);
    if (!session) throw fail('SESSION_INVALID');
    const [player] = await db.select().from(players).where(eq(players.id, session.playerId)).limit(1);
    if (!player) throw fail('SESSION_INVALID');
    if (player.status !== 'active') {
      await sessions.endAll(player.id, 'locked');
      await endGameSessions(player.id, 'locked');
      throw fail('SESSION_INVALID');
    }
    return player;
  }

  /** Ends a session; true when it was still open. */
  async function logout(token: string) {
    const playerId = await sessions.end(token, 'logout');
    if (playerId) {
      await endGameSessions(playerId, 'logout');
      await common.log({ playerId, kind: 'logout' });
    }
    return playerId !== null;
  }

  /**
   * The storefront saw a session expire (spec §7 CreateSessionExpireLog): logged for the player
   * of that session, live or ended, named by its token; never for a player named in the request.
   * A token no session ever had is refused (nothing written).
   */
  async function logSessionExpiry(input: { token: string; fromRoute: string; datetime: string }) {
    const playerId = await sessions.playerOf(input.token);
    if (!playerId) throw fail('SESSION_INVALID');
    return common.log({
      playerId,
      kind: 'session_expired',
      fromRoute: input.fromRoute,
      details: { clientTime: input.datetime },
    });
  }

  return { finishAuthorization, finishCprCheck, playerForSession, logout, logSessionExpiry };
}

export type Login = ReturnType<typeof createLogin>;
