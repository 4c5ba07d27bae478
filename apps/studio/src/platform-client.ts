import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { contractPath, contractSigningText, isErrorCode, type ErrorCode } from '@krone/domain';

export type ContractOperation = 'authenticate' | 'balance' | 'bet' | 'win' | 'betAndWin' | 'rollback' | 'endRound';

/** The platform refused the call (a 4xx with one of its codes): the answer is final, sending it again gets the same. */
export class PlatformRefusal extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    readonly balanceOre: number | undefined,
    readonly platformMessage: string | undefined,
  ) {
    super(`platform refused: ${code}`);
    this.name = 'PlatformRefusal';
  }
}

/** No answer: a timeout, a network error, a 5xx or an answer that is not the contract's. Whether it landed is unknown. */
export class PlatformUnavailable extends Error {
  constructor(reason: string) {
    super(`platform unavailable: ${reason}`);
    this.name = 'PlatformUnavailable';
  }
}

/** What the client needs of an HTTP answer (a fetch Response has it). */
export interface TransportAnswer {
  status: number;
  ok: boolean;
  json(): Promise<unknown>;
}
export type Transport = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string; signal: AbortSignal },
) => Promise<TransportAnswer>;

export interface PlatformClientOptions {
  baseUrl: string;
  providerId: string;
  secret: string;
  timeoutMs: number;
  /** Tests pass a fetch that fails as networks do; by default node:http with kept-alive connections. */
  fetch?: Transport | typeof fetch;
}

/**
 * POSTs over node:http(s) with connections kept alive: a money round makes one call or more, and
 * fetch (undici) costs several times the CPU per call of a plain request on a pooled socket.
 */
export function keepAliveTransport(maxSockets = 64): Transport {
  const agents = { 'http:': new http.Agent({ keepAlive: true, maxSockets }), 'https:': new https.Agent({ keepAlive: true, maxSockets }) };
  return (url, init) =>
    new Promise((resolve, reject) => {
      const target = new URL(url);
      const client = target.protocol === 'https:' ? https : http;
      const request = client.request(
        target,
        {
          method: init.method,
          agent: agents[target.protocol as 'http:' | 'https:'],
          headers: { ...init.headers, 'content-length': Buffer.byteLength(init.body) },
          signal: init.signal,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const status = response.statusCode ?? 0;
            const text = Buffer.concat(chunks).toString('utf8');
            resolve({ status, ok: status >= 200 && status < 300, json: async () => JSON.parse(text) as unknown });
          });
        },
      );
      request.on('error', (error) => reject(init.signal.aborted ? Object.assign(new Error('timeout'), { name: 'TimeoutError' }) : error));
      request.end(init.body);
    });
}

/** What the platform's calls answer (apps/platform/src/games/README.md), the fields the studio reads. */
export interface Balances {
  balanceOre: number;
}
/** A pool the stake won (a jackpot hit), paid to the player's cash in the bet's own transaction. */
export interface JackpotWin {
  poolId: string;
  poolName: string;
  amountOre: number;
}
/**
 * What a stake's answer (bet, betAndWin) adds: the pools it won, only when it won one (absent
 * otherwise); the answer's balances already include them. A repeat of the call answers the same.
 */
export interface StakeAnswer extends Balances {
  jackpotWins?: JackpotWin[];
}
/**
 * A grant of free rounds the platform tells of (authenticate, balance: issue 27), on the session's
 * title: each round played with betAndWin naming `id`, at `stakeOre` (the house's stake; its win
 * goes to the player's bonus balance). `expiresAt` is an ISO time.
 */
