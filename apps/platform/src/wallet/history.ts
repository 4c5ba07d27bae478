import { addIsoDays, copenhagenDayStart, copenhagenIsoDate, paginate } from '@krone/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
// The games context's rule for the round id a player is shown (a live table's, without our game session).
import { shownRoundId } from '../games/service.js';
import { rowsOf } from '../shared/db.js';
import { fail } from '../shared/errors.js';

/**
 * The player's transaction history, read from the ledger. One row per transfer that moved the
 * player's money, newest first; the transfers that only settle an earlier one (a payout, a
 * cancelled withdrawal, a forfeited bonus, a reversal) are not rows of their own but give the
 * earlier row its status. Deposits still under way at the provider are not in the ledger: the
 * payments context hands them in, and they show as initiated. Nothing here writes, and the ledger
 * is append-only: the history the player sees can never lose a row.
 */

/** Spec §3: the six statuses of the transaction list. */
export const HISTORY_STATUSES = ['completed', 'reversed', 'initiated', 'cancelled_bonus', 'transfer_bonus', 'bonus_win'] as const;
export type HistoryStatus = (typeof HISTORY_STATUSES)[number];
export const HISTORY_TYPES = ['all', 'payments', 'games', 'bonus'] as const;
export type HistoryType = (typeof HISTORY_TYPES)[number];
/** Rolling windows ending now; `custom` takes from and to. Spec §9: the last 30 days by default. */
export const HISTORY_PERIODS = ['24h', '7d', '30d', 'custom'] as const;
export type HistoryPeriod = (typeof HISTORY_PERIODS)[number];
/** A Danish requirement: at least 90 days of history stay available to the player. */
export const HISTORY_DAYS_AVAILABLE = 90;
export const MAX_PAGE_SIZE = 100;

const PERIOD_MS: Record<Exclude<HistoryPeriod, 'custom'>, number> = { '24h': 86_400_000, '7d': 7 * 86_400_000, '30d': 30 * 86_400_000 };

/** Kinds that settle an earlier transfer, keyed by the reference field that names it. */
const FOLLOW_UP_KINDS = ['reversal', 'rollback', 'payout', 'withdrawal_cancel', 'bonus_forfeit'];

export interface UnsettledDeposit {
  paymentId: string;
  method: string;
  amountOre: number;
  createdAt: Date;
}

export interface HistoryQuery {
  type?: HistoryType;
  period?: HistoryPeriod;
  /** An ISO date (a Copenhagen calendar day, from its start) or an ISO date-time with offset. */
  from?: string;
  /** An ISO date (a Copenhagen calendar day, to its end) or an ISO date-time with offset. */
  to?: string;
  page?: number;
  pageSize?: number;
}

export interface HistoryRow {
  /** The record behind the transfer: payment, withdrawal, game round or bonus grant. */
  orderId: string;
  /** The ledger transfer; null for a deposit still under way (no money has moved). */
  transactionId: string | null;
  time: Date;
  type: 'deposit' | 'withdrawal' | 'bet' | 'win' | 'bonus' | 'other';
  category: 'payments' | 'games' | 'bonus' | 'other';
  /** The ledger's transfer kind (or `deposit` for one under way). */
  kind: string;
  /** The game of a bet, win or jackpot win: its id and Danish name from the games catalogue (the id when it holds none). */
  game: { id: string; name: string } | null;
  /** A bet's or win's round as its provider shows it (a live table's round id, without our game session); null for others. */
  roundId: string | null;
  stakeOre: number | null;
  winOre: number | null;
  /** What the transfer did to the player's playable money (cash and bonus), signed. */
  amountOre: number;
  method: string | null;
  status: HistoryStatus;
  /**
   * Spec §3's bonus types: `free` for what free rounds brought (a free round's win, a free-rounds
   * bonus converted or forfeited), `money` for a money bonus's rows (its grant, its conversion, a
   * win into the bonus balance); null for rows without a bonus.
   */
  bonusType: 'money' | 'free' | null;
}

export interface HistoryDeps {
  db: Db;
  clock: () => Date;
  /** The payments context's deposits that have not reached the ledger yet. */
  unsettledDeposits: (playerId: string, from: Date, to: Date) => Promise<UnsettledDeposit[]>;
  /** The games context's Danish names of games by id (the catalogue's); without it a game shows its id. */
  gameNames?: (ids: string[]) => Promise<Map<string, string>>;
}

