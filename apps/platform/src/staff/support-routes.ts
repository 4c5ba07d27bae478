import { formatShortDateDa } from '@krone/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import type { StaffAccess } from '../players/staff-access.js';
import { errorBody, iso, isoDateTime, isoOrNull, ok } from '../shared/http.js';
import { CONTACT_SUBJECTS } from '../support/service.js';
import { INBOX_FILTERS, type ContactMessage, type Inbox, type InboxFilter } from '../support/service.js';
import { reasonBody } from './proposal-routes.js';
import { PLAYER_READERS, SUPPORT_AGENTS } from './roles.js';
import type { StaffService } from './service.js';

const tags = ['staff'];
const refusals = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const messageParams = z.object({ messageId: z.uuid() });
const who = z.object({ id: z.uuid(), name: z.string() });

const messageSchema = z.object({
  id: z.uuid(),
  /** guest (the public form) or player (sent while logged in). */
  kind: z.enum(['guest', 'player']),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  subject: z.enum(CONTACT_SUBJECTS),
  message: z.string(),
  createdAt: isoDateTime,
  status: z.enum(['open', 'answered', 'closed']),
  answeredAt: isoDateTime.nullable(),
  closedAt: isoDateTime.nullable(),
  /**
   * The account it concerns: the sender's own (a player's message), or for a guest's the account
   * of the same e-mail address (`linkedBy: email`: the sender is not proven to be its holder).
   */
  player: who.extend({ linkedBy: z.enum(['session', 'email']) }).nullable(),
});
const replySchema = z.object({ id: z.uuid(), staffName: z.string(), text: z.string(), sentTo: z.string(), sentAt: isoDateTime });
type MessageJson = z.infer<typeof messageSchema>;

/**
 * The support inbox in the back office (docs/backoffice.md): the contact form's messages, linked to
 * the player they concern; support answers by e-mail (the provider's stand-in in development) and
 * closes them, every step a staff action in the trail, the answer kept as sent.
 */
