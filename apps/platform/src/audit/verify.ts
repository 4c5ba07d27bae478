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
  /** A seal whose signature does not hold under the public key (forged, edited, or another key's). */
  | 'seal_signature'
  /** The seals' own chain is broken: a seal missing in between, moved, unreadable, or not naming the one before it. */
  | 'seal_chain'
  /** Seals that should be there are not: none while the log has entries, fewer than the database recorded, or none for recent entries. */
  | 'seal_missing';

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
 * that `audit_transfer_facts` computes in the trigger that wrote the record, and `transferDigest`
 * computes here, in the verifier's own code, from the same rows.
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
  return inSnapshot(db, walk);
}

/**
 * Runs the verifier's reads in one read-only snapshot (the platform may keep writing: heads, chains
 * and ledger are read as of one moment) with the built-ins first on the search path, so a function
 * or operator the database's role defined in `public` cannot stand in for one of PostgreSQL's, even
 * with the role's own search_path changed. The verifier reads plain columns and computes every
 * hash and digest in its own code (audit/README.md, "Verifying").
 */
export async function inSnapshot<T>(db: Db, read: (db: Db) => Promise<T>): Promise<T> {
  return db.transaction(
    async (tx) => {
      await tx.execute(sql`set local search_path to pg_catalog, public`);
      return read(tx as unknown as Db);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

async function walk(db: Db): Promise<AuditVerification> {
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

/**
 * A ledger transfer as the verifier reads it: plain columns in their built-in text form (no
 * function of the schema, which the database's own role could redefine), its entries with each
 * account's owner.
 */
export interface LedgerTransferRows {
  id: string;
  kind: string;
  idempotencyKey: string | null;
  /** The reference as jsonb's own text (`reference::text`), exactly what the trigger hashed. */
  referenceText: string | null;
  reverses: string | null;
  /** `extract(epoch from created_at)` as text: seconds since the epoch, to the microsecond. */
  epoch: string;
  entries: { accountId: string; amountOre: string; balanceAfterOre: string | null; playerId: string | null }[];
}

/** Seconds since the epoch as PostgreSQL's numeric text, in whole microseconds (as `(… * 1000000)::bigint`). */
export function epochMicros(epoch: string): bigint {
  const negative = epoch.startsWith('-');
  const [whole = '0', fraction = ''] = epoch.replace(/^[-+]/, '').split('.');
  const digits = `${fraction}0000000`;
  let micros = BigInt(whole) * 1_000_000n + BigInt(digits.slice(0, 6));
  if (Number(digits[6]) >= 5) micros += 1n; // numeric to bigint rounds half away from zero
  return negative ? -micros : micros;
}

/**
 * The digest a transfer's record (`"v": 2`) binds, computed here from the ledger's rows with the
 * canonical text of migration 0017's `audit_transfer_facts`: `concat_ws('|', 'transfer/2', id,
 * to_json(kind), to_json(idempotency_key), reference::text, reverses or '-', µs since the epoch,
 * the entries as account:amount:balance-after (or '-') joined by ';' in account order)`, a null
 * part left out as concat_ws leaves it out. JSON.stringify escapes a string as PostgreSQL's
 * to_json does (`"`, `\`, \b \f \n \r \t, other control characters as lower-case \u00xx).
 * The verifier never asks the database for a digest: a redefined function cannot vouch for rows.
 */
export function transferDigest(transfer: LedgerTransferRows): string {
  const rows = [...transfer.entries]
    .sort((a, b) => (a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0))
    .map((e) => `${e.accountId}:${e.amountOre}:${e.balanceAfterOre ?? '-'}`)
    .join(';');
  const parts = [
    'transfer/2',
    transfer.id,
    JSON.stringify(transfer.kind),
    transfer.idempotencyKey === null ? null : JSON.stringify(transfer.idempotencyKey),
    transfer.referenceText,
    transfer.reverses ?? '-',
    epochMicros(transfer.epoch).toString(),
    transfer.entries.length ? rows : null,
  ];
  return sha256(Buffer.from(parts.filter((part) => part !== null).join('|'), 'utf8')).toString('hex');
}

/** Whether the ledger's transfer is still what a record of it says. */
function matches(record: Recorded, transfer: LedgerTransferRows): boolean {
  const reference: unknown = transfer.referenceText === null ? null : JSON.parse(transfer.referenceText);
  const body = record.body;
  if ('v' in body && body.v === 2) {
    const players = new Map<string, number>();
    for (const e of transfer.entries)
      if (e.playerId !== null) players.set(e.playerId, (players.get(e.playerId) ?? 0) + Number(e.amountOre));
    const player = record.chain.startsWith('player:') ? record.chain.slice('player:'.length) : null;
    const amount = player === null ? (players.size === 0 ? null : undefined) : (players.get(player) ?? null);
    return (
      body.digest === transferDigest(transfer) &&
      body.transferKind === transfer.kind &&
      sameJson(body.reference, reference) &&
      amount !== undefined &&
      ore(body.amountOre) === amount
    );
  }
  const v1 = body as TransferBodyV1;
  const entries = [...transfer.entries].sort((a, b) =>
    a.accountId === b.accountId ? Number(a.amountOre) - Number(b.amountOre) : a.accountId < b.accountId ? -1 : 1,
  );
  return (
    v1.transferKind === transfer.kind &&
    v1.idempotencyKey === transfer.idempotencyKey &&
    (v1.reverses ?? null) === (transfer.reverses ?? null) &&
    sameJson(v1.reference, reference) &&
    Array.isArray(v1.entries) &&
    sameJson(
      v1.entries.map((e) => [e.accountId, ore(e.amountOre), ore(e.balanceAfterOre)]),
      entries.map((e) => [e.accountId, ore(e.amountOre), ore(e.balanceAfterOre)]),
    )
  );
}

const PAGE = 2000;

/**
 * The ledger as it stands against what the log recorded of it, transfer by transfer: a record of
 * 0017's kind by the digest computed here from the ledger's rows now (transferDigest), a record of
 * 0016's by the transfer and entries it holds whole. Reads plain columns only.
 */
async function checkLedger(db: Db, recorded: Map<string, Recorded[]>, problems: AuditProblem[]): Promise<number> {
  let checked = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const page = await rowsOf<{
      id: string;
      kind: string;
      idempotency_key: string | null;
      reference: string | null;
      reverses: string | null;
      epoch: string;
    }>(
      sql`select t.id::text as id, t.kind, t.idempotency_key, t.reference::text as reference, t.reverses::text as reverses,
                 extract(epoch from t.created_at)::text as epoch
          from wallet_transfers t where t.id > ${after}::uuid order by t.id limit ${PAGE}`,
      db,
    );
    const entries = new Map<string, LedgerTransferRows['entries']>();
    if (page.length) {
      const rows = await rowsOf<{
        transfer_id: string;
        account_id: string;
        amount_ore: string;
        balance_after_ore: string | null;
        player_id: string | null;
      }>(
        sql`select e.transfer_id::text as transfer_id, e.account_id::text as account_id, e.amount_ore::text as amount_ore,
                   e.balance_after_ore::text as balance_after_ore, a.player_id::text as player_id
            from wallet_entries e left join wallet_accounts a on a.id = e.account_id
            where e.transfer_id in (${sql.join(
              page.map((t) => sql`${t.id}::uuid`),
              sql`, `,
            )})`,
        db,
      );
      for (const row of rows) {
        const entry = {
          accountId: row.account_id,
          amountOre: row.amount_ore,
          balanceAfterOre: row.balance_after_ore,
          playerId: row.player_id,
        };
        const list = entries.get(row.transfer_id);
        if (list) list.push(entry);
        else entries.set(row.transfer_id, [entry]);
      }
    }
    for (const row of page) {
      checked++;
      const transfer: LedgerTransferRows = {
        id: row.id,
        kind: row.kind,
        idempotencyKey: row.idempotency_key,
        referenceText: row.reference,
        reverses: row.reverses,
        epoch: row.epoch,
        entries: entries.get(row.id) ?? [],
      };
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
    if (page.length < PAGE) break;
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
