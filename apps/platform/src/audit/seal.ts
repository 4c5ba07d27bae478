import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../shared/db.js';
import { auditHeads, auditSeals } from './schema.js';
import { SealExistsError, type SealStore, type StoredSeal } from './seal-store.js';
import { inSnapshot, sha256, type AuditProblem } from './verify.js';

/**
 * Seals of the audit log (audit/README.md, "Seals"): now and then every chain's head, signed with
 * the operator's Ed25519 key and written out of the database's reach (seal-store.ts). Each seal
 * names the one before it (its digest, under the signature), so the seals are a chain of their
 * own: one removed, moved, edited or put in between breaks it. Rewriting a whole audit chain,
 * hashes and head included, is caught by the seals before it: they name entries the chain no
 * longer has with those hashes. The writer holds the private seed; the verifier needs only the
 * public key.
 */

/** PKCS#8 DER of an Ed25519 private key, before its 32-byte seed (RFC 8410). */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
/** SPKI DER of an Ed25519 public key, before its 32 bytes (RFC 8410). */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

const keyIdOf = (publicKey: KeyObject) =>
  sha256(publicKey.export({ format: 'der', type: 'spki' }))
    .toString('hex')
    .slice(0, 16);

/** The Ed25519 key pair of a 32-byte seed (64 hex characters, AUDIT_SIGNING_SEED): the writer's. */
export function sealKeys(seedHex: string): { privateKey: KeyObject; publicKey: KeyObject; keyId: string } {
  const seed = Buffer.from(seedHex, 'hex');
  if (seed.length !== 32) throw new Error('AUDIT_SIGNING_SEED: 64 hex characters (32 bytes)');
  const privateKey = createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
  const publicKey = createPublicKey(privateKey);
  return { privateKey, publicKey, keyId: keyIdOf(publicKey) };
}

/** The public key as 64 hex characters (its raw 32 bytes): what AUDIT_VERIFY_PUBLIC_KEY takes. */
export function publicKeyHex(publicKey: KeyObject): string {
  return publicKey.export({ format: 'der', type: 'spki' }).subarray(ED25519_SPKI_PREFIX.length).toString('hex');
}

/** An Ed25519 public key from 64 hex characters (raw) or a PEM (SPKI): the verifier's only key. */
export function parsePublicKey(text: string): { publicKey: KeyObject; keyId: string } {
  const trimmed = text.trim();
  let publicKey: KeyObject;
  if (/^[0-9a-fA-F]{64}$/.test(trimmed))
    publicKey = createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, Buffer.from(trimmed, 'hex')]), format: 'der', type: 'spki' });
  else if (trimmed.startsWith('-----BEGIN PUBLIC KEY-----')) publicKey = createPublicKey(trimmed);
  else throw new Error('the audit seals’ public key: 64 hex characters or a PEM public key');
  if (publicKey.asymmetricKeyType !== 'ed25519') throw new Error('the audit seals’ public key must be Ed25519');
  return { publicKey, keyId: keyIdOf(publicKey) };
}

export interface Seal {
  v: 2;
  /** 1, 2, 3…: the seal's place in the seals' chain (and its name in the store). */
  seq: number;
  at: string;
  keyId: string;
  /** The digest of the seal before it (hex); empty for the first. */
  prev: string;
  /** [chain, seq, hash hex] of every chain's head, by chain. */
  heads: [string, number, string][];
  /** SHA-256 (hex) of the canonical JSON of everything above: what is signed. */
  digest: string;
  signature: string;
}

const digestOf = (seal: Pick<Seal, 'seq' | 'at' | 'keyId' | 'prev' | 'heads'>) =>
  sha256(JSON.stringify(['krone-audit-seal/2', seal.seq, seal.at, seal.keyId, seal.prev, seal.heads])).toString('hex');

/** Whether the seal's digest is its content's and its signature holds under the public key. */
function signatureHolds(seal: Seal, publicKey: KeyObject): boolean {
  try {
    return (
      digestOf(seal) === seal.digest && verify(null, Buffer.from(seal.digest, 'hex'), publicKey, Buffer.from(seal.signature, 'base64'))
    );
  } catch {
    return false;
  }
}

