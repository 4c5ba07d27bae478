import { BET_AND_WIN_RECORDS, PAID, PROVIDER_OPEN, stakeFromCash, TAKEN, WITHIN_LARGEST_WIN } from './one-statement-sql.js';

/**
 * A whole round (betAndWin) on a title that feeds jackpot pools (jackpots/), in one statement, for
 * the common case: the stake from cash and no pool reaching its drop value. Its parameters are
 * BET_AND_WIN_IN_ONE_STATEMENT's ($1 to $25) but $13, the bet transfer's hash, which is made here
 * from the entries as the ledger makes it (`canonicalHash`: the parts are known only under the
 * pools' locks), from $26, the reference's sorted pairs as JSON.
 *
 * After the player's balance rows, the title's pools are locked in id order (`pl`, as the other
 * path locks them); each gets the stake × its rate plus its carried fraction, in whole øre
 * (`parts`), the fraction carried on. When any pool would reach its drop, nothing is written (the
 * bet's transfer is not made, so nothing after it is) and the multi-statement path pays the hit,
 * with a new drop drawn from the CSPRNG. Otherwise: the bet's transfer with the game's part to the
 * provider's games account and each pool's part to its account, the pools' amounts and carries,
 * the contributions, the round with its jackpot part, a NOTIFY per pool, and all else as
 * BET_AND_WIN_IN_ONE_STATEMENT.
 */
export const BET_AND_WIN_FEEDING_IN_ONE_STATEMENT = `
  with lk as materialized (
    select pg_advisory_xact_lock(hashtext('game-round:' || $1::text || ':' || $2::text)),
           pg_advisory_xact_lock(hashtext('game-tx:' || $1::text || ':' || least($3::text collate "C", $16::text collate "C"))),
           pg_advisory_xact_lock(hashtext('game-tx:' || $1::text || ':' || greatest($3::text collate "C", $16::text collate "C")))
  ),
  ${stakeFromCash(true)},
  pl as materialized (
    select p.id, p.account_id, p.amount_ore, p.drop_ore, $5::bigint * f.rate_ppm as micro, $5::bigint * f.rate_ppm + p.carry_micro as held
    from jackpot_pools p join jackpot_feeds f on f.pool_id = p.id and f.game_id = $11::text
    where p.withdrawn_at is null and exists (select 1 from ok)
    order by p.id for update of p
  ),
  parts as (
    select id, account_id, micro, held / 1000000 as part, held % 1000000 as carry, amount_ore + held / 1000000 as amount, drop_ore from pl
  ),
  jp as (select coalesce(sum(part), 0)::bigint as total from parts),
  entries as (
    select $9::uuid as account_id, $5::bigint - jp.total as amount from jp where $5::bigint <> jp.total
    union all select $7::uuid, -$5::bigint
    union all select account_id, part from parts where part > 0
  ),
  th as (
    select encode(sha256(convert_to('{"kind":"bet","entries":[' ||
      (select string_agg('["' || e.account_id::text || '",' || e.amount::text || ']', ',' order by e.account_id::text collate "C") from entries e)
      || '],"reference":' || $26::text || '}', 'UTF8')), 'hex') as hash,
      $13::text as unsplit_hash -- the hash of the stake unsplit, which the other statement writes: unused here
  ),
  tb as (
    insert into wallet_transfers (idempotency_key, request_hash, kind, reference, reverses, created_at)
    select $12::text, (select hash from th), 'bet', $14::jsonb, null, $6::timestamptz from ok
    where ${PROVIDER_OPEN('$22')} and (${WITHIN_LARGEST_WIN('$11::text', '$5::bigint', '$17::bigint')})
      and exists (select 1 from parts) and not exists (select 1 from parts where amount >= drop_ore)
    returning id, created_at
  ),
  ${TAKEN('$5::bigint - $17::bigint', 'tb where $17::bigint < $5::bigint', '$22')},
  ${PAID('$17::bigint - $5::bigint', 'tb where $17::bigint > $5::bigint', '$22', '$23')},
  tw as (
    insert into wallet_transfers (idempotency_key, request_hash, kind, reference, reverses, created_at)
    select $18::text, $19::text, 'win', $20::jsonb, null, $6::timestamptz from tb where $17::bigint > 0
    returning id, created_at
  ),
  upd as (
    update wallet_accounts a set balance_ore = a.balance_ore - $5::bigint + $17::bigint
    from tb where a.id = $7::uuid
    returning a.balance_ore
  ),
  ins as (
    insert into wallet_entries (transfer_id, account_id, amount_ore, balance_after_ore, created_at)
    select tb.id, e.account_id, e.amount, case when e.account_id = $7::uuid then upd.balance_ore - $17::bigint end, tb.created_at
    from tb, upd, entries e
    union all
    select tw.id, $9::uuid, -$17::bigint, null, tw.created_at from tw
    union all
    select tw.id, $7::uuid, $17::bigint, upd.balance_ore, tw.created_at from tw, upd
  ),
  pu as (
    update jackpot_pools p set amount_ore = parts.amount, carry_micro = parts.carry, updated_at = $6::timestamptz
    from parts, tb where p.id = parts.id
  ),
  jc as (
    insert into jackpot_contributions (provider_id, transaction_id, pool_id, round_id, game_id, player_id, stake_ore, micro, amount_ore,
      transfer_id, created_at)
    select $1::text, $3::text, parts.id, $2::text, $11::text, $10::uuid, $5::bigint, parts.micro, parts.part, tb.id, $6::timestamptz
    from parts, tb
  ),
  jn as (select pg_notify('krone_jackpots', parts.id) as sent from parts, tb),
  rnd as (
    insert into game_rounds (provider_id, round_id, session_id, player_id, game_id, staked_ore, bonus_staked_ore, won_ore, has_win,
      jackpot_staked_ore, balance_after_ore, created_at, ended_at)
    select $1::text, $2::text, $4::uuid, $10::uuid, $11::text, $5::bigint, 0, $17::bigint, $17::bigint > 0, jp.total,
      bal.cash - $5::bigint + $17::bigint + bal.bonus, $6::timestamptz, case when $21::boolean then $6::timestamptz end
    from tb, bal, jp
  ),
  ${BET_AND_WIN_RECORDS}
  select tb.id as transfer_id, (select id from tw) as win_transfer_id, bal.cash - $5::bigint + $17::bigint as cash, bal.bonus,
    (select count(*) from wn) as winners, (select count(*) from jn) as notified
  from tb, bal`;
