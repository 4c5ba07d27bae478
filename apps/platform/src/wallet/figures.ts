import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../shared/db.js';

/**
 * The operator's figures (issue 29; docs/backoffice.md, "Figures"), read from the ledger alone, so
 * they are the ledger's numbers to the øre. Each entry on a player's own account or on the
 * `bonus_cost` account counts on its Copenhagen day (or month), by what its transfer was — a
 * reversal or rollback by what it reversed, so a refunded stake takes the stake back on the day of
 * the refund and a closed day's figures never change:
 *
 * - deposits: credits of `deposit` transfers to the players' cash;
 * - withdrawals: what `payout` transfers took from the players' payout reserves (paid to NemKonto);
 * - stakes: what `bet` transfers took from the players' cash and bonus (split in cash and bonus);
 * - wins: what `win` and `jackpot_win` transfers paid to the players' cash and bonus;
 * - gross gaming revenue (GGR) = stakes − wins;
 * - bonus cost: what left the house's `bonus_cost` account (bonus money granted, tournament and
 *   draw prizes) less what came back to it (forfeited bonus money);
 * - net gaming revenue (NGR) = GGR − bonus cost, before gaming duty.
 */
export interface FigureRow {
  period: string;
  depositsOre: number;
  withdrawalsOre: number;
  stakesOre: number;
  cashStakesOre: number;
  bonusStakesOre: number;
  winsOre: number;
  ggrOre: number;
  bonusCostOre: number;
  ngrOre: number;
}
export interface GameFigureRow {
  gameId: string;
  stakesOre: number;
  winsOre: number;
  ggrOre: number;
  /** Stake transfers (rounds with a stake), less those refunded. */
  bets: number;
}
export type FigureGrain = 'day' | 'month';

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
/** A real calendar date, yyyy-mm-dd (not 2026-02-30). */
export const isFigureDate = (value: string) => {
  if (!DATE.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
};

/** The classified entries of [from, to] (Copenhagen calendar days, inclusive). */
const classified = (from: string, to: string) => sql`
  with entries as (
    select e.amount_ore, e.transfer_id, a.kind as account_kind,
           coalesce(o.kind, t.kind) as what,
           coalesce(o.reference ->> 'game', t.reference ->> 'game') as game_id,
           t.reverses is not null as reversing,
           (e.created_at at time zone 'Europe/Copenhagen')::date as day
    from wallet_entries e
    join wallet_accounts a on a.id = e.account_id
    join wallet_transfers t on t.id = e.transfer_id
    left join wallet_transfers o on o.id = t.reverses
    where e.created_at >= (${from}::date::timestamp at time zone 'Europe/Copenhagen')
      and e.created_at < ((${to}::date + 1)::timestamp at time zone 'Europe/Copenhagen')
      and (a.kind in ('player_cash', 'player_bonus', 'player_payout_reserve') or a.kind = 'bonus_cost')
  )`;

export function createFigures(db: Db) {
  /** Deposits, withdrawals, stakes, wins, GGR, bonus cost and NGR per day or month of [from, to], and their totals. */
  async function byPeriod(range: { from: string; to: string; grain: FigureGrain }): Promise<{ rows: FigureRow[]; total: FigureRow }> {
    const period = range.grain === 'day' ? sql`to_char(day, 'YYYY-MM-DD')` : sql`to_char(day, 'YYYY-MM')`;
    type Row = Record<'period' | 'deposits' | 'withdrawals' | 'cash_stakes' | 'bonus_stakes' | 'wins' | 'bonus_cost', string>;
    const rows = await rowsOf<Row>(
      sql`${classified(range.from, range.to)}
      select ${period} as period,
        coalesce(sum(amount_ore) filter (where what = 'deposit' and account_kind = 'player_cash'), 0) as deposits,
        coalesce(-sum(amount_ore) filter (where what = 'payout' and account_kind = 'player_payout_reserve'), 0) as withdrawals,
        coalesce(-sum(amount_ore) filter (where what = 'bet' and account_kind = 'player_cash'), 0) as cash_stakes,
        coalesce(-sum(amount_ore) filter (where what = 'bet' and account_kind = 'player_bonus'), 0) as bonus_stakes,
        coalesce(sum(amount_ore) filter (where what in ('win', 'jackpot_win') and account_kind in ('player_cash', 'player_bonus')), 0) as wins,
        coalesce(-sum(amount_ore) filter (where account_kind = 'bonus_cost'), 0) as bonus_cost
      from entries
      group by 1
      order by 1`,
      db,
    );
    const shaped = rows.map((row) => figureRow(row.period, row));
    const total = shaped.reduce(
      (sum, row) => {
        for (const key of Object.keys(sum) as (keyof FigureRow)[]) if (key !== 'period') (sum[key] as number) += row[key] as number;
        return sum;
      },
      figureRow(`${range.from}–${range.to}`, {}),
    );
    return { rows: shaped, total };
  }

  /** Stakes, wins and GGR per game of [from, to], the largest GGR first. */
  async function byGame(range: { from: string; to: string }): Promise<GameFigureRow[]> {
    type Row = { game_id: string; stakes: string; wins: string; bets: string };
    const rows = await rowsOf<Row>(
      sql`${classified(range.from, range.to)}
      select game_id,
        coalesce(-sum(amount_ore) filter (where what = 'bet'), 0) as stakes,
        coalesce(sum(amount_ore) filter (where what in ('win', 'jackpot_win')), 0) as wins,
        count(distinct transfer_id) filter (where what = 'bet' and not reversing)
          - count(distinct transfer_id) filter (where what = 'bet' and reversing) as bets
      from entries
      where game_id is not null and account_kind in ('player_cash', 'player_bonus') and what in ('bet', 'win', 'jackpot_win')
      group by game_id`,
      db,
    );
    return rows
      .map((row) => {
        const stakesOre = Number(row.stakes);
        const winsOre = Number(row.wins);
        return { gameId: row.game_id, stakesOre, winsOre, ggrOre: stakesOre - winsOre, bets: Number(row.bets) };
      })
      .sort((a, b) => b.ggrOre - a.ggrOre || a.gameId.localeCompare(b.gameId));
  }

  return { byPeriod, byGame };
}

function figureRow(
  period: string,
  raw: Partial<Record<'deposits' | 'withdrawals' | 'cash_stakes' | 'bonus_stakes' | 'wins' | 'bonus_cost', string>>,
): FigureRow {
  const n = (value: string | undefined) => Number(value ?? 0);
  const cashStakesOre = n(raw.cash_stakes);
  const bonusStakesOre = n(raw.bonus_stakes);
  const stakesOre = cashStakesOre + bonusStakesOre;
  const winsOre = n(raw.wins);
  const bonusCostOre = n(raw.bonus_cost);
  return {
    period,
    depositsOre: n(raw.deposits),
    withdrawalsOre: n(raw.withdrawals),
    stakesOre,
    cashStakesOre,
    bonusStakesOre,
    winsOre,
    ggrOre: stakesOre - winsOre,
    bonusCostOre,
    ngrOre: stakesOre - winsOre - bonusCostOre,
  };
}

/** Figures as CSV: semicolon-separated, amounts in kroner with a decimal comma (what a Danish spreadsheet opens). */
export function figuresCsv(rows: FigureRow[], total: FigureRow): string {
  const kr = (ore: number) => (ore / 100).toFixed(2).replace('.', ',');
  const header =
    'periode;indbetalinger_kr;udbetalinger_kr;indsatser_kr;heraf_kontant_kr;heraf_bonus_kr;gevinster_kr;ggr_kr;bonusomkostning_kr;ngr_kr';
  const line = (row: FigureRow, period = row.period) =>
    [
      period,
      kr(row.depositsOre),
      kr(row.withdrawalsOre),
      kr(row.stakesOre),
      kr(row.cashStakesOre),
      kr(row.bonusStakesOre),
      kr(row.winsOre),
      kr(row.ggrOre),
      kr(row.bonusCostOre),
      kr(row.ngrOre),
    ].join(';');
  return [header, ...rows.map((row) => line(row)), line(total, 'i alt')].join('\n') + '\n';
}