/** A stored seal's text as a seal, or null when it is not one (unreadable, or another shape). */
function parseSeal(text: string): Seal | null {
  try {
    const seal = JSON.parse(text) as Seal;
    const ok =
      seal.v === 2 &&
      Number.isSafeInteger(seal.seq) &&
      typeof seal.at === 'string' &&
      typeof seal.keyId === 'string' &&
      typeof seal.prev === 'string' &&
      typeof seal.digest === 'string' &&
      typeof seal.signature === 'string' &&
      Array.isArray(seal.heads) &&
      seal.heads.every((h) => Array.isArray(h) && typeof h[0] === 'string' && Number.isSafeInteger(h[1]) && typeof h[2] === 'string');
    return ok ? seal : null;
  } catch {
    return null;
  }
}

/**
 * The platform's sealer: `seal()` reads every head (one statement: one snapshot), signs them
 * chained to the store's last seal, writes the seal to the store (never replacing one) and records
 * its number and digest in the database (`audit_seals`), so seals taken away from the store's end
 * are missed. It chains only onto a last seal its own key signed; two processes sealing at once
 * cannot fork the chain (the store refuses a second seal of a number; the loser reads the last
 * again and seals after it).
 */
export function createSealer({ db, seedHex, store }: { db: Db; seedHex: string; store: SealStore }) {
  const { privateKey, publicKey, keyId } = sealKeys(seedHex);
  let last: Seal | null | undefined;
  async function readLast(): Promise<Seal | null> {
    const stored = await store.last();
    if (!stored) return null;
    const seal = parseSeal(stored.text);
    if (!seal || seal.seq !== stored.seq || !signatureHolds(seal, publicKey))
      throw new Error(
        `audit log: the last seal in ${store.where} (${stored.name}) is not one this key (${keyId}) signed; no seal is chained to it (npm run audit:verify)`,
      );
    return seal;
  }
  async function seal(now = new Date()): Promise<Seal> {
    for (let attempt = 0; ; attempt++) {
      if (last === undefined) last = await readLast();
      const rows = await db.select().from(auditHeads).orderBy(auditHeads.chain);
      // Never before the seal it follows (two processes' clocks, or a retry after losing a race).
      const at = new Date(Math.max((attempt === 0 ? now : new Date()).getTime(), last ? Date.parse(last.at) : 0));
      const content = {
        seq: (last?.seq ?? 0) + 1,
        at: at.toISOString(),
        keyId,
        prev: last?.digest ?? '',
        heads: rows.map((row): [string, number, string] => [row.chain, row.seq, row.hash.toString('hex')]),
      };
      const digest = digestOf(content);
      const made: Seal = { v: 2, ...content, digest, signature: sign(null, Buffer.from(digest, 'hex'), privateKey).toString('base64') };
      try {
        await store.put(made.seq, `${JSON.stringify(made)}\n`);
      } catch (error) {
        last = undefined;
        if (error instanceof SealExistsError && attempt < 3) continue;
        throw error;
      }
      last = made;
      await db.insert(auditSeals).values({ seq: made.seq, digest: made.digest, at }).onConflictDoNothing();
      return made;
    }
  }
  return { seal, keyId, publicKeyHex: publicKeyHex(publicKey) };
}

export interface SealCheck {
  /** Seals found in the store. */
  seals: number;
  /** The newest seal's time, or null. */
  lastAt: string | null;
  problems: AuditProblem[];
}

const problem = (kind: AuditProblem['kind'], detail: string, chain: string | null = null, seq: number | null = null): AuditProblem => ({
  kind,
  chain,
  seq,
  detail,
});

/**
 * The seals' chain and what it vouches for, with the public key alone: every seal from number 1
 * on, none missing, each under its own name, each naming the one before, each signature; each
 * head a seal names still in its chain with that hash; no seal the database recorded missing from
 * the store; and, with `sealIntervalSeconds`, no entries of the log newer than the newest seal by
 * more than the interval (and a minute): a log with entries and no seals is a failure, not "no
 * seals".
 */
