// Writes the platform's OpenAPI document to apps/platform/openapi.json, from which the
// storefront's typed client is generated (npm run openapi at the root).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPlatform } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';

/**
 * One document for both listeners (app.ts): the internal one's operations with the storefront's
 * key as their security scheme, then the public one's (the providers' webhooks and the games
 * contract), which carry their own signatures instead. Each listener is a server entry.
 */
export async function renderOpenApi(): Promise<string> {
  return (await renderOpenApiDocuments()).storefront;
}

/**
 * Both documents: the storefront's and providers' (above), and the staff door's
 * (openapi-staff.json, the back office's client: docs/backoffice.md), each from one platform.
 */
export async function renderOpenApiDocuments(): Promise<{ storefront: string; staff: string }> {
  const config = loadConfig({ KRONE_ENV: 'test', PGLITE_DATA_DIR: 'memory://' });
  const database = await openDatabase({ url: '', dataDir: 'memory://' });
  const platform = await buildPlatform({ config, database, logger: false });
  await platform.ready();
  const internal = platform.internal.swagger() as OpenApiDocument;
  const external = platform.public.swagger() as OpenApiDocument;
  const staffDocument = platform.staff.swagger() as OpenApiDocument;
  await platform.close();
  await database.close();
  const staff = {
    ...staffDocument,
    components: {
      ...staffDocument.components,
      securitySchemes: {
        backofficeKey: {
          type: 'apiKey',
          in: 'header',
          name: 'Krone-Backoffice-Key',
          description: 'The back office server’s own key (BACKOFFICE_API_KEY)',
        },
        staffSession: { type: 'http', scheme: 'bearer', description: 'A staff session token (POST /Staff/login/complete)' },
      },
    },
    security: [{ backofficeKey: [], staffSession: [] }],
  };
  const publicPaths = Object.fromEntries(
    Object.entries(external.paths ?? {}).map(([path, operations]) => [
      path,
      Object.fromEntries(Object.entries(operations).map(([method, operation]) => [method, { ...operation, security: [] }])),
    ]),
  );
  const document = {
    ...internal,
    components: {
      ...internal.components,
      schemas: { ...external.components?.schemas, ...internal.components?.schemas },
      securitySchemes: {
        storefrontKey: {
          type: 'apiKey',
          in: 'header',
          name: 'Krone-Storefront-Key',
          description: 'The storefront’s own key (STOREFRONT_API_KEY)',
        },
      },
    },
    security: [{ storefrontKey: [] }],
    paths: { ...internal.paths, ...publicPaths },
    servers: [...(internal.servers ?? []), ...(external.servers ?? [])],
  };
  return { storefront: `${JSON.stringify(document, null, 2)}\n`, staff: `${JSON.stringify(staff, null, 2)}\n` };
}

type OpenApiDocument = {
  paths?: Record<string, Record<string, Record<string, unknown>>>;
  components?: { schemas?: Record<string, unknown> };
  servers?: unknown[];
} & Record<string, unknown>;

export const openApiPath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../openapi.json');
export const staffOpenApiPath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../openapi-staff.json');

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const documents = await renderOpenApiDocuments();
  writeFileSync(openApiPath, documents.storefront);
  writeFileSync(staffOpenApiPath, documents.staff);
  console.log(`wrote ${openApiPath} and ${staffOpenApiPath}`);
}
