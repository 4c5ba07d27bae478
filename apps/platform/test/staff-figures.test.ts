import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/shared/db.js';
import { seedDemoStaff } from '../src/staff/demo.js';
import { createWalletService } from '../src/wallet/service.js';
import { createLoggedInPlayer, startTestPlatform, type TestPlatform } from './harness.js';
import { fakeStaffIdp } from './staff-harness.js';

/**
 * The operator's figures in the back office (issue 29): per Copenhagen day and month and per game,
 * deposits, withdrawals, stakes, wins, GGR, bonus cost and NGR, the ledger's numbers to the øre,
 * and the same as CSV; the payments role's, refused to others.
 */
const staffLogin = fakeStaffIdp();

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
  return staffLogin.sessionOf(platform, name);
}

/** Money moved as the platform's contexts move it, at a moment of the test's choosing. */
async function move(at: string, kind: string, from: string, to: string, amountOre: number, reference: Record<string, string> = {}) {
  platform.setNow(new Date(at));
  const wallet = createWalletService(platform.database.db, platform.clock);
  return wallet.transfer({
    idempotencyKey: `${kind}:${randomUUID()}`,
    kind,
    entries: [
      { accountId: from, amountOre: -amountOre },
      { accountId: to, amountOre },
    ],
    reference,
  });
}

