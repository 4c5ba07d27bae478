import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../src/app.js';
import { verifyAuditLog } from '../src/audit/verify.js';
import { auditLog } from '../src/audit/schema.js';
import { players } from '../src/players/schema.js';
import { createSecrets } from '../src/players/secrets.js';
import { DEMO_STAFF, seedDemoStaff } from '../src/staff/demo.js';
import type { StaffIdentity, StaffIdentityProvider } from '../src/staff/identity.js';
import { staffMembers } from '../src/staff/schema.js';
import { createWalletService } from '../src/wallet/service.js';
import { createLoggedInPlayer, fundPlayer, startTestPlatform, type TestPlatform } from './harness.js';

/**
 * The back office's staff door (issue 29, docs/backoffice.md) through HTTP: the staff login with a
 * second factor, short revocable sessions, roles checked by the platform on every call, the
 * players' search and page, lock and unlock with a reason, four eyes on a balance correction, and
 * every action in the audit log's staff chain. The IdP is a fake here that answers each callback
 * `code` with an identity (the real round trip through the sims' stand-in: staff-idp.test.ts).
 */
const member = (name: string) => DEMO_STAFF.find((staff) => staff.name === name)!;
const identities = new Map<string, StaffIdentity>();
const fakeIdp: StaffIdentityProvider = {
  async authorize() {
    const state = randomUUID();
    return { url: `http://idp.test/authorize?state=${state}`, state, nonce: randomUUID(), codeVerifier: 'v'.repeat(43) };
  },
  async complete(params) {
    const identity = identities.get(params.code ?? '');
    if (!identity) throw Object.assign(new Error('unknown code'), {});
    return identity;
  },
};

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform({}, { staffIdp: fakeIdp });
  await seedDemoStaff(platform.database.db);
});
afterAll(async () => platform?.close());

async function loginAs(name: string, methods = ['pwd', 'otp']) {
  const started = await platform.staffApp.inject({ method: 'POST', url: '/Staff/login/start', payload: {} });
  expect(started.statusCode).toBe(200);
  const { loginId } = started.json().data;
  const code = randomUUID();
  const staff = member(name);
  identities.set(code, { subject: staff.subject, name: staff.name, email: staff.email, methods });
  return platform.staffApp.inject({
    method: 'POST',
    url: '/Staff/login/complete',
    payload: { loginId, callbackParams: { code, state: 'x' } },
  });
}

async function sessionOf(name: string) {
  const answer = await loginAs(name);
  expect(answer.statusCode).toBe(200);
  return answer.json().data.sessionToken as string;
}

const as = (token: string) => ({ authorization: `Bearer ${token}` });

