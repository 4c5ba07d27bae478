import { createHash } from 'node:crypto';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { queryPrepared, type Db } from '../db/client.js';
import { CHECK_VIOLATION, constraintText, pgErrorIn, rowsOf, UNIQUE_VIOLATION } from '../shared/db.js';
import { AppError, fail } from '../shared/errors.js';
import type { Accounts } from './accounts.js';
import { walletAccounts, walletEntries, walletTransfers } from './schema.js';

/** 10 million kroner: far above any real movement, far below 2^53. */
export const MAX_ENTRY_ORE = 1_000_000_000;
export const MAX_ENTRIES = 20;

export interface TransferEntry {
  accountId: string;
  amountOre: number;
}

export interface TransferInput {
  idempotencyKey: string;
  kind: string;
  entries: TransferEntry[];
  reference?: Record<string, string>;
  /**
   * The players who stake in this transfer (a bet's): it is refused with PLAY_EXCLUDED while any
   * of them is paused or closed (the limits context's `play_exclusions`), checked in the same
   * statement that moves the money. A key seen before still gets its first answer.
   */
  playingPlayerIds?: string[];
}

export interface TransferResult {
  transferId: string;
  kind: string;
  createdAt: Date;
  /** True when the key was seen before: this is the first answer again and nothing moved. */
  replayed: boolean;
  entries: { accountId: string; amountOre: number; balanceAfterOre: number | null }[];
}

/** Runs work in a transaction of its own, or in a savepoint of the caller's. */
type Runner = Pick<Db, 'transaction'>;

/** A transfer's request hash (its key's first payload): the games contract's one-statement money calls write it too. */
export function canonicalHash(input: { kind: string; entries: TransferEntry[]; reference: Record<string, string> }): string {
  const entries = [...input.entries]
    .sort((a, b) => (a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0))
    .map((e) => [e.accountId, e.amountOre]);
  const reference = Object.keys(input.reference)
    .sort()
    .map((key) => [key, input.reference[key]]);
  return createHash('sha256')
    .update(JSON.stringify({ kind: input.kind, entries, reference }))
    .digest('hex');
}

/** The transfer rules the database also enforces, checked first for a clear answer. */
function validateTransfer(input: TransferInput): void {
  const bad = (field: string) => fail('INVALID_TRANSFER', { fields: { [field]: 'validation.invalid_input' } });
  if (typeof input.idempotencyKey !== 'string' || input.idempotencyKey.length < 1 || input.idempotencyKey.length > 200)
    throw bad('idempotencyKey');
  if (typeof input.kind !== 'string' || !/^[a-z_]{2,40}$/.test(input.kind)) throw bad('kind');
  if (!Array.isArray(input.entries) || input.entries.length < 2 || input.entries.length > MAX_ENTRIES) throw bad('entries');
  const seen = new Set<string>();
  let sum = 0;
  for (const entry of input.entries) {
    if (!Number.isSafeInteger(entry.amountOre) || entry.amountOre === 0 || Math.abs(entry.amountOre) > MAX_ENTRY_ORE)
      throw bad('amountOre');
    if (seen.has(entry.accountId)) throw bad('accountId');
    seen.add(entry.accountId);
    sum += entry.amountOre;
  }
  if (sum !== 0) throw fail('TRANSFER_UNBALANCED');
}

/**
 * The common transfer (at most one account that keeps a balance) as one statement, which is
 * atomic on its own: the transfer row, the balance update under the row lock (the CHECK refuses
 * an overdraft and the statement with it) and the entries. With one locked row there is no lock
 * order to keep. A key seen before inserts nothing and is answered like the multi-statement path
 * answers it. A stake of a paused or closed player ($9: the staking players) inserts nothing
 * either and says so (barred). The text never changes (the entries come as two arrays), so the
 * server keeps it planned (queryPrepared); the update names its rows by key (`id = any($7)`), so
 * that kept plan probes the primary key even when it was made while the table was small enough to
 * scan whole.
 */
const ONE_STATEMENT_TRANSFER = `
  with barred as (
    select exists (select 1 from play_exclusions x where x.player_id = any($9::uuid[]) and x.during @> $6::timestamptz) as yes
  ),
  t as (
    insert into wallet_transfers (idempotency_key, request_hash, kind, reference, reverses, created_at)
    select $1, $2, $3, $4::jsonb, $5::uuid, $6::timestamptz from barred where not barred.yes
    on conflict (idempotency_key) do nothing
    returning id, created_at
  ),
  input as (select * from unnest($7::uuid[], $8::bigint[]) as input (account_id, amount)),
  upd as (
    update wallet_accounts a set balance_ore = a.balance_ore + input.amount
    from input, t
    where a.id = any($7::uuid[]) and a.id = input.account_id and a.tracked
    returning a.id, a.balance_ore
  ),
  ins as (
    insert into wallet_entries (transfer_id, account_id, amount_ore, balance_after_ore, created_at)
    select t.id, input.account_id, input.amount, upd.balance_ore, t.created_at
    from input cross join t left join upd on upd.id = input.account_id
  )
  select t.id as transfer_id, t.created_at, (select yes from barred) as barred, (select balance_ore from upd) as balance_after
  from (select 1) as one left join t on true`;