describe('figures in the back office', () => {
  it('adds up each Copenhagen day and month from the ledger, per game too, and matches the house’s accounts to the øre', async () => {
    const wallet = createWalletService(platform.database.db, platform.clock);
    const anna = await createLoggedInPlayer(platform);
    const [cash, bonus, reserve] = await Promise.all(
      (['player_cash', 'player_bonus', 'player_payout_reserve'] as const).map((kind) => wallet.playerAccount(anna.id, kind)),
    );
    const [clearing, payouts, bonusCost, games] = await Promise.all([
      wallet.systemAccount('payment_clearing'),
      wallet.systemAccount('payout_clearing'),
      wallet.systemAccount('bonus_cost'),
      wallet.systemAccount('provider:figures:games'),
    ]);

    // 10 March (Copenhagen): a deposit, a stake and a win on one game, a stake on another refunded.
    await move('2026-03-10T09:00:00Z', 'deposit', clearing, cash, 100_000, { paymentId: randomUUID() });
    await move('2026-03-10T09:05:00Z', 'bet', cash, games, 10_000, { game: 'figures-a' });
    await move('2026-03-10T09:06:00Z', 'win', games, cash, 25_000, { game: 'figures-a' });
    const refunded = await move('2026-03-10T09:07:00Z', 'bet', cash, games, 5_000, { game: 'figures-b' });
    platform.setNow(new Date('2026-03-10T09:08:00Z'));
    await createWalletService(platform.database.db, platform.clock).reverse(refunded.transferId, 'rollback');
    // 23:30 UTC is 00:30 on 11 March in Copenhagen: a bonus, a bonus stake, a forfeit, a payout.
    await move('2026-03-10T23:30:00Z', 'bonus_grant', bonusCost, bonus, 20_000);
    await move('2026-03-10T23:40:00Z', 'bet', bonus, games, 8_000, { game: 'figures-a' });
    await move('2026-03-11T08:00:00Z', 'bonus_forfeit', bonus, bonusCost, 12_000);
    const withdrawalId = randomUUID();
    await move('2026-03-11T09:00:00Z', 'withdrawal', cash, reserve, 50_000, { withdrawalId });
    await move('2026-03-11T10:00:00Z', 'payout', reserve, payouts, 50_000, { withdrawalId });
    platform.setNow(new Date('2026-03-12T12:00:00Z'));

    const peter = await sessionOf('Peter Penge');
    const daily = await platform.staffApp.inject({ method: 'GET', url: '/Staff/figures?from=2026-03-09&to=2026-03-12', headers: peter });
    expect(daily.statusCode, daily.body).toBe(200);
    const zero = { depositsOre: 0, withdrawalsOre: 0, stakesOre: 0, cashStakesOre: 0, bonusStakesOre: 0, winsOre: 0, bonusCostOre: 0 };
    expect(daily.json().data.rows).toEqual([
      {
        ...zero,
        period: '2026-03-10',
        depositsOre: 100_000,
        stakesOre: 10_000,
        cashStakesOre: 10_000,
        winsOre: 25_000,
        ggrOre: -15_000,
        ngrOre: -15_000,
      },
      {
        ...zero,
        period: '2026-03-11',
        withdrawalsOre: 50_000,
        stakesOre: 8_000,
        bonusStakesOre: 8_000,
        ggrOre: 8_000,
        bonusCostOre: 8_000,
        ngrOre: 0,
      },
    ]);
    const monthly = (
      await platform.staffApp.inject({ method: 'GET', url: '/Staff/figures?from=2026-03-01&to=2026-03-31&grain=month', headers: peter })
    ).json().data;
    expect(monthly.rows).toEqual([{ ...monthly.total, period: '2026-03' }]);
    expect(monthly.total).toMatchObject({
      depositsOre: 100_000,
      withdrawalsOre: 50_000,
      stakesOre: 18_000,
      winsOre: 25_000,
      ggrOre: -7_000,
      bonusCostOre: 8_000,
      ngrOre: -15_000,
    });
    expect(monthly.games).toEqual([
      { gameId: 'figures-b', name: 'figures-b', stakesOre: 0, winsOre: 0, ggrOre: 0, bets: 0 },
      { gameId: 'figures-a', name: 'figures-a', stakesOre: 18_000, winsOre: 25_000, ggrOre: -7_000, bets: 2 },
    ]);

    // The ledger's own accounts say the same: what the games account kept is the GGR, and so on.
    const balance = async (accountId: string) =>
      Number(
        (
          await rowsOf<{ sum: string }>(
            sql`select coalesce(sum(amount_ore), 0) as sum from wallet_entries where account_id = ${accountId}`,
            platform.database.db,
          )
        )[0]!.sum,
      );
    expect(monthly.total.ggrOre).toBe(await balance(games));
    expect(monthly.total.depositsOre).toBe(-(await balance(clearing)));
    expect(monthly.total.withdrawalsOre).toBe(await balance(payouts));
    expect(monthly.total.bonusCostOre).toBe(-(await balance(bonusCost)));

    const csv = await platform.staffApp.inject({ method: 'GET', url: '/Staff/figures/csv?from=2026-03-09&to=2026-03-12', headers: peter });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="krone-tal-2026-03-09-2026-03-12.csv"');
    expect(csv.body.trim().split('\n')).toEqual([
      'periode;indbetalinger_kr;udbetalinger_kr;indsatser_kr;heraf_kontant_kr;heraf_bonus_kr;gevinster_kr;ggr_kr;bonusomkostning_kr;ngr_kr',
      '2026-03-10;1000,00;0,00;100,00;100,00;0,00;250,00;-150,00;0,00;-150,00',
      '2026-03-11;0,00;500,00;80,00;0,00;80,00;0,00;80,00;80,00;0,00',
      'i alt;1000,00;500,00;180,00;100,00;80,00;250,00;-70,00;80,00;-150,00',
    ]);
  });

  it('is the payments role’s, and refuses a period that is not one', async () => {
    for (const name of ['Sofie Support', 'Karen Kontrol', 'Christian Indhold']) {
      const headers = await sessionOf(name);
      const answer = await platform.staffApp.inject({ method: 'GET', url: '/Staff/figures?from=2026-03-01&to=2026-03-02', headers });
      expect([answer.statusCode, answer.json().code]).toEqual([403, 'STAFF_ROLE_REQUIRED']);
      expect(
        (await platform.staffApp.inject({ method: 'GET', url: '/Staff/figures/csv?from=2026-03-01&to=2026-03-02', headers })).statusCode,
      ).toBe(403);
    }
    const anders = await sessionOf('Anders Admin');
    for (const search of [
      'from=2026-03-05&to=2026-03-01',
      'from=2026-02-30&to=2026-03-01',
      'from=2024-01-01&to=2026-01-01',
      'from=x&to=y',
    ]) {
      const answer = await platform.staffApp.inject({ method: 'GET', url: `/Staff/figures?${search}`, headers: anders });
      expect([answer.statusCode, answer.json().code], search).toEqual([400, 'FIGURES_RANGE_INVALID']);
    }
    const months = await platform.staffApp.inject({
      method: 'GET',
      url: '/Staff/figures?from=2024-01-01&to=2026-01-01&grain=month',
      headers: anders,
    });
    expect(months.statusCode).toBe(200);
  });
});