export async function checkSeals(
  db: Db,
  stored: StoredSeal[],
  publicKey: KeyObject,
  { sealIntervalSeconds = 0, where = 'the seal store' }: { sealIntervalSeconds?: number; where?: string } = {},
): Promise<SealCheck> {
  const problems: AuditProblem[] = [];
  const sorted = [...stored].sort((a, b) => a.seq - b.seq);
  const byNumber = new Map<number, Seal>();
  let expected = 1;
  let before: Seal | null = null;
  for (const file of sorted) {
    const seal = parseSeal(file.text);
    if (file.seq > expected)
      problems.push(
        problem('seal_chain', `${file.seq - expected === 1 ? `seal ${expected} is` : `seals ${expected}–${file.seq - 1} are`} missing`),
      );
    expected = file.seq + 1;
    if (!seal) {
      problems.push(problem('seal_chain', `${file.name} is not a seal`));
      before = null;
      continue;
    }
    if (seal.seq !== file.seq) problems.push(problem('seal_chain', `${file.name} holds seal ${seal.seq}: moved`));
    if (before && seal.prev !== before.digest && before.seq === file.seq - 1)
      problems.push(problem('seal_chain', `seal ${file.seq} does not name seal ${before.seq} before it`));
    if (file.seq === 1 && seal.prev !== '') problems.push(problem('seal_chain', 'seal 1 names a seal before it'));
    if (before && seal.at < before.at) problems.push(problem('seal_chain', `seal ${file.seq} is older than seal ${before.seq}`));
    if (!signatureHolds(seal, publicKey)) problems.push(problem('seal_signature', `seal ${file.seq} (${seal.at})`));
    else byNumber.set(file.seq, seal);
    before = seal;
  }

  return inSnapshot(db, async (tx) => {
    // Each (chain, seq) a signed seal names, once, against the chain as it stands.
    const wanted = new Map<string, { chain: string; seq: number; hash: string; sealSeq: number; at: string }>();
    for (const seal of byNumber.values())
      for (const [chain, seq, hash] of seal.heads) {
        const key = `${chain}\u0000${seq}`;
        const seen = wanted.get(key);
        if (seen && seen.hash !== hash)
          problems.push(problem('seal_mismatch', `seals ${seen.sealSeq} and ${seal.seq} name two hashes for entry ${seq}`, chain, seq));
        else if (!seen) wanted.set(key, { chain, seq, hash, sealSeq: seal.seq, at: seal.at });
      }
    const pairs = [...wanted.values()];
    for (let i = 0; i < pairs.length; i += 1000) {
      const batch = pairs.slice(i, i + 1000);
      const found = await rowsOf<{ chain: string; seq: string; hash: Buffer | Uint8Array }>(
        sql`select l.chain, l.seq::text as seq, l.hash from audit_log l
            join (values ${sql.join(
              batch.map((p) => sql`(${p.chain}::text, ${p.seq}::bigint)`),
              sql`, `,
            )}) as w (chain, seq) on l.chain = w.chain and l.seq = w.seq`,
        tx,
      );
      const hashes = new Map(found.map((row) => [`${row.chain}\u0000${row.seq}`, Buffer.from(row.hash).toString('hex')]));
      for (const p of batch) {
        const hash = hashes.get(`${p.chain}\u0000${p.seq}`);
        if (hash !== p.hash)
          problems.push(
            problem(
              'seal_mismatch',
              `the seal of ${p.at} has ${p.hash.slice(0, 16)}, the chain ${hash ? hash.slice(0, 16) : 'no such entry'}`,
              p.chain,
              p.seq,
            ),
          );
      }
    }

    // What the database recorded of the seals written: none may be missing from the store.
    const lastStored = sorted.at(-1)?.seq ?? 0;
    const recorded = await rowsOf<{ seq: string; digest: string }>(sql`select seq::text as seq, digest from audit_seals order by seq`, tx);
    const missing = recorded.filter((row) => Number(row.seq) > lastStored);
    if (missing.length)
      problems.push(
        problem('seal_missing', `the database recorded seals up to ${missing.at(-1)!.seq} written; ${where} ends at ${lastStored}`),
      );
    for (const row of recorded) {
      const seal = byNumber.get(Number(row.seq));
      if (seal && seal.digest !== row.digest) problems.push(problem('seal_chain', `seal ${row.seq} is not the one written`));
    }

    // The log against the newest seal: entries and no seal at all, or entries far newer than it.
    const [newest] = await rowsOf<{ entries: string; newest: Date | string | null }>(
      sql`select count(*)::text as entries, max(at) as newest from audit_log`,
      tx,
    );
    const entries = Number(newest?.entries ?? 0);
    const lastAt = sorted.length ? (parseSeal(sorted.at(-1)!.text)?.at ?? null) : null;
    if (entries > 0 && sorted.length === 0)
      problems.push(problem('seal_missing', `no seals in ${where}, while the log holds ${entries} entries`));
    else if (entries > 0 && sealIntervalSeconds > 0 && lastAt && newest?.newest) {
      const newestAt = new Date(newest.newest);
      if (newestAt.getTime() > new Date(lastAt).getTime() + (sealIntervalSeconds + 60) * 1000)
        problems.push(
          problem('seal_missing', `entries up to ${newestAt.toISOString()} are in no seal: the newest seal in ${where} is of ${lastAt}`),
        );
    }
    return { seals: sorted.length, lastAt, problems };
  });
}
