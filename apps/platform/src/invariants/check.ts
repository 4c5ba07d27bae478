import { sql } from 'drizzle-orm';
import { verifyAuditLog } from '../audit/verify.js';
import type { Db } from '../db/client.js';
import { rowsOf } from '../shared/db.js';
import { createWalletService } from '../wallet/service.js';

/** One invariant's verdict: its name, whether it holds, a line of detail, and a few offending rows. */
export interface InvariantResult {
  name: InvariantName;
  ok: boolean;
  detail: string;
  examples: string[];
}

export type InvariantName =
  | 'ledger_balanced'
  | 'balances_non_negative'
  | 'balances_match_entries'
  | 'deposits_credited_once'
  | 'withdrawals_settled_once'
  | 'payments_final'
  | 'game_money'
  | 'jackpots'
  | 'free_rounds'
  | 'audit_log';

export interface InvariantOptions {
  /** The time to judge "stuck" against (the platform's clock); default now. */
  now?: Date;
  /** A payment or withdrawal still under way this long after its last change counts as stuck; default 15 minutes. */
  olderThanMs?: number;
}

const EXAMPLES = 5;

const result = (name: InvariantName, problems: string[], detail: string): InvariantResult => ({
  name,
  ok: problems.length === 0,
  detail,
  examples: problems.slice(0, EXAMPLES),
});

/**
 * Checks the platform's money and records against the invariants of issue 15 §1 (invariants/README.md),
 * read from the database: after faults, every one must hold. Read-only; its checks are separate
 * statements, which may see different moments of a busy platform: run it once the load has stopped.
 */
