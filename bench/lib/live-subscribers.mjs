// bench:live's lobby subscribers, in a worker thread of their own so that reading a thousand streams
// never holds up the live studio running in the bench's main thread (nor the other way round).
// Each subscriber is one server-sent-events connection of its own (its own socket, as a browser's
// is) to `path` on 127.0.0.1:`port`; it notes, per table, the first event that shows a round in a
// new state (`tableId|roundId|state`) and when that event's bytes arrived (epoch ms, sub-ms). The
// first event of each connection is its baseline, not a change. The main thread says
// { type: 'stop' }; the worker answers { type: 'arrivals', ... } and ends its connections.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

const { port, path, headers, count, concurrency = 100 } = workerData;
const epochNow = () => performance.timeOrigin + performance.now();

/** Each event's table states, read once per distinct event text (every subscriber gets the same bytes). */
const summaries = new Map();
function summarise(data) {
  let summary = summaries.get(data);
  if (summary) return summary;
  const parsed = JSON.parse(data);
  summary = parsed.tables.map((table) => [table.tableId, `${table.tableId}|${table.round.roundId}|${table.round.state}`]);
  if (summaries.size > 256) summaries.clear();
  summaries.set(data, summary);
  return summary;
}

/** change key → arrival times, one per subscriber that saw it. */
const arrivals = new Map();
const requests = [];
let ended = 0;
let stopping = false;
const refusals = new Map();

function subscribe() {
  return new Promise((resolve) => {
    const seen = new Map();
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
          if (!block.startsWith('event: lobby') || start === -1) continue;
          for (const [tableId, key] of summarise(block.slice(start + 6))) {
            if (seen.get(tableId) === key) continue;
            if (seen.has(tableId)) {
              let times = arrivals.get(key);
              if (!times) arrivals.set(key, (times = []));
              times.push(at);
            }
            seen.set(tableId, key);
          }
          if (first) {
            first = false;
            resolve(true);
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
  const batch = await Promise.all(Array.from({ length: Math.min(concurrency, count - i) }, subscribe));
  open += batch.filter(Boolean).length;
}
parentPort.postMessage({
  type: 'connected',
  open,
  refusals: Object.fromEntries(refusals),
  connectMs: epochNow() - startedAt,
  at: epochNow(),
});

parentPort.on('message', (message) => {
  if (message.type !== 'stop') return;
  stopping = true;
  parentPort.postMessage({ type: 'arrivals', arrivals: Object.fromEntries(arrivals), endedEarly: ended });
  for (const request of requests) request.destroy();
  parentPort.close();
});
