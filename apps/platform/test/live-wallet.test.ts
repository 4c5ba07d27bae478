import { createHmac, randomUUID } from 'node:crypto';
import { tableTitleById, type TableTitle } from '@krone/games-math';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/audit/schema.js';
import { bonusGrants } from '../src/bonus/schema.js';
import type { Db } from '../src/db/client.js';
import { catalogueRow } from '../src/games/catalogue-sync.js';
import { providersFromConfig } from '../src/games/providers.js';
import { gameRounds, games, liveHandResults } from '../src/games/schema.js';
import { loadConfig, productionProblems } from '../src/config.js';
import { rowsOf } from '../src/shared/db.js';
import { tournamentScores } from '../src/games/tournament-scores.js';
import { createSessionStore } from '../src/players/sessions.js';
import { TOURNAMENTS } from '../src/tournaments/definitions.js';
import { tournamentPrizes } from '../src/tournaments/schema.js';
import { createTournaments } from '../src/tournaments/service.js';
import { createWalletService } from '../src/wallet/service.js';
import { launchToken, playerWithCash } from './games-provider.js';
import { startTestPlatform, type TestPlatform } from './harness.js';

/**
 * The live studio's wallet (games/providers/lysmester/): Lysmester Live calls the platform's public
 * listener in its own protocol, signed as its stand-in signs (apps/sims/src/live/wallet.ts; the
 * HMAC is written again here, the platform never imports the stand-ins), and each call lands on
 * the games contract under provider `lysmester-live`. After the suite the ledger's audit holds.
 */
const LIVE_SECRET = 'lysmester-live-wallet-secret-of-the-tests';
const PROVIDER = 'lysmester-live';
/** A live roulette table: stakes of whole kroner, at most 500 kr. a debit and 1,000 kr. a round. */
const TABLE = 'krone-roulette-live';
/** The live blackjack table the championship counts hands at (tournaments/tournaments.json). */
const BLACKJACK = 'nattergal-blackjack';
const CHAMPIONSHIP = 'live-blackjack-mesterskabet';

let platform: TestPlatform;

/**
 * A live title for a suite: a table title's rules and largest win (European roulette's by default)
 * under an id of the studio's tables, as the live studio's provider, with game_type 'live' and a
 * live category, and a table's stake rule (migration 0026), so its debits pass the stake rule.
 */
async function addTestLiveTable(
  db: Db,
  spec: { id: string; category?: string; model?: string; stake?: Partial<TableTitle['stake']> },
  now = new Date(),
) {
  const model = tableTitleById(spec.model ?? 'europaeisk-roulette')!;
  const title = {
    ...model,
    id: spec.id,
    name: `Testbord live ${spec.id}`,
    studio: 'Lysmester Live',
    providerId: PROVIDER,
    stake: { ...model.stake, unitOre: 100, maxCallOre: 50_000, maxRoundOre: 100_000, ...spec.stake },
  } as TableTitle;
  const row = { ...catalogueRow(title, now), gameType: 'live', category: spec.category ?? 'live-roulette' };
  await db.insert(games).values(row).onConflictDoUpdate({ target: games.id, set: row });
  return title;
}

beforeAll(async () => {
  platform = await startTestPlatform({ GAME_PROVIDER_LYSMESTER_LIVE_SECRET: LIVE_SECRET });
  await addTestLiveTable(platform.database.db, { id: TABLE });
}, 60_000);
afterAll(async () => {
  await platform.close();
});

type Operation = 'balance' | 'debit' | 'credit' | 'cancel';
interface Answer {
  http: number;
  body: { status: string; balance?: number; currency?: string; message?: string };
}

