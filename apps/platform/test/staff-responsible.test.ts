import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLimitsService } from '../src/limits/service.js';
import { payments, withdrawals } from '../src/payments/schema.js';
import { sessions } from '../src/players/schema.js';
import { seedDemoStaff } from '../src/staff/demo.js';
import { createWalletService } from '../src/wallet/service.js';
import { createLoggedInPlayer, startTestPlatform, type TestPlatform } from './harness.js';
import { fakeStaffIdp } from './staff-harness.js';

/**
 * Responsible gaming in the back office (issue 29): markers of risk from the player's own data
 * (deposits rising, a limit reached, night play, long sessions, cancelled withdrawals), the list of
 * players to contact, and the contact recorded; compliance's work, refused to others.
 */
const staffLogin = fakeStaffIdp();

const NOW = new Date('2026-06-15T12:00:00Z');
const daysAgo = (days: number, hourUtc = 12) => new Date(Date.UTC(2026, 5, 15 - days, hourUtc, 0, 0));
let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform({}, { staffIdp: staffLogin.idp });
  await seedDemoStaff(platform.database.db);
});
afterAll(async () => {
  platform.setNow(undefined);
  await platform?.close();
});

async function sessionOf(name: string) {
  platform.setNow(undefined);
  return staffLogin.sessionOf(platform, name);
}

/** A succeeded card deposit settled at `at`, as the payments context leaves it (the row; markers read the rows). */
async function deposited(playerId: string, amountOre: number, at: Date) {
  await platform.database.db.insert(payments).values({
    playerId,
    method: 'card',
    amountOre,
    status: 'succeeded',
    providerPaymentId: randomUUID(),
    settledAt: at,
    createdAt: at,
    updatedAt: at,
  });
}

/** Stakes placed at the given moments (the ledger's bet transfers from the player's cash). */
async function staked(playerId: string, moments: Date[]) {
  for (const at of moments) {
    platform.setNow(at);
    const wallet = createWalletService(platform.database.db, platform.clock);
    const [cash, games, clearing] = await Promise.all([
      wallet.playerAccount(playerId, 'player_cash'),
      wallet.systemAccount('provider:rg:games'),
      wallet.systemAccount('payment_clearing'),
    ]);
    await wallet.transfer({
      idempotencyKey: `fund:${randomUUID()}`,
      kind: 'deposit',
      entries: [
        { accountId: clearing, amountOre: -100 },
        { accountId: cash, amountOre: 100 },
      ],
    });
    await wallet.transfer({
      idempotencyKey: `bet:${randomUUID()}`,
      kind: 'bet',
      entries: [
        { accountId: cash, amountOre: -100 },
        { accountId: games, amountOre: 100 },
      ],
      reference: { game: 'rg-game' },
    });
  }
}

async function cancelledWithdrawal(playerId: string, at: Date) {
  await platform.database.db.insert(withdrawals).values({
    id: randomUUID(),
    playerId,
    amountOre: 10_000,
    status: 'cancelled',
    requestedAt: at,
    sendAfter: at,
    expectedBy: at,
    cancelledAt: at,
    reserveTransferId: randomUUID(),
    updatedAt: at,
  });
}

