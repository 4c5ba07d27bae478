import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useMemo, useState } from 'react';
import { Link, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { api, staffCall, staffWrite, type ActionResult } from '../api/client';
import type { Withdrawal, WithdrawalFilter } from '../api/types';
import { DataTable, features } from '../components/DataTable';
import { FilterTabs } from '../components/FilterTabs';
import { Notice } from '../components/Notice';
import { ReasonDialog } from '../components/ReasonDialog';
import { StatusBadge } from '../components/StatusBadge';
import { formatDateTime, formatKr, label } from '../format';
import { da } from '../i18n/da';
import { useTitle } from '../useTitle';
import { useMe } from './shell';

const FILTERS: WithdrawalFilter[] = ['open', 'held', 'sending', 'paid', 'closed'];
const words = da.withdrawals;
/** What a member does to a withdrawal: `propose` and `second` are the two halves of four eyes. */
type Step = 'hold' | 'approve' | 'propose' | 'second' | 'reject';

export async function withdrawalsLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const asked = url.searchParams.get('status');
  const status = FILTERS.find((filter) => filter === asked) ?? 'open';
  const data = await staffCall(api.GET('/Staff/withdrawals', { params: { query: { status } } }));
  return { status, ...data, shown: url.searchParams.get('udbetaling') };
}

export async function withdrawalsAction({ request }: ActionFunctionArgs): Promise<ActionResult> {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const withdrawalId = String(form.get('withdrawalId') ?? '');
  const reason = String(form.get('reason') ?? '').trim();
  if (reason.length < 3) return { ok: false, intent, message: da.dialog.reasonTooShort };
  const call = { params: { path: { withdrawalId } }, body: { reason } };
  if (intent === 'hold') return staffWrite(intent, api.POST('/Staff/withdrawals/{withdrawalId}/hold', call));
  // The first approval of a payout over the four-eyes amount is a proposal: the platform decides which.
  if (intent === 'approve' || intent === 'propose') return staffWrite(intent, api.POST('/Staff/withdrawals/{withdrawalId}/approve', call));
  if (intent === 'reject') return staffWrite(intent, api.POST('/Staff/withdrawals/{withdrawalId}/reject', call));
  if (intent === 'second') {
    const proposalId = String(form.get('proposalId') ?? '');
    return staffWrite(intent, api.POST('/Staff/proposals/{proposalId}/approve', { params: { path: { proposalId } }, body: { reason } }));
  }
  return { ok: false, intent, message: da.errors.generic };
}

const column = createColumnHelper<typeof features, Withdrawal>();
export const withdrawalTone = (status: string) =>
  status === 'paid' || status === 'sent'
    ? 'ok'
    : status === 'rejected' || status === 'failed'
      ? 'bad'
      : status === 'held'
        ? 'warn'
        : 'neutral';

/** The withdrawals queue: each with the player's context beside it, held, approved (four eyes over the set amount) or rejected. */
export function WithdrawalsPage() {
  const { status, withdrawals, fourEyesOverOre, shown } = useLoaderData<typeof withdrawalsLoader>();
  const me = useMe();
  useTitle(words.title);
  const [step, setStep] = useState<{ withdrawal: Withdrawal; step: Step } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const close = useCallback(() => setStep(null), []);
  const finished = useCallback((result: ActionResult) => {
    setStep(null);
    setDone(result.intent);
  }, []);
  const current = withdrawals.find((row) => row.id === shown) ?? null;
  const linkTo = (id: string) => `/udbetalinger?${new URLSearchParams({ ...(status === 'open' ? {} : { status }), udbetaling: id })}`;

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('playerName', {
          header: words.columns.player,
          cell: (info) => <Link to={`/spillere/${info.row.original.playerId}`}>{info.getValue()}</Link>,
        }),
        column.accessor('amountOre', {
          header: words.columns.amount,
          meta: { className: 'num' },
          cell: (info) => (
            <>
              {formatKr(info.getValue())}
              {info.row.original.needsApproval ? <span className="cell-note">{words.fourEyes}</span> : null}
            </>
          ),
        }),
        column.accessor('requestedAt', { header: words.columns.requestedAt, cell: (info) => formatDateTime(info.getValue()) }),
        column.accessor('status', {
          header: words.columns.status,
          cell: (info) => (
            <StatusBadge
              text={label(da.withdrawalStatus, info.getValue())}
              tone={withdrawalTone(info.getValue())}
              testId={`withdrawal-status-${info.row.original.id}`}
            />
          ),
        }),
        column.accessor((row) => row.context.depositsOre, {
          id: 'deposits',
          header: words.columns.deposits,
          meta: { className: 'num' },
          cell: (info) => formatKr(info.getValue()),
        }),
        column.display({
          id: 'show',
          header: words.columns.show,
          cell: (info) => (
            <Link
              to={linkTo(info.row.original.id)}
              aria-label={words.show(formatKr(info.row.original.amountOre), info.row.original.playerName)}
              data-testid={`withdrawal-show-${info.row.original.id}`}
            >
              {words.showShort}
            </Link>
          ),
        }),
      ]),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the links depend on the filter alone
    [status],
  );

  const start = (next: Step) => {
    if (!current) return;
    setDone(null);
    setStep({ withdrawal: current, step: next });
  };

  return (
    <>
      <div className="page-head">
        <h1>{words.title}</h1>
        <p className="muted">{words.intro(formatKr(fourEyesOverOre))}</p>
      </div>
      {done ? <Notice title={words.done[done] ?? words.done.approve!} testId="action-success" /> : null}
      <div className="kyc-layout">
        <section className="card">
          <FilterTabs
            label={words.filterLabel}
            filters={FILTERS}
            current={status}
            words={words.filters}
            href={(filter) => (filter === 'open' ? '/udbetalinger' : `/udbetalinger?status=${filter}`)}
            testIdPrefix="withdrawal-filter"
          />
          <DataTable
            caption={words.caption(words.filters[status] ?? status)}
            hideCaption
            columns={columns}
            data={withdrawals}
            rowId={(row) => row.id}
            empty={words.none}
            testId="withdrawal-table"
          />
        </section>
        {current ? <WithdrawalDetail withdrawal={current} meId={me.id} onStep={start} /> : null}
      </div>
      {step ? (
        <ReasonDialog
          title={words.dialogTitle[step.step]!}
          text={
            <p>
              <strong>{words.detailTitle(formatKr(step.withdrawal.amountOre), step.withdrawal.playerName)}.</strong>{' '}
              {words.dialogText[step.step]}
            </p>
          }
          intent={step.step}
          fields={{ withdrawalId: step.withdrawal.id, ...(step.withdrawal.proposal ? { proposalId: step.withdrawal.proposal.id } : {}) }}
          submitLabel={words.dialogTitle[step.step]!}
          danger={step.step === 'reject'}
          onCancel={close}
          onDone={finished}
        />
      ) : null}
    </>
  );
}

