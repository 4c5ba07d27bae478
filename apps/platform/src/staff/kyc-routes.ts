import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { DOCUMENT_STATUSES, type DocumentStatus } from '../documents/schema.js';
import { VERIFICATION_LEVELS, type DocumentsService } from '../documents/service.js';
import type { StaffAccess } from '../players/staff-access.js';
import { errorBody, iso, isoDateTime, isoOrNull, ok } from '../shared/http.js';
import { KYC_REVIEWERS } from './roles.js';
import type { StaffService } from './service.js';

const tags = ['staff'];
const refusals = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const FILTERS = {
  open: ['received', 'in_review'],
  received: ['received'],
  in_review: ['in_review'],
  approved: ['approved'],
  rejected: ['rejected'],
} as const satisfies Record<string, readonly DocumentStatus[]>;
const documentParams = z.object({ documentId: z.uuid() });
const queueEntry = z.object({
  id: z.uuid(),
  playerId: z.uuid(),
  playerName: z.string(),
  documentType: z.string(),
  name: z.string(),
  mediaType: z.string(),
  sizeBytes: z.number().int(),
  status: z.enum(DOCUMENT_STATUSES),
  rejectionReason: z.string().nullable(),
  uploadedAt: isoDateTime,
  reviewedAt: isoDateTime.nullable(),
});

/**
 * KYC in the back office (docs/backoffice.md): the queue of uploaded documents, each file viewed in
 * the browser, and the decision with a reason (a rejection's reason is what the player sees); the
 * player's verification level follows from the approved documents.
 */
export const kycRoutes: FastifyPluginAsyncZod<{ db: Db; staff: StaffService; access: StaffAccess; documents: DocumentsService }> = async (
  app,
  { db, staff, access, documents },
) => {
  const reviewer = staff.guard(KYC_REVIEWERS);

  app.get(
    '/Staff/documents',
    {
      ...reviewer,
      schema: {
        tags,
        operationId: 'staffDocuments',
        summary: 'The KYC queue: documents waiting for a decision (oldest first), or those in one status',
        querystring: z.object({ status: z.enum(Object.keys(FILTERS) as [keyof typeof FILTERS]).default('open') }),
        response: { 200: ok(z.object({ documents: z.array(queueEntry) })), ...refusals },
      },
    },
    async (request) => {
      const rows = await documents.queue(FILTERS[request.query.status]);
      const names = await access.names(rows.map((row) => row.playerId));
      return {
        result: 1 as const,
        data: {
          documents: rows.map((row) => ({
            id: row.id,
            playerId: row.playerId,
            playerName: names.get(row.playerId) ?? '',
            documentType: row.documentType,
            name: row.name,
            mediaType: row.mediaType,
            sizeBytes: row.sizeBytes,
            status: row.status,
            rejectionReason: row.rejectionReason,
            uploadedAt: iso(row.createdAt),
            reviewedAt: isoOrNull(row.reviewedAt),
          })),
        },
      };
    },
  );

  app.get(
    '/Staff/documents/:documentId/file',
    {
      ...reviewer,
      schema: {
        tags,
        operationId: 'staffDocumentFile',
        summary: 'A document’s file as the player uploaded it (re-encoded), to be viewed in the browser',
        params: documentParams,
        response: { ...refusals },
      },
    },
    async (request, reply) => {
      const found = await documents.file(request.params.documentId);
      // Shown in the reviewer's browser only: never a page of its own (sandboxed, no script), never cached.
      return (
        reply
          .headers({
            'content-type': found.mediaType,
            'content-disposition': 'inline',
            'content-security-policy': "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
            'x-content-type-options': 'nosniff',
          })
          // The file's bytes, not a JSON answer: the schema documents the refusals only.
          .send(Buffer.from(found.bytes) as never)
      );
    },
  );

  app.post(
    '/Staff/documents/:documentId/decision',
    {
      ...reviewer,
      schema: {
        tags,
        operationId: 'staffDecideDocument',
        summary: 'Takes a document into review, approves it or rejects it, with a reason (a rejection’s is shown to the player)',
        params: documentParams,
        body: z.object({ status: z.enum(['in_review', 'approved', 'rejected']), reason: z.string().trim().min(3).max(500) }),
        response: { 200: ok(z.object({ status: z.enum(DOCUMENT_STATUSES), verification: z.enum(VERIFICATION_LEVELS) })), ...refusals },
      },
    },
    async (request) => {
      const { documentId } = request.params;
      const { status, reason } = request.body;
      const before = await documents.find(documentId);
      const decided = await db.transaction(async (tx) => {
        const view = await documents.review(documentId, { status, reason: status === 'rejected' ? reason : null }, tx);
        await staff.record(tx, request.staff.id, {
          action: `document.${status}`,
          targetKind: 'player',
          targetId: before.playerId,
          reason,
          before: { documentId, documentType: before.documentType, status: before.status },
          after: { documentId, documentType: before.documentType, status: view.status },
        });
        return view;
      });
      return { result: 1 as const, data: { status: decided.status, verification: await documents.verification(before.playerId) } };
    },
  );
};
