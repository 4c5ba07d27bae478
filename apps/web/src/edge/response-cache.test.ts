import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createResponseCache, type ResponseCacheOptions } from './response-cache';

const SHARED = 's-maxage=60, stale-while-revalidate=31535940';

interface Origin {
  /** What the stand-in for Next answers: status, headers and body chunks. */
  answer: (request: IncomingMessage) => { status?: number; headers?: OutgoingHttpHeaders; chunks?: (string | Buffer)[] };
}

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function start(origin: Origin, options: Partial<ResponseCacheOptions> = {}) {
  let clock = 1_000_000;
  let originCalls = 0;
  // Made once the port is known (below); requests only arrive after that.
  const made: { cache?: ReturnType<typeof createResponseCache> } = {};
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    made.cache!.handle(req, res, () => {
      originCalls++;
      const { status = 200, headers = {}, chunks = ['<html>hello</html>'] } = origin.answer(req);
      res.statusCode = status;
      for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value);
      // Written in pieces and later, as a streamed render would be.
      setImmediate(() => {
        for (const chunk of chunks.slice(0, -1)) res.write(chunk);
        res.end(chunks.at(-1));
      });
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const port = (server!.address() as AddressInfo).port;
  // The configured host is the one the test client addresses, unless a test says otherwise.
  const cache = (made.cache = createResponseCache({
    maxBytes: 1_000_000,
    maxEntryBytes: 10_000,
    maxAgeMs: 10_000,
    now: () => clock,
    host: `127.0.0.1:${port}`,
    ...options,
  }));
  const get = (path = '/', headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
      });
      req.on('error', reject);
      req.end();
    });
  return {
    get,
    cache,
    calls: () => originCalls,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

const page = (headers: OutgoingHttpHeaders = {}, chunks?: (string | Buffer)[]): Origin => ({
  answer: () => ({ headers: { 'cache-control': SHARED, 'content-type': 'text/html', etag: '"v1"', ...headers }, chunks }),
});

describe('response cache in front of Next', () => {
  it('answers a shareable page from memory the second time, byte for byte, without calling Next', async () => {
    const site = await start(page({}, ['<html>', '<body>Krone</body>', '</html>']));
    const first = await site.get('/');
    const second = await site.get('/');
    expect(first.headers['x-krone-cache']).toBe('MISS');
    expect(second.headers['x-krone-cache']).toBe('HIT');
    expect(second.body.toString()).toBe('<html><body>Krone</body></html>');
    expect(second.body.equals(first.body)).toBe(true);
    expect(second.headers['content-type']).toBe('text/html');
    expect(second.headers['content-length']).toBe(String(first.body.length));
    expect(second.headers.age).toBeDefined();
    expect(site.calls()).toBe(1);
  });

  it('keeps the compressed bytes and serves them only to clients that accept that encoding', async () => {
    const html = '<html>' + 'Velkommen til Krone '.repeat(50) + '</html>';
    const origin: Origin = {
      answer: (req) =>
        /gzip/.test(String(req.headers['accept-encoding'] ?? ''))
          ? { headers: { 'cache-control': SHARED, 'content-encoding': 'gzip', vary: 'Accept-Encoding' }, chunks: [gzipSync(html)] }
          : { headers: { 'cache-control': SHARED, vary: 'Accept-Encoding' }, chunks: [html] },
    };
    const site = await start(origin);
    await site.get('/', { 'accept-encoding': 'gzip' });
    const gz = await site.get('/', { 'accept-encoding': 'gzip' });
    expect(gz.headers['x-krone-cache']).toBe('HIT');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(html);
    const plain = await site.get('/');
    expect(plain.headers['x-krone-cache']).toBe('MISS');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(html);
    expect((await site.get('/')).headers['x-krone-cache']).toBe('HIT');
    expect(site.calls()).toBe(2);
  });

  it('tells apart the variants Next varies on (RSC payload versus HTML)', async () => {
    const origin: Origin = {
      answer: (req) => ({
        headers: { 'cache-control': SHARED, vary: 'rsc, next-router-state-tree' },
        chunks: [req.headers.rsc === '1' ? 'rsc-payload' : '<html/>'],
      }),
    };
    const site = await start(origin);
    await site.get('/');
    await site.get('/', { rsc: '1' });
    expect((await site.get('/', { rsc: '1' })).body.toString()).toBe('rsc-payload');
    expect((await site.get('/')).body.toString()).toBe('<html/>');
    expect(site.calls()).toBe(2);
    expect(site.cache.stats().urls).toBe(1);
  });

  it('never keeps personal, cookie-setting, failed, stale or oversized answers', async () => {
    const cases: [string, Origin][] = [
      ['private', page({ 'cache-control': 'private, no-cache, no-store, max-age=0, must-revalidate' })],
      ['no cache-control', { answer: () => ({ headers: {} }) }],
      ['set-cookie', page({ 'set-cookie': 'krone_session=abc; HttpOnly' })],
      ['404', { answer: () => ({ status: 404, headers: { 'cache-control': SHARED } }) }],
      ['stale ISR', page({ 'x-nextjs-cache': 'STALE' })],
      ['too large', page({}, ['x'.repeat(20_000)])],
    ];
    for (const [name, origin] of cases) {
      const site = await start(origin);
      await site.get('/');
      const again = await site.get('/');
      expect(again.headers['x-krone-cache'], name).toBe('MISS');
      expect(site.calls(), name).toBe(2);
      await new Promise<void>((resolve) => server!.close(() => resolve()));
      server = undefined;
    }
  });

  it('lets the product calls, other methods and bypassed requests through untouched', async () => {
    const site = await start(page(), { bypass: (req) => req.headers['user-agent'] === 'MSIE 6' });
    for (const [path, headers, method] of [
      ['/api/translations', {}, 'GET'],
      ['/', { 'user-agent': 'MSIE 6' }, 'GET'],
    ] as const) {
      await site.get(path, headers, method);
      const again = await site.get(path, headers, method);
      expect(again.headers['x-krone-cache']).toBeUndefined();
    }
    expect(site.calls()).toBe(4);
  });

  it('holds nothing longer than its own limit, whatever the response allowed', async () => {
    const site = await start(page(), { maxAgeMs: 10_000 });
    await site.get('/');
    site.advance(9_000);
    expect((await site.get('/')).headers['x-krone-cache']).toBe('HIT');
    site.advance(1_500);
    expect((await site.get('/')).headers['x-krone-cache']).toBe('MISS');
    expect(site.calls()).toBe(2);
  });

  it('answers HEAD and conditional requests from the stored page', async () => {
    const site = await start(page());
    await site.get('/');
    const head = await site.get('/', {}, 'HEAD');
    expect(head.headers['x-krone-cache']).toBe('HIT');
    expect(head.body.length).toBe(0);
    const conditional = await site.get('/', { 'if-none-match': '"v1"' });
    expect(conditional.status).toBe(304);
    expect(conditional.body.length).toBe(0);
    expect(site.calls()).toBe(1);
  });

  it('keys on the configured host: a junk Host is never answered from memory nor stored', async () => {
    const origin: Origin = { answer: (req) => ({ headers: { 'cache-control': SHARED }, chunks: [`page for ${req.headers.host}`] }) };
    const site = await start(origin);
    for (const host of ['junk.example', 'junk.example', 'evil.example']) {
      const answer = await site.get('/', { host });
      expect(answer.headers['x-krone-cache']).toBeUndefined();
      expect(answer.body.toString()).toBe(`page for ${host}`);
    }
    expect(site.calls()).toBe(3);
    expect(site.cache.stats().urls).toBe(0);
    // The real host's first visitor still reaches Next and gets its own page.
    const real = await site.get('/');
    expect(real.headers['x-krone-cache']).toBe('MISS');
    expect(real.body.toString()).toMatch(/^page for 127\.0\.0\.1:\d+$/);
    expect((await site.get('/')).headers['x-krone-cache']).toBe('HIT');
  });

  it('passes a request through whose trusted X-Forwarded-Host names another site', async () => {
    const site = await start(page());
    await site.get('/', { 'x-forwarded-host': 'evil.example' });
    await site.get('/', { 'x-forwarded-host': 'evil.example' });
    expect(site.calls()).toBe(2);
    expect(site.cache.stats().urls).toBe(0);
  });

  it('matches the configured host whatever its case', async () => {
    const site = await start(page(), { host: 'WWW.Krone-Casino.dk' });
    await site.get('/', { host: 'www.krone-casino.dk' });
    expect((await site.get('/', { host: 'www.krone-casino.dk' })).headers['x-krone-cache']).toBe('HIT');
    expect(site.calls()).toBe(1);
  });
});
