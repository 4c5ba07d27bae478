import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { SeededTestRng } from '@krone/games-math';
import { startSims, type Sims } from '@krone/sims';
import { TEST_CARDS } from '@krone/sims/cards';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkRecord,
  drizzleQuery,
  type ChaosRecord,
  type LiveBet,
  type LiveRecord,
  type Outcome,
} from '../../../bench/lib/chaos-checks.mjs';
import { LIVE_TABLES, startLiveStudio, type LiveStudio } from '../../sims/src/live/studio.js';
import type { Db } from '../src/db/client.js';
import { createPayoutProcessor } from '../src/payments/withdrawals-processor.js';
import { players } from '../src/players/schema.js';
import { createSecrets } from '../src/players/secrets.js';
import { rowsOf } from '../src/shared/db.js';
import { createWalletService } from '../src/wallet/service.js';
import { addTestTitles, gameProvider, type ContractAnswer, type GameProviderClient } from './games-provider.js';
import { createLoggedInPlayer, startTestPlatform, type TestPlatform } from './harness.js';

/**
 * bench:chaos's own verdicts (bench/lib/chaos-checks.mjs checkRecord, issue 15 §1): the bench's
 * record of every answer it got, held against the database. After real activity through the
 * platform's doors (card deposits accepted and refused, game calls acknowledged and refused,
 * withdrawals paid, cancelled and refused, limit changes, a pause and a bet after it, bets at the
 * live studio's roulette table settled on its result and in a round its dealer voided), recorded as
 * chaos-load.mjs and chaos-live.mjs record it, the five verdicts hold; each broken on purpose (in the
 * database, in a transaction rolled back, or in a copy of the record) is reported broken, alone.
 * The live studio's stand-in runs in this process on a clock of its own the test moves, its wallet
 * the platform's public listener. PGlite by default, a PostgreSQL server with TEST_DATABASE_URL.
 */
const STUDIO_SECRET = 'studio-secret-of-the-tests-0123456789';
const NEMKONTO_KEY = 'test-nemkonto-key-123';
const NEMKONTO_WEBHOOK_SECRET = 'test-nemkonto-webhook-secret';
const HOLD_MINUTES = 60;
const GAME = 'chaos-checks-slot';
const web = 'http://127.0.0.1:3000';
const VERDICTS = ['acknowledged_exactly_once', 'refused_moved_nothing', 'withdrawals_final', 'limits_kept', 'live_rounds'];
const LIVE_SECRET = 'lysmester-live-wallet-secret-of-the-tests';
const LIVE_KEY = 'lysmester-operator-key-of-the-tests';
const LIVE_ADMIN_KEY = 'chaos-checks-live-admin';
const LIVE_TABLE = 'krone-roulette-live';

let sims: Sims;
let platform: TestPlatform;
let studio: GameProviderClient;
let receiver: Server;
let live: LiveStudio;
/** The live studio's clock runs this far ahead of the real one (moved by the test). */
let liveAheadMs = 0;

/** The record, as chaos-load.mjs createRecord makes it and its operations fill it. */
const record: ChaosRecord = {
  games: new Map(),
  deposits: [],
  withdrawals: new Map(),
  limitChanges: [],
  pausedAt: new Map(),
  live: { bets: [], rounds: new Map(), voids: [] },
};
const liveRecord = () => record.live!;
/** What the cases break: the transactions, payments and withdrawals of the activity, by role. */
const made = {
  playerId: '',
  ackedBet: '',
  plainBet: '',
  cancelledWithdrawal: '',
  refusedBet: '',
  paidWithdrawal: '',
  refusedWithdrawal: '',
  succeededPayment: '',
  /** A debit of the live seat settled on its result, that seat's platform round, and a debit of the voided round. */
  liveBet: '',
  liveSeat: '',
  liveResultRound: '',
  liveVoidedBet: '',
};

