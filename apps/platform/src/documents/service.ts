import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../config.js';
import type { ContentService } from '../content/service.js';
import type { Db } from '../db/client.js';
import { fail } from '../shared/errors.js';
import { cleanFileName, inspectFile, MAX_FILES_PER_UPLOAD, type InspectedFile } from './inspect.js';
import { playerDocuments, type DocumentStatus } from './schema.js';
import { newStorageKey, type DocumentStorage } from './storage.js';

export interface UploadedFile {
  /** The name the browser sent; shown back to the player, never used as a path. */
  name: string | undefined;
  bytes: Buffer;
}

export interface UploadInput {
  documentType: string;
  files: UploadedFile[];
}

export interface ReviewDecision {
  status: Exclude<DocumentStatus, 'received'>;
  reason?: string | null;
}

export interface DocumentsDeps {
  db: Db;
  config: Pick<Config, 'DOCUMENTS_MAX_BYTES'>;
  clock: () => Date;
  storage: DocumentStorage;
  content: Pick<ContentService, 'getPublicSystemConfig'>;
  /** Where failures of the storage go; the player gets a coded error without internals. */
  logError?: (error: unknown, message: string) => void;
}

/** The newest documents a player sees; older ones stay kept, just not listed. */
export const LIST_LIMIT = 200;
export const MAX_REASON_LENGTH = 500;

/** Which statuses each status may move to; `received` is only ever the first. */
const TRANSITIONS: Record<DocumentStatus, readonly DocumentStatus[]> = {
  received: ['in_review', 'approved', 'rejected'],
  in_review: ['approved', 'rejected'],
  approved: [],
  rejected: [],
};

const documentTypesSchema = z.array(z.object({ id: z.string().min(1) }).loose());

type DocumentRow = typeof playerDocuments.$inferSelect;

/** What the player may see of a document: never where or under which key it is stored. */
function view(row: DocumentRow) {
  return {
    id: row.id,
    documentType: row.documentType,
    name: row.originalName,
    mediaType: row.mediaType,
    sizeBytes: row.sizeBytes,
    status: row.status,
    rejectionReason: row.rejectionReason,
    createdAt: row.createdAt,
    reviewedAt: row.reviewedAt,
  };
}

export type DocumentView = ReturnType<typeof view>;

/**
 * An operator's decision on a document. The status moves only along TRANSITIONS, checked in the
 * update itself so two operators deciding at once cannot both win.
 */
export async function reviewDocument(db: Db, clock: () => Date, documentId: string, decision: ReviewDecision): Promise<DocumentView> {
  const reason = decision.reason?.trim() || null;
  if (decision.status === 'rejected' && !reason) throw fail('REJECTION_REASON_REQUIRED');
  if (reason && reason.length > MAX_REASON_LENGTH) throw fail('REJECTION_REASON_TOO_LONG');
  if (!z.uuid().safeParse(documentId).success) throw fail('DOCUMENT_NOT_FOUND');
  const from = (Object.keys(TRANSITIONS) as DocumentStatus[]).filter((status) => TRANSITIONS[status].includes(decision.status));
  const decided = decision.status === 'approved' || decision.status === 'rejected';
  const [row] = await db
    .update(playerDocuments)
    .set({
      status: decision.status,
      rejectionReason: decision.status === 'rejected' ? reason : null,
      ...(decided ? { reviewedAt: clock() } : {}),
    })
    .where(and(eq(playerDocuments.id, documentId), inArray(playerDocuments.status, from)))
    .returning();
  if (row) return view(row);
  const [existing] = await db
    .select({ status: playerDocuments.status })
    .from(playerDocuments)
    .where(eq(playerDocuments.id, documentId))
    .limit(1);
  if (!existing) throw fail('DOCUMENT_NOT_FOUND');
  throw fail('DOCUMENT_TRANSITION_NOT_ALLOWED');
}

/**
 * Players' identity documents (KYC): the upload from the profile page, the player's own list,
 * and the operator's review. An upload is all or nothing: every file is checked before any is
 * stored, and a failure half-way removes what was already stored.
 */
