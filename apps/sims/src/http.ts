import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

const MAX_BODY_BYTES = 64 * 1024;

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export const readForm = async (req: IncomingMessage) => new URLSearchParams(await readBody(req));

export async function readJson(req: IncomingMessage): Promise<unknown> {
  try {
    return JSON.parse(await readBody(req));
  } catch {
    return undefined;
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** Whether the request carries `Authorization: Bearer <key>` (compared in constant time). */
export function bearerMatches(req: IncomingMessage, key: string): boolean {
  const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return given.length > 0 && timingSafeEqual(digest(given), digest(key));
}

/** Idempotency-Key handling of the payment stand-ins: a repeated key gets the first answer again. */
export function createIdempotentAnswers() {
  const answers = new Map<string, { status: number; body: unknown }>();
  return {
    /** The request's key, or null once it has been answered (no key, or a repeat). */
    begin(req: IncomingMessage, res: ServerResponse): string | null {
      const key = String(req.headers['idempotency-key'] ?? '');
      if (!key || key.length > 200) {
        sendJson(res, 400, { error: 'idempotency_key_required' });
        return null;
      }
      const seen = answers.get(key);
      if (seen) {
        sendJson(res, seen.status, seen.body, { 'idempotent-replayed': 'true' });
        return null;
      }
      return key;
    },
    answer(res: ServerResponse, key: string, status: number, body: unknown) {
      answers.set(key, { status, body });
      sendJson(res, status, body);
    },
  };
}
