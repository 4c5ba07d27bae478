import { startSims, type Sims } from '@krone/sims';
import { STAFF_PEOPLE } from '@krone/sims/staff-people';
import { createBrowser } from '@krone/sims/test-browser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF, seedDemoStaff } from '../src/staff/demo.js';
import { startTestPlatform, type TestPlatform } from './harness.js';

/**
 * The staff login through HTTP against the staff IdP stand-in of apps/sims (OpenID Connect with
 * PKCE, a password and a TOTP code): the same adapter code (staff/identity.ts) that talks to an
 * operator's real IdP.
 */
const BACKOFFICE = 'http://backoffice.test';
let sims: Sims;
let platform: TestPlatform;

beforeAll(async () => {
  sims = await startSims({ backofficePublicUrl: BACKOFFICE });
  platform = await startTestPlatform({ BACKOFFICE_PUBLIC_URL: BACKOFFICE, STAFF_OIDC_ISSUER: `${sims.url}/staff-idp` });
  await seedDemoStaff(platform.database.db);
});
afterAll(async () => {
  await platform?.close();
  await sims?.close();
});

async function throughIdp(username: string) {
  const start = await platform.staffApp.inject({ method: 'POST', url: '/Staff/login/start', payload: {} });
  expect(start.statusCode, start.body).toBe(200);
  const { loginId, authorizationUrl } = start.json().data;
  const url = new URL(authorizationUrl);
  expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  expect(url.searchParams.get('prompt')).toBe('login');
  const back = await createBrowser(`${BACKOFFICE}/auth/`).loginAsStaff(authorizationUrl, username);
  expect(back.pathname).toBe('/auth/callback');
  return platform.staffApp.inject({
    method: 'POST',
    url: '/Staff/login/complete',
    payload: { loginId, callbackParams: Object.fromEntries(back.searchParams) },
  });
}

describe('the staff login at the staff IdP', () => {
  it('gives a member who typed their password and code a session with the roles the platform keeps', async () => {
    const answer = await throughIdp('karen');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data.staff).toMatchObject({ name: 'Karen Kontrol', roles: ['compliance'] });
  });

  it('refuses a member whose IdP account has no second factor', async () => {
    const answer = await throughIdp('enkelt');
    expect(answer.statusCode).toBe(403);
    expect(answer.json().code).toBe('STAFF_SECOND_FACTOR_REQUIRED');
  });

  it('knows the same demo staff as the stand-in: one per role, and the member without a second factor; not the new hire', () => {
    expect(DEMO_STAFF.map(({ subject, name, email, roles }) => ({ subject, name, email, roles }))).toEqual(
      STAFF_PEOPLE.filter((person) => !person.newHire).map(({ uuid, name, email, roles }) => ({
        subject: uuid,
        name,
        email,
        roles: [...roles],
      })),
    );
    expect(STAFF_PEOPLE.filter((person) => person.newHire).map((person) => person.name)).toEqual(['Nanna Nyansat']);
  });
});
