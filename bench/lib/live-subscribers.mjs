// bench:live's lobby subscribers, in a worker thread of their own so that reading a thousand streams
// never holds up the live studio running in the bench's main thread (nor the other way round).
// Each subscriber is one server-sent-events connection of its own (its own socket, as a browser's
// is) to `path` on 127.0.0.1:`port`; it notes, per table, the first event that shows a round in a
// new state (`tableId|roundId|state`) and when that event's bytes arrived (epoch ms, sub-ms). The
// first event of each connection is its baseline, not a change. The main thread says
// { type: 'stop' }; the worker answers { type: 'arrivals', ... } and ends its connections.
import { parentPort, workerData } from 'node:worker_threads';
import { createSubscribers, epochNow } from './sse-subscribers.mjs';

const { port, path, headers, count, concurrency = 100 } = workerData;

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
/** Per subscriber: each table's state last seen. */
const seenOf = new Map();
const pool = createSubscribers({ path, headers });

function onEvent(name, data, at, index) {
  if (name !== 'lobby') return;
  let seen = seenOf.get(index);
  if (!seen) seenOf.set(index, (seen = new Map()));
  for (const [tableId, key] of summarise(data)) {
    if (seen.get(tableId) === key) continue;
    // A table's first state on a connection is its baseline, not a change.
    if (seen.has(tableId)) {
      let times = arrivals.get(key);
      if (!times) arrivals.set(key, (times = []));
      times.push(at);
    }
    seen.set(tableId, key);
  }
}

const startedAt = epochNow();
const open = await pool.connect(count, () => port, onEvent, concurrency);
parentPort.postMessage({
  type: 'connected',
  open,
  refusals: pool.refusals(),
  connectMs: epochNow() - startedAt,
  at: epochNow(),
});

parentPort.on('message', (message) => {
  if (message.type !== 'stop') return;
  parentPort.postMessage({ type: 'arrivals', arrivals: Object.fromEntries(arrivals), endedEarly: pool.endedEarly() });
  pool.stop();
  parentPort.close();
});
