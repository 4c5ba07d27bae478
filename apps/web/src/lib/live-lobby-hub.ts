import { createEventHub, eventFrame, type EventHub, type EventHubOptions } from './event-hub';

/**
 * The live lobby's fan-out in the storefront (issue 25): ONE connection per web process to the
 * platform's lobby stream (`GET /Games/live/lobby/stream`), its states handed in memory to every
 * browser subscribed to /api/live/stream. The hub itself is the storefront's one event hub
 * (lib/event-hub.ts: opens with the first subscriber, closes with the last, reconnects with a
 * jittered back-off, takes a silent upstream for broken); here its one event, `lobby`, a state
 * a new subscriber gets at once.
 */

export { DEFAULT_MAX_SUBSCRIBERS, eventStreamReader, jitteredBackoff, PING_FRAME, type Send } from './event-hub';

/** What the upstream connection reports: a state (its `data` as sent), or that it is alive (a ping). */
export interface UpstreamSink {
  lobby: (data: string) => void;
  alive: () => void;
}

/** Opens the upstream: resolves when it ends, rejects when it cannot open or breaks; `signal` closes it. */
export type ConnectUpstream = (sink: UpstreamSink, signal: AbortSignal) => Promise<void>;

export interface LobbyHubOptions extends Omit<EventHubOptions, 'connect' | 'events'> {
  connect: ConnectUpstream;
  /** A state as received → the `data` line to send on (null: dropped, e.g. not the expected shape). */
  normalise?: (data: string) => string | null;
}

export type LobbyHub = EventHub;

/** A server-sent event of ours: the lobby's state. */
export const lobbyFrame = (data: string) => eventFrame('lobby', data);

export function createLobbyHub({ connect, normalise, ...options }: LobbyHubOptions): LobbyHub {
  return createEventHub({
    ...options,
    connect: (sink, signal) => connect({ lobby: (data) => sink.event('lobby', data), alive: sink.alive }, signal),
    events: { lobby: { keep: true, ...(normalise ? { normalise: (data: string) => normalise(data) } : {}) } },
  });
}
