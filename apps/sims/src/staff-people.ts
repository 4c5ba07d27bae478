import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import members from './staff-people.json' with { type: 'json' };

/** The back office's roles (docs/backoffice.md); the platform keeps a member's roles, the IdP only knows who they are. */
export type StaffRole = 'support' | 'payments' | 'compliance' | 'content' | 'marketing' | 'administrator';

/** A staff member's account at the staff IdP stand-in. */
export interface StaffPerson {
  /** The IdP's `sub` for the member. */
  uuid: string;
  username: string;
  /** A demo password, `krone-demo-<username>`, shown on the login page. */
  password: string;
  name: string;
  email: string;
  /** The role the platform's demo seed gives the member. */
  roles: StaffRole[];
  /** The member's authenticator (TOTP, RFC 6238), or null when none is enrolled: the login then ends after the password. */
  secondFactor: { totpSecret: string } | null;
  /** A new hire the IdP knows but the platform does not yet: an administrator adds them in the back office. */
  newHire?: boolean;
}

/**
 * The demo staff: one member per role, a second payments member and a second administrator for
 * four eyes, Erik Enkelt with no second factor enrolled, whom the platform must refuse, and Nanna
 * Nyansat, a new hire the platform does not know until an administrator adds her. The list is kept in
 * staff-people.json so that scripts/start.mjs can print the logins without TypeScript.
 */
export const STAFF_PEOPLE: readonly StaffPerson[] = members as StaffPerson[];

export const staffPerson = (uuid: string) => STAFF_PEOPLE.find((person) => person.uuid === uuid);

/** The `acr` of a login with a password and a second factor. */
export const STAFF_MFA_ACR = 'urn:krone:staff:mfa';

export const TOTP_PERIOD_MS = 30_000;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Decode(text: string): Buffer {
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of text.toUpperCase().replace(/[\s=]/g, '')) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('not a base32 secret');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((value >>> bits) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** The 6-digit TOTP code (RFC 6238: HMAC-SHA-1, 30 s steps) of a base32 secret at a moment. */
export function totpCode(secretBase32: string, atMs: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / TOTP_PERIOD_MS)));
  const digest = createHmac('sha1', base32Decode(secretBase32)).update(counter).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** Whether a typed code is the secret's code of the current or the previous 30 s step. */
export function totpMatches(secretBase32: string, typed: string, atMs: number): boolean {
  const code = typed.replace(/\s/g, '');
  if (!/^\d{6}$/.test(code)) return false;
  // Both steps are compared, so the time taken does not tell which one matched.
  const matches = [atMs, atMs - TOTP_PERIOD_MS].map((at) => sameText(totpCode(secretBase32, at), code));
  return matches.some(Boolean);
}

/** Compares two strings in constant time (of their digests, so their lengths do not show either). */
export function sameText(a: string, b: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(a), digest(b));
}