export interface FreeRoundsOffer {
  id: string;
  gameIds: string[];
  stakeOre: number;
  roundsTotal: number;
  roundsLeft: number;
  wonOre: number;
  expiresAt: string;
}
/** What a free round's answer says is left of its grant after it (betAndWin with freeRoundsId). */
export interface FreeRoundsUse {
  id: string;
  roundsTotal: number;
  roundsLeft: number;
  wonOre: number;
}
/** The balance answer: the balance and the player's free rounds on the session's title (oldest grant first). */
export interface BalanceAnswer extends Balances {
  freeRounds: FreeRoundsOffer[];
}
/** A whole round's answer (betAndWin): a free round's adds its grant after it. */
export interface BetAndWinAnswer extends StakeAnswer {
  roundEnded: boolean;
  freeRounds?: FreeRoundsUse;
}
export interface Authenticated extends Balances {
  sessionId: string;
  playerId: string;
  gameId: string;
  mode: string;
  expiresAt: string;
  /** The operator's money-played warning minutes (wageringTimePopup), when the platform sends them. */
  warningMinutes?: number;
  /** When the player's login (the platform session that launched this game) began: a new login restarts the warning's clock. */
  loginAt?: string;
  /** The player's free rounds on this title, oldest grant first ([] when none). */
  freeRounds: FreeRoundsOffer[];
}

/** At most this many grants in one answer: a player has one open bonus at a time; more is not the contract's. */
const MAX_FREE_ROUNDS_OFFERS = 16;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const count = (value: unknown, min: number): value is number => Number.isSafeInteger(value) && (value as number) >= min;

/**
 * The free rounds an answer (authenticate, balance) tells of, in our shape: the well-formed grants
 * only (a uuid, a positive stake, rounds left of the total, a valid expiry), none when the answer
 * has none (a platform before issue 27). A malformed grant is left out: it cannot be played here.
 */
export function freeRoundsOffersOf(answer: { freeRounds?: unknown }): FreeRoundsOffer[] {
  if (!Array.isArray(answer.freeRounds)) return [];
  return answer.freeRounds
    .filter(
      (offer): offer is FreeRoundsOffer =>
        typeof offer === 'object' &&
        offer !== null &&
        typeof offer.id === 'string' &&
        UUID.test(offer.id) &&
        Array.isArray(offer.gameIds) &&
        offer.gameIds.every((id: unknown) => typeof id === 'string') &&
        count(offer.stakeOre, 1) &&
        count(offer.roundsTotal, 1) &&
        count(offer.roundsLeft, 0) &&
        offer.roundsLeft <= offer.roundsTotal &&
        count(offer.wonOre, 0) &&
        typeof offer.expiresAt === 'string' &&
        !Number.isNaN(Date.parse(offer.expiresAt)),
    )
    .slice(0, MAX_FREE_ROUNDS_OFFERS)
    .map(({ id, gameIds, stakeOre, roundsTotal, roundsLeft, wonOre, expiresAt }) => ({
      id,
      gameIds: gameIds.slice(0, 100),
      stakeOre,
      roundsTotal,
      roundsLeft,
      wonOre,
      expiresAt: new Date(expiresAt).toISOString(),
    }));
}

/** What a free round's answer says of its grant after it, in our shape; null when it says nothing well-formed. */
export function freeRoundsUseOf(answer: { freeRounds?: unknown }): FreeRoundsUse | null {
  const use = answer.freeRounds as Partial<FreeRoundsUse> | undefined | null;
  if (typeof use !== 'object' || use === null) return null;
  if (typeof use.id !== 'string' || !UUID.test(use.id)) return null;
  if (!count(use.roundsTotal, 1) || !count(use.roundsLeft, 0) || use.roundsLeft > use.roundsTotal || !count(use.wonOre, 0)) return null;
  return { id: use.id, roundsTotal: use.roundsTotal, roundsLeft: use.roundsLeft, wonOre: use.wonOre };
}

/**
 * The platform's refusals of a free round (issue 27): definite, as every refusal (nothing moved, the
 * round never happened); they also say the session's offer is out of date, so it is asked again.
 */
export const FREE_ROUND_REFUSALS: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'FREE_ROUNDS_NOT_FOUND',
  'FREE_ROUNDS_USED_UP',
  'FREE_ROUNDS_EXPIRED',
  'FREE_ROUND_STAKE_MISMATCH',
  'FREE_ROUND_GAME_NOT_ALLOWED',
]);

/** At most this many pools in one answer (there are four today); more is not the contract's. */
const MAX_JACKPOT_WINS = 16;

/**
 * The pools a stake's answer says it won, in our shape: the well-formed entries only (a pool's id
 * and name, a positive whole amount in øre), none when the answer has none. The money has moved by
 * then, so a malformed entry is left out rather than the round's answer refused.
 */
