// An operator's decision on a player's document:
//   npm run documents:review -w @krone/platform -- <document id> <in_review|approved|rejected> ["reason"]
// A rejection needs a reason; the player sees it in their list. With the embedded database, stop
// the platform first (PGlite serves one process at a time).
import { z } from 'zod';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { reviewDocument } from '../documents/service.js';
import { AppError } from '../shared/errors.js';

const args = z
  .tuple([z.uuid(), z.enum(['in_review', 'approved', 'rejected'])])
  .rest(z.string())
  .safeParse(process.argv.slice(2));
if (!args.success) {
  console.error('usage: npm run documents:review -w @krone/platform -- <document id> <in_review|approved|rejected> ["reason"]');
  process.exit(2);
}
const [documentId, status, ...reasonWords] = args.data;

const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.PGLITE_DATA_DIR, poolSize: 1 });
try {
  await database.migrate();
  const document = await reviewDocument(database.db, () => new Date(), documentId, { status, reason: reasonWords.join(' ') || null });
  console.log(`document ${document.id} is now ${document.status}${document.rejectionReason ? `: ${document.rejectionReason}` : ''}`);
} catch (error) {
  if (!(error instanceof AppError)) throw error;
  console.error(`refused: ${error.code}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