/** The same question for the multi-statement path, inside its transaction. */
const PLAY_EXCLUDED = (playerIds: string[], at: Date) =>
  sql`select exists (select 1 from play_exclusions x where x.player_id in ${playerIds} and x.during @> ${at.toISOString()}::timestamptz) as yes`;

const playExcluded = (playerIds: string[]) => fail('PLAY_EXCLUDED', { playerIds });

/**
 * The ledger's one way to move money (`transfer`, and `reverse` by a mirror image), and what a
 * transfer left behind. Every rule the database also enforces is checked first for a clear
 * answer; the database has the last word (balance CHECK, one reversal per transfer).
 */
export function createTransfers(db: Db, clock: () => Date, accounts: Pick<Accounts, 'trackedness'>) {
  const { trackedness } = accounts;

  async function readTransfer(runner: Pick<Db, 'select'>, transferId: string) {
    const [transfer] = await runner.select().from(walletTransfers).where(eq(walletTransfers.id, transferId)).limit(1);
    if (!transfer) return null;
    const entries = await runner
      .select({ accountId: walletEntries.accountId, amountOre: walletEntries.amountOre, balanceAfterOre: walletEntries.balanceAfterOre })
      .from(walletEntries)
      .where(eq(walletEntries.transferId, transferId))
      .orderBy(asc(walletEntries.accountId));
    return { transfer, entries };
  }

  /**
   * The common transfer as one statement (ONE_STATEMENT_TRANSFER). Its entries are the input's
   * (a data-modifying WITH always runs to completion, and the trigger checks what it wrote); the
   * one account that keeps a balance, if any, gets the balance the update left.
   */
  async function transferInOneStatement(
    input: TransferInput,
    reference: Record<string, string>,
    requestHash: string,
    tracked: Map<string, boolean>,
  ): Promise<TransferResult> {
    const [row] = await queryPrepared<{
      transfer_id: string | null;
      created_at: string | Date | null;
      barred: boolean;
      balance_after: string | number | null;
    }>(db, 'wallet_transfer_one_statement', ONE_STATEMENT_TRANSFER, [
      input.idempotencyKey,
      requestHash,
      input.kind,
      JSON.stringify(reference),
      reference.reverses ?? null,
      clock().toISOString(),
      input.entries.map((entry) => entry.accountId),
      input.entries.map((entry) => entry.amountOre),
      input.playingPlayerIds ?? [],
    ]);
    if (row?.barred && !row.transfer_id) return replay(input.idempotencyKey, requestHash, db, playExcluded(input.playingPlayerIds ?? []));
    if (!row?.transfer_id) return replay(input.idempotencyKey, requestHash);
    return {
      transferId: row.transfer_id,
      kind: input.kind,
      createdAt: new Date(row.created_at!),
      replayed: false,
      entries: input.entries.map((entry) => ({
        accountId: entry.accountId,
        amountOre: entry.amountOre,
        balanceAfterOre: tracked.get(entry.accountId) && row.balance_after !== null ? Number(row.balance_after) : null,
      })),
    };
  }

  /**
   * The first answer for a key seen before, or the refusal when the payload differs. For a key
   * not found: `unseen`, the refusal of a transfer that inserted nothing (a stake while paused),
   * or else a concurrent first attempt still under way.
   */
  async function replay(
    idempotencyKey: string,
    requestHash: string,
    runner: Pick<Db, 'select'> = db,
    unseen?: AppError,
  ): Promise<TransferResult> {
    const [first] = await runner.select().from(walletTransfers).where(eq(walletTransfers.idempotencyKey, idempotencyKey)).limit(1);
    if (!first) throw unseen ?? fail('TRANSFER_IN_PROGRESS');
    if (first.requestHash !== requestHash) throw fail('IDEMPOTENCY_KEY_REUSED');
    const read = await readTransfer(runner, first.id);
    return { transferId: first.id, kind: first.kind, createdAt: first.createdAt, replayed: true, entries: read!.entries };
  }

  /**
   * Moves money: all entries or none, in one transaction (or a savepoint of the caller's, so a
   * payment's own rows and its money commit together). A repeated idempotency key answers the
   * first transfer; the same key with another payload is refused. An entry that would take a
   * player's account below zero aborts the whole transfer.
   */
  async function transfer(input: TransferInput, runner: Runner = db): Promise<TransferResult> {
    validateTransfer(input);
    const reference = input.reference ?? {};
    const requestHash = canonicalHash({ kind: input.kind, entries: input.entries, reference });
    const ordered = [...input.entries].sort((a, b) => (a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0));
    try {
      if (runner === db) {
        const tracked = await trackedness(ordered.map((entry) => entry.accountId));
        if (!tracked) throw fail('ACCOUNT_NOT_FOUND');
        // One player's account at most (a bet, a win, a deposit): one statement, one round trip.
        if ([...tracked.values()].filter(Boolean).length <= 1) return await transferInOneStatement(input, reference, requestHash, tracked);
      }
      return await runner.transaction(async (tx) => {
        const now = clock();
        const playing = input.playingPlayerIds ?? [];
        if (playing.length > 0) {
          const [barred] = await rowsOf<{ yes: boolean }>(PLAY_EXCLUDED(playing, now), tx);
          if (barred?.yes) return replay(input.idempotencyKey, requestHash, tx, playExcluded(playing));
        }
        const [created] = await tx
          .insert(walletTransfers)
          .values({
            idempotencyKey: input.idempotencyKey,
            requestHash,
            kind: input.kind,
            reference,
            reverses: reference.reverses ?? null,
            createdAt: now,
          })
          .onConflictDoNothing({ target: walletTransfers.idempotencyKey })
          .returning({ id: walletTransfers.id, createdAt: walletTransfers.createdAt });
        if (!created) {
          // Seen before (a retry, a repeated webhook): the first answer, or a refusal when the
          // payload differs. The first transfer has committed: ON CONFLICT waited for it.
          return replay(input.idempotencyKey, requestHash, tx);
        }

        const accounts = await tx
          .select({ id: walletAccounts.id, tracked: walletAccounts.tracked })
          .from(walletAccounts)
          .where(
            inArray(
              walletAccounts.id,
              ordered.map((entry) => entry.accountId),
            ),
          );
        if (accounts.length !== ordered.length) throw fail('ACCOUNT_NOT_FOUND');
        const tracked = new Map(accounts.map((account) => [account.id, account.tracked]));

        const entries: TransferResult['entries'] = [];
        // Rows are locked in one order (by id) in every transfer, so two transfers never wait on
        // each other in a circle.
        for (const entry of ordered) {
          let balanceAfterOre: number | null = null;
          if (tracked.get(entry.accountId)) {
            const [row] = await tx
              .update(walletAccounts)
              .set({ balanceOre: sql`${walletAccounts.balanceOre} + ${entry.amountOre}` })
              .where(eq(walletAccounts.id, entry.accountId))
              .returning({ balanceOre: walletAccounts.balanceOre });
            balanceAfterOre = Number(row!.balanceOre);
          }
          entries.push({ accountId: entry.accountId, amountOre: entry.amountOre, balanceAfterOre });
        }
        await tx.insert(walletEntries).values(entries.map((entry) => ({ transferId: created.id, ...entry, createdAt: now })));
        return { transferId: created.id, kind: input.kind, createdAt: created.createdAt, replayed: false, entries };
      });
    } catch (error) {
      if (error instanceof AppError) throw error;
      const cause = pgErrorIn(error);
      if (cause?.code === CHECK_VIOLATION && constraintText(cause).includes('wallet_accounts_balance_check')) {
        throw fail('INSUFFICIENT_FUNDS');
      }
      if (cause?.code === UNIQUE_VIOLATION && constraintText(cause).includes('reverses')) {
        throw fail('ALREADY_REVERSED');
      }
      throw error;
    }
  }

  /**
   * Undoes a transfer with its mirror image (kind reversal), never by changing it. A transfer is
   * reversed at most once; asking again answers the first reversal.
   */
  async function reverse(transferId: string, reason: string, runner: Runner = db): Promise<TransferResult> {
    const read = await readTransfer(db, transferId);
    if (!read) throw fail('TRANSFER_NOT_FOUND');
    if (read.transfer.kind === 'reversal') throw fail('CANNOT_REVERSE_REVERSAL');
    const [done] = await db
      .select({ id: walletTransfers.id })
      .from(walletTransfers)
      .where(eq(walletTransfers.reverses, transferId))
      .limit(1);
    if (done) {
      const first = await readTransfer(db, done.id);
      return { transferId: done.id, kind: 'reversal', createdAt: first!.transfer.createdAt, replayed: true, entries: first!.entries };
    }
    return transfer(
      {
        idempotencyKey: `reversal:${transferId}`,
        kind: 'reversal',
        entries: read.entries.map((entry) => ({ accountId: entry.accountId, amountOre: -entry.amountOre })),
        reference: { reverses: transferId, reason: reason.slice(0, 200) },
      },
      runner,
    );
  }

  /** The latest transfer that moved an account, or null (its entries are indexed by account and time). */
  async function latestTransferOn(accountId: string, runner: Pick<Db, 'select'> = db): Promise<string | null> {
    const [row] = await runner
      .select({ transferId: walletEntries.transferId })
      .from(walletEntries)
      .where(eq(walletEntries.accountId, accountId))
      .orderBy(sql`${walletEntries.createdAt} desc`)
      .limit(1);
    return row?.transferId ?? null;
  }

  /** Whether a transfer with this idempotency key was made (a retry then gets its first answer). */
  async function hasTransfer(idempotencyKey: string): Promise<boolean> {
    const [row] = await db
      .select({ id: walletTransfers.id })
      .from(walletTransfers)
      .where(eq(walletTransfers.idempotencyKey, idempotencyKey))
      .limit(1);
    return Boolean(row);
  }

  return { transfer, reverse, hasTransfer, latestTransferOn, readTransfer: (id: string) => readTransfer(db, id) };
}
