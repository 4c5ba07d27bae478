// Checks the invariants of issue 15 §1 (invariants/README.md) on the platform's database:
//   npm run invariants                          DATABASE_URL, or the embedded one (stop the platform first)
//   npm run invariants -- --older-than-minutes 5   what counts as stuck under way (default 15)
// Prints each invariant's verdict and a few offending rows; exits 1 when any is broken.
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { checkInvariants } from '../invariants/check.js';

const at = process.argv.indexOf('--older-than-minutes');
const minutes = at >= 0 ? Number(process.argv[at + 1]) : 15;
if (!Number.isFinite(minutes) || minutes < 0) throw new Error('--older-than-minutes takes a number of minutes');

const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.PGLITE_DATA_DIR, poolSize: 2 });
try {
  await database.migrate();
  const results = await checkInvariants(database.db, { olderThanMs: minutes * 60_000 });
  for (const invariant of results) {
    console.log(`${invariant.ok ? 'ok    ' : 'BROKEN'}  ${invariant.name}: ${invariant.detail}`);
    for (const example of invariant.examples) console.log(`          ${example}`);
  }
  const broken = results.filter((invariant) => !invariant.ok);
  console.log(broken.length === 0 ? `invariants: all ${results.length} hold` : `invariants: ${broken.length} of ${results.length} broken`);
  if (broken.length > 0) process.exitCode = 1;
} finally {
  await database.close();
}
