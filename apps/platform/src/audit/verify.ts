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
type TransferBody = {
  transferId: string;
  transferKind: string;
  idempotencyKey: string;
  reference: unknown;
  reverses: string | null;
  entries: { accountId: string; amountOre: number; balanceAfterOre: number | null }[];
};

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
  const recorded = new Map<string, { chain: string; seq: number; body: TransferBody }>();
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
      const transfer = body as unknown as TransferBody;
      if (!recorded.has(transfer.transferId)) recorded.set(transfer.transferId, { chain: entry.chain, seq: entry.seq, body: transfer });
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

/** The ledger as it stands against what the log recorded of it, transfer by transfer. */
async function checkLedger(
  db: Db,
  recorded: Map<string, { chain: string; seq: number; body: TransferBody }>,
  problems: AuditProblem[],
): Promise<number> {
  let checked = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const page = await rowsOf<{
      id: string;
      kind: string;
      idempotency_key: string;
      reference: unknown;
      reverses: string | null;
      entries: TransferBody['entries'];
    }>(
      sql`select t.id, t.kind, t.idempotency_key, t.reference, t.reverses,
                 (select jsonb_agg(jsonb_build_object('accountId', e.account_id, 'amountOre', e.amount_ore, 'balanceAfterOre', e.balance_after_ore)
                                   order by e.account_id, e.amount_ore)
                  from wallet_entries e where e.transfer_id = t.id) as entries
          from wallet_transfers t where t.id > ${after} order by t.id limit 2000`,
      db,
    );
    for (const transfer of page) {
      checked++;
      const entries = typeof transfer.entries === 'string' ? (JSON.parse(transfer.entries) as TransferBody['entries']) : transfer.entries;
      const reference = typeof transfer.reference === 'string' ? (JSON.parse(transfer.reference) as unknown) : transfer.reference;
      const found = recorded.get(transfer.id);
      if (!found) {
        problems.push({ kind: 'unrecorded_transfer', chain: null, seq: null, detail: `transfer ${transfer.id} (${transfer.kind})` });
        continue;
      }
      recorded.delete(transfer.id);
      const asRecorded = found.body;
      const same =
        asRecorded.transferKind === transfer.kind &&
        asRecorded.idempotencyKey === transfer.idempotency_key &&
        (asRecorded.reverses ?? null) === (transfer.reverses ?? null) &&
        sameJson(asRecorded.reference, reference) &&
        sameJson(
          asRecorded.entries.map((e) => [e.accountId, Number(e.amountOre), e.balanceAfterOre === null ? null : Number(e.balanceAfterOre)]),
          (entries ?? []).map((e) => [e.accountId, Number(e.amountOre), e.balanceAfterOre === null ? null : Number(e.balanceAfterOre)]),
        );
      if (!same)
        problems.push({
          kind: 'ledger_mismatch',
          chain: found.chain,
          seq: found.seq,
          detail: `transfer ${transfer.id} differs from its record`,
        });
    }
    if (page.length < 2000) break;
    after = page.at(-1)!.id;
  }
  for (const [transferId, found] of recorded)
    problems.push({
      kind: 'ledger_mismatch',
      chain: found.chain,
      seq: found.seq,
      detail: `transfer ${transferId} is gone from the ledger`,
    });
  return checked;
}

function sortProblems(problems: AuditProblem[]): AuditProblem[] {
  const byChain = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1);
  return problems.sort((a, b) => byChain(a.chain, b.chain) || (a.seq ?? Number.MAX_SAFE_INTEGER) - (b.seq ?? Number.MAX_SAFE_INTEGER));
}
