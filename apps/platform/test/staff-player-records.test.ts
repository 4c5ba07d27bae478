import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonusGrants } from '../src/bonus/schema.js';
import { playerNotes, rofusChecks } from '../src/players/schema.js';
import { seedDemoStaff } from '../src/staff/demo.js';
import { addTestTitles, gameProvider, launchToken, playerWithCash, type GameProviderClient } from './games-provider.js';
import { createLoggedInPlayer, startTestPlatform, type TestPlatform } from './harness.js';
import { fakeStaffIdp } from './staff-harness.js';

/**
 * The rest of a player's page in the back office (issue 29): their transactions and game rounds
 * as their own history shows them, bonuses, withdrawals, ROFUS checks and staff's notes; read by
 * the roles that work with players, refused to the others by the platform.
 */
const STUDIO_SECRET = 'studio-secret-of-the-player-records-0123456789';
const staff = fakeStaffIdp();
let platform: TestPlatform;
let studio: GameProviderClient;
let now = new Date();

beforeAll(async () => {
  platform = await startTestPlatform({ GAME_PROVIDER_KRONE_STUDIO_SECRET: STUDIO_SECRET }, { staffIdp: staff.idp });
  await seedDemoStaff(platform.database.db);
  platform.setNow(now);
  await addTestTitles(platform.database.db, [{ id: 'test-player-records', stepsOre: [100] }], now);
  studio = gameProvider(platform.publicApp, 'krone-studio', STUDIO_SECRET, () => now);
}, 60_000);
afterAll(async () => {
  await platform?.close();
});

const get = async (headers: Record<string, string>, url: string) => platform.staffApp.inject({ method: 'GET', url, headers });

