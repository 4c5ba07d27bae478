import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * The players context's secrets at rest: look-up hashes, encryption of what must be read back
 * (CPR numbers, a broker's access token), and opaque tokens that are stored only hashed.
 */
export interface Secrets {
  /** HMAC-SHA256 of a normalised CPR: equal CPRs give equal hashes, nothing else can be read. */
  hashCpr(cpr: string): string;
  encrypt(plaintext: string): string;
  decrypt(ciphertext: string): string;
}

const VERSION = 'v1';

export function createSecrets({ cprHashKey, encryptionKey }: { cprHashKey: string; encryptionKey: string }): Secrets {
  // The configured key may be any long string; AES-256 needs exactly 32 bytes.
  const key = createHash('sha256').update(encryptionKey).digest();
  return {
    hashCpr: (cpr) => createHmac('sha256', cprHashKey).update(cpr).digest('hex'),
    encrypt(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    decrypt(ciphertext) {
      const [version, iv, tag, body] = ciphertext.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('unknown ciphertext format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/** 256 random bits, URL-safe: session ids, transaction and registration ids. */
export const newToken = () => randomBytes(32).toString('base64url');

/** What the database keeps of a token. SHA-256 suffices: the token itself has 256 random bits. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A token's shape, checked before any look-up so junk never reaches the database. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
