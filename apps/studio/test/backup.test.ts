import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup, type BackupSource } from '../../platform/src/backup/backup.js';
import { readChecks } from '../../platform/src/backup/checks.js';
import { studioProfile } from '../../platform/src/backup/profiles.js';
import { restoreBackup, type RestoreTarget } from '../../platform/src/backup/restore.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { rounds, sessions } from '../src/db/schema.js';
import { realSession, startWorld, studioCall, type TestWorld } from './harness.js';
import { scratchDatabase } from '../../platform/test/harness.js';

/**
 * The studio's database backs up and restores as the platform's does (`npm run db:backup --
 * --studio`; docs/backup-and-restore.md): its schema alone, restored into a fresh database with
 * every session and round as it was.
 */
let world: TestWorld;
let work: string;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  world = await startWorld();
  work = await mkdtemp(path.join(os.tmpdir(), 'krone-studio-backup-'));
}, 60_000);
afterAll(async () => {
  await world.close();
  for (const cleanup of cleanups) await cleanup();
  await rm(work, { recursive: true, force: true });
});

async function freshTarget(): Promise<{ target: RestoreTarget; open: () => Promise<Database> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dataDir = path.join(work, 'restored');
    return { target: { kind: 'pglite', dataDir }, open: () => openDatabase(dataDir) };
  }
  const { url, drop } = await scratchDatabase(serverUrl, 'krone_studio_restore');
  cleanups.push(drop);
  return { target: { kind: 'postgres', url }, open: () => openDatabase(url, 2) };
}

describe('the studio’s backup', () => {
  it('restores into a fresh database every session and round it held', async () => {
    for (let player = 0; player < 2; player++) {
      const { session } = await realSession(world, 10_000);
      for (let round = 0; round < 2; round++) {
        const played = await studioCall(world, 'POST', `/sessions/${session.sessionId}/rounds`, {
          body: { stakeOre: session.stake.defaultOre },
          bearer: session.token,
        });
        expect(played.status, JSON.stringify(played.body)).toBe(200);
      }
    }
    const client = (world.database.db as unknown as { $client: pg.Pool | PGlite }).$client;
    const source: BackupSource =
      client instanceof pg.Pool ? { kind: 'postgres', url: client.options.connectionString! } : { kind: 'pglite', client };
    const { manifest } = await createBackup({ profile: studioProfile, source, outDir: path.join(work, 'backup') });
    expect(manifest.checks['tables.studio.rowCounts']).toMatchObject({ sessions: 2, rounds: 4 });

    const { target, open } = await freshTarget();
    await restoreBackup({ profile: studioProfile, dir: path.join(work, 'backup'), target });
    const restored = await open();
    try {
      // The studio's checks run plain SQL; the check's type names the platform's query builder.
      expect(await readChecks(studioProfile.checks, restored.db as unknown as Parameters<typeof readChecks>[1])).toEqual(manifest.checks);
      expect(await restored.db.select().from(rounds).orderBy(rounds.id)).toEqual(
        await world.database.db.select().from(rounds).orderBy(rounds.id),
      );
      expect(await restored.db.select().from(sessions).orderBy(sessions.id)).toEqual(
        await world.database.db.select().from(sessions).orderBy(sessions.id),
      );
    } finally {
      await restored.close();
    }
  });
});
