import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../src/app.js';
import { systemConfigs } from '../src/content/schema.js';
import { depositLimits } from '../src/limits/schema.js';
import type { IdentityBrokers, Provider, VerifiedIdentity } from '../src/players/identity.js';
import type { Rofus } from '../src/players/rofus.js';
import { playerLogs, players, rofusChecks, sessions } from '../src/players/schema.js';
import { AppError } from '../src/shared/errors.js';
import { startTestPlatform, type TestPlatform } from './harness.js';

/**
 * Stand-in brokers in process: the authorization "code" names the identity that logs in, as a
 * person picking a test identity at the broker would. The HTTP flow against the real OIDC
 * stand-ins is tested in players-oidc.test.ts.
 */
interface Person {
  uuid: string;
  cpr: string;
  givenName: string;
  familyName: string;
  birthDate: string;
  loa?: VerifiedIdentity['loa'];
  phone?: string;
  /** MobilePay vouches for the phone number (phone_number_verified); true unless said otherwise. */
  phoneVerified?: boolean;
}

const people: Record<string, Person> = {};
let personCount = 0;
function person(birthDate = '1990-05-17', overrides: Partial<Person> = {}): Person {
  personCount++;
  const [y, m, d] = birthDate.split('-');
  const centuryDigit = Number(y) >= 2000 ? '4' : '1';
  const serial = String(personCount).padStart(3, '0');
  const p: Person = {
    uuid: `mitid-${personCount}-${Math.random().toString(36).slice(2, 8)}`,
    cpr: `${d}${m}${y!.slice(2)}${centuryDigit}${serial}`,
    givenName: 'Test',
    familyName: `Person${personCount}`,
    birthDate,
    loa: 'substantial',
    ...overrides,
  };
  people[p.uuid] = p;
  return p;
}

const excluded = new Set<string>();
const brokers: IdentityBrokers = {
  async authorize(provider) {
    return { url: `https://broker.test/${provider}/authorize`, state: 'state-1', nonce: 'nonce-1', codeVerifier: 'verifier-1' };
  },
  async complete(provider: Provider, params) {
    if (params.error) throw new AppError('MITID_TECHNICAL_ERROR', 502, 'authentication.mitid_technical');
    const p = people[params.code ?? ''];
    if (!p) throw new AppError('LOGIN_EXPIRED', 400, 'authentication.state_mismatch');
    return {
      provider,
      subject: provider === 'mitid' ? p.uuid : `mp-${p.uuid}`,
      givenName: p.givenName,
      familyName: p.familyName,
      name: `${p.givenName} ${p.familyName}`,
      birthDate: p.birthDate,
      phoneNumber: p.phone ?? null,
      phoneNumberVerified: p.phoneVerified ?? true,
      loa: provider === 'mitid' ? (p.loa ?? null) : null,
      accessToken: `access-${p.uuid}`,
    };
  },
  async matchCpr(accessToken, cpr) {
    const p = people[accessToken.replace(/^access-/, '')];
    return { match: p?.cpr === cpr, remainingAttempts: 2 };
  },
};
const rofus: Rofus = { check: async (cpr) => ({ excluded: excluded.has(cpr), until: null, permanent: false }) };

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform({}, { brokers, rofus });
});
afterAll(() => platform.close());

async function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  const response = await platform.app.inject({ method, url, payload: payload as never });
  return {
    status: response.statusCode,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of many shapes, checked field by field
    body: response.json() as { result: 0 | 1; data?: any; code?: string; message?: string; fields?: Record<string, string> },
  };
}

async function authorize(provider: Provider, purpose: 'login' | 'register', who: Person, redirectTo?: string) {
  const start = await call('POST', '/Players/auth/start', { provider, purpose, redirectTo });
  expect(start.status).toBe(200);
  return call('POST', '/Players/auth/callback', {
    provider,
    transactionId: start.body.data.transactionId,
    params: { code: who.uuid, state: 'state-1' },
  });
}

const details = (who: Person, overrides: Record<string, unknown> = {}) => ({
  cpr: who.cpr,
  firstName: who.givenName,
  lastName: who.familyName,
  email: `${who.uuid}@example.dk`,
  mobileCc: '+45',
  mobileNo: '20304050',
  ...overrides,
});

async function register(who: Person, overrides: Record<string, unknown> = {}) {
  const callback = await authorize('mitid', 'register', who);
  expect(callback.body.data.outcome).toBe('registration');
  const id = callback.body.data.registrationId as string;
  const step2 = await call('POST', `/Players/registrations/${id}/details`, details(who, overrides));
  expect(step2.status, JSON.stringify(step2.body)).toBe(200);
  const done = await call('POST', `/Players/registrations/${id}/complete`, { acceptTerms: true, bonus: true });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return done.body.data as { sessionToken: string; playerId: string };
}

