import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkSeals, createSealer, parsePublicKey, publicKeyHex, sealKeys } from '../src/audit/seal.js';
import { createDirectorySealStore, createS3SealStore, sealName, type SealStore } from '../src/audit/seal-store.js';
import { verifyAuditLog } from '../src/audit/verify.js';
import { openDatabase } from '../src/db/client.js';
import { rowsOf } from '../src/shared/db.js';
import { playerWithCash } from './games-provider.js';
import { startTestPlatform, type TestPlatform } from './harness.js';

/**
 * The audit log against someone with the database's password (issue 22 §6, audit/README.md):
 * the verifier computes every digest itself (a redefined database function vouches for nothing),
 * the seals are a signed chain of their own kept out of the database, checked with the public key
 * alone, and every way of breaking that chain (a seal deleted, moved, forged, resealed with another
 * key, none at all) is a failure, which `npm run audit:verify` exits 1 on. Each tampering is done
 * here as that someone would do it: SQL in the database, files in the seals' folder.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SEED = '11'.repeat(32);
const FORGER = '22'.repeat(32);
const { publicKey } = sealKeys(SEED);
let platform: TestPlatform;
const dirs: string[] = [];

beforeAll(async () => {
  platform = await startTestPlatform();
}, 60_000);
afterAll(async () => {
  await platform.close();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});
// Each test seals into its own store; the database's record of seals written starts empty for it.
beforeEach(async () => {
  await exec('delete from audit_seals');
});

const db = () => platform.database.db;
const exec = (query: string) => db().execute(sql.raw(query));
async function newDir() {
  const dir = await mkdtemp(path.join(tmpdir(), 'krone-audit-seals-'));
  dirs.push(dir);
  return dir;
}
/** A fresh folder store and a sealer writing to it with the operator's key. */
async function sealing(seed = SEED) {
  const dir = await newDir();
  const store = createDirectorySealStore(dir);
  return { dir, store, sealer: createSealer({ db: db(), seedHex: seed, store }) };
}
const sealProblems = async (store: SealStore, options: { sealIntervalSeconds?: number } = {}) =>
  (await checkSeals(db(), await store.list(), publicKey, options)).problems;

/** A player with a deposit, a deposit limit and a pause: three entries on their chain. */
async function playerWithEntries() {
  const player = await playerWithCash(platform, 10_000);
  const limit = await platform.app.inject({ method: 'PUT', url: `/Limits/${player.token}/deposit/day`, payload: { amountOre: 50_000 } });
  expect(limit.statusCode).toBe(200);
  const pause = await platform.app.inject({ method: 'POST', url: `/Limits/${player.token}/pause`, payload: { duration: '24h' } });
  expect(pause.statusCode).toBe(200);
  return { ...player, chain: `player:${player.id}` };
}

/** Rewrites a chain whole as someone with the database's password can: a body edited, every later hash and the head recomputed. */
async function rewriteChain(chain: string) {
  await exec(
    `update audit_log set body = replace(body, '"amountOre": 50000', '"amountOre": 5000000') where chain = '${chain}' and kind = 'deposit_limit'`,
  );
  await exec(`
    do $$
    declare e record; prev bytea := ''::bytea;
    begin
      for e in select seq, body from audit_log where chain = '${chain}' order by seq loop
        update audit_log set prev_hash = prev, hash = sha256(prev || convert_to(e.body, 'UTF8')) where chain = '${chain}' and seq = e.seq;
        select hash into prev from audit_log where chain = '${chain}' and seq = e.seq;
      end loop;
      update audit_heads set hash = prev where chain = '${chain}';
    end $$`);
}

