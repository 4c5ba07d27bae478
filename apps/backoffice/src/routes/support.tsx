import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useState } from 'react';
import { Link, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { api, staffCall, staffWrite, type ActionResult } from '../api/client';
import type { Ok } from '../api/types';
import { DataTable, features } from '../components/DataTable';
import { FilterTabs } from '../components/FilterTabs';
import { Notice } from '../components/Notice';
import { TextForm } from '../components/TextForm';
import { ReasonDialog } from '../components/ReasonDialog';
import { StatusBadge } from '../components/StatusBadge';
import { formatDateTime, label } from '../format';
import { da } from '../i18n/da';
import { useTitle } from '../useTitle';

const words = da.support;
type Filter = 'open' | 'answered' | 'closed' | 'all';
const FILTERS: Filter[] = ['open', 'answered', 'closed', 'all'];
export type SupportMessage = Ok<'/Staff/support/messages', 'get'>['messages'][number];

export const messageTone = (status: string) => (status === 'open' ? 'warn' : status === 'answered' ? 'ok' : 'neutral');

export async function supportLoader({ request }: LoaderFunctionArgs) {
  const asked = new URL(request.url).searchParams.get('vis');
  const status = FILTERS.find((filter) => filter === asked) ?? 'open';
  const data = await staffCall(api.GET('/Staff/support/messages', { params: { query: { status } } }));
  return { status, ...data };
}

/** The player a message concerns, as a link; a guest's found by the same e-mail is marked so. */
export function MessagePlayer({ player }: { player: SupportMessage['player'] }) {
  if (!player) return <span className="muted">{words.noPlayer}</span>;
  return (
    <>
      <Link to={`/spillere/${player.id}`}>{player.name}</Link>
      {player.linkedBy === 'email' ? (
        <span className="cell-note" title={words.linkedByEmailHint}>
          {words.linkedByEmail}
        </span>
      ) : null}
    </>
  );
}

const column = createColumnHelper<typeof features, SupportMessage>();
const columns = column.columns([
  column.accessor('createdAt', {
    header: words.columns.receivedAt,
    cell: (info) => formatDateTime(info.getValue()),
    meta: { className: 'nowrap' },
  }),
  column.accessor('name', {
    header: words.columns.from,
    cell: (info) => (
      <>
        {info.getValue()}
        <span className="cell-note">
          {info.row.original.kind === 'guest' ? `${info.row.original.email} · ${words.guest}` : info.row.original.email}
        </span>
      </>
    ),
  }),
  column.accessor('subject', { header: words.columns.subject, cell: (info) => label(da.contactSubjects, info.getValue()) }),
  column.accessor('player', { header: words.columns.player, cell: (info) => <MessagePlayer player={info.getValue()} /> }),
  column.accessor('status', {
    header: words.columns.status,
    cell: (info) => (
      <StatusBadge
        text={label(da.messageStatus, info.getValue())}
        tone={messageTone(info.getValue())}
        testId={`message-status-${info.row.original.id}`}
      />
    ),
  }),
  column.display({
    id: 'show',
    header: words.columns.show,
    cell: (info) => (
      <Link
        to={`/support/${info.row.original.id}`}
        aria-label={words.show(info.row.original.name, label(da.contactSubjects, info.row.original.subject))}
        data-testid={`message-show-${info.row.original.id}`}
      >
        {words.showShort}
      </Link>
    ),
  }),
]);

/** The support inbox: the contact form's messages, those waiting for an answer first. */
export function SupportPage() {
  const { status, messages } = useLoaderData<typeof supportLoader>();
  useTitle(words.title);
  return (
    <>
      <div className="page-head">
        <h1>{words.title}</h1>
        <p className="muted">{words.intro}</p>
      </div>
      <FilterTabs
        label={words.filterLabel}
        filters={FILTERS}
        current={status}
        words={words.filters}
        href={(filter) => (filter === 'open' ? '/support' : `/support?vis=${filter}`)}
        testIdPrefix="support-filter"
      />
      <section className="card">
        <DataTable
          caption={words.caption(words.filters[status] ?? status)}
          hideCaption
          columns={columns}
          data={messages}
          rowId={(row) => row.id}
          empty={words.none}
          testId="support-messages"
        />
      </section>
    </>
  );
}

export async function supportMessageLoader({ params }: LoaderFunctionArgs) {
  const messageId = params.messageId ?? '';
  return staffCall(api.GET('/Staff/support/messages/{messageId}', { params: { path: { messageId } } }));
}

export async function supportMessageAction({ params, request }: ActionFunctionArgs): Promise<ActionResult> {
  const messageId = params.messageId ?? '';
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  if (intent === 'reply') {
    const text = String(form.get('text') ?? '').trim();
    if (text.length < 3) return { ok: false, intent, message: words.replyTooShort };
    return staffWrite(intent, api.POST('/Staff/support/messages/{messageId}/reply', { params: { path: { messageId } }, body: { text } }));
  }
  if (intent === 'close') {
    const reason = String(form.get('reason') ?? '').trim();
    if (reason.length < 3) return { ok: false, intent, message: da.dialog.reasonTooShort };
    return staffWrite(intent, api.POST('/Staff/support/messages/{messageId}/close', { params: { path: { messageId } }, body: { reason } }));
  }
  return { ok: false, intent, message: da.errors.generic };
}

/** One message: who wrote, about what, the player, the text, the answers sent, and the answer form. */
export function SupportMessagePage() {
  const { message, replies, closedBy } = useLoaderData<typeof supportMessageLoader>();
  useTitle(`${words.title}: ${message.name}`);
  const [closing, setClosing] = useState(false);
  const [closedNow, setClosedNow] = useState(false);
  const cancel = useCallback(() => setClosing(false), []);
  const finished = useCallback(() => {
    setClosing(false);
    setClosedNow(true);
  }, []);
  const open = message.status !== 'closed';

  return (
    <>
      <p className="breadcrumb">
        <Link to="/support">← {words.back}</Link>
      </p>
      <div className="page-head player-head">
        <div>
          <div className="title-row">
            <h1>{label(da.contactSubjects, message.subject)}</h1>
            <StatusBadge text={label(da.messageStatus, message.status)} tone={messageTone(message.status)} testId="message-status" />
          </div>
          <p className="muted">{formatDateTime(message.createdAt)}</p>
        </div>
        {open ? (
          <div className="actions">
            <button type="button" className="button" onClick={() => setClosing(true)} data-testid="message-close">
              {words.close}
            </button>
          </div>
        ) : null}
      </div>
      {closedNow ? <Notice title={words.closed} /> : null}

      <div className="grid">
        <section className="card" aria-labelledby="message-title">
          <h2 id="message-title">{words.message}</h2>
          <p className="message-text" data-testid="message-text">
            {message.message}
          </p>
        </section>
        <section className="card" aria-labelledby="sender-title">
          <h2 id="sender-title">{words.from}</h2>
          <dl className="facts">
            <div className="fact">
              <dt>{words.from}</dt>
              <dd>
                {message.name} {message.kind === 'guest' ? <span className="muted">({words.guest})</span> : null}
              </dd>
            </div>
            <div className="fact">
              <dt>{words.email}</dt>
              <dd>{message.email}</dd>
            </div>
            <div className="fact">
              <dt>{words.phone}</dt>
              <dd>{message.phone || da.notSet}</dd>
            </div>
            <div className="fact">
              <dt>{words.player}</dt>
              <dd data-testid="message-player">
                <MessagePlayer player={message.player} />
              </dd>
            </div>
          </dl>
        </section>
      </div>

      <section className="card" aria-labelledby="replies-title">
        <h2 id="replies-title">{words.replies}</h2>
        {replies.length === 0 ? (
          <p className="empty">{words.noReplies}</p>
        ) : (
          <ol className="notes" data-testid="message-replies">
            {replies.map((reply) => (
              <li key={reply.id} className="note">
                <p className="note-text">{reply.text}</p>
                <p className="muted small">{words.replyBy(reply.staffName, formatDateTime(reply.sentAt), reply.sentTo)}</p>
              </li>
            ))}
          </ol>
        )}
        {closedBy ? <p className="muted">{words.closedBy(closedBy.name, formatDateTime(message.closedAt))}</p> : null}
        {open ? (
          <TextForm
            name="reply"
            intent="reply"
            label={words.replyLabel}
            hint={words.replyHint}
            rows={6}
            maxLength={5000}
            submitLabel={words.replySubmit}
            doneTitle={words.replySent}
          />
        ) : null}
      </section>

      {closing ? (
        <ReasonDialog
          title={words.closeTitle}
          text={<p>{words.closeText}</p>}
          intent="close"
          submitLabel={words.close}
          onCancel={cancel}
          onDone={finished}
        />
      ) : null}
    </>
  );
}
