import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { fail } from '../shared/errors.js';
import { walletAccounts, walletEntries } from './schema.js';

/** Accounts a player owns; each keeps its balance on the row, never below zero. */
export const PLAYER_ACCOUNT_KINDS = ['player_cash', 'player_bonus', 'player_payout_reserve'] as const;
/** The house's own accounts; their balance is the sum of their entries. */
export const SYSTEM_ACCOUNT_KINDS = ['house', 'payment_clearing', 'payout_clearing', 'bonus_cost'] as const;
export type PlayerAccountKind = (typeof PLAYER_ACCOUNT_KINDS)[number];
export type SystemAccountKind = (typeof SYSTEM_ACCOUNT_KINDS)[number];
/**
 * A game provider's own account on the house side (`provider:<id>:games`): its players' stakes
 * land there and their wins come from there, through the games contract only (games/README.md).
 */
export type ProviderGamesAccountKind = `provider:${string}:games`;
export const providerGamesAccountKind = (providerId: string): ProviderGamesAccountKind => `provider:${providerId}:games`;
/**
 * A progressive jackpot's pool (`jackpot:<pool id>`, games/jackpots/): fed by the jackpot part of
 * stakes, seeded by the house, paid out whole to the round that hits it.
 */
export type JackpotAccountKind = `jackpot:${string}`;
export const jackpotAccountKind = (poolId: string): JackpotAccountKind => `jackpot:${poolId}`;
type HouseSideKind = SystemAccountKind | ProviderGamesAccountKind | JackpotAccountKind;

/**
 * The ledger's accounts: a player's (made on first use, their balance kept on the row) and the
 * house's (balance from their entries). Ids, kinds and owners never change once made, so they are
 * kept in memory (bounded) after the first look-up.
 */
