import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { bearerMatches, createIdempotentAnswers, escapeHtml, readJson, sendJson } from './http.js';

/**
 * A stand-in for an e-mail provider's sending API and the recipients' inboxes: the platform sends
 * a message (`POST /mailbox/v1/messages`, Bearer key, Idempotency-Key: a repeat sends nothing
 * twice); anyone may read what was sent to an address (`GET /mailbox?to=`, a plain page, as the
 * recipient would find it in their inbox; `GET /mailbox/v1/messages?to=` for tests). Kept in
 * memory, at most the last `MAX_MESSAGES`.
 */
export const MAX_MESSAGES = 1000;

const message = z.object({
  from: z.string().min(3).max(200),
  to: z.email().max(200),
  replyTo: z.email().max(200).optional(),
  subject: z.string().min(1).max(300),
  text: z.string().min(1).max(20_000),
  /** The sender's own reference (the platform's reply id). */
  reference: z.string().max(100).optional(),
});

export interface Mail extends z.infer<typeof message> {
  id: string;
  sentAt: string;
}

export function createMailbox(options: { apiKey: string; now: () => Date }) {
  const sent: Mail[] = [];
  const idempotent = createIdempotentAnswers();
  const to = (req: IncomingMessage) => new URL(req.url ?? '/', 'http://sims').searchParams.get('to')?.trim().toLowerCase() ?? '';
  const addressedTo = (address: string) => sent.filter((mail) => mail.to.toLowerCase() === address).reverse();

  async function send(req: IncomingMessage, res: ServerResponse) {
    const key = idempotent.begin(req, res);
    if (!key) return;
    const parsed = message.safeParse(await readJson(req));
    if (!parsed.success) return sendJson(res, 400, { error: 'invalid_request' });
    const mail: Mail = { ...parsed.data, id: `msg_${randomBytes(12).toString('base64url')}`, sentAt: options.now().toISOString() };
    sent.push(mail);
    if (sent.length > MAX_MESSAGES) sent.shift();
    idempotent.answer(res, key, 202, { id: mail.id, sentAt: mail.sentAt });
  }

  function inboxPage(res: ServerResponse, address: string) {
    const mails = address ? addressedTo(address) : [];
    const items = mails
      .map(
        (mail) => `<li data-testid="mail">
<p><strong data-testid="mail-subject">${escapeHtml(mail.subject)}</strong><br>
<small>Fra ${escapeHtml(mail.from)} · ${escapeHtml(mail.sentAt)}</small></p>
<pre data-testid="mail-text">${escapeHtml(mail.text)}</pre></li>`,
      )
      .join('\n');
    const body = `<!doctype html>
<html lang="da"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Indbakke (stand-in)</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 44rem; margin: 2rem auto; padding: 0 1rem">
<h1>Indbakke (stand-in)</h1>
<form method="get"><label>E-mailadresse <input name="to" type="email" value="${escapeHtml(address)}"></label> <button>Vis</button></form>
${address ? (mails.length ? `<ol style="padding-left: 1.25rem">${items}</ol>` : '<p data-testid="mailbox-empty">Ingen e-mails.</p>') : ''}
<style>pre { white-space: pre-wrap; font: inherit; background: #f4f4f5; padding: 0.75rem; border-radius: 6px }</style>
</body></html>`;
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
      'x-content-type-options': 'nosniff',
    });
    res.end(body);
  }

  return {
    async handle(req: IncomingMessage, res: ServerResponse, path: string) {
      if ((path === '' || path === '/') && (req.method === 'GET' || req.method === 'HEAD')) return inboxPage(res, to(req));
      if (!bearerMatches(req, options.apiKey)) return sendJson(res, 401, { error: 'unauthorized' });
      if (path === '/v1/messages' && req.method === 'POST') return send(req, res);
      if (path === '/v1/messages' && req.method === 'GET') return sendJson(res, 200, { messages: addressedTo(to(req)) });
      return sendJson(res, 404, { error: 'not_found' });
    },
    /** What was sent to an address, newest first (tests). */
    sentTo: (address: string) => addressedTo(address.toLowerCase()),
  };
}

export type Mailbox = ReturnType<typeof createMailbox>;
