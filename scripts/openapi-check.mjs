// npm run openapi:check (and CI): fails when the committed OpenAPI documents or the clients
// generated from them (the storefront's apps/web/src/lib/platform-api.d.ts, the back office's
// apps/backoffice/src/api/staff-api.d.ts from openapi-staff.json) are not what the platform's routes
// give today. Both are regenerated into a temporary folder, the way `npm run openapi` writes them,
// and compared byte for byte with the committed files; nothing in the tree is touched.
// Run with tsx (it imports the platform's TypeScript): node --import tsx scripts/openapi-check.mjs
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const committed = {
  document: path.join(root, 'apps/platform/openapi.json'),
  client: path.join(root, 'apps/web/src/lib/platform-api.d.ts'),
  staffDocument: path.join(root, 'apps/platform/openapi-staff.json'),
  staffClient: path.join(root, 'apps/backoffice/src/api/staff-api.d.ts'),
};

const { renderOpenApiDocuments } = await import(path.join(root, 'apps/platform/src/scripts/write-openapi.ts'));
const dir = mkdtempSync(path.join(tmpdir(), 'krone-openapi-'));
try {
  const fresh = {
    document: path.join(dir, 'openapi.json'),
    client: path.join(dir, 'platform-api.d.ts'),
    staffDocument: path.join(dir, 'openapi-staff.json'),
    staffClient: path.join(dir, 'staff-api.d.ts'),
  };
  const documents = await renderOpenApiDocuments();
  writeFileSync(fresh.document, documents.storefront);
  writeFileSync(fresh.staffDocument, documents.staff);
  // The same generator and arguments as `npm run client` of the storefront and the back office.
  for (const [document, client, app] of [
    [fresh.document, fresh.client, 'apps/web'],
    [fresh.staffDocument, fresh.staffClient, 'apps/backoffice'],
  ]) {
    const generated = spawnSync(process.execPath, [path.join(root, 'node_modules/openapi-typescript/bin/cli.js'), document, '-o', client], {
      cwd: path.join(root, app),
      encoding: 'utf8',
    });
    if (generated.status !== 0) {
      console.error(generated.stdout, generated.stderr);
      throw new Error('openapi-typescript failed');
    }
  }
  const stale = Object.keys(committed).filter((key) => readFileSync(committed[key], 'utf8') !== readFileSync(fresh[key], 'utf8'));
  if (stale.length > 0) {
    for (const key of stale) console.error(`stale: ${path.relative(root, committed[key])} differs from what the platform's routes give`);
    console.error('run `npm run openapi` and commit the files');
    process.exitCode = 1;
  } else {
    console.log('openapi.json, openapi-staff.json and their clients are up to date');
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