describe('the verifier computes every digest itself', () => {
  it('catches a ledger row edited behind the log while the digest function is redefined to vouch for it', async () => {
    const player = await playerWithCash(platform, 12_345);
    const [entry] = await rowsOf<{ transfer_id: string; account_id: string }>(
      sql`select e.transfer_id, e.account_id from wallet_entries e join wallet_accounts a on a.id = e.account_id
          where a.player_id = ${player.id} and e.balance_after_ore is not null limit 1`,
      db(),
    );
    expect((await verifyAuditLog(db())).problems).toEqual([]);
    // The balance after the deposit edited (only the digest covers it), and `audit_transfer_facts`
    // made to answer, for every transfer, the digest its audit record holds.
    await exec('alter table wallet_entries disable trigger wallet_entries_append_only');
    await exec(
      `update wallet_entries set balance_after_ore = balance_after_ore + 1000000 where transfer_id = '${entry!.transfer_id}' and account_id = '${entry!.account_id}'`,
    );
    await exec('alter function audit_transfer_facts(uuid) rename to audit_transfer_facts_true');
    await exec(`
      create or replace function audit_transfer_facts(p_transfer_id uuid,
        OUT known boolean, OUT kind text, OUT reference jsonb, OUT created_at timestamptz, OUT total numeric, OUT entries integer,
        OUT accounts_known integer, OUT accounts uuid[], OUT owners uuid[], OUT amounts bigint[], OUT digest text)
      language plpgsql stable as $$
      begin
        select * into known, kind, reference, created_at, total, entries, accounts_known, accounts, owners, amounts, digest
          from audit_transfer_facts_true(p_transfer_id);
        digest := coalesce((select l.body::jsonb->>'digest' from audit_log l
                             where l.kind = 'transfer' and l.body::jsonb->>'transferId' = p_transfer_id::text limit 1), digest);
      end $$`);
    try {
      const [forged] = await rowsOf<{ digest: string }>(sql`select digest from audit_transfer_facts(${entry!.transfer_id}::uuid)`, db());
      const [recorded] = await rowsOf<{ digest: string }>(
        sql`select body::jsonb->>'digest' as digest from audit_log where body::jsonb->>'transferId' = ${entry!.transfer_id}`,
        db(),
      );
      expect(forged!.digest).toBe(recorded!.digest); // the database now vouches for the edited row
      expect((await verifyAuditLog(db())).problems).toContainEqual(
        expect.objectContaining({
          kind: 'ledger_mismatch',
          chain: `player:${player.id}`,
          detail: expect.stringContaining(entry!.transfer_id),
        }),
      );
    } finally {
      await exec('drop function audit_transfer_facts(uuid)');
      await exec('alter function audit_transfer_facts_true(uuid) rename to audit_transfer_facts');
      await exec(
        `update wallet_entries set balance_after_ore = balance_after_ore - 1000000 where transfer_id = '${entry!.transfer_id}' and account_id = '${entry!.account_id}'`,
      );
      await exec('alter table wallet_entries enable trigger wallet_entries_append_only');
    }
    expect((await verifyAuditLog(db())).problems).toEqual([]);
  });
});

