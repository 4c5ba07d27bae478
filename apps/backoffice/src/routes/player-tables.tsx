import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import type { PlayerPage, Proposal } from '../api/types';
import { DataTable, features } from '../components/DataTable';
import { StatusBadge } from '../components/StatusBadge';
import { formatDateTime, formatKr, formatSignedKr, label } from '../format';
import { da } from '../i18n/da';

type Limit = PlayerPage['limits'][number];
type LimitChange = PlayerPage['limitChanges'][number];
type Exclusion = PlayerPage['exclusions'][number];
type Session = PlayerPage['sessions'][number];
type Document = PlayerPage['documents'][number];
type TrailEntry = PlayerPage['trail'][number];

const words = da.player;
const money = (ore: number | null) => (ore === null ? words.noLimit : formatKr(ore));

const limit = createColumnHelper<typeof features, Limit>();
const limitColumns = limit.columns([
  limit.accessor('period', { header: words.limitColumns.period, cell: (info) => label(da.periods, info.getValue()) }),
  limit.accessor('amountOre', { header: words.limitColumns.amount, cell: (info) => money(info.getValue()), meta: { className: 'num' } }),
  limit.accessor('usedOre', { header: words.limitColumns.used, cell: (info) => formatKr(info.getValue()), meta: { className: 'num' } }),
  limit.accessor('pendingOre', {
    header: words.limitColumns.pending,
    cell: (info) => (info.row.original.pendingAt ? money(info.getValue()) : da.notSet),
    meta: { className: 'num' },
  }),
  limit.accessor('pendingAt', { header: words.limitColumns.pendingAt, cell: (info) => formatDateTime(info.getValue()) }),
]);

const change = createColumnHelper<typeof features, LimitChange>();
const changeColumns = change.columns([
  change.accessor('createdAt', { header: words.limitHistoryColumns.createdAt, cell: (info) => formatDateTime(info.getValue()) }),
  change.accessor('period', { header: words.limitHistoryColumns.period, cell: (info) => label(da.periods, info.getValue()) }),
  change.accessor('amountOre', {
    header: words.limitHistoryColumns.amount,
    cell: (info) => money(info.getValue()),
    meta: { className: 'num' },
  }),
  change.accessor('effectiveAt', { header: words.limitHistoryColumns.effectiveAt, cell: (info) => formatDateTime(info.getValue()) }),
  change.accessor('source', { header: words.limitHistoryColumns.source, cell: (info) => label(da.sources, info.getValue()) }),
]);

const exclusion = createColumnHelper<typeof features, Exclusion>();
const exclusionColumns = exclusion.columns([
  exclusion.accessor('kind', { header: words.exclusionColumns.kind, cell: (info) => label(da.exclusionKinds, info.getValue()) }),
  exclusion.accessor('startsAt', { header: words.exclusionColumns.startsAt, cell: (info) => formatDateTime(info.getValue()) }),
  exclusion.accessor('endsAt', {
    header: words.exclusionColumns.endsAt,
    cell: (info) => (info.getValue() ? formatDateTime(info.getValue()) : words.indefinitely),
  }),
  exclusion.accessor('createdAt', { header: words.exclusionColumns.createdAt, cell: (info) => formatDateTime(info.getValue()) }),
  exclusion.accessor('source', { header: words.exclusionColumns.source, cell: (info) => label(da.sources, info.getValue()) }),
]);

const session = createColumnHelper<typeof features, Session>();
const sessionColumns = session.columns([
  session.accessor('method', { header: words.sessionColumns.method, cell: (info) => label(da.loginMethods, info.getValue()) }),
  session.accessor('createdAt', { header: words.sessionColumns.createdAt, cell: (info) => formatDateTime(info.getValue()) }),
  session.accessor('lastSeenAt', { header: words.sessionColumns.lastSeenAt, cell: (info) => formatDateTime(info.getValue()) }),
  session.accessor('endedAt', {
    header: words.sessionColumns.endedAt,
    cell: (info) => (info.row.original.live ? <StatusBadge text={words.live} tone="ok" /> : formatDateTime(info.getValue())),
  }),
  session.accessor('endedReason', { header: words.sessionColumns.endedReason, cell: (info) => label(da.endedReasons, info.getValue()) }),
]);

const document = createColumnHelper<typeof features, Document>();
const documentColumns = document.columns([
  document.accessor('documentType', { header: words.documentColumns.type, cell: (info) => label(da.documentTypes, info.getValue()) }),
  document.accessor('status', { header: words.documentColumns.status, cell: (info) => label(da.documentStatus, info.getValue()) }),
  document.accessor('uploadedAt', { header: words.documentColumns.uploadedAt, cell: (info) => formatDateTime(info.getValue()) }),
]);

/** A before or after of the trail, as a short text ("Aktiv", "+100 kr."). */
function describe(value: unknown): string {
  if (value === null || value === undefined) return da.notSet;
  if (typeof value !== 'object') return String(value);
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return da.notSet;
  return entries
    .map(([key, item]) => {
      if (key === 'status' && typeof item === 'string') return label(da.playerStatus, item);
      if (key === 'amountOre' && typeof item === 'number') return formatSignedKr(item);
      if (key === 'kind' && typeof item === 'string') return label(da.proposalKinds, item);
      if (key === 'proposalId') return null;
      return typeof item === 'object' ? JSON.stringify(item) : String(item);
    })
    .filter((text) => text !== null)
    .join(', ');
}