/** A bound from the query: a calendar day in Copenhagen, or an instant. */
function parseBound(value: string, edge: 'from' | 'to'): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const start = copenhagenDayStart(edge === 'from' ? value : addIsoDays(value, 1));
    if (start) return start;
  } else if (/^\d{4}-\d{2}-\d{2}T/.test(value)) {
    const instant = new Date(value);
    if (!Number.isNaN(instant.getTime())) return instant;
  }
  throw fail('INVALID_INPUT', { fields: { [edge]: 'validation.invalid_input' } });
}

/** The start of the oldest day the player may still read: 90 calendar days before today, Copenhagen. */
export function earliestAvailable(now: Date): Date {
  return copenhagenDayStart(addIsoDays(copenhagenIsoDate(now), -HISTORY_DAYS_AVAILABLE))!;
}

/** The period asked for, checked: [from, to), within the days kept available. */
export function resolvePeriod(
  query: Pick<HistoryQuery, 'period' | 'from' | 'to'>,
  now: Date,
): { period: HistoryPeriod; from: Date; to: Date } {
  const period: HistoryPeriod = query.from !== undefined || query.to !== undefined ? 'custom' : (query.period ?? '30d');
  if (period !== 'custom') return { period, from: new Date(now.getTime() - PERIOD_MS[period]), to: now };
  if (query.from === undefined) throw fail('INVALID_INPUT', { fields: { from: 'validation.required' } });
  const from = parseBound(query.from, 'from');
  const to = query.to === undefined ? now : parseBound(query.to, 'to');
  if (from.getTime() >= to.getTime()) throw fail('HISTORY_PERIOD_INVALID', { fields: { to: 'transactions.error_period' } });
  const earliest = earliestAvailable(now);
  if (from.getTime() < earliest.getTime()) {
    throw fail('HISTORY_TOO_OLD', { fields: { from: 'transactions.error_too_old' }, earliest: earliest.toISOString() });
  }
  return { period, from, to };
}

interface RawRow {
  source: 'ledger' | 'payment';
  id: string;
  kind: string;
  reference: Record<string, string> | string | null;
  created_at: string | Date;
  spendable: string | number;
  bonus: string | number;
  cash: string | number;
  reversed: boolean;
  follow_up: string | null;
  total: string | number;
}

/** A game's money to or from the player: a bet, a win, a jackpot hit (paid from a pool, kept apart from the game's win). */
const GAME_KINDS = ['bet', 'win', 'jackpot_win'];

const CATEGORY: Record<string, HistoryRow['category']> = {
  deposit: 'payments',
  withdrawal: 'payments',
  bet: 'games',
  win: 'games',
  jackpot_win: 'games',
  bonus_grant: 'bonus',
  bonus_convert: 'bonus',
  bonus_prize: 'bonus',
};
const TYPE: Record<string, HistoryRow['type']> = {
  deposit: 'deposit',
  withdrawal: 'withdrawal',
  bet: 'bet',
  win: 'win',
  jackpot_win: 'win',
  bonus_grant: 'bonus',
  bonus_convert: 'bonus',
  bonus_prize: 'bonus',
};

/**
 * The status of spec §3 from the ledger (wallet/README.md has the table): a reversal wins over
 * everything; a withdrawal is initiated until its payout (completed) or its cancellation
 * (reversed); a bonus grant is a transfer bonus until forfeited (cancelled bonus); a bonus
 * wagered through and moved to cash is a transfer bonus; a win paid into the bonus account is a
 * bonus win; a deposit under way is initiated.
 */
export function statusOf(row: {
  source: 'ledger' | 'payment';
  kind: string;
  reversed: boolean;
  followUp: string | null;
  bonusOre: number;
}): HistoryStatus {
  if (row.source === 'payment') return 'initiated';
  if (row.kind === 'bonus_grant') return row.reversed || row.followUp === 'bonus_forfeit' ? 'cancelled_bonus' : 'transfer_bonus';
  if (row.reversed) return 'reversed';
  if (row.kind === 'withdrawal')
    return row.followUp === 'payout' ? 'completed' : row.followUp === 'withdrawal_cancel' ? 'reversed' : 'initiated';
  if (row.kind === 'win' && row.bonusOre > 0) return 'bonus_win';
  if (row.kind === 'bonus_convert' || row.kind === 'bonus_prize') return 'transfer_bonus';
  return 'completed';
}

