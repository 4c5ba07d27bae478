import { isOldEnough, parseCpr, safeRedirectPath } from '@krone/domain';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { ContentService } from '../content/service.js';
import type { Db } from '../db/client.js';
import type { LimitPeriod, LimitsService } from '../limits/service.js';
import { constraintText, pgErrorIn, UNIQUE_VIOLATION } from '../shared/db.js';
import { AppError, fail } from '../shared/errors.js';
import { iso, isoOrNull } from '../shared/http.js';
import type { IdentityBrokers, Provider, VerifiedIdentity } from './identity.js';
import { loaAtLeast } from './identity.js';
import type { Rofus } from './rofus.js';
import { authTransactions, playerLogs, players, registrations } from './schema.js';
import type { Secrets } from './secrets.js';
import { hashToken, newToken, TOKEN_PATTERN } from './secrets.js';
import type { SessionStore } from './sessions.js';

type Player = typeof players.$inferSelect;

export interface RegistrationDetails {
  cpr: string;
  firstName: string;
  lastName: string;
  email: string;
  mobileCc: '+45' | '+299';
  mobileNo: string;
}

export interface RegistrationCompletion {
  acceptTerms: true;
  bonus: boolean;
  depositLimit?: { period: LimitPeriod; amountOre: number };
}

export interface PlayersDeps {
  db: Db;
  config: Config;
  clock: () => Date;
  brokers: IdentityBrokers;
  rofus: Rofus;
  secrets: Secrets;
  sessions: SessionStore;
  content: Pick<ContentService, 'getPublicSystemConfig'>;
  limits: LimitsService;
}

const REGISTRATION_EXPIRED = () => fail('REGISTRATION_EXPIRED');
const SESSION_INVALID = () => fail('SESSION_INVALID');


/** Postgres unique violations of the players table, by constraint, to the spec's errors. */
function mapUniqueViolation(error: unknown): AppError | null {
  const violation = pgErrorIn(
    error,
    (candidate) => (candidate.code === UNIQUE_VIOLATION || /duplicate key/.test(candidate.message ?? '')) && /players_(email|cpr_hash|mitid_uuid)_key/.test(constraintText(candidate)),
  );
  const name = violation ? constraintText(violation) : '';
  if (name.includes('players_email_key')) return fail('EMAIL_TAKEN', { fields: { email: 'authentication.email_registered' } });
  if (name.includes('players_cpr_hash_key')) return fail('NATIONAL_ID_REGISTERED');
  if (name.includes('players_mitid_uuid_key')) return fail('CPR_ALREADY_LINKED');
  return null;
}

