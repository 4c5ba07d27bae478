// The back office's production server (docs/backoffice.md): `npm start -w @krone/backoffice`.
import { readConfig } from './src/server/config.js';
import { buildBackofficeServer } from './src/server/app.js';

const result = readConfig(process.env);
if (!result.ok) {
  console.error(`back office: cannot start (KRONE_ENV=${process.env.KRONE_ENV || 'production'}):`);
  for (const problem of result.problems) console.error(`  - ${problem}`);
  process.exit(1);
}
const { config } = result;

const app = buildBackofficeServer(config);
try {
  await app.listen({ host: config.BACKOFFICE_HOST, port: config.BACKOFFICE_PORT });
} catch (error) {
  console.error('back office: cannot listen:', error);
  process.exit(1);
}
console.log(`back office ready on ${new URL(config.BACKOFFICE_PUBLIC_URL).origin}`);

const shutdown = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
