import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonusGrants } from '../src/bonus/schema.js';
import { accountExclusions } from '../src/limits/schema.js';
import { createLimitsService } from '../src/limits/service.js';
import { staffActions } from '../src/staff/schema.js';
import { createWalletService } from '../src/wallet/service.js';
import { createLoggedInPlayer, type TestPlatform } from './harness.js';
import { startStaffPlatform } from './staff-harness.js';

/**
 * The administrator's part of the back office (issue 29) and the four-eyes actions that lift a
 * protection or move money: staff added without roles, a role granted only when a second
 * administrator approves, roles taken and access ended at once; a protected setting changed by
 * four eyes; a closed account reopened (a year after its closure at the earliest); a bonus given
 * outside a campaign within the Danish caps.
 */
let staff: Awaited<ReturnType<typeof startStaffPlatform>>['staff'];
let revalidations: () => number;
let platform: TestPlatform;

beforeAll(async () => {
  ({ platform, staff, revalidations } = await startStaffPlatform());
});
afterAll(async () => {
  await platform?.close();
});

const as = (name: string) => staff.sessionOf(platform, name);
const call = (headers: Record<string, string>, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  platform.staffApp.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as never }) });
const approve = (headers: Record<string, string>, id: string, reason = 'Set og godkendt') =>
  call(headers, 'POST', `/Staff/proposals/${id}/approve`, { reason });
const NANNA = '5a1f0000-0000-4000-8000-000000000010';

describe('staff and roles', () => {
  it('adds a member without roles; a role is granted only when a second administrator approves; taken away at once', async () => {
    const anders = await as('Anders Admin');
    const astrid = await as('Astrid Admin');
    // Not a member yet: the IdP knows her, the platform refuses her.
    const before = await platform.staffApp.inject({ method: 'POST', url: '/Staff/login/start', payload: {} });
    expect(before.statusCode).toBe(200);
    expect((await staff.sessionOf(platform, `subject:${NANNA}`)).authorization).toBe('Bearer refused');

    const added = await call(anders, 'POST', '/Staff/staff', {
      subject: NANNA,
      name: 'Nanna Nyansat',
      email: 'nanna@krone.test',
      reason: 'Ny i kundeservice',
    });
    expect(added.statusCode, added.body).toBe(200);
    const nannaId = added.json().data.members.find((member: { subject: string }) => member.subject === NANNA).id as string;
    const nanna = await staff.sessionOf(platform, `subject:${NANNA}`);
    expect((await call(nanna, 'GET', '/Staff/me')).json().data.roles).toEqual([]);
    expect((await call(nanna, 'GET', '/Staff/players?q=Bagkontor')).statusCode).toBe(403);

    const proposed = await call(anders, 'POST', `/Staff/staff/${nannaId}/roles`, { roles: ['support'], reason: 'Starter i kundeservice' });
    expect(proposed.json().data).toMatchObject({ outcome: 'proposed' });
    const proposalId = proposed.json().data.proposalId as string;
    expect(proposed.json().data.members.find((m: { id: string }) => m.id === nannaId)).toMatchObject({
      roles: [],
      pendingGrant: { roles: ['support'], proposedBy: 'Anders Admin' },
    });
    // Not yet: the proposer cannot approve it, nor can a member who is not an administrator, nor she herself.
    expect((await approve(anders, proposalId)).json().code).toBe('FOUR_EYES_SAME_STAFF');
    expect((await approve(await as('Peter Penge'), proposalId)).json().code).toBe('STAFF_ROLE_REQUIRED');
    expect((await call(nanna, 'GET', '/Staff/players?q=Bagkontor')).statusCode).toBe(403);
    const approved = await approve(astrid, proposalId);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.result).toMatchObject({ before: [], after: ['support'] });
    // Her session has the role at its next call.
    expect((await call(nanna, 'GET', '/Staff/players?q=Bagkontor')).statusCode).toBe(200);

    // Taken away at once, her sessions ended.
    const removed = await call(anders, 'POST', `/Staff/staff/${nannaId}/roles`, { roles: [], reason: 'Skifter afdeling' });
    expect(removed.json().data.outcome).toBe('changed');
    expect((await call(nanna, 'GET', '/Staff/me')).statusCode).toBe(401);

    // No one changes their own roles; access ended at once, back without roles.
    expect(
      (
        await call(anders, 'POST', `/Staff/staff/${(await call(anders, 'GET', '/Staff/me')).json().data.id}/roles`, {
          roles: ['support', 'administrator'],
          reason: 'Mig selv',
        })
      ).json().code,
    ).toBe('STAFF_SELF_CHANGE');
    const again = await staff.sessionOf(platform, `subject:${NANNA}`);
    const ended = await call(anders, 'POST', `/Staff/staff/${nannaId}/deactivate`, { reason: 'Stoppet' });
    expect(ended.json().data.members.find((m: { id: string }) => m.id === nannaId)).toMatchObject({ active: false, openSessions: 0 });
    expect((await call(again, 'GET', '/Staff/me')).statusCode).toBe(401);
    expect((await staff.sessionOf(platform, `subject:${NANNA}`)).authorization).toBe('Bearer refused');

    const trail = await platform.database.db.select().from(staffActions).where(eq(staffActions.targetId, nannaId)).orderBy(staffActions.at);
    // Her own logins are in her trail too; the administrators' actions on her, in order:
    expect(trail.map((row) => row.action).filter((action) => action !== 'staff.login')).toEqual([
      'staff.add',
      'proposal.create',
      'proposal.approve',
      'staff.roles_remove',
      'staff.deactivate',
    ]);
  });

  it('is the administrator’s alone', async () => {
    for (const name of ['Sofie Support', 'Christian Indhold', 'Maja Marketing']) {
      const headers = await as(name);
      for (const url of ['/Staff/staff', '/Staff/settings'])
        expect((await call(headers, 'GET', url)).statusCode, `${name} ${url}`).toBe(403);
    }
  });
});

