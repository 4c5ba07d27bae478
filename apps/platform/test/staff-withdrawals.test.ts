import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withdrawals } from '../src/payments/schema.js';
import { createPayoutProcessor } from '../src/payments/withdrawals-processor.js';
import { seedDemoStaff } from '../src/staff/demo.js';
import { createWalletService } from '../src/wallet/service.js';
import { createLoggedInPlayer, fundPlayer, startTestPlatform, type TestPlatform } from './harness.js';
import { fakeStaffIdp } from './staff-harness.js';

/**
 * Withdrawals in the back office (issue 29): the payments role's queue with each player's context,
 * hold, approval and rejection with a reason the player sees; four eyes over PAYOUT_FOUR_EYES_ORE,
 * held by the processor and by the database; every step in the trail; other roles refused.
 */
const staffLogin = fakeStaffIdp();

const FOUR_EYES_ORE = 2_500_000;
let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform(
    // No hold: a withdrawal is due at once, so what the processor leaves alone is left by the review's rules.
    { PAYOUT_HOLD_MINUTES: '0', PAYOUT_FOUR_EYES_ORE: String(FOUR_EYES_ORE), NEMKONTO_API_URL: 'http://127.0.0.1:9/nemkonto' },
    { staffIdp: staffLogin.idp },
  );
  await seedDemoStaff(platform.database.db);
});
afterAll(async () => {
  await platform?.close();
});

async function sessionOf(name: string) {
  return staffLogin.sessionOf(platform, name);
}

/** Sends what is due, as the platform's processor does at its interval: how many it claimed. */
async function processDue() {
  const processor = createPayoutProcessor({ config: platform.config, db: platform.database.db, clock: platform.clock });
  const totals = await processor.processDueWithdrawals();
  return totals.sent + totals.failed + totals.retry;
}

async function withdraw(token: string, amountOre: number) {
  const answer = await platform.app.inject({ method: 'POST', url: `/Payments/withdrawals/${token}`, payload: { amountOre } });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data.withdrawal?.id ?? answer.json().data.id;
}
const playerView = async (token: string, id: string) =>
  (await platform.app.inject({ method: 'GET', url: `/Payments/withdrawals/${token}` }))
    .json()
    .data.withdrawals.find((row: { id: string }) => row.id === id);
const cashOf = async (playerId: string) =>
  (await createWalletService(platform.database.db, platform.clock).playerBalances(playerId)).player_cash;
const act = (headers: Record<string, string>, id: string, action: string, reason = 'Kontrol af udbetaling') =>
  platform.staffApp.inject({ method: 'POST', url: `/Staff/withdrawals/${id}/${action}`, headers, payload: { reason } });
const queue = async (headers: Record<string, string>, status = 'open') =>
  (await platform.staffApp.inject({ method: 'GET', url: `/Staff/withdrawals?status=${status}`, headers })).json().data;

