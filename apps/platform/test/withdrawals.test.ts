import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addDanishBankingDays } from '@krone/domain';
import { startSims, type Sims } from '@krone/sims';
import { MITID_IDENTITIES } from '@krone/sims/identities';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Db } from '../src/db/client.js';
import { withdrawals } from '../src/payments/schema.js';
import { createPayoutProcessor } from '../src/payments/withdrawals-processor.js';
import { players } from '../src/players/schema.js';
import { createSecrets } from '../src/players/secrets.js';
import { createWalletService } from '../src/wallet/service.js';
import { createLoggedInPlayer, sendSignedWebhook, startTestPlatform, type TestPlatform } from './harness.js';

const apiKey = 'test-nemkonto-key-123';
const webhookSecret = 'test-nemkonto-webhook-secret';
const HOLD_MINUTES = 60;
const erik = MITID_IDENTITIES.find((identity) => identity.familyName === 'Udenkonto')!;

let sims: Sims;
let platform: TestPlatform;
let receiver: Server;
/** Every webhook the NemKonto stand-in delivered, as sent, and the platform's answer. */
const delivered: { body: string; signature: string; status: number }[] = [];

beforeAll(async () => {
  // NemKonto's webhooks reach the platform through a small receiver (the platform is not listening).
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const signature = String(req.headers['krone-signature'] ?? '');
      void platform.publicApp
        .inject({
          method: 'POST',
          url: '/Payments/webhooks/nemkonto',
          headers: { 'content-type': 'application/json', 'krone-signature': signature },
          payload: body,
        })
        .then((answer) => {
          delivered.push({ body, signature, status: answer.statusCode });
          res.writeHead(answer.statusCode).end(answer.body);
        });
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`;
  sims = await startSims({ nemkonto: { apiKey, webhookSecret, webhookUrl: receiverUrl, settleAfterMs: 3_600_000, retryDelaysMs: [] } });
  platform = await startTestPlatform({
    NEMKONTO_API_URL: `${sims.url}/nemkonto`,
    NEMKONTO_API_KEY: apiKey,
    NEMKONTO_WEBHOOK_SECRET: webhookSecret,
    PAYOUT_HOLD_MINUTES: String(HOLD_MINUTES),
  });
});
afterAll(async () => {
  await platform.close();
  await sims.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const wallet = () => createWalletService(platform.database.db, () => new Date());
const balances = async (playerId: string) => wallet().playerBalances(playerId);

/** A logged-in player with a CPR (on file, encrypted) and `cashOre` deposited through the ledger. */
async function playerWithCash(cashOre: number, cpr = '0101901234') {
  const player = await createLoggedInPlayer(platform);
  const secrets = createSecrets({ cprHashKey: platform.config.CPR_HASH_KEY, encryptionKey: platform.config.DATA_ENCRYPTION_KEY });
  await platform.database.db
    .update(players)
    .set({ cprEncrypted: secrets.encrypt(cpr) })
    .where(eq(players.id, player.id));
  if (cashOre > 0) {
    const w = wallet();
    const paymentId = randomUUID();
    await w.transfer({
      idempotencyKey: `deposit:${paymentId}`,
      kind: 'deposit',
      entries: [
        { accountId: await w.systemAccount('payment_clearing'), amountOre: -cashOre },
        { accountId: await w.playerAccount(player.id, 'player_cash'), amountOre: cashOre },
      ],
      reference: { paymentId, method: 'card' },
    });
  }
  return player;
}

type Answer = { result: number; code?: string; message?: string; fields?: Record<string, string>; data?: Record<string, unknown> };
async function withdraw(token: string, amountOre: unknown, extra: Record<string, unknown> = {}) {
  const response = await platform.app.inject({ method: 'POST', url: `/Payments/withdrawals/${token}`, payload: { amountOre, ...extra } });
  return { status: response.statusCode, body: response.json() as Answer };
}
async function list(token: string) {
  const response = await platform.app.inject({ method: 'GET', url: `/Payments/withdrawals/${token}` });
  return response.json() as {
    result: number;
    data: {
      withdrawableOre: number;
      reservedOre: number;
      withdrawals: { id: string; status: string; cancellable: boolean; amountOre: number; expectedBy: string }[];
    };
  };
}
async function cancel(token: string, withdrawalId: string) {
  const response = await platform.app.inject({ method: 'POST', url: `/Payments/withdrawals/${token}/${withdrawalId}/cancel` });
  return { status: response.statusCode, body: response.json() as Answer };
}

/** A processor, as another platform process would run it, at `minutesLater` past now; its NemKonto calls are counted. */
function processor(minutesLater = HOLD_MINUTES + 1, http: typeof fetch = fetch, db: Db = platform.database.db, config = platform.config) {
  const calls: string[] = [];
  const counting: typeof fetch = async (input, init) => {
    calls.push(String(new Headers(init?.headers).get('idempotency-key')));
    return http(input, init);
  };
  const service = createPayoutProcessor({
    config,
    db,
    clock: () => new Date(Date.now() + minutesLater * 60_000),
    fetch: counting,
  });
  return { ...service, calls };
}

const row = async (id: string) => (await platform.database.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!;

async function settleAtNemKonto(withdrawalId: string) {
  const { providerPayoutId } = await row(withdrawalId);
  const response = await fetch(`${sims.url}/nemkonto/v1/test/payouts/${providerPayoutId}/settle`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}` },
  });
  expect(response.status).toBe(200);
  for (let i = 0; i < 100 && (await row(withdrawalId)).status !== 'paid'; i++) await new Promise((resolve) => setTimeout(resolve, 50));
}

