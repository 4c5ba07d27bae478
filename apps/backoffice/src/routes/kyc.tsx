import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useMemo, useState } from 'react';
import { Link, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { api, staffCall, staffWrite, type ActionResult } from '../api/client';
import type { KycDocument, KycFilter } from '../api/types';
import { DataTable, features } from '../components/DataTable';
import { FilterTabs } from '../components/FilterTabs';
import { Notice } from '../components/Notice';
import { ReasonDialog } from '../components/ReasonDialog';
import { StatusBadge } from '../components/StatusBadge';
import { formatDateTime, label } from '../format';
import { da } from '../i18n/da';
import { useTitle } from '../useTitle';

const FILTERS: KycFilter[] = ['open', 'received', 'in_review', 'approved', 'rejected'];
const words = da.kyc;
type Decision = 'in_review' | 'approved' | 'rejected';

export async function kycLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const asked = url.searchParams.get('status');
  const status = FILTERS.find((filter) => filter === asked) ?? 'open';
  const { documents } = await staffCall(api.GET('/Staff/documents', { params: { query: { status } } }));
  return { status, documents, shown: url.searchParams.get('dokument') };
}

export async function kycAction({ request }: ActionFunctionArgs): Promise<ActionResult> {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const documentId = String(form.get('documentId') ?? '');
  const reason = String(form.get('reason') ?? '').trim();
  if (reason.length < 3) return { ok: false, intent, message: da.dialog.reasonTooShort };
  if (intent !== 'in_review' && intent !== 'approved' && intent !== 'rejected') return { ok: false, intent, message: da.errors.generic };
  return staffWrite(
    intent,
    api.POST('/Staff/documents/{documentId}/decision', { params: { path: { documentId } }, body: { status: intent, reason } }),
  );
}

const column = createColumnHelper<typeof features, KycDocument>();
const fileUrl = (id: string) => `/api/Staff/documents/${id}/file`;

/** The KYC queue: documents players uploaded, one shown beside the list, and compliance's decision with a reason. */
export function KycPage() {
  const { status, documents, shown } = useLoaderData<typeof kycLoader>();
  useTitle(words.title);
  const [deciding, setDeciding] = useState<{ document: KycDocument; decision: Decision } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const close = useCallback(() => setDeciding(null), []);
  const finished = useCallback((result: ActionResult) => {
    setDeciding(null);
    setDone(result.intent);
  }, []);
  const current = documents.find((document) => document.id === shown) ?? null;
  const linkTo = (id: string) => `/kyc?${new URLSearchParams({ ...(status === 'open' ? {} : { status }), dokument: id })}`;

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('playerName', {
          header: words.columns.player,
          cell: (info) => <Link to={`/spillere/${info.row.original.playerId}`}>{info.getValue()}</Link>,
        }),
        column.accessor('documentType', { header: words.columns.type, cell: (info) => label(da.documentTypes, info.getValue()) }),
        column.accessor('uploadedAt', { header: words.columns.uploadedAt, cell: (info) => formatDateTime(info.getValue()) }),
        column.accessor('status', {
          header: words.columns.status,
          cell: (info) => (
            <StatusBadge
              text={label(da.documentStatus, info.getValue())}
              tone={info.getValue() === 'approved' ? 'ok' : info.getValue() === 'rejected' ? 'bad' : 'neutral'}
              testId={`kyc-status-${info.row.original.id}`}
            />
          ),
        }),
        column.display({
          id: 'show',
          header: words.columns.show,
          cell: (info) => (
            <Link to={linkTo(info.row.original.id)} data-testid={`kyc-show-${info.row.original.id}`}>
              {words.show(info.row.original.name)}
            </Link>
          ),
        }),
      ]),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the links depend on the filter alone
    [status],
  );

  const decide = (decision: Decision) => {
    if (!current) return;
    setDone(null);
    setDeciding({ document: current, decision });
  };

  return (
    <>
      <div className="page-head">
        <h1>{words.title}</h1>
        <p className="muted">{words.intro}</p>
      </div>
      {done ? <Notice title={words.done[done] ?? words.done.approved!} testId="action-success" /> : null}
      <div className="kyc-layout">
        <section className="card">
          <FilterTabs
            label={words.filterLabel}
            filters={FILTERS}
            current={status}
            words={words.filters}
            href={(filter) => (filter === 'open' ? '/kyc' : `/kyc?status=${filter}`)}
            testIdPrefix="kyc-filter"
          />
          <DataTable
            caption={words.caption(words.filters[status] ?? status)}
            hideCaption
            columns={columns}
            data={documents}
            rowId={(row) => row.id}
            empty={words.none}
            testId="kyc-table"
          />
        </section>
        {current ? (
          <section className="card kyc-viewer" aria-labelledby="kyc-viewer-title" data-testid="kyc-viewer">
            <h2 id="kyc-viewer-title">
              {label(da.documentTypes, current.documentType)}: {current.playerName}
            </h2>
            <p className="muted small">
              {current.name} · {formatDateTime(current.uploadedAt)} · {label(da.documentStatus, current.status)}
            </p>
            {current.mediaType === 'application/pdf' ? (
              <iframe className="kyc-file" src={fileUrl(current.id)} title={words.fileTitle(current.name)} sandbox="" />
            ) : (
              <img className="kyc-file" src={fileUrl(current.id)} alt={words.fileTitle(current.name)} data-testid="kyc-image" />
            )}
            {current.rejectionReason ? <p>{words.rejectedBecause(current.rejectionReason)}</p> : null}
            {current.status === 'received' || current.status === 'in_review' ? (
              <div className="row-actions">
                {current.status === 'received' ? (
                  <button type="button" className="button" onClick={() => decide('in_review')} data-testid="kyc-review">
                    {words.takeInReview}
                  </button>
                ) : null}
                <button type="button" className="button primary" onClick={() => decide('approved')} data-testid="kyc-approve">
                  {words.approve}
                </button>
                <button type="button" className="button danger" onClick={() => decide('rejected')} data-testid="kyc-reject">
                  {words.reject}
                </button>
              </div>
            ) : null}
          </section>
        ) : null}
      </div>
      {deciding ? (
        <ReasonDialog
          title={words.dialogTitle[deciding.decision]}
          text={<p>{words.dialogText[deciding.decision]}</p>}
          intent={deciding.decision}
          fields={{ documentId: deciding.document.id }}
          submitLabel={words.dialogSubmit[deciding.decision]}
          danger={deciding.decision === 'rejected'}
          onCancel={close}
          onDone={finished}
        />
      ) : null}
    </>
  );
}
