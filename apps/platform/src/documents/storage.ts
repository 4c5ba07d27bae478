import { createHash, randomBytes } from 'node:crypto';
import { open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import type { Config } from '../config.js';
import { privateDirOnce } from '../shared/private-dir.js';

/**
 * Where the bytes of players' documents are kept. Keys come from `newStorageKey` only, never from
 * anything a player sent, so a key can name no other place.
 */
export interface DocumentStorage {
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Uint8Array, mediaType: string): Promise<void>;
  /** The stored bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Uint8Array | null>;
  /** Removes the object; removing what is not there is no error. */
  delete(key: string): Promise<void>;
}

const KEY_PATTERN = /^[0-9a-f]{32}$/;

/** 128 random bits as hex: the only name a document is stored under. */
export function newStorageKey(): string {
  return randomBytes(16).toString('hex');
}

function assertKey(key: string) {
  if (!KEY_PATTERN.test(key)) throw new Error('invalid document storage key');
}

/**
 * Documents on the local disk, one file per key in a folder only the platform's user may enter.
 * A file appears whole or not at all: it is written to a temporary name, flushed and renamed.
 */
export function createLocalStorage(dir: string): DocumentStorage {
  // The folder is made at the first write, so rendering the OpenAPI document touches no disk.
  const ensureDir = privateDirOnce(dir);
  const fileOf = (key: string) => {
    assertKey(key);
    return path.join(dir, key);
  };

  return {
    kind: 'local',
    async put(key, bytes) {
      const target = fileOf(key);
      await ensureDir();
      const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      const handle = await open(temporary, 'wx', 0o600);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } catch (error) {
        await handle.close();
        await rm(temporary, { force: true });
        throw error;
      }
      await handle.close();
      await rename(temporary, target).catch(async (error: unknown) => {
        await rm(temporary, { force: true });
        throw error;
      });
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(fileOf(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}

export interface S3Options {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  timeoutMs?: number;
}

/**
 * Documents in an S3-compatible bucket (AWS, MinIO, Hetzner, Scaleway…), addressed path-style
 * (`endpoint/bucket/key`) so any provider works, signed with SigV4 (aws4fetch) over the real
 * payload hash, and encrypted at rest by the store (SSE-S3).
 */
export function createS3Storage(options: S3Options): DocumentStorage {
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region,
    service: 's3',
    retries: 2,
  });
  const base = `${options.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(options.bucket)}`;
  const urlOf = (key: string) => {
    assertKey(key);
    return `${base}/${key}`;
  };
  const timeout = () => AbortSignal.timeout(options.timeoutMs ?? 15_000);
  const failed = async (response: Response, what: string) => {
    await response.body?.cancel();
    return new Error(`S3 ${what} answered ${response.status}`);
  };

  return {
    kind: 's3',
    async put(key, bytes, mediaType) {
      const body = new Uint8Array(bytes);
      const response = await client.fetch(urlOf(key), {
        method: 'PUT',
        body,
        headers: {
          'content-type': mediaType,
          'x-amz-content-sha256': createHash('sha256').update(body).digest('hex'),
          'x-amz-server-side-encryption': 'AES256',
        },
        signal: timeout(),
      });
      if (!response.ok) throw await failed(response, 'put');
      await response.body?.cancel();
    },
    async get(key) {
      const response = await client.fetch(urlOf(key), { method: 'GET', signal: timeout() });
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) throw await failed(response, 'get');
      return new Uint8Array(await response.arrayBuffer());
    },
    async delete(key) {
      const response = await client.fetch(urlOf(key), { method: 'DELETE', signal: timeout() });
      if (!response.ok && response.status !== 404) throw await failed(response, 'delete');
      await response.body?.cancel();
    },
  };
}

/** S3 when its endpoint and bucket are configured, otherwise the local folder. */
export function createDocumentStorage(config: Config): DocumentStorage {
  if (config.DOCUMENTS_S3_ENDPOINT && config.DOCUMENTS_S3_BUCKET) {
    return createS3Storage({
      endpoint: config.DOCUMENTS_S3_ENDPOINT,
      bucket: config.DOCUMENTS_S3_BUCKET,
      region: config.DOCUMENTS_S3_REGION,
      accessKeyId: config.DOCUMENTS_S3_ACCESS_KEY_ID,
      secretAccessKey: config.DOCUMENTS_S3_SECRET_ACCESS_KEY,
    });
  }
  return createLocalStorage(config.DOCUMENTS_DIR);
}