/** A port free now, for the platform's public listener (the live studio's wallet address is fixed when it starts). */
async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  // NemKonto's webhooks reach the platform through a small receiver (the platform is not listening).
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void platform.publicApp
        .inject({
          method: 'POST',
          url: '/Payments/webhooks/nemkonto',
          headers: { 'content-type': 'application/json', 'krone-signature': String(req.headers['krone-signature'] ?? '') },
          payload: Buffer.concat(chunks).toString('utf8'),
        })
        .then((answer) => res.writeHead(answer.statusCode).end(answer.body));
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const secretKey = 'test-cards-key-123';
  const webhookSecret = 'test-webhook-secret-123';
  sims = await startSims({
    webPublicUrl: web,
    cards: { secretKey, webhookSecret },
    nemkonto: {
      apiKey: NEMKONTO_KEY,
      webhookSecret: NEMKONTO_WEBHOOK_SECRET,
      webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`,
      settleAfterMs: 3_600_000,
      retryDelaysMs: [],
    },
  });
  const publicPort = await freePort();
  live = await startLiveStudio({
    operators: [
      {
        operatorId: 'krone',
        apiKey: LIVE_KEY,
        walletUrl: `http://127.0.0.1:${publicPort}/Games/live/lysmester`,
        walletSecret: LIVE_SECRET,
      },
    ],
    tables: LIVE_TABLES.filter((table) => table.tableId === LIVE_TABLE),
    adminKey: LIVE_ADMIN_KEY,
    now: () => new Date(Date.now() + liveAheadMs),
    rng: new SeededTestRng(1525),
    // The floor settles only when the test ticks it.
    tickMs: 1e9,
    retryDelaysMs: [],
  });
  platform = await startTestPlatform({
    GAME_PROVIDER_LYSMESTER_LIVE_SECRET: LIVE_SECRET,
    LYSMESTER_LIVE_URL: live.url,
    LYSMESTER_LIVE_API_KEY: LIVE_KEY,
    CARDS_API_URL: `${sims.url}/cards`,
    CARDS_SECRET_KEY: secretKey,
    CARDS_WEBHOOK_SECRET: webhookSecret,
    NEMKONTO_API_URL: `${sims.url}/nemkonto`,
    NEMKONTO_API_KEY: NEMKONTO_KEY,
    NEMKONTO_WEBHOOK_SECRET,
    PAYOUT_HOLD_MINUTES: String(HOLD_MINUTES),
    GAME_PROVIDER_KRONE_STUDIO_SECRET: STUDIO_SECRET,
  });
  await platform.publicApp.listen({ host: '127.0.0.1', port: publicPort });
  await platform.live.syncTables();
  await addTestTitles(platform.database.db, [{ id: GAME, stepsOre: [100, 500, 1_000, 50_000] }]);
  studio = gameProvider(platform.publicApp, 'krone-studio', STUDIO_SECRET);
  await play();
}, 120_000);
afterAll(async () => {
  await platform?.close();
  await live?.close();
  await sims?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

const db = () => platform.database.db;

/** chaos-load.mjs's reading of an answer: acknowledged, refused (with its code), or unclear. */
const UNCLEAR = new Set([0, 500, 502, 503, 504]);
function outcomeOf(status: number, body: { result?: number; code?: string }): { outcome: Outcome; code: string | null } {
  if (status >= 200 && status < 300 && body.result === 1) return { outcome: 'acked', code: null };
  if (!UNCLEAR.has(status)) return { outcome: 'refused', code: body.code ?? `HTTP_${status}` };
  return { outcome: 'unknown', code: null };
}

async function storefront(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  const response = await platform.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
  const body = response.json() as { result?: number; code?: string; data?: Record<string, unknown> };
  return { status: response.statusCode, body, ...outcomeOf(response.statusCode, body) };
}

/** A games-contract call recorded as chaos-load.mjs's gameRecord records it. */
function recordGame(
  playerId: string,
  kind: 'bet' | 'win' | 'rollback',
  transactionId: string,
  answer: ContractAnswer,
  extra: Record<string, unknown> = {},
) {
  const { outcome, code } = outcomeOf(answer.status, answer.body);
  record.games.set(transactionId, {
    kind,
    playerId,
    outcome,
    code,
    ledgerTransferId: (answer.body.data?.ledgerTransferId as string | undefined) ?? null,
    sentAfterPause: record.pausedAt.has(playerId),
    ...extra,
  });
  return outcome;
}

async function cardDeposit(player: { id: string; token: string }, amountOre: number, number: string = TEST_CARDS.success) {
  const card = await fetch(`${sims.url}/cards/v1/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: web },
    body: JSON.stringify({ number, holder: 'Test Spiller', expiryMonth: 12, expiryYear: new Date().getUTCFullYear() + 1, cvv: '123' }),
  });
  const answer = await storefront('POST', `/Payments/deposits/card/${player.token}`, {
    token: ((await card.json()) as { token: string }).token,
    amountOre,
    returnUrl: `${web}/indbetal/kort`,
  });
  const data = answer.body.data;
  record.deposits.push({
    playerId: player.id,
    method: 'card',
    amountOre,
    outcome: answer.outcome,
    code: answer.code,
    paymentId: ((data?.paymentId ?? data?.id) as string | undefined) ?? null,
    status: (data?.status as string | undefined) ?? null,
    decision: null,
  });
  return answer;
}

async function withdraw(player: { id: string; token: string }, amountOre: number) {
  const requestId = randomUUID();
  const answer = await storefront('POST', `/Payments/withdrawals/${player.token}`, { amountOre, requestId });
  record.withdrawals.set(requestId, { playerId: player.id, amountOre, outcome: answer.outcome, code: answer.code, cancel: null });
  return { requestId, answer };
}

async function cancelWithdrawal(player: { token: string }, requestId: string) {
  const answer = await storefront('POST', `/Payments/withdrawals/${player.token}/${requestId}/cancel`, {});
  record.withdrawals.get(requestId)!.cancel = { outcome: answer.outcome, code: answer.code };
  return answer;
}

async function changeLimit(player: { id: string; token: string }, period: 'day' | 'week' | 'month', amountOre: number) {
  const answer = await storefront('PUT', `/Limits/${player.token}/deposit/${period}`, { amountOre });
  record.limitChanges.push({ playerId: player.id, period, amountOre, outcome: answer.outcome, code: answer.code });
  return answer;
}

const withdrawalStatus = async (id: string) =>
  (
    await rowsOf<{ status: string; provider_payout_id: string | null }>(
      sql`select status, provider_payout_id from withdrawals where id = ${id}`,
      db(),
    )
  )[0]!;

interface LiveRound {
  roundId: string;
  state: 'betting' | 'closed' | 'result' | 'void';
  commitment: string;
  bettingClosesAt: string;
  resultAt: string;
  result?: { kind: string; pocket: number };
  nonce?: string;
  voidReason?: string;
}

/** A round as the studio shows it, kept as chaos-live.mjs keeps it: its commitment, then its result or void. */
function rememberLive(round: LiveRound) {
  const rounds: LiveRecord['rounds'] = liveRecord().rounds;
  const known = rounds.get(round.roundId) ?? {
    roundId: round.roundId,
    commitment: round.commitment,
    bettingClosesAt: round.bettingClosesAt,
    resultAt: round.resultAt,
    state: round.state,
    result: null,
    nonce: null,
    voidReason: null,
  };
  if (known.state !== 'result' && known.state !== 'void') known.state = round.state;
  if (round.result && !known.result) Object.assign(known, { result: round.result, nonce: round.nonce ?? null });
  if (round.voidReason) Object.assign(known, { state: 'void', voidReason: round.voidReason });
  rounds.set(round.roundId, known);
}

/** Moves the live studio's clock on, and lets its floor settle what is due (its wallet calls answered before this returns). */
async function advanceLive(ms: number) {
  liveAheadMs += ms;
  await live.tick();
}

/** Bets at the live table as chaos-live.mjs does, launched by the storefront's door, each answer recorded. */
async function playLive(player: { id: string; token: string }) {
  const launched = await storefront('POST', `/Games/live/launch/${player.token}`, { gameId: LIVE_TABLE });
  expect(launched.outcome, JSON.stringify(launched.body)).toBe('acked');
  const launchToken = new URL(launched.body.data!.gameUrl as string).searchParams.get('launch')!;
  const gameSessionId = launched.body.data!.gameSessionId as string;
  const state = async () => {
    const round = ((await (await fetch(`${live.url}/client/api/state?launch=${launchToken}`)).json()) as { round: LiveRound }).round;
    rememberLive(round);
    return round;
  };
  /** A round open for bets with its betting time ahead. */
  const nextBetting = async () => {
    let round = await state();
    while (round.state !== 'betting' || Date.parse(round.bettingClosesAt) - (Date.now() + liveAheadMs) < 5_000) {
      await advanceLive(1_000);
      round = await state();
    }
    return round;
  };
  const bet = async (round: LiveRound, bets: LiveBet[]) => {
    const response = await fetch(`${live.url}/client/api/bets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ launch: launchToken, roundId: round.roundId, bets }),
    });
    const body = (await response.json()) as { status: string; transactionId?: string };
    const outcome: Outcome = response.status === 200 && body.status === 'OK' ? 'acked' : response.status >= 500 ? 'unknown' : 'refused';
    const entry = {
      playerId: player.id,
      roundId: round.roundId,
      gameSessionId,
      bets,
      amountOre: bets.reduce((sum, one) => sum + one.stakeOre, 0),
      outcome,
      code: outcome === 'refused' ? body.status : null,
      transactionId: body.transactionId ?? null,
      sentAfterPause: record.pausedAt.has(player.id),
    };
    liveRecord().bets.push(entry);
    return entry;
  };

  // A seat of two debits, and a stake more than the player has (refused), settled on the result.
  const round = await nextBetting();
  const first = await bet(round, [
    { kind: 'red-black', selector: 'red', stakeOre: 1_000 },
    { kind: 'straight', numbers: [17], stakeOre: 200 },
  ]);
  expect(first.outcome).toBe('acked');
  expect((await bet(round, [{ kind: 'red-black', selector: 'black', stakeOre: 500 }])).outcome).toBe('acked');
  expect((await bet(round, [{ kind: 'red-black', selector: 'black', stakeOre: 400_000 }])).outcome).toBe('refused');
  await advanceLive(Date.parse(round.resultAt) - (Date.now() + liveAheadMs));
  expect((await state()).state).toBe('result');
  made.liveBet = first.transactionId!;
  made.liveSeat = `${round.roundId}:${gameSessionId}`;
  made.liveResultRound = round.roundId;

  // A round the dealer voids after a bet: the studio gives its debit back.
  const voidedRound = await nextBetting();
  const voidedBet = await bet(voidedRound, [{ kind: 'red-black', selector: 'red', stakeOre: 700 }]);
  expect(voidedBet.outcome).toBe('acked');
  made.liveVoidedBet = voidedBet.transactionId!;
  const voided = await fetch(`${live.url}/admin/v1/tables/${LIVE_TABLE}/void`, {
    method: 'POST',
    headers: { 'x-lysmester-admin': LIVE_ADMIN_KEY },
  });
  const voidedAnswer = (await voided.json()) as { round: LiveRound };
  rememberLive(voidedAnswer.round);
  liveRecord().voids.push({ aimedAt: voidedRound.roundId, roundId: voidedAnswer.round.roundId, outcome: 'acked', code: null });
  expect(voided.status).toBe(200);
  await advanceLive(1);
}

