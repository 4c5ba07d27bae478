import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONTENT_KINDS, type ContentEditing, type ContentKind } from '../content/service.js';
import type { Db } from '../db/client.js';
import { errorBody, iso, isoDateTime, isoOrNull, ok } from '../shared/http.js';
import { reasonBody } from './proposal-routes.js';
import { CONTENT_EDITORS } from './roles.js';
import type { StaffService } from './service.js';

const tags = ['staff'];
const refusals = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const itemParams = z.object({ kind: z.enum(CONTENT_KINDS), key: z.string().min(1).max(120) });
const revision = z.object({
  id: z.uuid(),
  data: z.unknown(),
  previous: z.unknown(),
  publishedBy: z.string(),
  publishedAt: isoDateTime,
  reason: z.string(),
});
const draft = z.object({ data: z.unknown(), updatedBy: z.string(), updatedAt: isoDateTime, previewUrl: z.string().nullable() });

/**
 * Editing the storefront's content in the back office (docs/backoffice.md, "Content"): the items of
 * each kind, an item with its draft and revisions, a draft saved (with a preview link on the
 * storefront for pages and news), published (live at once: the storefront's cache is revalidated),
 * a revision reverted; every publish and revert a staff action in the trail.
 */
export const contentRoutes: FastifyPluginAsyncZod<{
  db: Db;
  staff: StaffService;
  editing: ContentEditing;
  webPublicUrl: string;
  revalidate: () => Promise<boolean>;
  /** The platform's own cached reads of content (the dictionary), forgotten after a publish. */
  forget: () => void;
}> = async (app, { db, staff, editing, webPublicUrl, revalidate, forget }) => {
  const editor = staff.guard(CONTENT_EDITORS);
  const previewUrl = (token: string) => `${webPublicUrl.replace(/\/$/, '')}/forhaandsvisning/${token}`;

  app.get(
    '/Staff/content',
    {
      ...editor,
      schema: {
        tags,
        operationId: 'staffContent',
        summary: 'The items of one kind of content (pages, news, dictionary groups, settings, site documents), with any draft waiting',
        querystring: z.object({ kind: z.enum(CONTENT_KINDS).default('page') }),
        response: {
          200: ok(
            z.object({
              kind: z.enum(CONTENT_KINDS),
              items: z.array(
                z.object({
                  key: z.string(),
                  title: z.string(),
                  status: z.string().nullable(),
                  updatedAt: isoDateTime.nullable(),
                  draftAt: isoDateTime.nullable(),
                }),
              ),
            }),
          ),
          ...refusals,
        },
      },
    },
    async (request) => {
      const items = await editing.list(request.query.kind);
      return {
        result: 1 as const,
        data: {
          kind: request.query.kind,
          items: items.map((item) => ({ ...item, updatedAt: isoOrNull(item.updatedAt), draftAt: isoOrNull(item.draftAt) })),
        },
      };
    },
  );

  const itemAnswer = ok(
    z.object({
      kind: z.enum(CONTENT_KINDS),
      key: z.string(),
      /** What the storefront shows now; null for a new page or news item not yet published. */
      live: z.unknown(),
      draft: draft.nullable(),
      revisions: z.array(revision),
      /** Where the storefront shows it (pages and news). */
      url: z.string().nullable(),
      creatable: z.boolean(),
    }),
  );

  async function itemJson(kind: ContentKind, key: string, token?: string) {
    const found = await editing.item(kind, key);
    const names = await staff.memberNames([
      ...found.revisions.map((row) => row.publishedBy),
      ...(found.draft ? [found.draft.updatedBy] : []),
    ]);
    return {
      kind: found.kind,
      key: found.key,
      live: found.live,
      draft: found.draft
        ? {
            data: found.draft.data,
            updatedBy: names.get(found.draft.updatedBy) ?? '',
            updatedAt: iso(found.draft.updatedAt),
            // The token is shown once, when the draft is saved; its hash alone is kept.
            previewUrl: token && found.path ? previewUrl(token) : null,
          }
        : null,
      revisions: found.revisions.map((row) => ({
        id: row.id,
        data: row.data,
        previous: row.previous,
        publishedBy: names.get(row.publishedBy) ?? '',
        publishedAt: iso(row.publishedAt),
        reason: row.reason,
      })),
      url: found.path ? `${webPublicUrl.replace(/\/$/, '')}${found.path}` : null,
      creatable: found.creatable,
    };
  }

  app.get(
    '/Staff/content/:kind/:key',
    {
      ...editor,
      schema: {
        tags,
        operationId: 'staffContentItem',
        summary: 'One item: what is live, the draft waiting (if any) and the revisions published',
        params: itemParams,
        response: { 200: itemAnswer, ...refusals },
      },
    },
    async (request) => ({ result: 1 as const, data: await itemJson(request.params.kind, request.params.key) }),
  );

  app.put(
    '/Staff/content/:kind/:key/draft',
    {
      ...editor,
      schema: {
        tags,
        operationId: 'staffSaveContentDraft',
        summary: 'Saves the item’s draft (checked as its kind takes it); answers a preview link on the storefront, good for an hour',
        params: itemParams,
        body: z.object({ data: z.unknown() }),
        response: { 200: itemAnswer, ...refusals },
      },
      bodyLimit: 512 * 1024,
    },
    async (request) => {
      const { kind, key } = request.params;
      const { previewToken } = await editing.saveDraft(kind, key, request.body.data, request.staff.id);
      return { result: 1 as const, data: await itemJson(kind, key, previewToken) };
    },
  );

  app.delete(
    '/Staff/content/:kind/:key/draft',
    {
      ...editor,
      schema: {
        tags,
        operationId: 'staffDiscardContentDraft',
        summary: 'Discards the item’s draft',
        params: itemParams,
        response: { 200: itemAnswer, ...refusals },
      },
    },
    async (request) => {
      const { kind, key } = request.params;
      await editing.discardDraft(kind, key);
      return { result: 1 as const, data: await itemJson(kind, key) };
    },
  );

  const published = ok(z.object({ item: itemAnswer.shape.data, revalidated: z.boolean() }));

  for (const step of ['publish', 'revert'] as const) {
    app.post(
      `/Staff/content/:kind/:key/${step}`,
      {
        ...editor,
        schema: {
          tags,
          operationId: step === 'publish' ? 'staffPublishContent' : 'staffRevertContent',
          summary:
            step === 'publish'
              ? 'Publishes the draft, with a reason: live on the storefront at once (its cache revalidated), kept as a revision'
              : 'Undoes a revision, with a reason: what it replaced is published again, as a new revision',
          params: itemParams,
          body: step === 'publish' ? reasonBody : reasonBody.extend({ revisionId: z.uuid() }),
          response: { 200: published, ...refusals },
        },
      },
      async (request) => {
        const { kind, key } = request.params;
        const body = request.body as { reason: string; revisionId?: string };
        await db.transaction(async (tx) => {
          const { revision: made, previous } =
            step === 'publish'
              ? await editing.publish(tx, kind, key, request.staff.id, body.reason)
              : await editing.revert(tx, kind, key, body.revisionId!, request.staff.id, body.reason);
          await staff.record(tx, request.staff.id, {
            action: `content.${step}`,
            targetKind: `content:${kind}`,
            targetId: key,
            reason: body.reason,
            before: { revisionId: body.revisionId ?? null, data: previous },
            after: { revisionId: made.id, data: made.data },
          });
        });
        forget();
        const revalidated = await revalidate();
        return { result: 1 as const, data: { item: await itemJson(kind, key), revalidated } };
      },
    );
  }
};