const trail = createColumnHelper<typeof features, TrailEntry>();
const trailColumns = trail.columns([
  trail.accessor('at', { header: words.trailColumns.at, cell: (info) => formatDateTime(info.getValue()), meta: { className: 'nowrap' } }),
  trail.accessor('staffName', { header: words.trailColumns.staff }),
  trail.accessor('action', { header: words.trailColumns.action, cell: (info) => label(da.trailActions, info.getValue()) }),
  trail.accessor('reason', { header: words.trailColumns.reason, meta: { className: 'wrap' } }),
  trail.display({
    id: 'change',
    header: words.trailColumns.change,
    cell: (info) => `${describe(info.row.original.before)} → ${describe(info.row.original.after)}`,
  }),
]);

const proposal = createColumnHelper<typeof features, Proposal>();
/** The proposals' columns, on the player's page and the approvals page (which adds a player link and actions). */
export const proposalColumns = {
  kind: proposal.accessor('kind', {
    header: da.proposals.columns.kind,
    cell: (info) => {
      const row = info.row.original;
      const detail =
        row.kind === 'role_grant' && row.roles
          ? da.proposals.rolesDetail(row.roles.map((role) => label(da.roles, role)).join(', '))
          : row.kind === 'protected_setting'
            ? da.proposals.settingDetail(JSON.stringify(row.settingValue))
            : row.kind === 'manual_bonus' && row.wageringMultiple !== null
              ? da.proposals.wageringDetail(row.wageringMultiple)
              : null;
      return (
        <>
          {label(da.proposalKinds, info.getValue())}
          {detail ? (
            <span className="cell-note" data-testid={`proposal-detail-${row.id}`}>
              {detail}
            </span>
          ) : null}
        </>
      );
    },
  }),
  player: proposal.accessor('playerId', {
    header: da.proposals.columns.player,
    cell: (info) => {
      const id = info.getValue();
      const row = info.row.original;
      if (id)
        return (
          <Link to={`/spillere/${id}`} data-testid={`proposal-player-${row.id}`}>
            {row.playerName ?? da.proposals.playerLink(id)}
          </Link>
        );
      if (row.staffMember)
        return (
          <Link to="/medarbejdere" data-testid={`proposal-staff-${row.id}`}>
            {row.staffMember.name}
          </Link>
        );
      if (row.settingName)
        return (
          <Link to="/indstillinger" className="mono">
            {row.settingName}
          </Link>
        );
      return da.notSet;
    },
  }),
  amount: proposal.accessor('amountOre', {
    header: da.proposals.columns.amount,
    cell: (info) => {
      const amount = info.getValue();
      return amount === null ? da.notSet : formatSignedKr(amount);
    },
    meta: { className: 'num' },
  }),
  reason: proposal.accessor('reason', { header: da.proposals.columns.reason, meta: { className: 'wrap' } }),
  proposedBy: proposal.accessor((row) => row.proposedBy.name, { id: 'proposedBy', header: da.proposals.columns.proposedBy }),
  proposedAt: proposal.accessor('proposedAt', {
    header: da.proposals.columns.proposedAt,
    cell: (info) => formatDateTime(info.getValue()),
    meta: { className: 'nowrap' },
  }),
  status: proposal.accessor('status', {
    header: da.proposals.columns.status,
    cell: (info) => {
      const row = info.row.original;
      const tone = row.status === 'approved' ? 'ok' : row.status === 'rejected' ? 'bad' : 'warn';
      return (
        <>
          <StatusBadge text={label(da.proposalStatus, row.status)} tone={tone} testId={`proposal-status-${row.id}`} />
          {row.decidedBy ? (
            <span className="cell-note">{da.proposals.decidedBy(row.decidedBy.name, formatDateTime(row.decidedAt))}</span>
          ) : null}
          {row.decisionReason ? <span className="cell-note">»{row.decisionReason}«</span> : null}
        </>
      );
    },
    meta: { className: 'status-col' },
  }),
};
const playerProposalColumns = proposal.columns([
  proposalColumns.kind,
  proposalColumns.amount,
  proposalColumns.reason,
  proposalColumns.proposedBy,
  proposalColumns.proposedAt,
  proposalColumns.status,
]);

/** The player page's tables, by section. */
export function playerTables(page: PlayerPage) {
  return {
    limits: (
      <DataTable
        caption={words.limitsCaption}
        hideCaption
        columns={limitColumns}
        data={page.limits}
        rowId={(row) => row.period}
        empty={words.noLimits}
      />
    ),
    limitChanges: <DataTable caption={words.limitHistory} columns={changeColumns} data={page.limitChanges} empty={words.noLimitHistory} />,
    exclusions: (
      <DataTable caption={words.exclusions} hideCaption columns={exclusionColumns} data={page.exclusions} empty={words.noExclusions} />
    ),
    sessions: <DataTable caption={words.sessions} hideCaption columns={sessionColumns} data={page.sessions} empty={words.noSessions} />,
    documents: (
      <DataTable
        caption={words.documents}
        hideCaption
        columns={documentColumns}
        data={page.documents}
        rowId={(row) => row.id}
        empty={words.noDocuments}
      />
    ),
    proposals: (
      <DataTable
        caption={words.proposals}
        hideCaption
        columns={playerProposalColumns}
        data={page.proposals}
        rowId={(row) => row.id}
        empty={words.noProposals}
      />
    ),
    trail: (
      <DataTable caption={words.trail} hideCaption columns={trailColumns} data={page.trail} empty={words.noTrail} testId="player-trail" />
    ),
  };
}
