import type { Database, Db } from '../../db/client.js';
import { createFanOut, sseEvent, type FanOutOptions, type StreamSubscriber } from '../../shared/event-stream.js';
// The NOTIFY channels the money's transactions send on (pools.ts): a pool changed (payload: its id); a new winner (payload: its id).
import { JACKPOTS_CHANNEL, WINNERS_CHANNEL } from './pools.js';
import { createJackpotReads, type JackpotTick } from './reads.js';

export { MAX_WINNERS_PAGE, shortName, type JackpotHit, type JackpotPool, type JackpotTick, type Winner } from './reads.js';

/*
 * The jackpots' and the new winners' streams for the storefront (games/jackpots/README.md): each
 * is one LISTEN per platform process (the money's transactions NOTIFY at commit), fanned out in
 * memory to every subscriber (shared/event-stream.ts); a pool's changes are read again at most
 * every 250 ms, the winners' rows by id after the last seen. The reads themselves: reads.ts.
 */

/**
 * A task run again when asked, at most once per `intervalMs` and one run at a time: asks while
 * it runs make one more run after it.
 */
function throttled(run: () => Promise<void>, intervalMs: number, onError: (error: unknown) => void) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let lastAt = -Infinity;
  let stopped = false;

  function request() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    if (timer) return;
    timer = setTimeout(fire, Math.max(0, lastAt + intervalMs - Date.now()));
    timer.unref();
  }

  function fire() {
    timer = null;
    lastAt = Date.now();
    running = run()
      .catch(onError)
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          request();
        }
      });
  }

  async function stop() {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  }

  return { request, stop };
}

export interface JackpotFeedOptions {
  db: Db;
  listen: Database['listen'];
  clock: () => Date;
  log: { warn(details: object, message: string): void };
  /** The pools are read again at most this often while they change (250 ms: about 4 events a second). */
  poolsThrottleMs?: number;
  stream?: FanOutOptions;
}

/** The most winners' rows one read takes; more are read at once after. */
const WINNERS_BATCH = 500;
/** Winners' ids remembered as sent, so a row read twice (by its id and by its notification) is sent once. */
const SEEN_WINNERS = 10_000;
/** After the listening connection was lost, rows this far below the last id seen are looked at again (late commits). */
const WINNERS_LOOKBACK = 1_000;

/**
 * The reads and the two streams (`subscribePools`, `subscribeWinners`). Each stream starts at its
 * first subscriber: a process that serves none listens to nothing.
 */