describe('responsible gaming in the back office', () => {
  it('lists the players whose own data shows markers, with each marker’s figure, and takes a recorded contact off the list', async () => {
    const rising = await createLoggedInPlayer(platform, { firstName: 'Rikke', lastName: 'Risiko' });
    await deposited(rising.id, 20_000, daysAgo(45));
    await deposited(rising.id, 150_000, daysAgo(5));
    // A month's limit of 1 000 kr. nearly used: 950 kr. in the last 30 days.
    const limited = await createLoggedInPlayer(platform, { firstName: 'Lars', lastName: 'Loft' });
    await createLimitsService({ db: platform.database.db, clock: () => daysAgo(40) }).setInitialDepositLimit(
      platform.database.db,
      limited.id,
      'month',
      100_000,
    );
    await deposited(limited.id, 95_000, daysAgo(3));
    // 20 stakes, 8 of them between 00:00 and 06:00 in Copenhagen (00:30-03:30 UTC in June is 02:30-05:30 there).
    const night = await createLoggedInPlayer(platform, { firstName: 'Nina', lastName: 'Natteravn' });
    await staked(night.id, [
      ...Array.from({ length: 8 }, (_, i) => daysAgo(i + 1, 1)),
      ...Array.from({ length: 12 }, (_, i) => daysAgo(i + 1, 14)),
    ]);
    // A login of 4 hours, and two withdrawals taken back.
    const long = await createLoggedInPlayer(platform, { firstName: 'Lone', lastName: 'Langspil' });
    await platform.database.db.insert(sessions).values({
      tokenHash: randomUUID(),
      playerId: long.id,
      method: 'mitid',
      createdAt: daysAgo(2, 18),
      lastSeenAt: new Date(daysAgo(2, 18).getTime() + 4 * 3_600_000),
      expiresAt: daysAgo(1),
    });
    await cancelledWithdrawal(long.id, daysAgo(6));
    await cancelledWithdrawal(long.id, daysAgo(4));
    // Nothing to see: a deposit like the month before, a day-time stake or two, one cancelled withdrawal.
    const calm = await createLoggedInPlayer(platform, { firstName: 'Carl', lastName: 'Rolig' });
    await deposited(calm.id, 50_000, daysAgo(40));
    await deposited(calm.id, 50_000, daysAgo(10));
    await cancelledWithdrawal(calm.id, daysAgo(4));

    const karen = await sessionOf('Karen Kontrol');
    platform.setNow(NOW);
    const list = async () =>
      (await platform.staffApp.inject({ method: 'GET', url: '/Staff/responsible', headers: karen })).json().data as {
        windowDays: number;
        players: { playerId: string; markers: { kind: string; value: number }[]; lastContact: unknown }[];
      };
    const first = await list();
    expect(first.windowDays).toBe(30);
    const markersOf = (id: string) => first.players.find((row) => row.playerId === id)?.markers;
    expect(markersOf(rising.id)).toEqual([{ kind: 'deposits_rising', value: 150_000 }]);
    expect(markersOf(limited.id)).toEqual([{ kind: 'limit_reached', value: 95 }]);
    expect(markersOf(night.id)).toEqual([{ kind: 'night_play', value: 40 }]);
    expect(markersOf(long.id)).toEqual([
      { kind: 'long_sessions', value: 1 },
      { kind: 'cancelled_withdrawals', value: 2 },
    ]);
    expect(markersOf(calm.id)).toBeUndefined();
    // Most markers first.
    expect(first.players[0]!.playerId).toBe(long.id);

    const recorded = await platform.staffApp.inject({
      method: 'POST',
      url: `/Staff/players/${long.id}/rg-contacts`,
      headers: karen,
      payload: { channel: 'phone', outcome: 'reached', reason: 'Talt om spilletid; spilleren vil sætte en pause' },
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json().data).toMatchObject({
      staffName: 'Karen Kontrol',
      channel: 'phone',
      outcome: 'reached',
      markers: markersOf(long.id),
    });
    const after = await list();
    expect(after.players.map((row) => row.playerId)).not.toContain(long.id);
    const all = (await platform.staffApp.inject({ method: 'GET', url: '/Staff/responsible?filter=all', headers: karen })).json().data;
    expect(all.players.find((row: { playerId: string }) => row.playerId === long.id).lastContact).toMatchObject({
      note: 'Talt om spilletid; spilleren vil sætte en pause',
    });
    const own = (await platform.staffApp.inject({ method: 'GET', url: `/Staff/players/${long.id}/rg-contacts`, headers: karen })).json()
      .data;
    expect(own.contacts).toHaveLength(1);
    platform.setNow(undefined);
    const page = (await platform.staffApp.inject({ method: 'GET', url: `/Staff/players/${long.id}`, headers: karen })).json().data;
    expect(page.trail[0]).toMatchObject({
      action: 'player.rg_contact',
      staffName: 'Karen Kontrol',
      reason: 'Talt om spilletid; spilleren vil sætte en pause',
    });
  });

  it('is compliance’s: support and payments are refused; a contact without a note or with an unknown channel changes nothing', async () => {
    const player = await createLoggedInPlayer(platform);
    for (const name of ['Sofie Support', 'Peter Penge', 'Maja Marketing']) {
      const headers = await sessionOf(name);
      expect((await platform.staffApp.inject({ method: 'GET', url: '/Staff/responsible', headers })).statusCode).toBe(403);
      const post = await platform.staffApp.inject({
        method: 'POST',
        url: `/Staff/players/${player.id}/rg-contacts`,
        headers,
        payload: { channel: 'phone', outcome: 'reached', reason: 'Forsøg' },
      });
      expect(post.statusCode).toBe(403);
    }
    const karen = await sessionOf('Karen Kontrol');
    for (const payload of [
      { channel: 'phone', outcome: 'reached', reason: ' x ' },
      { channel: 'sms', outcome: 'reached', reason: 'Sendt en SMS' },
    ]) {
      const answer = await platform.staffApp.inject({
        method: 'POST',
        url: `/Staff/players/${player.id}/rg-contacts`,
        headers: karen,
        payload,
      });
      expect(answer.statusCode).toBe(400);
    }
    const missing = await platform.staffApp.inject({
      method: 'POST',
      url: `/Staff/players/${randomUUID()}/rg-contacts`,
      headers: karen,
      payload: { channel: 'email', outcome: 'not_reached', reason: 'Ingen svar' },
    });
    expect(missing.json().code).toBe('PLAYER_NOT_FOUND');
    const own = (await platform.staffApp.inject({ method: 'GET', url: `/Staff/players/${player.id}/rg-contacts`, headers: karen })).json()
      .data;
    expect(own).toEqual({ windowDays: 30, markers: [], contacts: [] });
  });
});
