// The subscribers of bench:live's and bench:jackpots' worker threads (live-subscribers.mjs,
// jackpot-subscribers.mjs): each one server-sent-events connection of its own (its own socket, as
// a browser's is) to `path` on 127.0.0.1, each event handed on with when its bytes arrived (epoch
// ms, sub-ms). What an event means is the caller's.
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export const epochNow = () => performance.timeOrigin + performance.now();

/**
 * Subscribers of `path` (with `headers`): `connect(count, portOf, onEvent, concurrency)` opens
 * `count` of them, `concurrency` at a time, the i-th to `portOf(i)`; `onEvent(name, data, at, i)`
 * gets each event. A subscriber counts as open at its first event. `refusals` counts what refused a
 * connection (an HTTP status or a socket error), `endedEarly()` the streams ended before `stop()`.
 */
export function createSubscribers({ path, headers }) {
  const requests = [];
  const refusals = new Map();
  let ended = 0;
  let stopping = false;
  const refused = (key) => refusals.set(key, (refusals.get(key) ?? 0) + 1);

  function subscribe(port, index, onEvent) {
    return new Promise((resolve) => {
      let buffer = '';
      const request = http.get({ host: '127.0.0.1', port, path, headers, agent: false }, (response) => {
        if (response.statusCode !== 200) {
          refused(`HTTP ${response.statusCode}`);
          response.resume();
          return resolve(false);
        }
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          const at = epochNow();
          buffer += chunk;
          for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const start = block.indexOf('data: ');
            if (!block.startsWith('event: ') || start === -1) continue;
            onEvent(block.slice(7, block.indexOf('\n')), block.slice(start + 6), at, index);
            resolve(true);
          }
        });
        response.on('close', () => {
          if (!stopping) ended++;
          resolve(false);
        });
      });
      request.on('error', (error) => {
        refused(error.code ?? error.message);
        resolve(false);
      });
      requests.push(request);
    });
  }

  async function connect(count, portOf, onEvent, concurrency = 100) {
    let open = 0;
    for (let i = 0; i < count; i += concurrency) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(concurrency, count - i) }, (_, j) => subscribe(portOf(i + j), i + j, onEvent)),
      );
      open += batch.filter(Boolean).length;
    }
    return open;
  }

  function stop() {
    stopping = true;
    for (const request of requests) request.destroy();
  }

  return { connect, stop, refusals: () => Object.fromEntries(refusals), endedEarly: () => ended };
}