/** A player with 1 000 kr., three rounds played (1 kr. staked, 1,50 kr. won each) and a 200 kr. withdrawal asked. */
async function playedPlayer() {
  const player = await playerWithCash(platform, 100_000);
  const auth = await studio.call('authenticate', { token: await launchToken(platform, player.token, 'test-player-records') });
  const sessionId = auth.body.data!.sessionId as string;
  for (let index = 0; index < 3; index++) {
    now = new Date(now.getTime() + 5_000);
    platform.setNow(now);
    const roundId = `records-${randomUUID()}`;
    const answer = await studio.call('betAndWin', {
      sessionId,
      roundId,
      transactionId: `b-${roundId}`,
      amountOre: 100,
      winTransactionId: `w-${roundId}`,
      winAmountOre: 150,
      endRound: true,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  }
  const withdrawal = await platform.app.inject({
    method: 'POST',
    url: `/Payments/withdrawals/${player.token}`,
    payload: { amountOre: 20_000 },
  });
  expect(withdrawal.statusCode, withdrawal.body).toBe(200);
  // A moment later: the history's period ends now, exclusive.
  now = new Date(now.getTime() + 1_000);
  platform.setNow(now);
  return player;
}

describe('a player’s records in the back office', () => {
  it('shows support the player’s transactions, rounds, bonuses and withdrawals as the player’s own history has them', async () => {
    const player = await playedPlayer();
    await platform.database.db.insert(bonusGrants).values({
      playerId: player.id,
      code: 'VELKOMST100',
      paymentId: randomUUID(),
      amountOre: 10_000,
      wageringRequirementOre: 100_000,
      grantedAt: now,
      expiresAt: new Date(now.getTime() + 30 * 86_400_000),
    });
    const sofie = await staff.sessionOf(platform, 'Sofie Support');

    const games = (await get(sofie, `/Staff/players/${player.id}/transactions?type=games`)).json().data;
    expect(games.rows.map((row: { kind: string; amountOre: number }) => [row.kind, row.amountOre])).toEqual([
      ['win', 150],
      ['bet', -100],
      ['win', 150],
      ['bet', -100],
      ['win', 150],
      ['bet', -100],
    ]);
    // The player's own list, row for row.
    const own = (await platform.app.inject({ method: 'GET', url: `/Wallet/transactions/${player.token}?type=games&pageSize=25` })).json()
      .data;
    expect(games.rows).toEqual(own.rows);
    const paged = (await get(sofie, `/Staff/players/${player.id}/transactions?pageSize=3&page=2`)).json().data;
    expect(paged).toMatchObject({ page: 2, total: 8, lastPage: 3 });
    expect(paged.rows).toHaveLength(3);

    const rounds = (await get(sofie, `/Staff/players/${player.id}/rounds`)).json().data;
    expect(rounds.total).toBe(3);
    expect(
      rounds.items.map((round: { gameId: string; stakeOre: number; winOre: number; state: string }) => [
        round.gameId,
        round.stakeOre,
        round.winOre,
        round.state,
      ]),
    ).toEqual(Array.from({ length: 3 }, () => ['test-player-records', 100, 150, 'settled']));
    // Newest first, the balance after each round as the ledger had it: 1 000 kr. - 200 kr. reserved came after.
    expect(rounds.items.map((round: { balanceAfterOre: number }) => round.balanceAfterOre)).toEqual([100_150, 100_100, 100_050]);

    const bonuses = (await get(sofie, `/Staff/players/${player.id}/bonuses`)).json().data.bonuses;
    expect(bonuses).toEqual([
      expect.objectContaining({
        code: 'VELKOMST100',
        kind: 'money',
        amountOre: 10_000,
        wageringRequirementOre: 100_000,
        outcome: null,
        freeRounds: null,
      }),
    ]);

    const withdrawals = (await get(sofie, `/Staff/players/${player.id}/withdrawals`)).json().data.withdrawals;
    expect(withdrawals).toEqual([expect.objectContaining({ playerId: player.id, amountOre: 20_000, status: 'pending', rejectedBy: null })]);
  });

  it('keeps staff’s notes as written, newest first, each in the trail; a note too short is refused and adds nothing', async () => {
    const player = await createLoggedInPlayer(platform, { firstName: 'Nora', lastName: 'Noteret' });
    const sofie = await staff.sessionOf(platform, 'Sofie Support');
    const karen = await staff.sessionOf(platform, 'Karen Kontrol');
    const write = (headers: Record<string, string>, text: string) =>
      platform.staffApp.inject({ method: 'POST', url: `/Staff/players/${player.id}/notes`, headers, payload: { text } });
    expect((await write(sofie, 'Ringede om sin udbetaling; forklaret de 24 timers frist.')).statusCode).toBe(200);
    now = new Date(now.getTime() + 60_000);
    platform.setNow(now);
    const second = await write(karen, '  Aftalt opfølgning om en uge.  ');
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data.note).toMatchObject({ text: 'Aftalt opfølgning om en uge.', staffName: 'Karen Kontrol' });

    const short = await write(sofie, 'ok');
    expect(short.statusCode).toBe(400);
    expect(short.json().code).toBe('INVALID_INPUT');

    const notes = (await get(sofie, `/Staff/players/${player.id}/notes`)).json().data.notes;
    expect(notes.map((note: { staffName: string; text: string }) => [note.staffName, note.text])).toEqual([
      ['Karen Kontrol', 'Aftalt opfølgning om en uge.'],
      ['Sofie Support', 'Ringede om sin udbetaling; forklaret de 24 timers frist.'],
    ]);
    const page = (await get(sofie, `/Staff/players/${player.id}`)).json().data;
    expect(
      page.trail
        .filter((entry: { action: string }) => entry.action === 'player.note')
        .map((entry: { staffName: string }) => entry.staffName),
    ).toEqual(['Karen Kontrol', 'Sofie Support']);
    // A note is a record: the database refuses to change or remove one.
    await expect(
      platform.database.db.update(playerNotes).set({ text: 'Ændret' }).where(eq(playerNotes.playerId, player.id)),
    ).rejects.toThrow();
    await expect(platform.database.db.delete(playerNotes).where(eq(playerNotes.playerId, player.id))).rejects.toThrow();
  });

  it('keeps who looked at a player’s data, each page and tab read, for compliance alone to list', async () => {
    const player = await createLoggedInPlayer(platform, { firstName: 'Lise', lastName: 'Læst' });
    const sofie = await staff.sessionOf(platform, 'Sofie Support');
    const karen = await staff.sessionOf(platform, 'Karen Kontrol');
    expect((await get(sofie, `/Staff/players/${player.id}`)).statusCode).toBe(200);
    expect((await get(sofie, `/Staff/players/${player.id}/transactions`)).statusCode).toBe(200);
    // A refused read is no read of the player's data.
    expect((await get(sofie, `/Staff/players/${player.id}/reads`)).statusCode).toBe(403);
    const answer = await get(karen, `/Staff/players/${player.id}/reads`);
    expect(answer.statusCode, answer.body).toBe(200);
    // onResponse runs after the answer is sent: the list is read again until Karen's own read is in it.
    await expect
      .poll(async () =>
        (await get(karen, `/Staff/players/${player.id}/reads`))
          .json()
          .data.reads.map((read: { staffName: string; view: string }) => `${read.staffName}:${read.view}`),
      )
      .toEqual(expect.arrayContaining(['Sofie Support:overview', 'Sofie Support:transactions', 'Karen Kontrol:reads']));
    const all = (await get(karen, `/Staff/players/${player.id}/reads`)).json().data.reads as { staffName: string; view: string }[];
    expect(
      all
        .filter((read) => read.staffName === 'Sofie Support')
        .map((read) => read.view)
        .sort(),
    ).toEqual(['overview', 'transactions']);
  });

  it('lists the ROFUS checks of the person, the registration’s found by the CPR’s hash, nobody else’s', async () => {
    const player = await createLoggedInPlayer(platform);
    const other = await createLoggedInPlayer(platform);
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 9, minutes));
    await platform.database.db.insert(rofusChecks).values([
      { cprHash: `hash-${player.id}`, playerId: null, occasion: 'registration', outcome: 'clear', checkedAt: at(0) },
      { cprHash: `hash-${player.id}`, playerId: player.id, occasion: 'login', outcome: 'unavailable', checkedAt: at(5) },
      {
        cprHash: `hash-${player.id}`,
        playerId: player.id,
        occasion: 'login',
        outcome: 'excluded',
        excludedUntil: '2027-05-01',
        checkedAt: at(10),
      },
      { cprHash: `hash-${other.id}`, playerId: other.id, occasion: 'login', outcome: 'clear', checkedAt: at(7) },
    ]);
    const karen = await staff.sessionOf(platform, 'Karen Kontrol');
    const checks = (await get(karen, `/Staff/players/${player.id}/rofus-checks`)).json().data.checks;
    expect(checks).toEqual([
      { occasion: 'login', outcome: 'excluded', excludedUntil: '2027-05-01', checkedAt: at(10).toISOString() },
      { occasion: 'login', outcome: 'unavailable', excludedUntil: null, checkedAt: at(5).toISOString() },
      { occasion: 'registration', outcome: 'clear', excludedUntil: null, checkedAt: at(0).toISOString() },
    ]);
    await expect(platform.database.db.execute(sql`delete from rofus_checks where cpr_hash = ${`hash-${player.id}`}`)).rejects.toThrow();
  });

  it('is refused to the roles that do not work with players, by the platform; an unknown player is not found', async () => {
    const player = await createLoggedInPlayer(platform);
    const paths = ['transactions', 'rounds', 'bonuses', 'withdrawals', 'notes', 'rofus-checks'];
    for (const name of ['Christian Indhold', 'Maja Marketing']) {
      const headers = await staff.sessionOf(platform, name);
      for (const path of paths) expect((await get(headers, `/Staff/players/${player.id}/${path}`)).statusCode, `${name} ${path}`).toBe(403);
      const note = await platform.staffApp.inject({
        method: 'POST',
        url: `/Staff/players/${player.id}/notes`,
        headers,
        payload: { text: 'Ikke min opgave' },
      });
      expect(note.statusCode).toBe(403);
    }
    expect(await platform.database.db.select().from(playerNotes).where(eq(playerNotes.playerId, player.id))).toHaveLength(0);
    const peter = await staff.sessionOf(platform, 'Peter Penge');
    for (const path of paths) {
      const answer = await get(peter, `/Staff/players/${randomUUID()}/${path}`);
      expect(answer.statusCode, path).toBe(404);
      expect(answer.json().code).toBe('PLAYER_NOT_FOUND');
    }
    expect((await get(peter, `/Staff/players/${player.id}/transactions?type=everything`)).statusCode).toBe(400);
  });
});
