// bench:jackpots' ticker subscribers, in a worker thread of their own so that reading a thousand
// streams never holds up the bench's main thread, which makes the changes and hears their commits.
// Each subscriber is one server-sent-events connection of its own (its own socket, as a browser's
// is) to `path` on 127.0.0.1 at one of `ports` (round robin). Per subscriber it notes, in order,
// each `event: pools` as the tracked pool's state (`sequence:amountOre`) with when its bytes
// arrived (epoch ms, sub-ms) and the event's own `at` (when the platform read the pools, epoch ms),
// and each `event: hit` by `poolId|sequence`. The first `pools` event of
// a connection is its baseline. The main thread says { type: 'stop' }; the worker answers
// { type: 'events', ... } and ends its connections.
import { parentPort, workerData } from 'node:worker_threads';
import { createSubscribers, epochNow } from './sse-subscribers.mjs';

const { ports, path, headers, count, poolId, concurrency = 100 } = workerData;

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
const eventsOf = new Map();
const pool = createSubscribers({ path, headers });
const portOf = (i) => ports[i % ports.length];

function onEvent(name, data, at, index) {
  let events = eventsOf.get(index);
  if (name === 'pools') {
    const state = stateOf(data);
    // The first `pools` event of a connection is its baseline: the subscriber counts from there.
    if (!events) {
      eventsOf.set(index, (events = []));
      subscribers.push({ port: portOf(index), events });
    }
    events.push([state.key, at, state.at]);
  } else if (name === 'hit' && events) {
    const hit = JSON.parse(data);
    events.push([`hit|${hit.poolId}|${hit.sequence}`, at]);
  }
}

const startedAt = epochNow();
const open = await pool.connect(count, portOf, onEvent, concurrency);
parentPort.postMessage({
  type: 'connected',
  open,
  byPort: Object.fromEntries(ports.map((port) => [port, subscribers.filter((s) => s.port === port).length])),
  refusals: pool.refusals(),
  connectMs: epochNow() - startedAt,
  at: epochNow(),
});

parentPort.on('message', (message) => {
  if (message.type !== 'stop') return;
  parentPort.postMessage({ type: 'events', subscribers, endedEarly: pool.endedEarly() });
  pool.stop();
  parentPort.close();
});
