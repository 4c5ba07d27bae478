import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliateCsv, affiliateReport } from '../src/affiliates/report.js';
import { gameRounds } from '../src/games/schema.js';
import { payments } from '../src/payments/schema.js';
import { players } from '../src/players/schema.js';
import { createLoggedInPlayer, startTestPlatform, type TestPlatform } from './harness.js';

/**
 * The affiliate report (src/affiliates/report.ts) over the records it reads: players with their
 * btag and registration time, succeeded deposits, and game rounds. The rows are written as the
 * platform writes them; the times straddle a Copenhagen month's edge on purpose.
 */
let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(async () => platform?.close());

async function player(btag: string | null, registeredAt: string) {
  const { id } = await createLoggedInPlayer(platform);
  await platform.database.db
    .update(players)
    .set({ bTag: btag, registeredAt: new Date(registeredAt) })
    .where(eq(players.id, id));
  return id;
}

async function deposit(playerId: string, amountOre: number, at: string, status = 'succeeded') {
  const when = new Date(at);
  await platform.database.db.insert(payments).values({
    playerId,
    method: 'card',
    amountOre,
    status,
    providerPaymentId: randomUUID(),
    settledAt: when,
    createdAt: when,
    updatedAt: when,
  });
}

async function round(
  playerId: string,
  at: string,
  money: { staked: number; won: number; bonus?: number; jackpot?: number; free?: boolean },
) {
  await platform.database.db.insert(gameRounds).values({
    providerId: 'krone-studio',
    roundId: randomUUID(),
    sessionId: randomUUID(),
    playerId,
    gameId: 'fyrtaarnets-skat',
    stakedOre: money.staked,
    bonusStakedOre: money.bonus ?? 0,
    wonOre: money.won,
    jackpotStakedOre: money.jackpot ?? 0,
    freeRoundGrantId: money.free ? randomUUID() : null,
    createdAt: new Date(at),
  });
}

describe('the affiliate report', () => {
  it('counts registrations, first deposits and net gaming revenue per btag and Copenhagen month', async () => {
    // 30 November 23:30 UTC is 1 December in Copenhagen.
    const anna = await player('partner-a', '2026-11-30T23:30:00Z');
    const bo = await player('partner-a', '2026-12-05T10:00:00Z');
    const carl = await player('partner-b', '2026-11-10T10:00:00Z');
    const untagged = await player(null, '2026-12-02T10:00:00Z');

    await deposit(anna, 100_00, '2026-12-01T08:00:00Z'); // first deposit, December
    await deposit(anna, 500_00, '2026-12-20T08:00:00Z');
    await deposit(anna, 900_00, '2026-12-21T08:00:00Z', 'failed'); // not money
    await deposit(bo, 200_00, '2027-01-02T08:00:00Z'); // first deposit, January
    await deposit(carl, 300_00, '2026-11-11T08:00:00Z');
    await deposit(untagged, 1_000_00, '2026-12-03T08:00:00Z');

    await round(anna, '2026-12-01T09:00:00Z', { staked: 10_00, won: 4_00 }); // +6 kr.
    await round(anna, '2026-12-01T09:01:00Z', { staked: 10_00, won: 0, jackpot: 1_00 }); // +9 kr. (1 kr. to the pool)
    await round(anna, '2026-12-01T09:02:00Z', { staked: 5_00, won: 0, bonus: 5_00 }); // +5 kr., 5 kr. bonus cost
    await round(anna, '2026-12-01T09:03:00Z', { staked: 2_00, won: 12_00, free: true }); // -10 kr., 2 kr. bonus cost
    await round(carl, '2026-11-30T22:59:00Z', { staked: 20_00, won: 0 }); // 23:59 Copenhagen: still November
    await round(untagged, '2026-12-03T09:00:00Z', { staked: 1_000_00, won: 0 });

    const report = await affiliateReport(platform.database.db, { from: '2026-11', to: '2027-01' });
    expect(report).toEqual([
      {
        btag: 'partner-b',
        month: '2026-11',
        registrations: 1,
        firstDeposits: 1,
        firstDepositOre: 300_00,
        depositOre: 300_00,
        ggrOre: 20_00,
        bonusCostOre: 0,
        ngrOre: 20_00,
      },
      {
        btag: 'partner-a',
        month: '2026-12',
        registrations: 2,
        firstDeposits: 1,
        firstDepositOre: 100_00,
        depositOre: 600_00,
        ggrOre: 10_00,
        bonusCostOre: 7_00,
        ngrOre: 3_00,
      },
      {
        btag: 'partner-a',
        month: '2027-01',
        registrations: 0,
        firstDeposits: 1,
        firstDepositOre: 200_00,
        depositOre: 200_00,
        ggrOre: 0,
        bonusCostOre: 0,
        ngrOre: 0,
      },
    ]);

    // One month only, and the CSV a Danish spreadsheet opens.
    const december = await affiliateReport(platform.database.db, { from: '2026-12', to: '2026-12' });
    expect(december.map((row) => row.btag)).toEqual(['partner-a']);
    expect(affiliateCsv(december).split('\n')[1]).toBe('partner-a;2026-12;2;1;100,00;600,00;10,00;7,00;3,00');
  });

  it('refuses months that are not yyyy-mm or run backwards', async () => {
    await expect(affiliateReport(platform.database.db, { from: '2026-13', to: '2026-12' })).rejects.toThrow(/yyyy-mm/);
    await expect(affiliateReport(platform.database.db, { from: '2027-01', to: '2026-12' })).rejects.toThrow(/yyyy-mm/);
  });
});
