/**
 * The header clock's time comes from the server, never from the device's wall clock, which the
 * visitor may have set wrong (a Danish licensee shows the right time on every screen). One answer
 * of the server's time, taken at the middle of its round trip, anchors a monotonic timer
 * (`performance.now()`): what follows counts elapsed time only, so moving the device's clock,
 * before or during the visit, changes nothing that is shown.
 */
export interface ClockAnchor {
  /** The server's time, in ms since the epoch, at `monotonicMs`. */
  serverMs: number;
  /** The monotonic timer's reading when the server's time was `serverMs`. */
  monotonicMs: number;
  /** The round trip of the answer; a shorter one places the server's time more precisely. */
  roundTripMs: number;
}

/** An anchor from one answer: asked at `sentMs`, answered at `receivedMs` (monotonic), saying `serverIso`. */
export function anchorFrom(sentMs: number, receivedMs: number, serverIso: string): ClockAnchor | null {
  const serverMs = Date.parse(serverIso);
  if (!Number.isFinite(serverMs) || receivedMs < sentMs) return null;
  return { serverMs, monotonicMs: (sentMs + receivedMs) / 2, roundTripMs: receivedMs - sentMs };
}

/** The server's time now, from the anchor and the monotonic timer's reading. */
export function serverNowMs(anchor: ClockAnchor, monotonicNowMs: number): number {
  return anchor.serverMs + (monotonicNowMs - anchor.monotonicMs);
}

/**
 * Whether the device's wall clock moved against the monotonic timer since the last reading (the
 * visitor set it, or the device slept and the monotonic timer stood still): then ask the server again.
 */
export function wallClockJumped(previousGapMs: number, gapMs: number, toleranceMs = 2000): boolean {
  return Math.abs(gapMs - previousGapMs) > toleranceMs;
}

/** How often the clock asks the server again; also when the tab becomes visible again and when the wall clock jumps. */
export const RESYNC_MS = 10 * 60_000;

/** After a failed ask: the next one waits 2 s, doubled on each failure, at most a minute. */
export const retryDelayMs = (failures: number) => Math.min(60_000, 2000 * 2 ** Math.max(0, failures - 1));

export interface ServerClockDeps {
  /** The server's time as an ISO string (the storefront's `GET /api/time`); throws when unavailable. */
  fetchServerIso: () => Promise<string>;
  /** A monotonic timer in ms (`performance.now()`): counts elapsed time, whatever the wall clock says. */
  monotonicMs: () => number;
  /** The device's wall clock (`Date.now()`): only watched for jumps, never shown. */
  wallMs: () => number;
}

/**
 * The page's server clock: `now()` is the server's time (null until the server has answered);
 * `sync()` asks again when due (every RESYNC_MS, sooner after a failure), when forced (the tab
 * was shown again), or when the device's wall clock jumped.
 */
export function createServerClock({ fetchServerIso, monotonicMs, wallMs }: ServerClockDeps) {
  let anchor: ClockAnchor | null = null;
  let asking: Promise<void> | null = null;
  let nextAskAtMs = 0;
  let failures = 0;
  let wallGapMs: number | null = null;

  const ask = () =>
    (asking ??= (async () => {
      const sentMs = monotonicMs();
      try {
        const serverIso = await fetchServerIso();
        const next = anchorFrom(sentMs, monotonicMs(), serverIso);
        if (!next) throw new Error('unreadable server time');
        anchor = next;
        failures = 0;
        nextAskAtMs = monotonicMs() + RESYNC_MS;
      } catch {
        failures += 1;
        nextAskAtMs = monotonicMs() + retryDelayMs(failures);
      } finally {
        asking = null;
      }
    })());

  return {
    now(): Date | null {
      return anchor ? new Date(serverNowMs(anchor, monotonicMs())) : null;
    },
    sync(force = false): Promise<void> {
      const gapMs = wallMs() - monotonicMs();
      const jumped = wallGapMs !== null && wallClockJumped(wallGapMs, gapMs);
      wallGapMs = gapMs;
      if (force || jumped || monotonicMs() >= nextAskAtMs) return ask();
      return asking ?? Promise.resolve();
    },
  };
}
