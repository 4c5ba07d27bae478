import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { platformChecks, studioChecks, type BackupCheck } from './checks.js';

const appsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** What differs between backing up the platform's database and the studio's. */
export interface BackupProfile {
  service: 'platform' | 'studio';
  /** pg_dump's schema selection: the studio's schema alone, or everything else for the platform. */
  pgDumpSchemaArgs: string[];
  /** Schemas whose tables make a target database "not fresh". */
  ownedSchemas: string[];
  migrations: { schema: string; table: string; journal: string };
  checks: BackupCheck[];
  /** Whether the players' documents (the document store) belong to the backup. */
  documents: boolean;
}

export const platformProfile: BackupProfile = {
  service: 'platform',
  pgDumpSchemaArgs: ['--exclude-schema=studio'],
  ownedSchemas: ['public', 'drizzle'],
  migrations: { schema: 'drizzle', table: '__drizzle_migrations', journal: path.join(appsDir, 'platform/drizzle/meta/_journal.json') },
  checks: platformChecks,
  documents: true,
};

export const studioProfile: BackupProfile = {
  service: 'studio',
  pgDumpSchemaArgs: ['--schema=studio'],
  ownedSchemas: ['studio'],
  migrations: { schema: 'studio', table: '__studio_migrations', journal: path.join(appsDir, 'studio/drizzle/meta/_journal.json') },
  checks: studioChecks,
  documents: false,
};

/** The tag of the migration drizzle recorded at `createdAt` (its journal's `when`). */
export function migrationTag(profile: BackupProfile, createdAt: number | null): string | null {
  if (createdAt === null) return null;
  const journal = JSON.parse(readFileSync(profile.migrations.journal, 'utf8')) as { entries: { when: number; tag: string }[] };
  return journal.entries.find((entry) => entry.when === createdAt)?.tag ?? null;
}
