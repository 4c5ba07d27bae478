import { buildStudio } from './app.js';
import { databaseLocation, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { loadTitleCatalogue } from './titles.js';

const config = loadConfig();
const database = await openDatabase(databaseLocation(config), config.STUDIO_DATABASE_POOL_SIZE);
await database.migrate();
const titleById = await loadTitleCatalogue();
const studio = await buildStudio({ config, database, titleById, backgroundJobs: true });

// Rounds a stopped process left owing (a win drawn but unpaid, a round not ended): settled now, as
// far as the platform answers; a bet without an answer is left a while (another studio process
// may still be waiting for it) and, like the rest, to the background job.
studio.rounds
  .recover({ quietMs: 0, betQuietMs: 2 * config.STUDIO_PLATFORM_TIMEOUT_MS + 5_000 })
  .then((totals) => studio.log.info(totals, 'studio: recovery at start'))
  .catch((error: unknown) => studio.log.warn({ err: error }, 'studio: recovery at start failed (retried in the background)'));

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  studio.log.info(`${signal}: stopping`);
  await studio.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

await studio.listen({ host: config.STUDIO_HOST, port: config.STUDIO_PORT });
studio.log.info({ node: process.version }, `studio: running on Node.js ${process.version}`);
