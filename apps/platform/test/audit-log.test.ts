import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditHeads, auditLog } from '../src/audit/schema.js';
import { verifyAuditLog } from '../src/audit/verify.js';
import { players } from '../src/players/schema.js';
import { rowsOf } from '../src/shared/db.js';
import { STOREFRONT_KEY_HEADER } from '../src/shared/storefront-key.js';
import { addTestTitles, gameProvider, playerWithCash, type GameProviderClient } from './games-provider.js';
import { startTestPlatform, type TestPlatform } from './harness.js';

/**
 * The tamper-evident audit log (issue 15 §4, audit/README.md): every money movement, limit change,
 * pause, status change and document decision is chained per player in the transaction that made
 * it; `verifyAuditLog` names the first entry altered, removed or reordered, and a ledger row edited
 * behind the log's back; the seals (a chain rewritten whole, the seals' own chain) are audit-seals.test.ts. Each tampering is done here the
 * way someone with database access would do it, straight in SQL. PGlite, or PostgreSQL with
 * TEST_DATABASE_URL (CI).
 */
const SECRET = 'audit-studio-secret-of-the-tests-0123456789';
const GAME = 'revisions-slot';
let platform: TestPlatform;
let studio: GameProviderClient;

beforeAll(async () => {
  platform = await startTestPlatform({ GAME_PROVIDER_KRONE_STUDIO_SECRET: SECRET });
  await addTestTitles(platform.database.db, [{ id: GAME, stepsOre: [100, 500, 1_000] }]);
  studio = gameProvider(platform.publicApp, 'krone-studio', SECRET);
}, 60_000);
afterAll(async () => {
  await platform.close();
});

const db = () => platform.database.db;
const exec = (query: string) => db().execute(sql.raw(query));
const chainOf = (playerId: string) => `player:${playerId}`;
const entriesOf = (chain: string) => db().select().from(auditLog).where(eq(auditLog.chain, chain)).orderBy(auditLog.seq);

/** A player who deposits, plays three whole rounds, sets a limit and pauses: one chain of theirs. */
async function busyPlayer() {
  const player = await playerWithCash(platform, 10_000);
  const launched = await platform.app.inject({
    method: 'POST',
    url: `/Games/launch/${player.token}`,
    payload: { providerId: 'krone-studio', gameId: GAME, mode: 'real' },
  });
  const auth = await studio.call('authenticate', { token: (launched.json() as { data: { token: string } }).data.token });
  const sessionId = auth.body.data!.sessionId as string;
  for (const win of [0, 1_500, 300]) {
    const round = {
      sessionId,
      roundId: randomUUID(),
      transactionId: randomUUID(),
      amountOre: 500,
      winTransactionId: randomUUID(),
      winAmountOre: win,
      endRound: true,
    };
    expect((await studio.call('betAndWin', round)).status).toBe(200);
  }
  // Refused (a stake off the title's steps): nothing moves, nothing is recorded.
  const refused = await studio.call('betAndWin', {
    sessionId,
    roundId: randomUUID(),
    transactionId: randomUUID(),
    amountOre: 123,
    winTransactionId: randomUUID(),
    winAmountOre: 0,
    endRound: true,
  });
  expect(refused.body.code).toBe('GAME_STAKE_NOT_ALLOWED');
  const limit = await platform.app.inject({ method: 'PUT', url: `/Limits/${player.token}/deposit/day`, payload: { amountOre: 50_000 } });
  expect(limit.statusCode).toBe(200);
  const pause = await platform.app.inject({ method: 'POST', url: `/Limits/${player.token}/pause`, payload: { duration: '24h' } });
  expect(pause.statusCode).toBe(200);
  await db().update(players).set({ status: 'game_locked' }).where(eq(players.id, player.id));
  return player;
}