describe('protected settings', () => {
  it('changes a protection only when a second administrator approves; the storefront reads it at once', async () => {
    const anders = await as('Anders Admin');
    const settings = (await call(anders, 'GET', '/Staff/settings')).json().data.settings as { name: string; value: unknown }[];
    expect(settings.map((row) => row.name)).toContain('minAge');
    expect(settings.find((row) => row.name === 'wageringTimePopup')?.value).toBe(5);

    const wrong = await call(anders, 'POST', '/Staff/settings/wageringTimePopup/propose', { value: 'ti', reason: 'Forkert type' });
    expect(wrong.json().code).toBe('SETTING_INVALID');
    const same = await call(anders, 'POST', '/Staff/settings/wageringTimePopup/propose', { value: 5, reason: 'Det samme' });
    expect(same.json().code).toBe('CONTENT_UNCHANGED');
    // A content editor's own door does not offer it.
    const editor = await as('Christian Indhold');
    expect((await call(editor, 'GET', '/Staff/content/config/wageringTimePopup')).statusCode).toBe(404);

    const proposed = await call(anders, 'POST', '/Staff/settings/wageringTimePopup/propose', {
      value: 10,
      reason: 'Påmindelse hvert 10. minut',
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    const { proposalId } = proposed.json().data;
    const publicValue = async () =>
      (await platform.app.inject({ method: 'GET', url: '/CMScasino/systemConfigByName?name=wageringTimePopup' })).json().data.value;
    expect(await publicValue()).toBe(5);
    expect((await call(anders, 'POST', '/Staff/settings/wageringTimePopup/propose', { value: 15, reason: 'En til' })).json().code).toBe(
      'PROPOSAL_PENDING',
    );
    const told = revalidations();
    expect((await approve(await as('Astrid Admin'), proposalId)).statusCode).toBe(200);
    expect(await publicValue()).toBe(10);
    expect(revalidations()).toBe(told + 1);
  });
});

describe('four eyes on a player', () => {
  it('reopens a closed account a year after its closure at the earliest, when a second member approves', async () => {
    const player = await createLoggedInPlayer(platform);
    const limits = createLimitsService({ db: platform.database.db, clock: () => new Date() });
    await limits.closeAccount(player.id);
    const karen = await as('Karen Kontrol');
    const early = await call(karen, 'POST', '/Staff/proposals', {
      kind: 'account_reopen',
      playerId: player.id,
      reason: 'Spilleren beder om det',
    });
    expect(early.json()).toMatchObject({ code: 'ACCOUNT_REOPEN_TOO_EARLY', opensAt: expect.any(String) });

    // A player who closed 400 days ago.
    const old = await createLoggedInPlayer(platform);
    const then = new Date(Date.now() - 400 * 86_400_000);
    await platform.database.db
      .insert(accountExclusions)
      .values({ playerId: old.id, kind: 'closure', startsAt: then, endsAt: null, createdAt: then, source: 'player' });
    expect((await limits.accountState(old.id)).status).toBe('closed');
    const proposed = await call(karen, 'POST', '/Staff/proposals', {
      kind: 'account_reopen',
      playerId: old.id,
      reason: 'Spilleren beder om det',
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect((await limits.accountState(old.id)).status).toBe('closed');
    expect((await approve(await as('Maja Marketing'), proposed.json().data.id)).json().code).toBe('STAFF_ROLE_REQUIRED');
    const approved = await approve(await as('Anders Admin'), proposed.json().data.id, 'Et år er gået, samtale ført');
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await limits.accountState(old.id)).status).toBe('active');
  });

  it('gives a bonus outside a campaign within the Danish caps when a second member approves, once', async () => {
    const player = await createLoggedInPlayer(platform);
    const sofie = await as('Sofie Support');
    const over = await call(sofie, 'POST', '/Staff/proposals', {
      kind: 'manual_bonus',
      playerId: player.id,
      amountOre: 100_001,
      wageringMultiple: 10,
      reason: 'For meget',
    });
    expect(over.json().code).toBe('MANUAL_BONUS_INVALID');
    const wagering = await call(sofie, 'POST', '/Staff/proposals', {
      kind: 'manual_bonus',
      playerId: player.id,
      amountOre: 50_000,
      wageringMultiple: 11,
      reason: 'For højt krav',
    });
    expect(wagering.json().code).toBe('MANUAL_BONUS_INVALID');

    const proposed = await call(sofie, 'POST', '/Staff/proposals', {
      kind: 'manual_bonus',
      playerId: player.id,
      amountOre: 50_000,
      wageringMultiple: 10,
      reason: 'Kompensation for nedbrud',
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    const wallet = createWalletService(platform.database.db, () => new Date());
    expect((await wallet.playerBalances(player.id)).player_bonus).toBe(0);
    expect((await approve(sofie, proposed.json().data.id)).json().code).toBe('FOUR_EYES_SAME_STAFF');
    expect((await approve(await as('Peter Penge'), proposed.json().data.id)).json().code).toBe('STAFF_ROLE_REQUIRED');
    const approved = await approve(await as('Maja Marketing'), proposed.json().data.id, 'Godkendt efter nedbruddet');
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await wallet.playerBalances(player.id)).player_bonus).toBe(50_000);
    const [grant] = await platform.database.db.select().from(bonusGrants).where(eq(bonusGrants.playerId, player.id));
    expect(grant).toMatchObject({ code: 'KUNDESERVICE', amountOre: 50_000, wageringRequirementOre: 500_000, paymentId: null });
    // One bonus at a time: a second is not proposed while this one is open.
    const second = await call(sofie, 'POST', '/Staff/proposals', {
      kind: 'manual_bonus',
      playerId: player.id,
      amountOre: 10_000,
      wageringMultiple: 5,
      reason: 'En til',
    });
    expect(second.json().code).toBe('BONUS_ALREADY_ACTIVE');
    // The player's page shows it.
    const seen = await call(sofie, 'GET', `/Staff/players/${player.id}/bonuses`);
    expect(seen.json().data.bonuses[0]).toMatchObject({ code: 'KUNDESERVICE', amountOre: 50_000 });
  });
});
