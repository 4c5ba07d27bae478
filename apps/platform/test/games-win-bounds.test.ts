import { randomUUID } from 'node:crypto';
import { tableTitleById } from '@krone/games-math';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInvariants } from '../src/invariants/check.js';
import { rowsOf } from '../src/shared/db.js';
import { createWalletService } from '../src/wallet/service.js';
import { addTestTitles, gameProvider, playerWithCash, type GameProviderClient } from './games-provider.js';
import { startTestPlatform, type TestPlatform } from './harness.js';

/**
 * Issue 22 §3: no win past what the game allows, no day past what the operator allows. A provider
 * (or anyone with its secret) pays through the signed contract; the platform refuses a win that
 * takes its round past the stake × the title's largest win (the catalogue's exact fraction,
 * rounded up in the player's favour), and a win that takes the provider's net payout of the
 * Copenhagen day past its limit. Each refusal moves nothing, records nothing of the call, and is a
 * security event on the audit log.
 */
const STUDIO_SECRET = 'studio-secret-of-the-bounds-0123456789';
const CAPPED_SECRET = 'capped-secret-of-the-bounds-0123456789';
/** The capped provider's limit: 100 kr. of net payout a day. */
const CAPPED_LIMIT_ORE = 10_000;
const STEPS = [100, 250, 1_000, 2_000];

let platform: TestPlatform;
// Half an hour before midnight in Copenhagen (23:00 UTC in winter): the suite crosses into the next day.
let now = new Date('2026-11-20T22:30:00Z');
let studio: GameProviderClient;
let capped: GameProviderClient;
/** The suite title's largest win as the catalogue holds it: units over cost. */
let bound: { units: bigint; cost: bigint };

beforeAll(async () => {
  platform = await startTestPlatform({
    GAME_PROVIDER_KRONE_STUDIO_SECRET: STUDIO_SECRET,
    GAME_PROVIDERS_EXTRA: `capped-studio:${CAPPED_SECRET}`,
    GAME_PROVIDER_DAILY_PAYOUT_LIMITS: `capped-studio:${CAPPED_LIMIT_ORE}`,
  });
  platform.setNow(now);
  await addTestTitles(platform.database.db, [
    { id: 'graense-slot', stepsOre: STEPS },
    { id: 'graense-slot-capped', providerId: 'capped-studio', stepsOre: STEPS },
  ]);
  studio = gameProvider(platform.publicApp, 'krone-studio', STUDIO_SECRET, () => now);
  capped = gameProvider(platform.publicApp, 'capped-studio', CAPPED_SECRET, () => now);
  const [row] = await rowsOf<{ largest_win_units: string; cost_units: number; largest_win: number }>(
    sql`select largest_win_units, cost_units, largest_win from games where id = 'graense-slot'`,
    platform.database.db,
  );
  bound = { units: BigInt(row!.largest_win_units), cost: BigInt(row!.cost_units) };
  // The exact fraction is the catalogue's figure.
  expect(Number(bound.units) / Number(bound.cost)).toBe(row!.largest_win);
}, 60_000);
afterAll(async () => {
  await platform.close();
});

/** The most a round staked `stakeOre` may win: ceil(stake × units / cost), in øre. */
const largestWinOre = (stakeOre: number) => Number((BigInt(stakeOre) * bound.units + bound.cost - 1n) / bound.cost);

async function seated(
  provider: GameProviderClient,
  cashOre: number,
  gameId = provider === capped ? 'graense-slot-capped' : 'graense-slot',
) {
  const player = await playerWithCash(platform, cashOre);
  const launched = await platform.app.inject({
    method: 'POST',
    url: `/Games/launch/${player.token}`,
    payload: { providerId: provider.id, gameId, mode: 'real' },
  });
  expect(launched.statusCode, launched.body).toBe(200);
  const auth = await provider.call('authenticate', { token: (launched.json() as { data: { token: string } }).data.token });
  expect(auth.status).toBe(200);
  return { player, sessionId: auth.body.data!.sessionId as string };
}

