// Writes the platform's OpenAPI document to apps/platform/openapi.json, from which the
// storefront's typed client is generated (npm run openapi at the root).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';

export async function renderOpenApi(): Promise<string> {
  const config = loadConfig({ KRONE_ENV: 'test', PGLITE_DATA_DIR: 'memory://' });
  const database = await openDatabase({ url: '', dataDir: 'memory://' });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const document = app.swagger();
  await app.close();
  await database.close();
  return `${JSON.stringify(document, null, 2)}\n`;
}

export const openApiPath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../openapi.json');

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  writeFileSync(openApiPath, await renderOpenApi());
  console.log(`wrote ${openApiPath}`);
}
