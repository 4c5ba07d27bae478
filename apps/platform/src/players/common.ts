import { mobileDigitsFor, readMobilePaySettings, type MobilePaySettings } from '@krone/domain';
import { eq } from 'drizzle-orm';
import type { ContentService } from '../content/service.js';
import type { Db } from '../db/client.js';
import { constraintText, pgErrorIn, UNIQUE_VIOLATION } from '../shared/db.js';
import { type AppError, fail } from '../shared/errors.js';
import type { Provider } from './identity.js';
import type { Rofus, RofusAnswer } from './rofus.js';
import { type Player, playerLogs, players, rofusChecks } from './schema.js';
import type { SessionStore } from './sessions.js';

/** One line of the player log (login, logout, registration, unsubscribe, session expiry…). */
export interface PlayerLogEntry {
  playerId: string | null;
  kind: string;
  method?: string;
  fromRoute?: string;
  details?: Record<string, unknown>;
}

/** Postgres unique violations of the players table, by constraint, to the spec's errors. */
export function mapUniqueViolation(error: unknown): AppError | null {
  const violation = pgErrorIn(
    error,
    (candidate) =>
      (candidate.code === UNIQUE_VIOLATION || /duplicate key/.test(candidate.message ?? '')) &&
      /players_(email|cpr_hash|mitid_uuid)_key/.test(constraintText(candidate)),
  );
  const name = violation ? constraintText(violation) : '';
  if (name.includes('players_email_key')) return fail('EMAIL_TAKEN', { fields: { email: 'authentication.email_registered' } });
  if (name.includes('players_cpr_hash_key')) return fail('NATIONAL_ID_REGISTERED');
  if (name.includes('players_mitid_uuid_key')) return fail('CPR_ALREADY_LINKED');
  return null;
}

/** A locked user or game account may not log in, nor confirm a change with MitID. */
export function assertCanLogIn(player: Player) {
  if (player.status === 'locked') throw fail('USER_LOCKED');
  if (player.status === 'game_locked') throw fail('GAME_ACCOUNT_LOCKED');
}

export interface PlayerCommonDeps {
  db: Db;
  clock: () => Date;
  rofus: Rofus;
  sessions: SessionStore;
  content: Pick<ContentService, 'getPublicSystemConfig'>;
}

/** What login, registration, contact change and marketing share: the operator's settings, ROFUS, the log, a new session. */
export function createPlayerCommon({ db, clock, rofus, sessions, content }: PlayerCommonDeps) {
  async function minAge(): Promise<number> {
    try {
      const row = await content.getPublicSystemConfig('minAge');
      const value = Number(row.value);
      return Number.isInteger(value) && value >= 18 ? value : 21;
    } catch {
      return 21;
    }
  }

  /**
   * Whether a MitID login with no account goes to the CPR check (spec §5 `verifycpr_loginnoacc`,
   * spec §8 "no active account for the CPR (offer to create one)"): on while the operator's content
   * has that config, so removing it brings back the plain refusal.
   */
  async function cprCheckOnLogin(): Promise<boolean> {
    try {
      const row = await content.getPublicSystemConfig('verifycpr_loginnoacc');
      return row.value !== null && typeof row.value === 'object';
    } catch {
      return false;
    }
  }

  /** The operator's settingMobilePay (spec §5), with its defaults when it cannot be read. */
  async function mobilePaySettings(): Promise<MobilePaySettings> {
    try {
      return readMobilePaySettings((await content.getPublicSystemConfig('settingMobilePay')).value);
    } catch {
      return readMobilePaySettings(undefined);
    }
  }

  /** A MobilePay login while the operator has it switched off: refused. */
  async function assertMobilePayLogin(provider: string, purpose: string) {
    if (provider === 'mobilepay' && purpose === 'login' && !(await mobilePaySettings()).loginEnabled)
      throw fail('MOBILEPAY_LOGIN_DISABLED');
  }

  /** The mobile number has the digits its country code needs (mobileProviders config, spec §5). */
  async function checkMobile(mobileCc: string, mobileNo: string) {
    let digits = mobileDigitsFor(mobileCc);
    try {
      const row = await content.getPublicSystemConfig('mobileProviders');
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

  async function log(entry: PlayerLogEntry) {
    const [row] = await db
      .insert(playerLogs)
      .values({
        playerId: entry.playerId,
        kind: entry.kind,
        method: entry.method,
        fromRoute: entry.fromRoute,
        details: entry.details,
        at: clock(),
      })
      .returning({ id: playerLogs.id });
    return row!.id;
  }

  /**
   * Asks ROFUS about the person and keeps the check (rofus_checks: the operator's evidence that it
   * was made, shown on the back office's player page), whatever the answer, also when ROFUS did
   * not answer (then nobody gets in).
   */
  async function checkRofus(cpr: string, record: { cprHash: string; playerId: string | null; occasion: 'registration' | 'login' }) {
    let answer: RofusAnswer;
    try {
      answer = await rofus.check(cpr);
    } catch (error) {
      await keepRofusCheck(record, 'unavailable', null);
      throw error;
    }
    const outcome = !answer.excluded ? 'clear' : answer.permanent ? 'excluded_permanently' : 'excluded';
    await keepRofusCheck(record, outcome, answer.excluded ? answer.until : null);
    if (answer.excluded) throw fail('ROFUS_EXCLUDED');
  }

  async function keepRofusCheck(
    record: { cprHash: string; playerId: string | null; occasion: string },
    outcome: string,
    excludedUntil: string | null,
  ) {
    await db.insert(rofusChecks).values({ ...record, outcome, excludedUntil, checkedAt: clock() });
  }

  async function openSession(player: Player, method: Provider | 'registration') {
    const session = await sessions.create(player.id, method);
    const now = clock();
    await db.update(players).set({ previousLoginAt: player.lastLoginAt, lastLoginAt: now }).where(eq(players.id, player.id));
    const loginLogId = await log({ playerId: player.id, kind: 'login', method });
    return { session, loginLogId };
  }

  return { minAge, cprCheckOnLogin, mobilePaySettings, assertMobilePayLogin, checkMobile, log, checkRofus, openSession };
}

export type PlayerCommon = ReturnType<typeof createPlayerCommon>;
