import { createHash } from 'node:crypto';
import { and, asc, eq, gt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../shared/db.js';
import { auditHeads, auditLog } from './schema.js';

/** What the verifier found wrong, at the first place it shows (audit/README.md). */
export type AuditProblemKind =
  /** The entry's hash is not sha256(prev_hash || body): its body, kind, time or hash was edited. */
  | 'altered'
  /** The entry does not follow the one before it in its chain: an entry was removed, inserted or moved. */
  | 'broken_link'
  /** The chain's head does not name its last entry: entries were removed at its end, or the head edited. */
  | 'head_mismatch'
  /** The ledger no longer holds what the entry recorded: a transfer or its entries were edited or removed. */
  | 'ledger_mismatch'
  /** A transfer of the ledger that no entry records: made (or restored) around the log. */
  | 'unrecorded_transfer'
  /** A seal names an entry the chain no longer has with that hash: the chain was rewritten after it. */
  | 'seal_mismatch'
  /** A seal whose signature does not hold. */
  | 'seal_signature';

export interface AuditProblem {
  kind: AuditProblemKind;
  chain: string | null;
  seq: number | null;
  detail: string;
}

export interface AuditVerification {
  chains: number;
  entries: number;
  transfersChecked: number;
  problems: AuditProblem[];
}

export const sha256 = (...parts: (Buffer | string)[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
};

type Entry = typeof auditLog.$inferSelect;
/** A transfer's record as migration 0016 wrote it: the transfer whole, its entries included. */
type TransferBodyV1 = {
  transferId: string;
  transferKind: string;
  idempotencyKey: string;
  reference: unknown;
  reverses: string | null;
  entries: { accountId: string; amountOre: number; balanceAfterOre: number | null }[];
};
/**
 * A transfer's record since migration 0017 (`v: 2`): what a report reads (the transfer's kind, the
 * chain's player's amount, null on `house`, and its reference) and the digest of its ledger rows
 * that `audit_transfer_facts` computes, in the trigger that wrote the record and here alike.
 */
type TransferBodyV2 = {
  v: 2;
  transferId: string;
  transferKind: string;
  amountOre: number | null;
  reference: unknown;
  digest: string;
};
type TransferBody = TransferBodyV1 | TransferBodyV2;
type Recorded = { chain: string; seq: number; body: TransferBody };

/** The entries in (chain, seq) order, a page at a time (a ledger's log does not fit in memory whole). */
async function* entriesInOrder(db: Db, pageSize = 5_000): AsyncGenerator<Entry> {
  let after: { chain: string; seq: number } | null = null;
  for (;;) {
    const page: Entry[] = await db
      .select()
      .from(auditLog)
      .where(after ? or(gt(auditLog.chain, after.chain), and(eq(auditLog.chain, after.chain), gt(auditLog.seq, after.seq))) : undefined)
      .orderBy(asc(auditLog.chain), asc(auditLog.seq))
      .limit(pageSize);
    yield* page;
    if (page.length < pageSize) return;
    after = { chain: page.at(-1)!.chain, seq: page.at(-1)!.seq };
  }
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** An entry's body as written, or null when it is no longer JSON (edited). */
function parsed(text: string): Record<string, unknown> | null {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/**
 * Walks every chain from its first entry: each entry's hash recomputed from its body and the hash
 * before it, each link to the entry before, each head against its chain's last entry; then each
 * recorded transfer against the ledger as it stands, and every transfer of the ledger against
 * the log. Problems are listed in (chain, seq) order; the first names where tampering begins.
 */
export async function verifyAuditLog(db: Db): Promise<AuditVerification> {
  const problems: AuditProblem[] = [];
  const heads = new Map((await db.select().from(auditHeads)).map((head) => [head.chain, head]));
  const recorded = new Map<string, Recorded[]>();
  let entries = 0;
  let chainsSeen = 0;
  let chain: string | null = null;
  let expectedSeq = 1;
  let prev: Buffer = Buffer.alloc(0);
  const closeChain = (name: string, lastSeq: number, lastHash: Buffer) => {
    const head = heads.get(name);
    if (!head || head.seq !== lastSeq || !head.hash.equals(lastHash))
      problems.push({
        kind: 'head_mismatch',
        chain: name,
        seq: lastSeq,
        detail: `head says ${head ? `entry ${head.seq}` : 'nothing'}, the chain ends at entry ${lastSeq}`,
      });
    heads.delete(name);
  };
  for await (const entry of entriesInOrder(db)) {
    entries++;
    if (entry.chain !== chain) {
      if (chain !== null) closeChain(chain, expectedSeq - 1, prev);
      chain = entry.chain;
      chainsSeen++;
      expectedSeq = 1;
      prev = Buffer.alloc(0);
    }
    if (entry.seq !== expectedSeq || !entry.prevHash.equals(prev))
      problems.push({
        kind: 'broken_link',
        chain: entry.chain,
        seq: entry.seq,
        detail: `expected entry ${expectedSeq} after ${prev.length ? prev.toString('hex').slice(0, 16) : 'the start'}`,
      });
    const body = parsed(entry.body);
    const consistent =
      body !== null &&
      body.kind === entry.kind &&
      body.chain === entry.chain &&
      new Date(body.at as string).getTime() === entry.at.getTime();
    if (!sha256(entry.prevHash, entry.body).equals(entry.hash) || !consistent)
      problems.push({ kind: 'altered', chain: entry.chain, seq: entry.seq, detail: `${entry.kind} entry of ${entry.at.toISOString()}` });
    if (body && entry.kind === 'transfer') {
      // A transfer between players is recorded on each one's chain: every record is checked.
      const transfer = body as unknown as TransferBody;
      const records = recorded.get(transfer.transferId);
      if (records) records.push({ chain: entry.chain, seq: entry.seq, body: transfer });
      else recorded.set(transfer.transferId, [{ chain: entry.chain, seq: entry.seq, body: transfer }]);
    }
    expectedSeq = entry.seq + 1;
    prev = entry.hash;
  }
  if (chain !== null) closeChain(chain, expectedSeq - 1, prev);
  for (const [name, head] of heads)
    problems.push({ kind: 'head_mismatch', chain: name, seq: head.seq, detail: 'a head with no entries left in its chain' });

  const transfersChecked = await checkLedger(db, recorded, problems);
  return { chains: chainsSeen, entries, transfersChecked, problems: sortProblems(problems) };
}

const ore = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const parsedJson = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

type LedgerTransfer = {
  id: string;
  kind: string;
  idempotency_key: string;
  reference: unknown;
  reverses: string | null;
  entries: TransferBodyV1['entries'] | string | null;
  digest: string | null;
  /** Each player's amount in the transfer (their accounts summed), by player id. */
  players: Record<string, number> | string | null;
};

/** Whether the ledger's transfer is still what a record of it says. */
function matches(record: Recorded, transfer: LedgerTransfer): boolean {
  const reference = parsedJson<unknown>(transfer.reference);
  const body = record.body;
  if ('v' in body && body.v === 2) {
    const players = parsedJson<Record<string, number> | null>(transfer.players) ?? {};
    const player = record.chain.startsWith('player:') ? record.chain.slice('player:'.length) : null;
    const amount = player === null ? (Object.keys(players).length === 0 ? null : undefined) : ore(players[player]);
    return (
      body.digest === transfer.digest &&
      body.transferKind === transfer.kind &&
      sameJson(body.reference, reference) &&
      amount !== undefined &&
      ore(body.amountOre) === amount
    );
  }
  const v1 = body as TransferBodyV1;
  const entries = parsedJson<TransferBodyV1['entries'] | null>(transfer.entries) ?? [];
  return (
    v1.transferKind === transfer.kind &&
    v1.idempotencyKey === transfer.idempotency_key &&
    (v1.reverses ?? null) === (transfer.reverses ?? null) &&
    sameJson(v1.reference, reference) &&
    Array.isArray(v1.entries) &&
    sameJson(
      v1.entries.map((e) => [e.accountId, ore(e.amountOre), ore(e.balanceAfterOre)]),
      entries.map((e) => [e.accountId, ore(e.amountOre), ore(e.balanceAfterOre)]),
    )
  );
}

/**
 * The ledger as it stands against what the log recorded of it, transfer by transfer: a record of
 * 0017's kind by the digest `audit_transfer_facts` computes from the ledger's rows now (the same
 * function the trigger used), a record of 0016's by the transfer and entries it holds whole.
 */
async function checkLedger(db: Db, recorded: Map<string, Recorded[]>, problems: AuditProblem[]): Promise<number> {
  let checked = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const page = await rowsOf<LedgerTransfer>(
      sql`select t.id, t.kind, t.idempotency_key, t.reference, t.reverses,
                 (select jsonb_agg(jsonb_build_object('accountId', e.account_id, 'amountOre', e.amount_ore, 'balanceAfterOre', e.balance_after_ore)
                                   order by e.account_id, e.amount_ore)
                  from wallet_entries e where e.transfer_id = t.id) as entries,
                 f.digest,
                 (select jsonb_object_agg(p.player, p.amount) from (select u.player, sum(u.amount) as amount
                    from unnest(f.owners, f.amounts) as u (player, amount) where u.player is not null group by u.player) p) as players
          from wallet_transfers t cross join lateral audit_transfer_facts(t.id) f
          where t.id > ${after} order by t.id limit 2000`,
      db,
    );
    for (const transfer of page) {
      checked++;
      const records = recorded.get(transfer.id);
      if (!records) {
        problems.push({ kind: 'unrecorded_transfer', chain: null, seq: null, detail: `transfer ${transfer.id} (${transfer.kind})` });
        continue;
      }
      recorded.delete(transfer.id);
      for (const record of records)
        if (!matches(record, transfer))
          problems.push({
            kind: 'ledger_mismatch',
            chain: record.chain,
            seq: record.seq,
            detail: `transfer ${transfer.id} differs from its record`,
          });
    }
    if (page.length < 2000) break;
    after = page.at(-1)!.id;
  }
  for (const [transferId, records] of recorded)
    for (const record of records)
      problems.push({
        kind: 'ledger_mismatch',
        chain: record.chain,
        seq: record.seq,
        detail: `transfer ${transferId} is gone from the ledger`,
      });
  return checked;
}

function sortProblems(problems: AuditProblem[]): AuditProblem[] {
  const byChain = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1);
  return problems.sort((a, b) => byChain(a.chain, b.chain) || (a.seq ?? Number.MAX_SAFE_INTEGER) - (b.seq ?? Number.MAX_SAFE_INTEGER));
}
