import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { cp, mkdtemp, readFile, readdir, rm, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup, type BackupSource } from '../src/backup/backup.js';
import { readChecks } from '../src/backup/checks.js';
import { BackupRefusedError, type Manifest } from '../src/backup/manifest.js';
import { platformProfile } from '../src/backup/profiles.js';
import { restoreBackup, RestoreTargetError, type RestoreTarget } from '../src/backup/restore.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { playerDocuments } from '../src/documents/schema.js';
import { createLocalStorage } from '../src/documents/storage.js';
import { players } from '../src/players/schema.js';
import { rowsOf } from '../src/shared/db.js';
import { createWalletService } from '../src/wallet/service.js';
import { addTestTitles, gameProvider, launchToken, playerWithCash } from './games-provider.js';
import { scratchDatabase, startTestPlatform, type TestPlatform } from './harness.js';

/**
 * Backup and restore (issue 15 §5): a platform with players, money, game rounds and a document
 * is backed up (pg_dump on a PostgreSQL server with TEST_DATABASE_URL, PGlite's data folder
 * otherwise), restored into a fresh database and document store, and compared check by check
 * (backup/checks.ts: add a check there and both the restore and this test compare it).
 */
const STUDIO_SECRET = 'studio-secret-of-the-backup-tests-0123456789';
const GAME = 'backup-slot';

let platform: TestPlatform;
let work: string;
let backupDir: string;
let manifest: Manifest;
const cleanups: (() => Promise<void>)[] = [];

/** A fresh restore target of the platform's own kind: a new database on the server, or a new folder. */
async function freshTarget(): Promise<{ target: RestoreTarget; open: () => Promise<Database> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dataDir = path.join(work, `restored-${randomBytes(4).toString('hex')}`);
    return { target: { kind: 'pglite', dataDir }, open: () => openDatabase({ url: '', dataDir }) };
  }
  const { url, drop } = await scratchDatabase(serverUrl, 'krone_restore_test');
  cleanups.push(drop);
  return { target: { kind: 'postgres', url }, open: () => openDatabase({ url, dataDir: 'memory://', poolSize: 2 }) };
}

function sourceOf(on: TestPlatform): BackupSource {
  if (on.database.kind === 'postgres') return { kind: 'postgres', url: on.config.DATABASE_URL };
  return { kind: 'pglite', client: (on.database.db as unknown as { $client: PGlite }).$client };
}

async function uploadDocument(token: string, bytes: Uint8Array) {
  const form = new FormData();
  form.append('documentType', 'bank_statement');
  form.append('files', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'kontoudtog.pdf');
  const encoded = new Response(form);
  const response = await platform.app.inject({
    method: 'POST',
    url: `/Players/documents/${token}`,
    headers: { 'content-type': encoded.headers.get('content-type')! },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
  expect(response.statusCode, response.body).toBe(200);
}

const pdf = () =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n` +
      `3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  );

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'krone-backup-'));
  platform = await startTestPlatform({
    DOCUMENTS_DIR: path.join(work, 'documents'),
    GAME_PROVIDER_KRONE_STUDIO_SECRET: STUDIO_SECRET,
  });
  await addTestTitles(platform.database.db, [{ id: GAME, stepsOre: [100, 500, 1_000, 2_000] }]);
  const studio = gameProvider(platform.publicApp, 'krone-studio', STUDIO_SECRET);

  // Three players with deposits; two play rounds through the games contract; one uploads a document.
  const made = [await playerWithCash(platform, 50_000), await playerWithCash(platform, 20_000), await playerWithCash(platform, 0)];
  for (const [index, player] of made.slice(0, 2).entries()) {
    const auth = await studio.call('authenticate', { token: await launchToken(platform, player.token, GAME) });
    const sessionId = auth.body.data!.sessionId as string;
    for (let round = 0; round < 3; round++) {
      const roundId = `r-${index}-${round}-${randomUUID()}`;
      expect((await studio.call('bet', { sessionId, roundId, transactionId: `b-${roundId}`, amountOre: 1_000 })).status).toBe(200);
      if (round !== 1) {
        expect(
          (await studio.call('win', { sessionId, roundId, transactionId: `w-${roundId}`, amountOre: 2_500 * (round + 1) })).status,
        ).toBe(200);
      }
      expect((await studio.call('endRound', { sessionId, roundId })).status).toBe(200);
    }
  }
  await uploadDocument(made[2]!.token, pdf());

  backupDir = path.join(work, 'backup');
  ({ manifest } = await createBackup({
    profile: platformProfile,
    source: sourceOf(platform),
    storage: createLocalStorage(platform.config.DOCUMENTS_DIR),
    outDir: backupDir,
  }));
}, 120_000);

