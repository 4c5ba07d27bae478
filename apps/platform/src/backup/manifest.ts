import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

export const MANIFEST_FILE = 'manifest.json';
export const BACKUP_FORMAT = 'krone-backup/1';

const fileEntry = z.object({
  /** Relative to the backup's folder. */
  file: z.string().regex(/^[a-z0-9._/-]+$/),
  sizeBytes: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type FileEntry = z.infer<typeof fileEntry>;

/**
 * What a backup holds and how to check it: every file with its size and SHA-256, the database's
 * migration level, and the values of its service's checks read in the dump's own snapshot.
 */
export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  service: z.enum(['platform', 'studio']),
  createdAt: z.iso.datetime(),
  database: fileEntry.extend({
    kind: z.enum(['postgres', 'pglite']),
    serverVersion: z.string(),
    /** The migrations applied (drizzle's table): how many, and the last one's tag and time. */
    migration: z.object({ count: z.number().int(), latestTag: z.string().nullable(), latestAt: z.number().nullable() }),
  }),
  documents: z.object({
    /** Where they were read from: `local` or `s3`; a restore writes them to its own configured store. */
    store: z.enum(['local', 's3']).nullable(),
    files: z.array(fileEntry.extend({ key: z.string().regex(/^[0-9a-f]{32}$/), mediaType: z.string().min(1).max(100) })),
  }),
  checks: z.record(z.string(), z.unknown()),
});
export type Manifest = z.infer<typeof manifestSchema>;

export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** A backup that fails its own manifest: restoring it is refused. */
export class BackupRefusedError extends Error {
  constructor(readonly problems: string[]) {
    super(`the backup is refused:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
    this.name = 'BackupRefusedError';
  }
}

/**
 * Reads the manifest of a backup folder and checks every file it names against its size and
 * SHA-256: a truncated dump, a changed document or a missing file refuses the backup.
 */
export async function verifyBackup(dir: string): Promise<Manifest> {
  let manifest: Manifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(await readFile(path.join(dir, MANIFEST_FILE), 'utf8')));
  } catch (error) {
    throw new BackupRefusedError([`${MANIFEST_FILE}: unreadable (${(error as Error).message.split('\n')[0]})`]);
  }
  const problems: string[] = [];
  for (const entry of [manifest.database, ...manifest.documents.files]) {
    const file = path.join(dir, entry.file);
    if (path.relative(dir, file).startsWith('..')) {
      problems.push(`${entry.file}: outside the backup`);
      continue;
    }
    const size = await stat(file).then(
      (found) => found.size,
      () => null,
    );
    if (size === null) problems.push(`${entry.file}: missing`);
    else if (size !== entry.sizeBytes) problems.push(`${entry.file}: ${size} bytes, the manifest says ${entry.sizeBytes}`);
    else if ((await sha256OfFile(file)) !== entry.sha256) problems.push(`${entry.file}: its SHA-256 differs from the manifest's`);
  }
  if (problems.length) throw new BackupRefusedError(problems);
  return manifest;
}
