import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readJson, sendJson } from '../http.js';
import { sharedDealerHand, type BlackjackAction } from '@krone/games-math';
import { readBets, returnOf } from './bets.js';
import { BLACKJACK_RULES, dealHand, extraStakeOre, handView, play, settleHand, sharedDeal, type Hand } from './blackjack-seat.js';
import { clientPage } from './client-page.js';
import {
  LIVE_TABLES,
  NO_VIDEO,
  publicRound,
  publishedFigures,
  summary,
  type Debit,
  type Launch,
  type LiveOperator,
  type LiveStudioOptions,
  type Seat,
} from './floor.js';
import { createLiveTable, type LiveResult, type LiveRound, type LiveTable } from './rounds.js';
import { createWalletClient, WalletUnreachable, type WalletClient } from './wallet.js';

/*
 * Lysmester Live, the live studio stand-in (docs/decisions.md "Live casino"): an outside party with
 * its own protocol and its own origin. Operators read its lobby and launch players into its game
 * client; the studio takes and pays the bets through the operator's wallet. This file is its
 * server: lobby, launch, the game client's bets, the settlement of each shared round and the
 * cancel of a voided one.
 *
 * Each table of the lobby (`GET /api/v1/lobby` and its stream) carries `video`: `{ url }`, the
 * table's video stream, at a studio that films its tables; `null` here, where no table is filmed
 * and the game client draws it. An operator shows a table without video as drawn, not as live
 * (danish-rules.md: label it for what it is).
 */

export interface LiveStudio {
  url: string;
  tables: ReadonlyMap<string, LiveTable>;
  /** Settles what is due now and tells the lobby's streams what changed (the floor's tick, callable from tests). */
  tick(): Promise<void>;
  close(): Promise<void>;
}

const digest = (value: string) => createHash('sha256').update(value).digest();
const keyMatches = (given: string, key: string) => given.length > 0 && timingSafeEqual(digest(given), digest(key));

