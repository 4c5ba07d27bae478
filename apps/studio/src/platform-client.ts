import { createHmac } from 'node:crypto';
import { isErrorCode, type ErrorCode } from '@krone/domain';

export type ContractOperation = 'authenticate' | 'balance' | 'bet' | 'win' | 'rollback' | 'endRound';

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

export interface PlatformClientOptions {
  baseUrl: string;
  providerId: string;
  secret: string;
  timeoutMs: number;
  /** Tests pass one that fails as networks do. */
  fetch?: typeof fetch;
}

/** What the platform's calls answer (apps/platform/src/games/README.md), the fields the studio reads. */
export interface Balances {
  balanceOre: number;
}
export interface Authenticated extends Balances {
  sessionId: string;
  playerId: string;
  gameId: string;
  mode: string;
  expiresAt: string;
  /** The operator's money-played warning minutes (wageringTimePopup), when the platform sends them. */
  warningMinutes?: number;
}

/**
 * The one door to the platform's games contract: every call a signed POST of JSON to
 * `/Games/providers/{providerId}/{operation}` (hex HMAC-SHA256 of `${timestamp}.${body}` with the
 * provider's secret in `Krone-Signature`, unix seconds in `Krone-Timestamp`). Signatures use the
 * machine's own time, never the studio's test clock: the platform checks them against its own.
 */
export function createPlatformClient(options: PlatformClientOptions) {
  const send = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/$/, '');

  async function call<T>(operation: ContractOperation, payload: Record<string, unknown>): Promise<T> {
    const body = JSON.stringify(payload);
    const timestamp = Math.floor(Date.now() / 1000);
    const signature = createHmac('sha256', options.secret).update(`${timestamp}.${body}`).digest('hex');
    let response: Response;
    let answer: { result?: number; data?: T; code?: string; message?: string; balanceOre?: number };
    try {
      response = await send(`${base}/Games/providers/${options.providerId}/${operation}`, {
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
    authenticate: (token: string) => call<Authenticated>('authenticate', { token }),
    balance: (sessionId: string) => call<Balances>('balance', { sessionId }),
    bet: (input: { sessionId: string; roundId: string; transactionId: string; amountOre: number }) => call<Balances>('bet', input),
    win: (input: { sessionId: string; roundId: string; transactionId: string; amountOre: number }) => call<Balances>('win', input),
    rollback: (input: { sessionId: string; roundId: string; transactionId: string; referenceTransactionId: string }) =>
      call<Balances>('rollback', input),
    endRound: (input: { sessionId: string; roundId: string }) => call<Balances & { endedAt: string }>('endRound', input),
  };
}

export type PlatformClient = ReturnType<typeof createPlatformClient>;
