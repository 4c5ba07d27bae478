// A small HTTP load balancer for bench:chaos: round robin over the platform processes that answer,
// as a production balancer in front of them would be. A request whose connection was refused (the
// process is down, so the request never reached it) goes to the next process; a request cut after
// it was sent is answered 502, since the balancer cannot know whether it was done: the client
// decides whether to send it again (with its idempotency key). Paths of the providers' door go to
// each process's public port, the rest to its internal one. An `observe` function is told what
// becomes of each request it `watch`es (sent to a process, answered, cut, passed on), so a bench can
// count a caller's retries or time a fault to a call in flight.
import http from 'node:http';

/**
 * @param {{
 *   backends: { name: string, port: number, publicPort: number }[],
 *   isPublic: (path: string) => boolean,
 *   timeoutMs?: number,
 *   watch?: (path: string) => boolean,
 *   observe?: (event: { type: 'sent' | 'answered' | 'cut' | 'passed-on', backend: string, url: string, body: Buffer, status?: number }) => void,
 * }} options
 */
export function createBalancer({ backends, isPublic, timeoutMs = 20_000, watch = () => false, observe = () => undefined }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const downUntil = new Map();
  let next = 0;
  const stats = { requests: 0, refusedConnections: 0, cut: 0, noBackend: 0 };

  const pick = (tried) => {
    const now = Date.now();
    for (let i = 0; i < backends.length; i++) {
      const backend = backends[(next + i) % backends.length];
      if (tried.has(backend.name) || (downUntil.get(backend.name) ?? 0) > now) continue;
      next = (next + i + 1) % backends.length;
      return backend;
    }
    return null;
  };

  const forward = (req, res, body, tried) => {
    const backend = pick(tried);
    if (!backend) {
      stats.noBackend++;
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"result":0,"code":"NO_BACKEND"}');
      return;
    }
    tried.add(backend.name);
    let answered = false;
    const watched = watch(req.url);
    const tell = (type, status) => watched && observe({ type, backend: backend.name, url: req.url, body, status });
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: isPublic(req.url) ? backend.publicPort : backend.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '127.0.0.1' },
        agent,
        timeout: timeoutMs,
      },
      (response) => {
        answered = true;
        tell('answered', response.statusCode);
        res.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(res);
        response.on('error', () => res.destroy());
      },
    );
    upstream.on('timeout', () => upstream.destroy(new Error('timeout')));
    upstream.on('error', (error) => {
      if (answered) return res.destroy();
      if (error.code === 'ECONNREFUSED') {
        // Not sent: safe to give to another process.
        stats.refusedConnections++;
        tell('passed-on');
        downUntil.set(backend.name, Date.now() + 300);
        return forward(req, res, body, tried);
      }
      stats.cut++;
      tell('cut');
      downUntil.set(backend.name, Date.now() + 300);
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' }).end('{"result":0,"code":"BAD_GATEWAY"}');
      else res.destroy();
    });
    upstream.end(body);
    tell('sent');
  };

  const server = http.createServer((req, res) => {
    stats.requests++;
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => forward(req, res, Buffer.concat(chunks), new Set()));
  });
  server.keepAliveTimeout = 30_000;

  return {
    stats,
    listen: (port) => new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server.address().port))),
    close: () =>
      new Promise((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