export async function startLiveStudio(options: LiveStudioOptions): Promise<LiveStudio> {
  const host = options.host ?? '127.0.0.1';
  const now = options.now ?? (() => new Date());
  const specs = options.tables ?? LIVE_TABLES;
  const tables = new Map(specs.map((spec) => [spec.tableId, createLiveTable(spec, options.rng ? { rng: options.rng } : {})]));
  const wallets = new Map<string, WalletClient>(
    options.operators.map((operator) => [
      operator.operatorId,
      createWalletClient({ walletUrl: operator.walletUrl, secret: operator.walletSecret, now }),
    ]),
  );
  const launches = new Map<string, Launch>();
  const seats = new Map<string, Seat>();
  const retryDelays = options.retryDelaysMs ?? [1_000, 5_000, 30_000, 120_000];
  const launchMs = (options.launchMinutes ?? 12 * 60) * 60_000;

  const operatorOf = (req: IncomingMessage): LiveOperator | null => {
    const id = String(req.headers['x-lysmester-operator'] ?? '');
    const key = String(req.headers['x-lysmester-key'] ?? '');
    const operator = options.operators.find((candidate) => candidate.operatorId === id);
    return operator && keyMatches(key, operator.apiKey) ? operator : null;
  };

  const lobby = () => {
    const at = now();
    return {
      studio: 'Lysmester Live',
      tables: [...tables.values()].map((table) => {
        const spec = table.spec;
        const players = new Set(
          [...launches.values()]
            .filter((launch) => launch.tableId === spec.tableId && at.getTime() - launch.lastSeen < 120_000)
            .map((l) => l.playerRef),
        ).size;
        return {
          tableId: spec.tableId,
          name: spec.name,
          kind: spec.kind,
          dealer: spec.dealer,
          video: NO_VIDEO,
          open: true,
          limits: { minBet: spec.minBetOre, maxBet: spec.maxBetOre, currency: 'DKK' },
          ...publishedFigures(spec),
          players,
          round: publicRound(table.at(at)),
          lastResults: table.history(at).map((round) => summary(round.result!)),
        };
      }),
    };
  };
  /** Tries a wallet call until it is answered (credits and cancels must arrive). */
  const untilAnswered = async <T>(call: () => Promise<T>): Promise<T | null> => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await call();
      } catch (error) {
        if (!(error instanceof WalletUnreachable) || attempt >= retryDelays.length) return null;
        await new Promise((resolve) => setTimeout(resolve, retryDelays[attempt]));
      }
    }
  };

  /** A seated blackjack player's hand, dealt on first need (the deal is the table's, whenever it is read). */
  const handOf = (seat: Seat, shoe: readonly number[]): Hand => {
    if (!seat.hand) {
      const main = seat.debits.find((debit) => debit.state === 'taken' && debit.bets.some((bet) => bet.kind === 'blackjack'));
      seat.hand = dealHand(shoe, main ? main.amountOre : BLACKJACK_RULES.stakeUnitOre);
    }
    return seat.hand;
  };

  /** The lobby's subscribers (server-sent events): each gets every change, and a ping to keep proxies from closing it. */
  const streams = new Set<ServerResponse>();
  const maxStreams = options.maxLobbyStreams ?? 200;
  let lastLobby = '';
  let lastPing = Date.now();
  const broadcast = () => {
    if (streams.size === 0) return;
    const current = JSON.stringify(lobby());
    if (current !== lastLobby) {
      lastLobby = current;
      for (const stream of streams) stream.write(`event: lobby\ndata: ${current}\n\n`);
    } else if (Date.now() - lastPing > 15_000) {
      lastPing = Date.now();
      for (const stream of streams) stream.write(': ping\n\n');
    }
  };

  const settling = new Set<string>();
  const settleSeat = async (key: string, seat: Seat, round: LiveRound) => {
    if (seat.settled || settling.has(key)) return;
    settling.add(key);
    try {
      const wallet = wallets.get(seat.launch.operator.operatorId)!;
      const common = { sessionToken: seat.launch.sessionToken, roundId: seat.roundId, tableId: seat.launch.tableId };
      // A debit whose answer never came is cancelled, never paid on: the operator may not have taken it.
      const unknown = seat.debits.filter((debit) => debit.state === 'unknown');
      for (const debit of round.state === 'void' ? seat.debits : unknown) {
        const answer = await untilAnswered(() =>
          wallet.cancel({
            ...common,
            transactionId: `${debit.transactionId}-cancel`,
            referenceTransactionId: debit.transactionId,
            amount: debit.amountOre,
          }),
        );
        if (!answer) return;
      }
      if (round.state === 'result') {
        const taken = seat.debits.filter((debit) => debit.state === 'taken');
        if (taken.length > 0) {
          const result = round.result!;
          const hand = result.kind === 'blackjack' ? handOf(seat, result.shoe) : null;
          const settlement = hand && result.kind === 'blackjack' ? settleHand(hand, result.shoe).settlement : null;
          const amount = settlement
            ? settlement.totalReturnOre
            : taken.flatMap((debit) => debit.bets).reduce((sum, bet) => sum + returnOf(bet, result), 0);
          const answer = await untilAnswered(() =>
            wallet.credit({
              ...common,
              transactionId: `${seat.roundId}-${seat.launch.token.slice(0, 12)}-credit`,
              amount,
              debitTransactionIds: taken.map((d) => d.transactionId),
              // A blackjack round's hands as they ended (the operator's tournaments count them).
              ...(settlement && hand
                ? {
                    result: {
                      baseStakeOre: hand.round.baseStakeOre,
                      hands: settlement.hands.map((entry) => ({ stakeOre: entry.stakeOre, outcome: entry.outcome })),
                    },
                  }
                : {}),
            }),
          );
          if (!answer) return;
        }
      }
      seat.settled = true;
      seat.settledAt = now().getTime();
    } finally {
      settling.delete(key);
    }
  };

  const settleDue = async () => {
    const at = now();
    const due: Promise<void>[] = [];
    for (const [key, seat] of seats) {
      if (seat.settled) continue;
      const table = tables.get(seat.launch.tableId)!;
      const round = table.find(seat.roundId, at);
      if (round && (round.state === 'result' || round.state === 'void')) due.push(settleSeat(key, seat, round));
    }
    await Promise.all(due);
    // A settled seat is kept a minute, so the player's screen can still show the round's outcome.
    for (const [key, seat] of seats) if (seat.settled && at.getTime() - (seat.settledAt ?? 0) > 60_000) seats.delete(key);
  };
  // One settlement pass at a time: a pass asked for while one runs follows it.
  let passes: Promise<void> = Promise.resolve();
  const tick = () => (passes = passes.then(settleDue, settleDue));

  const launchOf = (token: string): Launch | null => {
    const launch = launches.get(token);
    if (!launch || launch.expiresAt < now().getTime()) return null;
    launch.lastSeen = now().getTime();
    return launch;
  };

  /** What a blackjack table shows: the shared deal once betting has closed, the player's hand, the dealer's once the round is over. */
  const blackjackState = (round: LiveRound, seat: Seat | undefined, drawn: LiveResult | null) => {
    if (round.state === 'betting' || round.state === 'void' || drawn?.kind !== 'blackjack') return null;
    const seated = seat?.debits.some((debit) => debit.state === 'taken') ? seat : undefined;
    const settled = round.state === 'result' && seated ? settleHand(handOf(seated, drawn.shoe), drawn.shoe) : null;
    return {
      deal: sharedDeal(drawn.shoe),
      hand: seated ? handView(handOf(seated, drawn.shoe)) : null,
      ...(round.state === 'result'
        ? { dealer: sharedDealerHand(BLACKJACK_RULES, drawn.shoe), settlement: settled?.settlement ?? null }
        : {}),
    };
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://studio');
    const path = url.pathname;
    if (req.method === 'GET' && path === '/health') return sendJson(res, 200, { ok: true });

    if (path === '/api/v1/lobby' && req.method === 'GET') {
      if (!operatorOf(req)) return sendJson(res, 401, { status: 'UNAUTHORIZED' });
      return sendJson(res, 200, lobby());
    }

    if (path === '/api/v1/lobby/stream' && req.method === 'GET') {
      if (!operatorOf(req)) return sendJson(res, 401, { status: 'UNAUTHORIZED' });
      if (streams.size >= maxStreams) return sendJson(res, 503, { status: 'TOO_MANY_STREAMS' });
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      lastLobby = JSON.stringify(lobby());
      res.write(`event: lobby\ndata: ${lastLobby}\n\n`);
      streams.add(res);
      req.on('close', () => streams.delete(res));
      return;
    }

    if (path === '/api/v1/launch' && req.method === 'POST') {
      const operator = operatorOf(req);
      if (!operator) return sendJson(res, 401, { status: 'UNAUTHORIZED' });
      const body = (await readJson(req)) as Record<string, unknown> | undefined;
      const sessionToken = typeof body?.sessionToken === 'string' && body.sessionToken.length <= 512 ? body.sessionToken : '';
      const playerRef = typeof body?.playerRef === 'string' && /^[A-Za-z0-9._:-]{1,100}$/.test(body.playerRef) ? body.playerRef : '';
      const tableId = typeof body?.tableId === 'string' ? body.tableId : '';
      if (!sessionToken || !playerRef || body?.currency !== 'DKK') return sendJson(res, 400, { status: 'REQUEST_INVALID' });
      if (!tables.has(tableId)) return sendJson(res, 404, { status: 'TABLE_UNKNOWN' });
      const lobbyUrl = typeof body?.lobbyUrl === 'string' && /^https?:\/\//.test(body.lobbyUrl) ? body.lobbyUrl : null;
      const token = randomBytes(24).toString('base64url');
      const at = now().getTime();
      launches.set(token, { token, operator, sessionToken, playerRef, tableId, lobbyUrl, expiresAt: at + launchMs, lastSeen: at });
      return sendJson(res, 200, { gameUrl: `${studioUrl}/client/${encodeURIComponent(tableId)}?launch=${token}`, launchToken: token });
    }

    const client = /^\/client\/([^/]+)$/.exec(path);
    if (client && req.method === 'GET') {
      const launch = launchOf(url.searchParams.get('launch') ?? '');
      if (!launch || launch.tableId !== decodeURIComponent(client[1]!)) {
        res
          .writeHead(401, { 'content-type': 'text/plain; charset=utf-8' })
          .end('Din spilsession er udløbet. Åbn bordet igen fra casinoet.');
        return;
      }
      const nonce = randomBytes(16).toString('base64');
      const ancestors = launch.operator.embedOrigins?.length ? launch.operator.embedOrigins.join(' ') : "'none'";
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'content-security-policy': `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors ${ancestors}`,
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
      });
      res.end(clientPage(tables.get(launch.tableId)!.spec, launch.token, nonce));
      return;
    }

    if (path === '/client/api/state' && req.method === 'GET') {
      const launch = launchOf(url.searchParams.get('launch') ?? '');
      if (!launch) return sendJson(res, 401, { status: 'SESSION_INVALID' });
      const table = tables.get(launch.tableId)!;
      const at = now();
      const round = table.at(at);
      const seat = seats.get(`${round.roundId}|${launch.token}`);
      return sendJson(res, 200, {
        table: { tableId: table.spec.tableId, name: table.spec.name, kind: table.spec.kind, dealer: table.spec.dealer },
        round: publicRound(round),
        myBets: seat ? seat.debits.filter((debit) => debit.state === 'taken').flatMap((debit) => debit.bets) : [],
        lastResults: table.history(at).map((past) => summary(past.result!)),
        ...(table.spec.kind === 'blackjack' ? { blackjack: blackjackState(round, seat, table.drawn(round.roundId)) } : {}),
      });
    }

    if (path === '/client/api/bets' && req.method === 'POST') {
      const body = (await readJson(req)) as Record<string, unknown> | undefined;
      const launch = launchOf(typeof body?.launch === 'string' ? body.launch : '');
      if (!launch) return sendJson(res, 401, { status: 'SESSION_INVALID' });
      const table = tables.get(launch.tableId)!;
      const roundId = typeof body?.roundId === 'string' ? body.roundId : '';
      if (!table.acceptsBets(roundId, now())) return sendJson(res, 409, { status: 'BETTING_CLOSED' });
      const key = `${roundId}|${launch.token}`;
      const seat = seats.get(key) ?? { launch, roundId, debits: [], settled: false };
      const already = seat.debits.reduce((sum, debit) => sum + debit.amountOre, 0);
      const read = readBets(table.spec, body?.bets, already);
      if ('error' in read) return sendJson(res, 400, { status: 'BET_REFUSED', code: read.error });
      const debit: Debit = { transactionId: `lys-${randomUUID()}`, amountOre: read.totalOre, bets: read.bets, state: 'unknown' };
      seat.debits.push(debit);
      seats.set(key, seat);
      const wallet = wallets.get(launch.operator.operatorId)!;
      try {
        const answer = await wallet.debit({
          sessionToken: launch.sessionToken,
          transactionId: debit.transactionId,
          roundId,
          tableId: table.spec.tableId,
          amount: debit.amountOre,
        });
        if (answer.status !== 'OK') {
          seat.debits.splice(seat.debits.indexOf(debit), 1);
          return sendJson(res, 402, { status: answer.status, message: answer.message });
        }
        debit.state = 'taken';
        return sendJson(res, 200, { status: 'OK', transactionId: debit.transactionId, balance: answer.balance });
      } catch {
        // Left 'unknown': the round's settlement cancels it.
        return sendJson(res, 502, { status: 'SERVER_ERROR' });
      }
    }

    if (path === '/client/api/blackjack/act' && req.method === 'POST') {
      const body = (await readJson(req)) as Record<string, unknown> | undefined;
      const launch = launchOf(typeof body?.launch === 'string' ? body.launch : '');
      if (!launch) return sendJson(res, 401, { status: 'SESSION_INVALID' });
      const table = tables.get(launch.tableId)!;
      const round = table.at(now());
      const action = body?.action as BlackjackAction;
      const seat = seats.get(`${round.roundId}|${launch.token}`);
      const drawn = table.drawn(round.roundId);
      if (table.spec.kind !== 'blackjack' || round.roundId !== body?.roundId || round.state !== 'closed' || drawn?.kind !== 'blackjack')
        return sendJson(res, 409, { status: 'DECISIONS_CLOSED' });
      if (!seat || !seat.debits.some((debit) => debit.state === 'taken')) return sendJson(res, 409, { status: 'NOT_SEATED' });
      const hand = handOf(seat, drawn.shoe);
      if (!(['hit', 'stand', 'double', 'split'] as const).includes(action as 'hit') || !handView(hand).legal.includes(action))
        return sendJson(res, 400, { status: 'MOVE_NOT_ALLOWED' });
      const extra = extraStakeOre(hand, action);
      if (extra > 0) {
        // A double or a split takes the main bet again before the card comes.
        const debit: Debit = {
          transactionId: `lys-${randomUUID()}`,
          amountOre: extra,
          bets: [{ kind: 'blackjack', stakeOre: extra }],
          state: 'unknown',
        };
        seat.debits.push(debit);
        try {
          const answer = await wallets.get(launch.operator.operatorId)!.debit({
            sessionToken: launch.sessionToken,
            transactionId: debit.transactionId,
            roundId: round.roundId,
            tableId: table.spec.tableId,
            amount: extra,
          });
          if (answer.status !== 'OK') {
            seat.debits.splice(seat.debits.indexOf(debit), 1);
            return sendJson(res, 402, { status: answer.status, message: answer.message });
          }
          debit.state = 'taken';
        } catch {
          return sendJson(res, 502, { status: 'SERVER_ERROR' });
        }
      }
      seat.hand = play(hand, action);
      return sendJson(res, 200, { status: 'OK', hand: handView(seat.hand) });
    }

    const voiding = /^\/admin\/v1\/tables\/([^/]+)\/void$/.exec(path);
    if (voiding && req.method === 'POST') {
      if (!options.adminKey || !keyMatches(String(req.headers['x-lysmester-admin'] ?? ''), options.adminKey))
        return sendJson(res, 401, { status: 'UNAUTHORIZED' });
      const table = tables.get(decodeURIComponent(voiding[1]!));
      if (!table) return sendJson(res, 404, { status: 'TABLE_UNKNOWN' });
      try {
        const round = table.voidRound(now(), 'dealer_fault');
        void tick();
        return sendJson(res, 200, { round: publicRound(round) });
      } catch {
        return sendJson(res, 409, { status: 'ROUND_SETTLED' });
      }
    }

    return sendJson(res, 404, { status: 'NOT_FOUND' });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) sendJson(res, 500, { status: 'SERVER_ERROR' });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  const studioUrl = (options.publicUrl ?? `http://${host}:${port}`).replace(/\/$/, '');
  const timer = setInterval(() => {
    void tick();
    broadcast();
  }, options.tickMs ?? 250);
  timer.unref();

  return {
    url: studioUrl,
    tables,
    tick: () => {
      broadcast();
      return tick();
    },
    close: async () => {
      clearInterval(timer);
      for (const stream of streams) stream.end();
      streams.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export { LIVE_TABLES, type LiveOperator, type LiveStudioOptions } from './floor.js';
