// Sends every due withdrawal to NemKonto now, as the platform's own processor does at its interval:
//   npm run payouts:process -w @krone/platform
// Safe beside running platforms on a PostgreSQL server (claims skip what another process holds).
// With the embedded database, stop the platform first (PGlite serves one process at a time).
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { createPayoutProcessor } from '../payments/withdrawals-processor.js';

const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.PGLITE_DATA_DIR, poolSize: 2 });
try {
  await database.migrate();
  const processor = createPayoutProcessor({ config, db: database.db, log: (message, details) => console.warn(message, details) });
  const totals = await processor.processDueWithdrawals();
  console.log(`payouts: ${totals.sent} sent, ${totals.failed} refused (money back), ${totals.retry} to send again later`);
} finally {
  await database.close();
}
