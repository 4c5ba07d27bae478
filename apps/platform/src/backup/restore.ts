import { createHash } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Db } from '../db/client.js';
import * as schema from '../db/schema.js';
import type { DocumentStorage } from '../documents/storage.js';
import { rowsOf } from '../shared/db.js';
import { differingChecks, ledgerAuditProblems, readChecks } from './checks.js';
import { BackupRefusedError, verifyBackup, type Manifest } from './manifest.js';
import { runPgTool } from './pg-tools.js';
import type { BackupProfile } from './profiles.js';

/** Where to restore: a PostgreSQL database (`url`) or a folder for the embedded database. */
export type RestoreTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

export interface RestoreOptions {
  profile: BackupProfile;
  dir: string;
  target: RestoreTarget;
  /** The document store the documents are written to (the platform's profile). */
  storage?: DocumentStorage;
  /** Restore over a database (or documents) that is not empty. */
  force?: boolean;
}

export interface RestoreResult {
  manifest: Manifest;
  /** The checks read from the restored database (equal to the manifest's, or the restore fails). */
  checks: Record<string, unknown>;
  documentsRestored: number;
}

/** A target refused before anything was written to it. */
export class RestoreTargetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreTargetError';
  }
}

interface OpenTarget {
  db: Db;
  close(): Promise<void>;
}

async function restorePostgres(options: RestoreOptions, url: string, manifest: Manifest): Promise<OpenTarget> {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  try {
    const [found] = await rowsOf<{ tables: string }>(
      sql`select count(*)::text as tables from information_schema.tables
          where table_schema in (${sql.join(
            options.profile.ownedSchemas.map((name) => sql`${name}`),
            sql`, `,
          )})`,
      db,
    );
    if (Number(found!.tables) > 0 && !options.force) {
      throw new RestoreTargetError(`the target database is not empty (${found!.tables} tables); restore into a fresh one, or --force`);
    }
    // One transaction: a restore that fails half-way leaves the target as it was.
    await runPgTool('pg_restore', url, [
      '--exit-on-error',
      '--single-transaction',
      '--no-owner',
      '--no-privileges',
      ...(options.force ? ['--clean', '--if-exists'] : []),
      path.join(options.dir, manifest.database.file),
    ]);
    return { db, close: () => pool.end() };
  } catch (error) {
    await pool.end();
    throw error;
  }
}

async function restorePglite(options: RestoreOptions, dataDir: string, manifest: Manifest): Promise<OpenTarget> {
  if (dataDir.startsWith('memory://')) throw new RestoreTargetError('restore into a folder, not into an in-memory database');
  const existing = await readdir(dataDir).catch(() => [] as string[]);
  if (existing.length && !options.force) {
    throw new RestoreTargetError(`${dataDir} is not empty; restore into a fresh folder, or --force`);
  }
  if (existing.length) await rm(dataDir, { recursive: true, force: true });
  const tarball = new Blob([new Uint8Array(await readFile(path.join(options.dir, manifest.database.file)))]);
  const client = await PGlite.create(dataDir, { loadDataDir: tarball, extensions: { pg_trgm } });
  return { db: drizzlePglite({ client, schema }) as unknown as Db, close: () => client.close() };
}

async function restoreDocuments(options: RestoreOptions, manifest: Manifest): Promise<number> {
  const files = manifest.documents.files;
  if (!files.length) return 0;
  const storage = options.storage;
  if (!storage) throw new RestoreTargetError('the backup holds documents, but no document store was given');
  for (const entry of files) {
    const bytes = new Uint8Array(await readFile(path.join(options.dir, entry.file)));
    const present = await storage.get(entry.key);
    if (present && !options.force && createHash('sha256').update(present).digest('hex') !== entry.sha256) {
      throw new RestoreTargetError(`the document store holds other bytes under ${entry.key}; --force to overwrite`);
    }
    await storage.put(entry.key, bytes, entry.mediaType);
    const written = await storage.get(entry.key);
    if (!written || createHash('sha256').update(written).digest('hex') !== entry.sha256) {
      throw new Error(`document ${entry.key} reads back other bytes from the ${storage.kind} store`);
    }
  }
  return files.length;
}

/**
 * Restores a backup into a fresh database: checks every file against the manifest first (a
 * changed or truncated file refuses the whole backup), refuses a target that holds the
 * service's tables (unless forced), restores, then reads the service's checks from the
 * restored database and refuses any that differ from the manifest's, and an unsound ledger.
 * Documents are written to the given store last and read back.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const manifest = await verifyBackup(options.dir);
  if (manifest.service !== options.profile.service) {
    throw new BackupRefusedError([`a backup of the ${manifest.service}, not of the ${options.profile.service}`]);
  }
  if (manifest.database.kind !== options.target.kind) {
    throw new RestoreTargetError(
      `a ${manifest.database.kind} backup restores into a ${manifest.database.kind} database, not ${options.target.kind} (see docs/backup-and-restore.md)`,
    );
  }
  const target =
    options.target.kind === 'postgres'
      ? await restorePostgres(options, options.target.url, manifest)
      : await restorePglite(options, options.target.dataDir, manifest);
  let checks: Record<string, unknown>;
  try {
    checks = await readChecks(options.profile.checks, target.db);
  } finally {
    await target.close();
  }
  const problems = [
    ...differingChecks(manifest.checks, checks).map((name) => `check ${name}: the restored database differs from the backup`),
    ...ledgerAuditProblems(checks),
  ];
  if (problems.length) throw new Error(`the restored database fails its checks:\n${problems.map((line) => `  ${line}`).join('\n')}`);
  const documentsRestored = await restoreDocuments(options, manifest);
  return { manifest, checks, documentsRestored };
}
