import { whenReachable } from '@krone/domain';
import { TABLE_TITLES } from '@krone/games-math';
import { loadTitles } from '@krone/games-math/titles';
import { buildPlatform } from './app.js';
import { createSealer } from './audit/seal.js';
import { createSealStore } from './audit/seal-store.js';
import { seedBonusCodes } from './bonus/service.js';
import { loadConfig } from './config.js';
import { seedDemoContent } from './content/seed.js';
import { openDatabase, overloadBounds } from './db/client.js';
import { syncCatalogue } from './games/catalogue-sync.js';
import { syncJackpotPools } from './games/jackpots/pools.js';
import { createWalletService } from './wallet/service.js';
import { createDemoDeposits } from './payments/demo.js';
import { createLimitsService } from './limits/service.js';
import { seedDemoPlayers } from './players/demo.js';
import { createSecrets } from './players/secrets.js';
import { seedDemoStaff } from './staff/demo.js';

const config = loadConfig();
const database = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: config.PGLITE_DATA_DIR,
  poolSize: config.DATABASE_POOL_SIZE,
  overload: overloadBounds(config),
});
await database.migrate();
// The start-up's own writes wait for a database that is away a moment (a restart, a cut), as the
// migrations do: a process started then waits for it instead of exiting (bench:chaos restarts one
// while the database is cut). Each step is all-or-nothing and safe to run again.
const whileAway = <T>(step: () => Promise<T>) => whenReachable(step, { waitMs: 60_000, warn: console.warn, label: 'database' });
// The operator's bonus codes (bonus/codes.json), checked against the Danish caps: a code outside
// them stops the platform here, with a message naming it.
await whileAway(() => seedBonusCodes(database.db));
// The games catalogue from the slots' title files (@krone/games-math/titles) and the table games
// (TABLE_TITLES): written only when they changed.
const titles = [...loadTitles(), ...TABLE_TITLES];
const catalogue = await whileAway(() => syncCatalogue(database.db, titles, new Date()));
if (catalogue.changed)
  console.log(
    `platform: games catalogue synced (${catalogue.titles} titles, ${catalogue.written} written, ${catalogue.withdrawn} withdrawn)`,
  );
// The progressive jackpots' pools (each new one seeded by the house) and the titles that feed them.
const jackpots = await whileAway(() =>
  syncJackpotPools(
    database.db,
    createWalletService(database.db, () => new Date()),
    titles,
  ),
);
if (jackpots.seeded > 0 || jackpots.feedsChanged)
  console.log(`platform: jackpots synced (${jackpots.seeded} pools seeded, ${jackpots.feeds} feeds)`);
if (config.SEED_DEMO_CONTENT) {
  const seed = await whileAway(() => seedDemoContent(database.db, { brand: config.BRAND_NAME }));
  if (seed.applied) console.log(`platform: demo content ${seed.version} loaded`);
  const secrets = createSecrets({ cprHashKey: config.CPR_HASH_KEY, encryptionKey: config.DATA_ENCRYPTION_KEY });
  const made = await whileAway(() =>
    seedDemoPlayers(database.db, {
      secrets,
      limits: createLimitsService({ db: database.db, clock: () => new Date() }),
      openingDeposit: createDemoDeposits(createWalletService(database.db, () => new Date())),
    }),
  );
  if (made > 0) console.log(`platform: ${made} demo players made`);
  const staffMade = await whileAway(() => seedDemoStaff(database.db));
  if (staffMade > 0) console.log(`platform: ${staffMade} demo staff members made`);
}
const platform = await buildPlatform({ config, database, backgroundJobs: true });
const app = platform.internal;

// The audit log's heads, signed, chained and written out of the database's reach now and then
// (audit/README.md, "Seals"). Production refuses to run unsealed (config.ts), and a first seal
// that cannot be written stops it here; in development a failure is logged.
if (config.AUDIT_SEAL_INTERVAL_SECONDS > 0) {
  const sealer = createSealer({ db: database.db, seedHex: config.AUDIT_SIGNING_SEED, store: createSealStore(config) });
  app.log.info(`audit log: seals signed with key ${sealer.keyId} (public key ${sealer.publicKeyHex}, for AUDIT_VERIFY_PUBLIC_KEY)`);
  const seal = () => sealer.seal().catch((error: unknown) => app.log.error({ err: error }, 'audit log: sealing failed'));
  if (config.KRONE_ENV === 'production') await sealer.seal();
  else await seal();
  const sealing = setInterval(() => void seal(), config.AUDIT_SEAL_INTERVAL_SECONDS * 1000);
  sealing.unref();
  app.addHook('onClose', async () => clearInterval(sealing));
}

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal}: stopping`);
  await platform.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

// Three listeners (docs/decisions.md, "The platform's doors"): the storefront's, the providers', and the back office's (docs/backoffice.md).
await app.listen({ host: config.PLATFORM_HOST, port: config.PLATFORM_PORT });
await platform.public.listen({ host: config.PLATFORM_PUBLIC_HOST, port: config.PLATFORM_PUBLIC_PORT });
await platform.staff.listen({ host: config.PLATFORM_STAFF_HOST, port: config.PLATFORM_STAFF_PORT });
// The runtime is pinned (README.md, "The runtime"): say which one this process got.
app.log.info({ node: process.version }, `platform: running on Node.js ${process.version}`);
