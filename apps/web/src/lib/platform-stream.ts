import 'server-only';
import { env } from './env';
import { eventStreamReader, type ConnectHubUpstream, type EventHub } from './event-hub';
import { PLATFORM_KEY_HEADER } from './platform-door';

/**
 * The platform's server-sent event streams (the live lobby's, the jackpots', the new winners'),
 * read by the storefront's server with its key: the door lib/event-hub.ts's hubs open, one
 * connection per web process each. Read outside the generated client (it has no streams), so
 * each hub checks every event's data at the door (its `normalise`).
 */
export function platformEventStream(path: string): ConnectHubUpstream {
  return async (sink, signal) => {
    const response = await fetch(`${env.platformUrl}${path}`, {
      headers: { [PLATFORM_KEY_HEADER]: env.platformApiKey, accept: 'text/event-stream' },
      cache: 'no-store',
      signal,
    });
    if (!response.ok || !response.body || !(response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
      await response.body?.cancel().catch(() => undefined);
      throw new Error(`platform stream ${path}: platform answered ${response.status}`);
    }
    const read = eventStreamReader(sink.event, sink.alive);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        read(value);
      }
    } finally {
      reader.cancel().catch(() => undefined);
    }
  };
}

/** The process's one hub of a name (kept on globalThis: a development server loads modules more than once). */
export function processHub(name: string, create: () => EventHub): EventHub {
  const holder = globalThis as { [key: symbol]: EventHub | undefined };
  const key = Symbol.for(`krone.${name}`);
  return (holder[key] ??= create());
}