const sign = (secret: string, timestamp: number, body: string) =>
  `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

/** A wallet call as the studio sends it; `options` send what a forger, a slow clock or a tamperer would. */
async function call(
  operation: Operation,
  payload: Record<string, unknown>,
  options: { secret?: string; at?: number; signature?: string; body?: string; tampered?: string } = {},
): Promise<Answer> {
  const body = options.body ?? JSON.stringify({ requestId: randomUUID(), ...payload });
  const timestamp = options.at ?? Math.floor(platform.clock().getTime() / 1000);
  const response = await platform.publicApp.inject({
    method: 'POST',
    url: `/Games/live/lysmester/${operation}`,
    headers: {
      'content-type': 'application/json',
      'x-lysmester-timestamp': String(timestamp),
      'x-lysmester-signature': options.signature ?? sign(options.secret ?? LIVE_SECRET, timestamp, body),
    },
    // A tampered body: what the signature covered is not what arrives.
    payload: options.tampered ?? body,
  });
  return { http: response.statusCode, body: response.json() as Answer['body'] };
}

const wallet = () => createWalletService(platform.database.db, platform.clock);
const balanceOf = async (playerId: string) => {
  const balances = await wallet().playerBalances(playerId);
  return balances.player_cash + balances.player_bonus;
};
const transferCount = async () =>
  Number((await rowsOf<{ n: string | number }>(sql`select count(*) as n from wallet_transfers`, platform.database.db))[0]!.n);

/** A player with money, seated at the live table through our launch (the token the studio's calls carry). */
async function seated(cashOre: number) {
  return seatedAt(TABLE, cashOre);
}
async function seatedAt(table: string, cashOre: number) {
  const player = await playerWithCash(platform, cashOre);
  const sessionToken = await launchToken(platform, player.token, table, PROVIDER);
  return { player, sessionToken };
}

let ids = 0;
const id = (prefix: string) => `${prefix}-${++ids}-${randomUUID().slice(0, 8)}`;
const tableRound = () => id(`${TABLE}-r`);

const debitOf = (sessionToken: string, roundId: string, amount: number, transactionId = id('lys')) => ({
  sessionToken,
  transactionId,
  roundId,
  tableId: TABLE,
  amount,
  currency: 'DKK',
});
const creditOf = (sessionToken: string, roundId: string, amount: number, debitTransactionIds: string[]) => ({
  ...debitOf(sessionToken, roundId, amount, `${roundId}-${sessionToken.slice(4, 16)}-credit`),
  debitTransactionIds,
});
const cancelOf = (sessionToken: string, roundId: string, referenceTransactionId: string, amount: number) => ({
  ...debitOf(sessionToken, roundId, amount, `${referenceTransactionId}-cancel`),
  referenceTransactionId,
});

describe('Lysmester Live wallet', () => {
  it('tells the balance and takes a debit’s stake exactly, answering in the studio’s shape', async () => {
    const { player, sessionToken } = await seated(50_000);
    expect(await call('balance', { sessionToken })).toEqual({ http: 200, body: { status: 'OK', balance: 50_000, currency: 'DKK' } });
    const debit = await call('debit', debitOf(sessionToken, tableRound(), 2_500));
    expect(debit).toEqual({ http: 200, body: { status: 'OK', balance: 47_500, currency: 'DKK' } });
    expect(await balanceOf(player.id)).toBe(47_500);
  });

  it('pays a credit once when it is sent twice, and closes the round', async () => {
    const { player, sessionToken } = await seated(10_000);
    const roundId = tableRound();
    const debit = debitOf(sessionToken, roundId, 1_000);
    expect((await call('debit', debit)).body.status).toBe('OK');
    const credit = creditOf(sessionToken, roundId, 3_600, [debit.transactionId]);
    const first = await call('credit', credit);
    expect(first).toEqual({ http: 200, body: { status: 'OK', balance: 12_600, currency: 'DKK' } });
    const transfers = await transferCount();
    const again = await call('credit', credit);
    expect(again).toEqual(first);
    expect(await transferCount()).toBe(transfers);
    expect(await balanceOf(player.id)).toBe(12_600);
    // The round is closed: a debit into it after its credit is refused, and nothing moves.
    const late = await call('debit', debitOf(sessionToken, roundId, 1_000));
    expect(late).toMatchObject({ http: 409, body: { status: 'BET_NOT_ALLOWED' } });
    expect(await balanceOf(player.id)).toBe(12_600);
  });

  it('closes a lost round with a credit of 0: nothing paid, the round ended', async () => {
    const { player, sessionToken } = await seated(10_000);
    const roundId = tableRound();
    const debit = debitOf(sessionToken, roundId, 2_000);
    await call('debit', debit);
    const transfers = await transferCount();
    const credit = await call('credit', creditOf(sessionToken, roundId, 0, [debit.transactionId]));
    expect(credit).toEqual({ http: 200, body: { status: 'OK', balance: 8_000, currency: 'DKK' } });
    expect(await transferCount()).toBe(transfers);
    const [round] = await platform.database.db
      .select({ endedAt: gameRounds.endedAt, stakedOre: gameRounds.stakedOre, wonOre: gameRounds.wonOre })
      .from(gameRounds)
      .where(and(eq(gameRounds.providerId, PROVIDER), sql`${gameRounds.roundId} like ${`${roundId}:%`}`));
    expect(round).toMatchObject({ stakedOre: 2_000, wonOre: 0, endedAt: expect.any(Date) });
    expect(await balanceOf(player.id)).toBe(8_000);
  });

  it('asks the studio to try a credit again that comes before its debit stands (503), and pays it once the debit has landed', async () => {
    const { player, sessionToken } = await seated(10_000);
    const roundId = tableRound();
    const debit = debitOf(sessionToken, roundId, 1_000);
    const credit = creditOf(sessionToken, roundId, 2_000, [debit.transactionId]);
    const early = await call('credit', credit);
    expect(early).toMatchObject({ http: 503, body: { status: 'SERVER_ERROR' } });
    expect(await balanceOf(player.id)).toBe(10_000);
    await call('debit', debit);
    expect(await call('credit', credit)).toMatchObject({ http: 200, body: { status: 'OK', balance: 11_000 } });
  });

  it('gives a cancelled debit back, once', async () => {
    const { player, sessionToken } = await seated(10_000);
    const roundId = tableRound();
    const debit = debitOf(sessionToken, roundId, 4_000);
    await call('debit', debit);
    expect(await balanceOf(player.id)).toBe(6_000);
    const cancel = cancelOf(sessionToken, roundId, debit.transactionId, 4_000);
    expect(await call('cancel', cancel)).toEqual({ http: 200, body: { status: 'OK', balance: 10_000, currency: 'DKK' } });
    expect(await call('cancel', cancel)).toEqual({ http: 200, body: { status: 'OK', balance: 10_000, currency: 'DKK' } });
    expect(await balanceOf(player.id)).toBe(10_000);
    // The debit sent again after its cancel is answered as the first time (each transaction id has
    // one answer) and not taken again.
    const transfers = await transferCount();
    expect(await call('debit', debit)).toEqual({ http: 200, body: { status: 'OK', balance: 6_000, currency: 'DKK' } });
    expect(await transferCount()).toBe(transfers);
    expect(await balanceOf(player.id)).toBe(10_000);
    // Nothing stands in the round: it is over (a voided round is not "unsettled" for good), and a new debit in it is refused.
    const [round] = await platform.database.db
      .select({ endedAt: gameRounds.endedAt, stakedOre: gameRounds.stakedOre })
      .from(gameRounds)
      .where(and(eq(gameRounds.providerId, PROVIDER), sql`${gameRounds.roundId} like ${`${roundId}:%`}`));
    expect(round).toMatchObject({ stakedOre: 0 });
    expect(round!.endedAt).not.toBeNull();
    expect((await call('debit', debitOf(sessionToken, roundId, 1_000))).body.status).not.toBe('OK');
    expect(await balanceOf(player.id)).toBe(10_000);
  });

  it('leaves a round open while one of its debits still stands after a cancel of another: the credit ends it', async () => {
    const { player, sessionToken } = await seated(10_000);
    const roundId = tableRound();
    const taken = debitOf(sessionToken, roundId, 2_000);
    await call('debit', taken);
    const lost = debitOf(sessionToken, roundId, 1_000);
    await call('debit', lost);
    await call('cancel', cancelOf(sessionToken, roundId, lost.transactionId, 1_000));
    const open = () =>
      platform.database.db
        .select({ endedAt: gameRounds.endedAt })
        .from(gameRounds)
        .where(and(eq(gameRounds.providerId, PROVIDER), sql`${gameRounds.roundId} like ${`${roundId}:%`}`));
    expect((await open())[0]!.endedAt).toBeNull();
    await call('credit', creditOf(sessionToken, roundId, 4_000, [taken.transactionId]));
    expect((await open())[0]!.endedAt).not.toBeNull();
    expect(await balanceOf(player.id)).toBe(12_000);
  });

  it('refuses a debit that arrives after the cancel of it (TRANSACTION_UNKNOWN), and nothing moves', async () => {
    const { player, sessionToken } = await seated(10_000);
    const roundId = tableRound();
    const debit = debitOf(sessionToken, roundId, 3_000);
    const transfers = await transferCount();
    expect(await call('cancel', cancelOf(sessionToken, roundId, debit.transactionId, 3_000))).toEqual({
      http: 200,
      body: { status: 'OK', balance: 10_000, currency: 'DKK' },
    });
    expect(await call('debit', debit)).toMatchObject({ http: 409, body: { status: 'TRANSACTION_UNKNOWN' } });
    expect(await transferCount()).toBe(transfers);
    expect(await balanceOf(player.id)).toBe(10_000);
  });

  it('refuses a call whose signature is wrong, stale, unprefixed or over another body (401 SIGNATURE_INVALID), and logs it', async () => {
    const { player, sessionToken } = await seated(10_000);
    const before = (await platform.database.db.select().from(auditLog).where(eq(auditLog.chain, 'security'))).length;
    const transfers = await transferCount();
    const debit = debitOf(sessionToken, tableRound(), 1_000);
    const now = Math.floor(Date.now() / 1000);
    const refused = [
      await call('debit', debit, { secret: 'not-the-studio-secret-0123456789' }),
      await call('debit', debit, { at: now - 301 }),
      await call('debit', debit, { signature: sign(LIVE_SECRET, now, JSON.stringify(debit)).slice('sha256='.length) }),
      await call('debit', debit, { tampered: JSON.stringify({ ...debit, amount: 1 }) }),
      await call('debit', debit, { signature: '' }),
    ];
    for (const answer of refused) expect(answer).toEqual({ http: 401, body: { status: 'SIGNATURE_INVALID' } });
    expect(await transferCount()).toBe(transfers);
    expect(await balanceOf(player.id)).toBe(10_000);
    await platform.flushSecurityEvents();
    const rows = (await platform.database.db.select().from(auditLog).where(eq(auditLog.chain, 'security')).orderBy(auditLog.seq)).slice(
      before,
    );
    const bodies = rows.map((row) => JSON.parse(row.body) as Record<string, unknown>);
    expect(bodies.filter((body) => body.event === 'game_signature_invalid' && body.provider === PROVIDER).length).toBeGreaterThan(0);
    expect(bodies.reduce((sum, body) => sum + (body.provider === PROVIDER ? (body.count as number) : 0), 0)).toBe(5);
  });

  it('refuses a debit over the balance (INSUFFICIENT_FUNDS with the balance), and nothing moves', async () => {
    const { player, sessionToken } = await seated(1_500);
    const answer = await call('debit', debitOf(sessionToken, tableRound(), 2_000));
    expect(answer).toMatchObject({ http: 402, body: { status: 'INSUFFICIENT_FUNDS', balance: 1_500 } });
    expect(await balanceOf(player.id)).toBe(1_500);
  });

  it('refuses a paused player’s debit (PLAYER_BLOCKED) with nothing moved, and still pays the credit of a round they bet before', async () => {
    const { player, sessionToken } = await seated(10_000);
    const roundId = tableRound();
    const debit = debitOf(sessionToken, roundId, 1_000);
    await call('debit', debit);
    const pause = await platform.app.inject({ method: 'POST', url: `/Limits/${player.token}/pause`, payload: { duration: '24h' } });
    expect(pause.statusCode).toBe(200);
    const transfers = await transferCount();
    const refused = await call('debit', debitOf(sessionToken, tableRound(), 1_000));
    expect(refused).toMatchObject({ http: 403, body: { status: 'PLAYER_BLOCKED' } });
    expect(await transferCount()).toBe(transfers);
    expect(await balanceOf(player.id)).toBe(9_000);
    expect(await call('credit', creditOf(sessionToken, roundId, 2_000, [debit.transactionId]))).toMatchObject({
      http: 200,
      body: { status: 'OK', balance: 11_000 },
    });
  });

  it('refuses a logged-out player’s debit (SESSION_INVALID) with nothing moved, and still pays the credit of a round they bet before', async () => {
    const { player, sessionToken } = await seated(10_000);
    const roundId = tableRound();
    const debit = debitOf(sessionToken, roundId, 1_000);
    expect(await call('debit', debit)).toMatchObject({ http: 200, body: { status: 'OK' } });
    const logout = await platform.app.inject({ method: 'POST', url: `/Players/sessions/${player.token}/logout` });
    expect(logout.statusCode).toBe(200);
    const transfers = await transferCount();
    expect(await call('debit', debitOf(sessionToken, tableRound(), 1_000))).toMatchObject({ body: { status: 'SESSION_INVALID' } });
    expect(await transferCount()).toBe(transfers);
    expect(await balanceOf(player.id)).toBe(9_000);
    expect(await call('credit', creditOf(sessionToken, roundId, 0, [debit.transactionId]))).toMatchObject({
      http: 200,
      body: { status: 'OK' },
    });
  });

  it('holds an open bonus’s maximum bet (100 kr.) for a table round’s debits together: the one past it is refused, nothing moved', async () => {
    const { player, sessionToken } = await seated(30_000);
    const grantId = randomUUID();
    const now = platform.clock();
    await platform.database.db.insert(bonusGrants).values({
      id: grantId,
      playerId: player.id,
      code: 'VELKOMST100',
      paymentId: randomUUID(),
      amountOre: 10_000,
      wageringRequirementOre: 10_000_000,
      grantedAt: now,
      expiresAt: new Date(now.getTime() + 60 * 86_400_000),
    });
    const roundId = tableRound();
    expect(await call('debit', debitOf(sessionToken, roundId, 6_000))).toMatchObject({ http: 200, body: { status: 'OK' } });
    const transfers = await transferCount();
    const past = await call('debit', debitOf(sessionToken, roundId, 5_000));
    expect(past.body).toMatchObject({ status: 'BET_NOT_ALLOWED', message: 'BONUS_MAX_BET' });
    expect(await transferCount()).toBe(transfers);
    expect(await balanceOf(player.id)).toBe(24_000);
    // Up to the maximum in the same round is taken; a new round starts again from nothing.
    expect(await call('debit', debitOf(sessionToken, roundId, 4_000))).toMatchObject({ http: 200, body: { status: 'OK' } });
    expect(await call('debit', debitOf(sessionToken, tableRound(), 10_000))).toMatchObject({ http: 200, body: { status: 'OK' } });
  });

  it('takes two players’ debits on the same table round, each in its own contract round', async () => {
    const first = await seated(10_000);
    const second = await seated(10_000);
    const roundId = tableRound();
    expect((await call('debit', debitOf(first.sessionToken, roundId, 1_000))).body).toMatchObject({ status: 'OK', balance: 9_000 });
    expect((await call('debit', debitOf(second.sessionToken, roundId, 2_000))).body).toMatchObject({ status: 'OK', balance: 8_000 });
    const rounds = await platform.database.db
      .select({ roundId: gameRounds.roundId })
      .from(gameRounds)
      .where(and(eq(gameRounds.providerId, PROVIDER), sql`${gameRounds.roundId} like ${`${roundId}:%`}`));
    expect(rounds).toHaveLength(2);
  });

  it('refuses a stake off the table’s rule (BET_NOT_ALLOWED), an unknown session (SESSION_INVALID) and a malformed body (REQUEST_INVALID)', async () => {
    const { player, sessionToken } = await seated(100_000);
    expect(await call('debit', debitOf(sessionToken, tableRound(), 150))).toMatchObject({ http: 409, body: { status: 'BET_NOT_ALLOWED' } });
    expect(await call('debit', debitOf(sessionToken, tableRound(), 60_000))).toMatchObject({
      http: 409,
      body: { status: 'BET_NOT_ALLOWED' },
    });
    expect(await call('debit', debitOf('gs1.not-a-session', tableRound(), 1_000))).toMatchObject({
      http: 401,
      body: { status: 'SESSION_INVALID' },
    });
    expect(await call('debit', { ...debitOf(sessionToken, tableRound(), 1_000), amount: -5 })).toMatchObject({
      http: 400,
      body: { status: 'REQUEST_INVALID' },
    });
    expect(await call('debit', { ...debitOf(sessionToken, tableRound(), 1_000), tableId: 'another-table' })).toMatchObject({
      http: 400,
      body: { status: 'REQUEST_INVALID' },
    });
    expect(await call('debit', {}, { body: 'not json' })).toMatchObject({ http: 400, body: { status: 'REQUEST_INVALID' } });
    expect(await balanceOf(player.id)).toBe(100_000);
  });

  it('keeps a blackjack round’s hands with its credit, once, and the championship counts them for an entrant (issue 27)', async () => {
    await addTestLiveTable(platform.database.db, { id: BLACKJACK, model: 'europaeisk-blackjack', category: 'live-blackjack' });
    const { player, sessionToken } = await seatedAt(BLACKJACK, 200_000);
    const outsider = await seatedAt(BLACKJACK, 200_000);
    const board = async (token: string) => {
      const answer = await platform.app.inject({ method: 'GET', url: `/Tournaments/${token}` });
      expect(answer.statusCode, answer.body).toBe(200);
      return (
        answer.json() as {
          data: {
            tournaments: { slug: string; edition: string; standing: { points: number } | null; leaderboard: { points: number }[] }[];
          };
        }
      ).data.tournaments.find((entry) => entry.slug === CHAMPIONSHIP)!;
    };
    const joined = await platform.app.inject({
      method: 'POST',
      url: `/Tournaments/${player.token}/join`,
      payload: { tournament: CHAMPIONSHIP, edition: (await board(player.token)).edition },
    });
    expect(joined.statusCode, joined.body).toBe(200);

    /** A blackjack round: its debits, then its credit with the hands as they ended. */
    const hand = async (
      who: string,
      stakes: number[],
      returned: number,
      result: { baseStakeOre: number; hands: { stakeOre: number; outcome: string }[] },
    ) => {
      const roundId = id(`${BLACKJACK}-r`);
      const debits: string[] = [];
      for (const stake of stakes) {
        const debit = debitOf(who, roundId, stake);
        expect((await call('debit', { ...debit, tableId: BLACKJACK })).http).toBe(200);
        debits.push(debit.transactionId);
      }
      const credit = { ...creditOf(who, roundId, returned, debits), tableId: BLACKJACK, result };
      expect((await call('credit', credit)).http).toBe(200);
      return { roundId, credit };
    };
    // A hand won: 1 point. A split, one hand won and one lost: 1 more. A blackjack: 2 more.
    await hand(sessionToken, [2_500], 5_000, { baseStakeOre: 2_500, hands: [{ stakeOre: 2_500, outcome: 'win' }] });
    await hand(sessionToken, [2_500, 2_500], 5_000, {
      baseStakeOre: 2_500,
      hands: [
        { stakeOre: 2_500, outcome: 'win' },
        { stakeOre: 2_500, outcome: 'lose' },
      ],
    });
    const last = await hand(sessionToken, [2_500], 6_250, { baseStakeOre: 2_500, hands: [{ stakeOre: 2_500, outcome: 'blackjack' }] });
    // None of these: a hand won at a stake under the championship's 25 kr., a push, a player not joined.
    await hand(sessionToken, [1_000], 2_000, { baseStakeOre: 1_000, hands: [{ stakeOre: 1_000, outcome: 'win' }] });
    await hand(sessionToken, [2_500], 2_500, { baseStakeOre: 2_500, hands: [{ stakeOre: 2_500, outcome: 'push' }] });
    await hand(outsider.sessionToken, [2_500], 5_000, { baseStakeOre: 2_500, hands: [{ stakeOre: 2_500, outcome: 'win' }] });
    // The last credit again (the studio's retry): paid and counted once.
    expect((await call('credit', last.credit)).http).toBe(200);

    const kept = await platform.database.db.select().from(liveHandResults).where(eq(liveHandResults.playerId, player.id));
    expect(kept).toHaveLength(5);
    expect(kept.find((row) => row.roundId.startsWith(last.roundId))).toMatchObject({ wonHands: 0, blackjacks: 1, baseStakeOre: 2_500 });
    expect((await board(player.token)).standing).toMatchObject({ rank: 1, points: 400 });
    expect((await board(outsider.player.token)).standing).toBeNull();
    // A malformed result is refused with the rest of the body, and pays nothing.
    const roundId = id(`${BLACKJACK}-r`);
    const debit = { ...debitOf(sessionToken, roundId, 2_500), tableId: BLACKJACK };
    expect((await call('debit', debit)).http).toBe(200);
    const bad = await call('credit', {
      ...creditOf(sessionToken, roundId, 5_000, [debit.transactionId]),
      tableId: BLACKJACK,
      result: { baseStakeOre: 2_500, hands: [{ stakeOre: 2_500, outcome: 'jackpot' }] },
    });
    expect(bad.http).toBe(400);
  });

  it('Torsdagsroulette: ten rounds of 5 kr. or more at the roulette on a Thursday evening are one ticket, drawn once after the evening and paid 100 kr. (issue 27)', async () => {
    const DRAW = 'torsdagsroulette';
    // Thursday 3 December 2026, 19:30 in Copenhagen (the evening runs 19:00-22:00).
    platform.setNow(new Date('2026-12-03T18:30:00Z'));
    try {
      /** A player with money and a login on the platform's clock, seated at the roulette. */
      const logIn = async (playerId: string) =>
        (
          await createSessionStore(platform.database.db, platform.clock, { idleMs: 3_600_000, absoluteMs: 3_600_000 }).create(
            playerId,
            'mitid',
          )
        ).token;
      const sit = async () => {
        const player = await playerWithCash(platform, 100_000);
        const token = await logIn(player.id);
        return { id: player.id, token, sessionToken: await launchToken(platform, token, TABLE, PROVIDER) };
      };
      /** A roulette round of these debits, paid `returned`, 20 s on. */
      const spin = async (who: string, stakes: number[], returned = 0) => {
        const roundId = tableRound();
        const debits: string[] = [];
        for (const stake of stakes) {
          const debit = debitOf(who, roundId, stake);
          const answer = await call('debit', debit);
          expect(answer.http, JSON.stringify(answer.body)).toBe(200);
          debits.push(debit.transactionId);
        }
        expect((await call('credit', creditOf(who, roundId, returned, debits))).http).toBe(200);
        platform.setNow(new Date(platform.clock().getTime() + 20_000));
      };
      const view = async (token: string) => {
        const answer = await platform.app.inject({ method: 'GET', url: `/Tournaments/${token}` });
        expect(answer.statusCode, answer.body).toBe(200);
        return (answer.json() as { data: { tournaments: Record<string, unknown>[] } }).data.tournaments.find(
          (entry) => entry.slug === DRAW,
        )!;
      };

      const [anna, bo, carl, paused, almost, small] = [await sit(), await sit(), await sit(), await sit(), await sit(), await sit()];
      // A ticket: ten rounds of a total stake of 5 kr. or more (two bets of 3 and 2 kr. are one such round).
      for (const who of [anna, bo, carl, paused]) {
        await spin(who.sessionToken, [300, 200], 1_000);
        for (let i = 1; i < 10; i += 1) await spin(who.sessionToken, [500]);
      }
      // No ticket: nine rounds and one the studio cancelled (its stake given back); ten rounds of 4 kr.
      for (let i = 0; i < 9; i += 1) await spin(almost.sessionToken, [500]);
      const cancelled = tableRound();
      const debit = debitOf(almost.sessionToken, cancelled, 500);
      expect((await call('debit', debit)).http).toBe(200);
      expect((await call('cancel', cancelOf(almost.sessionToken, cancelled, debit.transactionId, 500))).http).toBe(200);
      for (let i = 0; i < 10; i += 1) await spin(small.sessionToken, [400]);

      expect(await view(anna.token)).toMatchObject({
        status: 'open',
        entry: 'automatic',
        edition: '2026-W49',
        startsAt: '2026-12-03T18:00:00.000Z',
        endsAt: '2026-12-03T21:00:00.000Z',
        drawn: false,
        progress: { rounds: 10, qualified: true },
        leaderboard: [],
      });
      expect((await view(almost.token)).progress).toEqual({ rounds: 9, qualified: false });
      expect((await view(small.token)).progress).toEqual({ rounds: 0, qualified: false });
      // There is nothing to join: a draw takes every player who plays as its terms say.
      const join = await platform.app.inject({
        method: 'POST',
        url: `/Tournaments/${anna.token}/join`,
        payload: { tournament: DRAW, edition: '2026-W49' },
      });
      expect(join.statusCode).toBe(409);
      expect(join.json()).toMatchObject({ code: 'TOURNAMENT_NO_JOIN' });

      // After the evening (and the grace for a round begun before its end), drawn once, by whichever process.
      const before = await Promise.all([anna, bo, carl, paused].map((who) => balanceOf(who.id)));
      // Rounds begun after the evening give no ticket for it.
      platform.setNow(new Date('2026-12-03T21:00:00Z'));
      const late = await sit();
      for (let i = 0; i < 10; i += 1) await spin(late.sessionToken, [500]);
      platform.setNow(new Date('2026-12-03T21:06:00Z'));
      const settle = () =>
        createTournaments({
          db: platform.database.db,
          clock: platform.clock,
          wallet: wallet(),
          definitions: TOURNAMENTS.filter((tournament) => tournament.slug === DRAW),
          scores: tournamentScores,
          shownNames: async () => new Map(),
          // Paused since: out of the draw, as the terms say.
          assertMayPlay: async (playerId) => {
            if (playerId === paused.id) throw new Error('paused');
          },
        }).settleEnded();
      const runs = await Promise.all([settle(), settle()]);
      expect(runs.reduce((sum, run) => sum + run.prizes, 0)).toBe(3);
      expect((await settle()).prizes).toBe(0);
      const after = await Promise.all([anna, bo, carl, paused].map((who) => balanceOf(who.id)));
      expect(after.map((balance, i) => balance - before[i]!)).toEqual([10_000, 10_000, 10_000, 0]);
      const prizes = await platform.database.db.select().from(tournamentPrizes).where(eq(tournamentPrizes.tournamentSlug, DRAW));
      expect(prizes.map((prize) => prize.rank).sort()).toEqual([1, 2, 3]);
      expect(new Set(prizes.map((prize) => prize.playerId))).toEqual(new Set([anna.id, bo.id, carl.id]));
      expect(prizes.every((prize) => prize.points === 10 && prize.prizeOre === 10_000)).toBe(true);
      // The board tells the evening is over and drawn, the winners in the order drawn.
      const board = await view(await logIn(anna.id));
      expect(board).toMatchObject({ status: 'ended', drawn: true, entrants: 4 });
      expect((board.leaderboard as { rank: number; prizeOre: number }[]).map((row) => [row.rank, row.prizeOre])).toEqual([
        [1, 10_000],
        [2, 10_000],
        [3, 10_000],
      ]);
      expect(board.standing).toMatchObject({ me: true, prizeOre: 10_000 });
    } finally {
      platform.setNow(undefined);
    }
  });

  it('keeps the ledger sound', async () => {
    const audit = await wallet().audit();
    expect(audit).toEqual({ ledgerSumOre: 0, unbalancedTransfers: 0, negativeBalances: 0, mismatchedBalances: 0 });
  });
});

describe('the provider in the configuration', () => {
  it('is present only with its secret, with its own daily payout limit', () => {
    const base = loadConfig({ KRONE_ENV: 'test' });
    expect(providersFromConfig(base).has(PROVIDER)).toBe(false);
    const live = providersFromConfig(
      loadConfig({
        KRONE_ENV: 'test',
        GAME_PROVIDER_LYSMESTER_LIVE_SECRET: LIVE_SECRET,
        GAME_PROVIDER_DAILY_PAYOUT_LIMITS: `${PROVIDER}:5000000`,
      }),
    );
    expect(live.get(PROVIDER)).toEqual({ id: PROVIDER, name: 'Lysmester Live', secret: LIVE_SECRET, dailyPayoutLimitOre: 5_000_000 });
  });

  it('needs a secret of at least 32 characters, not a development value, in production', () => {
    const problemsWith = (secret: string) =>
      productionProblems(loadConfig({ KRONE_ENV: 'test', GAME_PROVIDER_LYSMESTER_LIVE_SECRET: secret })).filter((line) =>
        line.startsWith('GAME_PROVIDER_LYSMESTER_LIVE_SECRET'),
      );
    expect(problemsWith('')).toEqual([]);
    expect(problemsWith('too-short-but-16-chars')).toHaveLength(1);
    expect(problemsWith('krone-development-lysmester-live-secret-00')).toHaveLength(1);
    expect(problemsWith('a-real-lysmester-live-secret-of-40-chars!')).toEqual([]);
  });
});

describe('the adapter’s answer to an overloaded database', () => {
  it('asks the studio to try again later (503), not a server error it would not retry soon: a full connection queue, a statement timed out', async () => {
    const { answerOfError } = await import('../src/games/providers/lysmester/wallet.js');
    const { DatabaseOverloaded } = await import('../src/db/client.js');
    for (const error of [
      new DatabaseOverloaded('200 requests already wait'),
      Object.assign(new Error('canceling statement'), { code: '57014' }),
    ]) {
      const answer = answerOfError(new Error('the credit failed', { cause: error }));
      expect(answer.http).toBe(503);
      expect(answer.answer.status).toBe('SERVER_ERROR');
    }
    // A fault that is no overload stays a 500.
    expect(answerOfError(new Error('broken')).http).toBe(500);
  });
});
