import { z } from 'zod';
import { checkSignature, type SignatureCheck } from '../../../shared/signed-requests.js';
import { PROVIDER_REF_PATTERN } from '../../contract.js';

/*
 * Lysmester Live's wallet protocol, the operator's side (the studio's side: apps/sims/src/live/wallet.ts).
 * The studio calls `POST {walletUrl}/{balance|debit|credit|cancel}` with JSON signed
 * `X-Lysmester-Signature: sha256=<hex HMAC-SHA256 of "timestamp.body">` and `X-Lysmester-Timestamp`
 * (unix seconds), and reads `{status, balance?, currency?, message?}`. Its shapes stay here, at the
 * edge; the adapter (wallet.ts) turns them into the games contract's.
 */

export const TIMESTAMP_HEADER = 'x-lysmester-timestamp';
export const SIGNATURE_HEADER = 'x-lysmester-signature';

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
  /** The player's balance after the call, in øre (with OK; with INSUFFICIENT_FUNDS too). */
  balance?: number;
  currency?: 'DKK';
  message?: string;
}

/**
 * The HTTP status each answer is sent with (games/README.md, "Live studio"). The studio reads any
 * answer below 500 as the call's final answer and tries a credit or cancel again on 500 and above,
 * so SERVER_ERROR is 503 where trying again later can succeed (`retry`), 500 otherwise.
 */
export const HTTP_STATUS: Record<WalletStatus, number> = {
  OK: 200,
  INSUFFICIENT_FUNDS: 402,
  SESSION_INVALID: 401,
  PLAYER_BLOCKED: 403,
  LIMIT_REACHED: 403,
  BET_NOT_ALLOWED: 409,
  TRANSACTION_UNKNOWN: 409,
  SIGNATURE_INVALID: 401,
  REQUEST_INVALID: 400,
  SERVER_ERROR: 500,
};
export const RETRY_LATER_STATUS = 503;

const ref = z.string().regex(PROVIDER_REF_PATTERN);
const token = z.string().min(1).max(300);
// The contract's round id is `{roundId}:{gameSessionId}` (a uuid, 36 characters): within its 100.
const roundId = ref.max(63);
const money = z.number().int().min(0).max(1_000_000_000);
const common = { requestId: z.string().min(1).max(100), sessionToken: token };

export const balanceBody = z.object(common);
export const debitBody = z.object({
  ...common,
  transactionId: ref,
  roundId,
  tableId: z.string().min(1).max(80),
  amount: money.min(1),
  currency: z.literal('DKK'),
});
/**
 * A blackjack round's hands as they ended (issue 27: the tournaments count won hands and
 * blackjacks): the stake the player sat down with, and each hand's stake and outcome.
 */
export const handsResult = z.object({
  baseStakeOre: money.min(1),
  hands: z
    .array(z.object({ stakeOre: money, outcome: z.enum(['blackjack', 'win', 'push', 'lose', 'bust', 'surrender']) }))
    .min(1)
    .max(4),
});
export const creditBody = debitBody.extend({ amount: money, debitTransactionIds: z.array(ref).max(100), result: handsResult.optional() });
export const cancelBody = debitBody.extend({ referenceTransactionId: ref, amount: money });

export type DebitBody = z.infer<typeof debitBody>;
export type CreditBody = z.infer<typeof creditBody>;
export type CancelBody = z.infer<typeof cancelBody>;
export type HandsResult = z.infer<typeof handsResult>;

/**
 * The studio's signature over the body exactly as sent: `sha256=` and the hex HMAC-SHA256 of
 * `${timestamp}.${body}` with the provider's secret, within 300 s of our clock, compared in
 * constant time (shared/signed-requests.ts, as the payment webhooks' signature is).
 */
export function checkWalletSignature(input: {
  timestamp: string | undefined;
  signature: string | undefined;
  body: string;
  secret: string;
  now: Date;
}): SignatureCheck {
  const { signature } = input;
  if (signature !== undefined && !signature.startsWith('sha256=')) return 'mismatch';
  return checkSignature({ ...input, signature: signature?.slice('sha256='.length) });
}
