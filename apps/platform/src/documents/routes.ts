import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config.js';
import { errorBody, iso, isoDateTime, isoOrNull, noStore, ok, sessionParams } from '../shared/http.js';
import { AppError, fail } from '../shared/errors.js';
import { perPlayerRateLimit } from '../shared/player-rate-limit.js';
import { MAX_FILES_PER_UPLOAD } from './inspect.js';
import { DOCUMENT_STATUSES } from './schema.js';
import type { DocumentsService, DocumentView, UploadedFile, UploadInput } from './service.js';

const tags = ['documents'];

const documentSchema = z.object({
  id: z.uuid(),
  documentType: z.string(),
  name: z.string(),
  mediaType: z.enum(['image/jpeg', 'image/png', 'application/pdf']),
  sizeBytes: z.number().int(),
  status: z.enum(DOCUMENT_STATUSES),
  rejectionReason: z.string().nullable(),
  createdAt: isoDateTime,
  reviewedAt: isoDateTime.nullable(),
});
const documentsAnswer = ok(z.object({ documents: z.array(documentSchema) }));

/**
 * The form as OpenAPI shows it. The handler reads the parts as they stream in, so nothing is
 * attached to the body and this schema never sees a request (hence optional).
 */
const uploadForm = z
  .object({
    documentType: z.string().max(60).meta({ description: 'An id of the `optionUploadFile` system config, e.g. `passport`' }),
    files: z
      .array(z.file())
      .min(1)
      .max(MAX_FILES_PER_UPLOAD)
      .meta({ description: 'JPEG, PNG, WebP or PDF, each at most DOCUMENTS_MAX_BYTES' }),
  })
  .nullish();

const toJson = (document: DocumentView) => ({
  ...document,
  mediaType: document.mediaType as z.infer<typeof documentSchema>['mediaType'],
  createdAt: iso(document.createdAt),
  reviewedAt: isoOrNull(document.reviewedAt),
});

/** The multipart form to the service's input, with the parser's limits turned into our codes. */
async function readUploadForm(request: FastifyRequest): Promise<UploadInput> {
  if (!request.isMultipart()) throw fail('UPLOAD_NO_FILES');
  let documentType = '';
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'documentType' && typeof part.value === 'string') documentType = part.value;
        continue;
      }
      if (part.fieldname !== 'files')
        throw fail('INVALID_INPUT', { fields: { [part.fieldname.slice(0, 40)]: 'validation.invalid_input' } });
      const bytes = await part.toBuffer();
      // A file input left empty still sends a part, with no name and no bytes.
      if (bytes.length === 0 && !part.filename) continue;
      files.push({ name: part.filename, bytes });
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw fail('UPLOAD_TOO_MANY_FILES');
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fail('UPLOAD_TOO_LARGE');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PROTO_VIOLATION') throw fail('INVALID_INPUT');
    if (error instanceof AppError) throw error;
    // Nothing here but the parser reads the request: its other errors (busboy's "Unexpected end of
    // form", "Malformed part header", …, with no code) are the sender's malformed body.
    throw fail('INVALID_INPUT');
  }
  return { documentType, files };
}

/**
 * Identity documents over HTTP. The storefront is the only caller: it holds the session token
 * and forwards the player's form. Multipart parsing is registered here only, with its limits.
 */
export const documentsRoutes: FastifyPluginAsyncZod<{ documents: DocumentsService; config: Config }> = async (
  app,
  { documents, config },
) => {
  await app.register(fastifyMultipart, {
    limits: {
      // One more than allowed, so a fifth file is seen and refused rather than dropped.
      files: MAX_FILES_PER_UPLOAD + 1,
      fileSize: config.DOCUMENTS_MAX_BYTES,
      fields: 4,
      fieldSize: 200,
      fieldNameSize: 100,
      parts: MAX_FILES_PER_UPLOAD + 5,
      headerPairs: 50,
    },
  });

  app.post(
    '/Players/documents/:sessionId',
    {
      schema: {
        tags,
        operationId: 'uploadDocuments',
        summary: 'Upload 1–4 identity documents of one type (multipart/form-data: documentType, files)',
        consumes: ['multipart/form-data'],
        params: sessionParams,
        body: uploadForm,
        response: {
          200: documentsAnswer,
          400: errorBody,
          401: errorBody,
          413: errorBody,
          415: errorBody,
          422: errorBody,
          429: errorBody,
          500: errorBody,
          502: errorBody,
        },
      },
      // Per player and address; counted before the multipart body is read (shared/player-rate-limit.ts).
      config: {
        rateLimit: perPlayerRateLimit({ max: config.DOCUMENTS_UPLOADS_PER_15_MINUTES, timeWindow: '15 minutes', hook: 'onRequest' }),
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      // Who is asking was settled (the session-player hook) before megabytes of form are read.
      const input = await readUploadForm(request);
      const stored = await documents.upload(request.player.id, input);
      return { result: 1 as const, data: { documents: stored.map(toJson) } };
    },
  );

  app.get(
    '/Players/documents/:sessionId',
    {
      schema: {
        tags,
        operationId: 'listDocuments',
        summary: 'The session’s player’s documents, newest first, with their review status',
        params: sessionParams,
        response: { 200: documentsAnswer, 401: errorBody },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return { result: 1 as const, data: { documents: (await documents.list(request.player.id)).map(toJson) } };
    },
  );
};
