import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSims, type Sims } from '../src/app.js';
import { copenhagenDay, cprFor, MITID_IDENTITIES, mitidIdentities } from '../src/identities.js';

let sims: Sims;
const now = new Date('2026-11-22T12:00:00Z');
beforeAll(async () => {
  sims = await startSims({ now: () => now });
});
afterAll(() => sims.close());

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${sims.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

describe('identity stand-ins', () => {
  it('give every test person a given name of their own (the browser tests pick people by it)', () => {
    // One person may hold two MitIDs (Dorte), so people are told apart by CPR.
    const cprByName = new Map<string, Set<string>>();
    for (const p of MITID_IDENTITIES) cprByName.set(p.givenName, (cprByName.get(p.givenName) ?? new Set()).add(p.cpr));
    expect([...cprByName].filter(([, cprs]) => cprs.size > 1).map(([name]) => name)).toEqual([]);
  });

  it('give every MitID its own uuid (the login page and the browser tests pick an identity by it)', () => {
    const seen = new Set<string>();
    const twice = MITID_IDENTITIES.map((p) => p.uuid).filter((uuid) => seen.size === seen.add(uuid).size);
    expect(twice).toEqual([]);
  });

  it('publish an OpenID Connect discovery document per issuer, with PKCE and RS256', async () => {
    for (const name of ['mitid', 'mobilepay']) {
      const discovery = (await (await fetch(`${sims.url}/${name}/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
      expect(discovery.issuer).toBe(`${sims.url}/${name}`);
      expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
      expect(discovery.id_token_signing_alg_values_supported).toContain('RS256');
      const jwks = (await (await fetch(String(discovery.jwks_uri))).json()) as { keys: { kty: string; d?: string }[] };
      expect(jwks.keys[0]!.kty).toBe('RSA');
      expect(jwks.keys[0]!.d).toBeUndefined();
    }
  });

  it('refuse an authorization request without PKCE or with a foreign redirect', async () => {
    const base = `${sims.url}/mitid/auth?client_id=krone&response_type=code&scope=openid&state=s&nonce=n`;
    const noPkce = await fetch(`${base}&redirect_uri=${encodeURIComponent('http://127.0.0.1:3000/api/auth/mitid/callback')}`, {
      redirect: 'manual',
    });
    expect(new URL(noPkce.headers.get('location')!).searchParams.get('error')).toBe('invalid_request');
    const foreign = await fetch(
      `${base}&redirect_uri=${encodeURIComponent('https://evil.example/cb')}&code_challenge=x&code_challenge_method=S256`,
      { redirect: 'manual' },
    );
    expect(foreign.status).toBe(400);
  });

  it('answer the CPR match only with a valid access token and a 10-digit CPR', async () => {
    expect((await post('/mitid/cpr-match', { cpr: '0102031234' })).status).toBe(401);
    expect((await post('/mitid/cpr-match', { cpr: '0102031234' }, { authorization: 'Bearer nonsense' })).status).toBe(401);
  });
});

describe('ROFUS stand-in', () => {
  const key = { 'x-api-key': 'krone-development-rofus-key' };
  it('knows the excluded test people', async () => {
    const kim = MITID_IDENTITIES.find((p) => p.givenName === 'Kim')!;
    const anne = MITID_IDENTITIES.find((p) => p.givenName === 'Anne')!;
    const mette = MITID_IDENTITIES.find((p) => p.givenName === 'Mette')!;
    expect(await (await post('/rofus/check', { cpr: kim.cpr }, key)).json()).toMatchObject({ excluded: true, permanent: false });
    expect(await (await post('/rofus/check', { cpr: anne.cpr }, key)).json()).toEqual({ excluded: true, until: null, permanent: true });
    expect(await (await post('/rofus/check', { cpr: mette.cpr }, key)).json()).toEqual({ excluded: false, until: null, permanent: false });
    // Kim's exclusion always ends a year after the stand-in's today.
    expect(await (await post('/rofus/check', { cpr: kim.cpr }, key)).json()).toMatchObject({ until: '2027-11-22' });
  });

  it('wants its API key and a 10-digit CPR', async () => {
    expect((await post('/rofus/check', { cpr: '0102031234' })).status).toBe(401);
    expect((await post('/rofus/check', { cpr: '0102031234' }, { 'x-api-key': 'wrong-key-123' })).status).toBe(401);
    expect((await post('/rofus/check', { cpr: '12' }, key)).status).toBe(400);
  });
});

describe('test people', () => {
  it('have CPRs whose date and century digit agree with the birth date', () => {
    const centuryOf = (digit: number, yy: number) =>
      digit <= 3 ? 1900 : digit === 4 || digit === 9 ? (yy <= 36 ? 2000 : 1900) : yy <= 57 ? 2000 : 1800;
    for (const person of mitidIdentities('2026-11-22')) {
      const [y, m, d] = person.birthDate.split('-').map(Number) as [number, number, number];
      const cpr = person.cpr;
      expect(Number(cpr.slice(0, 2)), person.givenName).toBe(d);
      expect(Number(cpr.slice(2, 4)), person.givenName).toBe(m);
      expect(centuryOf(Number(cpr[6]), Number(cpr.slice(4, 6))) + Number(cpr.slice(4, 6)), person.givenName).toBe(y);
    }
    expect(cprFor('2005-11-22', 7)).toBe('2211054007');
  });

  it('keep the age edges whatever the date', () => {
    const people = mitidIdentities('2030-02-28');
    expect(people.find((p) => p.givenName === 'Ida')!.birthDate).toBe('2009-02-28');
    expect(people.find((p) => p.givenName === 'William')!.birthDate).toBe('2009-03-01');
  });

  it('count the day as Copenhagen does, a day ahead of UTC after midnight there', () => {
    expect(copenhagenDay(new Date('2026-11-23T22:59:00Z'))).toBe('2026-11-23');
    expect(copenhagenDay(new Date('2026-11-23T23:30:00Z'))).toBe('2026-11-24');
    expect(copenhagenDay(new Date('2026-06-30T22:30:00Z'))).toBe('2026-07-01');
    expect(copenhagenDay(new Date('2026-06-30T21:30:00Z'))).toBe('2026-06-30');
  });
});