/** One player doing a bit of everything bench:chaos's players do, each answer recorded. */
async function play() {
  const player = await createLoggedInPlayer(platform, { monthlyLimitOre: 10_000_000 });
  made.playerId = player.id;
  const secrets = createSecrets({ cprHashKey: platform.config.CPR_HASH_KEY, encryptionKey: platform.config.DATA_ENCRYPTION_KEY });
  await db()
    .update(players)
    .set({ cprEncrypted: secrets.encrypt('0101901234') })
    .where(eq(players.id, player.id));

  // A day limit of 1 000 kr. (a tightening: at once), and a change refused (below the minimum).
  expect((await changeLimit(player, 'day', 100_000)).outcome).toBe('acked');
  expect((await changeLimit(player, 'week', 5)).outcome).toBe('refused');

  // A card deposit of 600 kr.; one of 500 kr. refused over the day limit; one refused by the card's bank.
  const deposited = await cardDeposit(player, 60_000);
  expect(deposited.body.data).toMatchObject({ status: 'succeeded' });
  made.succeededPayment = deposited.body.data!.id as string;
  expect(await cardDeposit(player, 50_000)).toMatchObject({ outcome: 'refused', code: 'DEPOSIT_LIMIT_EXCEEDED' });
  expect(await cardDeposit(player, 10_000, TEST_CARDS.declined)).toMatchObject({ outcome: 'refused', code: 'CARD_DECLINED' });

  // Game rounds: a bet-and-win sent twice at once, a bet with a win of 0, a bet rolled back.
  const launched = await storefront('POST', `/Games/launch/${player.token}`, { providerId: 'krone-studio', gameId: GAME, mode: 'real' });
  const auth = await studio.call('authenticate', { token: launched.body.data!.token });
  const sessionId = auth.body.data!.sessionId as string;
  const inOne = {
    sessionId,
    roundId: `r-${randomUUID()}`,
    transactionId: `b-${randomUUID()}`,
    amountOre: 1_000,
    winTransactionId: `w-${randomUUID()}`,
    winAmountOre: 2_000,
    endRound: true,
  };
  const [first, duplicate] = await Promise.all([studio.call('betAndWin', inOne), studio.call('betAndWin', inOne)]);
  recordGame(player.id, 'bet', inOne.transactionId, first, {
    winTransactionId: inOne.winTransactionId,
    winLedgerTransferId: first.body.data?.winLedgerTransferId ?? null,
    duplicateLedgerTransferId: duplicate.body.result === 1 ? duplicate.body.data!.ledgerTransferId : undefined,
  });
  made.ackedBet = inOne.transactionId;

  const roundId = `r-${randomUUID()}`;
  const bet = `b-${randomUUID()}`;
  expect(recordGame(player.id, 'bet', bet, await studio.call('bet', { sessionId, roundId, transactionId: bet, amountOre: 500 }))).toBe(
    'acked',
  );
  made.plainBet = bet;
  const win = `w-${randomUUID()}`;
  expect(recordGame(player.id, 'win', win, await studio.call('win', { sessionId, roundId, transactionId: win, amountOre: 0 }))).toBe(
    'acked',
  );
  expect(record.games.get(win)!.ledgerTransferId).toBeNull();
  await studio.call('endRound', { sessionId, roundId });

  const undoneRound = `r-${randomUUID()}`;
  const undone = `b-${randomUUID()}`;
  recordGame(
    player.id,
    'bet',
    undone,
    await studio.call('bet', { sessionId, roundId: undoneRound, transactionId: undone, amountOre: 1_000 }),
  );
  const rollback = `x-${randomUUID()}`;
  const rolledBack = await studio.call('rollback', {
    sessionId,
    roundId: undoneRound,
    transactionId: rollback,
    referenceTransactionId: undone,
  });
  expect(recordGame(player.id, 'rollback', rollback, rolledBack, { referenceTransactionId: undone })).toBe('acked');

  // Withdrawals: 200 kr. to be paid, 100 kr. cancelled, 10 000 kr. refused (more than the cash).
  const paid = await withdraw(player, 20_000);
  expect(paid.answer.outcome).toBe('acked');
  made.paidWithdrawal = paid.requestId;
  const cancelled = await withdraw(player, 10_000);
  made.cancelledWithdrawal = cancelled.requestId;
  expect((await cancelWithdrawal(player, cancelled.requestId)).outcome).toBe('acked');
  const refusedWithdrawal = await withdraw(player, 1_000_000);
  expect(refusedWithdrawal.answer).toMatchObject({ outcome: 'refused', code: 'WITHDRAWAL_EXCEEDS_BALANCE' });
  made.refusedWithdrawal = refusedWithdrawal.requestId;

  // A stake of 500 kr. with about 315 kr. of cash left: refused.
  const tooMuch = `b-${randomUUID()}`;
  const refusedBet = await studio.call('bet', { sessionId, roundId: `r-${randomUUID()}`, transactionId: tooMuch, amountOre: 50_000 });
  expect(recordGame(player.id, 'bet', tooMuch, refusedBet)).toBe('refused');
  expect(refusedBet.body.code).toBe('INSUFFICIENT_FUNDS');
  made.refusedBet = tooMuch;

  // The 200 kr. sent after the hold (no longer cancellable: the cancel is refused), then paid.
  const processor = createPayoutProcessor({
    config: platform.config,
    db: db(),
    clock: () => new Date(Date.now() + (HOLD_MINUTES + 1) * 60_000),
    fetch,
  });
  await processor.processDueWithdrawals();
  expect(await cancelWithdrawal(player, paid.requestId)).toMatchObject({ outcome: 'refused', code: 'WITHDRAWAL_NOT_CANCELLABLE' });
  const { provider_payout_id: payoutId } = await withdrawalStatus(paid.requestId);
  const settled = await fetch(`${sims.url}/nemkonto/v1/test/payouts/${payoutId}/settle`, {
    method: 'POST',
    headers: { authorization: `Bearer ${NEMKONTO_KEY}` },
  });
  expect(settled.status).toBe(200);
  for (let i = 0; i < 100 && (await withdrawalStatus(paid.requestId)).status !== 'paid'; i++)
    await new Promise((resolve) => setTimeout(resolve, 50));
  expect((await withdrawalStatus(paid.requestId)).status).toBe('paid');

  // Bets at the live table: a round settled on its result, a round voided.
  await playLive(player);

  // A pause, and a bet the provider sends after it: refused.
  const paused = await storefront('POST', `/Limits/${player.token}/pause`, { duration: '24h' });
  expect(paused.outcome).toBe('acked');
  record.pausedAt.set(player.id, Date.now());
  const afterPause = `b-${randomUUID()}`;
  const lateBet = await studio.call('bet', { sessionId, roundId: `r-${randomUUID()}`, transactionId: afterPause, amountOre: 100 });
  expect(recordGame(player.id, 'bet', afterPause, lateBet)).toBe('refused');
}