/** Spec §3's bonus type of a row (HistoryRow.bonusType), from its transfer's reference. */
export function bonusTypeOf(kind: string, reference: Record<string, string>, bonusOre: number): HistoryRow['bonusType'] {
  if (reference.freeRoundsId || reference.bonusKind === 'free_rounds') return 'free';
  if (kind.startsWith('bonus') || (kind === 'win' && bonusOre > 0)) return 'money';
  return null;
}

function shape(raw: RawRow): HistoryRow {
  const reference: Record<string, string> = typeof raw.reference === 'string' ? JSON.parse(raw.reference) : (raw.reference ?? {});
  const spendable = Number(raw.spendable);
  const kind = raw.kind;
  const games = GAME_KINDS.includes(kind);
  return {
    orderId: reference.paymentId ?? reference.withdrawalId ?? reference.roundId ?? reference.grantId ?? raw.id,
    transactionId: raw.source === 'ledger' ? raw.id : null,
    time: new Date(raw.created_at),
    type: TYPE[kind] ?? 'other',
    category: CATEGORY[kind] ?? (kind.startsWith('bonus') ? 'bonus' : 'other'),
    kind,
    game: games && (reference.game ?? reference.gameId) ? { id: reference.game ?? reference.gameId!, name: '' } : null,
    roundId: games && reference.roundId ? shownRoundId(reference.roundId, reference.gameSessionId) : null,
    stakeOre: kind === 'bet' ? -spendable : null,
    winOre: kind === 'win' || kind === 'jackpot_win' ? spendable : null,
    // A conversion moves bonus to cash (nothing the player can play changes): its amount is the cash.
    amountOre: kind === 'bonus_convert' ? Number(raw.cash) : spendable,
    method: kind === 'withdrawal' ? 'nemkonto' : (reference.method ?? null),
    status: statusOf({ source: raw.source, kind, reversed: Boolean(raw.reversed), followUp: raw.follow_up, bonusOre: Number(raw.bonus) }),
    bonusType: bonusTypeOf(kind, reference, Number(raw.bonus)),
  };
}

function categoryFilter(type: HistoryType): SQL {
  switch (type) {
    case 'payments':
      return sql`kind in ('deposit', 'withdrawal')`;
    case 'games':
      return sql`kind in ('bet', 'win', 'jackpot_win')`;
    case 'bonus':
      return sql`kind like 'bonus%'`;
    default:
      return sql`true`;
  }
}

