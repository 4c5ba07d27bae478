import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { lt } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { fail } from '../shared/errors.js';
import { contactMessages, usedCaptchas } from './schema.js';

export { createInbox, createMailer, INBOX_FILTERS, type ContactMessage, type Inbox, type InboxFilter, type Mailer } from './inbox.js';

export const CONTACT_SUBJECTS = ['account', 'payment', 'bonus', 'technical', 'responsible', 'other'] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

/** A contact message as its sender typed it; who sent it (a guest, or a session's player) is the route's to say. */
export interface ContactInput {
  name: string;
  email: string;
  phone?: string | undefined;
  subject: ContactSubject;
  message: string;
  /** The ALTCHA widget's base64 payload: the challenge and the solution found for it. */
  captcha?: string | undefined;
}

const captchaRequired = () => fail('CAPTCHA_REQUIRED');
const captchaExpired = () => fail('CAPTCHA_EXPIRED');
const captchaInvalid = () => fail('CAPTCHA_INVALID');

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The widget's payload is base64 JSON from the browser: anything off-shape is an invalid captcha, never a 500. */
function decodeCaptcha(payload: string): { challenge: Challenge; solution: Solution } {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
  } catch {
    throw captchaInvalid();
  }
  if (!isRecord(decoded) || !isRecord(decoded.challenge) || !isRecord(decoded.solution)) throw captchaInvalid();
  const { challenge, solution } = decoded;
  if (!isRecord(challenge.parameters) || typeof challenge.signature !== 'string') throw captchaInvalid();
  if (typeof solution.counter !== 'number' || typeof solution.derivedKey !== 'string') throw captchaInvalid();
  return { challenge: challenge as unknown as Challenge, solution: solution as unknown as Solution };
}

/** The support context: the contact form, its self-hosted proof-of-work captcha, and its messages. */
export function createSupportService(db: Db, config: Config, clock: () => Date = () => new Date()) {
  const keySecret = `${config.ALTCHA_HMAC_KEY}:key`;

  async function createCaptchaChallenge(): Promise<Challenge> {
    const max = config.ALTCHA_MAX_NUMBER;
    return createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      // randomInt takes (max, min): the browser has to try between a tenth of max and max numbers.
      counter: randomInt(max, Math.floor(max / 10)),
      deriveKey,
      hmacSignatureSecret: config.ALTCHA_HMAC_KEY,
      hmacKeySignatureSecret: keySecret,
      expiresAt: new Date(clock().getTime() + config.ALTCHA_EXPIRES_SECONDS * 1000),
    });
  }

  /**
   * Checks a widget payload and returns what identifies its challenge: the signature, and when the
   * challenge stops being accepted anyway (after which its replay record may go).
   */
  async function verifyCaptcha(payload: string | undefined): Promise<{ signature: string; expiresAt: Date }> {
    if (!payload) throw captchaRequired();
    const { challenge, solution } = decodeCaptcha(payload);
    const expiresAtSeconds = challenge.parameters.expiresAt;
    // Our clock decides first, so tests and the platform agree; altcha-lib checks the wall clock too.
    if (typeof expiresAtSeconds === 'number' && expiresAtSeconds * 1000 < clock().getTime()) throw captchaExpired();
    const result = await verifySolution({
      challenge,
      solution,
      deriveKey,
      hmacSignatureSecret: config.ALTCHA_HMAC_KEY,
      hmacKeySignatureSecret: keySecret,
    }).catch(() => {
      throw captchaInvalid();
    });
    if (result.expired) throw captchaExpired();
    // Every challenge we sign carries an expiry; a signed one without it is not ours to accept.
    if (!result.verified || !challenge.signature || typeof expiresAtSeconds !== 'number') throw captchaInvalid();
    return { signature: challenge.signature, expiresAt: new Date(expiresAtSeconds * 1000) };
  }

  function hashIp(ip: string): string {
    return createHmac('sha256', config.IP_HASH_SALT).update(ip).digest('hex');
  }

  /** Stores a message from a guest (`playerId` null) or from the player of a verified session. */
  async function submitContact(input: ContactInput, ip: string, playerId: string | null): Promise<{ id: string }> {
    const { signature, expiresAt } = await verifyCaptcha(input.captcha);
    return db.transaction(async (tx) => {
      // A solved challenge is good for one message: its signature is recorded with the message.
      const used = await tx
        .insert(usedCaptchas)
        .values({ signature, expiresAt })
        .onConflictDoNothing()
        .returning({ signature: usedCaptchas.signature });
      if (used.length === 0) throw captchaInvalid();
      const [row] = await tx
        .insert(contactMessages)
        .values({
          kind: playerId ? 'player' : 'guest',
          playerId,
          name: input.name,
          email: input.email,
          phone: input.phone || null,
          subject: input.subject,
          message: input.message,
          ipHash: hashIp(ip),
        })
        .returning({ id: contactMessages.id });
      await tx.delete(usedCaptchas).where(lt(usedCaptchas.expiresAt, clock()));
      return { id: row!.id };
    });
  }

  return { createCaptchaChallenge, verifyCaptcha, submitContact };
}

export type SupportService = ReturnType<typeof createSupportService>;