const broken = (verdicts: { name: string; ok: boolean }[]) => verdicts.filter((v) => !v.ok).map((v) => v.name);

/** Runs `damage` in a transaction, checks the record inside it, and rolls it all back. */
async function brokenInDatabase(damage: (tx: Db) => Promise<void>) {
  let verdicts: Awaited<ReturnType<typeof checkRecord>> = [];
  const rollback = new Error('rollback');
  await db()
    .transaction(async (tx) => {
      await damage(tx as unknown as Db);
      verdicts = await checkRecord(drizzleQuery(tx), record);
      throw rollback;
    })
    .catch((error: unknown) => {
      if (error !== rollback) throw error;
    });
  return verdicts;
}

/** A copy of the record, changed by `damage` (the bench telling itself something else), checked against the database. */
async function brokenInRecord(damage: (copy: ChaosRecord) => void) {
  const copy = structuredClone(record);
  damage(copy);
  return checkRecord(drizzleQuery(db()), copy);
}

/** Money moved under `key` straight through the ledger, as a second code path would move it. */
async function moveUnder(tx: Db, key: string, kind: string, from: 'player_cash', to: 'house' | 'player_payout_reserve', amountOre: number) {
  const wallet = createWalletService(db(), () => new Date());
  await wallet.transfer(
    {
      idempotencyKey: key,
      kind,
      entries: [
        { accountId: await wallet.playerAccount(made.playerId, from, tx), amountOre: -amountOre },
        {
          accountId: to === 'house' ? await wallet.systemAccount('house', tx) : await wallet.playerAccount(made.playerId, to, tx),
          amountOre,
        },
      ],
      reference: { test: 'chaos-checks' },
    },
    tx,
  );
}

