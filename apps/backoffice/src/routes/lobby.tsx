import { useCallback, useEffect, useId, useState } from 'react';
import { Link, useFetcher, useLoaderData, type ActionFunctionArgs } from 'react-router';
import { api, ApiError, staffCall, type ActionResult } from '../api/client';
import type { Ok } from '../api/types';
import { Notice } from '../components/Notice';
import { ReasonDialog } from '../components/ReasonDialog';
import { StatusBadge } from '../components/StatusBadge';
import { da } from '../i18n/da';
import { useTitle } from '../useTitle';

const words = da.offers.lobby;
type Lobby = Ok<'/Staff/lobby', 'get'>;
type Row = Lobby['categories'][number];
type Title = Row['titles'][number];
type Found = Ok<'/Staff/games', 'get'>['items'][number];
const SLUG = /^[a-z0-9-]{1,60}$/;

export async function lobbyLoader() {
  return staffCall(api.GET('/Staff/lobby'));
}

export async function lobbyAction({ request }: ActionFunctionArgs): Promise<ActionResult> {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const slug = String(form.get('slug') ?? '');
  const reason = String(form.get('reason') ?? '').trim();
  if (reason.length < 3) return { ok: false, intent, message: da.dialog.reasonTooShort };
  const input = () => ({
    name: String(form.get('name') ?? '').trim(),
    gameIds: form.getAll('gameId').map(String),
    visible: form.has('visible'),
  });
  try {
    let answer: { revalidated: boolean };
    if (intent === 'create' || intent === 'update') {
      if (intent === 'create' && !SLUG.test(slug)) return { ok: false, intent, message: words.slugInvalid };
      const row = input();
      if (!row.name || row.name.length > 60) return { ok: false, intent, message: words.nameInvalid };
      answer = await staffCall(
        intent === 'create'
          ? api.POST('/Staff/lobby', { body: { slug, reason, ...row } })
          : api.PUT('/Staff/lobby/{slug}', { params: { path: { slug } }, body: { reason, ...row } }),
      );
    } else if (intent === 'up' || intent === 'down') {
      answer = await staffCall(api.POST('/Staff/lobby/{slug}/move', { params: { path: { slug } }, body: { reason, direction: intent } }));
    } else if (intent === 'remove') {
      answer = await staffCall(api.POST('/Staff/lobby/{slug}/remove', { params: { path: { slug } }, body: { reason } }));
    } else return { ok: false, intent, message: da.errors.generic };
    return { ok: true, intent, revalidated: answer.revalidated };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, intent, message: error.message, code: error.code };
    throw error;
  }
}

