import { createFanOut, sseEvent, type StreamSubscriber } from '../../shared/event-stream.js';
import type { LiveCategory, LiveKind, LiveResultSummary, LiveRoundState, LiveStudio, LiveStudioLobby } from './types.js';

/*
 * The live lobby's state for the storefront (games/README.md "Live casino"): one upstream
 * subscription per platform process to the studio's lobby stream, reconnecting with backoff and
 * polling the lobby every 2 s meanwhile, fanned out in memory to every storefront subscriber
 * (shared/event-stream.ts, as the jackpots' and the new winners' streams are). Only
 * the tables the catalogue lists are shown; a studio unheard of for 30 s shows its tables closed.
 */

/** A table as the storefront's live lobby shows it. */
export interface LiveLobbyTable {
  gameId: string;
  tableId: string;
  name: string;
  kind: LiveKind;
  category: string;
  dealer: string;
  /** The studio streams the table on video; false: a drawn table, which the storefront labels so. */
  video: boolean;
  /** Open for play: the studio says so and was heard from lately. */
  open: boolean;
  players: number;
  limits: { minBetOre: number; maxBetOre: number };
  rtp: number;
  rtpIsUpTo: boolean;
  round: { roundId: string; state: LiveRoundState; bettingClosesAt: string; resultAt: string };
  lastResults: LiveResultSummary[];
}

export interface LiveLobbyView {
  /** When the studio's state shown was received (now, when none was). */
  updatedAt: string;
  tables: LiveLobbyTable[];
}

/** A catalogue row of a live table in play, by its table id. */
export interface ListedTable {
  gameId: string;
  category: LiveCategory | string;
}

/** One subscriber of the stream: where its events go. */
export type LobbySubscriber = StreamSubscriber;

export interface LiveLobbyOptions {
  /** Null: the live casino is off (the lobby is empty, the stream sends that). */
  studio: LiveStudio | null;
  /** The live tables the catalogue lists (not withdrawn), by table id. */
  listedTables: () => Promise<Map<string, ListedTable>>;
  clock: () => Date;
  log: { warn(details: object, message: string): void };
  /** A studio unheard of this long shows its tables closed. */
  staleMs?: number;
  /** How often the lobby is read while the stream is down. */
  pollMs?: number;
  pingMs?: number;
  /** The waits between tries of the stream, the last repeated. */
  reconnectMs?: readonly number[];
  maxSubscribers?: number;
  /** How often the catalogue's list is read again (a sync reads it at once: `refreshListed`). */
  listedRefreshMs?: number;
  /** A subscriber this many bytes behind is dropped. */
  maxBacklogBytes?: number;
  /** How long the first reader waits for the studio's first answer. */
  firstReadMs?: number;
  /** Told when the studio's tables differ from the catalogue's (a new table, one gone): the sync is due. */
  onTablesChanged?: () => void;
}