describe('the staff door', () => {
  it('admits only the back office’s key; the storefront’s key and its door do not reach staff calls', async () => {
    const noKey = await platform.staffApp.inject({ method: 'GET', url: '/Staff/me', headers: { 'krone-backoffice-key': undefined } });
    expect(noKey.statusCode).toBe(401);
    expect(noKey.json().code).toBe('BACKOFFICE_KEY_INVALID');
    const storefrontKey = await platform.staffApp.inject({
      method: 'GET',
      url: '/Staff/me',
      headers: { 'krone-backoffice-key': platform.config.STOREFRONT_API_KEY },
    });
    expect(storefrontKey.statusCode).toBe(401);
    const onStorefrontDoor = await platform.app.inject({ method: 'GET', url: '/Staff/me' });
    expect(onStorefrontDoor.statusCode).toBe(404);
  });

  it('logs a member in only with a second factor, once per round trip, and only a member it knows', async () => {
    const ok = await loginAs('Sofie Support');
    expect(ok.statusCode).toBe(200);
    const { sessionToken, staff } = ok.json().data;
    expect(staff).toMatchObject({ name: 'Sofie Support', roles: ['support'] });
    const me = await platform.staffApp.inject({ method: 'GET', url: '/Staff/me', headers: as(sessionToken) });
    expect(me.json().data).toMatchObject({ name: 'Sofie Support', email: 'sofie@krone.test' });

    const single = await loginAs('Erik Enkelt', ['pwd']);
    expect(single.statusCode).toBe(403);
    expect(single.json()).toMatchObject({ code: 'STAFF_SECOND_FACTOR_REQUIRED', message: expect.stringContaining('ekstra faktor') });

    const started = (await platform.staffApp.inject({ method: 'POST', url: '/Staff/login/start', payload: {} })).json().data;
    const code = randomUUID();
    identities.set(code, { subject: 'someone-else', name: 'X', email: 'x@x', methods: ['pwd', 'otp'] });
    const unknown = await platform.staffApp.inject({
      method: 'POST',
      url: '/Staff/login/complete',
      payload: { loginId: started.loginId, callbackParams: { code } },
    });
    expect(unknown.json().code).toBe('STAFF_UNKNOWN');
    // The round trip was used: the same callback again is refused before the IdP is asked.
    const replay = await platform.staffApp.inject({
      method: 'POST',
      url: '/Staff/login/complete',
      payload: { loginId: started.loginId, callbackParams: { code } },
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('STAFF_LOGIN_FAILED');
  });

  it('ends a session at logout, after the idle time, and when the member is made inactive', async () => {
    const token = await sessionOf('Karen Kontrol');
    await platform.staffApp.inject({ method: 'POST', url: '/Staff/logout', headers: as(token) });
    expect((await platform.staffApp.inject({ method: 'GET', url: '/Staff/me', headers: as(token) })).json().code).toBe(
      'STAFF_SESSION_REQUIRED',
    );

    const idle = await sessionOf('Karen Kontrol');
    platform.setNow(new Date(Date.now() + (platform.config.STAFF_SESSION_IDLE_MINUTES + 1) * 60_000));
    try {
      expect((await platform.staffApp.inject({ method: 'GET', url: '/Staff/me', headers: as(idle) })).statusCode).toBe(401);
    } finally {
      platform.setNow(undefined);
    }

    const revoked = await sessionOf('Maja Marketing');
    await platform.database.db
      .update(staffMembers)
      .set({ active: false })
      .where(eq(staffMembers.subject, member('Maja Marketing').subject));
    try {
      expect((await platform.staffApp.inject({ method: 'GET', url: '/Staff/me', headers: as(revoked) })).statusCode).toBe(401);
    } finally {
      await platform.database.db
        .update(staffMembers)
        .set({ active: true })
        .where(eq(staffMembers.subject, member('Maja Marketing').subject));
    }
  });
});

describe('players in the back office', () => {
  it('finds players by name, e-mail, phone and id, and by a CPR number only when it matches whole', async () => {
    const secrets = createSecrets({ cprHashKey: platform.config.CPR_HASH_KEY, encryptionKey: platform.config.DATA_ENCRYPTION_KEY });
    const player = await createLoggedInPlayer(platform, { firstName: 'Søgbar', lastName: 'Spillersen' });
    await platform.database.db
      .update(players)
      .set({ cprHash: secrets.hashCpr('0101901234'), mobileNo: '61728394' })
      .where(eq(players.id, player.id));
    const token = await sessionOf('Sofie Support');
    const search = async (q: string) =>
      (await platform.staffApp.inject({ method: 'GET', url: `/Staff/players?q=${encodeURIComponent(q)}`, headers: as(token) }))
        .json()
        .data.players.map((found: { id: string }) => found.id);
    expect(await search('søgbar spillersen')).toEqual([player.id]);
    expect(await search(`${player.id}@example.dk`)).toEqual([player.id]);
    expect(await search('61728394')).toEqual([player.id]);
    expect(await search(player.id)).toEqual([player.id]);
    expect(await search('010190-1234')).toEqual([player.id]);
    expect(await search('0101901235')).toEqual([]);
    expect(await search('01019012')).toEqual([]);
    // A search may be a CPR number: the platform's request log never holds it.
    expect(redactUrl('/Staff/players?q=0101901234')).toBe('/Staff/players?q=[search]');
  });

  it('refuses what a role may not do, by the platform: content and marketing cannot read players, payments cannot lock', async () => {
    const player = await createLoggedInPlayer(platform);
    for (const name of ['Christian Indhold', 'Maja Marketing']) {
      const token = await sessionOf(name);
      const read = await platform.staffApp.inject({ method: 'GET', url: `/Staff/players/${player.id}`, headers: as(token) });
      expect(read.statusCode).toBe(403);
      expect(read.json()).toMatchObject({ code: 'STAFF_ROLE_REQUIRED', message: expect.stringContaining('rolle') });
    }
    const payments = await sessionOf('Peter Penge');
    const lock = await platform.staffApp.inject({
      method: 'POST',
      url: `/Staff/players/${player.id}/lock`,
      headers: as(payments),
      payload: { reason: 'Mistanke om svindel' },
    });
    expect(lock.statusCode).toBe(403);
    const [row] = await platform.database.db.select({ status: players.status }).from(players).where(eq(players.id, player.id));
    expect(row!.status).toBe('active');
  });

  it('locks a player with a reason, ending their logins at once, and unlocks them; both in the trail and the audit log', async () => {
    const player = await createLoggedInPlayer(platform);
    const token = await sessionOf('Sofie Support');
    const before = await platform.app.inject({ method: 'GET', url: `/GATMaven/users/${player.token}/validateExpire` });
    expect(before.statusCode).toBe(200);

    const noReason = await platform.staffApp.inject({
      method: 'POST',
      url: `/Staff/players/${player.id}/lock`,
      headers: as(token),
      payload: { reason: ' ' },
    });
    expect(noReason.statusCode).toBe(400);

    const lock = await platform.staffApp.inject({
      method: 'POST',
      url: `/Staff/players/${player.id}/lock`,
      headers: as(token),
      payload: { reason: 'Spilleren bad selv om det i telefonen' },
    });
    expect(lock.statusCode).toBe(200);
    const after = await platform.app.inject({ method: 'GET', url: `/GATMaven/users/${player.token}/validateExpire` });
    expect(after.statusCode).toBe(401);
    const again = await platform.staffApp.inject({
      method: 'POST',
      url: `/Staff/players/${player.id}/lock`,
      headers: as(token),
      payload: { reason: 'igen igen' },
    });
    expect(again.json().code).toBe('PLAYER_STATUS_UNCHANGED');

    const unlock = await platform.staffApp.inject({
      method: 'POST',
      url: `/Staff/players/${player.id}/unlock`,
      headers: as(token),
      payload: { reason: 'Afklaret med spilleren' },
    });
    expect(unlock.statusCode).toBe(200);

    const page = (await platform.staffApp.inject({ method: 'GET', url: `/Staff/players/${player.id}`, headers: as(token) })).json().data;
    expect(page.profile.status).toBe('active');
    expect(page.sessions[0]).toMatchObject({ endedReason: 'locked', live: false });
    expect(
      page.trail.map((entry: { action: string; reason: string; staffName: string }) => [entry.action, entry.reason, entry.staffName]),
    ).toEqual([
      ['player.unlock', 'Afklaret med spilleren', 'Sofie Support'],
      ['player.lock', 'Spilleren bad selv om det i telefonen', 'Sofie Support'],
    ]);
    expect(page.trail[1]).toMatchObject({ before: { status: 'active' }, after: { status: 'locked' } });

    const sofie = (
      await platform.database.db
        .select()
        .from(staffMembers)
        .where(eq(staffMembers.subject, member('Sofie Support').subject))
    )[0]!;
    const chain = await platform.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.chain, `staff:${sofie.id}`));
    const bodies = chain.map((entry) => JSON.parse(entry.body) as { action: string; targetId?: string; reason: string });
    expect(bodies.filter((body) => body.targetId === player.id).map((body) => body.action)).toEqual(['player.lock', 'player.unlock']);
    const playerChain = await platform.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.chain, `player:${player.id}`));
    expect(playerChain.map((entry) => JSON.parse(entry.body).to)).toEqual(['locked', 'active']);
    expect((await verifyAuditLog(platform.database.db)).problems).toEqual([]);
  });
});