/** Titles in play by name or studio, for a row's "add" search. */
function TitleSearch({ onAdd, chosen }: { onAdd: (title: Found) => void; chosen: readonly string[] }) {
  const id = useId();
  const [q, setQ] = useState('');
  const [found, setFound] = useState<Found[] | null>(null);
  async function search() {
    const data = await staffCall(api.GET('/Staff/games', { params: { query: { q, state: 'enabled', page: 1 } } })).catch(() => null);
    setFound(data ? data.items.slice(0, 8) : []);
  }
  return (
    <div className="field">
      <label htmlFor={`${id}-q`}>{words.addTitle}</label>
      <p className="hint" id={`${id}-hint`}>
        {words.addTitleHint}
      </p>
      <div className="search-row">
        <input
          id={`${id}-q`}
          type="search"
          value={q}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setQ(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void search();
            }
          }}
          data-testid="lobby-search"
        />
        <button type="button" className="button" onClick={() => void search()} data-testid="lobby-search-button">
          {words.addSearch}
        </button>
      </div>
      {found ? (
        found.length === 0 ? (
          <p className="muted small">{words.noResults}</p>
        ) : (
          <ul className="title-list" aria-label={words.addTitle}>
            {found.map((title) => (
              <li key={title.id}>
                <span>
                  {title.name} <span className="muted small">{title.studio}</span>
                </span>
                <button
                  type="button"
                  className="button small"
                  disabled={chosen.includes(title.id)}
                  aria-label={words.add(title.name)}
                  onClick={() => onAdd(title)}
                  data-testid={`lobby-add-${title.id}`}
                >
                  {words.addShort}
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}

type Chosen = { id: string; name: string; off: boolean };

/** A row's editor: its name, whether it shows, its titles in order (added by search, moved, removed), and the reason. */
function RowEditor({ row, maxTitles, onClose }: { row: Row | null; maxTitles: number; onClose: (result?: ActionResult) => void }) {
  const fetcher = useFetcher<ActionResult>();
  const id = useId();
  const [titles, setTitles] = useState<Chosen[]>(
    (row?.titles ?? []).map((title: Title) => ({ id: title.id, name: title.name, off: title.disabledAt !== null || title.withdrawn })),
  );
  const busy = fetcher.state !== 'idle';
  const result = fetcher.data;
  useEffect(() => {
    if (!busy && result?.ok) onClose(result);
  }, [busy, result, onClose]);
  const move = (index: number, by: number) =>
    setTitles((list) => {
      const next = [...list];
      const [taken] = next.splice(index, 1);
      next.splice(index + by, 0, taken!);
      return next;
    });
  return (
    <section className="card" aria-labelledby={`${id}-title`} data-testid="lobby-editor">
      <h2 id={`${id}-title`}>{row ? words.editLabel(row.name) : words.newRow}</h2>
      <fetcher.Form method="post" className="content-form">
        <input type="hidden" name="intent" value={row ? 'update' : 'create'} />
        {row ? (
          <input type="hidden" name="slug" value={row.slug} />
        ) : (
          <div className="field">
            <label htmlFor={`${id}-slug`}>{words.slug}</label>
            <input id={`${id}-slug`} name="slug" aria-describedby={`${id}-slug-hint`} data-testid="lobby-slug" />
            <p id={`${id}-slug-hint`} className="hint">
              {words.slugHint}
            </p>
          </div>
        )}
        <div className="field">
          <label htmlFor={`${id}-name`}>{words.name}</label>
          <input id={`${id}-name`} name="name" defaultValue={row?.name ?? ''} maxLength={60} data-testid="lobby-name" />
        </div>
        <div className="field check">
          <input type="checkbox" id={`${id}-visible`} name="visible" defaultChecked={row?.visible ?? true} />
          <label htmlFor={`${id}-visible`}>{words.visible}</label>
        </div>
        <h3>{words.titles}</h3>
        <p className="muted small">{words.count(titles.length, maxTitles)}</p>
        {titles.length === 0 ? (
          <p className="muted">{words.noTitles}</p>
        ) : (
          <ol className="title-list" data-testid="lobby-editor-titles">
            {titles.map((title, index) => (
              <li key={title.id}>
                <span>
                  {title.name} {title.off ? <span className="muted small">({words.titleOff})</span> : null}
                </span>
                <input type="hidden" name="gameId" value={title.id} />
                <button
                  type="button"
                  className="button small"
                  disabled={index === 0}
                  aria-label={words.titleUp(title.name)}
                  onClick={() => move(index, -1)}
                >
                  {words.up}
                </button>
                <button
                  type="button"
                  className="button small"
                  disabled={index === titles.length - 1}
                  aria-label={words.titleDown(title.name)}
                  onClick={() => move(index, 1)}
                >
                  {words.down}
                </button>
                <button
                  type="button"
                  className="button small"
                  aria-label={words.titleRemove(title.name)}
                  onClick={() => setTitles((list) => list.filter((each) => each.id !== title.id))}
                >
                  {words.remove}
                </button>
              </li>
            ))}
          </ol>
        )}
        {titles.length < maxTitles ? (
          <TitleSearch
            chosen={titles.map((title) => title.id)}
            onAdd={(found) => setTitles((list) => [...list, { id: found.id, name: found.name, off: false }])}
          />
        ) : null}
        <div className="field">
          <label htmlFor={`${id}-reason`}>{words.reason}</label>
          <textarea id={`${id}-reason`} name="reason" rows={2} data-testid="lobby-reason" />
        </div>
        {result && !result.ok && !busy ? (
          <p className="form-error" role="alert" data-testid="action-error">
            {result.message}
          </p>
        ) : null}
        <div className="form-actions">
          <button type="submit" className="button primary" disabled={busy} data-testid="lobby-save">
            {row ? words.save : words.create}
          </button>
          <button type="button" className="button" onClick={() => onClose()}>
            {words.cancel}
          </button>
        </div>
      </fetcher.Form>
    </section>
  );
}

type Step = { row: Row; intent: 'up' | 'down' | 'remove' };

/** The lobby's own rows in their order: each with its titles, moved, edited, hidden or removed; a new one added. */
export function LobbyPage() {
  const { categories, maxTitles } = useLoaderData<typeof lobbyLoader>();
  useTitle(words.title);
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const [step, setStep] = useState<Step | null>(null);
  const [done, setDone] = useState<ActionResult | null>(null);
  const closeEditor = useCallback((result?: ActionResult) => (setEditing(null), setDone(result ?? null)), []);
  const closeStep = useCallback(() => setStep(null), []);
  const stepDone = useCallback((result: ActionResult) => (setStep(null), setDone(result)), []);
  return (
    <>
      <div className="page-head title-row">
        <div>
          <h1>{words.title}</h1>
          <p className="muted">{words.intro}</p>
        </div>
        <button type="button" className="button primary" onClick={() => (setDone(null), setEditing('new'))} data-testid="lobby-new">
          {words.newRow}
        </button>
      </div>
      <p className="breadcrumb">
        <Link to="/spil">{da.offers.games.title}</Link>
      </p>
      {done?.ok ? <Notice title={done.revalidated === false ? da.offers.games.notTold : words.saved} /> : null}
      {editing ? (
        <RowEditor
          key={editing === 'new' ? 'new' : editing.slug}
          row={editing === 'new' ? null : editing}
          maxTitles={maxTitles}
          onClose={closeEditor}
        />
      ) : null}
      {categories.length === 0 ? (
        <p className="muted">{words.none}</p>
      ) : (
        <ol className="lobby-rows" data-testid="lobby-rows">
          {categories.map((row, index) => (
            <li key={row.slug} className="card" data-testid={`lobby-row-${row.slug}`}>
              <div className="title-row">
                <h2>{row.name}</h2>
                <StatusBadge text={row.visible ? words.shown : words.hidden} tone={row.visible ? 'ok' : 'neutral'} />
                <span className="muted small mono">{row.slug}</span>
              </div>
              {row.titles.length === 0 ? (
                <p className="muted">{words.noTitles}</p>
              ) : (
                <ol className="title-list">
                  {row.titles.map((title) => (
                    <li key={title.id}>
                      <span>
                        {title.name} {title.disabledAt || title.withdrawn ? <span className="muted small">({words.titleOff})</span> : null}
                      </span>
                    </li>
                  ))}
                </ol>
              )}
              <div className="form-actions">
                <button
                  type="button"
                  className="button small"
                  disabled={index === 0}
                  aria-label={words.rowUp(row.name)}
                  onClick={() => (setDone(null), setStep({ row, intent: 'up' }))}
                  data-testid={`lobby-up-${row.slug}`}
                >
                  {words.up}
                </button>
                <button
                  type="button"
                  className="button small"
                  disabled={index === categories.length - 1}
                  aria-label={words.rowDown(row.name)}
                  onClick={() => (setDone(null), setStep({ row, intent: 'down' }))}
                  data-testid={`lobby-down-${row.slug}`}
                >
                  {words.down}
                </button>
                <button
                  type="button"
                  className="button small"
                  aria-label={words.editLabel(row.name)}
                  onClick={() => (setDone(null), setEditing(row))}
                  data-testid={`lobby-edit-${row.slug}`}
                >
                  {words.edit}
                </button>
                <button
                  type="button"
                  className="button small danger"
                  aria-label={words.removeRowLabel(row.name)}
                  onClick={() => (setDone(null), setStep({ row, intent: 'remove' }))}
                  data-testid={`lobby-remove-${row.slug}`}
                >
                  {words.removeRow}
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {step ? (
        <ReasonDialog
          title={step.intent === 'remove' ? words.removeTitle(step.row.name) : words.moveTitle(step.row.name)}
          text={step.intent === 'remove' ? words.removeText : words.moveText}
          intent={step.intent}
          fields={{ slug: step.row.slug }}
          submitLabel={step.intent === 'remove' ? words.removeRow : step.intent === 'up' ? words.up : words.down}
          danger={step.intent === 'remove'}
          onCancel={closeStep}
          onDone={stepDone}
        />
      ) : null}
    </>
  );
}
