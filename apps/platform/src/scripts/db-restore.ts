// Restores a backup of `npm run db:backup` into a fresh database (docs/backup-and-restore.md):
//   npm run db:restore -- <backup folder> [--force]
//   npm run db:restore -- <backup folder> --verify-only
// The target is the one the service's own variables name (DATABASE_URL or PGLITE_DATA_DIR, and
// the document store; STUDIO_DATABASE_URL or STUDIO_PGLITE_DATA_DIR for a studio backup).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { serviceDatabase } from '../backup/cli-config.js';
import { BackupRefusedError, verifyBackup } from '../backup/manifest.js';
import { restoreBackup, RestoreTargetError } from '../backup/restore.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { force: { type: 'boolean', default: false }, 'verify-only': { type: 'boolean', default: false } },
});
if (positionals.length !== 1) {
  console.error('usage: npm run db:restore -- <backup folder> [--force | --verify-only]');
  process.exit(2);
}
const dir = path.resolve(positionals[0]!);

const started = performance.now();
try {
  const manifest = await verifyBackup(dir);
  console.log(
    `backup of the ${manifest.service} taken ${manifest.createdAt}: ${manifest.database.kind}, migration ${manifest.database.migration.latestTag ?? 'none'}, ${manifest.documents.files.length} documents; every file matches the manifest`,
  );
  if (!values['verify-only']) {
    const service = serviceDatabase(manifest.service);
    const target = service.url ? { kind: 'postgres' as const, url: service.url } : { kind: 'pglite' as const, dataDir: service.dataDir };
    const result = await restoreBackup({ profile: service.profile, dir, target, storage: service.storage, force: values.force });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `restored into ${target.kind === 'postgres' ? 'the database of the configured URL' : target.dataDir} in ${seconds} s; ${result.documentsRestored} documents written`,
    );
    for (const [name, value] of Object.entries(result.checks)) console.log(`  ${name}: ${JSON.stringify(value)} (as in the backup)`);
  }
} catch (error) {
  if (!(error instanceof BackupRefusedError || error instanceof RestoreTargetError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