export function jackpotWinsOf(answer: { jackpotWins?: unknown }): JackpotWin[] {
  if (!Array.isArray(answer.jackpotWins)) return [];
  return answer.jackpotWins
    .filter(
      (win): win is JackpotWin =>
        typeof win === 'object' &&
        win !== null &&
        typeof win.poolId === 'string' &&
        win.poolId.length > 0 &&
        win.poolId.length <= 100 &&
        typeof win.poolName === 'string' &&
        win.poolName.length <= 200 &&
        Number.isSafeInteger(win.amountOre) &&
        win.amountOre > 0,
    )
    .slice(0, MAX_JACKPOT_WINS)
    .map(({ poolId, poolName, amountOre }) => ({ poolId, poolName, amountOre }));
}

/**
 * The one door to the platform's games contract: every call a signed POST of JSON to
 * `/Games/providers/{providerId}/{operation}` (hex HMAC-SHA256 with the provider's secret of the
 * time, the method, that path, the provider's id and the body, `contractSigningText` of
 * @krone/domain, in `Krone-Signature`; unix seconds in `Krone-Timestamp`). Signatures use the
 * machine's own time, never the studio's test clock: the platform checks them against its own.
 */
export function createPlatformClient(options: PlatformClientOptions) {
  const send = (options.fetch ?? keepAliveTransport()) as Transport;
  const base = options.baseUrl.replace(/\/$/, '');

  async function call<T>(operation: ContractOperation, payload: Record<string, unknown>): Promise<T> {
    const body = JSON.stringify(payload);
    const timestamp = Math.floor(Date.now() / 1000);
    const path = contractPath(options.providerId, operation);
    const signed = contractSigningText({ timestamp, method: 'POST', path, providerId: options.providerId, body });
    const signature = createHmac('sha256', options.secret).update(signed).digest('hex');
    let response: TransportAnswer;
    let answer: { result?: number; data?: T; code?: string; message?: string; balanceOre?: number };
    try {
      response = await send(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'krone-timestamp': String(timestamp), 'krone-signature': signature },
        body,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      answer = (await response.json()) as typeof answer;
    } catch (error) {
      throw new PlatformUnavailable((error as Error).name === 'TimeoutError' ? 'timeout' : (error as Error).message);
    }
    if (response.status >= 500) throw new PlatformUnavailable(`status ${response.status}`);
    if (response.ok && answer.result === 1 && answer.data !== undefined) return answer.data;
    if (response.status >= 400 && isErrorCode(answer.code))
      throw new PlatformRefusal(answer.code, response.status, answer.balanceOre, answer.message);
    throw new PlatformUnavailable(`unexpected answer (status ${response.status})`);
  }

  return {
    authenticate: async (token: string): Promise<Authenticated> => {
      const answer = await call<Omit<Authenticated, 'freeRounds'> & { freeRounds?: unknown }>('authenticate', { token });
      return { ...answer, freeRounds: freeRoundsOffersOf(answer) };
    },
    balance: async (sessionId: string): Promise<BalanceAnswer> => {
      const answer = await call<Balances & { freeRounds?: unknown }>('balance', { sessionId });
      return { ...answer, freeRounds: freeRoundsOffersOf(answer) };
    },
    bet: (input: { sessionId: string; roundId: string; transactionId: string; amountOre: number }) => call<StakeAnswer>('bet', input),
    win: (input: { sessionId: string; roundId: string; transactionId: string; amountOre: number }) => call<Balances>('win', input),
    /**
     * A whole round in one call: its stake, its win (0 too) and its end, all or nothing; idempotent by
     * the bet's id. With `freeRoundsId` a free round of that grant, at its stake (the house's).
     */
    betAndWin: (input: {
      sessionId: string;
      roundId: string;
      transactionId: string;
      amountOre: number;
      winTransactionId: string;
      winAmountOre: number;
      endRound: boolean;
      freeRoundsId?: string;
    }) => call<BetAndWinAnswer>('betAndWin', input),
    rollback: (input: { sessionId: string; roundId: string; transactionId: string; referenceTransactionId: string }) =>
      call<Balances>('rollback', input),
    endRound: (input: { sessionId: string; roundId: string }) => call<Balances & { endedAt: string }>('endRound', input),
  };
}

export type PlatformClient = ReturnType<typeof createPlatformClient>;
