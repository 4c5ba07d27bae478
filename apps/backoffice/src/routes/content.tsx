import { createColumnHelper } from '@tanstack/react-table';
import { useState, type FormEvent } from 'react';
import { Link, useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { api, staffCall } from '../api/client';
import type { Ok } from '../api/types';
import { DataTable, features } from '../components/DataTable';
import { FilterTabs } from '../components/FilterTabs';
import { StatusBadge } from '../components/StatusBadge';
import { formatDateTime, label } from '../format';
import { da } from '../i18n/da';
import { useTitle } from '../useTitle';

const words = da.content;
export const KINDS = ['page', 'news', 'campaign', 'landing', 'seo', 'menu', 'translations', 'config', 'document'] as const;
export type Kind = (typeof KINDS)[number];
type Entry = Ok<'/Staff/content', 'get'>['items'][number];
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export async function contentLoader({ request }: LoaderFunctionArgs) {
  const asked = new URL(request.url).searchParams.get('type');
  const kind = KINDS.find((value) => value === asked) ?? 'page';
  return staffCall(api.GET('/Staff/content', { params: { query: { kind } } }));
}

const column = createColumnHelper<typeof features, Entry>();
const columnsOf = (kind: Kind) =>
  column.columns([
    column.accessor('title', {
      header: words.columns.title,
      cell: (info) => (
        <Link
          to={`/indhold/${kind}/${info.row.original.key}`}
          aria-label={words.editLabel(info.getValue())}
          data-testid={`content-edit-${info.row.original.key}`}
        >
          {info.getValue()}
        </Link>
      ),
    }),
    column.accessor('key', { header: words.columns.key, meta: { className: 'mono small' } }),
    column.accessor('status', {
      header: words.columns.status,
      cell: (info) => {
        const status = info.getValue();
        if (kind !== 'page' && kind !== 'news') return status ?? da.notSet;
        return status ? <StatusBadge text={label(words.statuses, status)} tone={status === 'published' ? 'ok' : 'neutral'} /> : da.notSet;
      },
    }),
    column.accessor('updatedAt', { header: words.columns.updatedAt, cell: (info) => formatDateTime(info.getValue()) }),
    column.accessor('draftAt', {
      header: words.columns.draft,
      cell: (info) =>
        info.getValue() ? <StatusBadge text={words.draftWaiting(formatDateTime(info.getValue()))} tone="warn" /> : da.notSet,
    }),
  ]);

/** A new page or news item: its address first, then its editor. */
function NewItem({ kind }: { kind: Kind }) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const slug = String(new FormData(event.currentTarget).get('slug') ?? '').trim();
    if (!SLUG.test(slug)) return setError(words.newSlugInvalid);
    void navigate(`/indhold/${kind}/${slug}`);
  }
  return (
    <form className="inline-form" onSubmit={submit} aria-label={words.newTitle[kind]}>
      <div className="field">
        <label htmlFor="new-slug">{words.newSlug}</label>
        <input id="new-slug" name="slug" required maxLength={120} aria-describedby="new-slug-hint" data-testid="content-new-slug" />
        <p id="new-slug-hint" className="hint">
          {words.newSlugHint}
        </p>
      </div>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button" data-testid="content-new">
        {words.newTitle[kind]}
      </button>
    </form>
  );
}

/** The content of one kind: each item with its status and any draft waiting; pages and news may be made new. */
export function ContentPage() {
  const { kind, items } = useLoaderData<typeof contentLoader>();
  useTitle(words.title);
  return (
    <>
      <div className="page-head">
        <h1>{words.title}</h1>
        <p className="muted">{words.intro}</p>
      </div>
      <FilterTabs
        label={words.kindLabel}
        filters={KINDS}
        current={kind}
        words={words.kinds}
        href={(value) => (value === 'page' ? '/indhold' : `/indhold?type=${value}`)}
        testIdPrefix="content-kind"
      />
      <section className="card">
        {kind === 'page' || kind === 'news' || kind === 'campaign' ? <NewItem kind={kind} /> : null}
        <DataTable
          caption={words.caption(words.kinds[kind] ?? kind)}
          hideCaption
          columns={columnsOf(kind)}
          data={items}
          rowId={(row) => row.key}
          empty={words.none}
          testId="content-items"
        />
      </section>
    </>
  );
}
