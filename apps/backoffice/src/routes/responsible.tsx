import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useMemo, useState } from 'react';
import { Link, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { api, staffCall, staffWrite, type ActionResult } from '../api/client';
import type { RiskFilter, RiskPlayer } from '../api/types';
import { DataTable, features } from '../components/DataTable';
import { FilterTabs } from '../components/FilterTabs';
import { Notice } from '../components/Notice';
import { ReasonDialog } from '../components/ReasonDialog';
import { playerStatusTone, StatusBadge } from '../components/StatusBadge';
import { formatDateTime, formatKr, label } from '../format';
import { da } from '../i18n/da';
import { useTitle } from '../useTitle';

const FILTERS: RiskFilter[] = ['to_contact', 'all'];
const CHANNELS = ['phone', 'email', 'letter'] as const;
const OUTCOMES = ['reached', 'not_reached'] as const;
const words = da.responsible;

export async function responsibleLoader({ request }: LoaderFunctionArgs) {
  const asked = new URL(request.url).searchParams.get('vis');
  const filter = asked === 'alle' ? 'all' : 'to_contact';
  const data = await staffCall(api.GET('/Staff/responsible', { params: { query: { filter } } }));
  return { filter: filter as RiskFilter, ...data };
}

export async function responsibleAction({ request }: ActionFunctionArgs): Promise<ActionResult> {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const playerId = String(form.get('playerId') ?? '');
  const reason = String(form.get('reason') ?? '').trim();
  const channel = CHANNELS.find((value) => value === form.get('channel'));
  const outcome = OUTCOMES.find((value) => value === form.get('outcome'));
  if (reason.length < 3) return { ok: false, intent, message: da.dialog.reasonTooShort };
  if (intent !== 'contact' || !channel || !outcome) return { ok: false, intent, message: da.errors.generic };
  return staffWrite(
    intent,
    api.POST('/Staff/players/{playerId}/rg-contacts', { params: { path: { playerId } }, body: { channel, outcome, reason } }),
  );
}

/** A marker in words, with its figure (øre shown as kroner, shares as percentages, else a count). */
export function markerText(kind: string, value: number) {
  const say = da.markers[kind];
  if (!say) return kind;
  return say(kind === 'deposits_rising' ? formatKr(value) : String(value));
}

const column = createColumnHelper<typeof features, RiskPlayer>();

/** Responsible gaming: players whose own data shows markers of risk, and compliance's contact with each, recorded. */
export function ResponsiblePage() {
  const { filter, windowDays, players } = useLoaderData<typeof responsibleLoader>();
  useTitle(words.title);
  const [contacting, setContacting] = useState<RiskPlayer | null>(null);
  const [done, setDone] = useState(false);
  const close = useCallback(() => setContacting(null), []);
  const finished = useCallback(() => {
    setContacting(null);
    setDone(true);
  }, []);

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('playerName', {
          header: words.columns.player,
          cell: (info) => <Link to={`/spillere/${info.row.original.playerId}`}>{info.getValue()}</Link>,
        }),
        column.accessor('playerStatus', {
          header: words.columns.status,
          cell: (info) => <StatusBadge text={label(da.playerStatus, info.getValue())} tone={playerStatusTone(info.getValue())} />,
        }),
        column.accessor('markers', {
          header: words.columns.markers,
          cell: (info) => (
            <ul className="marker-list" data-testid={`markers-${info.row.original.playerId}`}>
              {info.getValue().map((marker) => (
                <li key={marker.kind}>
                  <StatusBadge text={markerText(marker.kind, marker.value)} tone="warn" />
                </li>
              ))}
            </ul>
          ),
        }),
        column.accessor('lastContact', {
          header: words.columns.lastContact,
          cell: (info) => {
            const last = info.getValue();
            if (!last) return <span className="muted">{words.never}</span>;
            return (
              <>
                {words.lastContact(
                  formatDateTime(last.at),
                  last.staffName,
                  label(da.contactChannels, last.channel),
                  label(da.contactOutcomes, last.outcome),
                )}
                <span className="cell-note">{last.note}</span>
              </>
            );
          },
        }),
        column.display({
          id: 'actions',
          header: words.columns.actions,
          meta: { className: 'nowrap' },
          cell: (info) => (
            <button
              type="button"
              className="button small primary"
              aria-label={words.recordLabel(info.row.original.playerName)}
              onClick={() => {
                setDone(false);
                setContacting(info.row.original);
              }}
              data-testid={`contact-${info.row.original.playerId}`}
            >
              {words.record}
            </button>
          ),
        }),
      ]),
    [],
  );

  return (
    <>
      <div className="page-head">
        <h1>{words.title}</h1>
        <p className="muted">{words.intro(windowDays)}</p>
      </div>
      {done ? <Notice title={words.done} /> : null}
      <section className="card">
        <FilterTabs
          label={words.filterLabel}
          filters={FILTERS}
          current={filter}
          words={words.filters}
          href={(value) => (value === 'all' ? '/ansvarligt-spil?vis=alle' : '/ansvarligt-spil')}
          testIdPrefix="responsible-filter"
        />
        <DataTable
          caption={words.caption(words.filters[filter] ?? filter)}
          hideCaption
          columns={columns}
          data={players}
          rowId={(row) => row.playerId}
          empty={words.none}
          testId="responsible-table"
        />
      </section>
      {contacting ? (
        <ReasonDialog
          title={words.dialogTitle}
          text={<p>{words.dialogText(contacting.playerName)}</p>}
          intent="contact"
          fields={{ playerId: contacting.playerId }}
          submitLabel={words.record}
          onCancel={close}
          onDone={finished}
        >
          <div className="field">
            <label htmlFor="contact-channel">{words.channel}</label>
            <select id="contact-channel" name="channel" defaultValue="phone" data-testid="contact-channel">
              {CHANNELS.map((value) => (
                <option key={value} value={value}>
                  {label(da.contactChannels, value)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="contact-outcome">{words.outcome}</label>
            <select id="contact-outcome" name="outcome" defaultValue="reached" data-testid="contact-outcome">
              {OUTCOMES.map((value) => (
                <option key={value} value={value}>
                  {label(da.contactOutcomes, value)}
                </option>
              ))}
            </select>
          </div>
        </ReasonDialog>
      ) : null}
    </>
  );
}
