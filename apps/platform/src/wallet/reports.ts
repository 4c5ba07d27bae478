import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../shared/db.js';
import type { Accounts } from './accounts.js';
import { walletAccounts, walletEntries, walletTransfers } from './schema.js';

/**
 * What the ledger tells about money that moved: the player's account summary, stakes and wins,
 * what was staked for a bonus's wagering, and the audit of its invariants. Read-only.
 */
export function createLedgerReports(db: Db, clock: () => Date, accounts: Pick<Accounts, 'playerBalances'>) {
  const { playerBalances } = accounts;

  /**
   * The ledger's invariants, read from the database: every transfer sums to zero, the ledger
   * sums to zero, no player balance is negative, and every kept balance equals its entries.
   */
  async function audit() {
    const [totals] = await db.select({ total: sql<string>`coalesce(sum(${walletEntries.amountOre}), 0)` }).from(walletEntries);
    const unbalanced = await rowsOf<{ transfer_id: string }>(
      sql`select transfer_id from wallet_entries group by transfer_id having sum(amount_ore) <> 0 or count(*) < 2`,
      db,
    );
    const negative = await rowsOf<{ id: string }>(sql`select id from wallet_accounts where tracked and balance_ore < 0`, db);
    const mismatched = await rowsOf<{ id: string }>(
      sql`select a.id from wallet_accounts a left join wallet_entries e on e.account_id = a.id
          group by a.id, a.tracked, a.balance_ore
          having a.tracked and a.balance_ore <> coalesce(sum(e.amount_ore), 0)`,
      db,
    );
    return {
      ledgerSumOre: Number(totals!.total),
      unbalancedTransfers: unbalanced.length,
      negativeBalances: negative.length,
      mismatchedBalances: mismatched.length,
    };
  }

  /**
   * The account summary of spec §3. Total is cash plus bonus; only cash can be withdrawn. Money
   * reserved for requested payouts is neither (it shows apart until paid or cancelled). The
   * wagering figures are the bonus context's; with no active bonus both are 0.
   */
  async function accountSummary(playerId: string) {
    const balances = await playerBalances(playerId);
    return {
      TotalBalance: balances.player_cash + balances.player_bonus,
      WithdrawableBalance: balances.player_cash,
      BonusBalance: balances.player_bonus,
      ReservedForPayouts: balances.player_payout_reserve,
      TotalActiveWageringRequirement: 0,
      TotalActiveBonusWageredFraction: 0,
    };
  }

  /**
   * Stakes and wins over the last `days` days, from the ledger: bets are what left the player's
   * cash and bonus accounts in transfers of kind bet, wins what came back in kind win (each net of
   * its reversals).
   */
  async function betWinSummary(playerId: string, days = 30) {
    const since = new Date(clock().getTime() - days * 86_400_000);
    const rows = await rowsOf<{ kind: string; total: string; transfers: string }>(
      sql`
      select t.kind, coalesce(sum(e.amount_ore), 0) as total, count(distinct t.id) as transfers
      from wallet_entries e
      join wallet_accounts a on a.id = e.account_id
      join wallet_transfers t on t.id = e.transfer_id
      where a.player_id = ${playerId} and a.kind in ('player_cash', 'player_bonus')
        and t.kind in ('bet', 'win') and t.created_at >= ${since.toISOString()}
        and not exists (select 1 from wallet_transfers r where r.reverses = t.id)
      group by t.kind`,
      db,
    );
    const totalStake = 0 - Number(rows.find((row) => row.kind === 'bet')?.total ?? 0) || 0;
    const totalWin = Number(rows.find((row) => row.kind === 'win')?.total ?? 0);
    const rounds = Number(rows.find((row) => row.kind === 'bet')?.transfers ?? 0);
    return { days, totalStake, totalWin, net: totalWin - totalStake, rounds };
  }

  /**
   * What a player staked in bets made in [from, until), per game (the transfer's reference `game`,
   * null for a bet that names none): what left their cash and bonus accounts in transfers of kind
   * bet, reversed bets not counted. The bonus context counts wagering by it, each game by its type.
   */
  async function stakedByGameBetween(
    playerId: string,
    from: Date,
    until: Date,
    runner: Pick<Db, 'execute'> = db,
  ): Promise<{ gameId: string | null; stakedOre: number }[]> {
    if (until <= from) return [];
    const rows = await rowsOf<{ game_id: string | null; staked: string }>(
      sql`
      select t.reference->>'game' as game_id, coalesce(-sum(e.amount_ore), 0) as staked
      from wallet_accounts a
      join wallet_entries e on e.account_id = a.id
      join wallet_transfers t on t.id = e.transfer_id
      where a.player_id = ${playerId} and a.kind in ('player_cash', 'player_bonus')
        and e.created_at >= ${from.toISOString()}::timestamptz and e.created_at < ${until.toISOString()}::timestamptz
        and e.amount_ore < 0 and t.kind = 'bet'
        and not exists (select 1 from wallet_transfers r where r.reverses = t.id)
      group by 1`,
      runner,
    );
    return rows.map((row) => ({ gameId: row.game_id, stakedOre: Number(row.staked) }));
  }

  /**
   * For each player, the entries on their own accounts since `since`, summed by transfer kind (the
   * sign as the accounts saw it: a stake negative, a deposit positive), with how many entries.
   */
  async function playersActivity(playerIds: readonly string[], since: Date, kinds: readonly string[]) {
    const result = new Map<string, Map<string, { sumOre: number; count: number }>>();
    if (playerIds.length === 0 || kinds.length === 0) return result;
    const rows = await db
      .select({
        playerId: walletAccounts.playerId,
        kind: walletTransfers.kind,
        sumOre: sql<string>`sum(${walletEntries.amountOre})`,
        count: sql<string>`count(*)`,
      })
      .from(walletEntries)
      .innerJoin(walletAccounts, eq(walletAccounts.id, walletEntries.accountId))
      .innerJoin(walletTransfers, eq(walletTransfers.id, walletEntries.transferId))
      .where(
        and(
          inArray(walletAccounts.playerId, [...playerIds]),
          gte(walletEntries.createdAt, since),
          inArray(walletTransfers.kind, [...kinds]),
        ),
      )
      .groupBy(walletAccounts.playerId, walletTransfers.kind);
    for (const row of rows) {
      const byKind = result.get(row.playerId!) ?? new Map<string, { sumOre: number; count: number }>();
      byKind.set(row.kind, { sumOre: Number(row.sumOre), count: Number(row.count) });
      result.set(row.playerId!, byKind);
    }
    return result;
  }

  return { accountSummary, betWinSummary, stakedByGameBetween, playersActivity, audit };
}
