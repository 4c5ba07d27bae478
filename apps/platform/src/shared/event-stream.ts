import type { FastifyReply } from 'fastify';
import { fail } from './errors.js';

/*
 * Server-sent events fanned out in memory (the live lobby, the jackpots, the new winners): one
 * source per platform process, every storefront subscriber written to from it. A subscriber that
 * stops reading is let go past a backlog (its browser reconnects and starts afresh), a comment
 * heartbeat keeps proxies from closing a quiet stream, and a process serves a bounded number.
 */

/** One subscriber of a stream: where its events go. */
export interface StreamSubscriber {
  write(chunk: string): void;
  /** Bytes written but not yet sent: a subscriber that falls this far behind is let go. */
  backlog(): number;
  end(): void;
}

export interface FanOutOptions {
  /** SERVICE_OVERLOADED past this many subscribers in the process. */
  maxSubscribers?: number;
  /** A subscriber this many bytes behind is dropped. */
  maxBacklogBytes?: number;
  /** A `: ping` comment this often. */
  pingMs?: number;
}

/** One server-sent event: its name and its data as JSON on one line. */
export const sseEvent = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export function createFanOut(options: FanOutOptions = {}) {
  const maxSubscribers = options.maxSubscribers ?? 5_000;
  const maxBacklog = options.maxBacklogBytes ?? 1024 * 1024;
  const subscribers = new Set<StreamSubscriber>();
  let closed = false;
  const ping = setInterval(() => broadcast(': ping\n\n'), options.pingMs ?? 15_000);
  ping.unref();

  function broadcast(chunk: string) {
    for (const subscriber of subscribers) {
      if (subscriber.backlog() > maxBacklog) {
        subscribers.delete(subscriber);
        subscriber.end();
        continue;
      }
      subscriber.write(chunk);
    }
  }

  /** Refused (SERVICE_OVERLOADED) when the process serves the most it may, before anything is written. */
  function assertRoom() {
    if (closed || subscribers.size >= maxSubscribers) throw fail('SERVICE_OVERLOADED');
  }

  /** A new subscriber, sent `first` at once; answers the function that lets it go. */
  function add(subscriber: StreamSubscriber, first: string[] = []): () => void {
    assertRoom();
    subscribers.add(subscriber);
    for (const chunk of first) subscriber.write(chunk);
    return () => void subscribers.delete(subscriber);
  }

  /** Ends every subscriber's stream (the platform's close must not wait on them). */
  function close() {
    closed = true;
    clearInterval(ping);
    for (const subscriber of subscribers) subscriber.end();
    subscribers.clear();
  }

  return { add, assertRoom, broadcast, close, size: () => subscribers.size };
}

export type FanOut = ReturnType<typeof createFanOut>;

/**
 * Answers a request with an event stream: `subscribe` is given the response as a subscriber and
 * answers how to let it go. A refusal before anything is written (too many subscribers) is
 * answered as any refusal is; once open, the stream ends when the client goes away.
 */
export async function serveEventStream(
  reply: FastifyReply,
  subscribe: (subscriber: StreamSubscriber) => Promise<() => void>,
): Promise<void> {
  const raw = reply.raw;
  const open = () => {
    if (!raw.headersSent)
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
  };
  const unsubscribe = await subscribe({
    write: (chunk) => {
      open();
      raw.write(chunk);
    },
    backlog: () => raw.writableLength,
    end: () => {
      open();
      raw.end();
    },
  });
  reply.hijack();
  raw.on('close', unsubscribe);
  if (raw.destroyed) unsubscribe();
}
