import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEventHub, eventFrame, PING_FRAME, type HubSink } from './event-hub';

/** An upstream driven by hand: each connection's sink, whether it is closed, and how to end it. */
function fakeUpstream() {
  const connections: { sink: HubSink; signal: AbortSignal; end: () => void }[] = [];
  const connect = vi.fn(
    (sink: HubSink, signal: AbortSignal) =>
      new Promise<void>((resolve) => {
        signal.addEventListener('abort', () => resolve());
        connections.push({ sink, signal, end: resolve });
      }),
  );
  return { connect, last: () => connections.at(-1)! };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the storefront’s event hub (one upstream per web process, several events)', () => {
  it('keeps the last state of a kept event for a late subscriber, and passes a happening on only', () => {
    const upstream = fakeUpstream();
    const hub = createEventHub({ connect: upstream.connect, events: { pools: { keep: true }, hit: {} } });
    const early: string[] = [];
    hub.subscribe((chunk) => early.push(chunk));
    upstream.last().sink.event('pools', '{"n":1}');
    upstream.last().sink.event('hit', '{"h":1}');
    upstream.last().sink.event('pools', '{"n":2}');
    expect(early).toEqual([eventFrame('pools', '{"n":1}'), eventFrame('hit', '{"h":1}'), eventFrame('pools', '{"n":2}')]);

    const late: string[] = [];
    hub.subscribe((chunk) => late.push(chunk));
    expect(late).toEqual([eventFrame('pools', '{"n":2}')]);
    expect(upstream.connect).toHaveBeenCalledTimes(1);
  });

  it('drops events it does not know and data its normaliser refuses, and merges a state into the one kept', () => {
    const upstream = fakeUpstream();
    const hub = createEventHub({
      connect: upstream.connect,
      events: {
        total: {
          keep: true,
          normalise: (data, kept) => (/^\d+$/.test(data) ? String(Number(data) + Number(kept ?? 0)) : null),
        },
      },
    });
    const seen: string[] = [];
    hub.subscribe((chunk) => seen.push(chunk));
    upstream.last().sink.event('total', '2');
    upstream.last().sink.event('total', 'not a number');
    upstream.last().sink.event('unknown', '1');
    upstream.last().sink.event('constructor', '1');
    upstream.last().sink.event('total', '3');
    expect(seen).toEqual([eventFrame('total', '2'), eventFrame('total', '5')]);
  });

  it('forgets its states when the upstream ends, so a late subscriber never gets one from a closed connection', async () => {
    const upstream = fakeUpstream();
    const hub = createEventHub({ connect: upstream.connect, events: { pools: { keep: true } }, backoffMs: () => 1000 });
    hub.subscribe(() => undefined);
    upstream.last().sink.event('pools', '{}');
    upstream.last().end();
    await vi.advanceTimersByTimeAsync(0);
    const late: string[] = [];
    hub.subscribe((chunk) => late.push(chunk));
    expect(late).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(upstream.connect).toHaveBeenCalledTimes(2);
  });

  it('counts any upstream event as a sign of life, and pings its subscribers', async () => {
    const upstream = fakeUpstream();
    const hub = createEventHub({ connect: upstream.connect, events: {}, pingMs: 15_000, idleMs: 45_000, backoffMs: () => 10 });
    const seen: string[] = [];
    hub.subscribe((chunk) => seen.push(chunk));
    await vi.advanceTimersByTimeAsync(30_000);
    upstream.last().sink.event('other', 'x');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(upstream.connect).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([PING_FRAME, PING_FRAME, PING_FRAME, PING_FRAME]);
  });

  it('writes data of several lines as several data lines', () => {
    expect(eventFrame('hit', 'a\nb')).toBe('event: hit\ndata: a\ndata: b\n\n');
    expect(eventFrame('pools', '{"a":1}')).toBe('event: pools\ndata: {"a":1}\n\n');
  });
});