export function createJackpotFeed(options: JackpotFeedOptions) {
  const { db, listen, clock, log } = options;
  const reads = createJackpotReads(db);
  const warn = (message: string) => (error: unknown) => log.warn({ err: error }, message);
  let closed = false;

  // The pools' stream.
  const poolsOut = createFanOut(options.stream);
  let poolsStarted: Promise<void> | null = null;
  let stopPools: (() => Promise<void>) | null = null;
  let latestTicks: JackpotTick[] | null = null;
  let lastTicksKey = '';
  let hitSequences = new Map<string, number>();
  const poolsEvent = (pools: JackpotTick[]) => sseEvent('pools', { pools, at: clock().toISOString() });

  let poolsReady = false;

  async function refreshPools() {
    if (!poolsReady) return;
    const ticks = await reads.ticks();
    // A pool whose drop changed may have been won: its hits after the last one told, oldest first.
    const changed = new Map(
      ticks
        .filter((tick) => latestTicks?.find((old) => old.id === tick.id)?.drop.sequence !== tick.drop.sequence)
        .map((tick) => [tick.id, hitSequences.get(tick.id) ?? 0]),
    );
    for (const hit of await reads.hitsAfter(changed)) {
      if (hit.sequence <= (hitSequences.get(hit.poolId) ?? 0)) continue;
      hitSequences.set(hit.poolId, hit.sequence);
      poolsOut.broadcast(sseEvent('hit', hit));
    }
    latestTicks = ticks;
    const key = JSON.stringify(ticks);
    if (key === lastTicksKey) return;
    lastTicksKey = key;
    poolsOut.broadcast(poolsEvent(ticks));
  }
  const poolsRefresh = throttled(refreshPools, options.poolsThrottleMs ?? 250, warn('jackpots: the pools could not be read'));

  function startPools() {
    poolsStarted ??= (async () => {
      stopPools = await listen(JACKPOTS_CHANNEL, () => poolsRefresh.request(), { onReconnect: () => poolsRefresh.request() });
      try {
        hitSequences = await reads.lastHitSequences();
        latestTicks = await reads.ticks();
      } catch (error) {
        await stopPools();
        throw error;
      }
      lastTicksKey = JSON.stringify(latestTicks);
      poolsReady = true;
      // A change notified while the state above was read is read again.
      poolsRefresh.request();
    })();
    poolsStarted.catch(() => {
      poolsStarted = null;
    });
    return poolsStarted;
  }

  /** A new subscriber of the pools: their amounts at once, then every change (throttled) and every hit. SERVICE_OVERLOADED past the most a process serves. */
  async function subscribePools(subscriber: StreamSubscriber): Promise<() => void> {
    poolsOut.assertRoom();
    await startPools();
    return poolsOut.add(subscriber, [poolsEvent(latestTicks ?? (await reads.ticks()))]);
  }

  // The winners' stream.
  const winnersOut = createFanOut(options.stream);
  let winnersStarted: Promise<void> | null = null;
  let stopWinners: (() => Promise<void>) | null = null;
  let floorId = 0;
  let lastSeenId = 0;
  let lookBack = false;
  const pending = new Set<number>();
  const seen = new Set<number>();
  const remember = (id: number) => {
    seen.add(id);
    if (seen.size > SEEN_WINNERS) seen.delete(seen.values().next().value!);
  };

  let winnersReady = false;

  async function readWinners() {
    if (!winnersReady) return;
    const ids = [...pending];
    pending.clear();
    const after = lookBack ? Math.max(floorId, lastSeenId - WINNERS_LOOKBACK) : lastSeenId;
    lookBack = false;
    const rows = await reads.winnerRows(after, ids, WINNERS_BATCH);
    for (const row of rows) {
      lastSeenId = Math.max(lastSeenId, row.id);
      if (seen.has(row.id)) continue;
      remember(row.id);
      if (row.shown) winnersOut.broadcast(sseEvent('winner', row.shown));
    }
    if (rows.length === WINNERS_BATCH) winnersRead.request();
  }
  const winnersRead = throttled(readWinners, 50, warn('winners: the new winners could not be read'));

  function startWinners() {
    winnersStarted ??= (async () => {
      stopWinners = await listen(
        WINNERS_CHANNEL,
        (payload) => {
          const id = Number(payload);
          if (Number.isSafeInteger(id) && id > 0) pending.add(id);
          winnersRead.request();
        },
        {
          onReconnect: () => {
            lookBack = true;
            winnersRead.request();
          },
        },
      );
      // From the newest row on (after the LISTEN: a row committed since is notified, one before is older).
      try {
        floorId = lastSeenId = await reads.lastWinnerId();
      } catch (error) {
        await stopWinners();
        throw error;
      }
      winnersReady = true;
      if (pending.size > 0) winnersRead.request();
    })();
    winnersStarted.catch(() => {
      winnersStarted = null;
    });
    return winnersStarted;
  }

  /** A new subscriber of the winners: a `: ready` comment at once, then each new winner shown. SERVICE_OVERLOADED past the most a process serves. */
  async function subscribeWinners(subscriber: StreamSubscriber): Promise<() => void> {
    winnersOut.assertRoom();
    await startWinners();
    return winnersOut.add(subscriber, [': ready\n\n']);
  }

  /** Ends every stream and stops listening (before the database closes). */
  async function close() {
    if (closed) return;
    closed = true;
    poolsOut.close();
    winnersOut.close();
    await Promise.all([poolsRefresh.stop(), winnersRead.stop()]);
    await Promise.all([poolsStarted?.catch(() => undefined), winnersStarted?.catch(() => undefined)]);
    await Promise.all([stopPools?.(), stopWinners?.()]);
  }

  return {
    pools: reads.pools,
    winners: reads.winners,
    subscribePools,
    subscribeWinners,
    close,
    subscribers: () => ({ pools: poolsOut.size(), winners: winnersOut.size() }),
  };
}

export type JackpotFeed = ReturnType<typeof createJackpotFeed>;