export function createLiveLobby(options: LiveLobbyOptions) {
  const { studio, clock, log } = options;
  const staleMs = options.staleMs ?? 30_000;
  const pollMs = options.pollMs ?? 2_000;
  const reconnectMs = options.reconnectMs ?? [1_000, 2_000, 5_000, 10_000, 30_000];
  // Subscribers past a backlog are let go (their browsers reconnect and start afresh); a ping every 15 s.
  const out = createFanOut({ maxSubscribers: options.maxSubscribers, maxBacklogBytes: options.maxBacklogBytes, pingMs: options.pingMs });

  let latest: { lobby: LiveStudioLobby; receivedAt: number } | null = null;
  let aliveAt = 0;
  let listed = new Map<string, ListedTable>();
  let listedAt = -Infinity;
  let lastSent = '';
  let started = false;
  let closed = false;
  const stopping = new AbortController();
  let timers: NodeJS.Timeout[] = [];
  let upstream: Promise<void> | null = null;
  let firstRead: Promise<void> | null = null;

  const now = () => clock().getTime();
  const stale = () => latest === null || now() - aliveAt > staleMs;

  function view(): LiveLobbyView {
    const closedNow = stale();
    const tables = (latest?.lobby.tables ?? []).flatMap((table): LiveLobbyTable[] => {
      const entry = listed.get(table.tableId);
      if (!entry) return [];
      return [
        {
          gameId: entry.gameId,
          tableId: table.tableId,
          name: table.name,
          kind: table.kind,
          category: entry.category,
          dealer: table.dealer,
          video: table.video,
          open: table.open && !closedNow,
          players: table.players,
          limits: { minBetOre: table.minBetOre, maxBetOre: table.maxBetOre },
          rtp: table.rtp,
          rtpIsUpTo: table.rtpIsUpTo,
          round: { ...table.round },
          lastResults: table.lastResults.map((result) => ({ ...result })),
        },
      ];
    });
    return { updatedAt: new Date(latest?.receivedAt ?? now()).toISOString(), tables };
  }

  /** Sends the view to every subscriber when it differs from the last sent (the time it was received aside). */
  function publish() {
    const current = view();
    const key = JSON.stringify(current.tables);
    if (key === lastSent) return;
    lastSent = key;
    out.broadcast(eventOf(current));
  }

  async function refreshListed() {
    try {
      listed = await options.listedTables();
      listedAt = now();
    } catch (error) {
      log.warn({ err: error }, 'live lobby: the catalogue’s live tables could not be read');
    }
    noticeChangedTables();
    publish();
  }

  let lastNoticed = '';
  /** The studio lists a table the catalogue does not, or the other way: the sync is asked for (once per difference). */
  function noticeChangedTables() {
    if (!latest || !options.onTablesChanged) return;
    const studioIds = latest.lobby.tables.map((table) => table.tableId).sort();
    const listedIds = [...listed.keys()].sort();
    const key = `${studioIds.join(',')}|${listedIds.join(',')}`;
    if (studioIds.join(',') === listedIds.join(',') || key === lastNoticed) return;
    lastNoticed = key;
    options.onTablesChanged();
  }

  function accept(lobby: LiveStudioLobby) {
    latest = { lobby, receivedAt: now() };
    aliveAt = now();
    noticeChangedTables();
    publish();
  }

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (stopping.signal.aborted) return resolve();
      const timer = setTimeout(done, ms);
      timer.unref();
      function done() {
        clearTimeout(timer);
        stopping.signal.removeEventListener('abort', done);
        resolve();
      }
      stopping.signal.addEventListener('abort', done, { once: true });
    });

  // A studio that is down is read every 2 s: its outage is logged once, not at every read.
  let unreadable = false;
  async function readOnce() {
    if (!studio) return;
    try {
      accept(await studio.lobby());
      if (unreadable) log.warn({}, 'live lobby: the studio’s lobby answers again');
      unreadable = false;
    } catch (error) {
      if (!unreadable) log.warn({ err: error }, 'live lobby: the studio’s lobby could not be read (logged once until it answers)');
      unreadable = true;
    }
  }

  /** The stream, kept open: tried again after a wait that grows while it fails, the lobby polled meanwhile. */
  async function follow(source: LiveStudio) {
    let failures = 0;
    while (!closed) {
      try {
        await source.streamLobby(
          {
            onLobby: (lobby) => {
              failures = 0;
              accept(lobby);
            },
            onAlive: () => {
              aliveAt = now();
            },
          },
          stopping.signal,
        );
      } catch (error) {
        if (closed) return;
        if (failures === 0)
          log.warn({ err: error }, 'live lobby: the studio’s lobby stream is down; reading the lobby every 2 s meanwhile');
      }
      if (closed) return;
      const until = Date.now() + reconnectMs[Math.min(failures, reconnectMs.length - 1)]!;
      failures += 1;
      while (!closed && Date.now() < until) {
        await readOnce();
        await sleep(Math.min(pollMs, Math.max(0, until - Date.now())));
      }
    }
  }

  /** Starts following the studio (at the first reader: a process that serves no lobby opens no stream). */
  function start() {
    if (started || closed) return;
    started = true;
    timers = [
      // A studio that falls silent shows its tables closed after staleMs, without an event from it.
      setInterval(publish, Math.min(5_000, staleMs / 3)),
      setInterval(() => void refreshListed(), options.listedRefreshMs ?? 60_000),
    ];
    for (const timer of timers) timer.unref();
    firstRead = (async () => {
      await refreshListed();
      if (!latest) await readOnce();
    })();
    if (studio) upstream = follow(studio);
  }

  /**
   * The lobby now: at the first call, once the catalogue and the studio were read, waiting at most
   * `firstReadMs` for a studio that is slow (then empty until it answers; never an error).
   */
  async function current(): Promise<LiveLobbyView> {
    start();
    await Promise.race([firstRead, sleep(options.firstReadMs ?? 2_000)]);
    if (now() - listedAt > (options.listedRefreshMs ?? 60_000)) await refreshListed();
    return view();
  }

  /**
   * A new subscriber: the lobby at once, then every change and a ping every 15 s. SERVICE_OVERLOADED
   * past the most subscribers a process serves. Answers the function that lets it go.
   */
  async function subscribe(subscriber: LobbySubscriber): Promise<() => void> {
    out.assertRoom();
    const first = await current();
    return out.add(subscriber, [eventOf(first)]);
  }

  /** Ends every subscriber's stream and the studio's (the platform's close must not wait on them). */
  async function close() {
    closed = true;
    stopping.abort();
    for (const timer of timers) clearInterval(timer);
    out.close();
    await upstream?.catch(() => undefined);
  }

  return { current, subscribe, close, refreshListed, subscribers: out.size };
}

/** One server-sent event of the lobby. */
const eventOf = (view: LiveLobbyView) => sseEvent('lobby', view);

export type LiveLobby = ReturnType<typeof createLiveLobby>;
