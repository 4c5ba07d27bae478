import { randomUUID } from 'node:crypto';
import { startSims, type Sims } from '@krone/sims';
import { TEST_CARDS } from '@krone/sims/cards';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.js';
import { checkInvariants, type InvariantName } from '../src/invariants/check.js';
import { players } from '../src/players/schema.js';
import { createSecrets } from '../src/players/secrets.js';
import { rowsOf } from '../src/shared/db.js';
import { addTestTitles, gameProvider, type GameProviderClient } from './games-provider.js';
import { createLoggedInPlayer, startTestPlatform, type TestPlatform } from './harness.js';

/**
 * The invariants checker (invariants/README.md), which the chaos bench of issue 15 §1 runs after
 * its faults: after real activity (card deposits, play through the games contract, withdrawals
 * requested and cancelled) every invariant holds; each one broken on purpose in SQL is reported
 * broken, by name. Each break happens in a transaction that is rolled back, so the cases start
 * from the same sound database. PGlite by default, a PostgreSQL server with TEST_DATABASE_URL.
 */
const STUDIO_SECRET = 'studio-secret-of-the-tests-0123456789';
const GAME = 'invariant-slot';
const web = 'http://127.0.0.1:3000';

let sims: Sims;
let platform: TestPlatform;
let studio: GameProviderClient;
const now = new Date();

beforeAll(async () => {
  const secretKey = 'test-cards-key-123';
  const webhookSecret = 'test-webhook-secret-123';
  sims = await startSims({ webPublicUrl: web, cards: { secretKey, webhookSecret } });
  platform = await startTestPlatform({
    CARDS_API_URL: `${sims.url}/cards`,
    CARDS_SECRET_KEY: secretKey,
    CARDS_WEBHOOK_SECRET: webhookSecret,
    GAME_PROVIDER_KRONE_STUDIO_SECRET: STUDIO_SECRET,
  });
  platform.setNow(now);
  await addTestTitles(platform.database.db, [{ id: GAME, stepsOre: [100, 500, 1_000] }]);
  studio = gameProvider(platform.publicApp, 'krone-studio', STUDIO_SECRET, () => now);
  await play();
}, 120_000);
afterAll(async () => {
  await platform?.close();
  await sims?.close();
});

const db = () => platform.database.db;
let ids = 0;
const id = (prefix: string) => `${prefix}-${++ids}-${randomUUID().slice(0, 8)}`;

