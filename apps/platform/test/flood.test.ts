import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { auditLog } from '../src/audit/schema.js';
import { verifyAuditLog } from '../src/audit/verify.js';
import { rowsOf } from '../src/shared/db.js';
import { addTestTitles, gameProvider, launchToken, playerWithCash } from './games-provider.js';
import { startTestPlatform, type TestPlatform } from './harness.js';

/**
 * Issue 22 §2: nobody can make the platform write to its database without limit. The public
 * listener counts requests per address and provider before it checks a signature (429
 * RATE_LIMITED), security events are written as totals per minute (the security chain grows by
 * a bounded number of rows however many forged calls come), and a saturated database refuses at
 * once (503 SERVICE_OVERLOADED) instead of queueing without end. PGlite, or PostgreSQL with
 * TEST_DATABASE_URL (CI); the statement timeout is PostgreSQL's.
 */
const started: TestPlatform[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((platform) => platform.close()));
});
afterAll(async () => {
  await Promise.all(started.splice(0).map((platform) => platform.close()));
});

async function platformWith(env: Record<string, string>) {
  const platform = await startTestPlatform(env);
  started.push(platform);
  return platform;
}

const securityRows = async (platform: TestPlatform) =>
  platform.database.db.select().from(auditLog).where(eq(auditLog.chain, 'security')).orderBy(auditLog.seq);

/** A games-contract call with a forged signature, from a client address (as the load balancer forwards it). */
function forgedCall(platform: TestPlatform, address: string, provider = 'krone-studio') {
  return gameProvider(platform.publicApp, provider, 'a-forged-secret-of-a-flood-0123456789').call(
    'balance',
    { sessionId: randomUUID() },
    { headers: { 'x-forwarded-for': address } },
  );
}

describe('a flood of forged calls at the public listener', () => {
  it('is refused 429 past the address’s limit before any signature work, and grows the security chain by bounded totals', async () => {
    // 5 a second = 50 in the 10-second window; at most 3 keys a minute written, the rest as `others`.
    const platform = await platformWith({
      PUBLIC_RATE_LIMIT_PER_ADDRESS_PER_SECOND: '5',
      PUBLIC_RATE_LIMIT_PER_PROVIDER_PER_SECOND: '1000',
      SECURITY_EVENT_KEYS_PER_MINUTE: '3',
      // Written only when the test flushes.
      SECURITY_EVENT_FLUSH_SECONDS: '3600',
    });
    await platform.flushSecurityEvents();
    const before = (await securityRows(platform)).length;

    const answers = [];
    for (let i = 0; i < 120; i++) answers.push(await forgedCall(platform, '198.51.100.70'));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.slice(0, 50)).toEqual(Array(50).fill(401));
    expect(statuses.slice(50)).toEqual(Array(70).fill(429));
    const refused = answers.at(-1)!.body as { code?: string; message?: string };
    expect(refused.code).toBe('RATE_LIMITED');
    expect(refused.message).toMatch(/Vent et øjeblik/);
    // Another address is not held up by this one's flood.
    expect((await forgedCall(platform, '198.51.100.71')).status).toBe(401);
    // Many addresses, a few calls each: more keys than the minute's cap.
    for (let n = 0; n < 10; n++) for (let i = 0; i < 3; i++) expect((await forgedCall(platform, `203.0.113.${n}`)).status).toBe(401);

    // Nothing was written while the flood came: the events are totals, written when flushed.
    expect((await securityRows(platform)).length).toBe(before);
    await platform.flushSecurityEvents();
    const rows = (await securityRows(platform)).slice(before);
    // 81 events (50 + 1 + 30) from 12 addresses: at most 3 keys and the `others` bucket (one per
    // minute they straddled).
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.length).toBeLessThanOrEqual(8);
    const bodies = rows.map((row) => JSON.parse(row.body) as Record<string, unknown>);
    expect(rows.every((row) => row.kind === 'security_totals')).toBe(true);
    expect(bodies.reduce((sum, body) => sum + (body.count as number), 0)).toBe(81);
    expect(bodies.find((body) => body.count === 50)).toMatchObject({
      event: 'game_signature_invalid',
      provider: 'krone-studio',
      reason: 'mismatch',
      client: expect.stringMatching(/^[0-9a-f]{32}$/),
      minute: expect.stringMatching(/:00\.000Z$/),
    });
    expect(bodies.some((body) => body.client === 'others')).toBe(true);
    expect(JSON.stringify(bodies)).not.toContain('198.51.100.70');
    expect((await verifyAuditLog(platform.database.db)).problems.filter((problem) => problem.chain === 'security')).toEqual([]);
  });

  it('counts a provider’s calls from every address together; made-up provider ids share one bucket, apart from the real ones', async () => {
    const platform = await platformWith({
      PUBLIC_RATE_LIMIT_PER_ADDRESS_PER_SECOND: '1000',
      PUBLIC_RATE_LIMIT_PER_PROVIDER_PER_SECOND: '2',
    });
    // 20 in the window for `unknown`, from 40 addresses with 40 made-up ids.
    const unknown = [];
    for (let i = 0; i < 40; i++) unknown.push((await forgedCall(platform, `192.0.2.${i + 1}`, `made-up-${i}`)).status);
    expect(unknown.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(unknown.slice(20)).toEqual(Array(20).fill(429));
    // The real provider's bucket is its own.
    expect((await forgedCall(platform, '192.0.2.200')).status).toBe(401);
  });
});