describe('four eyes', () => {
  it('carries out a balance correction only when another payments member approves it, once', async () => {
    const player = await createLoggedInPlayer(platform);
    const peter = await sessionOf('Peter Penge');
    const pia = await sessionOf('Pia Penge');
    const sofie = await sessionOf('Sofie Support');
    const wallet = createWalletService(platform.database.db, platform.clock);

    const bySupport = await platform.staffApp.inject({
      method: 'POST',
      url: '/Staff/proposals',
      headers: as(sofie),
      payload: { kind: 'balance_correction', playerId: player.id, amountOre: 50_000, reason: 'Fejl i udbetaling' },
    });
    expect(bySupport.json().code).toBe('STAFF_ROLE_REQUIRED');
    const tooLarge = await platform.staffApp.inject({
      method: 'POST',
      url: '/Staff/proposals',
      headers: as(peter),
      payload: {
        kind: 'balance_correction',
        playerId: player.id,
        amountOre: platform.config.STAFF_CORRECTION_MAX_ORE + 1,
        reason: 'For meget',
      },
    });
    expect(tooLarge.json().code).toBe('CORRECTION_AMOUNT_INVALID');

    const proposed = await platform.staffApp.inject({
      method: 'POST',
      url: '/Staff/proposals',
      headers: as(peter),
      payload: { kind: 'balance_correction', playerId: player.id, amountOre: 50_000, reason: 'Gevinst ikke udbetalt (sag 1234)' },
    });
    expect(proposed.statusCode).toBe(200);
    const { id } = proposed.json().data;
    expect((await wallet.playerBalances(player.id)).player_cash).toBe(0);

    const decide = (token: string, decision: 'approve' | 'reject', reason = 'Kontrolleret mod sagen') =>
      platform.staffApp.inject({ method: 'POST', url: `/Staff/proposals/${id}/${decision}`, headers: as(token), payload: { reason } });
    const own = await decide(peter, 'approve');
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: 'FOUR_EYES_SAME_STAFF', message: expect.stringContaining('eget forslag') });
    expect((await decide(sofie, 'approve')).json().code).toBe('STAFF_ROLE_REQUIRED');
    expect((await wallet.playerBalances(player.id)).player_cash).toBe(0);

    const approved = await decide(pia, 'approve');
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'approved', result: { cashAfterOre: 50_000 } });
    expect((await wallet.playerBalances(player.id)).player_cash).toBe(50_000);
    expect((await decide(pia, 'approve')).json().code).toBe('PROPOSAL_DECIDED');
    expect((await wallet.playerBalances(player.id)).player_cash).toBe(50_000);

    const list = (await platform.staffApp.inject({ method: 'GET', url: '/Staff/proposals?status=approved', headers: as(sofie) })).json()
      .data.proposals;
    expect(list.find((proposal: { id: string }) => proposal.id === id)).toMatchObject({
      playerName: 'Test Spiller',
      proposedBy: { name: 'Peter Penge' },
      decidedBy: { name: 'Pia Penge' },
      decisionReason: 'Kontrolleret mod sagen',
    });
    expect((await verifyAuditLog(platform.database.db)).problems).toEqual([]);
  });

  it('moves nothing when the approved correction cannot be made (more than the balance), and the proposal stays open', async () => {
    const player = await createLoggedInPlayer(platform);
    await fundPlayer(platform, player.id, 10_000);
    const peter = await sessionOf('Peter Penge');
    const anders = await sessionOf('Anders Admin');
    const proposed = await platform.staffApp.inject({
      method: 'POST',
      url: '/Staff/proposals',
      headers: as(peter),
      payload: { kind: 'balance_correction', playerId: player.id, amountOre: -20_000, reason: 'Dobbelt indbetaling' },
    });
    const { id } = proposed.json().data;
    const approve = await platform.staffApp.inject({
      method: 'POST',
      url: `/Staff/proposals/${id}/approve`,
      headers: as(anders),
      payload: { reason: 'Godkendt af admin' },
    });
    expect(approve.json().code).toBe('INSUFFICIENT_FUNDS');
    const wallet = createWalletService(platform.database.db, platform.clock);
    expect((await wallet.playerBalances(player.id)).player_cash).toBe(10_000);
    const pending = (await platform.staffApp.inject({ method: 'GET', url: '/Staff/proposals?status=pending', headers: as(anders) })).json()
      .data.proposals;
    expect(pending.map((proposal: { id: string }) => proposal.id)).toContain(id);
  });
});
