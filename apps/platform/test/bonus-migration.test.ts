import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';

// Migration 0012 brings a database where a player could hold several bonuses at once to one open
// bonus per player, without losing any wagering owed.

const migrations = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../drizzle');
const before = mkdtempSync(path.join(tmpdir(), 'krone-migrations-'));
afterAll(() => rmSync(before, { recursive: true, force: true }));

describe('migration 0012 (one open bonus per player)', () => {
  it('ends all but the newest of a player’s open bonuses as merged, and the newest takes over what the unexpired ones still owed', async () => {
    // The database as it stood before 0012.
    cpSync(migrations, before, { recursive: true });
    const journalPath = path.join(before, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
    journal.entries = journal.entries.filter((entry) => entry.idx < 12);
    writeFileSync(journalPath, JSON.stringify(journal));
    // The later migrations need pg_trgm (0015, the games catalogue's search), as the app's database has it.
    const client = await PGlite.create('memory://', { extensions: { pg_trgm } });
    const db = drizzle({ client });
    try {
      await migrate(db, { migrationsFolder: before });
      const x = '00000000-0000-4000-8000-00000000000a';
      const y = '00000000-0000-4000-8000-00000000000b';
      const grant = (id: string, player: string, requirement: number, grantedDaysAgo: number, expiresInDays: number) =>
        db.execute(sql`insert into bonus_grants (id, player_id, code, payment_id, amount_ore, wagering_requirement_ore, granted_at, expires_at)
          values (${id}, ${player}, 'VELKOMST100', gen_random_uuid(), ${requirement / 10}, ${requirement},
            now() - make_interval(days => ${grantedDaysAgo}), now() + make_interval(days => ${expiresInDays}))`);
      await grant('00000000-0000-4000-8000-000000000001', x, 50_000, 70, -10); // expired: owes nothing more
      await grant('00000000-0000-4000-8000-000000000002', x, 100_000, 20, 40);
      await grant('00000000-0000-4000-8000-000000000003', x, 200_000, 5, 55); // the newest
      await grant('00000000-0000-4000-8000-000000000004', y, 80_000, 3, 57);

      await migrate(db, { migrationsFolder: migrations });
      const rows = (
        await db.execute(
          sql`select id, wagering_requirement_ore::int as requirement, outcome, ended_at is not null as ended from bonus_grants order by id`,
        )
      ).rows;
      expect(rows).toEqual([
        { id: '00000000-0000-4000-8000-000000000001', requirement: 50_000, outcome: 'merged', ended: true },
        { id: '00000000-0000-4000-8000-000000000002', requirement: 100_000, outcome: 'merged', ended: true },
        { id: '00000000-0000-4000-8000-000000000003', requirement: 300_000, outcome: null, ended: false },
        { id: '00000000-0000-4000-8000-000000000004', requirement: 80_000, outcome: null, ended: false },
      ]);
      // From now on the database holds the rule: a second open bonus is refused.
      const refused = await grant('00000000-0000-4000-8000-000000000005', y, 10_000, 0, 60).then(
        () => null,
        (error: { cause?: { message?: string } }) => error.cause?.message ?? '',
      );
      expect(refused).toMatch(/bonus_grants_open_key/);
    } finally {
      await client.close();
    }
  });
});
