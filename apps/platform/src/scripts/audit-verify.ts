// Walks the audit log (audit/README.md) and checks its seals:
//   npm run audit:verify               the platform's database (DATABASE_URL, or the embedded one)
//   npm run audit:verify -- --seal     also writes a seal of the heads now (AUDIT_SEAL_DIR)
// Prints the chains, entries and transfers checked and every problem, first the one where
// tampering begins; exits 1 when there is any. With the embedded database, stop the platform first.
import { checkSeals, readSeals, sealAuditLog, sealKeys } from '../audit/seal.js';
import { verifyAuditLog } from '../audit/verify.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';

const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.PGLITE_DATA_DIR, poolSize: 2 });
try {
  await database.migrate();
  const { publicKey, keyId } = sealKeys(config.AUDIT_SIGNING_SEED);
  if (process.argv.includes('--seal')) {
    const seal = await sealAuditLog(database.db, { seedHex: config.AUDIT_SIGNING_SEED, dir: config.AUDIT_SEAL_DIR });
    console.log(`sealed ${seal.heads.length} chains at ${seal.at} (key ${keyId}) in ${config.AUDIT_SEAL_DIR}`);
  }
  const walked = await verifyAuditLog(database.db);
  const seals = await readSeals(config.AUDIT_SEAL_DIR);
  const sealProblems = await checkSeals(database.db, seals, publicKey);
  const problems = [...walked.problems, ...sealProblems];
  console.log(
    `audit log: ${walked.chains} chains, ${walked.entries} entries, ${walked.transfersChecked} ledger transfers checked against it, ${seals.length} seals (key ${keyId})`,
  );
  if (problems.length === 0) console.log('audit log: sound');
  else {
    const first = problems[0]!;
    console.log(
      `audit log: ${problems.length} problems; the first: ${first.kind} at ${first.chain ?? '-'} #${first.seq ?? '-'} (${first.detail})`,
    );
    for (const problem of problems.slice(0, 50))
      console.log(`  ${problem.kind}  ${problem.chain ?? '-'} #${problem.seq ?? '-'}  ${problem.detail}`);
    if (problems.length > 50) console.log(`  … and ${problems.length - 50} more`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