describe('registration with MitID', () => {
  it('creates the account in three steps and logs the player in, keeping the CPR out of every answer', async () => {
    const who = person();
    const callback = await authorize('mitid', 'register', who, '/min-konto/profil');
    expect(callback.status).toBe(200);
    expect(callback.body.data).toMatchObject({ outcome: 'registration', redirectTo: '/min-konto/profil' });
    const id = callback.body.data.registrationId;

    const state = await call('GET', `/Players/registrations/${id}`);
    expect(state.body.data).toMatchObject({ step: 'details', prefill: { firstName: who.givenName, lastName: who.familyName } });

    const step2 = await call('POST', `/Players/registrations/${id}/details`, details(who, { email: '  Mixed.Case@Example.DK ' }));
    expect(step2.body.data.step).toBe('terms');

    const done = await call('POST', `/Players/registrations/${id}/complete`, { acceptTerms: true, bonus: true });
    expect(done.status).toBe(200);
    const { sessionToken, playerId } = done.body.data;

    expect((await call('GET', `/GATMaven/users/${sessionToken}/validateExpire`)).body).toEqual({ result: 1, data: true });
    const profile = await call('GET', `/GATMaven/users/${sessionToken}/profile`);
    expect(profile.body.data.userInfo).toMatchObject({
      userId: playerId,
      firstName: who.givenName,
      email: 'mixed.case@example.dk',
      birthday: who.birthDate,
      mobileCC: '+45',
    });
    expect(profile.body.data.playerType).toBe('Non-Depositor');
    expect(JSON.stringify(profile.body)).not.toContain(who.cpr);

    const [row] = await platform.database.db.select().from(players).where(eq(players.id, playerId));
    expect(row!.cprHash).not.toContain(who.cpr);
    expect(row!.cprEncrypted).not.toContain(who.cpr);
    // The session id is stored only hashed.
    const stored = await platform.database.db.select().from(sessions).where(eq(sessions.playerId, playerId));
    expect(stored.map((s) => s.tokenHash)).not.toContain(sessionToken);

    // The registration cannot be finished twice.
    expect((await call('POST', `/Players/registrations/${id}/complete`, { acceptTerms: true, bonus: true })).body.code).toBe(
      'REGISTRATION_EXPIRED',
    );
  });

  it('refuses a callback that is replayed', async () => {
    const who = person();
    const start = await call('POST', '/Players/auth/start', { provider: 'mitid', purpose: 'register' });
    const body = { provider: 'mitid', transactionId: start.body.data.transactionId, params: { code: who.uuid } };
    expect((await call('POST', '/Players/auth/callback', body)).status).toBe(200);
    const again = await call('POST', '/Players/auth/callback', body);
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('LOGIN_EXPIRED');
  });

  it('checks the CPR: format, age, that MitID confirms it, ROFUS and one account per person', async () => {
    const cases: [Person, Record<string, unknown>, string, number][] = [
      [person(), { cpr: '12345' }, 'INVALID_INPUT', 400],
      [person(), { cpr: '3102901234' }, 'INVALID_INPUT', 400],
      [person('2007-01-01'), {}, 'UNDER_MIN_AGE', 403],
      [person(), { cpr: '0101801234' }, 'CPR_MISMATCH', 400],
    ];
    for (const [who, overrides, code, status] of cases) {
      const callback = await authorize('mitid', 'register', who);
      const answer = await call('POST', `/Players/registrations/${callback.body.data.registrationId}/details`, details(who, overrides));
      expect(answer.body.code, code).toBe(code);
      expect(answer.status, code).toBe(status);
      expect(answer.body.message).toMatch(/\S/);
    }
    const banned = person();
    excluded.add(banned.cpr);
    const callback = await authorize('mitid', 'register', banned);
    const answer = await call('POST', `/Players/registrations/${callback.body.data.registrationId}/details`, details(banned));
    expect(answer.body.code).toBe('ROFUS_EXCLUDED');
    expect(await platform.database.db.select().from(players).where(eq(players.mitidUuid, banned.uuid))).toHaveLength(0);
  });

  it('keeps the field errors beside their fields', async () => {
    const who = person();
    const callback = await authorize('mitid', 'register', who);
    const answer = await call('POST', `/Players/registrations/${callback.body.data.registrationId}/details`, details(who, { cpr: '12' }));
    expect(answer.body.fields?.cpr).toMatch(/^validation\./);
  });

  it('turns away a second account for the same e-mail, and lets exactly one of two racing registrations win', async () => {
    const first = person();
    await register(first, { email: 'taken@example.dk' });
    const second = person();
    const callback = await authorize('mitid', 'register', second);
    const answer = await call(
      'POST',
      `/Players/registrations/${callback.body.data.registrationId}/details`,
      details(second, { email: 'TAKEN@example.dk' }),
    );
    expect(answer.body).toMatchObject({ code: 'EMAIL_TAKEN', fields: { email: 'authentication.email_registered' } });

    // Two people pass step two with the same new e-mail; both finish at once.
    const a = person();
    const b = person();
    const ids: string[] = [];
    for (const who of [a, b]) {
      const cb = await authorize('mitid', 'register', who);
      ids.push(cb.body.data.registrationId);
      expect(
        (await call('POST', `/Players/registrations/${cb.body.data.registrationId}/details`, details(who, { email: 'race@example.dk' })))
          .status,
      ).toBe(200);
    }
    const results = await Promise.all(
      ids.map((id) => call('POST', `/Players/registrations/${id}/complete`, { acceptTerms: true, bonus: true })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.code).toBe('EMAIL_TAKEN');
    expect(await platform.database.db.select().from(players).where(eq(players.email, 'race@example.dk'))).toHaveLength(1);
  });

  it('asks for a deposit limit when the bonus is declined, and stores it', async () => {
    const who = person();
    const callback = await authorize('mitid', 'register', who);
    const id = callback.body.data.registrationId;
    await call('POST', `/Players/registrations/${id}/details`, details(who));
    const without = await call('POST', `/Players/registrations/${id}/complete`, { acceptTerms: true, bonus: false });
    expect(without.status).toBe(400);
    expect(without.body.fields?.depositLimit).toBe('validation.limit_required');
    const noTerms = await call('POST', `/Players/registrations/${id}/complete`, { acceptTerms: false, bonus: true });
    expect(noTerms.status).toBe(400);
    const done = await call('POST', `/Players/registrations/${id}/complete`, {
      acceptTerms: true,
      bonus: false,
      depositLimit: { period: 'week', amountOre: 200_000 },
    });
    expect(done.status).toBe(200);
    const limits = await platform.database.db.select().from(depositLimits).where(eq(depositLimits.playerId, done.body.data.playerId));
    expect(limits).toMatchObject([{ period: 'week', amountOre: 200_000 }]);
  });

  it('stores the partner code (btag) the storefront kept, shows it in the profile data, and refuses one that is not a code', async () => {
    const who = person();
    const callback = await authorize('mitid', 'register', who);
    const id = callback.body.data.registrationId;
    await call('POST', `/Players/registrations/${id}/details`, details(who));
    const bad = await call('POST', `/Players/registrations/${id}/complete`, { acceptTerms: true, bonus: true, bTag: 'a b<c>' });
    expect(bad.status).toBe(400);
    const done = await call('POST', `/Players/registrations/${id}/complete`, { acceptTerms: true, bonus: true, bTag: 'partner_42' });
    expect(done.status).toBe(200);
    const profile = await call('GET', `/GATMaven/users/${done.body.data.sessionToken}/profile`);
    expect(profile.body.data.userInfo.bTag).toBe('partner_42');
    // Without one, the profile's bTag is empty.
    const plain = await register(person());
    expect((await call('GET', `/GATMaven/users/${plain.sessionToken}/profile`)).body.data.userInfo.bTag).toBe('');
  });

  it('offers login when the MitID already has an account, and expires a slow registration', async () => {
    const who = person();
    await register(who);
    expect((await authorize('mitid', 'register', who)).body.code).toBe('CPR_ALREADY_LINKED');

    const slow = person();
    const callback = await authorize('mitid', 'register', slow);
    platform.setNow(new Date(Date.now() + 31 * 60_000));
    const late = await call('POST', `/Players/registrations/${callback.body.data.registrationId}/details`, details(slow));
    platform.setNow(undefined);
    expect(late.status).toBe(410);
    expect(late.body.code).toBe('REGISTRATION_EXPIRED');
  });
});

describe('login and sessions', () => {
  it('logs a registered player in with a new session each time and remembers the previous login', async () => {
    const who = person();
    const first = await register(who);
    const login = await authorize('mitid', 'login', who, '/min-konto/profil');
    expect(login.body.data).toMatchObject({ outcome: 'session', playerId: first.playerId, redirectTo: '/min-konto/profil' });
    expect(login.body.data.sessionToken).not.toBe(first.sessionToken);
    const profile = await call('GET', `/GATMaven/users/${login.body.data.sessionToken}/profile`);
    expect(profile.body.data.userInfo.previousLogin).not.toBeNull();
  });

  it('never sends a player to another site after login', async () => {
    const who = person();
    await register(who);
    for (const redirectTo of ['https://evil.example/', '//evil.example/x', '/\\evil.example']) {
      expect((await authorize('mitid', 'login', who, redirectTo)).body.data.redirectTo).toBeNull();
    }
  });

  it('refuses unknown, locked, low-assurance and ROFUS-excluded people, with no session', async () => {
    expect((await authorize('mitid', 'login', person())).body.data.outcome).toBe('cpr-check');
    expect((await authorize('mobilepay', 'login', person())).body.code).toBe('MOBILEPAY_NO_ACCOUNT');
    expect((await authorize('mitid', 'login', person('1990-01-01', { loa: 'low' }))).body.code).toBe('MITID_ASSURANCE_TOO_LOW');

    const locked = person();
    const { playerId } = await register(locked);
    await platform.database.db.update(players).set({ status: 'locked' }).where(eq(players.id, playerId));
    expect((await authorize('mitid', 'login', locked)).body.code).toBe('USER_LOCKED');
    await platform.database.db.update(players).set({ status: 'game_locked' }).where(eq(players.id, playerId));
    expect((await authorize('mitid', 'login', locked)).body.code).toBe('GAME_ACCOUNT_LOCKED');

    const banned = person();
    const registered = await register(banned);
    excluded.add(banned.cpr);
    const answer = await authorize('mitid', 'login', banned);
    expect(answer.body.code).toBe('ROFUS_EXCLUDED');
    expect(answer.status).toBe(403);
    const open = await platform.database.db.select().from(sessions).where(eq(sessions.playerId, registered.playerId));
    expect(open).toHaveLength(1); // only the one from registration
    // Each check is kept, with the register's answer: the operator's evidence (the back office's player page).
    const [account] = await platform.database.db.select().from(players).where(eq(players.id, registered.playerId));
    const checks = await platform.database.db
      .select()
      .from(rofusChecks)
      .where(eq(rofusChecks.cprHash, account!.cprHash))
      .orderBy(asc(rofusChecks.checkedAt));
    expect(checks.map((check) => [check.occasion, check.outcome, check.playerId])).toEqual([
      ['registration', 'clear', null],
      ['login', 'excluded', registered.playerId],
    ]);
  });

  it('checks the CPR after a MitID login with no account: the account found is linked to the new MitID and logged in; none offers registration', async () => {
    // A player whose MitID changed (a new MitID): the old one is linked to the account.
    const before = person('1979-08-08');
    const { playerId } = await register(before);
    const renewed = { ...person('1979-08-08'), cpr: before.cpr };
    people[renewed.uuid] = renewed;
    const callback = await authorize('mitid', 'login', renewed, '/spil/slots');
    expect(callback.status).toBe(200);
    expect(callback.body.data).toMatchObject({ outcome: 'cpr-check', redirectTo: '/spil/slots' });
    const checkId = callback.body.data.registrationId as string;
    const check = (cpr: string) => call('POST', `/Players/registrations/${checkId}/cpr-check`, { cpr });

    // A CPR MitID does not confirm, or not a CPR at all: refused, nothing linked.
    expect((await check('0101901234')).body).toMatchObject({ code: 'CPR_MISMATCH', fields: { cpr: 'authentication.cpr_mitid_mismatch' } });
    expect((await check('12345')).status).toBe(400);
    const [unlinked] = await platform.database.db.select().from(players).where(eq(players.id, playerId));
    expect(unlinked!.mitidUuid).toBe(before.uuid);

    const loggedIn = await check(renewed.cpr);
    expect(loggedIn.status, JSON.stringify(loggedIn.body)).toBe(200);
    expect(loggedIn.body.data).toMatchObject({ outcome: 'session', playerId });
    expect(JSON.stringify(loggedIn.body)).not.toContain(renewed.cpr);
    const [linked] = await platform.database.db.select().from(players).where(eq(players.id, playerId));
    expect(linked!.mitidUuid).toBe(renewed.uuid);
    const logs = await platform.database.db.select().from(playerLogs).where(eq(playerLogs.playerId, playerId));
    expect(logs.map((log) => log.kind)).toContain('mitid_relinked');
    // The check is used up, and the next MitID login goes straight in.
    expect((await check(renewed.cpr)).body.code).toBe('REGISTRATION_EXPIRED');
    expect((await authorize('mitid', 'login', renewed)).body.data.outcome).toBe('session');

    // No account for the CPR: NO_ACTIVE_ACCOUNT, and the same registration goes on to an account.
    const newcomer = person('1988-02-02');
    const second = await authorize('mitid', 'login', newcomer);
    const registrationId = second.body.data.registrationId as string;
    const none = await call('POST', `/Players/registrations/${registrationId}/cpr-check`, { cpr: newcomer.cpr });
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({
      code: 'NO_ACTIVE_ACCOUNT',
      message: 'Vi kan ikke finde en aktiv konto til dit CPR-nummer. Vil du oprette en?',
    });
    expect((await call('GET', `/Players/registrations/${registrationId}`)).body.data.step).toBe('details');
    expect((await call('POST', `/Players/registrations/${registrationId}/details`, details(newcomer))).status).toBe(200);

    // A locked account stays locked, however it is reached.
    const lockedBefore = person('1970-03-03');
    const locked = await register(lockedBefore);
    await platform.database.db.update(players).set({ status: 'locked' }).where(eq(players.id, locked.playerId));
    const lockedRenewed = { ...person('1970-03-03'), cpr: lockedBefore.cpr };
    people[lockedRenewed.uuid] = lockedRenewed;
    const third = await authorize('mitid', 'login', lockedRenewed);
    const refused = await call('POST', `/Players/registrations/${third.body.data.registrationId}/cpr-check`, { cpr: lockedRenewed.cpr });
    expect(refused.body.code).toBe('USER_LOCKED');

    // Without the operator's verifycpr_loginnoacc config, the plain refusal of before.
    const db = platform.database.db;
    const [config] = await db.select().from(systemConfigs).where(eq(systemConfigs.name, 'verifycpr_loginnoacc'));
    await db.delete(systemConfigs).where(eq(systemConfigs.name, 'verifycpr_loginnoacc'));
    try {
      expect((await authorize('mitid', 'login', person())).body.code).toBe('NO_ACTIVE_ACCOUNT');
    } finally {
      await db.insert(systemConfigs).values(config!);
    }
  });

  it('links MobilePay to the account with the same mobile number and birth date', async () => {
    const who = person('1985-03-03', { phone: '+4561626364' });
    const { playerId } = await register(who, { mobileNo: '61 62 63 64' });
    const login = await authorize('mobilepay', 'login', who);
    expect(login.body.data).toMatchObject({ outcome: 'session', playerId });
  });

  it('ends a session after the idle time, after the absolute time, and at logout', async () => {
    const who = person();
    const { sessionToken } = await register(who);
    const validate = async (token: string) => (await call('GET', `/GATMaven/users/${token}/validateExpire`)).status;
    const start = Date.now();
    platform.setNow(new Date(start + 29 * 60_000));
    expect(await validate(sessionToken)).toBe(200);
    platform.setNow(new Date(start + 29 * 60_000 + 30 * 60_000 + 1000));
    expect(await validate(sessionToken)).toBe(401);
    platform.setNow(undefined);

    const active = await authorize('mitid', 'login', who);
    const token = active.body.data.sessionToken;
    // Used every 25 minutes, it still ends 12 hours after it began.
    for (let minutes = 25; minutes < 12 * 60; minutes += 25) {
      platform.setNow(new Date(start + minutes * 60_000));
      expect(await validate(token)).toBe(200);
    }
    platform.setNow(new Date(start + 12 * 3_600_000 + 1000));
    expect(await validate(token)).toBe(401);
    platform.setNow(undefined);

    const third = (await authorize('mitid', 'login', who)).body.data.sessionToken;
    expect((await call('POST', `/Players/sessions/${third}/logout`)).body.data.ended).toBe(true);
    expect(await validate(third)).toBe(401);
    expect(await validate('not-a-token')).toBe(401);
  });
});

describe('the spec’s player calls', () => {
  it('stores properties, notification choices and the marketing day, for the session’s own player only', async () => {
    const { sessionToken, playerId } = await register(person());
    await call('POST', `/GATMaven/users/${sessionToken}/setProperties`, [{ property: 'acceptsmsoffer', value: 'True' }]);
    expect((await call('GET', `/GATMaven/users/${sessionToken}/getProperty?keyProperty=acceptsmsoffer`)).body.data).toBe('True');
    expect((await call('GET', `/GATMaven/users/${sessionToken}/getProperty?keyProperty=firstdeposit`)).body.data).toBe('False');

    await call('PUT', `/GATMaven/users/${sessionToken}/EmailNotify/update?EmailNotify=1&SMSNotify=0`);
    const profile = await call('GET', `/GATMaven/users/${sessionToken}/profile`);
    expect(profile.body.data.userInfo).toMatchObject({ emailNotify: 1, smsNotify: 0 });

    expect((await call('PUT', `/Player/MarketingNotification/${sessionToken}`, { userId: playerId, day: '2026-11-22' })).status).toBe(200);
    expect((await call('GET', `/Player/MarketingNotification/${sessionToken}/${playerId}`)).body.data.day).toBe('2026-11-22');
    const other = await register(person());
    expect((await call('GET', `/Player/MarketingNotification/${sessionToken}/${other.playerId}`)).status).toBe(403);
    expect((await call('PUT', `/Player/MarketingNotification/${sessionToken}`, { userId: other.playerId, day: '2026-11-22' })).status).toBe(
      403,
    );

    expect((await call('PUT', `/GATMaven/users/${sessionToken}/updateDepositor`)).body.data.playerType).toBe('Depositor');
    const after = await call('GET', `/GATMaven/users/${sessionToken}/profile`);
    expect(after.body.data).toMatchObject({ playerType: 'Depositor', properties: { firstdeposit: 'True' } });
    expect(
      (await call('PUT', `/CMScasino/UpdatePlayerTypeToDB/?sessionId=${sessionToken}&playerType=Non-Depositor`)).body.data.playerType,
    ).toBe('Non-Depositor');
    expect((await call('GET', `/GATMaven/users/nope/profile`)).status).toBe(401);
  });

  it('carries every userInfo field it has a source for, and lets the player complete the address', async () => {
    const who = person('1984-04-04');
    const { sessionToken, playerId } = await register(who);
    const before = (await call('GET', `/GATMaven/users/${sessionToken}/profile`)).body.data.userInfo;
    // The gender the CPR records (its last digit), the names and birthday from MitID, the phone; no address yet.
    expect(before).toMatchObject({
      firstName: who.givenName,
      lastName: who.familyName,
      birthday: '1984-04-04',
      gender: Number(who.cpr.slice(-1)) % 2 === 1 ? 'male' : 'female',
      phone: '+4520304050',
      address1: '',
      zip: '',
      city: '',
      region: '',
      country: 'DK',
      groupId: 'Non-Depositor',
      nationalId: 'masked',
    });
    expect(JSON.stringify(before)).not.toContain(who.cpr);

    // Wrong fields: refused beside each, nothing stored.
    const refused = await call('PUT', `/GATMaven/users/${sessionToken}/address`, { address1: 'Kronegade', zip: '99', city: '' });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({
      address1: 'validation.address_invalid',
      zip: 'validation.zip_invalid',
      city: 'validation.city_required',
    });
    const saved = await call('PUT', `/GATMaven/users/${sessionToken}/address`, {
      address1: ' Kronegade 12B, 2. th. ',
      zip: '1620',
      city: 'København V',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.userInfo).toMatchObject({
      address1: 'Kronegade 12B, 2. th.',
      address2: '',
      streetName: 'Kronegade',
      streetNumber: '12',
      streetLetter: 'B',
      zip: '1620',
      city: 'København V',
    });
    expect((await call('GET', `/GATMaven/users/${sessionToken}/profile`)).body.data.userInfo.city).toBe('København V');
    const logs = await platform.database.db.select().from(playerLogs).where(eq(playerLogs.playerId, playerId));
    expect(logs.map((log) => log.kind)).toContain('address_changed');
    expect((await call('PUT', `/GATMaven/users/nope/address`, { address1: 'Vej 1', zip: '8000', city: 'Aarhus C' })).status).toBe(401);
  });

  it('unsubscribes by the link guid only, and logs session expiries', async () => {
    const { sessionToken, playerId } = await register(person());
    await call('PUT', `/GATMaven/users/${sessionToken}/EmailNotify/update?EmailNotify=1&SMSNotify=1`);
    const [row] = await platform.database.db.select().from(players).where(eq(players.id, playerId));
    const guid = row!.unsubscribeGuid;
    expect((await call('POST', `/GATMaven/users/DisablePromotionalEmail?UserGuid=${guid}&IpAddress=127.0.0.1`)).status).toBe(200);
    expect((await call('PUT', `/SMSUnsubscribe/${guid}`)).status).toBe(200);
    const profile = await call('GET', `/GATMaven/users/${sessionToken}/profile`);
    expect(profile.body.data.userInfo).toMatchObject({ emailNotify: 0, smsNotify: 0 });
    expect((await call('PUT', '/SMSUnsubscribe/UnsubscribeBrand', { playerID: guid, brand: 'Krone Casino' })).status).toBe(200);
    // The player's own id is no unsubscribe link.
    expect((await call('PUT', `/SMSUnsubscribe/${playerId}`)).status).toBe(404);

    const logged = await call('POST', `/Logs/CreateSessionExpireLog/${sessionToken}`, {
      from_route: '/min-konto/profil',
      datetime: '2026-11-22T12:00:00Z',
    });
    expect(logged.status).toBe(200);
  });

  it('logs a session expiry for the session’s player, never for a player the body names', async () => {
    const { sessionToken, playerId } = await register(person());
    const other = await register(person());
    expect((await call('POST', `/Players/sessions/${sessionToken}/logout`)).status).toBe(200);
    // The session has ended: its token still names its player, and only that player.
    const logged = await call('POST', `/Logs/CreateSessionExpireLog/${sessionToken}`, {
      userId: other.playerId,
      playerId: other.playerId,
      from_route: '/min-konto/profil',
      datetime: '2026-11-22T12:00:00Z',
    });
    expect(logged.status).toBe(200);
    const [row] = await platform.database.db.select().from(playerLogs).where(eq(playerLogs.id, logged.body.data.id));
    expect(row).toMatchObject({ playerId, kind: 'session_expired', fromRoute: '/min-konto/profil' });

    // A token no session had logs nothing; a body naming a player does not stand in for it.
    const before = (await platform.database.db.select().from(playerLogs)).length;
    const unknown = await call('POST', `/Logs/CreateSessionExpireLog/${'b'.repeat(64)}`, {
      userId: playerId,
      from_route: '/',
      datetime: '2026-11-22T12:00:00Z',
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body.code).toBe('SESSION_INVALID');
    expect(await platform.database.db.select().from(playerLogs)).toHaveLength(before);
  });

  it('keeps session tokens out of the request log', () => {
    expect(redactUrl('/GATMaven/users/abc123/validateExpire')).toBe('/GATMaven/users/[session]/validateExpire');
    expect(redactUrl('/Player/MarketingNotification/abc/uid')).toBe('/Player/MarketingNotification/[session]/uid');
    expect(redactUrl('/CMScasino/UpdatePlayerTypeToDB/?sessionId=abc&playerType=Depositor')).toBe(
      '/CMScasino/UpdatePlayerTypeToDB/?sessionId=[session]&playerType=Depositor',
    );
    expect(redactUrl('/Players/registrations/xyz/details')).toBe('/Players/registrations/[registration]/details');
    expect(redactUrl('/Logs/CreateSessionExpireLog/abc123')).toBe('/Logs/CreateSessionExpireLog/[session]');
    expect(redactUrl('/Support/contact/abc123')).toBe('/Support/contact/[session]');
    expect(redactUrl('/Support/contact/challenge')).toBe('/Support/contact/challenge');
  });
});

describe('change of e-mail or mobile, confirmed with MitID', () => {
  async function startChange(sessionToken: string, body: Record<string, unknown>) {
    return call('POST', `/Players/users/${sessionToken}/contact-change`, { mobileCc: '+45', mobileNo: '20304050', ...body });
  }
  const confirm = (transactionId: string, who: Person) =>
    call('POST', '/Players/auth/callback', { provider: 'mitid', transactionId, params: { code: who.uuid, state: 'state-1' } });

  it('applies the change only after the account holder’s own MitID, once', async () => {
    const who = person();
    const other = person();
    await register(other);
    const { sessionToken } = await register(who);
    const start = await startChange(sessionToken, { email: `new-${who.uuid}@example.dk`, mobileNo: '40506070' });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    const profileOf = async () => (await call('GET', `/GATMaven/users/${sessionToken}/profile`)).body.data.userInfo;
    // Not yet: nothing changes before MitID.
    expect((await profileOf()).email).toBe(`${who.uuid}@example.dk`);

    // Another person's MitID does not confirm it, and the transaction is gone with the try.
    const wrong = await confirm(start.body.data.transactionId, other);
    expect(wrong).toMatchObject({ status: 403, body: { code: 'CONFIRMATION_MISMATCH' } });
    expect((await profileOf()).email).toBe(`${who.uuid}@example.dk`);
    expect((await confirm(start.body.data.transactionId, who)).body.code).toBe('LOGIN_EXPIRED');

    const again = await startChange(sessionToken, { email: `new-${who.uuid}@example.dk`, mobileNo: '40506070' });
    const done = await confirm(again.body.data.transactionId, who);
    expect(done.body.data).toEqual({ outcome: 'confirmed', redirectTo: '/min-konto/profil' });
    expect(await profileOf()).toMatchObject({ email: `new-${who.uuid}@example.dk`, mobileNo: '40506070' });
  });

  it('refuses bad input, a taken e-mail and no change, before MitID', async () => {
    const who = person();
    const other = person();
    await register(other);
    const { sessionToken } = await register(who);
    expect(await startChange(sessionToken, { email: 'not-an-email' })).toMatchObject({ status: 400 });
    expect(await startChange(sessionToken, { email: `x-${who.uuid}@example.dk`, mobileNo: '1234' })).toMatchObject({
      status: 400,
      body: { fields: { mobileNo: 'validation.mobile_digits' } },
    });
    expect(await startChange(sessionToken, { email: `${other.uuid}@example.dk`.toUpperCase() })).toMatchObject({
      status: 409,
      body: { code: 'EMAIL_TAKEN' },
    });
    expect(await startChange(sessionToken, { email: `${who.uuid}@example.dk` })).toMatchObject({
      status: 400,
      body: { code: 'NOTHING_CHANGED' },
    });
    expect(await startChange('not-a-session', { email: `y-${who.uuid}@example.dk` })).toMatchObject({
      status: 401,
      body: { code: 'SESSION_INVALID' },
    });
  });

  it('loses to another account that took the e-mail between the two steps', async () => {
    const who = person();
    const { sessionToken } = await register(who);
    const wanted = `wanted-${who.uuid}@example.dk`;
    const start = await startChange(sessionToken, { email: wanted });
    expect(start.status).toBe(200);
    await register(person(), { email: wanted });
    expect(await confirm(start.body.data.transactionId, who)).toMatchObject({ status: 409, body: { code: 'EMAIL_TAKEN' } });
  });
});

describe('mobile number digits at registration (spec §5)', () => {
  it('needs 8 digits after +45 and 6 after +299, checked by the platform too', async () => {
    const who = person();
    const callback = await authorize('mitid', 'register', who);
    const id = callback.body.data.registrationId as string;
    const bad = await call('POST', `/Players/registrations/${id}/details`, details(who, { mobileNo: '2030405' }));
    expect(bad).toMatchObject({ status: 400, body: { fields: { mobileNo: 'validation.mobile_digits' } } });
    const greenland = await call('POST', `/Players/registrations/${id}/details`, details(who, { mobileCc: '+299', mobileNo: '20304050' }));
    expect(greenland.status).toBe(400);
    const ok = await call('POST', `/Players/registrations/${id}/details`, details(who, { mobileCc: '+299', mobileNo: '203040' }));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });
});

describe('demo players', () => {
  it('gives the MitID stand-in’s demo people their accounts once, with the states their logins show', async () => {
    const { MITID_IDENTITIES } = await import('@krone/sims/identities');
    const { DEMO_PLAYERS, seedDemoPlayers } = await import('../src/players/demo.js');
    const { createSecrets } = await import('../src/players/secrets.js');
    const { createLimitsService } = await import('../src/limits/service.js');
    const secrets = createSecrets({ cprHashKey: platform.config.CPR_HASH_KEY, encryptionKey: platform.config.DATA_ENCRYPTION_KEY });
    const { createWalletService } = await import('../src/wallet/service.js');
    const { createDemoDeposits } = await import('../src/payments/demo.js');
    const wallet = createWalletService(platform.database.db, () => new Date());
    const deps = {
      secrets,
      limits: createLimitsService({ db: platform.database.db, clock: () => new Date() }),
      openingDeposit: createDemoDeposits(wallet),
    };
    expect(await seedDemoPlayers(platform.database.db, deps)).toBe(DEMO_PLAYERS.length);
    expect(await seedDemoPlayers(platform.database.db, deps)).toBe(0);
    for (const demo of DEMO_PLAYERS) {
      // The stand-in knows each demo person with the same MitID uuid (or the one they have now) and CPR.
      expect(MITID_IDENTITIES.find((identity) => identity.uuid === (demo.renewedMitidUuid ?? demo.mitidUuid))).toMatchObject({
        cpr: demo.cpr,
        birthDate: demo.birthDate,
      });
      const [row] = await platform.database.db.select().from(players).where(eq(players.mitidUuid, demo.mitidUuid));
      expect(row!.status).toBe(demo.status);
      expect(row!.cprHash).toBe(secrets.hashCpr(demo.cpr));
      const limits = await platform.database.db.select().from(depositLimits).where(eq(depositLimits.playerId, row!.id));
      expect(limits).toHaveLength(1);
      // An opening deposit is a succeeded payment and its one ledger transfer: the account's cash.
      const cash = (await wallet.playerBalances(row!.id)).player_cash;
      expect(cash).toBe(demo.depositOre ?? 0);
    }
  });
});