describe('the audit log', () => {
  it('chains every money movement, limit change, pause and status change of a player, in order, and verifies clean', async () => {
    const player = await busyPlayer();
    const entries = await entriesOf(chainOf(player.id));
    // The deposit, the rounds' transfers (3 stakes, 2 wins above 0; a win of 0 moves nothing), the limit, the pause, the lock.
    expect(entries.map((entry) => entry.kind)).toEqual([
      'transfer',
      'transfer',
      'transfer',
      'transfer',
      'transfer',
      'transfer',
      'deposit_limit',
      'account_exclusion',
      'player_status',
    ]);
    expect(entries.map((entry) => entry.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const kinds = entries.slice(0, 6).map((entry) => (JSON.parse(entry.body) as { transferKind: string }).transferKind);
    expect(kinds).toEqual(['deposit', 'bet', 'bet', 'win', 'bet', 'win']);
    // Each transfer's record says what it is for a report (the player's amount, the game, round and
    // game session) and binds the ledger's rows by their digest (audit/README.md, "Transfer entries").
    const stakesAndWins = entries.slice(1, 6).map((entry) => JSON.parse(entry.body) as Record<string, unknown>);
    expect(stakesAndWins.map((body) => [body.transferKind, body.amountOre])).toEqual([
      ['bet', -500],
      ['bet', -500],
      ['win', 1_500],
      ['bet', -500],
      ['win', 300],
    ]);
    for (const body of stakesAndWins) {
      expect(body).toMatchObject({ v: 2, digest: expect.stringMatching(/^[0-9a-f]{64}$/) });
      expect(body.reference).toMatchObject({
        provider: 'krone-studio',
        game: GAME,
        roundId: expect.any(String),
        gameSessionId: expect.any(String),
      });
    }
    expect(JSON.parse(entries.at(-1)!.body)).toMatchObject({ kind: 'player_status', from: 'active', to: 'game_locked' });
    const [head] = await db()
      .select()
      .from(auditHeads)
      .where(eq(auditHeads.chain, chainOf(player.id)));
    expect(head).toMatchObject({ seq: 9 });
    expect(head!.hash.equals(entries.at(-1)!.hash)).toBe(true);
    const verified = await verifyAuditLog(db());
    expect(verified.problems).toEqual([]);
    expect(verified.entries).toBeGreaterThanOrEqual(9);
    expect(verified.transfersChecked).toBeGreaterThanOrEqual(6);
  });

  it('names an entry whose body was edited, one removed from the middle, and two swapped', async () => {
    const player = await busyPlayer();
    const chain = chainOf(player.id);
    const [, second, third, fourth] = await entriesOf(chain);

    await exec(`update audit_log set body = replace(body, '"amountOre": -500', '"amountOre": -50') where chain = '${chain}' and seq = 3`);
    expect((await verifyAuditLog(db())).problems[0]).toMatchObject({ kind: 'altered', chain, seq: 3 });
    await exec(`update audit_log set body = '${third!.body.replaceAll("'", "''")}' where chain = '${chain}' and seq = 3`);
    expect((await verifyAuditLog(db())).problems).toEqual([]);

    await exec(`delete from audit_log where chain = '${chain}' and seq = 2`);
    const removed = (await verifyAuditLog(db())).problems;
    expect(removed[0]).toMatchObject({ kind: 'broken_link', chain, seq: 3 });
    await db().insert(auditLog).values(second!);

    await exec(`update audit_log set seq = -4 where chain = '${chain}' and seq = 4`);
    await exec(`update audit_log set seq = 4 where chain = '${chain}' and seq = 3`);
    await exec(`update audit_log set seq = 3 where chain = '${chain}' and seq = -4`);
    expect((await verifyAuditLog(db())).problems[0]).toMatchObject({ kind: 'broken_link', chain, seq: 3 });
    await exec(`update audit_log set seq = -3 where chain = '${chain}' and seq = 3`);
    await exec(`update audit_log set seq = 3 where chain = '${chain}' and seq = 4`);
    await exec(`update audit_log set seq = 4 where chain = '${chain}' and seq = -3`);
    expect(fourth).toBeDefined();
    expect((await verifyAuditLog(db())).problems).toEqual([]);
  });

  it('catches a ledger row edited behind the log (the append-only trigger switched off), and a transfer made around it', async () => {
    const player = await busyPlayer();
    const [entry] = await rowsOf<{ transfer_id: string }>(
      sql`select e.transfer_id from wallet_entries e join wallet_accounts a on a.id = e.account_id
          where a.player_id = ${player.id} and e.amount_ore = -500 limit 1`,
      db(),
    );
    await exec('alter table wallet_entries disable trigger wallet_entries_append_only');
    await exec(`update wallet_entries set amount_ore = -5 where transfer_id = '${entry!.transfer_id}' and amount_ore = -500`);
    const found = (await verifyAuditLog(db())).problems;
    expect(found).toContainEqual(
      expect.objectContaining({ kind: 'ledger_mismatch', chain: chainOf(player.id), detail: expect.stringContaining(entry!.transfer_id) }),
    );
    await exec(`update wallet_entries set amount_ore = -500 where transfer_id = '${entry!.transfer_id}' and amount_ore = -5`);
    await exec('alter table wallet_entries enable trigger wallet_entries_append_only');

    // A transfer written with the log's trigger switched off (the ledger's own check, which appends) has no entry: named.
    await exec('alter table wallet_entries disable trigger wallet_entries_checked');
    const sneaked = await playerWithCash(platform, 777);
    await exec('alter table wallet_entries enable trigger wallet_entries_checked');
    const problems = (await verifyAuditLog(db())).problems;
    expect(problems).toContainEqual(expect.objectContaining({ kind: 'unrecorded_transfer' }));
    expect(await entriesOf(chainOf(sneaked.id))).toEqual([]);
  });

  it('chains security events (a forged provider call, a refused storefront key) on the security chain, the client’s address hashed', async () => {
    const before = (await entriesOf('security')).length;
    const forged = await studio.call('balance', { sessionId: randomUUID() }, { secret: 'not-the-studio-secret-0123456789' });
    expect(forged.status).toBe(401);
    const refusedKey = await platform.app.inject({
      method: 'GET',
      url: '/CMScasino/translations',
      headers: { [STOREFRONT_KEY_HEADER]: 'wrong' },
    });
    expect(refusedKey.statusCode).toBe(401);
    // Counted in memory beside the refusal, written as totals per minute (audit/security.ts): written now.
    await platform.flushSecurityEvents();
    const entries = (await entriesOf('security')).slice(before);
    expect(entries.map((entry) => entry.kind)).toEqual(['security_totals', 'security_totals']);
    const events = entries.map((entry) => JSON.parse(entry.body) as Record<string, string | number>);
    expect(events.map((event) => event.event).sort()).toEqual(['api_key_invalid', 'game_signature_invalid']);
    for (const event of events) {
      expect(event.count).toBe(1);
      expect(event.client).toMatch(/^[0-9a-f]{32}$/);
      expect(JSON.stringify(event)).not.toContain('127.0.0.1');
    }
    expect((await verifyAuditLog(db())).problems.filter((problem) => problem.chain === 'security')).toEqual([]);
  });
});