describe('bench:chaos verdicts after real activity', () => {
  it('all hold, and the activity is there to check', async () => {
    const verdicts = await checkRecord(drizzleQuery(db()), record);
    expect(verdicts.map((v) => v.name)).toEqual(VERDICTS);
    expect(broken(verdicts), JSON.stringify(verdicts)).toEqual([]);
    const outcomes = (entries: Iterable<{ outcome: Outcome }>) => [...entries].map((entry) => entry.outcome);
    expect(outcomes(record.games.values())).toEqual(['acked', 'acked', 'acked', 'acked', 'acked', 'refused', 'refused']);
    expect(outcomes(record.deposits)).toEqual(['acked', 'refused', 'refused']);
    expect(outcomes(record.withdrawals.values())).toEqual(['acked', 'acked', 'refused']);
    expect([...record.withdrawals.values()].map((w) => w.cancel?.outcome ?? null)).toEqual(['refused', 'acked', null]);
    expect(outcomes(record.limitChanges)).toEqual(['acked', 'refused']);
    // The bet-and-win sent twice named one transfer, and both its parts are in the ledger.
    const inOne = record.games.get(made.ackedBet)!;
    expect(inOne.duplicateLedgerTransferId).toBe(inOne.ledgerTransferId);
    expect(inOne.winLedgerTransferId).toEqual(expect.any(String));
    expect(verdicts.find((v) => v.name === 'limits_kept')!.detail).toBe(
      "1 succeeded deposits against each period's limit; 1 bets sent after a pause",
    );
    // The live table: a seat of two debits settled once on the result, a voided seat given back, a stake refused.
    expect(outcomes(liveRecord().bets)).toEqual(['acked', 'acked', 'refused', 'acked']);
    expect([...liveRecord().rounds.values()].map((round) => round.state)).toEqual(['result', 'void']);
    expect(verdicts.find((v) => v.name === 'live_rounds')!.detail).toBe(
      '3 live bets in 2 seats: 1 settled once on the result, 1 voided and given back; 0 unanswered, 1 refused; 0 rounds left open',
    );
  });
});

