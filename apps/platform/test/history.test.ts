import { randomUUID } from 'node:crypto';
import { addIsoDays, copenhagenDayStart, copenhagenIsoDate } from '@krone/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTitles } from '@krone/games-math/titles';
import { redactUrl } from '../src/app.js';
import { payments } from '../src/payments/schema.js';
import { createWalletService, type WalletService } from '../src/wallet/service.js';
import { createLoggedInPlayer, startTestPlatform, type TestPlatform } from './harness.js';

const DAY = 86_400_000;
/** A title of the catalogue: the game column shows its Danish name. */
const TITLE = loadTitles()[0]!;
let platform: TestPlatform;
/** The time the test's transfers are made at: the ledger stamps them with its clock. */
let at = new Date();
let wallet: WalletService;

beforeAll(async () => {
  platform = await startTestPlatform();
  wallet = createWalletService(platform.database.db, () => at);
});
afterAll(async () => {
  await platform.close();
});

interface Row {
  orderId: string;
  transactionId: string | null;
  time: string;
  type: string;
  category: string;
  kind: string;
  game: { id: string; name: string } | null;
  stakeOre: number | null;
  winOre: number | null;
  amountOre: number;
  method: string | null;
  status: string;
}
interface Answer {
  result: number;
  code?: string;
  message?: string;
  data?: {
    period: string;
    from: string;
    to: string;
    rows: Row[];
    pagination: { currentPage: number; lastPage: number; pageSize: number; totalRecords: number; pages: number[] };
  };
}

async function history(token: string, query: Record<string, string | number | undefined> = {}) {
  const search = new URLSearchParams(
    Object.entries(query).flatMap(([key, value]): [string, string][] => (value === undefined ? [] : [[key, String(value)]])),
  );
  const response = await platform.app.inject({ method: 'GET', url: `/Wallet/transactions/${token}?${search}` });
  return { status: response.statusCode, body: response.json() as Answer };
}

/** Money moved as the other contexts move it: the agreed kinds, keys and references. */
function ledgerFor(playerId: string) {
  const cash = () => wallet.playerAccount(playerId, 'player_cash');
  const bonus = () => wallet.playerAccount(playerId, 'player_bonus');
  const reserve = () => wallet.playerAccount(playerId, 'player_payout_reserve');
  const system = (kind: 'house' | 'payment_clearing' | 'payout_clearing' | 'bonus_cost') => wallet.systemAccount(kind);
  const move = async (
    kind: string,
    key: string,
    fromId: string,
    toId: string,
    amountOre: number,
    reference: Record<string, string>,
    when: Date,
  ) => {
    at = when;
    return wallet.transfer({
      idempotencyKey: key,
      kind,
      reference,
      entries: [
        { accountId: fromId, amountOre: -amountOre },
        { accountId: toId, amountOre },
      ],
    });
  };
  return {
    deposit: async (paymentId: string, amountOre: number, when: Date, method = 'card') =>
      move('deposit', `deposit:${paymentId}`, await system('payment_clearing'), await cash(), amountOre, { paymentId, method }, when),
    bet: async (roundId: string, amountOre: number, when: Date, game = TITLE.id) =>
      move('bet', `bet:${roundId}`, await cash(), await system('house'), amountOre, { roundId, game }, when),
    win: async (roundId: string, amountOre: number, when: Date, { toBonus = false, game = TITLE.id } = {}) =>
      move('win', `win:${roundId}`, await system('house'), toBonus ? await bonus() : await cash(), amountOre, { roundId, game }, when),
    withdraw: async (withdrawalId: string, amountOre: number, when: Date) =>
      move('withdrawal', `withdrawal:${withdrawalId}`, await cash(), await reserve(), amountOre, { withdrawalId }, when),
    cancelWithdrawal: async (withdrawalId: string, amountOre: number, when: Date) =>
      move('withdrawal_cancel', `withdrawal-cancel:${withdrawalId}`, await reserve(), await cash(), amountOre, { withdrawalId }, when),
    payout: async (withdrawalId: string, amountOre: number, when: Date) =>
      move('payout', `payout:${withdrawalId}`, await reserve(), await system('payout_clearing'), amountOre, { withdrawalId }, when),
    grantBonus: async (grantId: string, amountOre: number, when: Date) =>
      move('bonus_grant', `bonus:${grantId}`, await system('bonus_cost'), await bonus(), amountOre, { grantId, code: 'VELKOMST' }, when),
    forfeitBonus: async (grantId: string, amountOre: number, when: Date) =>
      move('bonus_forfeit', `bonus-forfeit:${grantId}`, await bonus(), await system('bonus_cost'), amountOre, { grantId }, when),
  };
}