export function createHistoryService({ db, clock, unsettledDeposits, gameNames }: HistoryDeps) {
  /** The rows' game column: each game's name from the catalogue, its id when the catalogue has none. */
  async function withGameNames(rows: HistoryRow[]): Promise<HistoryRow[]> {
    const ids = rows.flatMap((row) => (row.game ? [row.game.id] : []));
    const names = ids.length > 0 && gameNames ? await gameNames(ids) : new Map<string, string>();
    return rows.map((row) => (row.game ? { ...row, game: { id: row.game.id, name: names.get(row.game.id) ?? row.game.id } } : row));
  }

  /**
   * One page of rows. The player's transfers are found through their own accounts' entries
   * (index on account and time), so the cost follows the player's own activity in the period,
   * never the size of the ledger. The statuses look at later transfers on the same accounts.
   */
  async function page(
    playerId: string,
    from: Date,
    to: Date,
    type: HistoryType,
    pending: UnsettledDeposit[],
    limit: number,
    offset: number,
  ) {
    const pendingJson = JSON.stringify(
      pending.map((deposit) => ({
        id: deposit.paymentId,
        method: deposit.method,
        amount_ore: deposit.amountOre,
        created_at: deposit.createdAt.toISOString(),
      })),
    );
    const followUps = sql.join(
      FOLLOW_UP_KINDS.map((kind) => sql`${kind}`),
      sql`, `,
    );
    return rowsOf<RawRow>(
      sql`
      with acct as (
        select id, kind from wallet_accounts where player_id = ${playerId}
      ),
      moves as (
        select e.transfer_id,
          sum(case when a.kind in ('player_cash', 'player_bonus') then e.amount_ore else 0 end) as spendable,
          sum(case when a.kind = 'player_bonus' then e.amount_ore else 0 end) as bonus,
          sum(case when a.kind = 'player_cash' then e.amount_ore else 0 end) as cash
        from wallet_entries e join acct a on a.id = e.account_id
        where e.created_at >= ${from.toISOString()}::timestamptz and e.created_at < ${to.toISOString()}::timestamptz
        group by e.transfer_id
      ),
      -- What settled a withdrawal or a bonus grant, found among the player's own reserve and
      -- bonus entries (a payout or cancellation moves the reserve, a forfeit the bonus), so the
      -- look-up never scans other players' transfers. Settled after the period is settled still.
      follow as materialized (
        select f.kind, f.reference, f.created_at
        from wallet_entries fe join wallet_transfers f on f.id = fe.transfer_id
        where fe.account_id in (select id from acct where kind in ('player_payout_reserve', 'player_bonus'))
          and fe.created_at >= ${from.toISOString()}::timestamptz
          and f.kind in ('payout', 'withdrawal_cancel', 'bonus_forfeit')
      ),
      ledger as (
        select 'ledger' as source, t.id, t.kind, t.reference, t.created_at, t.seq, m.spendable, m.bonus, m.cash,
          exists (select 1 from wallet_transfers r where r.reverses = t.id) as reversed,
          fu.kind as follow_up
        from moves m
        join wallet_transfers t on t.id = m.transfer_id
        left join lateral (
          select f.kind from follow f
          where t.kind in ('withdrawal', 'bonus_grant') and f.created_at >= t.created_at
            and ((t.kind = 'withdrawal' and f.kind in ('payout', 'withdrawal_cancel') and f.reference ->> 'withdrawalId' = t.reference ->> 'withdrawalId')
              or (t.kind = 'bonus_grant' and f.kind = 'bonus_forfeit' and f.reference ->> 'grantId' = t.reference ->> 'grantId'))
          order by f.created_at
          limit 1
        ) fu on true
        where t.kind not in (${followUps})
      ),
      payment as (
        select 'payment' as source, p.id, 'deposit' as kind,
          jsonb_build_object('paymentId', p.id::text, 'method', p.method) as reference,
          p.created_at, null::bigint as seq, p.amount_ore as spendable, 0::bigint as bonus, p.amount_ore as cash, false as reversed, null::text as follow_up
        from jsonb_to_recordset(${pendingJson}::jsonb) as p(id uuid, method text, amount_ore bigint, created_at timestamptz)
      ),
      combined as (
        select * from ledger union all select * from payment
      )
      select c.*, count(*) over () as total
      from combined c
      where ${categoryFilter(type)}
      -- Newest first; rows of one instant (a round's stake and win) by the ledger's sequence, so a
      -- win stands above its own stake; a deposit under way (no transfer yet) above them.
      order by c.created_at desc, c.seq desc nulls first, c.id desc
      limit ${limit} offset ${offset}`,
      db,
    );
  }

  /** The session's player's history: one page of rows and where it stands among all of them. */
  async function transactions(playerId: string, query: HistoryQuery = {}) {
    const now = clock();
    const { period, from, to } = resolvePeriod(query, now);
    const type = query.type ?? 'all';
    const pageSize = query.pageSize ?? 10;
    const pending = type === 'all' || type === 'payments' ? await unsettledDeposits(playerId, from, to) : [];
    let currentPage = query.page ?? 1;
    let raw = await page(playerId, from, to, type, pending, pageSize, (currentPage - 1) * pageSize);
    let total = raw.length > 0 ? Number(raw[0]!.total) : 0;
    if (raw.length === 0 && currentPage > 1) {
      // Past the last page: the last page is answered, as the pagination helper clamps.
      const all = await page(playerId, from, to, type, pending, 1, 0);
      total = all.length > 0 ? Number(all[0]!.total) : 0;
      currentPage = Math.max(1, Math.ceil(total / pageSize));
      raw = total > 0 ? await page(playerId, from, to, type, pending, pageSize, (currentPage - 1) * pageSize) : [];
    }
    const pagination = paginate({ totalRecords: total, pageSize, currentPage });
    return {
      period,
      from,
      to,
      type,
      earliest: earliestAvailable(now),
      rows: await withGameNames(raw.map(shape)),
      pagination: {
        currentPage: pagination.currentPage,
        lastPage: pagination.lastPage,
        pageSize,
        totalRecords: total,
        pages: pagination.pages,
      },
    };
  }

  return { transactions };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
