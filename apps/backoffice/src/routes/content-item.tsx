import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useState } from 'react';
import { Form, Link, useActionData, useLoaderData, useNavigation, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { api, ApiError, staffCall, type ActionResult } from '../api/client';
import type { Ok } from '../api/types';
import { DataTable, features } from '../components/DataTable';
import { Notice } from '../components/Notice';
import { ReasonDialog } from '../components/ReasonDialog';
import { StatusBadge } from '../components/StatusBadge';
import { formatDateTime, label } from '../format';
import { da } from '../i18n/da';
import { useTitle } from '../useTitle';
import { KINDS, type Kind } from './content';

const words = da.content;
type Item = Ok<'/Staff/content/{kind}/{key}', 'get'>;
type Revision = Item['revisions'][number];
type Data = Record<string, unknown>;

const paramsOf = (params: LoaderFunctionArgs['params']) => {
  const kind = KINDS.find((value) => value === params.kind);
  if (!kind) throw new ApiError(404, 'CONTENT_NOT_FOUND', da.errors.notFound);
  return { kind, key: params.key ?? '' };
};

export async function contentItemLoader({ params }: LoaderFunctionArgs) {
  return staffCall(api.GET('/Staff/content/{kind}/{key}', { params: { path: paramsOf(params) } }));
}

/** What the form holds, as its kind's data (JSON fields parsed; null with a message when they are not JSON). */
function dataOf(kind: Kind, form: FormData): Data | string {
  const text = (name: string) => String(form.get(name) ?? '');
  const json = (name: string): unknown => JSON.parse(text(name));
  try {
    if (kind === 'page')
      return { title: text('title'), metaDescription: text('metaDescription'), body: text('body'), status: text('status') };
    if (kind === 'news')
      return {
        title: text('title'),
        subLine: text('subLine'),
        image: text('image'),
        body: text('body'),
        status: text('status'),
        showArticleInNewsList: form.has('showArticleInNewsList'),
        showDateTime: form.has('showDateTime'),
        publicDate: text('publicDate'),
      };
    if (kind === 'campaign')
      return {
        title: text('title'),
        subLine: text('subLine'),
        image: text('image'),
        body: text('body'),
        terms: text('terms'),
        category: text('category'),
        ctaText: text('ctaText'),
        ctaUrl: text('ctaUrl'),
        status: text('status'),
        startsAt: text('startsAt'),
        endsAt: text('endsAt'),
      };
    if (kind === 'landing')
      return {
        title: text('title'),
        heroText: text('heroText'),
        heroImage: text('heroImage'),
        bullets: text('bullets')
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean),
        ctaText: text('ctaText'),
        ctaUrl: text('ctaUrl'),
        body: text('body'),
        terms: text('terms'),
        status: text('status'),
      };
    if (kind === 'seo')
      return {
        metaTitle: text('metaTitle'),
        metaDescription: text('metaDescription'),
        metaKeyWords: text('metaKeyWords'),
        metaRobot: text('metaRobot'),
        siteName: text('siteName'),
        siteUrl: text('siteUrl'),
        ogtitle: text('ogtitle'),
        ogdescription: text('ogdescription'),
        ogimage: text('ogimage'),
      };
    if (kind === 'menu') return { items: json('items') };
    if (kind === 'translations')
      return Object.fromEntries(
        [...form.entries()].filter(([name]) => name.startsWith('t:')).map(([name, value]) => [name.slice(2), String(value)]),
      );
    if (kind === 'config') return { value: json('value') };
    return json('document') as Data;
  } catch {
    return words.fields.jsonInvalid;
  }
}

export async function contentItemAction({ params, request }: ActionFunctionArgs): Promise<ActionResult> {
  const path = paramsOf(params);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  try {
    if (intent === 'save') {
      const data = dataOf(path.kind, form);
      if (typeof data === 'string') return { ok: false, intent, message: data };
      const saved = await staffCall(api.PUT('/Staff/content/{kind}/{key}/draft', { params: { path }, body: { data } }));
      return { ok: true, intent, previewUrl: saved.draft?.previewUrl ?? null };
    }
    if (intent === 'discard') {
      await staffCall(api.DELETE('/Staff/content/{kind}/{key}/draft', { params: { path } }));
      return { ok: true, intent };
    }
    const reason = String(form.get('reason') ?? '').trim();
    if (reason.length < 3) return { ok: false, intent, message: da.dialog.reasonTooShort };
    if (intent === 'publish') {
      const done = await staffCall(api.POST('/Staff/content/{kind}/{key}/publish', { params: { path }, body: { reason } }));
      return { ok: true, intent, revalidated: done.revalidated };
    }
    if (intent === 'revert') {
      const revisionId = String(form.get('revisionId') ?? '');
      const done = await staffCall(api.POST('/Staff/content/{kind}/{key}/revert', { params: { path }, body: { reason, revisionId } }));
      return { ok: true, intent, revalidated: done.revalidated };
    }
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, intent, message: error.message, code: error.code };
    throw error;
  }
  return { ok: false, intent, message: da.errors.generic };
}

