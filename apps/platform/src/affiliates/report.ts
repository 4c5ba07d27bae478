import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../shared/db.js';

/**
 * The affiliate report (issue 28): per partner code (btag) and calendar month in Copenhagen time,
 * what the players who registered through that partner brought. It is what an affiliate
 * programme pays on, so every figure is from the ledger's own records:
 *
 * - `registrations`: players registered with the btag in the month.
 * - `firstDeposits`, `firstDepositOre`: players whose first successful deposit fell in the month, and its amount.
 * - `depositOre`: every successful deposit in the month.
 * - `ggrOre` (gross gaming revenue): the month's stakes less its wins, jackpot contributions and
 *   jackpot wins left out (they belong to the pools, not the house).
 * - `bonusCostOre`: the part of those stakes paid with bonus money or free rounds, which was the house's own.
 * - `ngrOre` (net gaming revenue) = GGR less bonus cost, before gaming duty (affiliate contracts
 *   differ on the duty; the report gives what they all start from).
 *
 * A round counts in the month it was started. Players without a btag are not in it.
 */
export interface AffiliateMonth {
  btag: string;
  month: string;
  registrations: number;
  firstDeposits: number;
  firstDepositOre: number;
  depositOre: number;
  ggrOre: number;
  bonusCostOre: number;
  ngrOre: number;
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Months from `from` to `to` (yyyy-mm, inclusive). */
export async function affiliateReport(db: Db, range: { from: string; to: string }): Promise<AffiliateMonth[]> {
  if (!MONTH.test(range.from) || !MONTH.test(range.to) || range.from > range.to) {
    throw new Error('the months are yyyy-mm, from no later than to');
  }
  const month = (column: ReturnType<typeof sql>) => sql`to_char(${column} at time zone 'Europe/Copenhagen', 'YYYY-MM')`;
  type Row = {
    btag: string;
    month: string;
    registrations: string | number;
    first_deposits: string | number;
    first_deposit_ore: string | number;
    deposit_ore: string | number;
    ggr_ore: string | number;
    bonus_cost_ore: string | number;
  };
  const rows = await rowsOf<Row>(
    sql`
      with tagged as (
        select id, btag, registered_at from players where btag is not null
      ),
      deposits as (
        select p.player_id, p.amount_ore, p.settled_at,
               row_number() over (partition by p.player_id order by p.settled_at, p.id) as nth
        from payments p join tagged t on t.id = p.player_id
        where p.status = 'succeeded' and p.settled_at is not null
      ),
      facts as (
        select t.btag, ${month(sql`t.registered_at`)} as month, 1 as registrations, 0 as first_deposits,
               0::bigint as first_deposit_ore, 0::bigint as deposit_ore, 0::bigint as ggr_ore, 0::bigint as bonus_cost_ore
        from tagged t
        union all
        select t.btag, ${month(sql`d.settled_at`)}, 0, case when d.nth = 1 then 1 else 0 end,
               case when d.nth = 1 then d.amount_ore else 0 end, d.amount_ore, 0, 0
        from deposits d join tagged t on t.id = d.player_id
        union all
        select t.btag, ${month(sql`r.created_at`)}, 0, 0, 0, 0,
               (r.staked_ore - r.jackpot_staked_ore) - r.won_ore,
               case when r.free_round_grant_id is not null then r.staked_ore else r.bonus_staked_ore end
        from game_rounds r join tagged t on t.id = r.player_id
      )
      select btag, month,
             sum(registrations) as registrations, sum(first_deposits) as first_deposits,
             sum(first_deposit_ore) as first_deposit_ore, sum(deposit_ore) as deposit_ore,
             sum(ggr_ore) as ggr_ore, sum(bonus_cost_ore) as bonus_cost_ore
      from facts
      where month between ${range.from} and ${range.to}
      group by btag, month
      order by month, btag`,
    db,
  );
  return rows.map((row) => {
    const ggrOre = Number(row.ggr_ore);
    const bonusCostOre = Number(row.bonus_cost_ore);
    return {
      btag: row.btag,
      month: row.month,
      registrations: Number(row.registrations),
      firstDeposits: Number(row.first_deposits),
      firstDepositOre: Number(row.first_deposit_ore),
      depositOre: Number(row.deposit_ore),
      ggrOre,
      bonusCostOre,
      ngrOre: ggrOre - bonusCostOre,
    };
  });
}

/** The report as CSV (semicolon-separated, amounts in kroner with a decimal comma: what a Danish spreadsheet opens). */
export function affiliateCsv(months: AffiliateMonth[]): string {
  const kr = (ore: number) => (ore / 100).toFixed(2).replace('.', ',');
  const header = 'btag;måned;registreringer;førstegangsindbetalinger;førstegangsindbetalt_kr;indbetalt_kr;ggr_kr;bonusomkostning_kr;ngr_kr';
  const lines = months.map((m) =>
    [
      m.btag,
      m.month,
      m.registrations,
      m.firstDeposits,
      kr(m.firstDepositOre),
      kr(m.depositOre),
      kr(m.ggrOre),
      kr(m.bonusCostOre),
      kr(m.ngrOre),
    ].join(';'),
  );
  return [header, ...lines].join('\n') + '\n';
}
