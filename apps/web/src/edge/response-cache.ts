import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import CachePolicy from 'http-cache-semantics';
import { LRUCache } from 'lru-cache';

/**
 * A small shared HTTP cache in front of Next, as a CDN would be: it answers repeated requests
 * for a public page straight from memory, as the bytes Next sent (already compressed), instead
 * of running Next's routing, cache lookup and gzip for every visitor.
 *
 * It stores only what Next itself marks shareable (RFC 9111 shared-cache rules, decided by
 * http-cache-semantics: `s-maxage`/`public`, no `private`/`no-store`), never a response that sets
 * a cookie, never a stale ISR answer, never the product calls under /api, and holds nothing
 * longer than `maxAgeMs`, so content changes reach players at most that much later than Next
 * would show them. Each request's own `Vary` headers (RSC, router state, Accept-Encoding, …)
 * select the variant, so a client is only ever sent an encoding it accepts.
 */
export interface ResponseCacheOptions {
  /** The most bytes of bodies held at once; least recently used entries go first. */
  maxBytes: number;
  /** Bodies larger than this are passed through and not kept. */
  maxEntryBytes: number;
  /** The longest anything is served from memory, whatever the response allowed. */
  maxAgeMs: number;
  /**
   * The site's configured host (WEB_PUBLIC_URL's `host`). Entries are keyed on it, never on the
   * request's raw Host header, and a request addressed to any other host (a junk Host, or
   * X-Forwarded-Host from a trusted proxy) is passed through without being answered or stored, so
   * it can neither fill the cache nor leave a page built for another host for the real one.
   */
  host: string;
  /** Requests that must always reach Next (for example those its proxy may redirect). */
  bypass?: (request: IncomingMessage) => boolean;
  now?: () => number;
}

export type CacheOutcome = 'HIT' | 'MISS' | 'BYPASS';

export const CACHE_STATUS_HEADER = 'x-krone-cache';

interface Variant {
  policy: CachePolicy;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  storedAt: number;
}

const MAX_VARIANTS_PER_URL = 8;

function policyRequest(request: IncomingMessage): CachePolicy.Request {
  return { url: request.url, method: request.method, headers: request.headers as CachePolicy.Headers };
}

function plainHeaders(headers: OutgoingHttpHeaders): CachePolicy.Headers {
  const out: CachePolicy.Headers = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name] = Array.isArray(value) ? value.map(String) : String(value);
  }
  return out;
}

function toBuffer(chunk: unknown, encoding: unknown): Buffer | null {
  if (chunk === null || chunk === undefined || typeof chunk === 'function') return null;
  if (typeof chunk === 'string') return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  if (chunk instanceof Uint8Array) return Buffer.from(chunk);
  return null;
}

