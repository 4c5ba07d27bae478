import { randomBytes } from 'node:crypto';
import { link, open, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import type { Config } from '../config.js';
import { privateDirOnce } from '../shared/private-dir.js';

/**
 * Where the audit log's seals are kept (audit/README.md, "Seals"): out of the database's reach, one
 * object per seal, named by its number, never replaced. A store the database's role can write to
 * would let whoever holds its password rewrite the log and the seals together; so the platform
 * writes seals to a folder of their own (outside the database's data directory, on a disk or
 * mount the database server's user cannot write) or to an S3-compatible bucket of their own
 * (ideally with object lock / retention, so not even the platform's key can remove one).
 */
export interface SealStore {
  /** Where the seals go, for messages. */
  readonly where: string;
  /** Writes seal number `seq`. Never replaces one: a seal with that number there already throws SealExistsError. */
  put(seq: number, text: string): Promise<void>;
  /** Every seal there, in number order: its number (from its name) and its text. */
  list(): Promise<StoredSeal[]>;
  /** The seal with the highest number, or null when there is none. */
  last(): Promise<StoredSeal | null>;
}

export interface StoredSeal {
  seq: number;
  name: string;
  text: string;
}

export class SealExistsError extends Error {
  constructor(seq: number) {
    super(`audit seal ${seq} exists already`);
  }
}

const NAME = /^seal-(\d{12})\.json$/;
export const sealName = (seq: number) => `seal-${String(seq).padStart(12, '0')}.json`;
const seqOf = (name: string) => Number(NAME.exec(name)![1]);

/**
 * Seals in a folder, one file each. A file appears whole or not at all and is never replaced:
 * written to a temporary name, flushed, then hard-linked to its own name (which fails when that
 * name exists) and the temporary removed. Files are read-only (0444), the folder the platform's
 * user's only (0700).
 */
export function createDirectorySealStore(dir: string): SealStore {
  const ensureDir = privateDirOnce(dir);
  const names = async () => {
    const all = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [] as string[];
      throw error;
    });
    return all.filter((name) => NAME.test(name)).sort();
  };
  const read = async (name: string): Promise<StoredSeal> => ({
    seq: seqOf(name),
    name,
    text: await readFile(path.join(dir, name), 'utf8'),
  });
  return {
    where: dir,
    async put(seq, text) {
      await ensureDir();
      const target = path.join(dir, sealName(seq));
      const temporary = path.join(dir, `.${sealName(seq)}.${randomBytes(6).toString('hex')}.tmp`);
      const handle = await open(temporary, 'wx', 0o444);
      try {
        await handle.writeFile(text);
        await handle.sync();
      } finally {
        await handle.close();
      }
      try {
        await link(temporary, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new SealExistsError(seq);
        throw error;
      } finally {
        await rm(temporary, { force: true });
      }
    },
    async list() {
      return Promise.all((await names()).map(read));
    },
    async last() {
      const last = (await names()).at(-1);
      return last ? read(last) : null;
    },
  };
}

export interface S3SealStoreOptions {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Key prefix in the bucket, e.g. `audit-seals/`. */
  prefix: string;
  timeoutMs?: number;
}

/**
 * Seals in an S3-compatible bucket (path-style, SigV4 by aws4fetch, as the documents' store).
 * A seal is written with `If-None-Match: *`, so the store refuses to replace one (412); listed
 * with ListObjectsV2 under the prefix. Give the bucket object lock (compliance mode) and the
 * platform's key put and get only, no delete: then not even the platform can take a seal back.
 */
export function createS3SealStore(options: S3SealStoreOptions): SealStore {
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region,
    service: 's3',
    retries: 2,
  });
  const base = `${options.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(options.bucket)}`;
  const timeout = () => AbortSignal.timeout(options.timeoutMs ?? 15_000);
  const keyOf = (name: string) => `${options.prefix}${name}`;
  const urlOf = (name: string) => `${base}/${keyOf(name).split('/').map(encodeURIComponent).join('/')}`;
  const failed = async (response: Response, what: string) => {
    await response.body?.cancel();
    return new Error(`S3 seal store: ${what} answered ${response.status}`);
  };
  const unescapeXml = (text: string) =>
    text.replace(/&(lt|gt|quot|apos|amp);/g, (_, name: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[name]!);
  async function names(): Promise<string[]> {
    const found: string[] = [];
    let token: string | null = null;
    do {
      const query = new URLSearchParams({ 'list-type': '2', prefix: options.prefix });
      if (token) query.set('continuation-token', token);
      const response = await client.fetch(`${base}?${query.toString()}`, { method: 'GET', signal: timeout() });
      if (!response.ok) throw await failed(response, 'list');
      const xml = await response.text();
      for (const [, key] of xml.matchAll(/<Key>([^<]*)<\/Key>/g)) {
        const name = unescapeXml(key!).slice(options.prefix.length);
        if (NAME.test(name)) found.push(name);
      }
      token = /<IsTruncated>true<\/IsTruncated>/.test(xml) ? unescapeXml(/<NextContinuationToken>([^<]*)</.exec(xml)?.[1] ?? '') : null;
    } while (token);
    return found.sort();
  }
  async function read(name: string): Promise<StoredSeal> {
    const response = await client.fetch(urlOf(name), { method: 'GET', signal: timeout() });
    if (!response.ok) throw await failed(response, `get ${name}`);
    return { seq: seqOf(name), name, text: await response.text() };
  }
  return {
    where: `${base}/${options.prefix}`,
    async put(seq, text) {
      const response = await client.fetch(urlOf(sealName(seq)), {
        method: 'PUT',
        body: text,
        headers: { 'content-type': 'application/json', 'if-none-match': '*' },
        signal: timeout(),
      });
      if (response.status === 412 || response.status === 409) {
        await response.body?.cancel();
        throw new SealExistsError(seq);
      }
      if (!response.ok) throw await failed(response, `put ${sealName(seq)}`);
      await response.body?.cancel();
    },
    async list() {
      const all: StoredSeal[] = [];
      for (const name of await names()) all.push(await read(name));
      return all;
    },
    async last() {
      const last = (await names()).at(-1);
      return last ? read(last) : null;
    },
  };
}

/** The S3 bucket when its endpoint and bucket are configured, otherwise the folder (AUDIT_SEAL_DIR). */
export function createSealStore(
  config: Pick<
    Config,
    | 'AUDIT_SEAL_DIR'
    | 'AUDIT_SEAL_S3_ENDPOINT'
    | 'AUDIT_SEAL_S3_BUCKET'
    | 'AUDIT_SEAL_S3_PREFIX'
    | 'AUDIT_SEAL_S3_REGION'
    | 'AUDIT_SEAL_S3_ACCESS_KEY_ID'
    | 'AUDIT_SEAL_S3_SECRET_ACCESS_KEY'
  >,
): SealStore {
  if (config.AUDIT_SEAL_S3_ENDPOINT && config.AUDIT_SEAL_S3_BUCKET)
    return createS3SealStore({
      endpoint: config.AUDIT_SEAL_S3_ENDPOINT,
      bucket: config.AUDIT_SEAL_S3_BUCKET,
      prefix: config.AUDIT_SEAL_S3_PREFIX,
      region: config.AUDIT_SEAL_S3_REGION,
      accessKeyId: config.AUDIT_SEAL_S3_ACCESS_KEY_ID,
      secretAccessKey: config.AUDIT_SEAL_S3_SECRET_ACCESS_KEY,
    });
  return createDirectorySealStore(config.AUDIT_SEAL_DIR);
}
