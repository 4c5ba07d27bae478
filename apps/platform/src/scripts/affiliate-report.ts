// The affiliate report (src/affiliates/report.ts): per btag and month, registrations, first
// deposits and net gaming revenue, as CSV on standard output.
//   npm run affiliates:report -- --from 2026-01 --to 2026-12     DATABASE_URL, or the embedded one
// Without --from/--to: the current month in Copenhagen.
import { getCopenhagenParts } from '@krone/domain';
import { affiliateCsv, affiliateReport } from '../affiliates/report.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';

const option = (name: string) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const { year, month } = getCopenhagenParts(new Date());
const current = `${year}-${String(month).padStart(2, '0')}`;
const from = option('--from') ?? current;
const to = option('--to') ?? from;

const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.PGLITE_DATA_DIR, poolSize: 2 });
try {
  await database.migrate();
  process.stdout.write(affiliateCsv(await affiliateReport(database.db, { from, to })));
} finally {
  await database.close();
}
