import { createColumnHelper } from '@tanstack/react-table';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { api, staffCall } from '../api/client';
import type { Ok } from '../api/types';
import { DataTable, features } from '../components/DataTable';
import { FilterTabs } from '../components/FilterTabs';
import { Section } from '../components/Section';
import { StatusBadge } from '../components/StatusBadge';
import { formatDateTime, formatKr, label } from '../format';
import { da } from '../i18n/da';
import { withdrawalTone } from './withdrawals';

/** The player's page's tabs of money and play: transactions, game rounds, bonuses, withdrawals. */
const words = da.player;

/** The periods a staff member picks between; 90 days is as far back as the history reaches. */
const PERIODS = ['7d', '30d', '90d'] as const;
type Period = (typeof PERIODS)[number];
const TYPES = ['all', 'payments', 'games', 'bonus'] as const;
type HistoryType = (typeof TYPES)[number];

const pick = <T extends string>(values: readonly T[], value: string | null, fallback: T): T => values.find((v) => v === value) ?? fallback;
const pageOf = (url: URL) => Math.max(1, Math.min(100_000, Number.parseInt(url.searchParams.get('side') ?? '1', 10) || 1));

/** A period as the API takes it: the rolling ones by name; 90 days as a custom period from 89 Copenhagen days ago. */
function periodQuery(period: Period) {
  if (period !== '90d') return { period };
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Copenhagen' }).format(new Date(Date.now() - 89 * 86_400_000));
  return { period: 'custom' as const, from: day };
}

export const playerIdOf = (params: LoaderFunctionArgs['params']) => params.playerId ?? '';

