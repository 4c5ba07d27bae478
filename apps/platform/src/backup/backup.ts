import { createHash } from 'node:crypto';
import { chmod, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Db } from '../db/client.js';
import * as schema from '../db/schema.js';
import { playerDocuments } from '../documents/schema.js';
import type { DocumentStorage } from '../documents/storage.js';
import { rowsOf } from '../shared/db.js';
import { readChecks } from './checks.js';
import { BACKUP_FORMAT, MANIFEST_FILE, sha256OfFile, type Manifest } from './manifest.js';
import { runPgTool } from './pg-tools.js';
import { migrationTag, type BackupProfile } from './profiles.js';

/** The database to back up: a PostgreSQL server's URL, or the open embedded database. */
export type BackupSource = { kind: 'postgres'; url: string } | { kind: 'pglite'; client: PGlite };

export interface BackupOptions {
  profile: BackupProfile;
  source: BackupSource;
  /** The document store the database's documents are read from (the platform's profile). */
  storage?: DocumentStorage;
  /** The backup's folder; it must not exist yet. */
  outDir: string;
  clock?: () => Date;
}

const DUMP_FILE = { postgres: 'database.dump', pglite: 'database.tar.gz' } as const;

/** What the dump's snapshot says besides the dump: checks, migration level, the documents to copy. */
interface SnapshotFacts {
  checks: Record<string, unknown>;
  migration: Manifest['database']['migration'];
  serverVersion: string;
  documents: { storageKey: string; sha256: string; mediaType: string }[];
}

async function readFacts(profile: BackupProfile, db: Db): Promise<SnapshotFacts> {
  const { schema: migrationsSchema, table } = profile.migrations;
  const [level] = await rowsOf<{ count: string; latest: string | null }>(
    sql.raw(`select count(*)::text as count, max(created_at)::text as latest from "${migrationsSchema}"."${table}"`),
    db,
  );
  const latestAt = level?.latest === null || level?.latest === undefined ? null : Number(level.latest);
  const [version] = await rowsOf<{ server_version: string }>(sql`show server_version`, db);
  const documents = profile.documents
    ? await db
        .select({ storageKey: playerDocuments.storageKey, sha256: playerDocuments.sha256, mediaType: playerDocuments.mediaType })
        .from(playerDocuments)
        .orderBy(playerDocuments.storageKey)
    : [];
  return {
    checks: await readChecks(profile.checks, db),
    migration: { count: Number(level?.count ?? 0), latestTag: migrationTag(profile, latestAt), latestAt },
    serverVersion: version!.server_version,
    documents,
  };
}

/**
 * PostgreSQL: one snapshot for everything. A read-only repeatable-read transaction exports its
 * snapshot; the checks and the documents' list are read in it, and pg_dump (custom format) dumps
 * that very snapshot, so the manifest describes exactly what the dump holds while the platform
 * keeps taking bets.
 */
async function dumpPostgres(profile: BackupProfile, url: string, file: string): Promise<SnapshotFacts> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
    const db = drizzlePg({ client, schema }) as unknown as Db;
    const facts = await readFacts(profile, db);
    await runPgTool('pg_dump', url, ['--format=custom', `--snapshot=${rows[0]!.snapshot}`, ...profile.pgDumpSchemaArgs, `--file=${file}`]);
    await client.query('commit');
    return facts;
  } finally {
    await client.end();
  }
}

/**
 * The embedded database: its own data folder as a gzipped tarball (PGlite's dumpDataDir), after
 * a checkpoint. PGlite serves one process, so nothing else writes while the backup runs.
 */
async function dumpPglite(profile: BackupProfile, client: PGlite, file: string): Promise<SnapshotFacts> {
  await client.query('checkpoint');
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  const facts = await readFacts(profile, db);
  const tarball = await client.dumpDataDir('gzip');
  await writeFile(file, new Uint8Array(await tarball.arrayBuffer()), { mode: 0o600 });
  return facts;
}

async function describeFile(dir: string, file: string) {
  const full = path.join(dir, file);
  return { file, sizeBytes: (await stat(full)).size, sha256: await sha256OfFile(full) };
}

/**
 * Takes a backup into a new folder: the database's dump, the documents its rows name (each
 * checked against the SHA-256 its row keeps), and a manifest. The folder is written under a
 * temporary name and renamed when whole, so a folder with the final name is a complete backup.
 */
export async function createBackup(options: BackupOptions): Promise<{ dir: string; manifest: Manifest }> {
  const { profile, source, outDir } = options;
  const clock = options.clock ?? (() => new Date());
  if (
    await stat(outDir).then(
      () => true,
      () => false,
    )
  )
    throw new Error(`${outDir} exists already; a backup goes to a new folder`);
  const work = `${outDir}.partial`;
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true, mode: 0o700 });
  await chmod(work, 0o700);
  try {
    const createdAt = clock().toISOString();
    const dumpFile = DUMP_FILE[source.kind];
    const facts =
      source.kind === 'postgres'
        ? await dumpPostgres(profile, source.url, path.join(work, dumpFile))
        : await dumpPglite(profile, source.client, path.join(work, dumpFile));
    await chmod(path.join(work, dumpFile), 0o600);

    const files: Manifest['documents']['files'] = [];
    if (facts.documents.length) {
      if (!options.storage) throw new Error('the database names documents, but no document store was given');
      await mkdir(path.join(work, 'documents'), { mode: 0o700 });
      for (const document of facts.documents) {
        const bytes = await options.storage.get(document.storageKey);
        if (!bytes) throw new Error(`document ${document.storageKey} is missing from the ${options.storage.kind} store`);
        const sha256 = createHash('sha256').update(bytes).digest('hex');
        if (sha256 !== document.sha256) throw new Error(`document ${document.storageKey} differs from the SHA-256 its row keeps`);
        const file = `documents/${document.storageKey}`;
        await writeFile(path.join(work, file), bytes, { mode: 0o600 });
        files.push({ key: document.storageKey, file, sizeBytes: bytes.byteLength, sha256, mediaType: document.mediaType });
      }
    }

    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      service: profile.service,
      createdAt,
      database: {
        kind: source.kind,
        ...(await describeFile(work, dumpFile)),
        serverVersion: facts.serverVersion,
        migration: facts.migration,
      },
      documents: { store: profile.documents ? (options.storage?.kind ?? null) : null, files },
      checks: facts.checks,
    };
    await writeFile(path.join(work, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    await rename(work, outDir);
    return { dir: outDir, manifest };
  } catch (error) {
    await rm(work, { recursive: true, force: true });
    throw error;
  }
}