export function createDocumentsService(deps: DocumentsDeps) {
  const { db, config, clock, storage } = deps;
  const uploadFailed = () => fail('UPLOAD_FAILED', undefined, { status: storage.kind === 's3' ? 502 : 500 });

  /** The document types the operator offers (system config `optionUploadFile`), read per upload. */
  async function documentTypes(): Promise<Set<string>> {
    try {
      const row = await deps.content.getPublicSystemConfig('optionUploadFile');
      return new Set(documentTypesSchema.parse(row.value).map((option) => option.id));
    } catch (error) {
      deps.logError?.(error, 'optionUploadFile system config is missing or malformed');
      throw uploadFailed();
    }
  }

  async function removeQuietly(keys: string[]) {
    for (const key of keys) {
      await storage.delete(key).catch((error: unknown) => deps.logError?.(error, 'could not remove a document after a failed upload'));
    }
  }

  async function upload(playerId: string, input: UploadInput): Promise<DocumentView[]> {
    if (input.files.length === 0) throw fail('UPLOAD_NO_FILES');
    if (input.files.length > MAX_FILES_PER_UPLOAD) throw fail('UPLOAD_TOO_MANY_FILES');
    if (!(await documentTypes()).has(input.documentType)) {
      throw fail('UPLOAD_UNKNOWN_DOCUMENT_TYPE');
    }
    // One at a time: image decoding is the heavy part, and memory stays bounded by one file.
    const inspected: (InspectedFile & { name: string })[] = [];
    for (const file of input.files) {
      inspected.push({ ...(await inspectFile(file.bytes, config.DOCUMENTS_MAX_BYTES)), name: cleanFileName(file.name) });
    }

    const stored: string[] = [];
    try {
      for (const file of inspected) {
        const key = newStorageKey();
        stored.push(key);
        await storage.put(key, file.bytes, file.mediaType);
      }
    } catch (error) {
      deps.logError?.(error, 'document storage failed');
      await removeQuietly(stored);
      throw uploadFailed();
    }

    const now = clock();
    try {
      const rows = await db.transaction(async (tx) =>
        tx
          .insert(playerDocuments)
          .values(
            inspected.map((file, index) => ({
              playerId,
              documentType: input.documentType,
              originalName: file.name,
              mediaType: file.mediaType,
              sizeBytes: file.bytes.length,
              sha256: file.sha256,
              storageKey: stored[index]!,
              status: 'received' as const,
              createdAt: now,
            })),
          )
          .returning(),
      );
      return rows.map(view);
    } catch (error) {
      deps.logError?.(error, 'document rows could not be written');
      await removeQuietly(stored);
      throw uploadFailed();
    }
  }

  /** The session's player's own documents, newest first. */
  async function list(playerId: string): Promise<DocumentView[]> {
    const rows = await db
      .select()
      .from(playerDocuments)
      .where(eq(playerDocuments.playerId, playerId))
      .orderBy(desc(playerDocuments.createdAt), desc(playerDocuments.id))
      .limit(LIST_LIMIT);
    return rows.map(view);
  }

  /** The documents waiting for a decision (or in one status), oldest first: the back office's KYC queue. */
  async function queue(statuses: readonly DocumentStatus[]) {
    const rows = await db
      .select()
      .from(playerDocuments)
      .where(inArray(playerDocuments.status, [...statuses]))
      .orderBy(
        statuses.every((status) => status === 'received' || status === 'in_review')
          ? asc(playerDocuments.createdAt)
          : desc(playerDocuments.createdAt),
      )
      .limit(LIST_LIMIT);
    return rows.map((row) => ({ ...view(row), playerId: row.playerId }));
  }

  /** A document as a reviewer sees it (its player, type and status), without its file. */
  async function findRow(documentId: string) {
    if (!z.uuid().safeParse(documentId).success) throw fail('DOCUMENT_NOT_FOUND');
    const [row] = await db.select().from(playerDocuments).where(eq(playerDocuments.id, documentId)).limit(1);
    if (!row) throw fail('DOCUMENT_NOT_FOUND');
    return row;
  }

  async function find(documentId: string) {
    const row = await findRow(documentId);
    return { ...view(row), playerId: row.playerId };
  }

  /** A document's stored file, for a reviewer to see. */
  async function file(documentId: string) {
    const row = await findRow(documentId);
    const bytes = await storage.get(row.storageKey);
    if (!bytes) throw fail('DOCUMENT_NOT_FOUND');
    return { ...view(row), playerId: row.playerId, bytes };
  }

  /**
   * How far a player is verified, from their approved documents (docs/backoffice.md, "KYC"):
   * `none`, `identity` (a passport or driving licence), `full` (and a proof of address),
   * `enhanced` (full, and the source of funds).
   */
  async function verification(playerId: string): Promise<VerificationLevel> {
    const rows = await db
      .select({ documentType: playerDocuments.documentType })
      .from(playerDocuments)
      .where(and(eq(playerDocuments.playerId, playerId), eq(playerDocuments.status, 'approved')));
    return verificationLevel(new Set(rows.map((row) => row.documentType)));
  }

  return {
    upload,
    list,
    queue,
    find,
    file,
    verification,
    review: (documentId: string, decision: ReviewDecision, runner: Db = db) => reviewDocument(runner, clock, documentId, decision),
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;

export const VERIFICATION_LEVELS = ['none', 'identity', 'full', 'enhanced'] as const;
export type VerificationLevel = (typeof VERIFICATION_LEVELS)[number];

/** The verification level approved documents of these types give. */
export function verificationLevel(approved: ReadonlySet<string>): VerificationLevel {
  if (!approved.has('passport') && !approved.has('driving_licence')) return 'none';
  if (!approved.has('proof_of_address')) return 'identity';
  return approved.has('source_of_funds') ? 'enhanced' : 'full';
}
