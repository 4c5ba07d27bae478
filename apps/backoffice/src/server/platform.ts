import type { BackofficeConfig } from './config.js';

export const KEY_HEADER = 'Krone-Backoffice-Key';

export interface PlatformAnswer {
  status: number;
  contentType: string | null;
  retryAfter: string | null;
  text: string;
  /** The body as it came (a document's file is not text). */
  bytes: Buffer;
  /** The body read as JSON, or undefined when it is not JSON. */
  json: unknown;
}

export class PlatformUnreachable extends Error {}

/** One call to the platform's staff door, with the back office's key (and a staff session's token when given). */
export async function callStaffDoor(
  config: BackofficeConfig,
  call: { method: string; path: string; token?: string; body?: unknown; timeoutMs: number },
): Promise<PlatformAnswer> {
  const headers: Record<string, string> = { [KEY_HEADER]: config.PLATFORM_STAFF_KEY, accept: 'application/json' };
  if (call.token) headers.authorization = `Bearer ${call.token}`;
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  let bytes: Buffer;
  try {
    response = await fetch(new URL(call.path, config.PLATFORM_STAFF_URL), {
      method: call.method,
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      redirect: 'manual',
      signal: AbortSignal.timeout(call.timeoutMs),
    });
    bytes = Buffer.from(await response.arrayBuffer());
  } catch (error) {
    throw new PlatformUnreachable(`the staff door at ${config.PLATFORM_STAFF_URL} did not answer`, { cause: error });
  }
  const text = bytes.toString('utf8');
  const contentType = response.headers.get('content-type');
  let json: unknown;
  if (contentType?.includes('json')) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  return { status: response.status, contentType, retryAfter: response.headers.get('retry-after'), text, bytes, json };
}

/** The `data` of a successful answer (`{ result: 1, data }`), or undefined. */
export function dataOf(answer: PlatformAnswer): Record<string, unknown> | undefined {
  const body = answer.json as { result?: unknown; data?: unknown } | undefined;
  if (answer.status !== 200 || body?.result !== 1 || typeof body.data !== 'object' || body.data === null) return undefined;
  return body.data as Record<string, unknown>;
}

/** The error code of a refusal (`{ result: 0, code, message }`), or undefined. */
export function codeOf(answer: PlatformAnswer): string | undefined {
  const code = (answer.json as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && /^[A-Z0-9_]{1,64}$/.test(code) ? code : undefined;
}