export function createAccounts(db: Db, clock: () => Date) {
  /** Account ids never change once made: the ids of recently used accounts are kept (bounded). */
  const accountIds = new Map<string, string>();
  function remember(key: string, id: string) {
    if (accountIds.size >= 100_000) accountIds.clear();
    accountIds.set(key, id);
    return id;
  }

  /** The player's account of a kind, made on first use. */
  async function playerAccount(playerId: string, kind: PlayerAccountKind, runner: Pick<Db, 'insert' | 'select'> = db): Promise<string> {
    // Inside a caller's transaction the account may yet be rolled back: not remembered then.
    if (runner !== db) return findOrMakePlayerAccount(playerId, kind, runner);
    const known = accountIds.get(`${playerId}:${kind}`);
    if (known) return known;
    return remember(`${playerId}:${kind}`, await findOrMakePlayerAccount(playerId, kind, runner));
  }

  async function findOrMakePlayerAccount(
    playerId: string,
    kind: PlayerAccountKind,
    runner: Pick<Db, 'insert' | 'select'>,
  ): Promise<string> {
    const [existing] = await runner
      .select({ id: walletAccounts.id })
      .from(walletAccounts)
      .where(and(eq(walletAccounts.playerId, playerId), eq(walletAccounts.kind, kind)))
      .limit(1);
    if (existing) return existing.id;
    await runner.insert(walletAccounts).values({ kind, playerId, tracked: true, createdAt: clock() }).onConflictDoNothing();
    const [made] = await runner
      .select({ id: walletAccounts.id })
      .from(walletAccounts)
      .where(and(eq(walletAccounts.playerId, playerId), eq(walletAccounts.kind, kind)))
      .limit(1);
    return made!.id;
  }

  /** One of the house's accounts (a game provider's among them), made on first use. */
  async function systemAccount(kind: HouseSideKind, runner: Pick<Db, 'insert' | 'select'> = db): Promise<string> {
    // The house's accounts never change once made: kept after the first look-up outside a transaction.
    if (runner === db) {
      const known = accountIds.get(`system:${kind}`);
      if (known) return known;
      return remember(`system:${kind}`, await findOrMakeSystemAccount(kind, runner));
    }
    return findOrMakeSystemAccount(kind, runner);
  }

  async function findOrMakeSystemAccount(kind: HouseSideKind, runner: Pick<Db, 'insert' | 'select'>) {
    const find = () =>
      runner
        .select({ id: walletAccounts.id })
        .from(walletAccounts)
        .where(and(isNull(walletAccounts.playerId), eq(walletAccounts.kind, kind)))
        .limit(1);
    const [existing] = await find();
    if (existing) return existing.id;
    await runner.insert(walletAccounts).values({ kind, playerId: null, tracked: false, createdAt: clock() }).onConflictDoNothing();
    const [made] = await find();
    return made!.id;
  }

  /**
   * Whether each account keeps its balance on the row; an account's kind never changes, so the
   * answer is kept in memory (bounded). Null when an account does not exist.
   */
  const trackedCache = new Map<string, boolean>();
  const ownerCache = new Map<string, string | null>();
  async function trackedness(ids: string[]): Promise<Map<string, boolean> | null> {
    const missing = ids.filter((id) => !trackedCache.has(id));
    if (missing.length > 0) {
      const rows = await db
        .select({ id: walletAccounts.id, tracked: walletAccounts.tracked })
        .from(walletAccounts)
        .where(inArray(walletAccounts.id, missing));
      if (trackedCache.size + rows.length > 100_000) trackedCache.clear();
      for (const row of rows) trackedCache.set(row.id, row.tracked);
    }
    if (ids.some((id) => !trackedCache.has(id))) return null;
    return new Map(ids.map((id) => [id, trackedCache.get(id)!]));
  }

  /** An account's balance: from the row for a player's, from its entries for the house's. */
  async function balance(accountId: string): Promise<number> {
    const [account] = await db.select().from(walletAccounts).where(eq(walletAccounts.id, accountId)).limit(1);
    if (!account) throw fail('ACCOUNT_NOT_FOUND');
    if (account.tracked) return Number(account.balanceOre);
    const [row] = await db
      .select({ total: sql<string>`coalesce(sum(${walletEntries.amountOre}), 0)` })
      .from(walletEntries)
      .where(eq(walletEntries.accountId, accountId));
    return Number(row!.total);
  }

  /** The players who own some of these accounts (the house's own accounts have none). */
  async function accountOwners(accountIds: string[]): Promise<string[]> {
    // An account's owner never changes (accounts are permanent): owners are kept (bounded), so a
    // bet's check costs no look-up here after the player's first.
    const missing = accountIds.filter((id) => !ownerCache.has(id));
    if (missing.length > 0) {
      const rows = await db
        .select({ id: walletAccounts.id, playerId: walletAccounts.playerId })
        .from(walletAccounts)
        .where(inArray(walletAccounts.id, missing));
      if (ownerCache.size + rows.length > 100_000) ownerCache.clear();
      for (const row of rows) ownerCache.set(row.id, row.playerId);
    }
    return [...new Set(accountIds.flatMap((id) => ownerCache.get(id) ?? []))];
  }

  /** A player's balances by account kind (zero for an account not yet made). */
  async function playerBalances(playerId: string, runner: Pick<Db, 'select'> = db): Promise<Record<PlayerAccountKind, number>> {
    const rows = await runner
      .select({ kind: walletAccounts.kind, balanceOre: walletAccounts.balanceOre })
      .from(walletAccounts)
      .where(eq(walletAccounts.playerId, playerId));
    const result = { player_cash: 0, player_bonus: 0, player_payout_reserve: 0 };
    for (const row of rows) if (row.kind in result) result[row.kind as PlayerAccountKind] = Number(row.balanceOre);
    return result;
  }

  /**
   * Player accounts' balances, their rows locked (in id order, as transfers lock them, so no two
   * ever wait on each other in a circle) until the caller's transaction ends: no transfer can
   * move them meanwhile (the bonus context moves a whole bonus balance this way).
   */
  async function lockBalances(accountIds: string[], tx: Pick<Db, 'select'>): Promise<Map<string, number>> {
    const rows = await tx
      .select({ id: walletAccounts.id, balanceOre: walletAccounts.balanceOre })
      .from(walletAccounts)
      .where(inArray(walletAccounts.id, accountIds))
      .orderBy(asc(walletAccounts.id))
      .for('update');
    return new Map(rows.map((row) => [row.id, Number(row.balanceOre)]));
  }

  return { playerAccount, systemAccount, trackedness, balance, accountOwners, playerBalances, lockBalances };
}

export type Accounts = ReturnType<typeof createAccounts>;
