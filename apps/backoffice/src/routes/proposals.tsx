import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useMemo, useState } from 'react';
import { useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { api, staffCall, staffWrite, type ActionResult } from '../api/client';
import type { Proposal, ProposalFilter } from '../api/types';
import { DataTable, features } from '../components/DataTable';
import { FilterTabs } from '../components/FilterTabs';
import { Notice } from '../components/Notice';
import { ReasonDialog } from '../components/ReasonDialog';
import { formatSignedKr, label } from '../format';
import { da } from '../i18n/da';
import { can } from '../roles';
import { useTitle } from '../useTitle';
import { proposalColumns } from './player-tables';
import { useMe } from './shell';

const FILTERS: ProposalFilter[] = ['pending', 'approved', 'rejected', 'all'];
const words = da.proposals;

export async function proposalsLoader({ request }: LoaderFunctionArgs) {
  const asked = new URL(request.url).searchParams.get('status');
  const status = FILTERS.find((filter) => filter === asked) ?? 'pending';
  const { proposals } = await staffCall(api.GET('/Staff/proposals', { params: { query: { status } } }));
  return { status, proposals };
}

export async function proposalsAction({ request }: ActionFunctionArgs): Promise<ActionResult> {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const proposalId = String(form.get('proposalId') ?? '');
  const reason = String(form.get('reason') ?? '').trim();
  if (reason.length < 3) return { ok: false, intent, message: da.dialog.reasonTooShort };
  const call = { params: { path: { proposalId } }, body: { reason } };
  if (intent === 'approve') return staffWrite(intent, api.POST('/Staff/proposals/{proposalId}/approve', call));
  if (intent === 'reject') return staffWrite(intent, api.POST('/Staff/proposals/{proposalId}/reject', call));
  return { ok: false, intent, message: da.errors.generic };
}

type Decision = { proposal: Proposal; decision: 'approve' | 'reject' };
const column = createColumnHelper<typeof features, Proposal>();

export function ProposalsPage() {
  const { status, proposals } = useLoaderData<typeof proposalsLoader>();
  const me = useMe();
  useTitle(words.title);
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const close = useCallback(() => setDeciding(null), []);
  const finished = useCallback((result: ActionResult) => {
    setDeciding(null);
    setDone(result.intent);
  }, []);

  // The actions' column only while there is something this member may decide.
  const decidable = proposals.some((row) => row.status === 'pending' && can.decide(me.roles, row.kind));
  const columns = useMemo(
    () =>
      column.columns([
        proposalColumns.kind,
        proposalColumns.player,
        proposalColumns.amount,
        proposalColumns.reason,
        column.accessor((row) => row.proposedBy.name, {
          id: 'proposedBy',
          header: words.columns.proposedBy,
          cell: (info) => (
            <>
              {info.getValue()}
              {info.row.original.proposedBy.id === me.id ? <span className="cell-note">{words.yours}</span> : null}
            </>
          ),
        }),
        proposalColumns.proposedAt,
        proposalColumns.status,
        column.display({
          id: 'actions',
          header: words.columns.actions,
          meta: { className: 'nowrap' },
          cell: (info) => {
            const row = info.row.original;
            if (row.status !== 'pending' || !can.decide(me.roles, row.kind)) return null;
            const decide = (decision: Decision['decision']) => {
              setDone(null);
              setDeciding({ proposal: row, decision });
            };
            return (
              <div className="row-actions">
                <button
                  type="button"
                  className="button small primary"
                  onClick={() => decide('approve')}
                  data-testid={`proposal-approve-${row.id}`}
                >
                  {words.approve}
                </button>
                <button type="button" className="button small" onClick={() => decide('reject')} data-testid={`proposal-reject-${row.id}`}>
                  {words.reject}
                </button>
              </div>
            );
          },
        }),
      ]),
    [me.id, me.roles],
  );
  const shown = useMemo(() => (decidable ? columns : columns.filter((def) => def.id !== 'actions')), [columns, decidable]);

  const what = deciding
    ? `${label(da.proposalKinds, deciding.proposal.kind)}${deciding.proposal.amountOre === null ? '' : ` (${formatSignedKr(deciding.proposal.amountOre)})`}`
    : '';

  return (
    <>
      <div className="page-head">
        <h1>{words.title}</h1>
        <p className="muted">{words.intro}</p>
      </div>
      {done === 'approve' ? <Notice title={words.approved} /> : null}
      {done === 'reject' ? <Notice title={words.rejected} /> : null}
      <section className="card">
        <FilterTabs
          label={words.filterLabel}
          filters={FILTERS}
          current={status}
          words={words.filters}
          href={(filter) => (filter === 'pending' ? '/godkendelser' : `/godkendelser?status=${filter}`)}
          testIdPrefix="proposal-filter"
        />
        <DataTable
          caption={words.caption(words.filters[status] ?? status)}
          hideCaption
          columns={shown}
          data={proposals}
          rowId={(row) => row.id}
          empty={words.none}
          testId="proposal-table"
        />
      </section>
      {deciding ? (
        <ReasonDialog
          title={deciding.decision === 'approve' ? words.approveTitle : words.rejectTitle}
          text={<p>{deciding.decision === 'approve' ? words.approveText(what) : words.rejectText(what)}</p>}
          intent={deciding.decision}
          fields={{ proposalId: deciding.proposal.id }}
          submitLabel={deciding.decision === 'approve' ? words.approve : words.reject}
          danger={deciding.decision === 'reject'}
          onCancel={close}
          onDone={finished}
        />
      ) : null}
    </>
  );
}