describe('the seals', () => {
  it('chain each seal to the one before, verify with the public key alone, and name a chain rewritten whole', async () => {
    const { store, sealer, dir } = await sealing();
    const player = await playerWithEntries();
    const first = await sealer.seal();
    const second = await sealer.seal();
    expect([first.seq, second.seq]).toEqual([1, 2]);
    expect(first.prev).toBe('');
    expect(second.prev).toBe(first.digest);
    expect((await readdir(dir)).sort()).toEqual([sealName(1), sealName(2)]);
    // The verifier's key is the public one alone, as the writer publishes it (64 hex characters).
    const verifierKey = parsePublicKey(sealer.publicKeyHex).publicKey;
    expect(publicKeyHex(verifierKey)).toBe(sealer.publicKeyHex);
    expect((await checkSeals(db(), await store.list(), verifierKey)).problems).toEqual([]);
    expect(await rowsOf<{ seq: string }>(sql`select seq::text as seq from audit_seals order by seq`, db())).toEqual([
      { seq: '1' },
      { seq: '2' },
    ]);

    await rewriteChain(player.chain);
    // The walk alone finds nothing: every hash and the head agree with one another.
    expect((await verifyAuditLog(db())).problems).toEqual([]);
    const problems = await sealProblems(store);
    expect(problems).toContainEqual(expect.objectContaining({ kind: 'seal_mismatch', chain: player.chain }));
  });

  it('name a rewritten chain resealed with a forged key: a whole new seal chain, or one more seal at the end', async () => {
    const { store, sealer } = await sealing();
    const player = await playerWithEntries();
    await sealer.seal();
    await rewriteChain(player.chain);

    // The seals written again from scratch with the forger's own key, over the rewritten chain.
    const forgedStore = (await sealing(FORGER)).store;
    await createSealer({ db: db(), seedHex: FORGER, store: forgedStore }).seal();
    const resealed = await sealProblems(forgedStore);
    expect(resealed).toContainEqual(expect.objectContaining({ kind: 'seal_signature', detail: expect.stringMatching(/^seal 1 /) }));

    // A forger's seal put after the operator's last one: refused by its signature, and the operator's
    // own sealer will not chain onto it.
    const forger = sealKeys(FORGER);
    const [real] = await store.list();
    const fake = JSON.parse(real!.text) as Record<string, unknown>;
    const extra = { ...fake, seq: 2, prev: fake.digest, keyId: forger.keyId };
    await store.put(2, JSON.stringify(extra));
    expect(await sealProblems(store)).toContainEqual(
      expect.objectContaining({ kind: 'seal_signature', detail: expect.stringMatching(/^seal 2 /) }),
    );
    await expect(createSealer({ db: db(), seedHex: SEED, store }).seal()).rejects.toThrow(/is not one this key .* signed/);
  });

  it('name a deleted seal file: one in between (a gap) and the last (the database recorded it)', async () => {
    const { store, sealer, dir } = await sealing();
    await playerWithEntries();
    for (let i = 0; i < 4; i++) await sealer.seal();
    expect(await sealProblems(store)).toEqual([]);

    await rm(path.join(dir, sealName(2)));
    expect(await sealProblems(store)).toContainEqual(expect.objectContaining({ kind: 'seal_chain', detail: 'seal 2 is missing' }));

    await rm(path.join(dir, sealName(4)));
    expect(await sealProblems(store)).toContainEqual(
      expect.objectContaining({ kind: 'seal_missing', detail: expect.stringMatching(/recorded seals up to 4 written; .* ends at 3/) }),
    );
  });

  it('name a broken seal chain: two seals swapped, one edited, one unreadable', async () => {
    const { store, sealer, dir } = await sealing();
    await playerWithEntries();
    for (let i = 0; i < 3; i++) await sealer.seal();
    const file = (seq: number) => path.join(dir, sealName(seq));

    // Swapped: seal 2's file holds seal 3 and the other way round.
    await rename(file(2), `${file(2)}.x`);
    await rename(file(3), file(2));
    await rename(`${file(2)}.x`, file(3));
    const swapped = await sealProblems(store);
    expect(swapped).toContainEqual(expect.objectContaining({ kind: 'seal_chain', detail: `${sealName(2)} holds seal 3: moved` }));
    expect(swapped).toContainEqual(expect.objectContaining({ kind: 'seal_chain', detail: 'seal 2 does not name seal 1 before it' }));
    await rename(file(2), `${file(2)}.x`);
    await rename(file(3), file(2));
    await rename(`${file(2)}.x`, file(3));
    expect(await sealProblems(store)).toEqual([]);

    // Edited: a head's hash changed (the signature no longer holds).
    const original = await readFile(file(2), 'utf8');
    const seal = JSON.parse(original) as { heads: [string, number, string][] };
    seal.heads[0]![2] = '00'.repeat(32);
    await rm(file(2));
    await writeFile(file(2), JSON.stringify(seal));
    expect(await sealProblems(store)).toContainEqual(
      expect.objectContaining({ kind: 'seal_signature', detail: expect.stringMatching(/^seal 2 /) }),
    );

    await rm(file(2));
    await writeFile(file(2), 'not a seal');
    expect(await sealProblems(store)).toContainEqual(
      expect.objectContaining({ kind: 'seal_chain', detail: `${sealName(2)} is not a seal` }),
    );
  });

  it('name missing seals: none at all while the log has entries (an empty or missing folder), and none for recent entries', async () => {
    await playerWithEntries();
    const empty = createDirectorySealStore(path.join(await newDir(), 'never-made'));
    expect(await sealProblems(empty)).toContainEqual(
      expect.objectContaining({ kind: 'seal_missing', detail: expect.stringMatching(/^no seals in /) }),
    );

    const { store, sealer } = await sealing();
    await sealer.seal(new Date(Date.now() - 3_600_000));
    expect(await sealProblems(store, { sealIntervalSeconds: 300 })).toContainEqual(
      expect.objectContaining({ kind: 'seal_missing', detail: expect.stringMatching(/are in no seal/) }),
    );
    await sealer.seal();
    expect(await sealProblems(store, { sealIntervalSeconds: 300 })).toEqual([]);
  });

  it('never fork: two sealers at once each write their own number, one after the other', async () => {
    const { store } = await sealing();
    await playerWithEntries();
    const a = createSealer({ db: db(), seedHex: SEED, store });
    const b = createSealer({ db: db(), seedHex: SEED, store });
    await a.seal();
    const made = await Promise.all([a.seal(), b.seal(), b.seal()]);
    expect(made.map((seal) => seal.seq).sort()).toEqual([2, 3, 4]);
    expect(await sealProblems(store)).toEqual([]);
  });
});

