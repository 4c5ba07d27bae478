import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  act as blackjackAct,
  dealFromShoe,
  moneyWheelReturnOre,
  moneyWheelRtp,
  rouletteRtp,
  rtpPercent,
  moneyWheelSpinOf,
  playerShoe,
  SeededTestRng,
  settleRoulette,
  SHARED_HAND_RTP,
  SHARED_HAND_RULES,
  sharedDealerHand,
} from '@krone/games-math';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { commitmentOf, type LiveResult } from '../src/live/rounds.js';
import { startLiveStudio, type LiveStudio } from '../src/live/studio.js';
import { walletSignatureValid, type WalletStatus } from '../src/live/wallet.js';

const OPERATOR = { operatorId: 'krone', apiKey: 'test-live-key', walletSecret: 'test-live-wallet-secret' };
const start = Date.parse('2026-11-27T18:00:00.000Z');
let clock = start;
const now = () => new Date(clock);

/** The operator's wallet as the studio sees it: answers each call, checks the signature, keeps what came. */
interface Call {
  path: string;
  body: Record<string, unknown>;
  signed: boolean;
}
const calls: Call[] = [];
let answer: (path: string, body: Record<string, unknown>) => { http: number; status: WalletStatus; balance?: number } = () => ({
  http: 200,
  status: 'OK',
  balance: 100_000,
});
let wallet: Server;
let studio: LiveStudio;