/** A player with a CPR on file (a withdrawal needs it) and a successful card deposit of `amountOre`. */
async function depositor(amountOre: number) {
  const player = await createLoggedInPlayer(platform, { monthlyLimitOre: 10_000_000 });
  const secrets = createSecrets({ cprHashKey: platform.config.CPR_HASH_KEY, encryptionKey: platform.config.DATA_ENCRYPTION_KEY });
  await db()
    .update(players)
    .set({ cprEncrypted: secrets.encrypt('0101901234') })
    .where(eq(players.id, player.id));
  const card = await fetch(`${sims.url}/cards/v1/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: web },
    body: JSON.stringify({
      number: TEST_CARDS.success,
      holder: 'Test Spiller',
      expiryMonth: 12,
      expiryYear: now.getUTCFullYear() + 1,
      cvv: '123',
    }),
  });
  const response = await platform.app.inject({
    method: 'POST',
    url: `/Payments/deposits/card/${player.token}`,
    payload: { token: ((await card.json()) as { token: string }).token, amountOre, returnUrl: `${web}/min-konto/overfoer` },
  });
  expect(response.json()).toMatchObject({ data: { status: 'succeeded' } });
  return player;
}

/** Deposits, a few rounds through the games contract (bets, wins, a rollback), withdrawals requested and one cancelled. */
async function play() {
  for (const amountOre of [50_000, 30_000]) {
    const player = await depositor(amountOre);
    const launched = await platform.app.inject({
      method: 'POST',
      url: `/Games/launch/${player.token}`,
      payload: { providerId: 'krone-studio', gameId: GAME, mode: 'real' },
    });
    const auth = await studio.call('authenticate', { token: (launched.json() as { data: { token: string } }).data.token });
    const sessionId = auth.body.data!.sessionId as string;
    for (let round = 0; round < 3; round++) {
      const roundId = id('r');
      const bet = id('b');
      expect((await studio.call('bet', { sessionId, roundId, transactionId: bet, amountOre: 1_000 })).status).toBe(200);
      expect((await studio.call('bet', { sessionId, roundId, transactionId: id('b'), amountOre: 500 })).status).toBe(200);
      if (round === 1)
        expect((await studio.call('rollback', { sessionId, roundId, transactionId: id('rb'), referenceTransactionId: bet })).status).toBe(
          200,
        );
      expect((await studio.call('win', { sessionId, roundId, transactionId: id('w'), amountOre: 700 * round })).status).toBe(200);
      expect((await studio.call('endRound', { sessionId, roundId })).status).toBe(200);
    }
    const withdrawn = await platform.app.inject({
      method: 'POST',
      url: `/Payments/withdrawals/${player.token}`,
      payload: { amountOre: 10_000 },
    });
    expect(withdrawn.statusCode).toBe(200);
    if (amountOre === 30_000) {
      const withdrawalId = (withdrawn.json() as { data: { id: string } }).data.id;
      const cancelled = await platform.app.inject({ method: 'POST', url: `/Payments/withdrawals/${player.token}/${withdrawalId}/cancel` });
      expect(cancelled.statusCode).toBe(200);
    }
  }
}

const broken = (results: { name: InvariantName; ok: boolean }[]) => results.filter((r) => !r.ok).map((r) => r.name);

/** Runs `damage` in a transaction, checks the invariants inside it, and rolls it all back. */
async function brokenBy(damage: (tx: Db) => Promise<void>) {
  let names: InvariantName[] = [];
  let examples: string[] = [];
  const rollback = new Error('rollback');
  await db()
    .transaction(async (tx) => {
      await damage(tx as unknown as Db);
      const results = await checkInvariants(tx as unknown as Db, { now, olderThanMs: 15 * 60_000 });
      names = broken(results);
      examples = results.flatMap((r) => r.examples);
      throw rollback;
    })
    .catch((error: unknown) => {
      if (error !== rollback) throw error;
    });
  return { names, examples };
}

const one = async <T>(query: ReturnType<typeof sql>, tx: Db) => (await rowsOf<T>(query, tx))[0]!;

describe('the invariants after real activity', () => {
  it('all hold, and the activity is there to check', async () => {
    const results = await checkInvariants(db(), { now });
    expect(results.map((r) => r.name)).toEqual([
      'ledger_balanced',
      'balances_non_negative',
      'balances_match_entries',
      'deposits_credited_once',
      'withdrawals_settled_once',
      'payments_final',
      'game_money',
      'jackpots',
      'free_rounds',
      'audit_log',
    ]);
    expect(broken(results)).toEqual([]);
    const counts = await one<{ payments: number; withdrawals: number; games: number }>(
      sql`select (select count(*)::int from payments where status = 'succeeded') as payments,
                 (select count(*)::int from withdrawals) as withdrawals,
                 (select count(*)::int from game_transactions where transfer_id is not null) as games`,
      db(),
    );
    expect(counts).toMatchObject({ payments: 2, withdrawals: 2 });
    expect(counts.games).toBeGreaterThanOrEqual(12);
  });
});

describe('each invariant broken on purpose is reported broken', () => {
  const cases: { name: string; expected: InvariantName[]; damage: (tx: Db) => Promise<void> }[] = [
    {
      name: 'an entry edited: the ledger no longer sums to zero (and the audit log no longer matches it)',
      expected: ['ledger_balanced', 'audit_log'],
      damage: async (tx) => {
        await tx.execute(sql`alter table wallet_entries disable trigger wallet_entries_append_only`);
        await tx.execute(
          sql`update wallet_entries set amount_ore = amount_ore - 1
              where (transfer_id, account_id) = (select e.transfer_id, e.account_id from wallet_entries e
                join wallet_accounts a on a.id = e.account_id where not a.tracked and a.kind not like 'jackpot:%' limit 1)`,
        );
      },
    },
    {
      name: 'a player balance below zero',
      expected: ['balances_non_negative', 'balances_match_entries'],
      damage: async (tx) => {
        await tx.execute(sql`alter table wallet_accounts drop constraint wallet_accounts_balance_check`);
        await tx.execute(
          sql`update wallet_accounts set balance_ore = -100 where id = (select id from wallet_accounts where kind = 'player_cash' limit 1)`,
        );
      },
    },
    {
      name: 'a kept balance that is not the sum of its entries',
      expected: ['balances_match_entries'],
      damage: async (tx) => {
        await tx.execute(
          sql`update wallet_accounts set balance_ore = balance_ore + 1 where id = (select id from wallet_accounts where kind = 'player_cash' limit 1)`,
        );
      },
    },
    {
      name: 'a deposit credited a second time under another key',
      expected: ['deposits_credited_once'],
      damage: async (tx) => {
        const payment = await one<{ id: string; player_id: string; amount_ore: string }>(
          sql`select id, player_id, amount_ore from payments where status = 'succeeded' limit 1`,
          tx,
        );
        // Straight in SQL, as a second code path crediting it would: a balanced transfer, the balance kept with it.
        const cash = await one<{ id: string; balance_ore: string }>(
          sql`select id, balance_ore from wallet_accounts where player_id = ${payment.player_id} and kind = 'player_cash'`,
          tx,
        );
        const clearing = await one<{ id: string }>(sql`select id from wallet_accounts where kind = 'payment_clearing'`, tx);
        const transfer = await one<{ id: string }>(
          sql`insert into wallet_transfers (idempotency_key, request_hash, kind, reference, created_at)
              values (${`deposit-again:${payment.id}`}, 'x', 'deposit', ${JSON.stringify({ paymentId: payment.id, method: 'card' })}::jsonb, now())
              returning id`,
          tx,
        );
        const amount = Number(payment.amount_ore);
        await tx.execute(sql`update wallet_accounts set balance_ore = balance_ore + ${amount} where id = ${cash.id}`);
        await tx.execute(
          sql`insert into wallet_entries (transfer_id, account_id, amount_ore, balance_after_ore, created_at)
              values (${transfer.id}, ${clearing.id}, ${-amount}, null, now()),
                     (${transfer.id}, ${cash.id}, ${amount}, ${Number(cash.balance_ore) + amount}, now())`,
        );
      },
    },
    {
      name: 'a cancelled withdrawal marked paid',
      expected: ['withdrawals_settled_once'],
      damage: async (tx) => {
        await tx.execute(sql`update withdrawals set status = 'paid', paid_at = now() where status = 'cancelled'`);
      },
    },
    {
      name: 'a withdrawal left in sending',
      expected: ['payments_final'],
      damage: async (tx) => {
        await tx.execute(
          sql`update withdrawals set status = 'sending', lease_until = ${new Date(now.getTime() - 3_600_000).toISOString()}::timestamptz,
                updated_at = ${new Date(now.getTime() - 3_600_000).toISOString()}::timestamptz
              where status = 'pending'`,
        );
      },
    },
    {
      name: 'a payment left under way',
      expected: ['payments_final'],
      damage: async (tx) => {
        const old = new Date(now.getTime() - 3_600_000).toISOString();
        await tx.execute(
          sql`insert into payments (player_id, method, amount_ore, status, created_at, updated_at)
              select player_id, 'card', 10000, 'created', ${old}::timestamptz, ${old}::timestamptz from payments limit 1`,
        );
      },
    },
    {
      name: 'a jackpot pool whose amount was changed outside the ledger',
      expected: ['jackpots'],
      damage: async (tx) => {
        await tx.execute(sql`update jackpot_pools set amount_ore = amount_ore + 1 where id = 'guld-mini'`);
      },
    },
    {
      name: 'a jackpot pool at its drop value, left unpaid',
      expected: ['jackpots'],
      damage: async (tx) => {
        await tx.execute(sql`update jackpot_pools set drop_ore = amount_ore where id = 'guld-mini'`);
      },
    },
    {
      name: 'a round whose recorded win is not what the ledger paid',
      expected: ['game_money'],
      damage: async (tx) => {
        await tx.execute(sql`update game_rounds set won_ore = won_ore + 100 where won_ore > 0`);
      },
    },
    {
      name: 'a game transaction that moved money, forgotten',
      expected: ['game_money'],
      damage: async (tx) => {
        await tx.execute(
          sql`delete from game_transactions where (provider_id, transaction_id) = (select provider_id, transaction_id
              from game_transactions where kind = 'win' and transfer_id is not null limit 1)`,
        );
      },
    },
    {
      name: 'an audit entry edited',
      expected: ['audit_log'],
      damage: async (tx) => {
        await tx.execute(sql`update audit_log set body = body || ' ' where (chain, seq) = (select chain, seq from audit_log limit 1)`);
      },
    },
  ];
  for (const { name, expected, damage } of cases)
    it(name, async () => {
      const { names, examples } = await brokenBy(damage);
      expect(names, JSON.stringify(examples)).toEqual(expected);
      // Rolled back: sound again.
      expect(broken(await checkInvariants(db(), { now }))).toEqual([]);
    });
});
