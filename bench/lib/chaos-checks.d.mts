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
}

export type Query = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

export function checkAll(databaseUrl: string, record: ChaosRecord): Promise<Verdict[]>;
export function checkRecord(query: Query, record: ChaosRecord): Promise<Verdict[]>;
export function pgQuery(client: { query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> }): Query;
export function drizzleQuery(db: { execute(query: SQL): PromiseLike<unknown> }): Query;
