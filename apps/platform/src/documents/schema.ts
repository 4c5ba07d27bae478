import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { players } from '../players/schema.js';

export const DOCUMENT_STATUSES = ['received', 'in_review', 'approved', 'rejected'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/**
 * An identity document a player uploaded (KYC). The row describes the file; the bytes live in the
 * document storage (disk or S3) under `storage_key`, a random name that says nothing about the
 * player or the file. See documents/README.md for what is kept and why.
 */
export const playerDocuments = pgTable(
  'player_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    /** An id of the `optionUploadFile` system config (passport, driving_licence, …). */
    documentType: text('document_type').notNull(),
    /** The name the player's file had, cleaned; shown to the player only. */
    originalName: text('original_name').notNull(),
    /** The type found in the content (never the name or the client's word), after re-encoding. */
    mediaType: text('media_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** SHA-256 of the stored bytes, hex. */
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    status: text('status').$type<DocumentStatus>().notNull().default('received'),
    rejectionReason: text('rejection_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When an operator approved or rejected it. */
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    index('player_documents_player_idx').on(t.playerId, t.createdAt),
    uniqueIndex('player_documents_storage_key_key').on(t.storageKey),
    check('player_documents_status_check', sql`${t.status} in ('received', 'in_review', 'approved', 'rejected')`),
    check('player_documents_rejection_reason_check', sql`${t.status} <> 'rejected' or ${t.rejectionReason} is not null`),
    check('player_documents_size_check', sql`${t.sizeBytes} > 0`),
    check('player_documents_sha256_check', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
    check('player_documents_name_check', sql`char_length(${t.originalName}) between 1 and 120`),
  ],
);
