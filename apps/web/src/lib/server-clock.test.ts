import { formatClock } from '@krone/domain';
import { describe, expect, it, vi } from 'vitest';
import { anchorFrom, createServerClock, RESYNC_MS, retryDelayMs, serverNowMs } from './server-clock';

/** A device whose wall clock the test sets at will, beside a monotonic timer that only moves forward. */
function device(wallIso: string) {
  let monotonic = 1_000;
  let wall = Date.parse(wallIso);
  return {
    monotonicMs: () => monotonic,
    wallMs: () => wall,
    elapse(ms: number) {
      monotonic += ms;
      wall += ms;
    },
    setWallClock(iso: string) {
      wall = Date.parse(iso);
    },
  };
}

describe('the server clock (header clock)', () => {
  it('shows the server’s Copenhagen time when the device’s clock is years off, and ticks from it', async () => {
    const phone = device('2001-01-01T03:00:00Z');
    const fetchServerIso = vi.fn(async () => '2026-11-24T13:59:58.000Z');
    const clock = createServerClock({ fetchServerIso, ...phone });
    expect(clock.now()).toBeNull();
    await clock.sync();
    expect(formatClock(clock.now()!)).toBe('14:59');
    phone.elapse(2_000);
    expect(formatClock(clock.now()!)).toBe('15:00');
    expect(clock.now()!.toISOString()).toBe('2026-11-24T14:00:00.000Z');
  });

  it('keeps the server’s time when the device’s clock is changed during the visit, and asks the server again', async () => {
    const phone = device('2026-11-24T14:00:00Z');
    let server = Date.parse('2026-11-24T12:00:00.000Z');
    const fetchServerIso = vi.fn(async () => new Date(server).toISOString());
    const clock = createServerClock({ fetchServerIso, ...phone });
    await clock.sync();
    expect(formatClock(clock.now()!)).toBe('13:00');
    phone.setWallClock('2030-06-01T08:00:00Z');
    expect(formatClock(clock.now()!)).toBe('13:00');
    phone.elapse(1_000);
    server += 1_000;
    await clock.sync();
    expect(fetchServerIso).toHaveBeenCalledTimes(2);
    expect(clock.now()!.toISOString()).toBe('2026-11-24T12:00:01.000Z');
  });

  it('places the server’s time at the middle of the round trip', () => {
    const anchor = anchorFrom(100, 300, '2026-11-24T12:00:00.000Z')!;
    expect(anchor).toEqual({ serverMs: Date.parse('2026-11-24T12:00:00.000Z'), monotonicMs: 200, roundTripMs: 200 });
    expect(new Date(serverNowMs(anchor, 1_200)).toISOString()).toBe('2026-11-24T12:00:01.000Z');
    expect(anchorFrom(100, 300, 'not a time')).toBeNull();
  });

  it('asks again every RESYNC_MS, and after a failure sooner, with backoff', async () => {
    const phone = device('2026-11-24T12:00:00Z');
    const fetchServerIso = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Error('offline'));
    fetchServerIso.mockResolvedValue('2026-11-24T12:00:00.000Z');
    const clock = createServerClock({ fetchServerIso, ...phone });
    await clock.sync();
    expect(clock.now()).toBeNull();
    phone.elapse(retryDelayMs(1) - 1);
    await clock.sync();
    expect(fetchServerIso).toHaveBeenCalledTimes(1);
    phone.elapse(1);
    await clock.sync();
    expect(fetchServerIso).toHaveBeenCalledTimes(2);
    expect(clock.now()).not.toBeNull();
    phone.elapse(RESYNC_MS - 1);
    await clock.sync();
    expect(fetchServerIso).toHaveBeenCalledTimes(2);
    phone.elapse(1);
    await clock.sync();
    expect(fetchServerIso).toHaveBeenCalledTimes(3);
    expect([retryDelayMs(1), retryDelayMs(2), retryDelayMs(10)]).toEqual([2000, 4000, 60_000]);
  });
});