function WithdrawalDetail({ withdrawal, meId, onStep }: { withdrawal: Withdrawal; meId: string; onStep: (step: Step) => void }) {
  const { context } = withdrawal;
  const waiting = withdrawal.status === 'pending' || withdrawal.status === 'held';
  const unapproved = withdrawal.needsApproval && withdrawal.approvedAt === null;
  const proposal = withdrawal.proposal;
  const mine = proposal?.proposedBy.id === meId;
  // What "approve" is for this member: a plain approval, the first half of four eyes, or the second.
  const approval: Step | null = !waiting || mine ? null : !unapproved ? 'approve' : proposal ? 'second' : 'propose';
  const facts: [string, string][] = [
    [words.facts.requestedAt, formatDateTime(withdrawal.requestedAt)],
    [words.facts.sendAfter, formatDateTime(withdrawal.sendAfter)],
    [words.facts.expectedBy, formatDateTime(withdrawal.expectedBy)],
    [words.facts.verification, label(da.verification, context.verification)],
    [words.facts.playerStatus, label(da.playerStatus, context.playerStatus)],
    [words.facts.registeredAt, formatDateTime(context.registeredAt)],
    [words.facts.cash, formatKr(context.cashOre)],
    [words.facts.bonus, formatKr(context.bonusOre)],
    ...(withdrawal.forfeitedBonusOre > 0 ? [[words.facts.forfeited, formatKr(withdrawal.forfeitedBonusOre)] as [string, string]] : []),
  ];
  const play: [string, string][] = [
    [words.context.deposits, `${formatKr(context.depositsOre)} (${words.context.depositCount(context.depositCount)})`],
    [words.context.paidOut, formatKr(context.paidOutOre)],
    [words.context.stakes, formatKr(context.stakesOre)],
    [words.context.wins, formatKr(context.winsOre)],
    [words.context.net, formatKr(context.stakesOre - context.winsOre)],
  ];
  return (
    <section className="card kyc-viewer" aria-labelledby="withdrawal-detail-title" data-testid="withdrawal-detail">
      <h2 id="withdrawal-detail-title">{words.detailTitle(formatKr(withdrawal.amountOre), withdrawal.playerName)}</h2>
      <p>
        <StatusBadge
          text={label(da.withdrawalStatus, withdrawal.status)}
          tone={withdrawalTone(withdrawal.status)}
          testId="withdrawal-detail-status"
        />
      </p>
      <dl className="facts">
        {facts.map(([term, value]) => (
          <div key={term} className="fact">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h3 className="detail-subhead">{words.contextTitle(context.days)}</h3>
      <dl className="facts" data-testid="withdrawal-context">
        {play.map(([term, value]) => (
          <div key={term} className="fact">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {withdrawal.heldBy && withdrawal.status === 'held' ? (
        <p>{words.heldBy(withdrawal.heldBy.name, formatDateTime(withdrawal.heldAt), withdrawal.holdReason ?? '')}</p>
      ) : null}
      {withdrawal.approvedBy ? <p>{words.approvedBy(withdrawal.approvedBy.name, formatDateTime(withdrawal.approvedAt))}</p> : null}
      {withdrawal.rejectedBy ? (
        <p>{words.rejectedBy(withdrawal.rejectedBy.name, formatDateTime(withdrawal.rejectedAt), withdrawal.rejectionReason ?? '')}</p>
      ) : null}
      {waiting && unapproved ? (
        <p className="notice info" data-testid="withdrawal-four-eyes">
          {proposal ? (mine ? words.proposedByYou : words.proposedBy(proposal.proposedBy.name)) : words.needsFourEyes}
        </p>
      ) : null}
      {waiting ? (
        <div className="row-actions">
          {withdrawal.status === 'pending' ? (
            <button type="button" className="button" onClick={() => onStep('hold')} data-testid="withdrawal-hold">
              {words.hold}
            </button>
          ) : null}
          {approval ? (
            <button type="button" className="button primary" onClick={() => onStep(approval)} data-testid="withdrawal-approve">
              {approval === 'second' ? words.approveSecond : approval === 'propose' ? words.proposeApproval : words.approve}
            </button>
          ) : null}
          <button type="button" className="button danger" onClick={() => onStep('reject')} data-testid="withdrawal-reject">
            {words.reject}
          </button>
        </div>
      ) : null}
    </section>
  );
}
