import { createColumnHelper } from '@tanstack/react-table';
import { Form, Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { api, staffCall } from '../api/client';
import type { PlayerSummary } from '../api/types';
import { DataTable, features } from '../components/DataTable';
import { playerStatusTone, StatusBadge } from '../components/StatusBadge';
import { formatDateTime, label } from '../format';
import { da } from '../i18n/da';
import { useTitle } from '../useTitle';

const MIN_QUERY = 2;

export async function playersLoader({ request }: LoaderFunctionArgs) {
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim();
  if (q.length < MIN_QUERY) return { q, players: null };
  const { players } = await staffCall(api.GET('/Staff/players', { params: { query: { q } } }));
  return { q, players };
}

const column = createColumnHelper<typeof features, PlayerSummary>();
const columns = column.columns([
  column.accessor('name', {
    header: da.players.columns.name,
    cell: (info) => (
      <Link to={`/spillere/${info.row.original.id}`} className="row-link" data-testid={`player-row-${info.row.original.id}`}>
        {info.getValue()}
      </Link>
    ),
  }),
  column.accessor('email', { header: da.players.columns.email }),
  column.accessor('phone', { header: da.players.columns.phone, meta: { className: 'nowrap' } }),
  column.accessor('status', {
    header: da.players.columns.status,
    cell: (info) => <StatusBadge text={label(da.playerStatus, info.getValue())} tone={playerStatusTone(info.getValue())} />,
  }),
  column.accessor('registeredAt', {
    header: da.players.columns.registeredAt,
    cell: (info) => formatDateTime(info.getValue()),
    meta: { className: 'nowrap' },
  }),
]);

export function PlayersPage() {
  const { q, players } = useLoaderData<typeof playersLoader>();
  useTitle(da.players.title);
  return (
    <>
      <div className="page-head">
        <h1>{da.players.title}</h1>
      </div>
      <section className="card">
        <Form method="get" role="search" className="search-form">
          <div className="field grow">
            <label htmlFor="player-search">{da.players.searchLabel}</label>
            <div className="search-row">
              <input
                key={q}
                id="player-search"
                name="q"
                type="search"
                defaultValue={q}
                required
                minLength={MIN_QUERY}
                maxLength={100}
                autoComplete="off"
                spellCheck={false}
                aria-describedby="player-search-hint"
                data-testid="player-search-input"
              />
              <button type="submit" className="button primary" data-testid="player-search-submit">
                {da.players.searchButton}
              </button>
            </div>
            <p id="player-search-hint" className="hint">
              {q && q.length < MIN_QUERY ? da.players.tooShort : da.players.searchHint}
            </p>
          </div>
        </Form>
      </section>
      {players ? (
        <section className="card" aria-live="polite">
          {players.length > 0 ? <p className="muted small">{da.players.count(players.length)}</p> : null}
          <DataTable
            caption={da.players.resultsCaption(q)}
            columns={columns}
            data={players}
            rowId={(row) => row.id}
            empty={da.players.none(q)}
            testId="player-results"
          />
        </section>
      ) : (
        <p className="muted">{da.players.start}</p>
      )}
    </>
  );
}
