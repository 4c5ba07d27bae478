// bench:jackpots' ticker subscribers, in a worker thread of their own so that reading a thousand
// streams never holds up the bench's main thread, which makes the changes and hears their commits.
// Each subscriber is one server-sent-events connection of its own (its own socket, as a browser's
// is) to `path` on 127.0.0.1 at one of `ports` (round robin). Per subscriber it notes, in order,
// each `event: pools` as the tracked pool's state (`sequence:amountOre`) with when its bytes
// arrived (epoch ms, sub-ms) and the event's own `at` (when the platform read the pools, epoch ms),
// and each `event: hit` by `poolId|sequence`. The first `pools` event of
// a connection is its baseline. The main thread says { type: 'stop' }; the worker answers
// { type: 'events', ... } and ends its connections.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

const { ports, path, headers, count, poolId, concurrency = 100 } = workerData;
const epochNow = () => performance.timeOrigin + performance.now();

/** An event's tracked state, read once per distinct event text (every subscriber gets the same bytes). */
const states = new Map();
function stateOf(data) {
  let state = states.get(data);
  if (state !== undefined) return state;
  const event = JSON.parse(data);
  const pool = event.pools.find((entry) => entry.id === poolId);
  state = { key: pool ? `${pool.drop.sequence}:${pool.amountOre}` : '', at: Date.parse(event.at) };
  if (states.size > 1024) states.clear();
  states.set(data, state);
  return state;
}

/** Per subscriber: its port and its events in order, [state, arrived, read] for pools and [`hit|…`, arrived] for hits. */
const subscribers = [];
const requests = [];
let ended = 0;
let stopping = false;
const refusals = new Map();

function subscribe(port) {
  return new Promise((resolve) => {
    const events = [];
    let buffer = '';
    const request = http.get({ host: '127.0.0.1', port, path, headers, agent: false }, (response) => {
      if (response.statusCode !== 200) {
        const key = `HTTP ${response.statusCode}`;
        refusals.set(key, (refusals.get(key) ?? 0) + 1);
        response.resume();
        return resolve(false);
      }
      response.setEncoding('utf8');
      let first = true;
      response.on('data', (chunk) => {
        const at = epochNow();
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const start = block.indexOf('data: ');
          if (start === -1) continue;
          const data = block.slice(start + 6);
          if (block.startsWith('event: pools')) {
            const state = stateOf(data);
            events.push([state.key, at, state.at]);
            if (first) {
              first = false;
              subscribers.push({ port, events });
              resolve(true);
            }
          } else if (block.startsWith('event: hit')) {
            const hit = JSON.parse(data);
            events.push([`hit|${hit.poolId}|${hit.sequence}`, at]);
          }
        }
      });
      response.on('close', () => {
        if (!stopping) ended++;
        resolve(false);
      });
    });
    request.on('error', (error) => {
      const key = error.code ?? error.message;
      refusals.set(key, (refusals.get(key) ?? 0) + 1);
      resolve(false);
    });
    requests.push(request);
  });
}

let open = 0;
const startedAt = epochNow();
for (let i = 0; i < count; i += concurrency) {
  const batch = await Promise.all(
    Array.from({ length: Math.min(concurrency, count - i) }, (_, j) => subscribe(ports[(i + j) % ports.length])),
  );
  open += batch.filter(Boolean).length;
}
parentPort.postMessage({
  type: 'connected',
  open,
  byPort: Object.fromEntries(ports.map((port) => [port, subscribers.filter((s) => s.port === port).length])),
  refusals: Object.fromEntries(refusals),
  connectMs: epochNow() - startedAt,
  at: epochNow(),
});

parentPort.on('message', (message) => {
  if (message.type !== 'stop') return;
  stopping = true;
  parentPort.postMessage({ type: 'events', subscribers, endedEarly: ended });
  for (const request of requests) request.destroy();
  parentPort.close();
});