/** Previous and next page links, the search kept. */
function Pager({ page, lastPage, total, search }: { page: number; lastPage: number; total: number; search: URLSearchParams }) {
  if (lastPage <= 1) return null;
  const to = (target: number) => {
    const next = new URLSearchParams(search);
    next.set('side', String(target));
    return `?${next}`;
  };
  return (
    <nav className="pager" aria-label={words.pager}>
      {page > 1 ? (
        <Link to={to(page - 1)} data-testid="pager-previous">
          {words.previous}
        </Link>
      ) : (
        <span />
      )}
      <span className="muted">{words.pageOf(page, lastPage, total)}</span>
      {page < lastPage ? (
        <Link to={to(page + 1)} data-testid="pager-next">
          {words.next}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/* Transactions */

type Transactions = Ok<'/Staff/players/{playerId}/transactions', 'get'>;
type Transaction = Transactions['rows'][number];

export async function transactionsLoader({ params, request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const period = pick(PERIODS, url.searchParams.get('periode'), '30d');
  const type = pick(TYPES, url.searchParams.get('type'), 'all');
  const data = await staffCall(
    api.GET('/Staff/players/{playerId}/transactions', {
      params: { path: { playerId: playerIdOf(params) }, query: { ...periodQuery(period), type, page: pageOf(url) } },
    }),
  );
  return { ...data, period, type, search: url.searchParams.toString() };
}

const transaction = createColumnHelper<typeof features, Transaction>();
const transactionColumns = transaction.columns([
  transaction.accessor('time', {
    header: words.transactionColumns.time,
    cell: (info) => formatDateTime(info.getValue()),
    meta: { className: 'nowrap' },
  }),
  transaction.accessor('type', {
    header: words.transactionColumns.type,
    cell: (info) => (
      <>
        {label(words.transactionTypes, info.getValue())}
        {info.row.original.kind === 'jackpot_win' ? <span className="cell-note">{words.jackpot}</span> : null}
      </>
    ),
  }),
  transaction.accessor((row) => row.game?.name ?? null, {
    id: 'game',
    header: words.transactionColumns.game,
    cell: (info) => info.getValue() ?? da.notSet,
  }),
  transaction.accessor('amountOre', {
    header: words.transactionColumns.amount,
    cell: (info) => formatKr(info.getValue()),
    meta: { className: 'num' },
  }),
  transaction.accessor('method', { header: words.transactionColumns.method, cell: (info) => info.getValue() ?? da.notSet }),
  transaction.accessor('status', {
    header: words.transactionColumns.status,
    cell: (info) => label(words.transactionStatus, info.getValue()),
  }),
]);

export function PlayerTransactions() {
  const { rows, period, type, page, lastPage, total, search } = useLoaderData<typeof transactionsLoader>();
  const query = new URLSearchParams(search);
  const href = (changes: Record<string, string>) => `?${new URLSearchParams({ ...Object.fromEntries(query), ...changes, side: '1' })}`;
  return (
    <Section id="transactions" title={words.tabs.transactions}>
      <div className="filters">
        <FilterTabs
          label={words.periodLabel}
          filters={PERIODS}
          current={period}
          words={words.periods}
          href={(p) => href({ periode: p })}
          testIdPrefix="period"
        />
        <FilterTabs
          label={words.typeLabel}
          filters={TYPES}
          current={type as HistoryType}
          words={words.types}
          href={(t) => href({ type: t })}
          testIdPrefix="type"
        />
      </div>
      <DataTable
        caption={words.transactionsCaption}
        hideCaption
        columns={transactionColumns}
        data={rows}
        empty={words.noTransactions}
        testId="player-transactions"
      />
      <Pager page={page} lastPage={lastPage} total={total} search={query} />
    </Section>
  );
}

/* Game rounds */

type Rounds = Ok<'/Staff/players/{playerId}/rounds', 'get'>;
type Round = Rounds['items'][number];

export async function roundsLoader({ params, request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const period = pick(PERIODS, url.searchParams.get('periode'), '30d');
  const days = period === '7d' ? 7 : period === '30d' ? 30 : 90;
  const from = new Date(Date.now() - days * 86_400_000).toISOString();
  const data = await staffCall(
    api.GET('/Staff/players/{playerId}/rounds', { params: { path: { playerId: playerIdOf(params) }, query: { from, page: pageOf(url) } } }),
  );
  return { ...data, period, search: url.searchParams.toString() };
}

const round = createColumnHelper<typeof features, Round>();
const roundColumns = round.columns([
  round.accessor('startedAt', {
    header: words.roundColumns.startedAt,
    cell: (info) => formatDateTime(info.getValue()),
    meta: { className: 'nowrap' },
  }),
  round.accessor('gameName', { header: words.roundColumns.game }),
  round.accessor('stakeOre', {
    header: words.roundColumns.stake,
    meta: { className: 'num' },
    cell: (info) => (
      <>
        {formatKr(info.getValue())}
        {info.row.original.jackpotStakeOre > 0 ? (
          <span className="cell-note">{words.jackpotPart(formatKr(info.row.original.jackpotStakeOre))}</span>
        ) : null}
      </>
    ),
  }),
  round.accessor((row) => row.winOre + row.jackpotWinOre, {
    id: 'win',
    header: words.roundColumns.win,
    meta: { className: 'num' },
    cell: (info) => (
      <>
        {formatKr(info.getValue())}
        {info.row.original.jackpotWinOre > 0 ? (
          <span className="cell-note">{words.jackpotPart(formatKr(info.row.original.jackpotWinOre))}</span>
        ) : null}
      </>
    ),
  }),
  round.accessor('balanceAfterOre', {
    header: words.roundColumns.balance,
    meta: { className: 'num' },
    cell: (info) => (info.getValue() === null ? da.notSet : formatKr(info.getValue()!)),
  }),
  round.accessor('state', {
    header: words.roundColumns.state,
    cell: (info) => <StatusBadge text={label(words.roundStates, info.getValue())} tone={info.getValue() === 'open' ? 'warn' : 'neutral'} />,
  }),
  round.accessor('providerRoundId', { header: words.roundColumns.round, meta: { className: 'mono small' } }),
]);

export function PlayerRounds() {
  const { items, period, page, lastPage, total, search } = useLoaderData<typeof roundsLoader>();
  const query = new URLSearchParams(search);
  return (
    <Section id="rounds" title={words.tabs.rounds}>
      <div className="filters">
        <FilterTabs
          label={words.periodLabel}
          filters={PERIODS}
          current={period}
          words={words.periods}
          href={(p) => `?periode=${p}`}
          testIdPrefix="period"
        />
      </div>
      <DataTable
        caption={words.roundsCaption}
        hideCaption
        columns={roundColumns}
        data={items}
        rowId={(row) => row.roundId}
        empty={words.noRounds}
        testId="player-rounds"
      />
      <Pager page={page} lastPage={lastPage} total={total} search={query} />
    </Section>
  );
}

/* Bonuses */

type Bonus = Ok<'/Staff/players/{playerId}/bonuses', 'get'>['bonuses'][number];

export async function bonusesLoader({ params }: LoaderFunctionArgs) {
  return staffCall(api.GET('/Staff/players/{playerId}/bonuses', { params: { path: { playerId: playerIdOf(params) } } }));
}

const bonus = createColumnHelper<typeof features, Bonus>();
const bonusColumns = bonus.columns([
  bonus.accessor('code', { header: words.bonusColumns.code, meta: { className: 'mono' } }),
  bonus.accessor('kind', { header: words.bonusColumns.kind, cell: (info) => label(words.bonusKinds, info.getValue()) }),
  bonus.accessor('amountOre', {
    header: words.bonusColumns.amount,
    meta: { className: 'num' },
    cell: (info) => {
      const free = info.row.original.freeRounds;
      return (
        <>
          {formatKr(info.getValue())}
          {free ? <span className="cell-note">{words.freeRounds(free.used, free.total, formatKr(free.wonOre))}</span> : null}
        </>
      );
    },
  }),
  bonus.accessor('wageredOre', {
    header: words.bonusColumns.wagering,
    meta: { className: 'num' },
    cell: (info) => (
      <>
        {words.wagered(
          formatKr(Math.min(info.getValue(), info.row.original.wageringRequirementOre)),
          formatKr(info.row.original.wageringRequirementOre),
        )}
        {info.row.original.checkedAt && !info.row.original.endedAt ? (
          <span className="cell-note">{words.countedAt(formatDateTime(info.row.original.checkedAt))}</span>
        ) : null}
      </>
    ),
  }),
  bonus.accessor('grantedAt', { header: words.bonusColumns.grantedAt, cell: (info) => formatDateTime(info.getValue()) }),
  bonus.accessor('expiresAt', { header: words.bonusColumns.expiresAt, cell: (info) => formatDateTime(info.getValue()) }),
  bonus.accessor('outcome', {
    header: words.bonusColumns.outcome,
    cell: (info) => {
      const outcome = info.getValue() ?? 'open';
      return (
        <StatusBadge
          text={label(words.bonusOutcomes, outcome)}
          tone={outcome === 'open' ? 'ok' : outcome === 'forfeited' ? 'bad' : 'neutral'}
        />
      );
    },
  }),
]);

export function PlayerBonuses() {
  const { bonuses } = useLoaderData<typeof bonusesLoader>();
  return (
    <Section id="bonuses" title={words.tabs.bonuses}>
      <DataTable
        caption={words.bonusesCaption}
        hideCaption
        columns={bonusColumns}
        data={bonuses}
        rowId={(row) => row.id}
        empty={words.noBonuses}
        testId="player-bonuses"
      />
    </Section>
  );
}

/* Withdrawals */

type PlayerWithdrawal = Ok<'/Staff/players/{playerId}/withdrawals', 'get'>['withdrawals'][number];

export async function playerWithdrawalsLoader({ params }: LoaderFunctionArgs) {
  return staffCall(api.GET('/Staff/players/{playerId}/withdrawals', { params: { path: { playerId: playerIdOf(params) } } }));
}

function decisions(row: PlayerWithdrawal): string[] {
  const lines: string[] = [];
  if (row.heldBy)
    lines.push(words.decidedBy(words.held, row.heldBy.name, formatDateTime(row.heldAt)) + (row.holdReason ? `: »${row.holdReason}«` : ''));
  if (row.approvedBy) lines.push(words.decidedBy(words.approved, row.approvedBy.name, formatDateTime(row.approvedAt)));
  if (row.rejectedBy)
    lines.push(
      words.decidedBy(words.rejected, row.rejectedBy.name, formatDateTime(row.rejectedAt)) +
        (row.rejectionReason ? `: »${row.rejectionReason}«` : ''),
    );
  return lines;
}

const withdrawal = createColumnHelper<typeof features, PlayerWithdrawal>();
const withdrawalColumns = withdrawal.columns([
  withdrawal.accessor('requestedAt', { header: words.withdrawalColumns.requestedAt, cell: (info) => formatDateTime(info.getValue()) }),
  withdrawal.accessor('amountOre', {
    header: words.withdrawalColumns.amount,
    cell: (info) => formatKr(info.getValue()),
    meta: { className: 'num' },
  }),
  withdrawal.accessor('status', {
    header: words.withdrawalColumns.status,
    cell: (info) => (
      <StatusBadge
        text={label(da.withdrawalStatus, info.getValue())}
        tone={withdrawalTone(info.getValue())}
        testId={`player-withdrawal-status-${info.row.original.id}`}
      />
    ),
  }),
  withdrawal.display({
    id: 'decided',
    header: words.withdrawalColumns.decided,
    meta: { className: 'wrap' },
    cell: (info) => {
      const lines = decisions(info.row.original);
      return lines.length === 0
        ? da.notSet
        : lines.map((line) => (
            <span key={line} className="cell-line">
              {line}
            </span>
          ));
    },
  }),
]);

export function PlayerWithdrawals() {
  const { withdrawals } = useLoaderData<typeof playerWithdrawalsLoader>();
  return (
    <Section id="withdrawals" title={words.tabs.withdrawals}>
      <DataTable
        caption={words.withdrawalsCaption}
        hideCaption
        columns={withdrawalColumns}
        data={withdrawals}
        rowId={(row) => row.id}
        empty={words.noWithdrawals}
        testId="player-withdrawals"
      />
    </Section>
  );
}
