// The benches' HTTP client: node:http with keep-alive sockets, a load generator light enough not to
// take the CPU the platform and PostgreSQL need on a small machine (fetch costs about three times as much).
import http from 'node:http';
import { performance } from 'node:perf_hooks';

/** The keep-alive sockets every call shares; destroy it when the load is over, or the process stays up. */
export const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/**
 * A JSON call to 127.0.0.1: its status (0 when the connection failed), its JSON answer (null when
 * none, or with `discardBody`, which skips reading it where the answer does not matter) and its
 * time in ms.
 */
export function call(port, method, urlPath, body, headers = {}, { discardBody = false } = {}) {
  const started = performance.now();
  const data = body === undefined ? '' : JSON.stringify(body);
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: urlPath,
        method,
        agent,
        headers: { ...(data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {}), ...headers },
      },
      (response) => {
        const done = (json) => resolve({ status: response.statusCode, json, ms: performance.now() - started });
        if (discardBody) {
          response.resume();
          response.on('end', () => done(null));
          return;
        }
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => {
          let json = null;
          try {
            json = JSON.parse(text);
          } catch {
            // not JSON
          }
          done(json);
        });
      },
    );
    request.on('error', () => resolve({ status: 0, json: null, ms: performance.now() - started }));
    request.end(data);
  });
}

/** Waits until a service on 127.0.0.1 answers its /health with 200 (every 500 ms, `attempts` times), or fails naming it. */
export async function waitForHealth(port, name, attempts = 240) {
  for (let i = 0; i < attempts; i++) {
    if ((await call(port, 'GET', '/health')).status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${name} did not start`);
}
