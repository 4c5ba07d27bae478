import { createHash } from 'node:crypto';

/** The shapes of the games contract's money calls (games/README.md) and their keys. */

/** A provider's transaction or round id: what seamless-wallet providers send, bounded. */
export const PROVIDER_REF_PATTERN = /^[A-Za-z0-9._:-]{1,100}$/;

/**
 * The round id a player is shown: the provider's own. A provider whose round is shared by many
 * players (a live table's) sends the contract `{its round id}:{game session id}`, as a contract
 * round belongs to one session (the live wallet's adapter, providers/lysmester/wallet.ts); shown
 * without that suffix, it is the id the studio's game client shows.
 */
export function shownRoundId(roundId: string, gameSessionId: string | null | undefined): string {
  const suffix = gameSessionId ? `:${gameSessionId}` : '';
  return suffix && roundId.endsWith(suffix) && roundId.length > suffix.length ? roundId.slice(0, -suffix.length) : roundId;
}

export interface MoneyRequest {
  sessionId: string;
  roundId: string;
  transactionId: string;
  amountOre: number;
}

export interface RollbackRequest {
  sessionId: string;
  roundId: string;
  transactionId: string;
  /** The provider's id of the bet to undo. */
  referenceTransactionId: string;
}

/**
 * A whole round in one call (`betAndWin`): its stake, its win (0 too) and, when asked, its end,
 * all or nothing in one transaction, as if bet, win and endRound came one after another. Keyed by
 * the bet's transaction id; the win's id is taken too, so neither can be used again for another call.
 */
export interface BetAndWinRequest extends MoneyRequest {
  winTransactionId: string;
  winAmountOre: number;
  endRound: boolean;
}

/** What every money call answers: the player's balance after it (cash + bonus), in øre. */
export interface MoneyAnswer {
  transactionId: string;
  /** The ledger's transfer, or null when nothing moved (a marker, a zero win, a bet already rolled back). */
  ledgerTransferId: string | null;
  balanceOre: number;
  cashOre: number;
  bonusOre: number;
  /**
   * The jackpot pools this call's stake won (games/jackpots/), paid to the player's cash in the
   * same transaction and counted in the balances above; only present when a pool was won.
   */
  jackpotWins?: { poolId: string; poolName: string; amountOre: number }[];
}

/** betAndWin's answer: the balance after the round, and the ledger's transfers of its bet and its win (null for a win of 0). */
export interface BetAndWinAnswer extends MoneyAnswer {
  /** The bet's transfer: a stake is never 0. */
  ledgerTransferId: string;
  winTransactionId: string;
  winLedgerTransferId: string | null;
  roundEnded: boolean;
}

/** The ledger's key of a provider's transaction: its own namespace, which no platform key uses. */
export const ledgerKey = (providerId: string, transactionId: string) => `game:${providerId}:${transactionId}`;

/** SHA-256 of a call's operation and fields: the same transaction id with another request is refused. */
export const requestHash = (operation: string, request: object) =>
  createHash('sha256')
    .update(JSON.stringify([operation, Object.entries(request).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))]))
    .digest('hex');
