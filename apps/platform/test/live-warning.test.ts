import { createHmac, randomUUID } from 'node:crypto';
import { tableTitleById, type TableTitle } from '@krone/games-math';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { catalogueRow } from '../src/games/catalogue-sync.js';
import { games } from '../src/games/schema.js';
import { createSessionStore } from '../src/players/sessions.js';
import { rowsOf } from '../src/shared/db.js';
import { createWalletService } from '../src/wallet/service.js';
import { launchToken, playerWithCash } from './games-provider.js';
import { startTestPlatform, type TestPlatform } from './harness.js';

/**
 * The money-played warning at the live tables, kept by the platform (games/live/warning.ts): the
 * outside studio knows nothing of it, so its debits are refused (LIMIT_REACHED) while the player's
 * warning is due and unanswered; its credits and cancels never are. The platform's clock is moved
 * past the warning's minutes (5, the seeded wageringTimePopup); the studio's calls are signed at
 * that moved time, as a studio running on the same clock would sign them.
 */
const LIVE_SECRET = 'lysmester-live-wallet-secret-of-the-warning-tests';
const PROVIDER = 'lysmester-live';
const TABLE = 'krone-roulette-live-warning';
const WARNING_MS = 5 * 60_000;

let platform: TestPlatform;
let offsetMs = 0;

/** Moves the platform's clock on by `ms` from the real time (the players' logins run on real time). */
function advance(ms: number) {
  offsetMs += ms;
  platform.setNow(new Date(Date.now() + offsetMs));
}

beforeAll(async () => {
  platform = await startTestPlatform({ GAME_PROVIDER_LYSMESTER_LIVE_SECRET: LIVE_SECRET });
  const model = tableTitleById('europaeisk-roulette')!;
  const title = {
    ...model,
    id: TABLE,
    name: 'Testbord live warning',
    studio: 'Lysmester Live',
    providerId: PROVIDER,
    stake: { ...model.stake, unitOre: 100, maxCallOre: 50_000, maxRoundOre: 100_000 },
  } as TableTitle;
  const row = { ...catalogueRow(title, new Date()), gameType: 'live', category: 'live-roulette' };
  await platform.database.db.insert(games).values(row).onConflictDoUpdate({ target: games.id, set: row });
}, 60_000);
afterEach(() => {
  offsetMs = 0;
  platform.setNow(undefined);
});
afterAll(async () => {
  await platform.close();
});

interface WalletAnswer {
  http: number;
  body: { status: string; balance?: number; message?: string };
}

/** A wallet call as the studio sends it, signed at the platform's (moved) time. */
async function call(operation: 'debit' | 'credit' | 'cancel', payload: Record<string, unknown>): Promise<WalletAnswer> {
  const body = JSON.stringify({ requestId: randomUUID(), ...payload });
  const timestamp = Math.floor(platform.clock().getTime() / 1000);
  const response = await platform.publicApp.inject({
    method: 'POST',
    url: `/Games/live/lysmester/${operation}`,
    headers: {
      'content-type': 'application/json',
      'x-lysmester-timestamp': String(timestamp),
      'x-lysmester-signature': `sha256=${createHmac('sha256', LIVE_SECRET).update(`${timestamp}.${body}`).digest('hex')}`,
    },
    payload: body,
  });
  return { http: response.statusCode, body: response.json() as WalletAnswer['body'] };
}

let ids = 0;
const id = (prefix: string) => `${prefix}-${++ids}-${randomUUID().slice(0, 8)}`;
const debitOf = (sessionToken: string, roundId: string, amount: number, transactionId = id('lys')) => ({
  sessionToken,
  transactionId,
  roundId,
  tableId: TABLE,
  amount,
  currency: 'DKK',
});
const creditOf = (sessionToken: string, roundId: string, amount: number, debitTransactionIds: string[]) => ({
  ...debitOf(sessionToken, roundId, amount, `${roundId}-credit`),
  debitTransactionIds,
});
const cancelOf = (sessionToken: string, roundId: string, referenceTransactionId: string, amount: number) => ({
  ...debitOf(sessionToken, roundId, amount, `${referenceTransactionId}-cancel`),
  referenceTransactionId,
});