afterAll(async () => {
  await platform?.close();
  for (const cleanup of cleanups) await cleanup();
  await rm(work, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('restores into a fresh database and document store what was backed up: ledger, audit, players, rounds, documents', async () => {
    expect(manifest).toMatchObject({
      service: 'platform',
      database: { kind: platform.database.kind, migration: { latestTag: expect.stringMatching(/^\d{4}_/) } },
      documents: { files: [expect.objectContaining({ sizeBytes: expect.any(Number), mediaType: 'application/pdf' })] },
    });
    const { target, open } = await freshTarget();
    const restoredDocuments = path.join(work, 'restored-documents');
    const result = await restoreBackup({
      profile: platformProfile,
      dir: backupDir,
      target,
      storage: createLocalStorage(restoredDocuments),
    });
    expect(result.documentsRestored).toBe(1);

    const restored = await open();
    try {
      const source = platform.database.db;
      const copy = restored.db;
      // Every check (ledger totals per account kind, the audit, players, rounds, documents, row counts) equal.
      expect(await readChecks(platformProfile.checks, copy)).toEqual(await readChecks(platformProfile.checks, source));
      const audit = await createWalletService(copy, () => new Date()).audit();
      expect(audit).toEqual({ ledgerSumOre: 0, unbalancedTransfers: 0, negativeBalances: 0, mismatchedBalances: 0 });
      const totals = result.checks['ledger.totalsByAccountKind'] as Record<string, { totalOre: number }>;
      expect(totals.player_cash!.totalOre).toBe(50_000 + 20_000 - 6_000 + 2 * (2_500 + 7_500));

      expect(await copy.select().from(players).orderBy(players.id)).toEqual(await source.select().from(players).orderBy(players.id));
      const rounds = (db: typeof copy) => rowsOf<{ n: string }>(sql`select count(*)::text as n from game_rounds`, db);
      expect(await rounds(copy)).toEqual([{ n: '6' }]);

      const [document] = await copy.select().from(playerDocuments);
      const original = await createLocalStorage(platform.config.DOCUMENTS_DIR).get(document!.storageKey);
      expect(await readFile(path.join(restoredDocuments, document!.storageKey))).toEqual(Buffer.from(original!));
      expect(Buffer.from(original!).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    } finally {
      await restored.close();
    }

    // The restored database is no longer fresh: a second restore into it is refused.
    await expect(
      restoreBackup({ profile: platformProfile, dir: backupDir, target, storage: createLocalStorage(restoredDocuments) }),
    ).rejects.toThrow(RestoreTargetError);
  });

  it('fails a restore whose database does not give back the checks its manifest recorded', async () => {
    const edited = path.join(work, 'edited');
    await cp(backupDir, edited, { recursive: true });
    const recorded = JSON.parse(await readFile(path.join(edited, 'manifest.json'), 'utf8')) as Manifest;
    const recordedPlayers = recorded.checks.players as { count: number };
    recordedPlayers.count += 1;
    await writeFile(path.join(edited, 'manifest.json'), JSON.stringify(recorded));
    const { target } = await freshTarget();
    const storage = createLocalStorage(path.join(work, 'edited-store'));
    await expect(restoreBackup({ profile: platformProfile, dir: edited, target, storage })).rejects.toThrow(
      'check players: the restored database differs from the backup',
    );
  });

  it('refuses a backup whose document was changed or whose dump was cut short, and writes nothing', async () => {
    const changed = path.join(work, 'changed');
    await cp(backupDir, changed, { recursive: true });
    const documentFile = path.join(changed, manifest.documents.files[0]!.file);
    const bytes = await readFile(documentFile);
    bytes[bytes.length - 2] ^= 0x01;
    await writeFile(documentFile, bytes);

    const truncated = path.join(work, 'truncated');
    await cp(backupDir, truncated, { recursive: true });
    await truncate(path.join(truncated, manifest.database.file), Math.floor(manifest.database.sizeBytes / 2));

    for (const [dir, file] of [
      [changed, manifest.documents.files[0]!.file],
      [truncated, manifest.database.file],
    ] as const) {
      const { target, open } = await freshTarget();
      const store = path.join(work, `store-${randomBytes(4).toString('hex')}`);
      const refusal = restoreBackup({ profile: platformProfile, dir, target, storage: createLocalStorage(store) });
      await expect(refusal).rejects.toThrow(BackupRefusedError);
      await expect(refusal).rejects.toThrow(file);
      expect(await readdir(store).catch(() => [])).toEqual([]);
      if (target.kind === 'pglite') expect(await readdir(target.dataDir).catch(() => [])).toEqual([]);
      else {
        const database = await open();
        const tables = await rowsOf<{ n: string }>(
          sql`select count(*)::text as n from information_schema.tables where table_schema = 'public'`,
          database.db,
        );
        await database.close();
        expect(tables).toEqual([{ n: '0' }]);
      }
    }
  });
});

describe('npm run db:backup and db:restore', () => {
  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  const script = (name: string, args: string[], env: Record<string, string>) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', `apps/platform/src/scripts/${name}.ts`, ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: '', ...env },
    }).then(
      ({ stdout }) => ({ code: 0, output: stdout }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, output: `${error.stdout}${error.stderr}` }),
    );

  it('backs up the embedded database the platform’s variables name and restores it into a fresh folder', async () => {
    const dataDir = path.join(work, 'cli-source');
    const source = await openDatabase({ url: '', dataDir });
    await source.migrate();
    await source.db.insert(players).values({
      mitidUuid: 'cli-player',
      cprHash: 'cli-hash',
      cprEncrypted: 'x',
      birthDate: '1990-01-01',
      firstName: 'Kopi',
      lastName: 'Spiller',
      email: 'kopi@example.dk',
      mobileCc: '+45',
      mobileNo: '20304050',
    });
    await source.close();

    const out = path.join(work, 'cli-backup');
    const backup = await script('db-backup', ['--out', out], { PGLITE_DATA_DIR: dataDir, DOCUMENTS_DIR: path.join(work, 'cli-docs') });
    expect(backup, backup.output).toMatchObject({ code: 0, output: expect.stringContaining(`written to ${out}`) });
    expect(await script('db-restore', [out, '--verify-only'], {})).toMatchObject({
      code: 0,
      output: expect.stringContaining('every file matches'),
    });

    const restoredDir = path.join(work, 'cli-restored');
    const env = { PGLITE_DATA_DIR: restoredDir, DOCUMENTS_DIR: path.join(work, 'cli-docs-restored') };
    const restore = await script('db-restore', [out], env);
    expect(restore, restore.output).toMatchObject({ code: 0, output: expect.stringContaining('players: {"count":1') });
    // Again into the same, no longer fresh, folder: refused.
    expect(await script('db-restore', [out], env)).toMatchObject({ code: 1, output: expect.stringContaining('is not empty') });
    const restored = await openDatabase({ url: '', dataDir: restoredDir });
    try {
      expect(await restored.db.select({ email: players.email }).from(players)).toEqual([{ email: 'kopi@example.dk' }]);
    } finally {
      await restored.close();
    }
  }, 60_000);
});