describe('withdrawals in the back office', () => {
  it('shows the queue with the player’s context; a hold stops the payout and the player’s cancel, an approval lets it go', async () => {
    const player = await createLoggedInPlayer(platform, { firstName: 'Ulla', lastName: 'Udbetaling' });
    await fundPlayer(platform, player.id, 300_000);
    await fundPlayer(platform, player.id, 200_000);
    const id = await withdraw(player.token, 150_000);
    const peter = await sessionOf('Peter Penge');

    const open = await queue(peter);
    expect(open.fourEyesOverOre).toBe(FOUR_EYES_ORE);
    expect(open.withdrawals.find((row: { id: string }) => row.id === id)).toMatchObject({
      playerId: player.id,
      playerName: 'Ulla Udbetaling',
      amountOre: 150_000,
      status: 'pending',
      needsApproval: false,
      proposal: null,
      context: {
        days: 90,
        cashOre: 350_000,
        depositsOre: 500_000,
        depositCount: 2,
        paidOutOre: 0,
        verification: 'none',
        playerStatus: 'active',
      },
    });

    const held = await act(peter, id, 'hold', 'Indbetalinger skal kontrolleres');
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json().data).toMatchObject({
      outcome: 'held',
      withdrawal: { status: 'held', heldBy: { name: 'Peter Penge' }, holdReason: 'Indbetalinger skal kontrolleres' },
    });
    // The player sees it under way, and can no longer cancel it; the processor leaves it.
    expect(await playerView(player.token, id)).toMatchObject({ status: 'processing', cancellable: false });
    const cancel = await platform.app.inject({ method: 'POST', url: `/Payments/withdrawals/${player.token}/${id}/cancel` });
    expect(cancel.json().code).toBe('WITHDRAWAL_NOT_CANCELLABLE');
    expect(await processDue()).toBe(0);
    expect((await queue(peter, 'held')).withdrawals.map((row: { id: string }) => row.id)).toContain(id);
    expect((await act(peter, id, 'hold')).json().code).toBe('WITHDRAWAL_NOT_REVIEWABLE');

    const approved = await act(peter, id, 'approve', 'Indbetalinger i orden');
    expect(approved.json().data).toMatchObject({
      outcome: 'approved',
      withdrawal: { status: 'pending', approvedBy: { name: 'Peter Penge' } },
    });
    expect(await processDue()).toBe(1);
    const [row] = await platform.database.db.select().from(withdrawals).where(eq(withdrawals.id, id));
    expect(['sending', 'failed']).toContain(row!.status);

    const page = (await platform.staffApp.inject({ method: 'GET', url: `/Staff/players/${player.id}`, headers: peter })).json().data;
    expect(page.trail.slice(0, 2)).toMatchObject([
      {
        action: 'withdrawal.approve',
        staffName: 'Peter Penge',
        reason: 'Indbetalinger i orden',
        before: { status: 'held' },
        after: { status: 'pending' },
      },
      { action: 'withdrawal.hold', reason: 'Indbetalinger skal kontrolleres', before: { status: 'pending' }, after: { status: 'held' } },
    ]);
  });

  it('rejects with a reason the player sees: the money is back on the game account, once', async () => {
    const player = await createLoggedInPlayer(platform);
    await fundPlayer(platform, player.id, 100_000);
    const id = await withdraw(player.token, 60_000);
    expect(await cashOf(player.id)).toBe(40_000);
    const pia = await sessionOf('Pia Penge');

    const rejected = await act(pia, id, 'reject', 'Kontoen er under undersøgelse');
    expect(rejected.json().data).toMatchObject({
      outcome: 'rejected',
      withdrawal: { status: 'rejected', rejectionReason: 'Kontoen er under undersøgelse' },
    });
    expect(await cashOf(player.id)).toBe(100_000);
    expect(await playerView(player.token, id)).toMatchObject({
      status: 'rejected',
      cancellable: false,
      rejectionReason: 'Kontoen er under undersøgelse',
    });
    expect((await act(pia, id, 'reject')).json().code).toBe('WITHDRAWAL_NOT_REVIEWABLE');
    expect((await act(pia, id, 'approve')).json().code).toBe('WITHDRAWAL_NOT_REVIEWABLE');
    expect(await cashOf(player.id)).toBe(100_000);
    expect(await processDue()).toBe(0);
    expect((await queue(pia, 'closed')).withdrawals.map((row: { id: string }) => row.id)).toContain(id);
  });

  it('pays a withdrawal over the four-eyes amount only when a second member approves the first one’s proposal', async () => {
    const player = await createLoggedInPlayer(platform);
    await fundPlayer(platform, player.id, 4_000_000);
    const id = await withdraw(player.token, FOUR_EYES_ORE + 100);
    const [peter, pia] = [await sessionOf('Peter Penge'), await sessionOf('Pia Penge')];

    // Due at once, but not sent: nobody approved it.
    expect(await processDue()).toBe(0);
    const proposed = await act(peter, id, 'approve', 'Stor gevinst, kontrolleret');
    expect(proposed.json().data).toMatchObject({
      outcome: 'proposed',
      withdrawal: { status: 'pending', needsApproval: true, approvedBy: null },
    });
    const proposalId = proposed.json().data.proposalId as string;
    expect((await queue(pia)).withdrawals.find((row: { id: string }) => row.id === id).proposal).toEqual({
      id: proposalId,
      proposedBy: { id: expect.any(String), name: 'Peter Penge' },
    });
    expect((await act(pia, id, 'approve')).json().code).toBe('PROPOSAL_PENDING');
    expect(await processDue()).toBe(0);

    const decide = (headers: Record<string, string>) =>
      platform.staffApp.inject({
        method: 'POST',
        url: `/Staff/proposals/${proposalId}/approve`,
        headers,
        payload: { reason: 'Set og godkendt' },
      });
    const own = await decide(peter);
    expect([own.statusCode, own.json().code]).toEqual([403, 'FOUR_EYES_SAME_STAFF']);
    const listed = (await platform.staffApp.inject({ method: 'GET', url: '/Staff/proposals', headers: pia })).json().data.proposals;
    expect(listed.find((row: { id: string }) => row.id === proposalId)).toMatchObject({
      kind: 'withdrawal_payout',
      withdrawalId: id,
      amountOre: FOUR_EYES_ORE + 100,
    });

    const second = await decide(pia);
    expect(second.json().data).toMatchObject({ status: 'approved', result: { withdrawalId: id, status: 'pending' } });
    const [row] = await platform.database.db.select().from(withdrawals).where(eq(withdrawals.id, id));
    expect(row!.approvedAt).not.toBeNull();
    expect(await processDue()).toBe(1);
  });

  it('holds four eyes in the database too: an unapproved payout over the amount cannot be marked sent', async () => {
    const player = await createLoggedInPlayer(platform);
    await fundPlayer(platform, player.id, 3_000_000);
    const id = await withdraw(player.token, FOUR_EYES_ORE + 1);
    await expect(platform.database.db.update(withdrawals).set({ status: 'sending' }).where(eq(withdrawals.id, id))).rejects.toThrow();
    // The player may still take it back while it waits.
    const cancel = await platform.app.inject({ method: 'POST', url: `/Payments/withdrawals/${player.token}/${id}/cancel` });
    expect(cancel.json().data.status ?? cancel.json().data.withdrawal?.status).toBe('cancelled');
  });

  it('is the payments role’s: support, compliance and content are refused by the platform; bad input changes nothing', async () => {
    const player = await createLoggedInPlayer(platform);
    await fundPlayer(platform, player.id, 50_000);
    const id = await withdraw(player.token, 20_000);
    for (const name of ['Sofie Support', 'Karen Kontrol', 'Christian Indhold']) {
      const headers = await sessionOf(name);
      expect((await platform.staffApp.inject({ method: 'GET', url: '/Staff/withdrawals', headers })).statusCode).toBe(403);
      for (const action of ['hold', 'approve', 'reject']) expect((await act(headers, id, action)).statusCode).toBe(403);
    }
    const peter = await sessionOf('Peter Penge');
    const short = await act(peter, id, 'reject', 'x');
    expect(short.statusCode).toBe(400);
    expect((await act(peter, randomUUID(), 'hold')).json().code).toBe('WITHDRAWAL_NOT_FOUND');
    expect(
      (await platform.staffApp.inject({ method: 'GET', url: '/Staff/withdrawals?status=everything', headers: peter })).statusCode,
    ).toBe(400);
    expect(await playerView(player.token, id)).toMatchObject({ status: 'pending', cancellable: true });
    expect(await cashOf(player.id)).toBe(30_000);
  });
});
