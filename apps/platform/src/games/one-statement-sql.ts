/**
 * The SQL pieces the games contract's one-statement money calls share (one-statement.ts,
 * one-statement-feeding.ts): the bounds of a win, the provider's day, a new round's stake from
 * cash and a big win into the new winners' outbox.
 */

/**
 * The bounds of a win (win-bounds.ts), in SQL: the round's wins `won` within ceil(`staked` × the
 * title's largest win), exactly, in numeric: (won − 1) × cost < staked × units. A title without
 * its bound written allows no win above 0 (the comparison is null).
 */
export const WITHIN_LARGEST_WIN = (game: string, staked: string, won: string) =>
  `${won} <= 0 or exists (select 1 from games gm where gm.id = ${game}
    and (${won} - 1)::numeric * gm.cost_units < (${staked})::numeric * gm.largest_win_units)`;

/** The provider not suspended for the day (`day`): a win past its limit closes it to new stakes until the next day. */
export const PROVIDER_OPEN = (day: string) => `not exists (select 1 from game_provider_exposure sx
    where sx.provider_id = $1::text and sx.day = ${day}::date and sx.slot = 0 and sx.suspended_at is not null)`;

/** A stake (`amount`) into the provider's takings of the day (`day`), one of 16 rows by round, once per row of `source`. */
export const TAKEN = (amount: string, source: string, day: string) => `taken as (
    insert into game_provider_exposure (provider_id, day, slot, amount_ore)
    select $1::text, ${day}::date, (1 + (hashtext($2::text) & 15))::smallint, ${amount} from ${source}
    on conflict (provider_id, day, slot) do update set amount_ore = game_provider_exposure.amount_ore + excluded.amount_ore
  )`;

/**
 * A payout (`amount`) into the provider's day, with the net payout it makes (paid − taken, the
 * takings as the statement sees them) and the `limit`: past it, the exposure's CHECK fails the
 * statement, and the other path refuses the win with its code.
 */
export const PAID = (amount: string, source: string, day: string, limit: string) => `paid as (
    insert into game_provider_exposure as x (provider_id, day, slot, amount_ore, net_paid_ore, limit_ore)
    select $1::text, ${day}::date, 0, ${amount}, ${amount} - (select coalesce(sum(e.amount_ore), 0) from game_provider_exposure e
      where e.provider_id = $1::text and e.day = ${day}::date and e.slot > 0), ${limit}::bigint from ${source}
    on conflict (provider_id, day, slot) do update
      set amount_ore = x.amount_ore + excluded.amount_ore, net_paid_ore = x.amount_ore + excluded.net_paid_ore, limit_ore = excluded.limit_ore
  )`;

/**
 * A round's big win into the new winners' outbox (games/jackpots/pools.ts `recordBigWinOfRound`, in
 * SQL): at least max(`min`, `multiple` × the stake), once per round (the outbox's key), announced at
 * commit. `source` gives the rows; the CTE `wn` must be read by the statement for the NOTIFY to run.
 */
export const BIG_WIN = (
  cols: { game: string; player: string; stake: string; won: string; when: string },
  source: string,
  filter: string,
  min: string,
  multiple: string,
) => `
  wnr as (
    insert into game_winners (kind, provider_id, round_id, pool_id, game_id, player_id, stake_ore, amount_ore, created_at)
    select 'win', $1::text, $2::text, '', ${cols.game}, ${cols.player}, ${cols.stake}, ${cols.won}, ${cols.when} from ${source}
    where ${filter} and ${cols.won} > 0 and ${cols.won} >= greatest(${min}::bigint, ${multiple}::bigint * ${cols.stake})
    on conflict do nothing returning id
  ),
  wn as (select pg_notify('krone_winners', id::text) as sent from wnr)`;

/**
 * The end of BET_AND_WIN_IN_ONE_STATEMENT and its feeding twin (their parameters alike: $15 the
 * request hash, $16 and $17 the win's transaction id and amount, $21 the round ended, $24 and $25
 * the new winners' bounds), after the bet's transfer `tb`, the win's `tw` and the balances `bal`:
 * the round's big win into the new winners' outbox (`wn`), the answer, and the bet's and the win's
 * records with it (the replay of either answers the same).
 */
export const BET_AND_WIN_RECORDS = `${BIG_WIN(
  { game: '$11::text', player: '$10::uuid', stake: '$5::bigint', won: '$17::bigint', when: '$6::timestamptz' },
  'tb',
  '$21::boolean',
  '$24',
  '$25',
)},
  answer as (
    select jsonb_build_object('transactionId', $3::text, 'ledgerTransferId', tb.id, 'winTransactionId', $16::text,
      'winLedgerTransferId', (select id from tw), 'balanceOre', bal.cash - $5::bigint + $17::bigint + bal.bonus,
      'cashOre', bal.cash - $5::bigint + $17::bigint, 'bonusOre', bal.bonus, 'roundEnded', $21::boolean) as body
    from tb, bal
  ),
  rec as (
    insert into game_transactions
      (provider_id, transaction_id, kind, round_id, session_id, amount_ore, bonus_amount_ore, request_hash, status, transfer_id, answer, created_at)
    select $1::text, $3::text, 'bet', $2::text, $4::uuid, $5::bigint, 0, $15::text, 'done', tb.id, answer.body, $6::timestamptz
    from tb, answer
    union all
    select $1::text, $16::text, 'win', $2::text, $4::uuid, $17::bigint, 0, $15::text, 'done', (select id from tw), answer.body, $6::timestamptz
    from answer
  )`;

/**
 * A new round's stake from cash alone, as BET_IN_ONE_STATEMENT and BET_AND_WIN_IN_ONE_STATEMENT
 * both take it (their parameters $1 to $11 alike: provider, round, transaction id, session, stake,
 * now, cash, bonus and games accounts, player, game), after the locks `lk`: the player's balance
 * rows locked in id order (`locked`, `bal`), and `ok`, one row when the stake may be taken: the
 * session live, and the player's login that launched it live too (not ended, not past its
 * absolute end, used within the idle minutes the game was launched under; sessions.ts `loginLiveAt`).
 */
export const stakeFromCash = (feeding: boolean) => `
  locked as materialized (
    select id, balance_ore from wallet_accounts
    where id = any(array[$7::uuid, $8::uuid]) and (select count(*) from lk) = 1
    order by id for update
  ),
  bal as (
    select (select balance_ore from locked where id = $7::uuid) as cash, coalesce((select balance_ore from locked where id = $8::uuid), 0) as bonus
  ),
  ok as (
    select 1 from game_sessions s, bal
    where s.id = $4::uuid and s.provider_id = $1::text and s.player_id = $10::uuid and s.game_id = $11::text
      and s.ended_at is null and s.expires_at > $6::timestamptz
      and exists (select 1 from player_sessions ps where ps.token_hash = s.player_session_hash and ps.ended_at is null
        and ps.expires_at > $6::timestamptz and ps.last_seen_at > $6::timestamptz - s.login_idle_minutes * interval '1 minute')
      and bal.cash >= $5::bigint
      and not exists (select 1 from game_rounds r where r.provider_id = $1::text and r.round_id = $2::text)
      and not exists (select 1 from play_exclusions x where x.player_id = $10::uuid and x.during @> $6::timestamptz)
      and exists (select 1 from players p where p.id = $10::uuid and p.status not in ('locked', 'game_locked'))
      and ${feeding ? 'exists' : 'not exists'} (select 1 from jackpot_feeds f where f.game_id = $11::text)
  )`;
export const STAKE_FROM_CASH = stakeFromCash(false);
