import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { auditHeads, auditLog } from './schema.js';
import { sha256, type AuditProblem } from './verify.js';

/**
 * Seals of the audit log (audit/README.md): now and then every chain's head, signed with the
 * operator's Ed25519 key and written out of the database (a file here; object storage with a
 * retention lock in production). Rewriting a whole chain, hashes and head included, is then caught:
 * an earlier seal names an entry the chain no longer has with that hash.
 */

/** PKCS#8 DER of an Ed25519 private key, before its 32-byte seed (RFC 8410). */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** The Ed25519 key pair of a 32-byte seed (64 hex characters, AUDIT_SIGNING_SEED). */
export function sealKeys(seedHex: string): { privateKey: KeyObject; publicKey: KeyObject; keyId: string } {
  const seed = Buffer.from(seedHex, 'hex');
  if (seed.length !== 32) throw new Error('AUDIT_SIGNING_SEED: 64 hex characters (32 bytes)');
  const privateKey = createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
  const publicKey = createPublicKey(privateKey);
  const keyId = sha256(publicKey.export({ format: 'der', type: 'spki' }))
    .toString('hex')
    .slice(0, 16);
  return { privateKey, publicKey, keyId };
}

export interface Seal {
  at: string;
  keyId: string;
  /** [chain, seq, hash hex] of every chain's head, by chain. */
  heads: [string, number, string][];
  /** SHA-256 (hex) of the heads as canonical JSON: what is signed. */
  digest: string;
  signature: string;
}

const SEALS_FILE = 'audit-seals.jsonl';
const digestOf = (at: string, heads: Seal['heads']) => sha256(JSON.stringify([at, heads])).toString('hex');

/** Reads every head (one statement: one snapshot), signs them, appends the seal to the folder's file. */
export async function sealAuditLog(
  db: Db,
  { seedHex, dir, now = new Date() }: { seedHex: string; dir: string; now?: Date },
): Promise<Seal> {
  const { privateKey, keyId } = sealKeys(seedHex);
  const rows = await db.select().from(auditHeads).orderBy(auditHeads.chain);
  const heads: Seal['heads'] = rows.map((row) => [row.chain, row.seq, row.hash.toString('hex')]);
  const at = now.toISOString();
  const digest = digestOf(at, heads);
  const seal: Seal = { at, keyId, heads, digest, signature: sign(null, Buffer.from(digest, 'hex'), privateKey).toString('base64') };
  await mkdir(dir, { recursive: true });
  await appendFile(path.join(dir, SEALS_FILE), `${JSON.stringify(seal)}\n`);
  return seal;
}

export async function readSeals(dir: string): Promise<Seal[]> {
  const text = await readFile(path.join(dir, SEALS_FILE), 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return '';
    throw error;
  });
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Seal);
}

/** Each seal's signature (with the public key), and each head it names against the chain as it stands. */
export async function checkSeals(db: Db, seals: Seal[], publicKey: KeyObject): Promise<AuditProblem[]> {
  const problems: AuditProblem[] = [];
  for (const seal of seals) {
    const signed =
      digestOf(seal.at, seal.heads) === seal.digest &&
      verify(null, Buffer.from(seal.digest, 'hex'), publicKey, Buffer.from(seal.signature, 'base64'));
    if (!signed) {
      problems.push({ kind: 'seal_signature', chain: null, seq: null, detail: `the seal of ${seal.at}` });
      continue;
    }
    for (const [chain, seq, hash] of seal.heads) {
      const [entry] = await db
        .select({ hash: auditLog.hash })
        .from(auditLog)
        .where(and(eq(auditLog.chain, chain), eq(auditLog.seq, seq)))
        .limit(1);
      if (!entry || entry.hash.toString('hex') !== hash)
        problems.push({
          kind: 'seal_mismatch',
          chain,
          seq,
          detail: `the seal of ${seal.at} has ${hash.slice(0, 16)}, the chain ${entry ? entry.hash.toString('hex').slice(0, 16) : 'no such entry'}`,
        });
    }
  }
  return problems;
}
