import { randomUUID } from 'node:crypto';
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { fail } from '../shared/errors.js';
import { contactMessages, contactReplies } from './schema.js';

/** The inbox's filters: what waits for an answer (oldest first), and what was answered or closed (newest first). */
export const INBOX_FILTERS = { open: ['open'], answered: ['answered'], closed: ['closed'], all: ['open', 'answered', 'closed'] } as const;
export type InboxFilter = keyof typeof INBOX_FILTERS;
const INBOX_LIMIT = 200;

export type ContactMessage = typeof contactMessages.$inferSelect;
export type ContactReply = typeof contactReplies.$inferSelect;
type Tx = Pick<Db, 'select' | 'insert' | 'update'>;

/** A message sent through the e-mail provider: its id there. */
export interface Mailer {
  send(mail: { to: string; subject: string; text: string; reference: string }): Promise<{ id: string }>;
}

/**
 * The e-mail provider's sending API (the stand-in's /mailbox in development): one message per
 * call, the reference as its Idempotency-Key, so a retried send is sent once. A provider that does
 * not answer, or refuses, is MAIL_UNAVAILABLE: the caller's transaction then records nothing.
 */
export function createMailer(
  config: Pick<Config, 'MAIL_API_URL' | 'MAIL_API_KEY' | 'MAIL_FROM' | 'MAIL_REPLY_TO'>,
  fetchImpl: typeof fetch = fetch,
): Mailer {
  return {
    async send(mail) {
      try {
        const response = await fetchImpl(`${config.MAIL_API_URL.replace(/\/$/, '')}/v1/messages`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${config.MAIL_API_KEY}`,
            'idempotency-key': mail.reference,
          },
          body: JSON.stringify({ from: config.MAIL_FROM, replyTo: config.MAIL_REPLY_TO, ...mail }),
          signal: AbortSignal.timeout(10_000),
        });
        if (!response.ok) throw new Error(`the e-mail provider answered ${response.status}`);
        const body = (await response.json()) as { id?: unknown };
        if (typeof body.id !== 'string') throw new Error('the e-mail provider answered without an id');
        return { id: body.id };
      } catch (cause) {
        throw fail('MAIL_UNAVAILABLE', { cause });
      }
    },
  };
}

/**
 * The support inbox, the support context's side (docs/backoffice.md): the contact form's messages,
 * staff's answers sent by e-mail and kept, and a message closed. The staff context checks who may
 * and writes the trail in the same transaction.
 */
export function createInbox(deps: { db: Db; clock: () => Date; mailer: Mailer }) {
  const { db, clock, mailer } = deps;

  async function list(filter: InboxFilter): Promise<ContactMessage[]> {
    const statuses = [...INBOX_FILTERS[filter]];
    return db
      .select()
      .from(contactMessages)
      .where(inArray(contactMessages.status, statuses))
      .orderBy(filter === 'open' ? asc(contactMessages.createdAt) : desc(contactMessages.createdAt))
      .limit(INBOX_LIMIT);
  }

  /** How many messages wait for an answer (the start page's tile). */
  async function openCount(): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(contactMessages)
      .where(eq(contactMessages.status, 'open'));
    return Number(row?.n ?? 0);
  }

  async function find(messageId: string): Promise<ContactMessage> {
    const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, messageId)).limit(1);
    if (!row) throw fail('CONTACT_MESSAGE_NOT_FOUND');
    return row;
  }

  async function replies(messageId: string): Promise<ContactReply[]> {
    return db.select().from(contactReplies).where(eq(contactReplies.messageId, messageId)).orderBy(asc(contactReplies.sentAt));
  }

  /** A player's own messages (the back office's player page), newest first. */
  async function ofPlayer(playerId: string, email: string): Promise<ContactMessage[]> {
    return db
      .select()
      .from(contactMessages)
      .where(
        sql`${contactMessages.playerId} = ${playerId} or (${contactMessages.playerId} is null and lower(${contactMessages.email}) = ${email.toLowerCase()})`,
      )
      .orderBy(desc(contactMessages.createdAt))
      .limit(INBOX_LIMIT);
  }

  async function lockOpen(tx: Tx, messageId: string): Promise<ContactMessage> {
    const [row] = await tx.select().from(contactMessages).where(eq(contactMessages.id, messageId)).limit(1).for('update');
    if (!row) throw fail('CONTACT_MESSAGE_NOT_FOUND');
    if (row.status === 'closed') throw fail('CONTACT_MESSAGE_CLOSED');
    return row;
  }

  /**
   * Answers a message by e-mail in the caller's transaction: the message is locked, the answer
   * sent (its row's id the send's idempotency key) and kept, the message marked answered. A send
   * the provider refuses throws, and the transaction keeps nothing.
   */
  async function reply(tx: Tx, messageId: string, staffId: string, mail: { subject: string; text: string; body: string }) {
    const message = await lockOpen(tx, messageId);
    const id = randomUUID();
    const sent = await mailer.send({ to: message.email, subject: mail.subject, text: mail.text, reference: `contact-reply:${id}` });
    const now = clock();
    const [row] = await tx
      .insert(contactReplies)
      .values({ id, messageId, staffId, text: mail.body, sentTo: message.email, mailId: sent.id, sentAt: now })
      .returning();
    await tx.update(contactMessages).set({ status: 'answered', answeredAt: now }).where(eq(contactMessages.id, messageId));
    return { before: message, reply: row! };
  }

  /** Closes a message (answered, or needing no answer: spam, a duplicate) in the caller's transaction. */
  async function close(tx: Tx, messageId: string, staffId: string) {
    const message = await lockOpen(tx, messageId);
    await tx
      .update(contactMessages)
      .set({ status: 'closed', closedAt: clock(), closedBy: staffId })
      .where(eq(contactMessages.id, messageId));
    return { before: message };
  }

  return { list, openCount, find, replies, ofPlayer, reply, close };
}

export type Inbox = ReturnType<typeof createInbox>;
