/**
 * One upstream event stream per web process, fanned out in memory to every browser subscribed to
 * one of the storefront's streams: the live lobby's (issue 25, lib/live-lobby-hub.ts), the
 * jackpots' and the new winners' (issue 26). The upstream opens with the first subscriber, closes
 * when the last one leaves, and reconnects with a growing, jittered delay while anyone listens. A
 * connection silent for `idleMs` (no event, no ping) is taken as broken and opened again.
 *
 * Each event name the hub knows is either a state (`keep`: the last one is given to a new
 * subscriber at once, and forgotten when the upstream ends) or a happening (passed on only).
 * Names the hub does not know are dropped. Pure of Next and of the platform: `connect` is the one
 * door to the upstream (lib/platform-stream.ts gives the platform's), so the tests drive it by hand.
 */

/** What the upstream connection reports: an event (its name and `data` as sent), or that it is alive (a ping). */
export interface HubSink {
  event: (name: string, data: string) => void;
  alive: () => void;
}

/** Opens the upstream: resolves when it ends, rejects when it cannot open or breaks; `signal` closes it. */
export type ConnectHubUpstream = (sink: HubSink, signal: AbortSignal) => Promise<void>;

export interface HubEvent {
  /**
   * The data as received → the `data` line to send on (null: dropped, e.g. not the expected shape).
   * A kept event also gets the last data kept, so a partial state can be merged into the whole.
   */
  normalise?: (data: string, kept: string | null) => string | null;
  /** A state: the last one is kept and given to each new subscriber at once. */
  keep?: boolean;
}

export interface EventHubOptions {
  connect: ConnectHubUpstream;
  /** The events handed on, by name; any other is dropped. */
  events: Readonly<Record<string, HubEvent>>;
  /** The most browsers subscribed at once; one more is refused (the route answers 503). */
  maxSubscribers?: number;
  /** How often each subscriber gets a `: ping` comment (proxies close silent connections). */
  pingMs?: number;
  /** How long the upstream may be silent before it is taken as broken. */
  idleMs?: number;
  /** The delay before reconnect attempt n (0-based); jittered by default. */
  backoffMs?: (attempt: number) => number;
  now?: () => number;
}

export type Send = (chunk: string) => void;

export interface EventHub {
  /** Adds a subscriber: it gets the kept states at once, then every event and ping. Null when full. */
  subscribe: (send: Send) => (() => void) | null;
  readonly subscriberCount: number;
  /** Whether the upstream connection is open (or opening). */
  readonly upstreamOpen: boolean;
}

export const DEFAULT_MAX_SUBSCRIBERS = 5_000;
const DEFAULT_PING_MS = 15_000;
const DEFAULT_IDLE_MS = 45_000;
const BACKOFF_BASE_MS = 500;
const BACKOFF_MAX_MS = 30_000;

/** 0.5 s, 1 s, 2 s … up to 30 s, each ±20 %, so many web processes do not reconnect in step. */
export const jitteredBackoff = (attempt: number, random: () => number = Math.random) =>
  Math.round(Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.min(attempt, 16)) * (0.8 + 0.4 * random()));

/** A server-sent event: its name and its data, one `data:` line per line of it. */
export const eventFrame = (name: string, data: string) =>
  `event: ${name}\n${data
    .split(/\r\n|\r|\n/)
    .map((line) => `data: ${line}\n`)
    .join('')}\n`;
export const PING_FRAME = ': ping\n\n';

const unref = (timer: ReturnType<typeof setTimeout>) => {
  (timer as { unref?: () => void }).unref?.();
  return timer;
};

