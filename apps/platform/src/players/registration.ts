import { isOldEnough, type MobileCountryCode, parseCpr } from '@krone/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { LimitPeriod, LimitsService } from '../limits/service.js';
import { AppError, fail } from '../shared/errors.js';
import type { AuthTransaction } from './authorization.js';
import { mapUniqueViolation, type PlayerCommon } from './common.js';
import type { IdentityBrokers, Provider, VerifiedIdentity } from './identity.js';
import { type Player, playerLogs, players, registrations } from './schema.js';
import type { Secrets } from './secrets.js';
import { hashToken, newToken, TOKEN_PATTERN } from './secrets.js';

export interface RegistrationDetails {
  cpr: string;
  firstName: string;
  lastName: string;
  email: string;
  mobileCc: MobileCountryCode;
  mobileNo: string;
}

export interface RegistrationCompletion {
  acceptTerms: true;
  bonus: boolean;
  depositLimit?: { period: LimitPeriod; amountOre: number };
  /** The affiliate partner's code the storefront kept from a `?btag=` link (domain/affiliates.ts). */
  bTag?: string;
}

export interface RegistrationDeps {
  db: Db;
  config: Pick<Config, 'REGISTRATION_MINUTES'>;
  clock: () => Date;
  brokers: IdentityBrokers;
  secrets: Secrets;
  limits: Pick<LimitsService, 'setInitialDepositLimit'>;
  common: PlayerCommon;
}

const REGISTRATION_EXPIRED = () => fail('REGISTRATION_EXPIRED');