export function createResponseCache(options: ResponseCacheOptions) {
  const now = options.now ?? Date.now;
  const entries = new LRUCache<string, Variant[]>({
    maxSize: options.maxBytes,
    sizeCalculation: (variants) =>
      Math.max(
        1,
        variants.reduce((sum, variant) => sum + variant.body.length + 512, 0),
      ),
  });

  const configuredHost = options.host.toLowerCase();
  const keyOf = (request: IncomingMessage) => `${configuredHost} ${request.url ?? ''}`;
  /** The host the browser addressed: a trusted proxy's X-Forwarded-Host (edge/front-door.ts), or Host. */
  const addressedHost = (request: IncomingMessage) =>
    String(request.headers['x-forwarded-host'] ?? request.headers.host ?? '')
      .split(',')[0]!
      .trim()
      .toLowerCase();

  function isCandidate(request: IncomingMessage): boolean {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const url = request.url ?? '';
    if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')) return false;
    if (addressedHost(request) !== configuredHost) return false;
    return !options.bypass?.(request);
  }

  function lookup(request: IncomingMessage): Variant | undefined {
    const variants = entries.get(keyOf(request));
    if (!variants) return undefined;
    const at = now();
    // A HEAD is answered from the stored GET, without its body.
    const shaped = { ...policyRequest(request), method: 'GET' };
    return variants.find((variant) => at - variant.storedAt < options.maxAgeMs && variant.policy.satisfiesWithoutRevalidation(shaped));
  }

  function respond(variant: Variant, request: IncomingMessage, response: ServerResponse) {
    const headers: OutgoingHttpHeaders = { ...variant.policy.responseHeaders(), [CACHE_STATUS_HEADER]: 'HIT' };
    const etag = headers.etag;
    const ifNoneMatch = request.headers['if-none-match'];
    if (etag && ifNoneMatch && ifNoneMatch.split(/\s*,\s*/).includes(String(etag))) {
      delete headers['content-length'];
      delete headers['content-encoding'];
      response.writeHead(304, headers);
      response.end();
      return;
    }
    headers['content-length'] = variant.body.length;
    response.writeHead(200, headers);
    response.end(request.method === 'HEAD' ? undefined : variant.body);
  }

  function store(request: IncomingMessage, response: ServerResponse, body: Buffer) {
    if (response.statusCode !== 200) return;
    const headers = response.getHeaders();
    if (headers['set-cookie'] !== undefined) return;
    // Next answers with a stale page while it renders a new one; keeping that would only
    // stretch how long players see old content.
    if (String(headers['x-nextjs-cache'] ?? '').toUpperCase() === 'STALE') return;
    const policy = new CachePolicy(policyRequest(request), { status: 200, headers: plainHeaders(headers) }, { shared: true });
    if (!policy.storable() || policy.timeToLive() <= 0) return;
    const stored: OutgoingHttpHeaders = { ...headers };
    delete stored[CACHE_STATUS_HEADER];
    const key = keyOf(request);
    const shaped = policyRequest(request);
    // A new answer replaces the variant it would be chosen for; others for the same URL stay.
    const others = (entries.get(key) ?? []).filter((variant) => !variant.policy.satisfiesWithoutRevalidation(shaped));
    const variant: Variant = { policy, headers: stored, body, storedAt: now() };
    entries.set(key, [variant, ...others].slice(0, MAX_VARIANTS_PER_URL));
  }

  /** Keeps a copy of what Next writes, and stores it when the response allows. */
  function record(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    let size = 0;
    let keeping = true;
    const keep = (chunk: unknown, encoding: unknown) => {
      if (!keeping) return;
      const buffer = toBuffer(chunk, encoding);
      if (!buffer) return;
      size += buffer.length;
      if (size > options.maxEntryBytes) {
        keeping = false;
        chunks.length = 0;
        return;
      }
      chunks.push(buffer);
    };
    const write = response.write;
    const end = response.end;
    response.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
      keep(chunk, rest[0]);
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as ServerResponse['write'];
    response.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
      keep(chunk, rest[0]);
      const result = (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
      if (keeping) store(request, response, Buffer.concat(chunks));
      return result;
    } as ServerResponse['end'];
  }

  /**
   * Answers from memory when it can; otherwise calls `next` (Next's handler) and keeps what it
   * answers when that may be shared. Says which in the `x-krone-cache` header.
   */
  function handle(request: IncomingMessage, response: ServerResponse, next: () => void): CacheOutcome {
    if (!isCandidate(request)) {
      next();
      return 'BYPASS';
    }
    const hit = lookup(request);
    if (hit) {
      respond(hit, request, response);
      return 'HIT';
    }
    response.setHeader(CACHE_STATUS_HEADER, 'MISS');
    if (request.method === 'GET') record(request, response);
    next();
    return 'MISS';
  }

  return {
    handle,
    /** Entries and bytes held, for tests and monitoring. */
    stats: () => ({ urls: entries.size, bytes: entries.calculatedSize }),
    clear: () => entries.clear(),
  };
}

export type ResponseCache = ReturnType<typeof createResponseCache>;
