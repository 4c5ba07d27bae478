import { createColumnHelper } from '@tanstack/react-table';
import { Link, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { api, staffCall, staffWrite, type ActionResult } from '../api/client';
import type { Ok } from '../api/types';
import { DataTable, features } from '../components/DataTable';
import { TextForm } from '../components/TextForm';
import { Section } from '../components/Section';
import { StatusBadge } from '../components/StatusBadge';
import { formatDateTime, label } from '../format';
import { da } from '../i18n/da';
import { can } from '../roles';
import { playerIdOf } from './player-history';
import { markerText } from './responsible';
import { useMe } from './shell';
import { messageTone } from './support';

/** The player's page's tabs of what is known of the person: notes, support messages, ROFUS checks, markers and contacts. */
const words = da.player;

/* Notes */

export async function notesLoader({ params }: LoaderFunctionArgs) {
  return staffCall(api.GET('/Staff/players/{playerId}/notes', { params: { path: { playerId: playerIdOf(params) } } }));
}

export async function notesAction({ params, request }: ActionFunctionArgs): Promise<ActionResult> {
  const form = await request.formData();
  const text = String(form.get('text') ?? '').trim();
  if (text.length < 3) return { ok: false, intent: 'note', message: words.noteTooShort };
  return staffWrite(
    'note',
    api.POST('/Staff/players/{playerId}/notes', { params: { path: { playerId: playerIdOf(params) } }, body: { text } }),
  );
}

export function PlayerNotes() {
  const { notes } = useLoaderData<typeof notesLoader>();
  return (
    <Section id="notes" title={words.tabs.notes}>
      <p className="muted">{words.notesIntro}</p>
      <TextForm
        name="note"
        label={words.noteLabel}
        hint={words.noteHint}
        rows={3}
        maxLength={2000}
        submitLabel={words.noteSubmit}
        doneTitle={words.noteSaved}
      />
      {notes.length === 0 ? (
        <p className="empty">{words.noNotes}</p>
      ) : (
        <ol className="notes" aria-label={words.notesCaption} data-testid="player-notes">
          {notes.map((note) => (
            <li key={note.id} className="note">
              <p className="note-text">{note.text}</p>
              <p className="muted small">{words.noteBy(note.staffName, formatDateTime(note.createdAt))}</p>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

/* ROFUS */

type RofusCheck = Ok<'/Staff/players/{playerId}/rofus-checks', 'get'>['checks'][number];

export async function rofusLoader({ params }: LoaderFunctionArgs) {
  return staffCall(api.GET('/Staff/players/{playerId}/rofus-checks', { params: { path: { playerId: playerIdOf(params) } } }));
}

const check = createColumnHelper<typeof features, RofusCheck>();
const checkColumns = check.columns([
  check.accessor('checkedAt', { header: words.rofusColumns.checkedAt, cell: (info) => formatDateTime(info.getValue()) }),
  check.accessor('occasion', { header: words.rofusColumns.occasion, cell: (info) => label(words.rofusOccasions, info.getValue()) }),
  check.accessor('outcome', {
    header: words.rofusColumns.outcome,
    cell: (info) => (
      <StatusBadge
        text={label(words.rofusOutcomes, info.getValue())}
        tone={info.getValue() === 'clear' ? 'ok' : info.getValue() === 'unavailable' ? 'warn' : 'bad'}
      />
    ),
  }),
  check.accessor('excludedUntil', { header: words.rofusColumns.until, cell: (info) => info.getValue() ?? da.notSet }),
]);

export function PlayerRofus() {
  const { checks } = useLoaderData<typeof rofusLoader>();
  return (
    <Section id="rofus" title={words.tabs.rofus}>
      <p className="muted">{words.rofusIntro}</p>
      <DataTable
        caption={words.rofusCaption}
        hideCaption
        columns={checkColumns}
        data={checks}
        empty={words.noRofus}
        testId="player-rofus"
      />
    </Section>
  );
}

/* Responsible gaming */

type Contact = Ok<'/Staff/players/{playerId}/rg-contacts', 'get'>['contacts'][number];

export async function playerResponsibleLoader({ params }: LoaderFunctionArgs) {
  return staffCall(api.GET('/Staff/players/{playerId}/rg-contacts', { params: { path: { playerId: playerIdOf(params) } } }));
}

const contact = createColumnHelper<typeof features, Contact>();
const contactColumns = contact.columns([
  contact.accessor('at', { header: words.contactColumns.at, cell: (info) => formatDateTime(info.getValue()) }),
  contact.accessor('staffName', { header: words.contactColumns.staff }),
  contact.accessor('channel', { header: words.contactColumns.channel, cell: (info) => label(da.contactChannels, info.getValue()) }),
  contact.accessor('outcome', { header: words.contactColumns.outcome, cell: (info) => label(da.contactOutcomes, info.getValue()) }),
  contact.accessor('note', { header: words.contactColumns.note, meta: { className: 'wrap' } }),
  contact.accessor('markers', {
    header: words.contactColumns.markers,
    meta: { className: 'wrap' },
    cell: (info) =>
      info
        .getValue()
        .map((m) => markerText(m.kind, m.value))
        .join(', ') || da.notSet,
  }),
]);

export function PlayerResponsible() {
  const { windowDays, markers, contacts } = useLoaderData<typeof playerResponsibleLoader>();
  return (
    <>
      <Section id="markers" title={words.markersTitle}>
        <p className="muted">{words.markersIntro(windowDays)}</p>
        {markers.length === 0 ? (
          <p className="empty">{words.noMarkers}</p>
        ) : (
          <ul className="marker-list" data-testid="player-markers">
            {markers.map((marker) => (
              <li key={marker.kind}>
                <StatusBadge text={markerText(marker.kind, marker.value)} tone="warn" />
              </li>
            ))}
          </ul>
        )}
        <p>
          <Link to="/ansvarligt-spil?vis=alle">{da.shell.responsible}</Link>
        </p>
      </Section>
      <Section id="contacts" title={words.contactsCaption}>
        <DataTable
          caption={words.contactsCaption}
          hideCaption
          columns={contactColumns}
          data={contacts}
          rowId={(row) => row.id}
          empty={words.noContacts}
          testId="player-contacts"
        />
      </Section>
    </>
  );
}

/* Support messages */

export async function playerMessagesLoader({ params }: LoaderFunctionArgs) {
  return staffCall(api.GET('/Staff/players/{playerId}/messages', { params: { path: { playerId: playerIdOf(params) } } }));
}

type PlayerMessage = Ok<'/Staff/players/{playerId}/messages', 'get'>['messages'][number];
const message = createColumnHelper<typeof features, PlayerMessage>();
const messageColumns = (linked: boolean) =>
  message.columns([
    message.accessor('createdAt', {
      header: da.support.columns.receivedAt,
      cell: (info) => formatDateTime(info.getValue()),
      meta: { className: 'nowrap' },
    }),
    message.accessor('subject', {
      header: da.support.columns.subject,
      cell: (info) =>
        linked ? (
          <Link to={`/support/${info.row.original.id}`}>{label(da.contactSubjects, info.getValue())}</Link>
        ) : (
          label(da.contactSubjects, info.getValue())
        ),
    }),
    message.accessor('message', { header: da.support.message, meta: { className: 'wrap' } }),
    message.accessor('status', {
      header: da.support.columns.status,
      cell: (info) => <StatusBadge text={label(da.messageStatus, info.getValue())} tone={messageTone(info.getValue())} />,
    }),
  ]);

export function PlayerMessages() {
  const { messages } = useLoaderData<typeof playerMessagesLoader>();
  const me = useMe();
  return (
    <Section id="messages" title={words.tabs.messages}>
      <DataTable
        caption={words.messagesCaption}
        hideCaption
        columns={messageColumns(can.workSupport(me.roles))}
        data={messages}
        rowId={(row) => row.id}
        empty={words.noMessages}
        testId="player-messages"
      />
    </Section>
  );
}

/* Who looked */

type Read = Ok<'/Staff/players/{playerId}/reads', 'get'>['reads'][number];

export async function readsLoader({ params }: LoaderFunctionArgs) {
  return staffCall(api.GET('/Staff/players/{playerId}/reads', { params: { path: { playerId: playerIdOf(params) } } }));
}

const read = createColumnHelper<typeof features, Read>();
const readColumns = read.columns([
  read.accessor('at', { header: words.readColumns.at, cell: (info) => formatDateTime(info.getValue()), meta: { className: 'nowrap' } }),
  read.accessor('staffName', { header: words.readColumns.staff }),
  read.accessor('view', { header: words.readColumns.view, cell: (info) => label(words.readViews, info.getValue()) }),
]);

/** Who looked at the player's data in the back office, newest first: what a player may ask the operator (compliance). */
export function PlayerReads() {
  const { reads } = useLoaderData<typeof readsLoader>();
  return (
    <Section id="reads" title={words.tabs.reads}>
      <p className="muted">{words.readsIntro}</p>
      <DataTable caption={words.readsCaption} hideCaption columns={readColumns} data={reads} empty={words.noReads} testId="player-reads" />
    </Section>
  );
}