describe('a saturated database', () => {
  it('answers 503 SERVICE_OVERLOADED at once past the bounded queue, in Danish, and serves again afterwards', async () => {
    const platform = await platformWith({ DATABASE_POOL_SIZE: '2', DATABASE_POOL_MAX_WAITING: '2' });
    const health = () => platform.publicApp.inject({ method: 'GET', url: '/health' });
    // On a server, two slow statements hold both connections meanwhile (the embedded database runs one call at a time anyway).
    const slow =
      platform.database.kind === 'postgres'
        ? Array.from({ length: 2 }, () => Promise.resolve(platform.database.db.execute(sql`select pg_sleep(0.5)`)))
        : [];
    await new Promise((resolve) => setTimeout(resolve, 100));
    const answers = await Promise.all(Array.from({ length: 40 }, health));
    await Promise.all(slow);
    const refused = answers.filter((answer) => answer.statusCode === 503);
    expect(refused.length).toBeGreaterThan(0);
    expect(answers.every((answer) => answer.statusCode === 200 || answer.statusCode === 503)).toBe(true);
    expect(refused[0]!.json()).toEqual({
      result: 0,
      code: 'SERVICE_OVERLOADED',
      message: 'Der er meget travlt hos os lige nu. Prøv igen om et øjeblik.',
    });
    expect(refused[0]!.headers['retry-after']).toBe('1');
    expect((await health()).statusCode).toBe(200);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'refuses a statement stuck past DATABASE_STATEMENT_TIMEOUT_MS with 503, moving nothing; the same call goes through later',
    async () => {
      const secret = 'flood-studio-secret-of-the-tests-0123456789';
      const platform = await platformWith({ GAME_PROVIDER_KRONE_STUDIO_SECRET: secret, DATABASE_STATEMENT_TIMEOUT_MS: '300' });
      await addTestTitles(platform.database.db, [{ id: 'flood-slot', stepsOre: [100] }]);
      const studio = gameProvider(platform.publicApp, 'krone-studio', secret);
      const player = await playerWithCash(platform, 10_000);
      const auth = await studio.call('authenticate', { token: await launchToken(platform, player.token, 'flood-slot') });
      const sessionId = auth.body.data!.sessionId as string;
      const bet = { sessionId, roundId: randomUUID(), transactionId: randomUUID(), amountOre: 100 };

      // Someone holds the player's balance rows (an operator's long transaction, a stuck statement).
      const holder = new pg.Client({ connectionString: platform.config.DATABASE_URL });
      await holder.connect();
      try {
        await holder.query('begin');
        await holder.query('select * from wallet_accounts where player_id = $1 for update', [player.id]);
        const startedAt = Date.now();
        const stuck = await studio.call('bet', bet);
        expect(Date.now() - startedAt).toBeLessThan(5_000);
        expect(stuck.status).toBe(503);
        expect(stuck.body.code).toBe('SERVICE_OVERLOADED');
      } finally {
        await holder.query('rollback');
        await holder.end();
      }
      const transfers = await rowsOf<{ n: number }>(
        sql`select count(*)::int as n from wallet_transfers where kind = 'bet' and reference->>'transactionId' = ${bet.transactionId}`,
        platform.database.db,
      );
      expect(transfers[0]!.n).toBe(0);
      const again = await studio.call('bet', bet);
      expect(again.status).toBe(200);
      expect(again.body.data).toMatchObject({ cashOre: 9_900 });
    },
  );
});
