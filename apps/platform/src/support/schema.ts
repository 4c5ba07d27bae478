import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'guest' or 'player': the two variants of the contact form. */
    kind: text('kind').notNull(),
    playerId: text('player_id'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** Salted hash of the sender's IP, for abuse handling without keeping the address. */
    ipHash: text('ip_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** open, answered (staff sent an answer), closed (nothing more to do; migration 0038). */
    status: text('status').notNull().default('open'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: uuid('closed_by'),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt), index('contact_messages_status_idx').on(t.status, t.createdAt)],
);

/** Staff's answers to contact messages, each sent by e-mail (`mail_id`: the provider's id). Append-only. */
export const contactReplies = pgTable(
  'contact_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id').notNull(),
    staffId: uuid('staff_id').notNull(),
    text: text('text').notNull(),
    sentTo: text('sent_to').notNull(),
    mailId: text('mail_id').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('contact_replies_message_idx').on(t.messageId, t.sentAt)],
);

/** Captcha challenges already used, so one solution cannot be replayed. */
export const usedCaptchas = pgTable('used_captchas', {
  signature: text('signature').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