const id = (prefix: string) => `${prefix}-${randomUUID()}`;
const cash = async (playerId: string) => (await createWalletService(platform.database.db, () => now).playerBalances(playerId)).player_cash;
/** What the ledger, the contract's records and the exposure hold: a refused call changes none of it. */
async function footprint() {
  const [row] = await rowsOf<{ transfers: number; calls: number; exposure: string; rounds: string }>(
    sql`select (select count(*)::int from wallet_transfers) as transfers,
               (select count(*)::int from game_transactions) as calls,
               (select coalesce(sum(amount_ore), 0)::text from game_provider_exposure) as exposure,
               (select coalesce(sum(won_ore), 0)::text from game_rounds) as rounds`,
    platform.database.db,
  );
  return row!;
}
/** The security chain's refused wins, oldest first. */
async function refusedWins() {
  const rows = await rowsOf<{ body: string }>(
    sql`select body from audit_log where chain = 'security' and body like '%game_win_refused%' order by seq`,
    platform.database.db,
  );
  return rows.map((row) => JSON.parse(row.body) as Record<string, unknown>);
}

describe('a round’s wins stay within its stake × the title’s largest win', () => {
  it('pays up to the bound, rounded up to the øre, and refuses one øre more (win and betAndWin), moving nothing', async () => {
    // 250 øre: stake × units / cost is not whole for this title's cost, so the bound is rounded up.
    const stake = 250;
    const maximum = largestWinOre(stake);
    expect(maximum).toBeGreaterThan(stake);
    const { player, sessionId } = await seated(studio, 10_000);
    const roundId = id('round');
    expect((await studio.call('bet', { sessionId, roundId, transactionId: id('bet'), amountOre: stake })).status).toBe(200);
    // Two wins of the round together: the bound is the round's, not each call's.
    const first = Math.floor(maximum / 2);
    expect((await studio.call('win', { sessionId, roundId, transactionId: id('win'), amountOre: first })).status).toBe(200);
    const before = await footprint();
    const eventsBefore = (await refusedWins()).length;
    const overTransaction = id('win');
    const over = await studio.call('win', { sessionId, roundId, transactionId: overTransaction, amountOre: maximum - first + 1 });
    expect(over.status).toBe(403);
    expect(over.body).toMatchObject({ result: 0, code: 'GAME_WIN_EXCEEDS_MAXIMUM' });
    expect((over.body as { message?: string }).message).toMatch(/største mulige gevinst/);
    expect(await footprint()).toEqual(before);
    expect(await cash(player.id)).toBe(10_000 - stake + first);
    const events = (await refusedWins()).slice(eventsBefore);
    expect(events).toEqual([
      expect.objectContaining({
        event: 'game_win_refused',
        reason: 'GAME_WIN_EXCEEDS_MAXIMUM',
        provider: 'krone-studio',
        roundId,
        transactionId: overTransaction,
        amountOre: maximum - first + 1,
        stakedOre: stake,
        largestWinOre: maximum,
      }),
    ]);
    // The same id again is decided again (nothing of it was recorded): exactly the rest of the bound is paid.
    expect((await studio.call('win', { sessionId, roundId, transactionId: overTransaction, amountOre: maximum - first })).status).toBe(200);
    expect(await cash(player.id)).toBe(10_000 - stake + maximum);
    // Now at the bound: any further win of the round is refused, 1 øre too.
    expect((await studio.call('win', { sessionId, roundId, transactionId: id('win'), amountOre: 1 })).body.code).toBe(
      'GAME_WIN_EXCEEDS_MAXIMUM',
    );

    // A whole round in one call: the bound is paid, one øre more refuses the round whole (not even the stake moves).
    const whole = (amountOre: number, winAmountOre: number) =>
      studio.call('betAndWin', {
        sessionId,
        roundId: id('round'),
        transactionId: id('bet'),
        amountOre,
        winTransactionId: id('win'),
        winAmountOre,
        endRound: true,
      });
    const beforeWhole = await footprint();
    const cashBefore = await cash(player.id);
    const refused = await whole(1_000, largestWinOre(1_000) + 1);
    expect(refused).toMatchObject({ status: 403, body: { code: 'GAME_WIN_EXCEEDS_MAXIMUM' } });
    expect(await footprint()).toEqual(beforeWhole);
    expect(await cash(player.id)).toBe(cashBefore);
    expect((await whole(1_000, largestWinOre(1_000))).status).toBe(200);
    expect(await cash(player.id)).toBe(cashBefore - 1_000 + largestWinOre(1_000));
    expect((await checkInvariants(platform.database.db, { now })).filter((invariant) => !invariant.ok)).toEqual([]);
  });

  it('refuses a win of 1,000,000 kr. on a 1 kr. stake, however often it is sent', async () => {
    const { player, sessionId } = await seated(studio, 1_000);
    const roundId = id('round');
    expect((await studio.call('bet', { sessionId, roundId, transactionId: id('bet'), amountOre: 100 })).status).toBe(200);
    for (let i = 0; i < 3; i++)
      expect((await studio.call('win', { sessionId, roundId, transactionId: id('win'), amountOre: 100_000_000 })).body.code).toBe(
        'GAME_WIN_EXCEEDS_MAXIMUM',
      );
    expect(await cash(player.id)).toBe(900);
  });

  it('bounds a table round by its title’s largest win over every stake of the round: a blackjack hand of 100 kr. doubled wins at most 500 kr.', async () => {
    const { units, cost } = tableTitleById('blackjack-vegas')!.largestWin;
    // A blackjack pays 3:2: 5/2 of the stake back, and nothing returns more per øre staked.
    expect({ units, cost }).toEqual({ units: 5, cost: 2 });
    const tableBound = (stakedOre: number) => Math.ceil((stakedOre * units) / cost);
    const { player, sessionId } = await seated(studio, 100_000, 'blackjack-vegas');
    const roundId = id('hand');
    for (const transactionId of [id('bet'), id('double')])
      expect((await studio.call('bet', { sessionId, roundId, transactionId, amountOre: 10_000 })).status).toBe(200);
    expect(tableBound(20_000)).toBe(50_000);
    // Paid in two parts, one øre past the bound refused, nothing moved.
    expect((await studio.call('win', { sessionId, roundId, transactionId: id('win'), amountOre: 30_000 })).status).toBe(200);
    const before = await footprint();
    const over = await studio.call('win', { sessionId, roundId, transactionId: id('win'), amountOre: 20_001 });
    expect(over).toMatchObject({ status: 403, body: { code: 'GAME_WIN_EXCEEDS_MAXIMUM' } });
    expect(await footprint()).toEqual(before);
    expect((await studio.call('win', { sessionId, roundId, transactionId: id('win'), amountOre: 20_000 })).status).toBe(200);
    expect(await cash(player.id)).toBe(100_000 - 20_000 + 50_000);

    // A whole hand in one call: 15 kr. wins up to 37.50 kr. (1,500 × 5 / 2 øre).
    const whole = (amountOre: number, winAmountOre: number) =>
      studio.call('betAndWin', {
        sessionId,
        roundId: id('hand'),
        transactionId: id('bet'),
        amountOre,
        winTransactionId: id('win'),
        winAmountOre,
        endRound: true,
      });
    expect((await whole(1_500, tableBound(1_500) + 1)).body.code).toBe('GAME_WIN_EXCEEDS_MAXIMUM');
    expect((await whole(1_500, tableBound(1_500))).status).toBe(200);

    // Roulette: a straight up's 36 × the stake is a spin's most.
    const roulette = await seated(studio, 10_000, 'europaeisk-roulette');
    const spin = (winAmountOre: number) =>
      studio.call('betAndWin', {
        sessionId: roulette.sessionId,
        roundId: id('spin'),
        transactionId: id('bet'),
        amountOre: 1_000,
        winTransactionId: id('win'),
        winAmountOre,
        endRound: true,
      });
    expect((await spin(36_001)).body.code).toBe('GAME_WIN_EXCEEDS_MAXIMUM');
    expect((await spin(36_000)).status).toBe(200);
    expect((await checkInvariants(platform.database.db, { now })).filter((invariant) => !invariant.ok)).toEqual([]);
  });
});

