// A consistent backup of the platform's database and its documents (docs/backup-and-restore.md):
//   npm run db:backup [-- --studio] [-- --out <new folder>]
// With the embedded database (PGlite), stop the platform first: PGlite serves one process.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createBackup, type BackupSource } from '../backup/backup.js';
import { repoRoot, serviceDatabase } from '../backup/cli-config.js';

const { values } = parseArgs({ options: { studio: { type: 'boolean', default: false }, out: { type: 'string' } } });
const service = values.studio ? 'studio' : 'platform';
const target = serviceDatabase(service);
const stamp = new Date()
  .toISOString()
  .replace(/[-:]/g, '')
  .replace(/\.\d+Z$/, 'Z');
const outDir = path.resolve(values.out ?? path.join(repoRoot, '.data', 'backups', `${service}-${stamp}`));

let pglite: PGlite | undefined;
let source: BackupSource;
if (target.url) source = { kind: 'postgres', url: target.url };
else {
  if (target.dataDir.startsWith('memory://') || !existsSync(path.join(target.dataDir, 'PG_VERSION'))) {
    console.error(`no embedded database at ${target.dataDir}`);
    process.exit(2);
  }
  pglite = await PGlite.create(target.dataDir, { extensions: { pg_trgm } });
  source = { kind: 'pglite', client: pglite };
}

const started = performance.now();
try {
  const { manifest } = await createBackup({ profile: target.profile, source, storage: target.storage, outDir });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`backup of the ${service} written to ${outDir} in ${seconds} s`);
  console.log(
    `  database: ${manifest.database.kind} ${manifest.database.serverVersion}, ${manifest.database.sizeBytes} bytes, migration ${manifest.database.migration.latestTag ?? 'none'} (${manifest.database.migration.count} applied)`,
  );
  console.log(`  documents: ${manifest.documents.files.length}`);
  console.log('  it holds personal data: keep it encrypted and readable only by operators (docs/backup-and-restore.md)');
} finally {
  await pglite?.close();
}