export async function checkInvariants(db: Db, options: InvariantOptions = {}): Promise<InvariantResult[]> {
  const now = options.now ?? new Date();
  const stuckBefore = new Date(now.getTime() - (options.olderThanMs ?? 15 * 60_000)).toISOString();
  const results: InvariantResult[] = [];

  // 1–3: the wallet's own audit of the ledger.
  const audit = await createWalletService(db, () => now).audit();
  results.push({
    name: 'ledger_balanced',
    ok: audit.ledgerSumOre === 0 && audit.unbalancedTransfers === 0,
    detail: `ledger sums to ${audit.ledgerSumOre} øre; ${audit.unbalancedTransfers} transfers unbalanced or with fewer than 2 entries`,
    examples: [],
  });
  results.push({
    name: 'balances_non_negative',
    ok: audit.negativeBalances === 0,
    detail: `${audit.negativeBalances} player accounts below zero`,
    examples: [],
  });
  results.push({
    name: 'balances_match_entries',
    ok: audit.mismatchedBalances === 0,
    detail: `${audit.mismatchedBalances} kept balances differ from the sum of their entries`,
    examples: [],
  });

  // 4: a payment is credited by one transfer of kind deposit naming it (`deposit:<payment id>`),
  // only once it succeeded. Deposits naming no payment row (made straight through the ledger) are not payments'.
  const deposits = await rowsOf<{ id: string; status: string; credits: number }>(
    sql`select p.id, p.status, count(t.id)::int as credits
        from payments p left join wallet_transfers t on t.kind = 'deposit' and t.reference->>'paymentId' = p.id::text
        group by p.id, p.status
        having count(t.id) > 1 or (p.status = 'succeeded') <> (count(t.id) = 1)
        order by p.id`,
    db,
  );
  const [{ payments: paymentCount }] = (await rowsOf<{ payments: number }>(sql`select count(*)::int as payments from payments`, db)) as [
    { payments: number },
  ];
  results.push(
    result(
      'deposits_credited_once',
      deposits.map((row) => `payment ${row.id} (${row.status}) credited ${row.credits} times`),
      `${paymentCount} payments; ${deposits.length} credited twice, or succeeded and not credited, or credited and not succeeded`,
    ),
  );

  // 5a: a withdrawal's reserve leaves once: paid (`payout:<id>`) or back to cash (`withdrawal-cancel:<id>`), never both.
  const settled = await rowsOf<{ id: string; status: string; payouts: number; refunds: number }>(
    sql`select w.id, w.status,
          (select count(*)::int from wallet_transfers t where t.idempotency_key = 'payout:' || w.id::text) as payouts,
          (select count(*)::int from wallet_transfers t where t.idempotency_key = 'withdrawal-cancel:' || w.id::text) as refunds
        from withdrawals w`,
    db,
  );
  const twice = settled.filter(
    (row) => (row.payouts > 0 || row.status === 'paid') && (row.refunds > 0 || row.status === 'cancelled' || row.status === 'failed'),
  );
  results.push(
    result(
      'withdrawals_settled_once',
      twice.map((row) => `withdrawal ${row.id} (${row.status}): ${row.payouts} payouts, ${row.refunds} refunds`),
      `${settled.length} withdrawals; ${twice.length} both paid and refunded`,
    ),
  );

  // 5b: once the faults stop, nothing is left under way: a payment not yet succeeded or failed, a
  // withdrawal past its hold still pending, or one sending or sent, untouched for `olderThanMs`.
  const stuck = await rowsOf<{ what: string; id: string; status: string }>(
    sql`select 'payment' as what, id::text as id, status from payments
          where status not in ('succeeded', 'failed') and updated_at < ${stuckBefore}::timestamptz
        union all
        select 'withdrawal', id::text, status from withdrawals
          where (status = 'pending' and send_after < ${stuckBefore}::timestamptz)
             or (status in ('sending', 'sent') and updated_at < ${stuckBefore}::timestamptz)
        order by 1, 2`,
    db,
  );
  results.push(
    result(
      'payments_final',
      stuck.map((row) => `${row.what} ${row.id} still ${row.status}`),
      `${stuck.length} payments or withdrawals under way since before ${stuckBefore}`,
    ),
  );

  // 6: game money. Every game transaction that moved money has its one transfer under its key
  // (`game:<provider>:<transaction>`) and every such transfer its transaction; each round's net in
  // the house's accounts is its stakes less its wins (a free round's stake is the house's own, from
  // its bonus cost: its net is less its wins alone), and its stakes the bets that stand.
  const unmatched = await rowsOf<{ key: string; problem: string }>(
    sql`select coalesce(t.idempotency_key, 'game:' || g.provider_id || ':' || g.transaction_id) as key,
               case when t.id is null then 'no ledger transfer'
                    when g.transaction_id is null then 'no game transaction'
                    else 'another transfer than the one recorded' end as problem
        from (select * from game_transactions where transfer_id is not null) g
        full join (select * from wallet_transfers where idempotency_key like 'game:%') t
          on t.idempotency_key = 'game:' || g.provider_id || ':' || g.transaction_id
        where t.id is null or g.transaction_id is null or t.id <> g.transfer_id
        order by 1`,
    db,
  );
  const rounds = await rowsOf<{ provider: string; round_id: string; staked: string; won: string; net: string; bets: string }>(
    sql`with ledger as (
          select t.reference->>'provider' as provider, t.reference->>'roundId' as round_id, sum(e.amount_ore) as net
          from wallet_transfers t join wallet_entries e on e.transfer_id = t.id join wallet_accounts a on a.id = e.account_id
          where t.idempotency_key like 'game:%' and a.player_id is null
          group by 1, 2),
        bets as (
          select provider_id, round_id, sum(amount_ore) as bets from game_transactions
          where kind = 'bet' and status = 'done' group by 1, 2)
        select coalesce(r.provider_id, l.provider) as provider, coalesce(r.round_id, l.round_id) as round_id,
               coalesce(r.staked_ore, 0) as staked, coalesce(r.won_ore, 0) as won, coalesce(l.net, 0) as net, coalesce(b.bets, 0) as bets
        from game_rounds r
        full join ledger l on l.provider = r.provider_id and l.round_id = r.round_id
        left join bets b on b.provider_id = r.provider_id and b.round_id = r.round_id
        where coalesce(l.net, 0) <> (case when r.free_round_grant_id is null then coalesce(r.staked_ore, 0) else 0 end) - coalesce(r.won_ore, 0)
           or coalesce(r.staked_ore, 0) <> coalesce(b.bets, 0)
        order by 1, 2`,
    db,
  );
  results.push(
    result(
      'game_money',
      [
        ...unmatched.map((row) => `${row.key}: ${row.problem}`),
        ...rounds.map(
          (row) =>
            `round ${row.provider}/${row.round_id}: staked ${row.staked}, won ${row.won}, ledger net ${row.net}, standing bets ${row.bets}`,
        ),
      ],
      `${unmatched.length} game transactions and ledger transfers unmatched; ${rounds.length} rounds whose ledger net is not staked − won`,
    ),
  );

  // 6b: the jackpots (games/jackpots/). Σ contributions + Σ seeds = Σ pool amounts + Σ hits, to
  // the øre; each pool's amount is its ledger account's; the exact contributions are the øre moved
  // plus the fractions carried; every hit's transfer paid exactly its amount; one hit per drop (the
  // key) and no drop left reached but unpaid (a pool at or past its drop).
  const [jackpot] = await rowsOf<{ lhs: string; rhs: string; micro: string; moved: string; off: string; hits: string; reached: string }>(
    sql`select (select coalesce(sum(amount_ore), 0) from jackpot_contributions) + (select coalesce(sum(amount_ore), 0) from jackpot_seeds) as lhs,
               (select coalesce(sum(amount_ore), 0) from jackpot_pools) + (select coalesce(sum(amount_ore), 0) from jackpot_hits) as rhs,
               (select coalesce(sum(micro), 0) from jackpot_contributions) as micro,
               (select coalesce(sum(amount_ore), 0) * 1000000 from jackpot_contributions) + (select coalesce(sum(carry_micro), 0) from jackpot_pools) as moved,
               (select count(*) from jackpot_pools p where p.amount_ore <>
                  (select coalesce(sum(e.amount_ore), 0) from wallet_entries e where e.account_id = p.account_id)) as off,
               (select count(*) from jackpot_hits h where not exists (select 1 from wallet_entries e join jackpot_pools p on p.account_id = e.account_id
                  where e.transfer_id = h.transfer_id and p.id = h.pool_id and e.amount_ore = -h.amount_ore)) as hits,
               (select count(*) from jackpot_pools where amount_ore >= drop_ore) as reached`,
    db,
  );
  const jackpotProblems = [
    ...(jackpot!.lhs !== jackpot!.rhs ? [`contributions + seeds ${jackpot!.lhs} ≠ pools + hits ${jackpot!.rhs}`] : []),
    ...(jackpot!.micro !== jackpot!.moved ? [`exact contributions ${jackpot!.micro} µøre ≠ moved + carried ${jackpot!.moved}`] : []),
    ...(Number(jackpot!.off) > 0 ? [`${jackpot!.off} pools whose amount is not their ledger account's`] : []),
    ...(Number(jackpot!.hits) > 0 ? [`${jackpot!.hits} hits not paid from their pool as recorded`] : []),
    ...(Number(jackpot!.reached) > 0 ? [`${jackpot!.reached} pools at or past their drop, unpaid`] : []),
  ];
  results.push(
    result(
      'jackpots',
      jackpotProblems,
      `contributions + seeds ${jackpot!.lhs} øre = pools + hits ${jackpot!.rhs} øre; ${jackpotProblems.length} problems`,
    ),
  );

  // 6c: free rounds (issue 27). Each grant's rounds used and won are its rounds' (game_rounds naming
  // it): no round used twice or uncounted, and never more than granted (the table's CHECK).
  const freeRounds = await rowsOf<{ id: string; used: string; rounds: string; won: string; paid: string }>(
    sql`select g.id, g.rounds_used as used, count(r.round_id) as rounds, g.won_ore as won, coalesce(sum(r.won_ore), 0) as paid
        from free_round_grants g left join game_rounds r on r.free_round_grant_id = g.id
        group by g.id having g.rounds_used <> count(r.round_id) or g.won_ore <> coalesce(sum(r.won_ore), 0)
        order by 1`,
    db,
  );
  results.push(
    result(
      'free_rounds',
      freeRounds.map(
        (row) => `free rounds ${row.id}: ${row.used} used, ${row.rounds} rounds played; won ${row.won}, rounds paid ${row.paid}`,
      ),
      `${freeRounds.length} free-round grants whose rounds used or won are not their rounds'`,
    ),
  );

  // 7: the audit log's chains and its record of the ledger.
  const walked = await verifyAuditLog(db);
  results.push(
    result(
      'audit_log',
      walked.problems.map((problem) => `${problem.kind} at ${problem.chain ?? '-'} #${problem.seq ?? '-'}: ${problem.detail}`),
      `${walked.chains} chains, ${walked.entries} entries, ${walked.transfersChecked} transfers checked; ${walked.problems.length} problems`,
    ),
  );
  return results;
}