describe('a provider’s net payout in a Copenhagen day stays within its limit', () => {
  it('refuses the win that takes the day past the limit, moving nothing, and pays again the next day', async () => {
    const { player, sessionId } = await seated(capped, 100_000);
    const play = async (stake: number, win: number) => {
      const roundId = id('round');
      const bet = await capped.call('bet', { sessionId, roundId, transactionId: id('bet'), amountOre: stake });
      expect(bet.status).toBe(200);
      return { roundId, paid: await capped.call('win', { sessionId, roundId, transactionId: id('win'), amountOre: win }) };
    };
    // Net payout 5,000, then 10,000 (a whole round): exactly the limit.
    expect((await play(1_000, 6_000)).paid.status).toBe(200);
    const whole = await capped.call('betAndWin', {
      sessionId,
      roundId: id('round'),
      transactionId: id('bet'),
      amountOre: 1_000,
      winTransactionId: id('win'),
      winAmountOre: 6_000,
      endRound: true,
    });
    expect(whole.status).toBe(200);
    // A stake brings the day to 9,000: a win of 1,001 would make 10,001.
    const { roundId } = await play(1_000, 0);
    const before = await footprint();
    const cashBefore = await cash(player.id);
    const eventsBefore = (await refusedWins()).length;
    const over = await capped.call('win', { sessionId, roundId, transactionId: id('win'), amountOre: 1_001 });
    expect(over).toMatchObject({ status: 409, body: { result: 0, code: 'GAME_PROVIDER_EXPOSURE_EXCEEDED' } });
    expect((over.body as { message?: string }).message).toMatch(/grænse for udbetalinger/);
    expect(await footprint()).toEqual(before);
    expect(await cash(player.id)).toBe(cashBefore);
    expect((await refusedWins()).slice(eventsBefore)).toEqual([
      expect.objectContaining({ reason: 'GAME_PROVIDER_EXPOSURE_EXCEEDED', provider: 'capped-studio', limitOre: CAPPED_LIMIT_ORE }),
    ]);
    // Past its limit the provider is closed to new stakes for the rest of the day (a whole round
    // too), so that no player goes on playing rounds that could lose but not win; nothing moves.
    const suspended = await capped.call('betAndWin', {
      sessionId,
      roundId: id('round'),
      transactionId: id('bet'),
      amountOre: 1_000,
      winTransactionId: id('win'),
      winAmountOre: 0,
      endRound: true,
    });
    expect(suspended.body.code).toBe('GAME_PROVIDER_SUSPENDED');
    expect((suspended.body as { message?: string }).message).toMatch(/lukket resten af dagen/);
    const betRefused = await capped.call('bet', { sessionId, roundId: id('round'), transactionId: id('bet'), amountOre: 1_000 });
    expect(betRefused).toMatchObject({ status: 409, body: { code: 'GAME_PROVIDER_SUSPENDED' } });
    expect(await footprint()).toEqual(before);
    // A round already staked is still paid, up to the limit.
    expect((await capped.call('win', { sessionId, roundId, transactionId: id('win'), amountOre: 1_000 })).status).toBe(200);
    // The provider's games account fell by exactly the limit today.
    const [games] = await rowsOf<{ sum: string }>(
      sql`select coalesce(sum(e.amount_ore), 0)::text as sum from wallet_entries e join wallet_accounts a on a.id = e.account_id
          where a.kind = 'provider:capped-studio:games'`,
      platform.database.db,
    );
    expect(Number(games!.sum)).toBe(-CAPPED_LIMIT_ORE);
    // Another provider's day is its own: our studio still pays.
    const ours = await seated(studio, 1_000);
    const ourRound = id('round');
    expect(
      (await studio.call('bet', { sessionId: ours.sessionId, roundId: ourRound, transactionId: id('bet'), amountOre: 100 })).status,
    ).toBe(200);
    expect(
      (await studio.call('win', { sessionId: ours.sessionId, roundId: ourRound, transactionId: id('win'), amountOre: 1_001 })).status,
    ).toBe(200);

    // The next Copenhagen day (midnight in Copenhagen is 23:00 UTC in winter) starts afresh, open again.
    now = new Date('2026-11-20T23:00:01Z');
    platform.setNow(now);
    expect((await play(1_000, 6_000)).paid.status).toBe(200);
    // Wins racing for the rest of the day's limit (5,000): eight whole rounds of +2,000 at once,
    // each its own player; exactly two fit, on any number of connections (PostgreSQL in CI).
    const seats = await Promise.all(Array.from({ length: 8 }, () => seated(capped, 10_000)));
    const raced = await Promise.all(
      seats.map((seat) =>
        capped.call('betAndWin', {
          sessionId: seat.sessionId,
          roundId: id('round'),
          transactionId: id('bet'),
          amountOre: 1_000,
          winTransactionId: id('win'),
          winAmountOre: 3_000,
          endRound: true,
        }),
      ),
    );
    expect(raced.filter((answer) => answer.status === 200)).toHaveLength(2);
    // The others refused: past the limit, or (once one was) the provider closed for the day.
    const codes = raced.filter((answer) => answer.status !== 200).map((answer) => answer.body.code);
    expect(codes).toHaveLength(6);
    expect(codes).toContain('GAME_PROVIDER_EXPOSURE_EXCEEDED');
    for (const code of codes) expect(['GAME_PROVIDER_EXPOSURE_EXCEEDED', 'GAME_PROVIDER_SUSPENDED']).toContain(code);
    const balances = await Promise.all(seats.map((seat) => cash(seat.player.id)));
    expect(balances.sort()).toEqual([...Array(6).fill(10_000), 12_000, 12_000]);
    expect((await checkInvariants(platform.database.db, { now })).filter((invariant) => !invariant.ok)).toEqual([]);
  });
});