export const supportRoutes: FastifyPluginAsyncZod<{
  db: Db;
  staff: StaffService;
  access: StaffAccess;
  inbox: Inbox;
  translate: (key: string) => Promise<string>;
}> = async (app, { db, staff, access, inbox, translate }) => {
  const agent = staff.guard(SUPPORT_AGENTS);

  async function messagesJson(rows: ContactMessage[]): Promise<MessageJson[]> {
    const [own, byEmail] = await Promise.all([
      access.summaries(rows.flatMap((row) => (row.playerId ? [row.playerId] : []))),
      access.byEmails(rows.filter((row) => !row.playerId).map((row) => row.email)),
    ]);
    return rows.map((row) => {
      const mine = row.playerId ? own.get(row.playerId) : undefined;
      const same = row.playerId ? undefined : byEmail.get(row.email.toLowerCase());
      return {
        id: row.id,
        kind: row.kind as MessageJson['kind'],
        name: row.name,
        email: row.email,
        phone: row.phone,
        subject: row.subject as MessageJson['subject'],
        message: row.message,
        createdAt: iso(row.createdAt),
        status: row.status as MessageJson['status'],
        answeredAt: isoOrNull(row.answeredAt),
        closedAt: isoOrNull(row.closedAt),
        player: mine
          ? { id: mine.id, name: mine.name, linkedBy: 'session' as const }
          : same
            ? { id: same.id, name: same.name, linkedBy: 'email' as const }
            : null,
      };
    });
  }

  async function repliesJson(messageId: string) {
    const rows = await inbox.replies(messageId);
    const names = await staff.memberNames(rows.map((row) => row.staffId));
    return rows.map((row) => ({
      id: row.id,
      staffName: names.get(row.staffId) ?? '',
      text: row.text,
      sentTo: row.sentTo,
      sentAt: iso(row.sentAt),
    }));
  }

  app.get(
    '/Staff/support/messages',
    {
      ...agent,
      schema: {
        tags,
        operationId: 'staffSupportMessages',
        summary: 'The support inbox: open messages oldest first, or those answered or closed newest first; each linked to its player',
        querystring: z.object({ status: z.enum(Object.keys(INBOX_FILTERS) as [InboxFilter]).default('open') }),
        response: { 200: ok(z.object({ messages: z.array(messageSchema) })), ...refusals },
      },
    },
    async (request) => ({ result: 1 as const, data: { messages: await messagesJson(await inbox.list(request.query.status)) } }),
  );

  app.get(
    '/Staff/support/messages/:messageId',
    {
      ...agent,
      schema: {
        tags,
        operationId: 'staffSupportMessage',
        summary: 'One message with the answers sent to it and who closed it',
        params: messageParams,
        response: {
          200: ok(z.object({ message: messageSchema, replies: z.array(replySchema), closedBy: who.nullable() })),
          ...refusals,
        },
      },
    },
    async (request) => {
      const row = await inbox.find(request.params.messageId);
      const [[message], replies, names] = await Promise.all([
        messagesJson([row]),
        repliesJson(row.id),
        staff.memberNames(row.closedBy ? [row.closedBy] : []),
      ]);
      const closedBy = row.closedBy ? { id: row.closedBy, name: names.get(row.closedBy) ?? '' } : null;
      return { result: 1 as const, data: { message: message!, replies, closedBy } };
    },
  );

  /** The e-mail of an answer: the greeting, staff's text, the signature, and the message answered, quoted. */
  async function mailOf(message: ContactMessage, body: string) {
    const [subject, greeting, signature, quote, topic] = await Promise.all(
      ['reply_subject', 'reply_greeting', 'reply_signature', 'reply_quote', `subject_${message.subject}`].map((key) =>
        translate(`contact_us.${key}`),
      ),
    );
    const quoted = message.message
      .split(/\r?\n/)
      .map((line) => `> ${line}`)
      .join('\n');
    return {
      subject: subject!.replace('{subject}', topic!),
      text: [
        greeting!.replace('{name}', message.name),
        body,
        signature,
        `${quote!.replace('{date}', formatShortDateDa(message.createdAt.toISOString()))}\n${quoted}`,
      ].join('\n\n'),
      body,
    };
  }

  const targetOf = (message: ContactMessage) =>
    message.playerId ? { targetKind: 'player', targetId: message.playerId } : { targetKind: 'contact_message', targetId: message.id };

  app.post(
    '/Staff/support/messages/:messageId/reply',
    {
      ...agent,
      schema: {
        tags,
        operationId: 'staffReplySupportMessage',
        summary: 'Answers a message by e-mail to its sender (greeting, the text, signature, the message quoted); kept and in the trail',
        params: messageParams,
        body: z.object({ text: z.string().trim().min(3).max(5000) }),
        response: { 200: ok(z.object({ message: messageSchema, replies: z.array(replySchema) })), ...refusals, 502: errorBody },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const { messageId } = request.params;
      const current = await inbox.find(messageId);
      const mail = await mailOf(current, request.body.text);
      await db.transaction(async (tx) => {
        const { before, reply } = await inbox.reply(tx, messageId, request.staff.id, mail);
        await staff.record(tx, request.staff.id, {
          action: 'support.reply',
          ...targetOf(before),
          reason: request.body.text.slice(0, 500),
          before: { messageId, status: before.status },
          after: { messageId, status: 'answered', replyId: reply.id },
        });
      });
      const [message] = await messagesJson([await inbox.find(messageId)]);
      return { result: 1 as const, data: { message: message!, replies: await repliesJson(messageId) } };
    },
  );

  app.post(
    '/Staff/support/messages/:messageId/close',
    {
      ...agent,
      schema: {
        tags,
        operationId: 'staffCloseSupportMessage',
        summary: 'Closes a message (answered, or needing no answer), with a reason; in the trail',
        params: messageParams,
        body: reasonBody,
        response: { 200: ok(z.object({ message: messageSchema })), ...refusals },
      },
    },
    async (request) => {
      const { messageId } = request.params;
      await db.transaction(async (tx) => {
        const { before } = await inbox.close(tx, messageId, request.staff.id);
        await staff.record(tx, request.staff.id, {
          action: 'support.close',
          ...targetOf(before),
          reason: request.body.reason,
          before: { messageId, status: before.status },
          after: { messageId, status: 'closed' },
        });
      });
      const [message] = await messagesJson([await inbox.find(messageId)]);
      return { result: 1 as const, data: { message: message! } };
    },
  );

  app.get(
    '/Staff/players/:playerId/messages',
    {
      ...staff.guard(PLAYER_READERS),
      schema: {
        tags,
        operationId: 'staffPlayerMessages',
        summary: 'A player’s contact messages (sent while logged in, or as a guest from their e-mail address), newest first',
        params: z.object({ playerId: z.uuid() }),
        response: { 200: ok(z.object({ messages: z.array(messageSchema) })), ...refusals },
      },
    },
    async (request) => {
      const player = await access.find(request.params.playerId);
      return { result: 1 as const, data: { messages: await messagesJson(await inbox.ofPlayer(player.id, player.email)) } };
    },
  );
};
