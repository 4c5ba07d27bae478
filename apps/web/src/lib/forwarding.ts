import { isIP } from 'node:net';

const LOOPBACK = '127.0.0.1';

/**
 * The visitor's address, for the platform's per-IP rate limit and IP hash. The last
 * X-Forwarded-For entry is the one our nearest proxy (or Next itself, when nothing is in front)
 * saw; entries further left were written by the client and could be anything. X-Real-IP is the
 * nginx habit for the same thing.
 */
export function clientIp(headers: Headers): string {
  const forwarded = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const candidate of [forwarded.at(-1), headers.get('x-real-ip')?.trim()]) {
    if (candidate && isIP(candidate)) return candidate;
  }
  return LOOPBACK;
}

/**
 * The origins this request was addressed to: the URL Next built, and the host the browser used
 * (Host, or X-Forwarded-Host behind a proxy) with its scheme. Next builds the URL from the address
 * it listens on, so a browser on http://localhost:3000 only matches through the headers.
 */
export function ownOrigins(url: URL, headers: Headers): Set<string> {
  const origins = new Set([url.origin]);
  const first = (name: string) => headers.get(name)?.split(',')[0]?.trim() || undefined;
  const proto = first('x-forwarded-proto') ?? url.protocol.replace(/:$/, '');
  for (const host of [first('x-forwarded-host'), first('host')]) {
    if (host) origins.add(`${proto}://${host}`);
  }
  return origins;
}

/**
 * CSRF guard for state-changing calls: the browser's Origin header must name this site.
 * Browsers send Origin with every POST from script, so a missing one is refused as well.
 */
export function isSameOrigin(url: URL, headers: Headers): boolean {
  const origin = headers.get('origin');
  if (!origin || origin === 'null') return false;
  return ownOrigins(url, headers).has(origin);
}

/** The header our own page script adds to a state-changing call whose body is not JSON. */
export const CSRF_HEADER = 'x-krone-csrf';

/**
 * Whether a request is one a page on another site could not send without the browser asking us
 * first (a CORS preflight we never grant): a JSON body, or our own header. A plain HTML form can
 * only send urlencoded, multipart or text bodies, and no custom header.
 */
export function isNonSimpleRequest(headers: Headers): boolean {
  if (headers.get(CSRF_HEADER) === '1') return true;
  const type = (headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'application/json';
}