describe('each verdict broken on purpose is reported broken, alone', () => {
  const cases: { name: string; expected: string; database?: (tx: Db) => Promise<void>; inRecord?: (copy: ChaosRecord) => void }[] = [
    {
      name: 'an acknowledged bet whose answered transfer the ledger does not have',
      expected: 'acknowledged_exactly_once',
      inRecord: (copy) => {
        copy.games.get(made.plainBet)!.ledgerTransferId = randomUUID();
      },
    },
    {
      name: 'a call sent twice whose two answers name different transfers',
      expected: 'acknowledged_exactly_once',
      inRecord: (copy) => {
        copy.games.get(made.ackedBet)!.duplicateLedgerTransferId = randomUUID();
      },
    },
    {
      name: 'an acknowledged win that the ledger holds under no key',
      expected: 'acknowledged_exactly_once',
      database: async (tx) => {
        await tx.execute(sql`alter table wallet_transfers disable trigger wallet_transfers_append_only`);
        await tx.execute(
          sql`update wallet_transfers set idempotency_key = 'lost:' || idempotency_key
              where idempotency_key = ${`game:krone-studio:${record.games.get(made.ackedBet)!.winTransactionId}`}`,
        );
      },
    },
    {
      name: 'an acknowledged deposit not credited',
      expected: 'acknowledged_exactly_once',
      database: async (tx) => {
        await tx.execute(sql`update payments set status = 'failed' where id = ${made.succeededPayment}`);
      },
    },
    {
      name: 'an acknowledged withdrawal whose reserve the ledger holds under no key',
      expected: 'acknowledged_exactly_once',
      database: async (tx) => {
        await tx.execute(sql`alter table wallet_transfers disable trigger wallet_transfers_append_only`);
        await tx.execute(
          sql`update wallet_transfers set idempotency_key = 'lost:' || idempotency_key where idempotency_key = ${`withdrawal:${made.paidWithdrawal}`}`,
        );
      },
    },
    {
      name: 'an acknowledged cancel whose withdrawal is not cancelled',
      expected: 'acknowledged_exactly_once',
      database: async (tx) => {
        await tx.execute(sql`update withdrawals set status = 'paid' where id = ${made.cancelledWithdrawal}`);
      },
    },
    {
      name: 'an acknowledged limit change not kept',
      expected: 'acknowledged_exactly_once',
      database: async (tx) => {
        await tx.execute(sql`alter table deposit_limits disable trigger deposit_limits_append_only`);
        await tx.execute(sql`delete from deposit_limits where player_id = ${made.playerId} and source = 'player'`);
      },
    },
    {
      name: 'an acknowledged pause not kept',
      expected: 'acknowledged_exactly_once',
      database: async (tx) => {
        await tx.execute(sql`alter table account_exclusions disable trigger account_exclusions_append_only`);
        await tx.execute(sql`delete from account_exclusions where player_id = ${made.playerId}`);
      },
    },
    {
      name: 'money moved under a refused bet’s key',
      expected: 'refused_moved_nothing',
      database: (tx) => moveUnder(tx, `game:krone-studio:${made.refusedBet}`, 'bet', 'player_cash', 'house', 100),
    },
    {
      name: 'money reserved for a refused withdrawal',
      expected: 'refused_moved_nothing',
      database: (tx) => moveUnder(tx, `withdrawal:${made.refusedWithdrawal}`, 'withdrawal', 'player_cash', 'player_payout_reserve', 100),
    },
    {
      name: 'a withdrawal cancelled although its cancel was refused',
      expected: 'refused_moved_nothing',
      database: async (tx) => {
        await tx.execute(sql`update withdrawals set status = 'cancelled' where id = ${made.paidWithdrawal}`);
      },
    },
    {
      name: 'a payment under way that no acknowledged or unanswered deposit made',
      expected: 'refused_moved_nothing',
      database: async (tx) => {
        await tx.execute(
          sql`insert into payments (player_id, method, amount_ore, status, created_at, updated_at)
              values (${made.playerId}, 'card', 10000, 'requires_action', now(), now())`,
        );
      },
    },
    {
      name: 'a withdrawal left sending',
      expected: 'withdrawals_final',
      database: async (tx) => {
        await tx.execute(sql`update withdrawals set status = 'sending' where id = ${made.paidWithdrawal}`);
      },
    },
    {
      name: 'a succeeded deposit over the limit then in force',
      expected: 'limits_kept',
      database: async (tx) => {
        // The month limit of registration (before every deposit) lowered below the 600 kr. deposited.
        await tx.execute(sql`alter table deposit_limits disable trigger deposit_limits_append_only`);
        await tx.execute(
          sql`update deposit_limits set amount_ore = 50000 where player_id = ${made.playerId} and period = 'month' and source <> 'player'`,
        );
      },
    },
    {
      name: 'a bet acknowledged after the player’s pause was acknowledged',
      expected: 'limits_kept',
      inRecord: (copy) => {
        copy.games.get(made.ackedBet)!.sentAfterPause = true;
      },
    },
    {
      name: 'a live debit answered OK that the ledger holds for another amount',
      expected: 'live_rounds',
      inRecord: (copy) => {
        copy.live!.bets.find((bet) => bet.transactionId === made.liveBet)!.amountOre += 100;
      },
    },
    {
      name: 'a live seat paid other than the exact return of its bets on the result',
      expected: 'live_rounds',
      database: async (tx) => {
        await tx.execute(sql`update game_rounds set won_ore = won_ore + 100 where round_id = ${made.liveSeat}`);
      },
    },
    {
      name: 'a live round settled on a result the studio had not committed to',
      expected: 'live_rounds',
      inRecord: (copy) => {
        const shown = copy.live!.rounds.get(made.liveResultRound)!;
        shown.result = { kind: 'roulette', pocket: (shown.result!.pocket + 1) % 37 };
      },
    },
    {
      name: 'a live round left open',
      expected: 'live_rounds',
      database: async (tx) => {
        await tx.execute(sql`update game_rounds set ended_at = null where round_id = ${made.liveSeat}`);
      },
    },
    {
      name: 'a debit of a voided live round left standing',
      expected: 'live_rounds',
      database: async (tx) => {
        await tx.execute(sql`update game_transactions set status = 'done' where transaction_id = ${made.liveVoidedBet}`);
      },
    },
    {
      name: 'a live bet taken after the player’s pause was acknowledged',
      expected: 'live_rounds',
      inRecord: (copy) => {
        copy.live!.bets.find((bet) => bet.transactionId === made.liveBet)!.sentAfterPause = true;
      },
    },
  ];
  for (const { name, expected, database, inRecord } of cases)
    it(name, async () => {
      const verdicts = database ? await brokenInDatabase(database) : await brokenInRecord(inRecord!);
      expect(broken(verdicts), JSON.stringify(verdicts)).toEqual([expected]);
      expect(verdicts.find((v) => v.name === expected)!.examples).not.toEqual([]);
      // Rolled back, or only a copy: sound again.
      expect(broken(await checkRecord(drizzleQuery(db()), record))).toEqual([]);
    });
});
