import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tournamentScores } from '../src/games/tournament-scores.js';
import { checkInvariants } from '../src/invariants/check.js';
import { players } from '../src/players/schema.js';
import { createSessionStore } from '../src/players/sessions.js';
import {
  editionAt,
  editionOf,
  editionWindow,
  endedEditions,
  MAX_PRIZE_ORE,
  parseTournaments,
  prizePool,
  TOURNAMENTS,
} from '../src/tournaments/definitions.js';
import { tournamentEntries, tournamentPrizes } from '../src/tournaments/schema.js';
import { createTournaments, drawPlaces } from '../src/tournaments/service.js';
import { walletTransfers } from '../src/wallet/schema.js';
import { createWalletService } from '../src/wallet/service.js';
import { gameProvider, launchToken, type GameProviderClient } from './games-provider.js';
import { createLoggedInPlayer, fundPlayer, startTestPlatform, type TestPlatform } from './harness.js';

// Issue 27: tournaments. A player joins the edition running now; their points are their best
// round's win over its stake on the tournament's titles, own money at the minimum stake, from the
// rounds played after joining; the leaderboard is read from the rounds whenever asked; at the end
// the standings are taken once and the prizes paid once each, as bonuses within the Danish cap.

const SECRET = 'krone-development-studio-secret';
const MONTHLY = TOURNAMENTS.find((entry) => entry.slug === 'maanedens-turnering')!;
const [TITLE, SECOND_TITLE] = MONTHLY.rule.gameIds;
const OTHER_TITLE = 'fyrtaarnets-skat';
// A moment within the first edition (November 2026), before today: real sessions made now are live then.
const DURING = new Date('2026-11-27T12:00:00Z');
const AFTER = new Date('2026-12-01T00:10:00Z');

let platform: TestPlatform;
let studio: GameProviderClient;

beforeAll(async () => {
  platform = await startTestPlatform({ TOURNAMENT_SETTLE_INTERVAL_SECONDS: '0' });
  platform.setNow(DURING);
  studio = gameProvider(platform.publicApp, 'krone-studio', SECRET, platform.clock);
}, 60_000);

afterAll(async () => {
  await platform.close();
});

type Row = { rank: number; name: string | null; points: number; prizeOre: number; me: boolean };
type View = {
  slug: string;
  edition: string;
  status: string;
  entrants: number;
  leaderboard: Row[];
  joinedAt: string | null;
  standing: Row | null;
};

/** A player with 1.000 kr. of their own, a session on the platform's clock, and a given name. */
async function newPlayer(firstName: string, lastName: string) {
  const { id } = await createLoggedInPlayer(platform, { firstName, lastName });
  await fundPlayer(platform, id, 100_000);
  return { id, token: await sessionOf(id) };
}

const sessionOf = async (playerId: string) =>
  (await createSessionStore(platform.database.db, platform.clock, { idleMs: 3_600_000, absoluteMs: 3_600_000 }).create(playerId, 'mitid'))
    .token;

const join = (token: string, edition: string, tournament = MONTHLY.slug) =>
  platform.app.inject({ method: 'POST', url: `/Tournaments/${token}/join`, payload: { tournament, edition } });

async function publicView(): Promise<View> {
  const response = await platform.app.inject({ method: 'GET', url: '/Tournaments' });
  expect(response.statusCode).toBe(200);
  return (response.json() as { data: { tournaments: View[] } }).data.tournaments.find((entry) => entry.slug === MONTHLY.slug)!;
}

async function playerView(token: string) {
  const response = await platform.app.inject({ method: 'GET', url: `/Tournaments/${token}` });
  expect(response.statusCode, response.body).toBe(200);
  const data = (response.json() as { data: { tournaments: View[]; prizes: { edition: string; rank: number; prizeOre: number }[] } }).data;
  return { view: data.tournaments.find((entry) => entry.slug === MONTHLY.slug)!, prizes: data.prizes };
}

