// Walks the audit log (audit/README.md, "Verifying") and checks its seals with the public key alone:
//   npm run audit:verify               the platform's database (DATABASE_URL, or the embedded one)
//   npm run audit:verify -- --seal     first writes a seal of the heads now (the writer's AUDIT_SIGNING_SEED)
// The public key: AUDIT_VERIFY_PUBLIC_KEY (64 hex characters) or AUDIT_VERIFY_PUBLIC_KEY_FILE (hex
// or PEM); in development and test, when neither is set, the one of the development seed. The seals
// come from AUDIT_SEAL_DIR or the S3 bucket (AUDIT_SEAL_S3_*). Only these and the database are read:
// the verifier needs none of the platform's secrets. Prints the chains, entries, transfers and seals
// checked and every problem, first the one where tampering begins; exits 1 when there is any (a
// missing, broken or forged seal chain included). With the embedded database, stop the platform first.
import { readFileSync } from 'node:fs';
import { checkSeals, createSealer, parsePublicKey, sealKeys } from '../audit/seal.js';
import { createSealStore } from '../audit/seal-store.js';
import { verifyAuditLog } from '../audit/verify.js';
import { configSchema } from '../config.js';
import { openDatabase } from '../db/client.js';

const parsed = configSchema
  .pick({
    KRONE_ENV: true,
    DATABASE_URL: true,
    PGLITE_DATA_DIR: true,
    AUDIT_SEAL_DIR: true,
    AUDIT_SEAL_S3_ENDPOINT: true,
    AUDIT_SEAL_S3_BUCKET: true,
    AUDIT_SEAL_S3_PREFIX: true,
    AUDIT_SEAL_S3_REGION: true,
    AUDIT_SEAL_S3_ACCESS_KEY_ID: true,
    AUDIT_SEAL_S3_SECRET_ACCESS_KEY: true,
    AUDIT_SEAL_INTERVAL_SECONDS: true,
    AUDIT_VERIFY_PUBLIC_KEY: true,
    AUDIT_VERIFY_PUBLIC_KEY_FILE: true,
    AUDIT_SIGNING_SEED: true,
  })
  .safeParse(process.env);
if (!parsed.success) {
  console.error(`audit:verify: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  process.exit(2);
}
const config = parsed.data;

function publicKey() {
  if (config.AUDIT_VERIFY_PUBLIC_KEY) return { ...parsePublicKey(config.AUDIT_VERIFY_PUBLIC_KEY), from: 'AUDIT_VERIFY_PUBLIC_KEY' };
  if (config.AUDIT_VERIFY_PUBLIC_KEY_FILE)
    return { ...parsePublicKey(readFileSync(config.AUDIT_VERIFY_PUBLIC_KEY_FILE, 'utf8')), from: config.AUDIT_VERIFY_PUBLIC_KEY_FILE };
  if (config.KRONE_ENV === 'production') {
    console.error('audit:verify: set AUDIT_VERIFY_PUBLIC_KEY or AUDIT_VERIFY_PUBLIC_KEY_FILE (the seals’ public key)');
    process.exit(2);
  }
  const { publicKey: key, keyId } = sealKeys(configSchema.shape.AUDIT_SIGNING_SEED.parse(undefined));
  return { publicKey: key, keyId, from: 'the development seed' };
}
const key = publicKey();
const store = createSealStore(config);

const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.PGLITE_DATA_DIR, poolSize: 2 });
try {
  await database.migrate();
  if (process.argv.includes('--seal')) {
    const seal = await createSealer({ db: database.db, seedHex: config.AUDIT_SIGNING_SEED, store }).seal();
    console.log(`sealed ${seal.heads.length} chains at ${seal.at} as seal ${seal.seq} in ${store.where}`);
  }
  const walked = await verifyAuditLog(database.db);
  const sealed = await checkSeals(database.db, await store.list(), key.publicKey, {
    sealIntervalSeconds: config.AUDIT_SEAL_INTERVAL_SECONDS,
    where: store.where,
  });
  const problems = [...walked.problems, ...sealed.problems];
  console.log(
    `audit log: ${walked.chains} chains, ${walked.entries} entries, ${walked.transfersChecked} ledger transfers checked against it; ${sealed.seals} seals in ${store.where}, the newest of ${sealed.lastAt ?? '-'} (key ${key.keyId}, from ${key.from})`,
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