const sendEvent = async (body: unknown, secret = webhookSecret, at?: number) =>
  (await sendSignedWebhook(platform, '/Payments/webhooks/nemkonto', body, secret, at)).status;

async function expectLedgerClean() {
  expect(await wallet().audit()).toEqual({ ledgerSumOre: 0, unbalancedTransfers: 0, negativeBalances: 0, mismatchedBalances: 0 });
}

describe('withdrawals to NemKonto', () => {
  it('reserves the amount at once, shows it pending with the date 3 banking days on, and lets the player cancel it', async () => {
    const p = await playerWithCash(50_000);
    const before = new Date();
    const done = await withdraw(p.token, 20_000);
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ amountOre: 20_000, status: 'pending', cancellable: true });
    const expectedBy = new Date(done.body.data!.expectedBy as string).getTime();
    expect(expectedBy).toBeGreaterThanOrEqual(addDanishBankingDays(before, 3).getTime());
    expect(expectedBy).toBeLessThanOrEqual(addDanishBankingDays(new Date(), 3).getTime());
    expect(await balances(p.id)).toMatchObject({ player_cash: 30_000, player_payout_reserve: 20_000 });
    const id = done.body.data!.id as string;
    const reserve = await wallet().readTransfer((await row(id)).reserveTransferId);
    expect(reserve?.transfer).toMatchObject({ kind: 'withdrawal', idempotencyKey: `withdrawal:${id}`, reference: { withdrawalId: id } });

    const listed = await list(p.token);
    expect(listed.data).toMatchObject({ withdrawableOre: 30_000, reservedOre: 20_000 });
    expect(listed.data.withdrawals.map((w) => [w.id, w.status])).toEqual([[id, 'pending']]);

    // Before the hold is over, the processor leaves it alone.
    const early = processor(1);
    expect(await early.processDueWithdrawals()).toEqual({ sent: 0, failed: 0, retry: 0 });

    const cancelled = await cancel(p.token, id);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', cancellable: false });
    expect(await balances(p.id)).toMatchObject({ player_cash: 50_000, player_payout_reserve: 0 });
    // Cancelling again changes nothing, and a cancelled withdrawal is never sent.
    expect((await cancel(p.token, id)).body.data).toMatchObject({ status: 'cancelled' });
    expect(await balances(p.id)).toMatchObject({ player_cash: 50_000 });
    const late = processor();
    await late.processDueWithdrawals();
    expect(late.calls).not.toContain(`krone-${id}`);
    const back = await wallet().readTransfer((await row(id)).settleTransferId!);
    expect(back?.transfer).toMatchObject({ kind: 'withdrawal_cancel', idempotencyKey: `withdrawal-cancel:${id}` });
    await expectLedgerClean();
  });

  it('refuses less than 100 kr., more than the withdrawable balance, and amounts that are not whole øre, moving nothing', async () => {
    const p = await playerWithCash(15_000);
    expect((await withdraw(p.token, 9_999)).body).toMatchObject({
      code: 'WITHDRAWAL_TOO_SMALL',
      message: 'Mindste udbetaling er 100 kr.',
      fields: { amountOre: 'payout.min_amount' },
    });
    const tooMuch = await withdraw(p.token, 15_001);
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body).toMatchObject({ code: 'WITHDRAWAL_EXCEEDS_BALANCE', message: 'Beløbet er højere end det, du kan udbetale.' });
    for (const amount of [-20_000, 10_000.5, 1e20, 0, Number.MAX_SAFE_INTEGER + 2]) {
      const refused = await withdraw(p.token, amount);
      expect(refused.status, String(amount)).toBe(400);
      expect(refused.body.code).toBe('AMOUNT_INVALID');
    }
    for (const amount of ['10000', null, { ore: 1 }, [10_000], true]) {
      const refused = await withdraw(p.token, amount);
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('INVALID_INPUT');
    }
    expect((await withdraw('not-a-session', 10_000)).status).toBe(401);
    expect(await balances(p.id)).toMatchObject({ player_cash: 15_000, player_payout_reserve: 0 });
    expect((await list(p.token)).data.withdrawals).toEqual([]);
    // All of it is allowed.
    expect((await withdraw(p.token, 15_000)).body.data).toMatchObject({ status: 'pending' });
    expect((await withdraw(p.token, 10_000)).body.code).toBe('WITHDRAWAL_EXCEEDS_BALANCE');
    await expectLedgerClean();
  });

  it('never withdraws more than the cash when requests race, and answers a repeated request once', async () => {
    const p = await playerWithCash(30_000);
    const raced = await Promise.all([withdraw(p.token, 20_000), withdraw(p.token, 20_000), withdraw(p.token, 20_000)]);
    expect(raced.filter((r) => r.status === 200)).toHaveLength(1);
    expect(raced.filter((r) => r.body.code === 'WITHDRAWAL_EXCEEDS_BALANCE')).toHaveLength(2);
    const requestId = randomUUID();
    const [a, b] = await Promise.all([withdraw(p.token, 10_000, { requestId }), withdraw(p.token, 10_000, { requestId })]);
    expect(a.body.data?.id).toBe(requestId);
    expect(b.body.data?.id).toBe(requestId);
    expect(await balances(p.id)).toMatchObject({ player_cash: 0, player_payout_reserve: 30_000 });
    expect((await withdraw(p.token, 12_000, { requestId })).body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    await expectLedgerClean();
  });

  it('sends it after the hold, no longer cancellable, and books it paid once on NemKonto’s signed webhook', async () => {
    const p = await playerWithCash(40_000);
    const id = (await withdraw(p.token, 25_000)).body.data!.id as string;
    const run = processor();
    await run.processDueWithdrawals();
    expect(run.calls.filter((key) => key === `krone-${id}`)).toHaveLength(1);
    expect((await list(p.token)).data.withdrawals[0]).toMatchObject({ id, status: 'processing', cancellable: false });
    const refused = await cancel(p.token, id);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'WITHDRAWAL_NOT_CANCELLABLE',
      message: 'Udbetalingen kunne ikke annulleres. Den kan allerede være sendt til din bank.',
    });
    expect(await balances(p.id)).toMatchObject({ player_cash: 15_000, player_payout_reserve: 25_000 });

    const clearingBefore = await wallet().balance(await wallet().systemAccount('payout_clearing'));
    await settleAtNemKonto(id);
    expect((await list(p.token)).data.withdrawals[0]).toMatchObject({ id, status: 'paid' });
    expect(await balances(p.id)).toMatchObject({ player_cash: 15_000, player_payout_reserve: 0 });
    expect(await wallet().balance(await wallet().systemAccount('payout_clearing'))).toBe(clearingBefore + 25_000);
    const payout = await wallet().readTransfer((await row(id)).settleTransferId!);
    expect(payout?.transfer).toMatchObject({ kind: 'payout', idempotencyKey: `payout:${id}`, reference: { withdrawalId: id } });

    // The same event again (a provider retry, a replay within the window): nothing moves.
    const event = delivered.find((d) => JSON.parse(d.body).data.reference === id)!;
    expect(event.status).toBe(200);
    const again = await platform.publicApp.inject({
      method: 'POST',
      url: '/Payments/webhooks/nemkonto',
      headers: { 'content-type': 'application/json', 'krone-signature': event.signature },
      payload: event.body,
    });
    expect(again.json()).toMatchObject({ data: { status: 'paid' } });
    expect(await wallet().balance(await wallet().systemAccount('payout_clearing'))).toBe(clearingBefore + 25_000);

    // Forged, stale, unsigned, for another payout or amount, or for no withdrawal of ours: refused.
    const parsed = JSON.parse(event.body) as { data: Record<string, unknown> };
    expect(await sendEvent(parsed, 'not-the-secret-at-all')).toBe(401);
    expect(await sendEvent(parsed, webhookSecret, Math.floor(Date.now() / 1000) - 3600)).toBe(401);
    const unsigned = await platform.publicApp.inject({
      method: 'POST',
      url: '/Payments/webhooks/nemkonto',
      headers: { 'content-type': 'application/json' },
      payload: event.body,
    });
    expect(unsigned.statusCode).toBe(401);
    expect(await sendEvent({ ...parsed, data: { ...parsed.data, payoutId: 'po_other' } })).toBe(409);
    expect(await sendEvent({ ...parsed, data: { ...parsed.data, amountOre: 99_999 } })).toBe(409);
    expect(await sendEvent({ ...parsed, data: { ...parsed.data, reference: randomUUID() } })).toBe(404);
    expect(await sendEvent({ id: 'evt_bad', type: 'payout.paid', data: { reference: 'nope' } })).toBe(400);
    expect(await balances(p.id)).toMatchObject({ player_cash: 15_000, player_payout_reserve: 0 });
    await expectLedgerClean();
  });

  it('refuses a paid event for a withdrawal that was never sent', async () => {
    const p = await playerWithCash(20_000);
    const id = (await withdraw(p.token, 20_000)).body.data!.id as string;
    const event = {
      id: 'evt_early',
      type: 'payout.paid',
      createdAt: new Date().toISOString(),
      data: { payoutId: 'po_forged', reference: id, amountOre: 20_000, paidAt: new Date().toISOString() },
    };
    expect(await sendEvent(event)).toBe(409);
    expect((await cancel(p.token, id)).body.data).toMatchObject({ status: 'cancelled' });
    expect(await balances(p.id)).toMatchObject({ player_cash: 20_000, player_payout_reserve: 0 });
  });

  it('marks a payout NemKonto refuses (no NemKonto) failed and gives the money back', async () => {
    const p = await playerWithCash(30_000, erik.cpr);
    const id = (await withdraw(p.token, 30_000)).body.data!.id as string;
    expect(await balances(p.id)).toMatchObject({ player_cash: 0 });
    await processor().processDueWithdrawals();
    expect((await list(p.token)).data.withdrawals[0]).toMatchObject({ id, status: 'failed', cancellable: false });
    expect(await row(id)).toMatchObject({ failureCode: 'no_nemkonto' });
    expect(await balances(p.id)).toMatchObject({ player_cash: 30_000, player_payout_reserve: 0 });
    // Processing again sends nothing more.
    const again = processor();
    await again.processDueWithdrawals();
    expect(again.calls).not.toContain(`krone-${id}`);
    await expectLedgerClean();
  });

  it('sends each withdrawal once when two processors run at once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const p = await playerWithCash(60_000);
      for (let j = 0; j < 2; j++) ids.push((await withdraw(p.token, 10_000 + j * 100)).body.data!.id as string);
    }
    // On a PostgreSQL server the second processor has its own connection pool, as another process would.
    const own =
      platform.database.kind === 'postgres' ? await openDatabase({ url: platform.config.DATABASE_URL, dataDir: '', poolSize: 2 }) : null;
    const first = processor();
    const second = processor(HOLD_MINUTES + 1, fetch, own?.db ?? platform.database.db);
    const [a, b] = await Promise.all([
      first.processDueWithdrawals({ batchSize: 2 }),
      second.processDueWithdrawals({ batchSize: 2 }),
    ]).finally(() => own?.close());
    expect(a.sent + b.sent).toBeGreaterThanOrEqual(ids.length);
    expect(a.sent).toBeGreaterThan(0);
    const mine = [...first.calls, ...second.calls].filter((key) => ids.includes(key.replace('krone-', '')));
    expect(mine.sort()).toEqual(ids.map((id) => `krone-${id}`).sort());
    for (const id of ids) expect((await row(id)).status).toBe('sent');
  });

  it('sends again harmlessly after a crash between sending and marking it sent', async () => {
    const p = await playerWithCash(20_000);
    const id = (await withdraw(p.token, 20_000)).body.data!.id as string;
    // NemKonto accepts the payout, but the answer never arrives (a crash, a lost connection).
    const lost: typeof fetch = async (input, init) => {
      await fetch(input, init);
      throw new TypeError('fetch failed');
    };
    const crashed = processor(HOLD_MINUTES + 1, lost);
    await crashed.processDueWithdrawals();
    expect(crashed.calls).toContain(`krone-${id}`);
    expect((await list(p.token)).data.withdrawals[0]).toMatchObject({ status: 'processing', cancellable: false });
    expect((await cancel(p.token, id)).status).toBe(409);
    // Until the retry time nobody sends it again; afterwards the same key gets the same payout.
    const soon = processor(HOLD_MINUTES + 1.5);
    await soon.processDueWithdrawals();
    expect(soon.calls).not.toContain(`krone-${id}`);
    const later = processor(HOLD_MINUTES + 10);
    await later.processDueWithdrawals();
    expect(later.calls).toContain(`krone-${id}`);
    const sent = await row(id);
    expect(sent.status).toBe('sent');
    const atNemKonto = await fetch(`${sims.url}/nemkonto/v1/payouts/${sent.providerPayoutId}`, {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    expect(await atNemKonto.json()).toMatchObject({ reference: id, amountOre: 20_000 });
    await settleAtNemKonto(id);
    expect(await balances(p.id)).toMatchObject({ player_cash: 0, player_payout_reserve: 0 });
    await expectLedgerClean();
  });

  it('sends again, after PAYOUT_SEND_LEASE_SECONDS, a withdrawal whose processor died while sending it', async () => {
    const p = await playerWithCash(20_000);
    const id = (await withdraw(p.token, 20_000)).body.data!.id as string;
    const leaseOf30Seconds = { ...platform.config, PAYOUT_SEND_LEASE_SECONDS: 30 };
    // The process claims it, then hangs in the call and is killed (kill -9, bench:chaos): the row stays `sending`.
    const dead = processor(HOLD_MINUTES + 1, () => new Promise<Response>(() => {}), platform.database.db, leaseOf30Seconds);
    void dead.processDueWithdrawals();
    for (let i = 0; i < 100 && (await row(id)).status !== 'sending'; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await row(id)).status).toBe('sending');
    // Within its lease no one else sends it; after it (not the default 2 minutes) the next processor does, with the same key.
    const within = processor(HOLD_MINUTES + 1.4, fetch, platform.database.db, leaseOf30Seconds);
    await within.processDueWithdrawals();
    expect(within.calls).not.toContain(`krone-${id}`);
    const after = processor(HOLD_MINUTES + 1.6, fetch, platform.database.db, leaseOf30Seconds);
    await after.processDueWithdrawals();
    expect(after.calls).toContain(`krone-${id}`);
    expect((await row(id)).status).toBe('sent');
    expect(() => loadConfig({ KRONE_ENV: 'development', PAYOUT_SEND_LEASE_SECONDS: '10' })).toThrow(/PAYOUT_SEND_LEASE_SECONDS/);
  });

  it('keeps a player’s withdrawals from every other player', async () => {
    const owner = await playerWithCash(20_000);
    const other = await playerWithCash(0);
    const id = (await withdraw(owner.token, 20_000)).body.data!.id as string;
    expect((await list(other.token)).data.withdrawals).toEqual([]);
    const refused = await cancel(other.token, id);
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('WITHDRAWAL_NOT_FOUND');
    expect((await list(owner.token)).data.withdrawals[0]).toMatchObject({ id, status: 'pending' });
    expect((await cancel('not-a-session', id)).status).toBe(401);
  });
});
