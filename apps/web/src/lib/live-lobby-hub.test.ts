import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLobbyHub, eventStreamReader, jitteredBackoff, lobbyFrame, PING_FRAME, type UpstreamSink } from './live-lobby-hub';
import { normaliseLobbyData } from './live-lobby-schema';

/** An upstream driven by hand: each connection's sink, whether it is closed, and how to end it. */
function fakeUpstream() {
  const connections: { sink: UpstreamSink; signal: AbortSignal; end: () => void; fail: () => void }[] = [];
  const connect = vi.fn(
    (sink: UpstreamSink, signal: AbortSignal) =>
      new Promise<void>((resolve, reject) => {
        signal.addEventListener('abort', () => resolve());
        connections.push({ sink, signal, end: resolve, fail: () => reject(new Error('broken')) });
      }),
  );
  return { connect, connections, last: () => connections.at(-1)! };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the live lobby’s fan-out (one upstream per web process)', () => {
  it('opens one upstream for two subscribers, hands each event to both, and closes it when the last leaves', async () => {
    const upstream = fakeUpstream();
    const hub = createLobbyHub({ connect: upstream.connect });
    const first: string[] = [];
    const second: string[] = [];
    const leaveFirst = hub.subscribe((chunk) => first.push(chunk))!;
    const leaveSecond = hub.subscribe((chunk) => second.push(chunk))!;
    expect(upstream.connect).toHaveBeenCalledTimes(1);
    expect(hub.subscriberCount).toBe(2);

    upstream.last().sink.lobby('{"tables":[]}');
    expect(first).toEqual([lobbyFrame('{"tables":[]}')]);
    expect(second).toEqual([lobbyFrame('{"tables":[]}')]);

    leaveFirst();
    expect(upstream.last().signal.aborted).toBe(false);
    upstream.last().sink.lobby('{"tables":[1]}');
    expect(first).toHaveLength(1);
    expect(second).toHaveLength(2);

    leaveSecond();
    expect(upstream.last().signal.aborted).toBe(true);
    expect(hub.upstreamOpen).toBe(false);
    expect(hub.subscriberCount).toBe(0);
    // Leaving twice changes nothing; nothing reconnects for nobody.
    leaveSecond();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(upstream.connect).toHaveBeenCalledTimes(1);
  });

  it('gives a new subscriber the last state at once, without a second upstream', () => {
    const upstream = fakeUpstream();
    const hub = createLobbyHub({ connect: upstream.connect });
    hub.subscribe(() => undefined);
    upstream.last().sink.lobby('{"a":1}');
    const late: string[] = [];
    hub.subscribe((chunk) => late.push(chunk));
    expect(late).toEqual([lobbyFrame('{"a":1}')]);
    expect(upstream.connect).toHaveBeenCalledTimes(1);
  });

  it('reconnects with a growing delay while anyone listens, and starts over after a state arrives', async () => {
    const upstream = fakeUpstream();
    const delays: number[] = [];
    const hub = createLobbyHub({
      connect: upstream.connect,
      backoffMs: (attempt) => {
        delays.push(attempt);
        return 1000 * 2 ** attempt;
      },
    });
    const seen: string[] = [];
    hub.subscribe((chunk) => seen.push(chunk));
    upstream.last().fail();
    await vi.advanceTimersByTimeAsync(999);
    expect(upstream.connect).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(upstream.connect).toHaveBeenCalledTimes(2);
    upstream.last().end();
    await vi.advanceTimersByTimeAsync(2000);
    expect(upstream.connect).toHaveBeenCalledTimes(3);
    expect(delays).toEqual([0, 1]);
    // A state arrives: the next break waits the first delay again.
    upstream.last().sink.lobby('{"b":2}');
    upstream.last().fail();
    await vi.advanceTimersByTimeAsync(1000);
    expect(upstream.connect).toHaveBeenCalledTimes(4);
    expect(delays).toEqual([0, 1, 0]);
    expect(seen).toEqual([lobbyFrame('{"b":2}')]);
  });

  it('pings every subscriber, and takes a silent upstream for broken', async () => {
    const upstream = fakeUpstream();
    const hub = createLobbyHub({ connect: upstream.connect, pingMs: 15_000, idleMs: 45_000, backoffMs: () => 10 });
    const seen: string[] = [];
    hub.subscribe((chunk) => seen.push(chunk));
    await vi.advanceTimersByTimeAsync(15_000);
    expect(seen).toEqual([PING_FRAME]);
    // The upstream's own pings keep it alive.
    upstream.last().sink.alive();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(upstream.connect).toHaveBeenCalledTimes(1);
    // Then nothing for longer than idleMs: closed and opened again.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(upstream.connections[0]!.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(10);
    expect(upstream.connect).toHaveBeenCalledTimes(2);
  });

  it('refuses a subscriber past the bound, and drops one whose connection is gone', () => {
    const upstream = fakeUpstream();
    const hub = createLobbyHub({ connect: upstream.connect, maxSubscribers: 2 });
    hub.subscribe(() => {
      throw new Error('closed');
    });
    const kept: string[] = [];
    hub.subscribe((chunk) => kept.push(chunk));
    expect(hub.subscribe(() => undefined)).toBeNull();
    upstream.last().sink.lobby('{}');
    expect(kept).toEqual([lobbyFrame('{}')]);
    expect(hub.subscriberCount).toBe(1);
  });

  it('hands on only states of the lobby’s shape, as checked JSON', () => {
    const upstream = fakeUpstream();
    const hub = createLobbyHub({ connect: upstream.connect, normalise: normaliseLobbyData });
    const seen: string[] = [];
    hub.subscribe((chunk) => seen.push(chunk));
    upstream.last().sink.lobby('not json');
    upstream.last().sink.lobby('{"updatedAt":"2026-11-27T12:00:00.000Z","tables":[{"gameId":"x"}]}');
    upstream.last().sink.lobby('{"updatedAt":"2026-11-27T12:00:00.000Z","tables":[],"extra":"dropped"}');
    expect(seen).toEqual([lobbyFrame('{"updatedAt":"2026-11-27T12:00:00.000Z","tables":[]}')]);
  });

  it('passes on whether the studio films a table; a table that does not say has no video', () => {
    const table = {
      gameId: 'krone-roulette-live',
      tableId: 'krone-roulette-live',
      name: 'Krone Roulette Live',
      kind: 'roulette',
      category: 'live-roulette',
      dealer: 'Sofie',
      open: true,
      players: 0,
      limits: { minBetOre: 100, maxBetOre: 500_000 },
      rtp: 0.973,
      rtpIsUpTo: false,
      round: { roundId: 'r1', state: 'betting', bettingClosesAt: '2026-11-27T12:00:15.000Z', resultAt: '2026-11-27T12:00:20.000Z' },
      lastResults: [],
    };
    const videoOf = (extra: object) =>
      (
        JSON.parse(normaliseLobbyData(JSON.stringify({ updatedAt: 'x', tables: [{ ...table, ...extra }] }))!) as {
          tables: { video: boolean }[];
        }
      ).tables[0]!.video;
    expect(videoOf({ video: true })).toBe(true);
    expect(videoOf({ video: false })).toBe(false);
    expect(videoOf({})).toBe(false);
    expect(videoOf({ video: 'yes' })).toBe(false);
  });

  it('waits 0.5 s first and at most 30 s, jittered ±20 %', () => {
    expect(jitteredBackoff(0, () => 0.5)).toBe(500);
    expect(jitteredBackoff(3, () => 0.5)).toBe(4000);
    expect(jitteredBackoff(40, () => 0.5)).toBe(30_000);
    expect(jitteredBackoff(40, () => 0)).toBe(24_000);
    expect(jitteredBackoff(40, () => 1)).toBe(36_000);
  });
});

describe('reading the platform’s event stream', () => {
  it('hands on whole events however the bytes are cut, and counts comments as signs of life', () => {
    const events: [string, string][] = [];
    let alive = 0;
    const read = eventStreamReader(
      (event, data) => events.push([event, data]),
      () => alive++,
    );
    read('event: lobby\nda');
    read('ta: {"a":1}\n');
    expect(events).toEqual([]);
    read('\n: ping\n\nevent: lobby\r\ndata: {"b":\r\ndata: 2}\r\n\r\n');
    expect(events).toEqual([
      ['lobby', '{"a":1}'],
      ['lobby', '{"b":\n2}'],
    ]);
    expect(alive).toBe(1);
  });

  it('refuses an event larger than allowed', () => {
    const read = eventStreamReader(
      () => undefined,
      () => undefined,
      10,
    );
    expect(() => read('data: 0123456789')).toThrow(/larger than allowed/);
  });
});