beforeAll(async () => {
  wallet = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const body = JSON.parse(raw) as Record<string, unknown>;
      const path = (req.url ?? '').replace(/^\/wallet\//, '');
      const signed = walletSignatureValid(
        OPERATOR.walletSecret,
        String(req.headers['x-lysmester-timestamp']),
        raw,
        String(req.headers['x-lysmester-signature']),
        now(),
      );
      calls.push({ path, body, signed });
      const { http, ...reply } = answer(path, body);
      res.writeHead(http, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => wallet.listen(0, '127.0.0.1', resolve));
  const walletUrl = `http://127.0.0.1:${(wallet.address() as AddressInfo).port}/wallet`;
  studio = await startLiveStudio({
    operators: [{ ...OPERATOR, walletUrl, embedOrigins: ['http://127.0.0.1:3000'] }],
    adminKey: 'test-admin',
    now,
    rng: new SeededTestRng(25),
    tickMs: 1e9,
    retryDelaysMs: [],
  });
});
afterAll(async () => {
  await studio.close();
  await new Promise<void>((resolve) => wallet.close(() => resolve()));
});
afterEach(() => {
  answer = () => ({ http: 200, status: 'OK', balance: 100_000 });
});

const operatorHeaders = {
  'x-lysmester-operator': OPERATOR.operatorId,
  'x-lysmester-key': OPERATOR.apiKey,
  'content-type': 'application/json',
};
const lobby = async () =>
  (await (await fetch(`${studio.url}/api/v1/lobby`, { headers: operatorHeaders })).json()) as {
    tables: {
      tableId: string;
      kind: string;
      round: { roundId: string; state: string; bettingClosesAt: string; commitment: string; result?: unknown };
    }[];
  };
async function launch(tableId: string, sessionToken = 'gs1.session') {
  const response = await fetch(`${studio.url}/api/v1/launch`, {
    method: 'POST',
    headers: operatorHeaders,
    body: JSON.stringify({
      sessionToken,
      playerRef: 'player-1',
      tableId,
      currency: 'DKK',
      language: 'da',
      lobbyUrl: 'http://127.0.0.1:3000/live-casino',
    }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { gameUrl: string; launchToken: string };
}
const state = async (token: string) =>
  (await (await fetch(`${studio.url}/client/api/state?launch=${token}`)).json()) as {
    round: { roundId: string; state: string; result?: LiveResult; nonce?: string; commitment: string };
  };
const bet = (token: string, roundId: string, bets: unknown) =>
  fetch(`${studio.url}/client/api/bets`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ launch: token, roundId, bets }),
  });
/** Moves the clock on until the table opens a new round for bets; that round. */
async function nextRound(token: string) {
  const first = (await state(token)).round.roundId;
  for (let i = 0; i < 120; i++) {
    const current = (await state(token)).round;
    if (current.state === 'betting' && current.roundId !== first) return await state(token);
    clock += 1_000;
  }
  throw new Error('no new round opened');
}

describe('Lysmester Live, the live studio stand-in', () => {
  it("publishes each table's exact figures from the maths: the return, whether it is the best bet's, the largest win and a round's most; and that no table is filmed", async () => {
    const { tables } = (await (await fetch(`${studio.url}/api/v1/lobby`, { headers: operatorHeaders })).json()) as {
      tables: {
        kind: string;
        video: unknown;
        rtp: number;
        rtpIsUpTo: boolean;
        largestWin: { units: number; cost: number };
        limits: { maxBet: number };
        maxRoundStake: number;
      }[];
    };
    const of = (kind: string) => tables.find((table) => table.kind === kind)!;
    expect(of('roulette')).toMatchObject({ rtp: 0.972973, rtpIsUpTo: false, largestWin: { units: 36, cost: 1 } });
    expect(of('roulette').maxRoundStake).toBe(of('roulette').limits.maxBet);
    // The wheel's bets differ: the best is the 10 (96.25 %); the largest return is 40 to 1 times 7 × 7, plus the stake.
    const ten = moneyWheelRtp(10);
    expect(of('money-wheel')).toMatchObject({ rtpIsUpTo: true, largestWin: { units: 1961, cost: 1 } });
    expect(of('money-wheel').rtp).toBeCloseTo(ten.numerator / ten.denominator, 6);
    // Blackjack pays 3:2 (5/2 of the stake back); a double and a split take the main bet up to four times.
    expect(of('blackjack')).toMatchObject({ rtp: SHARED_HAND_RTP, rtpIsUpTo: true, largestWin: { units: 5, cost: 2 } });
    expect(of('blackjack').maxRoundStake).toBe(4 * of('blackjack').limits.maxBet);
    // The stand-in draws its tables: no video stream, said as `video: null` (a filmed table sends `{ url }`).
    expect(tables).toHaveLength(3);
    for (const table of tables) expect(table).toHaveProperty('video', null);
  });

  it("shows its lobby to a known operator only: each table's round open for bets with a commitment and no result", async () => {
    expect((await fetch(`${studio.url}/api/v1/lobby`)).status).toBe(401);
    expect((await fetch(`${studio.url}/api/v1/lobby`, { headers: { ...operatorHeaders, 'x-lysmester-key': 'wrong' } })).status).toBe(401);
    const tables = (await lobby()).tables;
    expect(tables.map((table) => table.kind)).toEqual(['roulette', 'blackjack', 'money-wheel']);
    for (const table of tables) {
      expect(table.round.state).toBe('betting');
      expect(table.round.commitment).toMatch(/^[0-9a-f]{64}$/);
      expect(table.round.result).toBeUndefined();
    }
  });

  it("shows each table's rules, what each bet pays and its return inside the game, from the maths", async () => {
    const page = async (tableId: string) => (await fetch((await launch(tableId)).gameUrl)).text();
    const roulette = await page('krone-roulette-live');
    expect(roulette).toContain('Spilleregler og tilbagebetaling');
    expect(roulette).toContain('<td>Et enkelt tal (0–36)</td><td>35 til 1</td>');
    expect(roulette).toContain(`data-testid="live-rules-rtp">${rtpPercent(rouletteRtp('european', 'straight')).replace('.', ',')} %<`);
    const wheel = await page('karrusellen-live');
    for (const number of [1, 2, 5, 10, 20, 40] as const)
      expect(wheel).toContain(`data-testid="live-rules-rtp-${number}">${rtpPercent(moneyWheelRtp(number)).replace('.', ',')} %<`);
    expect(wheel).toContain('den største gevinst er 1.960 til 1');
    const blackjack = await page('nattergal-blackjack');
    expect(blackjack).toContain('Blackjack betaler 3 til 2');
    expect(blackjack).toContain(`data-testid="live-rules-rtp">${(SHARED_HAND_RTP * 100).toFixed(2).replace('.', ',')} %<`);
  });

  it('takes a roulette bet through a signed debit and pays exactly its return with a signed credit once the result is shown', async () => {
    const { gameUrl, launchToken } = await launch('krone-roulette-live');
    expect(gameUrl.startsWith(`${studio.url}/client/krone-roulette-live?launch=`)).toBe(true);
    // The game client: the studio's own page, framed only by the operator's site, saying it is a stand-in.
    const page = await fetch(gameUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain('frame-ancestors http://127.0.0.1:3000');
    const html = await page.text();
    expect(html).toContain('<h1>Krone Roulette Live</h1>');
    expect(html).toContain('stand-in for et live-studie');
    // The table is drawn: the wheel's 37 pockets.
    expect(html).toContain('data-testid="live-wheel" data-fields="37"');
    expect((await fetch(gameUrl.replace(/launch=.*/, 'launch=forged'))).status).toBe(401);
    const round = (await nextRound(launchToken)).round;
    calls.length = 0;
    const placed = await bet(launchToken, round.roundId, [
      { kind: 'red-black', selector: 'red', stakeOre: 1_000 },
      { kind: 'straight', numbers: [17], stakeOre: 200 },
    ]);
    expect(placed.status).toBe(200);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      path: 'debit',
      signed: true,
      body: { sessionToken: 'gs1.session', roundId: round.roundId, tableId: 'krone-roulette-live', amount: 1_200, currency: 'DKK' },
    });

    // After betting closes a bet is refused, and nothing is asked of the wallet.
    clock = Date.parse((await lobby()).tables[0]!.round.bettingClosesAt);
    expect(await (await bet(launchToken, round.roundId, [{ kind: 'straight', numbers: [1], stakeOre: 100 }])).json()).toEqual({
      status: 'BETTING_CLOSED',
    });
    expect(calls).toHaveLength(1);

    clock += 6_000;
    const shown = (await state(launchToken)).round;
    expect(shown.state).toBe('result');
    expect(commitmentOf(shown.roundId, shown.result!, shown.nonce!)).toBe(round.commitment);
    await studio.tick();
    const pocket = (shown.result as { pocket: number }).pocket;
    const expected = settleRoulette(
      'european',
      [
        { kind: 'red-black', selector: 'red', stakeOre: 1_000 },
        { kind: 'straight', numbers: [17], stakeOre: 200 },
      ],
      pocket,
    ).totalReturnOre;
    expect(calls.slice(1)).toEqual([
      expect.objectContaining({
        path: 'credit',
        signed: true,
        body: expect.objectContaining({ roundId: round.roundId, amount: expected, debitTransactionIds: [calls[0]!.body.transactionId] }),
      }),
    ]);
    // Settled once: another tick sends nothing.
    await studio.tick();
    expect(calls).toHaveLength(2);
  });

  it('pays a money wheel bet its number × the multipliers, and a refused debit takes no bet', async () => {
    const { launchToken } = await launch('karrusellen-live');
    const round = (await nextRound(launchToken)).round;
    answer = () => ({ http: 200, status: 'INSUFFICIENT_FUNDS' });
    const refused = await bet(launchToken, round.roundId, [{ number: 40, stakeOre: 100 }]);
    expect(refused.status).toBe(402);
    expect(((await refused.json()) as { status: string }).status).toBe('INSUFFICIENT_FUNDS');
    answer = () => ({ http: 200, status: 'OK', balance: 50_000 });
    expect((await bet(launchToken, round.roundId, [{ number: 3, stakeOre: 100 }])).status).toBe(400);
    expect(
      (
        await bet(launchToken, round.roundId, [
          { number: 1, stakeOre: 500 },
          { number: 5, stakeOre: 100 },
        ])
      ).status,
    ).toBe(200);
    calls.length = 0;
    const wheel = studio.tables.get('karrusellen-live')!;
    clock = Date.parse(wheel.at(now()).resultAt);
    await studio.tick();
    const shown = wheel.find(round.roundId, now())!;
    const result = shown.result!;
    if (result.kind !== 'money-wheel') throw new Error('a money wheel round');
    const spin = moneyWheelSpinOf(result.fields);
    const expected = moneyWheelReturnOre({ number: 1, stakeOre: 500 }, spin) + moneyWheelReturnOre({ number: 5, stakeOre: 100 }, spin);
    expect(calls).toEqual([expect.objectContaining({ path: 'credit', body: expect.objectContaining({ amount: expected }) })]);
  });

  it("a dealer's void cancels every debit of the round; a debit the wallet never answered is cancelled, never paid", async () => {
    const { launchToken } = await launch('krone-roulette-live', 'gs1.other');
    const round = (await nextRound(launchToken)).round;
    expect((await bet(launchToken, round.roundId, [{ kind: 'odd-even', selector: 'odd', stakeOre: 500 }])).status).toBe(200);
    answer = () => ({ http: 500, status: 'SERVER_ERROR' });
    expect((await bet(launchToken, round.roundId, [{ kind: 'odd-even', selector: 'even', stakeOre: 500 }])).status).toBe(502);
    answer = () => ({ http: 200, status: 'OK', balance: 1 });
    const debits = calls
      .filter((call) => call.path === 'debit')
      .slice(-2)
      .map((call) => call.body.transactionId);
    calls.length = 0;
    expect((await fetch(`${studio.url}/admin/v1/tables/krone-roulette-live/void`, { method: 'POST' })).status).toBe(401);
    const voided = await fetch(`${studio.url}/admin/v1/tables/krone-roulette-live/void`, {
      method: 'POST',
      headers: { 'x-lysmester-admin': 'test-admin' },
    });
    expect(voided.status).toBe(200);
    await studio.tick();
    expect(calls.map((call) => [call.path, call.body.referenceTransactionId]).sort()).toEqual(debits.map((id) => ['cancel', id]).sort());
    expect(calls.every((call) => call.signed)).toBe(true);
    expect(calls.some((call) => call.path === 'credit')).toBe(false);
  });

  it("shared-hand blackjack: the deal is the table's, each player decides alone, a double takes the stake again, and the hand is paid against the one dealer", async () => {
    const first = await launch('nattergal-blackjack', 'gs1.bj-a');
    const second = await launch('nattergal-blackjack', 'gs1.bj-b');
    const round = (await nextRound(first.launchToken)).round;
    calls.length = 0;
    expect((await bet(first.launchToken, round.roundId, [{ stakeOre: 1_000 }])).status).toBe(200);
    expect((await bet(second.launchToken, round.roundId, [{ stakeOre: 500 }])).status).toBe(200);
    // One main bet a round.
    expect((await bet(first.launchToken, round.roundId, [{ stakeOre: 100 }])).status).toBe(400);
    const act = (token: string, action: string) =>
      fetch(`${studio.url}/client/api/blackjack/act`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ launch: token, roundId: round.roundId, action }),
      });
    // Betting open: no cards yet, no moves.
    expect((await act(first.launchToken, 'stand')).status).toBe(409);

    const table = studio.tables.get('nattergal-blackjack')!;
    clock = Date.parse(table.at(now()).bettingClosesAt);
    type BjState = {
      blackjack: { deal: { player: number[]; dealerUp: number }; hand: { playing: boolean; legal: string[] } | null; dealer?: number[] };
    };
    const a = ((await state(first.launchToken)) as unknown as BjState).blackjack;
    const b = ((await state(second.launchToken)) as unknown as BjState).blackjack;
    expect(a.deal).toEqual(b.deal);
    // The first player doubles when the deal allows it (and stands otherwise); the second never decides.
    const doubled = a.hand!.playing && a.hand!.legal.includes('double');
    if (a.hand!.playing) expect((await act(first.launchToken, doubled ? 'double' : 'stand')).status).toBe(200);
    const debits = calls.filter((call) => call.path === 'debit');
    expect(debits.map((call) => call.body.amount)).toEqual(doubled ? [1_000, 500, 1_000] : [1_000, 500]);

    clock = Date.parse(table.at(now()).resultAt);
    expect((await act(first.launchToken, 'hit')).status).toBe(409);
    const shown = (await state(first.launchToken)).round;
    const result = shown.result!;
    if (result.kind !== 'blackjack') throw new Error('a blackjack round');
    expect(commitmentOf(shown.roundId, result, shown.nonce!)).toBe(round.commitment);
    expect(((await state(first.launchToken)) as unknown as BjState).blackjack.dealer).toEqual(
      sharedDealerHand(SHARED_HAND_RULES, result.shoe),
    );
    calls.length = 0;
    await studio.tick();
    // Each hand replayed on the revealed shoe: what the credits must be.
    const expected = (stake: number, actions: ('double' | 'stand')[]) => {
      // The player's own layout of the shoe; their moves, then a stand on whatever is still open.
      let hand = dealFromShoe(SHARED_HAND_RULES, playerShoe(result.shoe, actions.includes('double') ? 1 : 0), stake);
      for (const action of actions) hand = blackjackAct(SHARED_HAND_RULES, hand, action);
      while (hand.phase === 'player') hand = blackjackAct(SHARED_HAND_RULES, hand, 'stand');
      return hand.settlement!.totalReturnOre;
    };
    const credits = Object.fromEntries(
      calls.filter((call) => call.path === 'credit').map((call) => [call.body.sessionToken, call.body.amount]),
    );
    // After the credit the player's screen still shows what the hand returned.
    const after = (await state(first.launchToken)) as unknown as { blackjack: { settlement: { totalReturnOre: number } } };
    expect(after.blackjack.settlement.totalReturnOre).toBe(credits['gs1.bj-a']);
    expect(credits).toEqual({
      'gs1.bj-a': a.hand!.playing ? expected(1_000, [doubled ? 'double' : 'stand']) : expected(1_000, []),
      'gs1.bj-b': expected(500, []),
    });
  });

  it("streams its lobby to an operator: the state at once, and each round's change as it happens", async () => {
    expect((await fetch(`${studio.url}/api/v1/lobby/stream`)).status).toBe(401);
    const abort = new AbortController();
    const response = await fetch(`${studio.url}/api/v1/lobby/stream`, { headers: operatorHeaders, signal: abort.signal });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    const nextEvent = async () => {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (event.startsWith(':')) continue;
          expect(event).toMatch(/^event: lobby\ndata: /);
          return JSON.parse(event.slice(event.indexOf('data: ') + 6)) as {
            tables: { tableId: string; round: { roundId: string; state: string; bettingClosesAt: string } }[];
          };
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        buffer += decoder.decode(value, { stream: true });
      }
    };
    const first = await nextEvent();
    const roulette = first.tables.find((table) => table.tableId === 'krone-roulette-live')!;
    // The clock past the close of betting: the change comes at the next tick.
    clock = Date.parse(roulette.round.bettingClosesAt) + 1;
    await studio.tick();
    const second = await nextEvent();
    const after = second.tables.find((table) => table.tableId === 'krone-roulette-live')!;
    expect(after.round.roundId).toBe(roulette.round.roundId);
    expect(after.round.state).toBe('closed');
    abort.abort();
  });
});