describe('seals in an S3-compatible bucket', () => {
  const objects = new Map<string, string>();
  let server: Server;
  let endpoint: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (!/^AWS4-HMAC-SHA256 Credential=seal-key\//.test(request.headers.authorization ?? '')) return void response.writeHead(403).end();
        const url = new URL(request.url!, 'http://s3');
        if (request.method === 'PUT') {
          if (request.headers['if-none-match'] === '*' && objects.has(url.pathname)) return void response.writeHead(412).end();
          objects.set(url.pathname, Buffer.concat(chunks).toString('utf8'));
          return void response.writeHead(200).end();
        }
        if (request.method === 'GET' && url.searchParams.get('list-type') === '2') {
          const prefix = `${url.pathname}/${url.searchParams.get('prefix') ?? ''}`;
          const keys = [...objects.keys()].filter((key) => key.startsWith(prefix)).sort();
          // Two keys a page, to walk the continuation.
          const from = Number(url.searchParams.get('continuation-token') ?? 0);
          const page = keys.slice(from, from + 2);
          const more = from + 2 < keys.length;
          const xml = `<ListBucketResult>${page.map((key) => `<Contents><Key>${key.slice(url.pathname.length + 1)}</Key></Contents>`).join('')}<IsTruncated>${more}</IsTruncated>${more ? `<NextContinuationToken>${from + 2}</NextContinuationToken>` : ''}</ListBucketResult>`;
          return void response.writeHead(200, { 'content-type': 'application/xml' }).end(xml);
        }
        if (request.method === 'GET') {
          const object = objects.get(url.pathname);
          return void (object === undefined ? response.writeHead(404).end() : response.writeHead(200).end(object));
        }
        response.writeHead(405).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('writes each seal once under its number, never replaces one, lists them all, and the chain verifies', async () => {
    await playerWithEntries();
    const store = createS3SealStore({
      endpoint,
      bucket: 'krone-audit',
      prefix: 'audit-seals/',
      region: 'eu-north-1',
      accessKeyId: 'seal-key',
      secretAccessKey: 'seal-secret',
    });
    const sealer = createSealer({ db: db(), seedHex: SEED, store });
    for (let i = 0; i < 3; i++) await sealer.seal();
    expect([...objects.keys()].sort()).toEqual([1, 2, 3].map((seq) => `/krone-audit/audit-seals/${sealName(seq)}`));
    expect((await store.list()).map((seal) => seal.seq)).toEqual([1, 2, 3]);
    expect((await store.last())?.seq).toBe(3);
    await expect(store.put(2, 'a replacement')).rejects.toThrow(/exists already/);
    expect(await sealProblems(store)).toEqual([]);
    objects.delete(`/krone-audit/audit-seals/${sealName(2)}`);
    expect(await sealProblems(store)).toContainEqual(expect.objectContaining({ kind: 'seal_chain', detail: 'seal 2 is missing' }));
  });
});

describe('npm run audit:verify', () => {
  it('exits 0 on a sound log and its seals, and 1 with a problem when a seal file is deleted, with the public key alone', async () => {
    const dataDir = await newDir();
    const sealDir = await newDir();
    const database = await openDatabase({ url: '', dataDir });
    await database.migrate();
    await database.db.execute(sql`select audit_append('house', 'note', '{"n": 1}'::jsonb, now())`);
    await database.close();
    const run = (args: string[], env: Record<string, string>) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'apps/platform/src/scripts/audit-verify.ts', ...args], {
        cwd: repoRoot,
        env: { PATH: process.env.PATH ?? '', KRONE_ENV: 'test', PGLITE_DATA_DIR: dataDir, AUDIT_SEAL_DIR: sealDir, ...env },
        encoding: 'utf8',
        timeout: 60_000,
      });
    // Nothing sealed yet: a log with entries and no seals fails.
    const unsealed = run([], { AUDIT_VERIFY_PUBLIC_KEY: publicKeyHex(publicKey) });
    expect(unsealed.status, unsealed.stdout + unsealed.stderr).toBe(1);
    expect(unsealed.stdout).toMatch(/seal_missing .* no seals in /);
    // The writer seals (with the seed); the verifier checks with the public key only.
    const sound = run(['--seal'], { AUDIT_SIGNING_SEED: SEED, AUDIT_VERIFY_PUBLIC_KEY: publicKeyHex(publicKey) });
    expect(sound.status, sound.stdout + sound.stderr).toBe(0);
    expect(sound.stdout).toMatch(/1 seals in .*\naudit log: sound/);
    // The seal file deleted: the database recorded it, the folder has none.
    await rm(path.join(sealDir, sealName(1)));
    const deleted = run([], { AUDIT_VERIFY_PUBLIC_KEY: publicKeyHex(publicKey) });
    expect(deleted.status).toBe(1);
    expect(deleted.stdout).toMatch(/seal_missing/);
  }, 180_000);
});