const ago = (ms: number) => new Date(Date.now() - ms);

describe('transaction history', () => {
  it('shows each kind of movement once, with the status the ledger gives it', async () => {
    const player = await createLoggedInPlayer(platform);
    const ledger = ledgerFor(player.id);
    const payment = randomUUID();
    await ledger.deposit(payment, 100_000, ago(5 * DAY));
    await ledger.bet('round-1', 2_000, ago(4 * DAY));
    await ledger.win('round-1', 5_000, new Date(ago(4 * DAY).getTime() + 1000));
    const reversedBet = await ledger.bet('round-2', 1_000, ago(3 * DAY));
    at = ago(3 * DAY - 60_000);
    await wallet.reverse(reversedBet.transferId, 'game provider rollback');
    await ledger.withdraw('w-paid', 30_000, ago(2 * DAY));
    await ledger.payout('w-paid', 30_000, ago(DAY));
    await ledger.withdraw('w-cancelled', 10_000, ago(2 * DAY - 1000));
    await ledger.cancelWithdrawal('w-cancelled', 10_000, ago(2 * DAY - 2000));
    await ledger.withdraw('w-pending', 10_000, ago(2 * DAY - 3000));
    await ledger.grantBonus('grant-1', 10_000, ago(DAY - 1000));
    await ledger.win('round-3', 700, ago(DAY - 2000), { toBonus: true, game: 'bonus-bonanza' });
    await ledger.grantBonus('grant-2', 5_000, ago(DAY - 3000));
    await ledger.forfeitBonus('grant-2', 5_000, ago(DAY - 4000));
    // A card deposit still at 3-D Secure, and one that failed: only the first is shown.
    const now = new Date();
    const [underWay] = await platform.database.db
      .insert(payments)
      .values({ playerId: player.id, method: 'card', amountOre: 20_000, status: 'requires_action', createdAt: ago(60_000), updatedAt: now })
      .returning();
    await platform.database.db.insert(payments).values({
      playerId: player.id,
      method: 'card',
      amountOre: 30_000,
      status: 'failed',
      failureCode: 'card_declined',
      createdAt: ago(30_000),
      updatedAt: now,
    });

    const { status, body } = await history(player.token, { pageSize: 100 });
    expect(status).toBe(200);
    const rows = body.data!.rows;
    const byOrder = (orderId: string) => rows.filter((row) => row.orderId === orderId);
    expect(rows.map((row) => [row.orderId, row.type, row.status])).toEqual([
      [underWay!.id, 'deposit', 'initiated'],
      ['grant-2', 'bonus', 'cancelled_bonus'],
      ['round-3', 'win', 'bonus_win'],
      ['grant-1', 'bonus', 'transfer_bonus'],
      ['w-pending', 'withdrawal', 'initiated'],
      ['w-cancelled', 'withdrawal', 'reversed'],
      ['w-paid', 'withdrawal', 'completed'],
      ['round-2', 'bet', 'reversed'],
      ['round-1', 'win', 'completed'],
      ['round-1', 'bet', 'completed'],
      [payment, 'deposit', 'completed'],
    ]);
    expect(body.data!.pagination).toMatchObject({ totalRecords: 11, currentPage: 1, lastPage: 1 });
    expect(byOrder(payment)[0]).toMatchObject({
      amountOre: 100_000,
      method: 'card',
      category: 'payments',
      stakeOre: null,
      winOre: null,
      game: null,
    });
    expect(byOrder(payment)[0]!.transactionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(byOrder(underWay!.id)[0]).toMatchObject({ amountOre: 20_000, transactionId: null, method: 'card' });
    expect(byOrder('round-1')).toEqual([
      expect.objectContaining({
        type: 'win',
        winOre: 5_000,
        stakeOre: null,
        amountOre: 5_000,
        game: { id: TITLE.id, name: TITLE.name },
        category: 'games',
      }),
      expect.objectContaining({ type: 'bet', stakeOre: 2_000, winOre: null, amountOre: -2_000, game: { id: TITLE.id, name: TITLE.name } }),
    ]);
    expect(byOrder('w-paid')[0]).toMatchObject({ amountOre: -30_000, method: 'nemkonto' });
    // A game the catalogue does not hold shows its id.
    expect(byOrder('round-3')[0]).toMatchObject({ winOre: 700, game: { id: 'bonus-bonanza', name: 'bonus-bonanza' } });
    expect(byOrder('grant-1')[0]).toMatchObject({ amountOre: 10_000, category: 'bonus' });

    // By type.
    const kinds = async (type: string) =>
      (await history(player.token, { type, pageSize: 100 })).body.data!.rows.map((row) => `${row.type}:${row.orderId}`);
    expect(await kinds('payments')).toEqual([
      `deposit:${underWay!.id}`,
      'withdrawal:w-pending',
      'withdrawal:w-cancelled',
      'withdrawal:w-paid',
      `deposit:${payment}`,
    ]);
    expect(await kinds('games')).toEqual(['win:round-3', 'bet:round-2', 'win:round-1', 'bet:round-1']);
    expect(await kinds('bonus')).toEqual(['bonus:grant-2', 'bonus:grant-1']);
  });

  it('shows the last 30 days by default, rolling windows of 24 hours and 7 days, and any period of the last 90 days', async () => {
    const player = await createLoggedInPlayer(platform);
    const ledger = ledgerFor(player.id);
    await ledger.deposit('p-80', 50_000, ago(80 * DAY));
    await ledger.deposit('p-31', 50_000, ago(31 * DAY));
    await ledger.deposit('p-29', 50_000, ago(29 * DAY));
    await ledger.deposit('p-6', 50_000, ago(6 * DAY));
    await ledger.deposit('p-25h', 50_000, ago(25 * 3_600_000));
    await ledger.deposit('p-23h', 50_000, ago(23 * 3_600_000));
    const ids = async (query: Record<string, string>) => {
      const { status, body } = await history(player.token, query);
      expect(status).toBe(200);
      return body.data!.rows.map((row) => row.orderId);
    };
    expect(await ids({})).toEqual(['p-23h', 'p-25h', 'p-6', 'p-29']);
    expect(await ids({ period: '7d' })).toEqual(['p-23h', 'p-25h', 'p-6']);
    expect(await ids({ period: '24h' })).toEqual(['p-23h']);
    const today = copenhagenIsoDate(new Date());
    expect(await ids({ period: 'custom', from: addIsoDays(today, -90) })).toEqual(['p-23h', 'p-25h', 'p-6', 'p-29', 'p-31', 'p-80']);
  });

  it('takes a custom period as whole Copenhagen calendar days', async () => {
    const player = await createLoggedInPlayer(platform);
    const ledger = ledgerFor(player.id);
    const day = copenhagenIsoDate(ago(10 * DAY));
    const start = copenhagenDayStart(day)!.getTime();
    const end = copenhagenDayStart(addIsoDays(day, 1))!.getTime();
    await ledger.deposit('before', 10_000, new Date(start - 1000));
    await ledger.deposit('first', 10_000, new Date(start));
    await ledger.deposit('last', 10_000, new Date(end - 1000));
    await ledger.deposit('after', 10_000, new Date(end));
    const { body } = await history(player.token, { from: day, to: day });
    expect(body.data!.rows.map((row) => row.orderId)).toEqual(['last', 'first']);
    expect(body.data).toMatchObject({ period: 'custom', from: new Date(start).toISOString(), to: new Date(end).toISOString() });
    // Two days, and an open end (until now).
    expect((await history(player.token, { from: addIsoDays(day, -1), to: day })).body.data!.rows.map((row) => row.orderId)).toEqual([
      'last',
      'first',
      'before',
    ]);
    expect((await history(player.token, { from: day })).body.data!.rows.map((row) => row.orderId)).toEqual(['after', 'last', 'first']);
  });

  it('keeps 90 days available and refuses a period that starts earlier', async () => {
    const player = await createLoggedInPlayer(platform);
    const today = copenhagenIsoDate(new Date());
    const oldest = await history(player.token, { from: addIsoDays(today, -90) });
    expect(oldest.status).toBe(200);
    const tooOld = await history(player.token, { from: addIsoDays(today, -91), to: addIsoDays(today, -80) });
    expect(tooOld.status).toBe(400);
    expect(tooOld.body).toMatchObject({
      result: 0,
      code: 'HISTORY_TOO_OLD',
      message: 'Du kan se transaktioner op til 90 dage tilbage. Vælg en senere fra-dato.',
    });
    const instant = await history(player.token, { from: new Date(Date.now() - 92 * DAY).toISOString() });
    expect(instant.body.code).toBe('HISTORY_TOO_OLD');
  });

  it('pages through many rows newest first, in a stable order, with the spec’s defaults', async () => {
    const player = await createLoggedInPlayer(platform);
    const ledger = ledgerFor(player.id);
    await ledger.deposit('big', 1_000_000, ago(3 * DAY));
    const sameTime = ago(2 * DAY);
    // Rounds at one instant too: the order must not depend on the database's whim.
    for (let index = 0; index < 22; index++)
      await ledger.bet(`r-${player.id}-${index}`, 100, index < 8 ? sameTime : new Date(sameTime.getTime() + index * 1000));
    const first = await history(player.token);
    expect(first.body.data!.pagination).toEqual({ currentPage: 1, lastPage: 3, pageSize: 10, totalRecords: 23, pages: [1, 2, 3] });
    expect(first.body.data!.rows).toHaveLength(10);
    const pages = [first.body.data!.rows];
    for (const page of [2, 3]) pages.push((await history(player.token, { page })).body.data!.rows);
    expect(pages.map((rows) => rows.length)).toEqual([10, 10, 3]);
    const all = pages.flat();
    expect(new Set(all.map((row) => row.transactionId)).size).toBe(23);
    expect(all.at(-1)!.orderId).toBe('big');
    const times = all.map((row) => Date.parse(row.time));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // Asking again gives the same order; a page past the end answers the last page.
    expect((await history(player.token, { page: 2 })).body.data!.rows).toEqual(pages[1]);
    const past = await history(player.token, { page: 9 });
    expect(past.body.data!.pagination.currentPage).toBe(3);
    expect(past.body.data!.rows).toEqual(pages[2]);
    const wide = await history(player.token, { pageSize: 25, type: 'games' });
    expect(wide.body.data!.pagination).toMatchObject({ lastPage: 1, totalRecords: 22, pages: [1] });
    // Many pages: at most five page links around the current one.
    expect((await history(player.token, { pageSize: 2, page: 6 })).body.data!.pagination.pages).toEqual([4, 5, 6, 7, 8]);
  });

  it('shows a player nothing of another player’s money, and nothing without a session', async () => {
    const owner = await createLoggedInPlayer(platform);
    const other = await createLoggedInPlayer(platform);
    const ledger = ledgerFor(owner.id);
    await ledger.deposit(randomUUID(), 10_000, ago(DAY));
    await platform.database.db.insert(payments).values({
      playerId: owner.id,
      method: 'mobilepay',
      amountOre: 20_000,
      status: 'created',
      createdAt: ago(1000),
      updatedAt: new Date(),
    });
    expect((await history(owner.token)).body.data!.rows).toHaveLength(2);
    const seen = await history(other.token);
    expect(seen.body.data!.rows).toEqual([]);
    expect(seen.body.data!.pagination).toMatchObject({ totalRecords: 0, lastPage: 1, pages: [1] });
    const nobody = await history('not-a-session');
    expect(nobody.status).toBe(401);
    expect(nobody.body.result).toBe(0);
    // The session token in the path never reaches the log.
    expect(redactUrl(`/Wallet/transactions/${owner.token}?page=2`)).toBe('/Wallet/transactions/[session]?page=2');
  });

  it('refuses bad query input with a code and a Danish message', async () => {
    const player = await createLoggedInPlayer(platform);
    const today = copenhagenIsoDate(new Date());
    for (const query of [
      { page: 0 },
      { page: 'x' },
      { pageSize: 0 },
      { pageSize: 1000 },
      { type: 'casino' },
      { period: '90d' },
      { from: '2026-02-30' },
      { from: 'yesterday' },
      { from: `${today}T00:00:00` },
      { period: 'custom' },
    ]) {
      const answer = await history(player.token, query);
      expect(answer.status, JSON.stringify(query)).toBe(400);
      expect(answer.body).toMatchObject({ result: 0, code: 'INVALID_INPUT' });
      expect(answer.body.message).toMatch(/[a-zæøå]/i);
    }
    const backwards = await history(player.token, { from: today, to: addIsoDays(today, -2) });
    expect(backwards.status).toBe(400);
    expect(backwards.body).toMatchObject({ code: 'HISTORY_PERIOD_INVALID', message: 'Til-datoen skal være efter fra-datoen.' });
  });
});