function Field(props: { name: string; label: string; value: unknown; hint?: string; long?: boolean; rows?: number }) {
  const id = `field-${props.name}`;
  const value =
    typeof props.value === 'string' ? props.value : props.value === undefined || props.value === null ? '' : String(props.value);
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      {props.long ? (
        <textarea
          id={id}
          name={props.name}
          defaultValue={value}
          rows={props.rows ?? 8}
          aria-describedby={props.hint ? `${id}-hint` : undefined}
          data-testid={id}
        />
      ) : (
        <input id={id} name={props.name} defaultValue={value} aria-describedby={props.hint ? `${id}-hint` : undefined} data-testid={id} />
      )}
      {props.hint ? (
        <p id={`${id}-hint`} className="hint">
          {props.hint}
        </p>
      ) : null}
    </div>
  );
}

function StatusField({ value }: { value: unknown }) {
  return (
    <div className="field">
      <label htmlFor="field-status">{words.fields.status}</label>
      <select id="field-status" name="status" defaultValue={value === 'draft' ? 'draft' : 'published'} data-testid="field-status">
        <option value="published">{words.statuses.published}</option>
        <option value="draft">{words.statuses.draft}</option>
      </select>
    </div>
  );
}

function Check({ name, label: text, value }: { name: string; label: string; value: unknown }) {
  return (
    <div className="field check">
      <input type="checkbox" id={`field-${name}`} name={name} defaultChecked={value !== false} />
      <label htmlFor={`field-${name}`}>{text}</label>
    </div>
  );
}

