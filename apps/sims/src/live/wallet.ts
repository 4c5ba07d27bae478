import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

/*
 * Lysmester Live's wallet protocol, the studio's side: it calls the operator's wallet. Every call is
 * JSON, signed `X-Lysmester-Signature: sha256=<hex HMAC-SHA256 of "timestamp.body">` with the
 * operator's wallet secret, `X-Lysmester-Timestamp` in unix seconds. A debit takes a player's bet, a
 * credit pays a round's return (0 for a round lost: it closes the round), a cancel gives a debit
 * back (a voided round, or a debit whose answer never came). Credits and cancels are tried again
 * until answered; the operator answers each transaction id once and repeats that answer.
 */

export type WalletStatus =
  | 'OK'
  | 'INSUFFICIENT_FUNDS'
  | 'SESSION_INVALID'
  | 'PLAYER_BLOCKED'
  | 'LIMIT_REACHED'
  | 'BET_NOT_ALLOWED'
  | 'TRANSACTION_UNKNOWN'
  | 'SIGNATURE_INVALID'
  | 'REQUEST_INVALID'
  | 'SERVER_ERROR';

export interface WalletAnswer {
  status: WalletStatus;
  /** The player's balance after the call, in øre (with OK, and where the operator tells it). */
  balance?: number;
  currency?: 'DKK';
  message?: string;
}

export interface DebitRequest {
  requestId: string;
  sessionToken: string;
  transactionId: string;
  roundId: string;
  tableId: string;
  amount: number;
  currency: 'DKK';
}
/**
 * A blackjack round's hands as they ended, sent with its credit (issue 27: the operator's
 * tournaments count won hands and blackjacks): the stake the player sat down with and each hand's
 * stake and outcome, splits as hands of their own.
 */
export interface HandsResult {
  baseStakeOre: number;
  hands: { stakeOre: number; outcome: 'blackjack' | 'win' | 'push' | 'lose' | 'bust' | 'surrender' }[];
}
export type CreditRequest = DebitRequest & { debitTransactionIds: string[]; result?: HandsResult };
export interface CancelRequest {
  requestId: string;
  sessionToken: string;
  transactionId: string;
  /** The debit to give back. */
  referenceTransactionId: string;
  roundId: string;
  tableId: string;
  amount: number;
  currency: 'DKK';
}
export interface BalanceRequest {
  requestId: string;
  sessionToken: string;
}

export const signWalletBody = (secret: string, timestamp: number, body: string) =>
  `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

/** The operator's check of a call (exported for the operator's side and its tests). */
export function walletSignatureValid(
  secret: string,
  timestamp: string,
  body: string,
  signature: string,
  now: Date,
  toleranceS = 300,
): boolean {
  const seconds = Number(timestamp);
  if (!Number.isInteger(seconds) || Math.abs(now.getTime() / 1000 - seconds) > toleranceS) return false;
  const expected = Buffer.from(signWalletBody(secret, seconds, body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export interface WalletClient {
  balance(body: Omit<BalanceRequest, 'requestId'>): Promise<WalletAnswer>;
  debit(body: Omit<DebitRequest, 'requestId' | 'currency'>): Promise<WalletAnswer>;
  credit(body: Omit<CreditRequest, 'requestId' | 'currency'>): Promise<WalletAnswer>;
  cancel(body: Omit<CancelRequest, 'requestId' | 'currency'>): Promise<WalletAnswer>;
}

/** An answer the operator did not give (no connection, a timeout, no JSON): the call's fate is unknown. */
export class WalletUnreachable extends Error {}

export function createWalletClient(options: { walletUrl: string; secret: string; now: () => Date; timeoutMs?: number }): WalletClient {
  const call = async (path: string, payload: object): Promise<WalletAnswer> => {
    const body = JSON.stringify({ requestId: randomUUID(), ...payload });
    const timestamp = Math.floor(options.now().getTime() / 1000);
    let response: Response;
    try {
      response = await fetch(`${options.walletUrl.replace(/\/$/, '')}/${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-lysmester-timestamp': String(timestamp),
          'x-lysmester-signature': signWalletBody(options.secret, timestamp, body),
        },
        body,
        signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
      });
    } catch (error) {
      throw new WalletUnreachable(`wallet ${path}: ${(error as Error).message}`);
    }
    const answer = (await response.json().catch(() => null)) as WalletAnswer | null;
    if (!answer || typeof answer.status !== 'string' || response.status >= 500)
      throw new WalletUnreachable(`wallet ${path}: HTTP ${response.status}`);
    return answer;
  };
  return {
    balance: (body) => call('balance', body),
    debit: (body) => call('debit', { ...body, currency: 'DKK' }),
    credit: (body) => call('credit', { ...body, currency: 'DKK' }),
    cancel: (body) => call('cancel', { ...body, currency: 'DKK' }),
  };
}