/** One whole round on a title, as the studio plays it: its stake from the player's balance, its win paid. */
async function round(token: string, gameId: string, stakeOre: number, winOre: number) {
  const launched = await launchToken(platform, token, gameId);
  const authenticated = await studio.call('authenticate', { token: launched });
  expect(authenticated.status, JSON.stringify(authenticated.body)).toBe(200);
  const { sessionId } = authenticated.body.data as { sessionId: string };
  const roundId = randomUUID();
  const answer = await studio.call('betAndWin', {
    sessionId,
    roundId,
    transactionId: `${roundId}:bet`,
    amountOre: stakeOre,
    winTransactionId: `${roundId}:win`,
    winAmountOre: winOre,
    endRound: true,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  // Rounds a second apart: "the first to reach a score" is told by their times.
  platform.setNow(new Date(platform.clock().getTime() + 1_000));
}

const cashOf = async (playerId: string) =>
  (await createWalletService(platform.database.db, platform.clock).playerBalances(playerId)).player_cash;

describe('the tournaments’ terms', () => {
  it('pay no prize over the Danish cap on a bonus (1.000 kr.), in places that follow each other', () => {
    for (const tournament of TOURNAMENTS) {
      for (const band of tournament.prizes) expect(band.prizeOre).toBeLessThanOrEqual(MAX_PRIZE_ORE);
    }
    expect(prizePool(MONTHLY)).toEqual({ places: 100, totalOre: 1_050_000 });
    const bad = { ...MONTHLY, prizes: [{ fromRank: 1, toRank: 1, prizeOre: 100_001 }] };
    expect(() => parseTournaments([bad])).toThrow();
    const gap = { ...MONTHLY, prizes: [{ fromRank: 2, toRank: 3, prizeOre: 100 }] };
    expect(() => parseTournaments([gap])).toThrow(/follow each other/);
  });

  it('run each edition from midnight to midnight in Copenhagen time', () => {
    expect(editionWindow('monthly', '2026-11')).toEqual({
      edition: '2026-11',
      startsAt: new Date('2026-10-31T23:00:00Z'),
      endsAt: new Date('2026-11-30T23:00:00Z'),
    });
    // The summer-time month: March starts on CET and ends on CEST.
    expect(editionWindow('monthly', '2027-03')).toMatchObject({
      startsAt: new Date('2027-02-28T23:00:00Z'),
      endsAt: new Date('2027-03-31T22:00:00Z'),
    });
    expect(editionWindow('weekly', '2026-W48')).toMatchObject({
      startsAt: new Date('2026-11-22T23:00:00Z'),
      endsAt: new Date('2026-11-29T23:00:00Z'),
    });
    expect(editionAt('monthly', new Date('2026-11-30T23:30:00Z')).edition).toBe('2026-12');
    expect(editionAt('weekly', new Date('2027-01-01T12:00:00Z')).edition).toBe('2026-W53');
    expect(editionWindow('monthly', '2026-13')).toBeNull();
    expect(editionWindow('weekly', '2025-W53')).toBeNull();
  });
});

describe('the Thursday draw’s terms (Torsdagsroulette)', () => {
  const DRAW = TOURNAMENTS.find((entry) => entry.slug === 'torsdagsroulette')!;

  it('run each ISO week on its Thursday from 19:00 to 22:00 in Copenhagen, in winter and in summer', () => {
    expect(editionOf(DRAW, '2026-W49')).toEqual({
      edition: '2026-W49',
      startsAt: new Date('2026-12-03T18:00:00Z'),
      endsAt: new Date('2026-12-03T21:00:00Z'),
    });
    expect(editionOf(DRAW, '2027-W26')).toMatchObject({
      startsAt: new Date('2027-07-01T17:00:00Z'),
      endsAt: new Date('2027-07-01T20:00:00Z'),
    });
    // Over once its evening is (not at the week's end), and not before its first Thursday.
    expect(endedEditions(DRAW, new Date('2026-12-03T20:59:00Z'), 3)).toEqual([]);
    expect(endedEditions(DRAW, new Date('2026-12-03T21:00:00Z'), 3).map((edition) => edition.edition)).toEqual(['2026-W49']);
    expect(endedEditions(DRAW, new Date('2026-12-12T12:00:00Z'), 3).map((edition) => edition.edition)).toEqual(['2026-W50', '2026-W49']);
    expect(prizePool(DRAW)).toEqual({ places: 100, totalOre: 1_000_000 });
  });

  it('refuse a draw without its rounds, rounds on a ranked tournament, and an evening that ends before it starts', () => {
    const { minRounds: _minRounds, ...withoutRounds } = DRAW.rule;
    expect(() => parseTournaments([{ ...DRAW, rule: withoutRounds }])).toThrow(/minRounds/);
    expect(() => parseTournaments([{ ...MONTHLY, rule: { ...MONTHLY.rule, minRounds: 10 } }])).toThrow(/minRounds/);
    expect(() => parseTournaments([{ ...DRAW, window: { weekday: 4, from: '22:00', to: '19:00' } }])).toThrow(/window/);
    expect(() => parseTournaments([{ ...MONTHLY, window: { weekday: 4, from: '19:00', to: '22:00' } }])).toThrow(/window/);
  });

  it('draw the places among the tickets, each ticket at most once and each as likely as another', () => {
    const tickets = ['a', 'b', 'c', 'd', 'e'];
    expect(drawPlaces(tickets, 100)).toHaveLength(5);
    expect(new Set(drawPlaces(tickets, 100))).toEqual(new Set(tickets));
    // Fisher–Yates: the last of those left each time, the first drawn swapped into its place.
    expect(drawPlaces(tickets, 2, (max) => max - 1)).toEqual(['e', 'a']);
    expect(drawPlaces(tickets, 2, () => 0)).toEqual(['a', 'b']);
    const won = new Map(tickets.map((ticket) => [ticket, 0]));
    const draws = 20_000;
    for (let i = 0; i < draws; i += 1) {
      const drawn = drawPlaces(tickets, 2);
      expect(new Set(drawn).size).toBe(2);
      for (const ticket of drawn) won.set(ticket, won.get(ticket)! + 1);
    }
    // Each wins 2 in 5 draws: 8.000 of 20.000, its standard deviation 69; 600 off is over eight of them.
    for (const count of won.values()) expect(Math.abs(count - (draws * 2) / 5)).toBeLessThan(600);
  });
});

describe('a tournament edition', () => {
  it('counts each entrant’s best own-money round after joining, live, and pays the places once at the end', async () => {
    const anna = await newPlayer('Anna Marie', 'Andersen');
    const bo = await newPlayer('Bo', 'Berg');
    const carl = await newPlayer('Carl', 'Carlsen');
    const dorte = await newPlayer('Dorte', 'Dam');
    await platform.database.db.update(players).set({ winnersOptOut: true }).where(eq(players.id, dorte.id));

    // Before joining, a round does not count.
    await round(anna.token, TITLE!, 100, 10_000);
    expect((await join(anna.token, '2026-11')).statusCode).toBe(200);
    expect((await join(bo.token, '2026-11')).statusCode).toBe(200);
    expect((await join(dorte.token, '2026-11')).statusCode).toBe(200);
    expect((await publicView()).leaderboard).toEqual([]);

    // 5 × the stake each: Anna first, so she ranks above Bo on the same score.
    await round(anna.token, TITLE!, 100, 500);
    await round(bo.token, SECOND_TITLE!, 200, 1_000);
    // None of these count: another title, a round lost, a player not joined.
    await round(bo.token, OTHER_TITLE, 100, 10_000);
    await round(dorte.token, TITLE!, 100, 0);
    await round(carl.token, TITLE!, 100, 10_000);

    let board = await publicView();
    expect(board).toMatchObject({ edition: '2026-11', status: 'open', entrants: 3 });
    expect(board.leaderboard).toEqual([
      expect.objectContaining({ rank: 1, name: 'Anna A.', points: 500, prizeOre: 100_000, me: false }),
      expect.objectContaining({ rank: 2, name: 'Bo B.', points: 500, prizeOre: 75_000, me: false }),
    ]);

    // The board changes with the next round: Bo's 8 × the stake puts him first; Dorte, not shown by name, third.
    await round(bo.token, SECOND_TITLE!, 100, 800);
    await round(dorte.token, TITLE!, 300, 1_050);
    board = await publicView();
    expect(board.leaderboard.map((row) => [row.rank, row.name, row.points])).toEqual([
      [1, 'Bo B.', 800],
      [2, 'Anna A.', 500],
      [3, null, 350],
    ]);
    const mine = await playerView(dorte.token);
    expect(mine.view.joinedAt).not.toBeNull();
    expect(mine.view.standing).toMatchObject({ rank: 3, points: 350, prizeOre: 50_000, me: true });
    expect((await playerView(carl.token)).view).toMatchObject({ joinedAt: null, standing: null });

    // The end: a join is refused, and the standings are taken once, whichever process runs the job.
    platform.setNow(AFTER);
    const lateToken = await sessionOf(carl.id);
    const late = await join(lateToken, '2026-11');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'TOURNAMENT_ENDED' });
    expect(late.json().message).toMatch(/slut/);
    const before = { anna: await cashOf(anna.id), bo: await cashOf(bo.id), dorte: await cashOf(dorte.id) };
    const settle = () =>
      createTournaments({
        db: platform.database.db,
        clock: platform.clock,
        wallet: createWalletService(platform.database.db, platform.clock),
        scores: tournamentScores,
        shownNames: async () => new Map(),
        assertMayPlay: async () => undefined,
      }).settleEnded();
    const runs = await Promise.all([settle(), settle()]);
    expect(runs.reduce((sum, run) => sum + run.prizes, 0)).toBe(3);
    expect((await settle()).prizes).toBe(0);
    expect(await cashOf(bo.id)).toBe(before.bo + 100_000);
    expect(await cashOf(anna.id)).toBe(before.anna + 75_000);
    expect(await cashOf(dorte.id)).toBe(before.dorte + 50_000);
    // Carl, not joined, won more than anyone and is paid nothing.
    expect(await cashOf(carl.id)).toBe(100_000 - 100 + 10_000);
    const paid = await platform.database.db.select().from(tournamentPrizes).where(eq(tournamentPrizes.edition, '2026-11'));
    expect(paid.map((row) => [row.rank, row.prizeOre]).sort()).toEqual([
      [1, 100_000],
      [2, 75_000],
      [3, 50_000],
    ]);
    const transfers = await platform.database.db.select().from(walletTransfers).where(eq(walletTransfers.kind, 'bonus_prize'));
    expect(transfers).toHaveLength(3);

    // The winner's page and transactions tell of the prize: a transfer bonus, of money.
    platform.setNow(new Date(AFTER.getTime() + 60_000));
    const boToken = await sessionOf(bo.id);
    const page = await playerView(boToken);
    expect(page.prizes).toEqual([expect.objectContaining({ edition: '2026-11', rank: 1, prizeOre: 100_000 })]);
    expect(page.view).toMatchObject({ edition: '2026-12', status: 'open', joinedAt: null });
    const history = await platform.app.inject({ method: 'GET', url: `/Wallet/transactions/${boToken}?type=bonus` });
    expect(history.statusCode, history.body).toBe(200);
    const rows = (history.json() as { data: { rows: { kind: string; status: string; bonusType: string | null; amountOre: number }[] } })
      .data.rows;
    expect(rows).toEqual([
      expect.objectContaining({ kind: 'bonus_prize', status: 'transfer_bonus', bonusType: 'money', amountOre: 100_000 }),
    ]);

    const invariants = await checkInvariants(platform.database.db, { now: AFTER });
    expect(invariants.filter((entry) => !entry.ok)).toEqual([]);
    platform.setNow(DURING);
  });

  it('refuses a second join, an edition it does not run, and a paused player, changing nothing', async () => {
    const erik = await newPlayer('Erik', 'Eriksen');
    expect((await join(erik.token, '2026-11')).statusCode).toBe(200);
    const twice = await join(erik.token, '2026-11');
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'TOURNAMENT_ALREADY_JOINED' });
    for (const [edition, tournament] of [
      ['2026-10', MONTHLY.slug],
      ['2026-13', MONTHLY.slug],
      ['2026-11', 'ingen-turnering'],
    ] as const) {
      const refused = await join(erik.token, edition, tournament);
      expect(refused.statusCode, edition).toBe(404);
      expect(refused.json()).toMatchObject({ code: 'TOURNAMENT_NOT_FOUND' });
    }
    const malformed = await join(erik.token, 'november');
    expect(malformed.statusCode).toBe(400);

    const frida = await newPlayer('Frida', 'Friis');
    expect(
      (await platform.app.inject({ method: 'POST', url: `/Limits/${frida.token}/pause`, payload: { duration: '24h' } })).statusCode,
    ).toBe(200);
    const paused = await join(frida.token, '2026-11');
    expect(paused.json()).toMatchObject({ code: 'ACCOUNT_PAUSED' });
    const entries = await platform.database.db
      .select()
      .from(tournamentEntries)
      .where(and(eq(tournamentEntries.playerId, frida.id), eq(tournamentEntries.edition, '2026-11')));
    expect(entries).toEqual([]);
    expect((await platform.app.inject({ method: 'GET', url: `/Tournaments/${'x'.repeat(40)}` })).statusCode).toBe(401);
  });
});
