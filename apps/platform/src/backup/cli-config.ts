import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configSchema } from '../config.js';
import { createDocumentStorage, type DocumentStorage } from '../documents/storage.js';
import { platformProfile, studioProfile, type BackupProfile } from './profiles.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Where a service's database lives, from the same variables the service itself reads. */
export interface ServiceDatabase {
  profile: BackupProfile;
  /** A PostgreSQL URL, or empty for the embedded database in `dataDir`. */
  url: string;
  dataDir: string;
  storage?: DocumentStorage;
}

/**
 * The backup scripts read only the database and document store variables, so they run with
 * the service's own environment without its other secrets being checked.
 */
export function serviceDatabase(service: 'platform' | 'studio', env: Record<string, string | undefined> = process.env): ServiceDatabase {
  if (service === 'studio') {
    const location = env.STUDIO_DATABASE_URL ?? '';
    const url = /^postgres(ql)?:\/\//.test(location) ? location : '';
    const dataDir = url ? '' : location || env.STUDIO_PGLITE_DATA_DIR || path.join(repoRoot, '.data', 'studio');
    return { profile: studioProfile, url, dataDir };
  }
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(
      `Invalid platform configuration:\n${parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n')}`,
    );
  }
  const config = parsed.data;
  return { profile: platformProfile, url: config.DATABASE_URL, dataDir: config.PGLITE_DATA_DIR, storage: createDocumentStorage(config) };
}