export function createEventHub(options: EventHubOptions): EventHub {
  const maxSubscribers = options.maxSubscribers ?? DEFAULT_MAX_SUBSCRIBERS;
  const pingMs = options.pingMs ?? DEFAULT_PING_MS;
  const idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
  const backoff = options.backoffMs ?? ((attempt: number) => jitteredBackoff(attempt));
  const now = options.now ?? Date.now;

  const subscribers = new Set<Send>();
  /** The kept states: the last data of each kept event, in the order they first arrived. */
  const kept = new Map<string, string>();
  let upstream: AbortController | null = null;
  let lastHeard = 0;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let pingTimer: ReturnType<typeof setInterval> | null = null;

  const broadcast = (chunk: string) => {
    for (const send of [...subscribers]) {
      try {
        send(chunk);
      } catch {
        // A browser gone without a goodbye: it stops counting.
        leave(send);
      }
    }
  };

  const open = () => {
    if (upstream || retryTimer || subscribers.size === 0) return;
    const controller = new AbortController();
    upstream = controller;
    lastHeard = now();
    const current = () => upstream === controller && !controller.signal.aborted;
    const sink: HubSink = {
      event: (name, data) => {
        if (!current()) return;
        lastHeard = now();
        const known = Object.hasOwn(options.events, name) ? options.events[name] : undefined;
        if (!known) return;
        const normal = known.normalise ? known.normalise(data, kept.get(name) ?? null) : data;
        if (normal === null) return;
        attempt = 0;
        if (known.keep) kept.set(name, normal);
        broadcast(eventFrame(name, normal));
      },
      alive: () => {
        if (current()) lastHeard = now();
      },
    };
    let connecting: Promise<void>;
    try {
      connecting = options.connect(sink, controller.signal);
    } catch (error) {
      connecting = Promise.reject(error);
    }
    connecting.then(
      () => ended(controller),
      () => ended(controller),
    );
  };

  /** The upstream ended (or broke): forget its states, and try again later while anyone listens. */
  const ended = (controller: AbortController) => {
    if (upstream !== controller) return;
    upstream = null;
    kept.clear();
    if (subscribers.size === 0) return;
    retryTimer = unref(
      setTimeout(() => {
        retryTimer = null;
        open();
      }, backoff(attempt++)),
    );
  };

  const close = () => {
    const controller = upstream;
    upstream = null;
    controller?.abort();
    if (retryTimer) clearTimeout(retryTimer);
    if (pingTimer) clearInterval(pingTimer);
    retryTimer = null;
    pingTimer = null;
    kept.clear();
    attempt = 0;
  };

  const tick = () => {
    broadcast(PING_FRAME);
    // A silent upstream is broken (a proxy that holds a dead connection open): open it again.
    if (upstream && now() - lastHeard > idleMs) {
      const controller = upstream;
      controller.abort();
      ended(controller);
    }
  };

  function leave(send: Send) {
    if (!subscribers.delete(send)) return;
    if (subscribers.size === 0) close();
  }

  return {
    subscribe(send) {
      if (subscribers.size >= maxSubscribers) return null;
      subscribers.add(send);
      for (const [name, data] of kept) send(eventFrame(name, data));
      if (subscribers.size === 1) {
        pingTimer = unref(setInterval(tick, pingMs));
        open();
      }
      return () => leave(send);
    },
    get subscriberCount() {
      return subscribers.size;
    },
    get upstreamOpen() {
      return upstream !== null;
    },
  };
}

/**
 * Reads a server-sent event stream piece by piece (the platform's, text/event-stream): each
 * complete event is handed on with its `event` name and its `data` lines joined; a comment line
 * (`: ping`) counts as a sign of life. An event larger than `maxEventChars` breaks the stream
 * (throws): nothing the platform sends is that large.
 */
export function eventStreamReader(onEvent: (event: string, data: string) => void, onComment: () => void, maxEventChars = 1_000_000) {
  let buffer = '';
  const dispatch = (block: string) => {
    let event = 'message';
    const data: string[] = [];
    let comment = false;
    for (const line of block.split(/\r\n|\r|\n/)) {
      if (line === '') continue;
      if (line.startsWith(':')) {
        comment = true;
        continue;
      }
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length > 0) onEvent(event, data.join('\n'));
    else if (comment) onComment();
  };
  return (chunk: string) => {
    buffer += chunk;
    for (;;) {
      const match = /\r\n\r\n|\n\n|\r\r/.exec(buffer);
      if (!match) break;
      dispatch(buffer.slice(0, match.index));
      buffer = buffer.slice(match.index + match[0].length);
    }
    if (buffer.length > maxEventChars) throw new Error('event stream: an event larger than allowed');
  };
}