/** The kind's fields, filled with the draft (or what is live, or nothing for a new item). */
function Fields({ kind, data }: { kind: Kind; data: Data }) {
  const f = words.fields;
  if (kind === 'page')
    return (
      <>
        <Field name="title" label={f.title} value={data.title} />
        <Field name="metaDescription" label={f.metaDescription} value={data.metaDescription} />
        <Field name="body" label={f.body} value={data.body} hint={f.bodyHint} long rows={14} />
        <StatusField value={data.status} />
      </>
    );
  if (kind === 'news')
    return (
      <>
        <Field name="title" label={f.title} value={data.title} />
        <Field name="subLine" label={f.subLine} value={data.subLine} long rows={2} />
        <Field name="image" label={f.image} value={data.image} />
        <Field name="body" label={f.body} value={data.body} hint={f.bodyHint} long rows={14} />
        <Field name="publicDate" label={f.publicDate} value={data.publicDate ?? new Date().toISOString()} hint={f.publicDateHint} />
        <Check name="showArticleInNewsList" label={f.showArticleInNewsList} value={data.showArticleInNewsList} />
        <Check name="showDateTime" label={f.showDateTime} value={data.showDateTime} />
        <StatusField value={data.status} />
      </>
    );
  if (kind === 'campaign')
    return (
      <>
        <Field name="title" label={f.title} value={data.title} />
        <Field name="subLine" label={f.subLine} value={data.subLine} long rows={2} />
        <Field name="image" label={f.image} value={data.image} />
        <Field name="body" label={f.body} value={data.body} hint={f.bodyHint} long rows={12} />
        <Field name="terms" label={f.terms} value={data.terms} hint={f.bodyHint} long rows={8} />
        <div className="form-grid">
          <Field name="category" label={f.category} value={data.category ?? 'bonus'} />
          <Field name="ctaText" label={f.ctaText} value={data.ctaText} />
          <Field name="ctaUrl" label={f.ctaUrl} value={data.ctaUrl} hint={f.linkHint} />
          <Field name="startsAt" label={f.startsAt} value={data.startsAt ?? new Date().toISOString()} hint={f.publicDateHint} />
          <Field name="endsAt" label={f.endsAt} value={data.endsAt} hint={f.publicDateHint} />
        </div>
        <StatusField value={data.status} />
      </>
    );
  if (kind === 'landing')
    return (
      <>
        <Field name="title" label={f.title} value={data.title} />
        <Field name="heroText" label={f.heroText} value={data.heroText} long rows={3} />
        <Field name="heroImage" label={f.image} value={data.heroImage} />
        <Field
          name="bullets"
          label={f.bullets}
          value={Array.isArray(data.bullets) ? data.bullets.join('\n') : ''}
          hint={f.bulletsHint}
          long
          rows={8}
        />
        <div className="form-grid">
          <Field name="ctaText" label={f.ctaText} value={data.ctaText} />
          <Field name="ctaUrl" label={f.ctaUrl} value={data.ctaUrl} hint={f.linkHint} />
        </div>
        <Field name="body" label={f.body} value={data.body} hint={f.bodyHint} long rows={12} />
        <Field name="terms" label={f.terms} value={data.terms} hint={f.bodyHint} long rows={8} />
        <StatusField value={data.status} />
      </>
    );
  if (kind === 'seo')
    return (
      <>
        <Field name="metaTitle" label={f.metaTitle} value={data.metaTitle} />
        <Field name="metaDescription" label={f.metaDescription} value={data.metaDescription} long rows={2} />
        <Field name="metaKeyWords" label={f.metaKeyWords} value={data.metaKeyWords} />
        <div className="field">
          <label htmlFor="field-metaRobot">{f.metaRobot}</label>
          <select
            id="field-metaRobot"
            name="metaRobot"
            defaultValue={String(data.metaRobot ?? 'index,follow')}
            data-testid="field-metaRobot"
          >
            {['index,follow', 'noindex,follow', 'index,nofollow', 'noindex,nofollow'].map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </div>
        <div className="form-grid">
          <Field name="siteName" label={f.siteName} value={data.siteName} />
          <Field name="siteUrl" label={f.siteUrl} value={data.siteUrl} />
        </div>
        <Field name="ogtitle" label={f.ogtitle} value={data.ogtitle} />
        <Field name="ogdescription" label={f.ogdescription} value={data.ogdescription} long rows={2} />
        <Field name="ogimage" label={f.ogimage} value={data.ogimage} />
      </>
    );
  if (kind === 'menu')
    return <Field name="items" label={f.menuItems} value={JSON.stringify(data.items, null, 2)} hint={f.menuHint} long rows={24} />;
  if (kind === 'translations')
    return (
      <table className="data-table translation-table">
        <caption className="visually-hidden">{words.kinds.translations}</caption>
        <thead>
          <tr>
            <th scope="col">{words.keyColumn}</th>
            <th scope="col">{words.textColumn}</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(data).map(([key, value]) => (
            <tr key={key}>
              <th scope="row" className="mono small">
                <label htmlFor={`t-${key}`}>{key}</label>
              </th>
              <td>
                <textarea
                  id={`t-${key}`}
                  name={`t:${key}`}
                  defaultValue={String(value)}
                  rows={String(value).length > 90 ? 3 : 1}
                  data-testid={`t-${key}`}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  if (kind === 'config')
    return <Field name="value" label={f.value} value={JSON.stringify(data.value, null, 2)} hint={f.jsonHint} long rows={10} />;
  return <Field name="document" label={f.document} value={JSON.stringify(data, null, 2)} hint={f.jsonHint} long rows={24} />;
}

/** What a revision changed: a dictionary group's keys, or the whole item. */
const changeOf = (kind: Kind, revision: Revision) =>
  kind === 'translations' && revision.data && typeof revision.data === 'object'
    ? words.changedKeys(Object.keys(revision.data).join(', '))
    : words.wholeItem;

type Dialog = { step: 'publish' } | { step: 'revert'; revision: Revision } | null;

/** One item's editor: the fields (draft or live), save, preview on the site, publish, and its revisions with undo. */
export function ContentItemPage() {
  const item = useLoaderData<typeof contentItemLoader>();
  const kind = item.kind as Kind;
  const saved = useActionData<typeof contentItemAction>();
  const navigation = useNavigation();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [done, setDone] = useState<ActionResult | null>(null);
  const close = useCallback(() => setDialog(null), []);
  const finished = useCallback((result: ActionResult) => {
    setDialog(null);
    setDone(result);
  }, []);
  const live = item.live as Data | null;
  const shown = ((item.draft?.data as Data | undefined) ?? live ?? {}) as Data;
  const title = typeof shown.title === 'string' && shown.title ? shown.title : item.key;
  useTitle(`${words.title}: ${title}`);
  const busy = navigation.state === 'submitting';
  const lastSave = saved && saved.intent === 'save' ? saved : null;

  const revisionColumn = createColumnHelper<typeof features, Revision>();
  const revisionColumns = revisionColumn.columns([
    revisionColumn.accessor('publishedAt', { header: words.revisionColumns.at, cell: (info) => formatDateTime(info.getValue()) }),
    revisionColumn.accessor('publishedBy', { header: words.revisionColumns.by }),
    revisionColumn.accessor('reason', { header: words.revisionColumns.reason, meta: { className: 'wrap' } }),
    revisionColumn.display({ id: 'change', header: words.revisionColumns.change, cell: (info) => changeOf(kind, info.row.original) }),
    revisionColumn.display({
      id: 'undo',
      header: words.revisionColumns.undo,
      cell: (info) => (
        <button
          type="button"
          className="button small"
          onClick={() => {
            setDone(null);
            setDialog({ step: 'revert', revision: info.row.original });
          }}
          aria-label={words.revertLabel(formatDateTime(info.row.original.publishedAt))}
          data-testid={`content-revert-${info.row.index}`}
        >
          {words.revert}
        </button>
      ),
    }),
  ]);

  return (
    <>
      <p className="breadcrumb">
        <Link to={kind === 'page' ? '/indhold' : `/indhold?type=${kind}`}>← {words.back}</Link>
      </p>
      <div className="page-head player-head">
        <div>
          <div className="title-row">
            <h1>{title}</h1>
            <StatusBadge
              text={live ? words.live : words.notLive}
              tone={live && live.status !== 'draft' ? 'ok' : 'neutral'}
              testId="content-live"
            />
          </div>
          <p className="muted">
            {label(words.kindSingular, kind)} · <span className="mono">{item.key}</span>
            {item.url && live ? (
              <>
                {' · '}
                <a href={item.url} target="_blank" rel="noopener noreferrer">
                  {words.viewOnSite}
                </a>
              </>
            ) : null}
          </p>
        </div>
        <div className="actions">
          {item.draft ? (
            <button
              type="button"
              className="button primary"
              onClick={() => {
                setDone(null);
                setDialog({ step: 'publish' });
              }}
              data-testid="content-publish"
            >
              {words.publish}
            </button>
          ) : null}
        </div>
      </div>

      {done?.ok && (done.intent === 'publish' || done.intent === 'revert') ? (
        <Notice title={done.intent === 'publish' ? words.published : words.reverted}>
          {done.revalidated === false ? words.publishedLater : null}
        </Notice>
      ) : null}
      {lastSave?.ok && item.draft ? (
        <Notice title={words.saved} testId="content-saved">
          {lastSave.previewUrl ? (
            <>
              <a href={lastSave.previewUrl} target="_blank" rel="noopener noreferrer" data-testid="content-preview">
                {words.preview}
              </a>{' '}
              <span className="muted small">({words.previewHint})</span>
            </>
          ) : null}
        </Notice>
      ) : null}

      <section className="card" aria-labelledby="draft-title">
        <h2 id="draft-title">{words.draft}</h2>
        <p className="muted small" data-testid="content-draft-state">
          {item.draft ? words.draftBy(item.draft.updatedBy, formatDateTime(item.draft.updatedAt)) : words.noDraft}
        </p>
        <Form method="post" className="content-form" key={item.draft?.updatedAt ?? 'live'}>
          <Fields kind={kind} data={shown} />
          {saved && !saved.ok && !busy ? (
            <p className="form-error" role="alert" data-testid="action-error">
              {saved.message}
            </p>
          ) : null}
          <div className="form-actions">
            <button type="submit" name="intent" value="save" className="button primary" disabled={busy} data-testid="content-save">
              {words.save}
            </button>
            {item.draft ? (
              <button
                type="submit"
                name="intent"
                value="discard"
                className="button"
                formNoValidate
                disabled={busy}
                data-testid="content-discard"
              >
                {words.discard}
              </button>
            ) : null}
          </div>
        </Form>
      </section>

      <section className="card" aria-labelledby="revisions-title">
        <h2 id="revisions-title">{words.revisions}</h2>
        <DataTable
          caption={words.revisions}
          hideCaption
          columns={revisionColumns}
          data={item.revisions}
          rowId={(row) => row.id}
          empty={words.noRevisions}
          testId="content-revisions"
        />
      </section>

      {dialog?.step === 'publish' ? (
        <ReasonDialog
          title={words.publishTitle}
          text={<p>{words.publishText}</p>}
          intent="publish"
          submitLabel={words.publish}
          onCancel={close}
          onDone={finished}
        />
      ) : null}
      {dialog?.step === 'revert' ? (
        <ReasonDialog
          title={words.revertTitle}
          text={<p>{words.revertText}</p>}
          intent="revert"
          fields={{ revisionId: dialog.revision.id }}
          submitLabel={words.revert}
          onCancel={close}
          onDone={finished}
        />
      ) : null}
    </>
  );
}
