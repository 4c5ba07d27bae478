import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useState } from 'react';
import { Form, Link, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { api, ApiError, staffCall, type ActionResult } from '../api/client';
import type { Ok } from '../api/types';
import { DataTable, features } from '../components/DataTable';
import { Notice } from '../components/Notice';
import { ReasonDialog } from '../components/ReasonDialog';
import { StatusBadge } from '../components/StatusBadge';
import { label } from '../format';
import { da } from '../i18n/da';
import { useTitle } from '../useTitle';

const words = da.offers.games;
type Title = Ok<'/Staff/games', 'get'>['items'][number];
const TYPES = ['slot', 'table', 'live'] as const;
const STATES = ['all', 'enabled', 'disabled'] as const;

export async function gamesLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const q = url.searchParams.get('q')?.trim() ?? '';
  const type = TYPES.find((value) => value === url.searchParams.get('type'));
  const state = STATES.find((value) => value === url.searchParams.get('vis')) ?? 'all';
  const page = Math.max(1, Number(url.searchParams.get('side')) || 1);
  const data = await staffCall(
    api.GET('/Staff/games', { params: { query: { ...(q ? { q } : {}), ...(type ? { type } : {}), state, page } } }),
  );
  return { q, type: type ?? '', state, ...data };
}

export async function gamesAction({ request }: ActionFunctionArgs): Promise<ActionResult> {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const gameId = String(form.get('gameId') ?? '');
  const reason = String(form.get('reason') ?? '').trim();
  if (reason.length < 3) return { ok: false, intent, message: da.dialog.reasonTooShort };
  if (intent !== 'disable' && intent !== 'enable') return { ok: false, intent, message: da.errors.generic };
  const path = { params: { path: { gameId } }, body: { reason } };
  try {
    const { revalidated } = await staffCall(
      intent === 'disable' ? api.POST('/Staff/games/{gameId}/disable', path) : api.POST('/Staff/games/{gameId}/enable', path),
    );
    return { ok: true, intent, revalidated };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, intent, message: error.message, code: error.code };
    throw error;
  }
}

type Pending = { title: Title; step: 'disable' | 'enable' };

/** The catalogue's titles: search, on or off the site, and the step to take one off or put it back. */
export function GamesPage() {
  const { q, type, state, items, page, pageSize, total } = useLoaderData<typeof gamesLoader>();
  useTitle(words.title);
  const [pending, setPending] = useState<Pending | null>(null);
  const [done, setDone] = useState<ActionResult | null>(null);
  const close = useCallback(() => setPending(null), []);
  const finished = useCallback((result: ActionResult) => (setPending(null), setDone(result)), []);
  const query = (changes: Record<string, string | number>) => {
    const params = new URLSearchParams({ ...(q ? { q } : {}), ...(type ? { type } : {}), ...(state !== 'all' ? { vis: state } : {}) });
    for (const [key, value] of Object.entries(changes)) params.set(key, String(value));
    return `/spil?${params.toString()}`;
  };

  const column = createColumnHelper<typeof features, Title>();
  const columns = column.columns([
    column.accessor('name', {
      header: words.columns.name,
      cell: (info) => (
        <>
          {info.getValue()}
          <span className="cell-note mono">{info.row.original.id}</span>
        </>
      ),
    }),
    column.accessor('studio', { header: words.columns.studio }),
    column.accessor('gameType', { header: words.columns.type, cell: (info) => label(words.types, info.getValue()) }),
    column.accessor('rtp', {
      header: words.columns.rtp,
      cell: (info) => `${(info.getValue() * 100).toFixed(2).replace('.', ',')} %`,
      meta: { className: 'num' },
    }),
    column.display({
      id: 'state',
      header: words.columns.state,
      cell: (info) => {
        const title = info.row.original;
        if (title.withdrawn) return <StatusBadge text={words.withdrawn} tone="neutral" testId={`game-state-${title.id}`} />;
        if (title.disabledAt)
          return (
            <>
              <StatusBadge text={words.off} tone="bad" testId={`game-state-${title.id}`} />
              {title.disabledReason ? <span className="cell-note">{words.offBecause(title.disabledReason)}</span> : null}
            </>
          );
        return <StatusBadge text={words.onSite} tone="ok" testId={`game-state-${title.id}`} />;
      },
    }),
    column.display({
      id: 'action',
      header: words.columns.action,
      cell: (info) => {
        const title = info.row.original;
        if (title.withdrawn) return null;
        const step = title.disabledAt ? 'enable' : 'disable';
        return (
          <button
            type="button"
            className={step === 'disable' ? 'button small' : 'button small primary'}
            aria-label={step === 'disable' ? words.disableLabel(title.name) : words.enableLabel(title.name)}
            onClick={() => (setDone(null), setPending({ title, step }))}
            data-testid={`game-${step}-${title.id}`}
          >
            {step === 'disable' ? words.disable : words.enable}
          </button>
        );
      },
    }),
  ]);

  const last = Math.max(1, Math.ceil(total / pageSize));
  return (
    <>
      <div className="page-head">
        <h1>{words.title}</h1>
        <p className="muted">{words.intro}</p>
      </div>
      <p className="breadcrumb">
        <Link to="/lobby">{da.offers.lobby.title}</Link>
      </p>
      {done?.ok ? <Notice title={done.revalidated === false ? words.notTold : words.done} /> : null}
      <section className="card">
        <Form method="get" className="inline-form" role="search">
          <div className="field">
            <label htmlFor="games-q">{words.searchLabel}</label>
            <input id="games-q" name="q" type="search" defaultValue={q} data-testid="games-q" />
          </div>
          <div className="field">
            <label htmlFor="games-type">{words.typeLabel}</label>
            <select id="games-type" name="type" defaultValue={type}>
              <option value="">{words.allTypes}</option>
              {TYPES.map((value) => (
                <option key={value} value={value}>
                  {words.types[value]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="games-state">{words.stateLabel}</label>
            <select id="games-state" name="vis" defaultValue={state} data-testid="games-state">
              {STATES.map((value) => (
                <option key={value} value={value}>
                  {words.states[value]}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button primary" data-testid="games-search">
            {words.search}
          </button>
        </Form>
        <DataTable
          caption={words.caption}
          hideCaption
          columns={columns}
          data={items}
          rowId={(row) => row.id}
          empty={words.none}
          testId="games"
        />
        {total > pageSize ? (
          <nav className="pager" aria-label={words.caption}>
            <span className="muted small">{words.shown((page - 1) * pageSize + 1, Math.min(total, page * pageSize), total)}</span>
            {page > 1 ? <Link to={query({ side: page - 1 })}>{words.previous}</Link> : null}
            {page < last ? <Link to={query({ side: page + 1 })}>{words.next}</Link> : null}
          </nav>
        ) : null}
      </section>
      {pending ? (
        <ReasonDialog
          title={pending.step === 'disable' ? words.disableTitle(pending.title.name) : words.enableTitle(pending.title.name)}
          text={pending.step === 'disable' ? words.disableText : words.enableText}
          intent={pending.step}
          fields={{ gameId: pending.title.id }}
          submitLabel={pending.step === 'disable' ? words.disable : words.enable}
          danger={pending.step === 'disable'}
          onCancel={close}
          onDone={finished}
        />
      ) : null}
    </>
  );
}
