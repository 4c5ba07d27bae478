import { startSims, type Sims } from '@krone/sims';
import { MITID_IDENTITIES, MOBILEPAY_IDENTITIES, mitidIdentity } from '@krone/sims/identities';
import { createBrowser } from '@krone/sims/test-browser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from './harness.js';

/**
 * Login and registration through HTTP against the OpenID Connect stand-ins of apps/sims: the same
 * adapter code that talks to a real broker (openid-client, PKCE, state, nonce, signed ID tokens,
 * the CPR match and ROFUS).
 */
const WEB = 'http://web.test';
let sims: Sims;
let platform: TestPlatform;

beforeAll(async () => {
  sims = await startSims({ webPublicUrl: WEB });
  platform = await startTestPlatform({
    WEB_PUBLIC_URL: WEB,
    MITID_ISSUER: `${sims.url}/mitid`,
    MITID_CPR_MATCH_URL: `${sims.url}/mitid/cpr-match`,
    MOBILEPAY_ISSUER: `${sims.url}/mobilepay`,
    ROFUS_URL: `${sims.url}/rofus/check`,
  });
});
afterAll(async () => {
  await platform?.close();
  await sims?.close();
});

async function call(method: 'GET' | 'POST', url: string, payload?: unknown) {
  const response = await platform.app.inject({ method, url, payload: payload as never });
  return {
    status: response.statusCode,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of many shapes, checked field by field
    body: response.json() as { result: 0 | 1; data?: any; code?: string; fields?: Record<string, string> },
  };
}

/** A person clicks the button, picks themselves at the broker, and the browser comes back. */
async function throughBroker(provider: 'mitid' | 'mobilepay', purpose: 'login' | 'register', accountId: string | 'cancel') {
  const start = await call('POST', '/Players/auth/start', { provider, purpose, redirectTo: '/min-konto/profil' });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const url = new URL(start.body.data.authorizationUrl);
  expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  expect(url.searchParams.get('state')).toBeTruthy();
  expect(url.searchParams.get('nonce')).toBeTruthy();
  const browser = createBrowser(`${WEB}/api/auth/`);
  const back = accountId === 'cancel' ? await browser.cancel(url.toString()) : await browser.loginAs(url.toString(), accountId);
  expect(back.pathname).toBe(`/api/auth/${provider}/callback`);
  return call('POST', '/Players/auth/callback', {
    provider,
    transactionId: start.body.data.transactionId,
    params: Object.fromEntries(back.searchParams),
  });
}

const named = (given: string) => MITID_IDENTITIES.find((identity) => identity.givenName === given)!;

async function registerThroughBroker(given: string, overrides: Record<string, unknown> = {}) {
  const who = named(given);
  const callback = await throughBroker('mitid', 'register', who.uuid);
  expect(callback.body.data?.outcome, JSON.stringify(callback.body)).toBe('registration');
  const id = callback.body.data.registrationId;
  const details = await call('POST', `/Players/registrations/${id}/details`, {
    cpr: who.cpr,
    firstName: who.givenName,
    lastName: who.familyName,
    email: `${who.givenName.toLowerCase()}.${who.uuid.slice(-4)}@example.dk`,
    mobileCc: '+45',
    mobileNo: '20304050',
    ...overrides,
  });
  return { who, id, details };
}

