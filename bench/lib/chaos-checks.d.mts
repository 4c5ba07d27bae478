// Types of chaos-checks.mjs for the platform's TypeScript tests (test/chaos-checks.test.ts).
import type { SQL } from 'drizzle-orm';

export type Outcome = 'acked' | 'refused' | 'unknown';

/** One check's verdict. */
export interface Verdict {
  name: string;
  ok: boolean;
  detail: string;
  examples: string[];
}

/** What checkRecord reads from the bench's record (chaos-load.mjs createRecord), as the bench fills it. */
export interface ChaosRecord {
  /** transactionId → the games-contract call's answer */
  games: Map<
    string,
    {
      kind: 'bet' | 'win' | 'rollback';
      playerId: string;
      outcome: Outcome;
      code: string | null;
      ledgerTransferId: string | null;
      sentAfterPause: boolean;
      winTransactionId?: string;
      winLedgerTransferId?: string | null;
      duplicateLedgerTransferId?: string | null;
      [extra: string]: unknown;
    }
  >;
  deposits: {
    playerId: string;
    method: 'card' | 'mobilepay';
    amountOre: number;
    outcome: Outcome;
    code: string | null;
    paymentId: string | null;
    status: string | null;
    decision: 'approve' | 'reject' | null;
  }[];
  /** requestId → the withdrawal's answer and its cancel's */
  withdrawals: Map<
    string,
    { playerId: string; amountOre: number; outcome: Outcome; code: string | null; cancel: { outcome: Outcome; code: string | null } | null }
  >;
  limitChanges: { playerId: string; period: 'day' | 'week' | 'month'; amountOre: number; outcome: Outcome; code: string | null }[];
  /** playerId → when the pause was acknowledged (ms) */
  pausedAt: Map<string, number>;
  /** The live table (chaos-live.mjs); none: no live bets. */
  live?: LiveRecord;
}

/** A roulette bet as the studio's game client takes it (games-math's RouletteBet). */
export type LiveBet = { kind: string; stakeOre: number; selector?: string | number; numbers?: number[] };

export interface LiveRecord {
  /** Every bet sent to the studio's game client, with its answer: acked (the studio's debit id), refused (its status), unknown (5xx). */
  bets: {
    playerId: string;
    roundId: string;
    gameSessionId: string;
    bets: LiveBet[];
    amountOre: number;
    outcome: Outcome;
    code: string | null;
    transactionId: string | null;
    sentAfterPause: boolean;
  }[];
  /** studio round id → the round as the studio showed it: its commitment, then its result and nonce, or its void. */
  rounds: Map<
    string,
    {
      roundId: string;
      commitment: string | null;
      bettingClosesAt: string;
      resultAt: string;
      state: 'betting' | 'closed' | 'result' | 'void';
      result: { kind: string; pocket: number } | null;
      nonce: string | null;
      voidReason: string | null;
    }
  >;
  /** The dealer's voids through the studio's admin route. */
  voids: { aimedAt: string; roundId: string | null; outcome: Outcome; code: string | null }[];
}

export type Query = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

export const LIVE_PROVIDER: 'lysmester-live';
export function checkAll(databaseUrl: string, record: ChaosRecord): Promise<Verdict[]>;
export function checkRecord(query: Query, record: ChaosRecord): Promise<Verdict[]>;
export function pgQuery(client: { query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> }): Query;
export function drizzleQuery(db: { execute(query: SQL): PromiseLike<unknown> }): Query;