export function createPlayersService(deps: PlayersDeps) {
  const { db, config, clock, brokers, rofus, secrets, sessions } = deps;

  async function minAge(): Promise<number> {
    try {
      const row = await deps.content.getPublicSystemConfig('minAge');
      const value = Number(row.value);
      return Number.isInteger(value) && value >= 18 ? value : 21;
    } catch {
      return 21;
    }
  }

  /** The mobile number has the digits its country code needs (mobileProviders config, spec §5). */
  async function checkMobile(mobileCc: string, mobileNo: string) {
    let digits = mobileCc === '+299' ? 6 : 8;
    try {
      const row = await deps.content.getPublicSystemConfig('mobileProviders');
      const provider = (row.value as { code?: string; digits?: number }[]).find((entry) => entry.code === mobileCc);
      if (provider && Number.isInteger(provider.digits)) digits = provider.digits!;
    } catch {
      // The defaults above are the spec's.
    }
    const bare = mobileNo.replace(/[\s-]/g, '');
    if (!new RegExp(`^\\d{${digits}}$`).test(bare)) {
      throw fail('INVALID_INPUT', { fields: { mobileNo: bare ? 'validation.mobile_digits' : 'validation.mobile_required' } });
    }
    return bare;
  }

  async function log(entry: { playerId: string | null; kind: string; method?: string; fromRoute?: string; details?: Record<string, unknown> }) {
    const [row] = await db
      .insert(playerLogs)
      .values({ playerId: entry.playerId, kind: entry.kind, method: entry.method, fromRoute: entry.fromRoute, details: entry.details, at: clock() })
      .returning({ id: playerLogs.id });
    return row!.id;
  }

  async function checkRofus(cpr: string) {
    const answer = await rofus.check(cpr);
    if (answer.excluded) throw fail('ROFUS_EXCLUDED');
  }

  function assertCanLogIn(player: Player) {
    if (player.status === 'locked') throw fail('USER_LOCKED');
    if (player.status === 'game_locked') throw fail('GAME_ACCOUNT_LOCKED');
  }

  async function openSession(player: Player, method: Provider | 'registration') {
    const session = await sessions.create(player.id, method);
    const now = clock();
    await db.update(players).set({ previousLoginAt: player.lastLoginAt, lastLoginAt: now }).where(eq(players.id, player.id));
    const loginLogId = await log({ playerId: player.id, kind: 'login', method });
    return { session, loginLogId };
  }

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
  async function consumeTransaction(transactionId: string, provider: Provider) {
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
    const match = /^(\+45|\+299)(\d{6,8})$/.exec(phone);
    if (!match || !identity.birthDate) return undefined;
    const candidates = await db
      .select()
      .from(players)
      .where(and(eq(players.mobileCc, match[1]!), eq(players.mobileNo, match[2]!), eq(players.birthDate, identity.birthDate), isNull(players.mobilePaySub)))
      .limit(2);
    if (candidates.length !== 1) return undefined;
    await db.update(players).set({ mobilePaySub: identity.subject }).where(eq(players.id, candidates[0]!.id));
    return candidates[0];
  }

  /**
   * The broker sent the player back. A login ends in a session; a registration in a
   * registration under way. Every refusal is a coded error with its Danish message.
   */
  async function finishAuthorization(input: { provider: Provider; transactionId: string; params: Record<string, string> }) {
    const transaction = await consumeTransaction(input.transactionId, input.provider);
    const identity = await brokers.complete(input.provider, input.params, transaction);
    if (input.provider === 'mitid' && !loaAtLeast(identity.loa, config.MITID_REQUIRED_LOA)) {
      throw fail('MITID_ASSURANCE_TOO_LOW');
    }
    if (transaction.purpose === 'confirm') return confirmContactChange(transaction, identity);
    const player = await findPlayerFor(identity);

    if (transaction.purpose === 'register') {
      if (input.provider !== 'mitid') throw fail('MITID_REQUIRED');
      if (player) throw fail('CPR_ALREADY_LINKED');
      const registrationId = newToken();
      const now = clock();
      const expiresAt = new Date(now.getTime() + config.REGISTRATION_MINUTES * 60_000);
      await db.insert(registrations).values({
        idHash: hashToken(registrationId),
        mitidUuid: identity.subject,
        claims: { givenName: identity.givenName, familyName: identity.familyName, birthDate: identity.birthDate, name: identity.name },
        accessTokenEncrypted: secrets.encrypt(identity.accessToken),
        createdAt: now,
        expiresAt,
      });
      return { outcome: 'registration' as const, registrationId, expiresAt, redirectTo: transaction.redirectTo };
    }

    if (!player) {
      if (input.provider === 'mobilepay') throw fail('MOBILEPAY_NO_ACCOUNT');
      throw fail('NO_ACTIVE_ACCOUNT');
    }
    assertCanLogIn(player);
    await checkRofus(secrets.decrypt(player.cprEncrypted));
    const { session, loginLogId } = await openSession(player, input.provider);
    return {
      outcome: 'session' as const,
      sessionToken: session.token,
      expiresAt: session.expiresAt,
      playerId: player.id,
      loginLogId,
      redirectTo: transaction.redirectTo,
    };
  }

  /**
   * A change of e-mail or mobile number, step one: checked now (format, digits, e-mail not used
   * by another account), applied only after the player confirms with MitID (step two).
   */
  async function startContactChange(token: string, input: { email: string; mobileCc: '+45' | '+299'; mobileNo: string; redirectTo?: string | null }) {
    const player = await playerForSession(token);
    const mobileNo = await checkMobile(input.mobileCc, input.mobileNo);
    const email = input.email.trim().toLowerCase();
    if (email === player.email && input.mobileCc === player.mobileCc && mobileNo === player.mobileNo) {
      throw fail('NOTHING_CHANGED');
    }
    const [taken] = await db
      .select({ id: players.id })
      .from(players)
      .where(and(eq(players.email, email), sql`${players.id} <> ${player.id}`))
      .limit(1);
    if (taken) throw fail('EMAIL_TAKEN', { fields: { email: 'authentication.email_registered' } });
    return startAuthorization({
      provider: 'mitid',
      purpose: 'confirm',
      redirectTo: input.redirectTo ?? '/min-konto/profil',
      playerId: player.id,
      payload: { email, mobileCc: input.mobileCc, mobileNo },
    });
  }

  /** Step two: MitID said who confirmed. Only the account holder's own MitID applies the change. */
  async function confirmContactChange(transaction: typeof authTransactions.$inferSelect, identity: VerifiedIdentity) {
    if (identity.provider !== 'mitid' || !transaction.playerId || !transaction.payload) throw fail('LOGIN_EXPIRED');
    const [player] = await db.select().from(players).where(eq(players.id, transaction.playerId)).limit(1);
    if (!player) throw SESSION_INVALID();
    if (player.mitidUuid !== identity.subject) throw fail('CONFIRMATION_MISMATCH');
    assertCanLogIn(player);
    const change = transaction.payload as { email: string; mobileCc: string; mobileNo: string };
    try {
      await db.transaction(async (tx) => {
        await tx.update(players).set({ email: change.email, mobileCc: change.mobileCc, mobileNo: change.mobileNo }).where(eq(players.id, player.id));
        await tx.insert(playerLogs).values({
          playerId: player.id,
          kind: 'contact_change',
          method: 'mitid',
          details: { emailChanged: change.email !== player.email, mobileChanged: change.mobileCc !== player.mobileCc || change.mobileNo !== player.mobileNo },
          at: clock(),
        });
      });
    } catch (error) {
      // Another account took the address between the two steps.
      const mapped = mapUniqueViolation(error);
      if (mapped) throw mapped;
      throw error;
    }
    return { outcome: 'confirmed' as const, redirectTo: transaction.redirectTo };
  }

  async function openRegistration(registrationId: string) {
    if (!TOKEN_PATTERN.test(registrationId)) throw REGISTRATION_EXPIRED();
    const [row] = await db.select().from(registrations).where(eq(registrations.idHash, hashToken(registrationId))).limit(1);
    if (!row || row.completedAt || clock() >= row.expiresAt) throw REGISTRATION_EXPIRED();
    return row;
  }

  /** Where a registration stands, for the storefront's steps. */
  async function registrationState(registrationId: string) {
    const row = await openRegistration(registrationId);
    return {
      step: row.details ? ('terms' as const) : ('details' as const),
      expiresAt: row.expiresAt,
      prefill: row.details
        ? { firstName: row.details.firstName, lastName: row.details.lastName, email: row.details.email, mobileCc: row.details.mobileCc, mobileNo: row.details.mobileNo }
        : { firstName: row.claims.givenName, lastName: row.claims.familyName },
    };
  }

  /**
   * Step two: the CPR the person typed and their contact details. The CPR must be a real date of
   * birth, the person old enough, confirmed by MitID as theirs, not yet registered, and not in
   * ROFUS; the e-mail not yet used.
   */
  async function submitDetails(registrationId: string, details: RegistrationDetails) {
    const row = await openRegistration(registrationId);
    const parsed = parseCpr(details.cpr);
    if (!parsed.ok) throw fail('INVALID_INPUT', { fields: { cpr: parsed.error } });
    const mobileNo = await checkMobile(details.mobileCc, details.mobileNo);
    if (!isOldEnough(parsed.birthDate, await minAge(), clock())) {
      throw fail('UNDER_MIN_AGE', { fields: { cpr: 'authentication.under_min_age' } });
    }
    const match = await brokers.matchCpr(secrets.decrypt(row.accessTokenEncrypted), parsed.cpr).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'CPR_TOO_MANY_TRIES') {
        throw fail('CPR_NOT_VALIDATED', { fields: { cpr: 'authentication.cpr_not_validated' } });
      }
      throw error;
    });
    if (!match.match) {
      throw fail('CPR_MISMATCH', { fields: { cpr: 'authentication.cpr_mitid_mismatch' }, remainingAttempts: match.remainingAttempts });
    }
    const cprHash = secrets.hashCpr(parsed.cpr);
    const [registered] = await db.select({ id: players.id }).from(players).where(eq(players.cprHash, cprHash)).limit(1);
    if (registered) throw fail('NATIONAL_ID_REGISTERED');
    await checkRofus(parsed.cpr);
    const email = details.email.trim().toLowerCase();
    const [taken] = await db.select({ id: players.id }).from(players).where(eq(players.email, email)).limit(1);
    if (taken) throw fail('EMAIL_TAKEN', { fields: { email: 'authentication.email_registered' } });
    await db
      .update(registrations)
      .set({
        cprHash,
        cprEncrypted: secrets.encrypt(parsed.cpr),
        birthDate: parsed.birthDate,
        details: { firstName: details.firstName.trim(), lastName: details.lastName.trim(), email, mobileCc: details.mobileCc, mobileNo },
      })
      .where(eq(registrations.idHash, row.idHash));
    return registrationState(registrationId);
  }

  /**
   * The last step: terms accepted, bonus chosen (a declined bonus brings the deposit-limit step).
   * The account, its first limit and its first session are created together or not at all; the
   * database's unique keys decide between two registrations racing for the same person or e-mail.
   */
  async function completeRegistration(registrationId: string, input: RegistrationCompletion) {
    const row = await openRegistration(registrationId);
    if (!row.details || !row.cprHash || !row.cprEncrypted || !row.birthDate) throw fail('REGISTRATION_INCOMPLETE');
    if (!input.bonus && !input.depositLimit) {
      throw fail('INVALID_INPUT', { fields: { depositLimit: 'validation.limit_required' } });
    }
    const now = clock();
    let player: Player;
    try {
      player = await db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(registrations)
          .set({ completedAt: now })
          .where(and(eq(registrations.idHash, row.idHash), isNull(registrations.completedAt)))
          .returning({ idHash: registrations.idHash });
        if (!claimed) throw REGISTRATION_EXPIRED();
        const [created] = await tx
          .insert(players)
          .values({
            mitidUuid: row.mitidUuid,
            cprHash: row.cprHash!,
            cprEncrypted: row.cprEncrypted!,
            birthDate: row.birthDate!,
            firstName: row.details!.firstName,
            lastName: row.details!.lastName,
            email: row.details!.email,
            mobileCc: row.details!.mobileCc,
            mobileNo: row.details!.mobileNo,
            properties: { acceptsmsoffer: 'False', firstdeposit: 'False', welcomebonus: input.bonus ? 'True' : 'False' },
            registeredAt: now,
          })
          .returning();
        if (input.depositLimit) await deps.limits.setInitialDepositLimit(tx as Db, created!.id, input.depositLimit.period, input.depositLimit.amountOre);
        await tx.update(registrations).set({ playerId: created!.id }).where(eq(registrations.idHash, row.idHash));
        await tx.insert(playerLogs).values({ playerId: created!.id, kind: 'register', method: 'mitid', at: now });
        return created!;
      });
    } catch (error) {
      throw mapUniqueViolation(error) ?? error;
    }
    const { session, loginLogId } = await openSession(player, 'registration');
    return { sessionToken: session.token, expiresAt: session.expiresAt, playerId: player.id, loginLogId };
  }

  /** The player behind a session token, or a 401. */
  async function playerForSession(token: string): Promise<Player> {
    const session = await sessions.resolve(token);
    if (!session) throw SESSION_INVALID();
    const [player] = await db.select().from(players).where(eq(players.id, session.playerId)).limit(1);
    if (!player) throw SESSION_INVALID();
    if (player.status !== 'active') {
      await sessions.endAll(player.id, 'locked');
      throw SESSION_INVALID();
    }
    return player;
  }

  /** The player's CPR in clear, for a payout to their NemKonto (looked up by CPR); never shown. */
  async function cprForPlayer(playerId: string): Promise<string> {
    const [row] = await db.select({ cprEncrypted: players.cprEncrypted }).from(players).where(eq(players.id, playerId)).limit(1);
    if (!row) throw fail('PLAYER_NOT_FOUND');
    return secrets.decrypt(row.cprEncrypted);
  }

  async function validateSession(token: string): Promise<boolean> {
    try {
      await playerForSession(token);
      return true;
    } catch {
      return false;
    }
  }

  async function logout(token: string) {
    const playerId = await sessions.end(token, 'logout');
    if (playerId) await log({ playerId, kind: 'logout' });
    return playerId !== null;
  }

  /** userInfo of spec §3, the fields a Danish operator keeps; never the CPR. */
  function userInfo(player: Player) {
    return {
      userId: player.id,
      login: player.email,
      nickname: player.nickname ?? player.firstName,
      country: player.country,
      birthday: player.birthDate,
      firstName: player.firstName,
      middleName: player.middleName ?? '',
      lastName: player.lastName,
      currency: player.currency,
      language: player.language,
      email: player.email,
      mobileNo: player.mobileNo,
      mobileCC: player.mobileCc,
      emailNotify: (player.emailNotify ? 1 : 0) as 0 | 1,
      smsNotify: (player.smsNotify ? 1 : 0) as 0 | 1,
      campaignCode: player.campaignCode ?? '',
      bTag: player.bTag ?? '',
      nationalId: 'masked',
      registered: iso(player.registeredAt),
      lastLogin: isoOrNull(player.lastLoginAt),
      previousLogin: isoOrNull(player.previousLoginAt),
      marketingNotificationDay: player.marketingNotificationDay,
      timeZone: 'Europe/Copenhagen',
    };
  }

  async function profile(token: string) {
    const player = await playerForSession(token);
    return { userInfo: userInfo(player), playerType: player.playerType, segment: player.playerType, properties: player.properties };
  }

  async function setProperties(token: string, entries: { property: 'acceptsmsoffer' | 'firstdeposit'; value: string }[]) {
    const player = await playerForSession(token);
    const properties = { ...player.properties };
    for (const entry of entries) properties[entry.property] = entry.value;
    await db.update(players).set({ properties }).where(eq(players.id, player.id));
    return properties;
  }

  async function getProperty(token: string, key: string) {
    const player = await playerForSession(token);
    return player.properties[key] ?? null;
  }

  async function setNotify(token: string, settings: { emailNotify: boolean; smsNotify: boolean }) {
    const player = await playerForSession(token);
    await db.update(players).set(settings).where(eq(players.id, player.id));
    return settings;
  }

  /** The marketing notification day of a player: only the session's own player may ask. */
  async function getMarketingNotification(token: string, userId: string) {
    const player = await playerForSession(token);
    if (player.id !== userId) throw fail('FORBIDDEN');
    return { day: player.marketingNotificationDay };
  }

  async function setMarketingNotification(token: string, userId: string, day: string) {
    const player = await playerForSession(token);
    if (player.id !== userId) throw fail('FORBIDDEN');
    await db.update(players).set({ marketingNotificationDay: day }).where(eq(players.id, player.id));
    return { day };
  }

  async function updateDepositor(token: string) {
    const player = await playerForSession(token);
    await markDepositor(player.id);
    return { playerType: 'Depositor' };
  }

  /**
   * The first successful deposit (spec §7 setProperties firstdeposit, updateDepositor): the
   * player becomes a Depositor with firstdeposit True. Runs in the deposit's own transaction when
   * given one; answers true only the first time.
   */
  async function markDepositor(playerId: string, runner: Pick<Db, 'update'> = db): Promise<boolean> {
    const changed = await runner
      .update(players)
      .set({ playerType: 'Depositor', properties: sql`${players.properties} || '{"firstdeposit":"True"}'::jsonb` })
      .where(and(eq(players.id, playerId), sql`(${players.playerType} <> 'Depositor' or ${players.properties}->>'firstdeposit' is distinct from 'True')`))
      .returning({ id: players.id });
    return changed.length > 0;
  }

  /**
   * Whether the player chose "no bonus" at registration (the welcome bonus declined, step three);
   * the bonus context refuses them the welcome offer. Read in the caller's transaction when given.
   */
  async function declinedWelcomeBonus(playerId: string, runner: Pick<Db, 'select'> = db): Promise<boolean> {
    const [row] = await runner.select({ properties: players.properties }).from(players).where(eq(players.id, playerId)).limit(1);
    return row?.properties.welcomebonus === 'False';
  }

  async function updatePlayerType(token: string, playerType: 'Depositor' | 'Non-Depositor') {
    const player = await playerForSession(token);
    await db.update(players).set({ playerType }).where(eq(players.id, player.id));
    return { playerType };
  }

  /** Unsubscribe links carry the player's unsubscribe guid only. Unknown guids change nothing. */
  async function unsubscribe(guid: string, channel: 'email' | 'sms' | 'brand') {
    const set = channel === 'email' ? { emailNotify: false } : channel === 'sms' ? { smsNotify: false } : { emailNotify: false, smsNotify: false, brandUnsubscribed: true };
    const [row] = await db.update(players).set(set).where(eq(players.unsubscribeGuid, guid)).returning({ id: players.id });
    if (!row) throw fail('UNSUBSCRIBE_UNKNOWN');
    await log({ playerId: row.id, kind: `unsubscribe_${channel}` });
    return true;
  }

  async function logSessionExpiry(input: { userId: string; fromRoute: string; datetime: string }) {
    const [player] = await db.select({ id: players.id }).from(players).where(eq(players.id, input.userId)).limit(1);
    return log({ playerId: player?.id ?? null, kind: 'session_expired', fromRoute: input.fromRoute, details: { clientTime: input.datetime } });
  }

  return {
    startAuthorization,
    finishAuthorization,
    startContactChange,
    registrationState,
    submitDetails,
    completeRegistration,
    validateSession,
    playerForSession,
    cprForPlayer,
    logout,
    profile,
    setProperties,
    getProperty,
    setNotify,
    getMarketingNotification,
    setMarketingNotification,
    updateDepositor,
    markDepositor,
    declinedWelcomeBonus,
    updatePlayerType,
    unsubscribe,
    logSessionExpiry,
  };
}

export type PlayersService = ReturnType<typeof createPlayersService>;