describe('MitID and MobilePay through the OpenID Connect stand-ins', () => {
  it('registers Mette Hansen with MitID, her CPR confirmed by the broker, then logs her in', async () => {
    const { id, details } = await registerThroughBroker('Mette');
    expect(details.status, JSON.stringify(details.body)).toBe(200);
    const done = await call('POST', `/Players/registrations/${id}/complete`, { acceptTerms: true, bonus: true });
    expect(done.status).toBe(200);
    const profile = await call('GET', `/GATMaven/users/${done.body.data.sessionToken}/profile`);
    expect(profile.body.data.userInfo).toMatchObject({ firstName: 'Mette', lastName: 'Hansen', birthday: '1988-04-12' });

    const login = await throughBroker('mitid', 'login', named('Mette').uuid);
    expect(login.body.data).toMatchObject({ outcome: 'session', playerId: done.body.data.playerId, redirectTo: '/min-konto/profil' });

    // A MobilePay user with her number and birth date, but a number MobilePay has not verified: no link.
    expect((await throughBroker('mobilepay', 'login', MOBILEPAY_IDENTITIES[2]!.sub)).body.code).toBe('MOBILEPAY_NO_ACCOUNT');
    // MobilePay finds her by the verified mobile number and birth date, and links itself.
    const mobilePay = await throughBroker('mobilepay', 'login', MOBILEPAY_IDENTITIES[0]!.sub);
    expect(mobilePay.body.data).toMatchObject({ outcome: 'session', playerId: done.body.data.playerId });
  });

  it('says no when the typed CPR is not the MitID user’s, and stops after three tries', async () => {
    const { id, details, who } = await registerThroughBroker('Emma', { cpr: '0101901234' });
    expect(details.body.code).toBe('CPR_MISMATCH');
    const again = await call('POST', `/Players/registrations/${id}/details`, {
      cpr: '0101901235',
      firstName: 'Emma',
      lastName: 'Larsen',
      email: 'emma@example.dk',
      mobileCc: '+45',
      mobileNo: '20304050',
    });
    expect(again.body.code).toBe('CPR_MISMATCH');
    await call('POST', `/Players/registrations/${id}/details`, {
      cpr: '0101901236',
      firstName: 'Emma',
      lastName: 'Larsen',
      email: 'emma@example.dk',
      mobileCc: '+45',
      mobileNo: '20304050',
    });
    const blocked = await call('POST', `/Players/registrations/${id}/details`, {
      cpr: who.cpr,
      firstName: 'Emma',
      lastName: 'Larsen',
      email: 'emma@example.dk',
      mobileCc: '+45',
      mobileNo: '20304050',
    });
    expect(blocked.body.code).toBe('CPR_NOT_VALIDATED');
    expect(blocked.status).toBe(429);
  });

  it('refuses the under-age, the self-excluded, and a person not yet 21 until tomorrow', async () => {
    expect((await registerThroughBroker('Oliver')).details.body.code).toBe('UNDER_MIN_AGE');
    expect((await registerThroughBroker('William')).details.body.code).toBe('UNDER_MIN_AGE');
    expect((await registerThroughBroker('Ida')).details.status).toBe(200);
    expect((await registerThroughBroker('Kim')).details.body.code).toBe('ROFUS_EXCLUDED');
    expect((await registerThroughBroker('Anne')).details.body.code).toBe('ROFUS_EXCLUDED');
  });

  it('maps the broker’s failures to their own errors', async () => {
    expect((await throughBroker('mitid', 'login', named('Teknisk').uuid)).body.code).toBe('MITID_TECHNICAL_ERROR');
    expect((await throughBroker('mitid', 'login', 'cancel')).body.code).toBe('LOGIN_CANCELLED');
    expect((await throughBroker('mitid', 'login', named('Jonas').uuid)).body.code).toBe('MITID_ASSURANCE_TOO_LOW');
    expect((await throughBroker('mitid', 'login', named('Udløbet').uuid)).body.code).toBe('MITID_TOKEN_EXPIRED');
    // No account behind the MitID: the CPR check, whose CPR the MitID stand-in confirms; none for it either.
    const noAccount = await throughBroker('mitid', 'login', named('Peter').uuid);
    expect(noAccount.body.data).toMatchObject({ outcome: 'cpr-check', redirectTo: '/min-konto/profil' });
    const check = (cpr: string) => call('POST', `/Players/registrations/${noAccount.body.data.registrationId}/cpr-check`, { cpr });
    expect((await check(named('Dorte').cpr)).body.code).toBe('CPR_MISMATCH');
    expect((await check(named('Peter').cpr)).body.code).toBe('NO_ACTIVE_ACCOUNT');
    expect((await throughBroker('mobilepay', 'login', MOBILEPAY_IDENTITIES[1]!.sub)).body.code).toBe('MOBILEPAY_NO_ACCOUNT');
  });

  it('has test people whose CPR agrees with their birth date', () => {
    for (const identity of MITID_IDENTITIES) {
      const [y, m, d] = identity.birthDate.split('-');
      expect(identity.cpr.slice(0, 6), identity.givenName).toBe(`${d}${m}${y!.slice(2)}`);
      expect(mitidIdentity(identity.uuid)).toBe(identity);
    }
  });
});