const balanceOf = async (playerId: string) => {
  const balances = await createWalletService(platform.database.db, platform.clock).playerBalances(playerId);
  return balances.player_cash + balances.player_bonus;
};
const transferCount = async () =>
  Number((await rowsOf<{ n: string | number }>(sql`select count(*) as n from wallet_transfers`, platform.database.db))[0]!.n);

interface WarningState {
  due: boolean;
  dueAt: string | null;
  playSince: string | null;
  minutesPlayed: number;
  warningMinutes: number;
  stakedOre: number;
  wonOre: number;
}
async function warningOf(playerToken: string, answer?: 'continue'): Promise<WarningState> {
  const response = await platform.app.inject(
    answer
      ? { method: 'POST', url: `/Games/live/warning/${playerToken}/continue` }
      : { method: 'GET', url: `/Games/live/warning/${playerToken}` },
  );
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return (response.json() as { data: WarningState }).data;
}

/** A player with money, seated at the live table (the token the studio's calls carry). */
async function seated(cashOre: number) {
  const player = await playerWithCash(platform, cashOre);
  return { player, sessionToken: await launchToken(platform, player.token, TABLE, PROVIDER) };
}

describe('the money-played warning at the live tables', () => {
  it('has no clock before the login’s first live play, and starts it at the first debit', async () => {
    const { player, sessionToken } = await seated(10_000);
    expect(await warningOf(player.token)).toEqual({
      due: false,
      dueAt: null,
      playSince: null,
      minutesPlayed: 0,
      warningMinutes: 5,
      stakedOre: 0,
      wonOre: 0,
    });
    const startedAt = platform.clock().getTime();
    expect((await call('debit', debitOf(sessionToken, id('round'), 1_000))).body.status).toBe('OK');
    const state = await warningOf(player.token);
    expect(state).toMatchObject({ due: false, warningMinutes: 5, stakedOre: 1_000, wonOre: 0 });
    expect(Date.parse(state.playSince!)).toBeGreaterThanOrEqual(startedAt - 1_000);
    expect(Date.parse(state.dueAt!) - Date.parse(state.playSince!)).toBe(WARNING_MS);
  });

  it('refuses a debit once the warning is due (LIMIT_REACHED, nothing moves), still pays the earlier round’s credit and gives a cancel back; after “continue” a debit is taken', async () => {
    const { player, sessionToken } = await seated(20_000);
    const early = id('round');
    const earlyDebit = debitOf(sessionToken, early, 2_000);
    expect(await call('debit', earlyDebit)).toMatchObject({ http: 200, body: { status: 'OK', balance: 18_000 } });
    const other = id('round');
    const otherDebit = debitOf(sessionToken, other, 1_000);
    expect(await call('debit', otherDebit)).toMatchObject({ http: 200, body: { status: 'OK', balance: 17_000 } });

    // Just before the minutes are up a debit is still taken.
    advance(WARNING_MS - 5_000);
    expect(await call('debit', debitOf(sessionToken, id('round'), 500))).toMatchObject({
      http: 200,
      body: { status: 'OK', balance: 16_500 },
    });

    advance(5_000);
    const transfers = await transferCount();
    const refused = await call('debit', debitOf(sessionToken, id('round'), 1_000));
    expect(refused).toEqual({ http: 403, body: { status: 'LIMIT_REACHED', message: 'GAME_WARNING_UNANSWERED' } });
    expect(await transferCount()).toBe(transfers);
    expect(await balanceOf(player.id)).toBe(16_500);

    // A debit taken before the warning fell due, sent again (its answer lost), is answered as the first time.
    expect(await call('debit', earlyDebit)).toMatchObject({ http: 200, body: { status: 'OK', balance: 18_000 } });
    expect(await transferCount()).toBe(transfers);

    // The studio settles the round bet before: paid. A debit it voids: given back.
    expect(await call('credit', creditOf(sessionToken, early, 7_000, [earlyDebit.transactionId]))).toMatchObject({
      http: 200,
      body: { status: 'OK', balance: 23_500 },
    });
    expect(await call('cancel', cancelOf(sessionToken, other, otherDebit.transactionId, 1_000))).toMatchObject({
      http: 200,
      body: { status: 'OK', balance: 24_500 },
    });

    // The warning's state: due, with what was staked (net of the cancel) and won at the live tables since play began.
    const due = await warningOf(player.token);
    expect(due).toMatchObject({ due: true, minutesPlayed: 5, warningMinutes: 5, stakedOre: 2_500, wonOre: 7_000 });
    expect(Date.parse(due.dueAt!)).toBeLessThanOrEqual(platform.clock().getTime());

    // The player continues: the next warning is 5 minutes from now, and the refused debit's id is taken now.
    const answered = await warningOf(player.token, 'continue');
    expect(answered).toMatchObject({ due: false, playSince: due.playSince, stakedOre: 2_500, wonOre: 7_000 });
    expect(Date.parse(answered.dueAt!)).toBe(platform.clock().getTime() + WARNING_MS);
    expect(await call('debit', debitOf(sessionToken, id('round'), 1_000))).toMatchObject({
      http: 200,
      body: { status: 'OK', balance: 23_500 },
    });

    // And it falls due again that many minutes after the answer.
    advance(WARNING_MS);
    expect(await call('debit', debitOf(sessionToken, id('round'), 1_000))).toMatchObject({ http: 403, body: { status: 'LIMIT_REACHED' } });
    expect(await balanceOf(player.id)).toBe(23_500);
  });

  it('answers “continue” before the warning is due by changing nothing (the warning is never pushed back)', async () => {
    const { player, sessionToken } = await seated(10_000);
    await call('debit', debitOf(sessionToken, id('round'), 1_000));
    const before = await warningOf(player.token);
    advance(WARNING_MS - 60_000);
    expect(await warningOf(player.token, 'continue')).toEqual({ ...before, minutesPlayed: 4 });
    advance(60_000);
    expect(await warningOf(player.token)).toMatchObject({ due: true, dueAt: before.dueAt });
    expect(await call('debit', debitOf(sessionToken, id('round'), 1_000))).toMatchObject({ body: { status: 'LIMIT_REACHED' } });
  });

  it('keeps one clock per login: a second table of the login shares it, a new login starts its own', async () => {
    const { player, sessionToken } = await seated(10_000);
    await call('debit', debitOf(sessionToken, id('round'), 1_000));
    advance(WARNING_MS);
    // Another launch of the same login (a second tab or table) does not restart it.
    const again = await launchToken(platform, player.token, TABLE, PROVIDER);
    expect(await call('debit', debitOf(again, id('round'), 1_000))).toMatchObject({ body: { status: 'LIMIT_REACHED' } });

    // The player's next login has its own clock: not due, started by its own live play.
    const sessions = createSessionStore(platform.database.db, () => new Date(), { idleMs: 3_600_000, absoluteMs: 3_600_000 });
    const nextLogin = (await sessions.create(player.id, 'mitid')).token;
    expect(await warningOf(nextLogin)).toMatchObject({ due: false, playSince: null });
    const seatedAgain = await launchToken(platform, nextLogin, TABLE, PROVIDER);
    expect(await call('debit', debitOf(seatedAgain, id('round'), 1_000))).toMatchObject({
      http: 200,
      body: { status: 'OK', balance: 8_000 },
    });
  });

  it('refuses the warning’s routes without a live session (401 SESSION_INVALID)', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/Games/live/warning/not-a-session' },
      { method: 'POST' as const, url: '/Games/live/warning/not-a-session/continue' },
    ]) {
      const response = await platform.app.inject(request);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ result: 0, code: 'SESSION_INVALID' });
    }
  });

  it('leaves the ledger balanced', async () => {
    const audit = await createWalletService(platform.database.db, platform.clock).audit();
    expect(audit).toEqual({ ledgerSumOre: 0, unbalancedTransfers: 0, negativeBalances: 0, mismatchedBalances: 0 });
  });
});
