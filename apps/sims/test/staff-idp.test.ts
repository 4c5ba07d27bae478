import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSims, type Sims } from '../src/app.js';
import { STAFF_PEOPLE, totpCode, TOTP_PERIOD_MS } from '../src/staff-people.js';
import { createBrowser } from './browser.js';

const BACKOFFICE = 'http://127.0.0.1:3101';
const CALLBACK = `${BACKOFFICE}/auth/callback`;
const CLIENT = { id: 'krone-backoffice', secret: 'krone-development-staff-idp-secret' };

// The stand-in's clock: 10 s into a 30 s step, so "now" and "the step before" are plain to see.
let clock = Date.parse('2026-11-22T12:00:10Z');
let sims: Sims;
let issuer: string;
beforeAll(async () => {
  sims = await startSims({ now: () => new Date(clock), backofficePublicUrl: BACKOFFICE });
  issuer = `${sims.url}/staff-idp`;
});
afterAll(() => sims.close());

const member = (username: string) => STAFF_PEOPLE.find((person) => person.username === username)!;
const secretOf = (username: string) => member(username).secondFactor!.totpSecret;

/** What the back office's platform does: an authorization request with PKCE, state and nonce. */
function authorization() {
  const verifier = randomBytes(32).toString('base64url');
  const nonce = randomBytes(8).toString('hex');
  const url = new URL(`${issuer}/auth`);
  url.search = new URLSearchParams({
    client_id: CLIENT.id,
    response_type: 'code',
    redirect_uri: CALLBACK,
    scope: 'openid profile email',
    state: 'the-state',
    nonce,
    prompt: 'login',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  return { url: url.toString(), verifier, nonce };
}

/** One staff member's browser, on the login page of a fresh authorization request. */
async function openLogin() {
  const browser = createBrowser(CALLBACK);
  const request = authorization();
  const page = await browser.go(request.url);
  return { browser, request, page: { url: page.url, html: await page.response.text() } };
}

type Browser = ReturnType<typeof createBrowser>;

async function submit(browser: Browser, page: { url: string; html: string }, step: 'password' | 'code', fields: Record<string, string>) {
  const action = new RegExp(`action="([^"]+/${step})"`).exec(page.html)?.[1];
  if (!action) throw new Error(`no ${step} form: ${page.html.slice(0, 300)}`);
  const next = await browser.go(new URL(action, page.url).toString(), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return { url: next.url, html: await next.response.text(), status: next.response.status };
}

/** A code that is neither the current nor the previous one. */
const wrongCode = (username: string) => {
  const valid = [clock, clock - TOTP_PERIOD_MS].map((at) => totpCode(secretOf(username), at));
  return ['000000', '111111', '222222'].find((code) => !valid.includes(code))!;
};
const errorOf = (html: string) => /data-testid="staff-idp-error">([^<]*)</.exec(html)?.[1] ?? null;
const demoCodeOf = (html: string) => /data-testid="staff-idp-demo-code">(\d{6})</.exec(html)?.[1] ?? null;

/** The back office's token call with the code the IdP sent the browser back with; the ID token verified against the JWKS. */
async function idTokenFor(callback: string, request: { verifier: string; nonce: string }): Promise<JWTPayload> {
  const params = new URL(callback).searchParams;
  expect(params.get('error')).toBeNull();
  expect(params.get('state')).toBe('the-state');
  expect(params.get('iss')).toBe(issuer);
  const response = await fetch(`${issuer}/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString('base64')}`,
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: params.get('code')!,
      redirect_uri: CALLBACK,
      code_verifier: request.verifier,
    }).toString(),
  });
  expect(response.status).toBe(200);
  const tokens = (await response.json()) as { id_token: string };
  const discovery = (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as { jwks_uri: string };
  const { payload } = await jwtVerify(tokens.id_token, createRemoteJWKSet(new URL(discovery.jwks_uri)), {
    issuer,
    audience: CLIENT.id,
    algorithms: ['RS256'],
  });
  expect(payload.nonce).toBe(request.nonce);
  return payload;
}

describe('TOTP (RFC 6238)', () => {
  it('gives the RFC test vectors (their SHA-1 seed, last six digits)', () => {
    const seed = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'; // "12345678901234567890"
    expect(totpCode(seed, 59_000)).toBe('287082');
    expect(totpCode(seed, 1_111_111_109_000)).toBe('081804');
    expect(totpCode(seed, 1_234_567_890_000)).toBe('005924');
    expect(totpCode(seed, 20_000_000_000_000)).toBe('353130');
  });
});

describe('demo staff', () => {
  it('have their own uuid, user name and authenticator secret, and one member has no second factor', () => {
    expect(new Set(STAFF_PEOPLE.map((person) => person.uuid)).size).toBe(STAFF_PEOPLE.length);
    expect(new Set(STAFF_PEOPLE.map((person) => person.username)).size).toBe(STAFF_PEOPLE.length);
    const secrets = STAFF_PEOPLE.flatMap((person) => (person.secondFactor ? [person.secondFactor.totpSecret] : []));
    expect(new Set(secrets).size).toBe(secrets.length);
    for (const secret of secrets) expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    for (const person of STAFF_PEOPLE) expect(person.password).toBe(`krone-demo-${person.username}`);
    expect(STAFF_PEOPLE.filter((person) => !person.secondFactor).map((person) => person.username)).toEqual(['enkelt']);
    expect(new Set(STAFF_PEOPLE.flatMap((person) => person.roles))).toEqual(
      new Set(['support', 'payments', 'compliance', 'content', 'marketing', 'administrator']),
    );
  });
});

describe('staff identity provider', () => {
  it('publishes its discovery document: PKCE, RS256, the e-mail scope and the MFA acr', async () => {
    const discovery = (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    expect(discovery.issuer).toBe(issuer);
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
    expect(discovery.id_token_signing_alg_values_supported).toContain('RS256');
    expect(discovery.scopes_supported).toEqual(expect.arrayContaining(['openid', 'profile', 'email']));
    expect(discovery.acr_values_supported).toEqual(['urn:krone:staff:mfa']);
  });

  it('sends staff back only to the back office', async () => {
    const url = new URL(authorization().url);
    url.searchParams.set('redirect_uri', 'http://127.0.0.1:3000/api/auth/mitid/callback');
    expect((await fetch(url, { redirect: 'manual' })).status).toBe(400);
  });

  it('logs a member in with password and code: the ID token says who, and that both factors were given', async () => {
    const { browser, request, page } = await openLogin();
    expect(page.html).toContain('Krone medarbejderlogin');
    expect(page.html).toContain('Demo-medarbejdere');
    expect(page.html).toContain('<label for="staff-idp-username">Brugernavn</label>');
    expect(page.html).toContain('autocomplete="current-password"');
    const codePage = await submit(browser, page, 'password', { username: 'sofie', password: 'krone-demo-sofie' });
    expect(codePage.html).toContain('Bekræft med din kode');
    expect(codePage.html).toMatch(/inputmode="numeric" autocomplete="one-time-code"/);
    // The stand-in shows the member's current code, as their phone would.
    expect(demoCodeOf(codePage.html)).toBe(totpCode(secretOf('sofie'), clock));
    const done = await submit(browser, codePage, 'code', { code: totpCode(secretOf('sofie'), clock) });
    expect(done.url.startsWith(CALLBACK)).toBe(true);
    const claims = await idTokenFor(done.url, request);
    expect(claims).toMatchObject({
      sub: '5a1f0000-0000-4000-8000-000000000001',
      name: 'Sofie Support',
      email: 'sofie@krone.test',
      amr: ['pwd', 'otp'],
      acr: 'urn:krone:staff:mfa',
    });
  });

  it('refuses a wrong password and a wrong code on the same form, and lets the member try again', async () => {
    const { browser, request, page } = await openLogin();
    const wrongPassword = await submit(browser, page, 'password', { username: 'peter', password: 'krone-demo-pia' });
    expect(errorOf(wrongPassword.html)).toBe('Forkert brugernavn eller adgangskode.');
    expect(wrongPassword.html).toContain('value="peter"');
    const unknown = await submit(browser, wrongPassword, 'password', { username: 'nobody', password: 'krone-demo-nobody' });
    expect(errorOf(unknown.html)).toBe('Forkert brugernavn eller adgangskode.');
    const codePage = await submit(browser, unknown, 'password', { username: 'Peter ', password: 'krone-demo-peter' });
    expect(errorOf(codePage.html)).toBeNull();
    const refused = await submit(browser, codePage, 'code', { code: wrongCode('peter') });
    expect(errorOf(refused.html)).toBe('Forkert kode. Prøv igen.');
    expect(refused.html).toContain('Bekræft med din kode');
    const done = await submit(browser, refused, 'code', { code: totpCode(secretOf('peter'), clock) });
    expect(await idTokenFor(done.url, request)).toMatchObject({ sub: member('peter').uuid, amr: ['pwd', 'otp'] });
  });

  it('ends the login after five wrong tries with access_denied', async () => {
    const { browser, page } = await openLogin();
    let current = { ...page, status: 200 };
    for (let tries = 1; tries < 5; tries++) {
      current = await submit(browser, current, 'password', { username: 'karen', password: 'wrong' });
      expect(errorOf(current.html)).toBe('Forkert brugernavn eller adgangskode.');
    }
    current = await submit(browser, current, 'password', { username: 'karen', password: 'krone-demo-karen' });
    // Four wrong passwords and one wrong code make five.
    const last = await submit(browser, current, 'code', { code: wrongCode('karen') });
    const callback = new URL(last.url);
    expect(last.url.startsWith(CALLBACK)).toBe(true);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('code')).toBeNull();
  });

  it('ends the login with access_denied when the member cancels', async () => {
    const { browser, page } = await openLogin();
    const action = /action="([^"]+\/abort)"/.exec(page.html)?.[1];
    expect(page.html).toContain('data-testid="staff-idp-cancel"');
    const done = await browser.go(new URL(action!, page.url).toString(), { method: 'POST' });
    expect(new URL(done.url).searchParams.get('error')).toBe('access_denied');
  });

  it('logs a member without a second factor in after the password alone, and says so: amr pwd, no acr', async () => {
    const { browser, request, page } = await openLogin();
    const done = await submit(browser, page, 'password', { username: 'enkelt', password: 'krone-demo-enkelt' });
    expect(done.url.startsWith(CALLBACK)).toBe(true);
    const claims = await idTokenFor(done.url, request);
    expect(claims).toMatchObject({ sub: member('enkelt').uuid, name: 'Erik Enkelt', email: 'erik@krone.test', amr: ['pwd'] });
    expect(claims.acr).toBeUndefined();
  });

  it('accepts the code of the step before (a code typed as it turned) but not one from two steps ago', async () => {
    const { browser, request, page } = await openLogin();
    const codePage = await submit(browser, page, 'password', { username: 'anders', password: 'krone-demo-anders' });
    const secret = secretOf('anders');
    const stale = totpCode(secret, clock - 2 * TOTP_PERIOD_MS);
    const previous = totpCode(secret, clock - TOTP_PERIOD_MS);
    // Three 30 s steps whose codes happen to agree would make the test meaningless.
    expect(new Set([stale, previous, totpCode(secret, clock)]).size).toBe(3);
    const refused = await submit(browser, codePage, 'code', { code: stale });
    expect(errorOf(refused.html)).toBe('Forkert kode. Prøv igen.');
    const done = await submit(browser, refused, 'code', { code: previous });
    expect(await idTokenFor(done.url, request)).toMatchObject({ sub: member('anders').uuid, amr: ['pwd', 'otp'] });
  });

  it('follows the clock: the code shown a step later is the next one', async () => {
    const { browser, page } = await openLogin();
    const codePage = await submit(browser, page, 'password', { username: 'maja', password: 'krone-demo-maja' });
    expect(demoCodeOf(codePage.html)).toBe(totpCode(secretOf('maja'), clock));
    clock += TOTP_PERIOD_MS;
    try {
      const later = await browser.go(codePage.url);
      expect(demoCodeOf(await later.response.text())).toBe(totpCode(secretOf('maja'), clock));
    } finally {
      clock -= TOTP_PERIOD_MS;
    }
  });

  it("logs in with the test browser's helper, as the platform's tests will", async () => {
    const browser = createBrowser(CALLBACK);
    const request = authorization();
    const callback = await browser.loginAsStaff(request.url, 'pia');
    expect(await idTokenFor(callback.toString(), request)).toMatchObject({
      sub: member('pia').uuid,
      name: 'Pia Penge',
      amr: ['pwd', 'otp'],
    });
  });
});
