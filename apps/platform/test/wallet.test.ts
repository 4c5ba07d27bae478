import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { AppError } from '../src/shared/errors.js';
import { createWalletService, type TransferInput, type WalletService } from '../src/wallet/service.js';
import { createLoggedInPlayer, startTestPlatform, type TestPlatform } from './harness.js';

let platform: TestPlatform;
let wallet: WalletService;
/** A second "process" on the same database (PostgreSQL only): its own pool and service. */
let second: { database: Database; wallet: WalletService } | null = null;

beforeAll(async () => {
  platform = await startTestPlatform();
  wallet = createWalletService(platform.database.db, () => new Date());
  if (platform.database.kind === 'postgres') {
    const database = await openDatabase({ url: platform.config.DATABASE_URL, dataDir: '', poolSize: 8 });
    second = { database, wallet: createWalletService(database.db, () => new Date()) };
  }
});
afterAll(async () => {
  await second?.database.close();
  await platform.close();
});

/** A player id: the wallet knows players only by id (their data is the players context's). */
async function newPlayer(): Promise<string> {
  return randomUUID();
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function transferCount() {
  const result = (await platform.database.db.execute(sql`select count(*) as n from wallet_transfers`)) as unknown as {
    rows: { n: string }[];
  };
  return Number(result.rows[0]!.n);
}

describe('the ledger', () => {
  it('moves money in balanced transfers and keeps the player balance on the account', async () => {
    const player = await newPlayer();
    const cash = await wallet.playerAccount(player, 'player_cash');
    const clearing = await wallet.systemAccount('payment_clearing');
    const deposit = await wallet.transfer({
      idempotencyKey: `deposit-${player}`,
      kind: 'deposit',
      entries: [
        { accountId: clearing, amountOre: -50_000 },
        { accountId: cash, amountOre: 50_000 },
      ],
      reference: { paymentId: 'p-1' },
    });
    expect(deposit.replayed).toBe(false);
    expect(deposit.entries.find((entry) => entry.accountId === cash)?.balanceAfterOre).toBe(50_000);
    // The answer is what the ledger holds: the same entries, the house's without a balance.
    const stored = await wallet.readTransfer(deposit.transferId);
    const byAccount = (entries: { accountId: string }[]) => [...entries].sort((a, b) => a.accountId.localeCompare(b.accountId));
    expect(byAccount(deposit.entries)).toEqual(byAccount(stored!.entries));
    expect(stored!.entries.find((entry) => entry.accountId === clearing)?.balanceAfterOre).toBeNull();
    expect(await wallet.balance(cash)).toBe(50_000);
    expect((await wallet.playerBalances(player)).player_cash).toBe(50_000);
    expect(await wallet.audit()).toEqual({ ledgerSumOre: 0, unbalancedTransfers: 0, negativeBalances: 0, mismatchedBalances: 0 });
  });

  it('answers a repeated key with the first transfer, and refuses the key with another payload', async () => {
    const player = await newPlayer();
    const cash = await wallet.playerAccount(player, 'player_cash');
    const clearing = await wallet.systemAccount('payment_clearing');
    const input: TransferInput = {
      idempotencyKey: `webhook-${player}`,
      kind: 'deposit',
      entries: [
        { accountId: cash, amountOre: 10_000 },
        { accountId: clearing, amountOre: -10_000 },
      ],
      reference: { paymentId: 'p-2' },
    };
    const first = await wallet.transfer(input);
    const again = await wallet.transfer({ ...input, entries: [...input.entries].reverse() });
    expect(again).toMatchObject({ transferId: first.transferId, replayed: true });
    expect(await wallet.balance(cash)).toBe(10_000);
    const other = await refusal(
      wallet.transfer({
        ...input,
        entries: [
          { accountId: cash, amountOre: 20_000 },
          { accountId: clearing, amountOre: -20_000 },
        ],
      }),
    );
    expect(other.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await wallet.balance(cash)).toBe(10_000);
  });

  it('refuses an overdraft as a whole: nothing is written', async () => {
    const player = await newPlayer();
    const cash = await wallet.playerAccount(player, 'player_cash');
    const house = await wallet.systemAccount('house');
    const before = await transferCount();
    const error = await refusal(
      wallet.transfer({
        idempotencyKey: `bet-${player}`,
        kind: 'bet',
        entries: [
          { accountId: cash, amountOre: -1 },
          { accountId: house, amountOre: 1 },
        ],
      }),
    );
    expect(error).toMatchObject({ code: 'INSUFFICIENT_FUNDS', statusCode: 409 });
    expect(await transferCount()).toBe(before);
    expect(await wallet.balance(cash)).toBe(0);
    // The key was not used up by the refused try.
    await wallet.transfer({
      idempotencyKey: `fund-${player}`,
      kind: 'deposit',
      entries: [
        { accountId: cash, amountOre: 5 },
        { accountId: house, amountOre: -5 },
      ],
    });
    const retried = await wallet.transfer({
      idempotencyKey: `bet-${player}`,
      kind: 'bet',
      entries: [
        { accountId: cash, amountOre: -1 },
        { accountId: house, amountOre: 1 },
      ],
    });
    expect(retried.replayed).toBe(false);
  });

  it('refuses unbalanced transfers, fractions, strings, zero, huge amounts and unknown accounts', async () => {
    const player = await newPlayer();
    const cash = await wallet.playerAccount(player, 'player_cash');
    const house = await wallet.systemAccount('house');
    const before = await transferCount();
    const bad: [TransferEntry[], string][] = [
      [
        [
          { accountId: cash, amountOre: 100 },
          { accountId: house, amountOre: -99 },
        ],
        'TRANSFER_UNBALANCED',
      ],
      [
        [
          { accountId: cash, amountOre: 100.5 },
          { accountId: house, amountOre: -100.5 },
        ],
        'INVALID_TRANSFER',
      ],
      [
        [
          { accountId: cash, amountOre: '100' as unknown as number },
          { accountId: house, amountOre: -100 },
        ],
        'INVALID_TRANSFER',
      ],
      [
        [
          { accountId: cash, amountOre: 0 },
          { accountId: house, amountOre: 0 },
        ],
        'INVALID_TRANSFER',
      ],
      [
        [
          { accountId: cash, amountOre: 2 ** 60 },
          { accountId: house, amountOre: -(2 ** 60) },
        ],
        'INVALID_TRANSFER',
      ],
      [[{ accountId: cash, amountOre: 100 }], 'INVALID_TRANSFER'],
      [
        [
          { accountId: cash, amountOre: 100 },
          { accountId: cash, amountOre: -100 },
        ],
        'INVALID_TRANSFER',
      ],
      [
        [
          { accountId: randomUUID(), amountOre: 100 },
          { accountId: house, amountOre: -100 },
        ],
        'ACCOUNT_NOT_FOUND',
      ],
    ];
    for (const [entries, code] of bad) {
      const error = await refusal(wallet.transfer({ idempotencyKey: randomUUID(), kind: 'deposit', entries }));
      expect(error.code, JSON.stringify(entries)).toBe(code);
    }
    expect(await transferCount()).toBe(before);
  });

  it('is append-only and balanced in the database itself, whatever the code does', async () => {
    const player = await newPlayer();
    const cash = await wallet.playerAccount(player, 'player_cash');
    const house = await wallet.systemAccount('house');
    const done = await wallet.transfer({
      idempotencyKey: randomUUID(),
      kind: 'deposit',
      entries: [
        { accountId: cash, amountOre: 700 },
        { accountId: house, amountOre: -700 },
      ],
    });
    const db = platform.database.db;
    await expect(db.execute(sql`update wallet_entries set amount_ore = 1 where transfer_id = ${done.transferId}`)).rejects.toThrow();
    await expect(db.execute(sql`delete from wallet_transfers where id = ${done.transferId}`)).rejects.toThrow();
    await expect(db.execute(sql`update wallet_accounts set balance_ore = -1 where id = ${cash}`)).rejects.toThrow();
    // An entry written past the service that leaves its transfer unbalanced fails at commit.
    await expect(
      db.transaction(async (tx) => {
        const transferId = randomUUID();
        await tx.execute(
          sql`insert into wallet_transfers (id, idempotency_key, request_hash, kind, reference, created_at) values (${transferId}, ${randomUUID()}, 'x', 'deposit', '{}'::jsonb, now())`,
        );
        await tx.execute(
          sql`insert into wallet_entries (transfer_id, account_id, amount_ore, created_at) values (${transferId}, ${house}, 5, now())`,
        );
      }),
    ).rejects.toThrow();
    // Entries that balance but name an account that does not exist, or join an old transfer.
    await expect(
      db.execute(
        sql`insert into wallet_entries (transfer_id, account_id, amount_ore, created_at) values (${done.transferId}, ${randomUUID()}, 5, now()), (${done.transferId}, ${house}, -5, now())`,
      ),
    ).rejects.toThrow();
    await expect(
      db.execute(
        sql`insert into wallet_entries (transfer_id, account_id, amount_ore, created_at) values (${done.transferId}, ${house}, 5, now())`,
      ),
    ).rejects.toThrow();
    // Accounts are permanent: entries rely on them.
    await expect(db.execute(sql`delete from wallet_accounts where id = ${house}`)).rejects.toThrow();
    await expect(db.execute(sql`update wallet_accounts set kind = 'house', tracked = false where id = ${cash}`)).rejects.toThrow();
    expect(await wallet.audit()).toMatchObject({ ledgerSumOre: 0, unbalancedTransfers: 0 });
  });

  it('undoes a transfer once, with a compensating transfer', async () => {
    const player = await newPlayer();
    const cash = await wallet.playerAccount(player, 'player_cash');
    const house = await wallet.systemAccount('house');
    const deposit = await wallet.transfer({
      idempotencyKey: randomUUID(),
      kind: 'deposit',
      entries: [
        { accountId: cash, amountOre: 3_000 },
        { accountId: house, amountOre: -3_000 },
      ],
    });
    const reversal = await wallet.reverse(deposit.transferId, 'chargeback');
    expect(reversal.kind).toBe('reversal');
    expect(await wallet.balance(cash)).toBe(0);
    expect((await wallet.reverse(deposit.transferId, 'again')).transferId).toBe(reversal.transferId);
    expect((await refusal(wallet.reverse(reversal.transferId, 'no'))).code).toBe('CANNOT_REVERSE_REVERSAL');
    // The original is still there, unchanged.
    expect((await wallet.readTransfer(deposit.transferId))?.entries).toHaveLength(2);
  });

  it('keeps every invariant under random concurrent transfers with duplicates and retries, from two processes', async () => {
    const clearing = await wallet.systemAccount('payment_clearing');
    const house = await wallet.systemAccount('house');
    const payouts = await wallet.systemAccount('payout_clearing');
    const people = await Promise.all(
      [0, 1, 2, 3].map(async () => {
        const id = await newPlayer();
        return { cash: await wallet.playerAccount(id, 'player_cash'), reserve: await wallet.playerAccount(id, 'player_payout_reserve') };
      }),
    );
    const op = fc.record({
      who: fc.integer({ min: 0, max: people.length - 1 }),
      what: fc.constantFrom('deposit', 'bet', 'win', 'withdraw', 'cancel', 'paid'),
      amount: fc.integer({ min: 1, max: 50_000 }),
      copies: fc.integer({ min: 1, max: 3 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 20, maxLength: 60 }), async (ops) => {
        const model = new Map<string, number>();
        const applied = new Set<string>();
        const before = new Map<string, number>();
        for (const p of people) for (const account of [p.cash, p.reserve]) before.set(account, await wallet.balance(account));
        const calls = ops.flatMap((o, index) => {
          const p = people[o.who]!;
          const legs: Record<string, [string, string]> = {
            deposit: [clearing, p.cash],
            bet: [p.cash, house],
            win: [house, p.cash],
            withdraw: [p.cash, p.reserve],
            cancel: [p.reserve, p.cash],
            paid: [p.reserve, payouts],
          };
          const [from, to] = legs[o.what]!;
          const input: TransferInput = {
            idempotencyKey: `prop-${randomUUID()}-${index}`,
            kind: o.what === 'paid' ? 'payout_paid' : o.what,
            entries: [
              { accountId: from, amountOre: -o.amount },
              { accountId: to, amountOre: o.amount },
            ],
          };
          // Duplicates of one request, as a retried call or a repeated webhook would send.
          return Array.from({ length: o.copies }, (_, copy) => ({ input, service: copy % 2 === 1 && second ? second.wallet : wallet }));
        });
        const results = await Promise.allSettled(calls.map(({ input, service }) => service.transfer(input)));
        // Per transfer, exactly one answer moved money; every copy of a request got that transfer.
        const firstAnswers = new Map<string, number>();
        const transferOfKey = new Map<string, string>();
        results.forEach((result, i) => {
          if (result.status === 'rejected') {
            expect(['INSUFFICIENT_FUNDS'], String(result.reason)).toContain((result.reason as AppError).code);
            return;
          }
          const { transferId, replayed } = result.value;
          const key = calls[i]!.input.idempotencyKey;
          expect(transferOfKey.get(key) ?? transferId).toBe(transferId);
          transferOfKey.set(key, transferId);
          if (!replayed) {
            firstAnswers.set(transferId, (firstAnswers.get(transferId) ?? 0) + 1);
            applied.add(transferId);
            for (const entry of calls[i]!.input.entries) model.set(entry.accountId, (model.get(entry.accountId) ?? 0) + entry.amountOre);
          }
        });
        expect([...firstAnswers.values()].every((count) => count === 1)).toBe(true);
        for (const transferId of transferOfKey.values()) expect(applied.has(transferId)).toBe(true);
        // Each request moved money once, however many copies were sent.
        const keys = new Set(calls.map((call) => call.input.idempotencyKey));
        expect(applied.size).toBeLessThanOrEqual(keys.size);
        // Every balance is what the applied transfers say, and never below zero.
        for (const p of people) {
          for (const account of [p.cash, p.reserve]) {
            const balance = await wallet.balance(account);
            expect(balance).toBe(before.get(account)! + (model.get(account) ?? 0));
            expect(balance).toBeGreaterThanOrEqual(0);
          }
        }
        expect(await wallet.audit()).toEqual({ ledgerSumOre: 0, unbalancedTransfers: 0, negativeBalances: 0, mismatchedBalances: 0 });
        return true;
      }),
      // Thousands of transfers on a real server, where the two pools really race; fewer on PGlite.
      { numRuns: platform.database.kind === 'postgres' ? 30 : 6 },
    );
  });
});

describe('the player’s money over HTTP', () => {
  const loggedInPlayer = () => createLoggedInPlayer(platform);
  const get = async (url: string) => {
    const response = await platform.app.inject({ method: 'GET', url });
    return { status: response.statusCode, body: response.json() as { result: number; data?: Record<string, number>; code?: string } };
  };

  it('answers the account summary of spec §3 from the ledger, only for the session’s player', async () => {
    const { id, token } = await loggedInPlayer();
    const cash = await wallet.playerAccount(id, 'player_cash');
    const bonus = await wallet.playerAccount(id, 'player_bonus');
    const reserve = await wallet.playerAccount(id, 'player_payout_reserve');
    const clearing = await wallet.systemAccount('payment_clearing');
    const cost = await wallet.systemAccount('bonus_cost');
    await wallet.transfer({
      idempotencyKey: randomUUID(),
      kind: 'deposit',
      entries: [
        { accountId: clearing, amountOre: -60_000 },
        { accountId: cash, amountOre: 60_000 },
      ],
    });
    await wallet.transfer({
      idempotencyKey: randomUUID(),
      kind: 'bonus_grant',
      entries: [
        { accountId: cost, amountOre: -10_000 },
        { accountId: bonus, amountOre: 10_000 },
      ],
    });
    await wallet.transfer({
      idempotencyKey: randomUUID(),
      kind: 'withdrawal',
      entries: [
        { accountId: cash, amountOre: -20_000 },
        { accountId: reserve, amountOre: 20_000 },
      ],
    });
    const summary = await get(`/GATMaven/users/${token}/account-summary`);
    expect(summary.body).toEqual({
      result: 1,
      data: {
        TotalBalance: 50_000,
        WithdrawableBalance: 40_000,
        BonusBalance: 10_000,
        ReservedForPayouts: 20_000,
        TotalActiveWageringRequirement: 0,
        TotalActiveBonusWageredFraction: 0,
      },
    });
    expect((await get('/GATMaven/users/not-a-session/account-summary')).status).toBe(401);
    // Another player's session sees their own (empty) money only.
    const other = await loggedInPlayer();
    expect((await get(`/GATMaven/users/${other.token}/account-summary`)).body.data?.TotalBalance).toBe(0);
  });

  it('sums stakes and wins of the last 30 days, leaving out reversed rounds and older ones', async () => {
    const { id, token } = await loggedInPlayer();
    const cash = await wallet.playerAccount(id, 'player_cash');
    const house = await wallet.systemAccount('house');
    const move = (kind: string, amount: number) =>
      wallet.transfer({
        idempotencyKey: randomUUID(),
        kind,
        entries: [
          { accountId: house, amountOre: -amount },
          { accountId: cash, amountOre: amount },
        ],
      });
    await move('deposit', 10_000);
    await move('bet', -1_000);
    await move('win', 2_500);
    const voided = await move('bet', -700);
    await wallet.reverse(voided.transferId, 'round voided by the provider');
    const summary = await get(`/GATMaven/users/${token}/betwin-summary`);
    expect(summary.body).toEqual({ result: 1, data: { days: 30, totalStake: 1_000, totalWin: 2_500, net: 1_500, rounds: 1 } });
    // Thirty-one days later the rounds are out of the window.
    const later = createWalletService(platform.database.db, () => new Date(Date.now() + 31 * 86_400_000));
    expect(await later.betWinSummary(id)).toEqual({ days: 30, totalStake: 0, totalWin: 0, net: 0, rounds: 0 });
    expect(await later.betWinSummary(id, 90)).toMatchObject({ totalStake: 1_000, totalWin: 2_500 });
    expect((await get('/GATMaven/users/nobody/betwin-summary')).status).toBe(401);
  });
});

type TransferEntry = TransferInput['entries'][number];

describe('the database pool', () => {
  // An operator sizes the pool to the database server (DATABASE_POOL_SIZE): requests beyond it
  // wait in the process for a connection and are all answered.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'keeps at most DATABASE_POOL_SIZE connections to PostgreSQL, however many requests arrive at once',
    async () => {
      expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
      const small = await startTestPlatform({ DATABASE_POOL_SIZE: '2' });
      try {
        // The ledger's transfers in one process, as deposits landing together call it.
        const ledger = createWalletService(small.database.db, () => new Date());
        const deposits = await Promise.all(
          Array.from({ length: 12 }, async () => {
            const playerId = randomUUID();
            const [clearing, cash] = await Promise.all([
              ledger.systemAccount('payment_clearing'),
              ledger.playerAccount(playerId, 'player_cash'),
            ]);
            return ledger.transfer({
              idempotencyKey: `pool-${playerId}`,
              kind: 'deposit',
              entries: [
                { accountId: clearing, amountOre: -10_000 },
                { accountId: cash, amountOre: 10_000 },
              ],
            });
          }),
        );
        expect(deposits.map((deposit) => deposit.replayed)).toEqual(Array(12).fill(false));
        // The pool keeps its connections open a while after use: the server still sees them all.
        const result = (await small.database.db.execute(
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database()`,
        )) as unknown as { rows: { n: number }[] };
        expect(result.rows[0]!.n).toBe(2);
      } finally {
        await small.close();
      }
    },
  );
});