/** The three steps of a registration: MitID, the person's details, the terms (and the first limit). */
export function createRegistration({ db, config, clock, brokers, secrets, limits, common }: RegistrationDeps) {
  /**
   * Step one, when the broker sent a person back from a MitID round trip of purpose `register`:
   * a registration under way, for a MitID user without an account (`existing`: the account found
   * for the identity, if any).
   */
  async function startRegistration(
    provider: Provider,
    identity: VerifiedIdentity,
    transaction: AuthTransaction,
    existing: Player | undefined,
  ) {
    if (provider !== 'mitid') throw fail('MITID_REQUIRED');
    if (existing) throw fail('CPR_ALREADY_LINKED');
    return { outcome: 'registration' as const, ...(await openForIdentity(identity)), redirectTo: transaction.redirectTo };
  }

  /**
   * A MitID login with no account behind the MitID (spec §8): the same registration under way, so
   * that the CPR check can find the person's account by CPR, or registration go on from it without
   * a second MitID round trip.
   */
  async function startCprCheck(identity: VerifiedIdentity, transaction: AuthTransaction) {
    return { outcome: 'cpr-check' as const, ...(await openForIdentity(identity)), redirectTo: transaction.redirectTo };
  }

  async function openForIdentity(identity: VerifiedIdentity) {
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
    return { registrationId, expiresAt };
  }

  async function openRegistration(registrationId: string) {
    if (!TOKEN_PATTERN.test(registrationId)) throw REGISTRATION_EXPIRED();
    const [row] = await db
      .select()
      .from(registrations)
      .where(eq(registrations.idHash, hashToken(registrationId)))
      .limit(1);
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
        ? {
            firstName: row.details.firstName,
            lastName: row.details.lastName,
            email: row.details.email,
            mobileCc: row.details.mobileCc,
            mobileNo: row.details.mobileNo,
          }
        : { firstName: row.claims.givenName, lastName: row.claims.familyName },
    };
  }

  /** The CPR typed is a real one and MitID confirms it is the person's (the limited tries are MitID's). */
  async function confirmCpr(row: typeof registrations.$inferSelect, cpr: string) {
    const parsed = parseCpr(cpr);
    if (!parsed.ok) throw fail('INVALID_INPUT', { fields: { cpr: parsed.error } });
    const match = await brokers.matchCpr(secrets.decrypt(row.accessTokenEncrypted), parsed.cpr).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'CPR_TOO_MANY_TRIES') {
        throw fail('CPR_NOT_VALIDATED', { fields: { cpr: 'authentication.cpr_not_validated' } });
      }
      throw error;
    });
    if (!match.match) {
      throw fail('CPR_MISMATCH', { fields: { cpr: 'authentication.cpr_mitid_mismatch' }, remainingAttempts: match.remainingAttempts });
    }
    return parsed;
  }

  /**
   * The CPR check of a MitID login with no account (`verifycpr_loginnoacc`): the CPR, confirmed by
   * MitID as the person's, finds their account, which is then linked to this MitID (a person's
   * MitID can change: a new MitID, or one first used after NemID); the registration is closed and
   * the caller logs the player in. No account for the CPR: NO_ACTIVE_ACCOUNT, and the registration
   * stays open for the offer to create one.
   */
  async function checkCpr(registrationId: string, cpr: string): Promise<Player> {
    const row = await openRegistration(registrationId);
    const parsed = await confirmCpr(row, cpr);
    const [player] = await db
      .select()
      .from(players)
      .where(eq(players.cprHash, secrets.hashCpr(parsed.cpr)))
      .limit(1);
    if (!player) throw fail('NO_ACTIVE_ACCOUNT');
    const now = clock();
    return db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(registrations)
        .set({ completedAt: now, playerId: player.id })
        .where(and(eq(registrations.idHash, row.idHash), isNull(registrations.completedAt)))
        .returning({ idHash: registrations.idHash });
      if (!claimed) throw REGISTRATION_EXPIRED();
      if (player.mitidUuid === row.mitidUuid) return player;
      const [linked] = await tx.update(players).set({ mitidUuid: row.mitidUuid }).where(eq(players.id, player.id)).returning();
      await tx.insert(playerLogs).values({ playerId: player.id, kind: 'mitid_relinked', method: 'mitid', at: now });
      return linked!;
    });
  }

  /**
   * Step two: the CPR the person typed and their contact details. The CPR must be a real date of
   * birth, the person old enough, confirmed by MitID as theirs, not yet registered, and not in
   * ROFUS; the e-mail not yet used.
   */
  async function submitDetails(registrationId: string, details: RegistrationDetails) {
    const row = await openRegistration(registrationId);
    const typed = parseCpr(details.cpr);
    if (!typed.ok) throw fail('INVALID_INPUT', { fields: { cpr: typed.error } });
    const mobileNo = await common.checkMobile(details.mobileCc, details.mobileNo);
    if (!isOldEnough(typed.birthDate, await common.minAge(), clock())) {
      throw fail('UNDER_MIN_AGE', { fields: { cpr: 'authentication.under_min_age' } });
    }
    const parsed = await confirmCpr(row, details.cpr);
    const cprHash = secrets.hashCpr(parsed.cpr);
    const [registered] = await db.select({ id: players.id }).from(players).where(eq(players.cprHash, cprHash)).limit(1);
    if (registered) throw fail('NATIONAL_ID_REGISTERED');
    await common.checkRofus(parsed.cpr, { cprHash, playerId: null, occasion: 'registration' });
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
            bTag: input.bTag ?? null,
            registeredAt: now,
          })
          .returning();
        if (input.depositLimit)
          await limits.setInitialDepositLimit(tx as Db, created!.id, input.depositLimit.period, input.depositLimit.amountOre);
        await tx.update(registrations).set({ playerId: created!.id }).where(eq(registrations.idHash, row.idHash));
        await tx.insert(playerLogs).values({ playerId: created!.id, kind: 'register', method: 'mitid', at: now });
        return created!;
      });
    } catch (error) {
      throw mapUniqueViolation(error) ?? error;
    }
    const { session, loginLogId } = await common.openSession(player, 'registration');
    return { sessionToken: session.token, expiresAt: session.expiresAt, playerId: player.id, loginLogId };
  }

  return { startRegistration, startCprCheck, checkCpr, registrationState, submitDetails, completeRegistration };
}

export type Registration = ReturnType<typeof createRegistration>;
