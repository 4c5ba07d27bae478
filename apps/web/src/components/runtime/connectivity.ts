import { createEmitter, createStore, type ListenerTarget } from './store';

/** Spec §9: a ping every 30 s; the network modal after 60 s offline. */
export const PING_INTERVAL_MS = 30_000;
export const NETWORK_MODAL_DELAY_MS = 60_000;
export const PING_TIMEOUT_MS = 10_000;
export const PING_URL = '/favicon.ico';

/** Spec §2: the quick-deposit routes keep their own flow, so the network modal stays away. */
const NETWORK_MODAL_EXCLUDED_PATHS = ['/quick-deposit', '/QuickDeposit'];

/** Window event the session-expired modal listens for: the network modal supersedes it. */
export const CLOSE_SESSION_MODAL_EVENT = 'krone:close-session-modal';

export interface ConnectivityState {
  online: boolean;
  /** Disconnected for NETWORK_MODAL_DELAY_MS; cleared on reconnect. */
  networkModalDue: boolean;
}

export const connectivityStore = createStore<ConnectivityState>(
  { online: true, networkModalDue: false },
  (a, b) => a.online === b.online && a.networkModalDue === b.networkModalDue,
);

const reconnects = createEmitter<number>();
let lastReconnectAt: number | null = null;

/**
 * Calls `listener` with the time (ms since epoch) each time the connection comes back.
 * Returns the unsubscribe function.
 */
export function onReconnect(listener: (at: number) => void): () => void {
  return reconnects.on(listener);
}

/** When the connection last came back, or null; the session check skips within 5 s of it. */
export function getLastReconnectAt(): number | null {
  return lastReconnectAt;
}

export function isNetworkModalExcludedPath(pathname: string): boolean {
  return NETWORK_MODAL_EXCLUDED_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

export function requestCloseSessionModal(target: Pick<EventTarget, 'dispatchEvent'>): void {
  target.dispatchEvent(new Event(CLOSE_SESSION_MODAL_EVENT));
}

/** HEAD the favicon past every cache; any HTTP answer means the site is reachable. */
export async function pingServer(fetchImpl: typeof fetch = fetch, url = PING_URL, timeoutMs = PING_TIMEOUT_MS): Promise<boolean> {
  try {
    await fetchImpl(url, { method: 'HEAD', cache: 'no-store', signal: AbortSignal.timeout(timeoutMs) });
    return true;
  } catch {
    return false;
  }
}

export interface ConnectivityMonitorDeps {
  ping: () => Promise<boolean>;
  /** The window: its online/offline events. */
  events: ListenerTarget;
  isOnline?: () => boolean;
  now?: () => number;
  pingIntervalMs?: number;
  networkModalDelayMs?: number;
}

export interface ConnectivityMonitor {
  start(): void;
  stop(): void;
  /** Ping now, e.g. on the browser's `online` event. */
  check(): Promise<void>;
}

export function createConnectivityMonitor(deps: ConnectivityMonitorDeps): ConnectivityMonitor {
  const now = deps.now ?? Date.now;
  const pingIntervalMs = deps.pingIntervalMs ?? PING_INTERVAL_MS;
  const networkModalDelayMs = deps.networkModalDelayMs ?? NETWORK_MODAL_DELAY_MS;
  let interval: ReturnType<typeof setInterval> | undefined;
  let modalTimer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<void> | null = null;
  let running = false;

  const goOffline = () => {
    const state = connectivityStore.get();
    if (!state.online) return;
    connectivityStore.set({ online: false, networkModalDue: false });
    modalTimer = setTimeout(() => {
      modalTimer = undefined;
      connectivityStore.set({ online: false, networkModalDue: true });
    }, networkModalDelayMs);
  };

  const goOnline = () => {
    if (connectivityStore.get().online) return;
    clearTimeout(modalTimer);
    modalTimer = undefined;
    connectivityStore.set({ online: true, networkModalDue: false });
    lastReconnectAt = now();
    reconnects.emit(lastReconnectAt);
  };

  const check = (): Promise<void> => {
    // One ping at a time; a second request joins the one under way.
    inFlight ??= deps
      .ping()
      .then((reachable) => {
        if (running) (reachable ? goOnline : goOffline)();
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };

  const handleOnline = () => void check();
  const handleOffline = () => goOffline();

  return {
    start() {
      if (running) return;
      running = true;
      deps.events.addEventListener('online', handleOnline);
      deps.events.addEventListener('offline', handleOffline);
      if (deps.isOnline && !deps.isOnline()) goOffline();
      interval = setInterval(() => void check(), pingIntervalMs);
    },
    stop() {
      running = false;
      deps.events.removeEventListener('online', handleOnline);
      deps.events.removeEventListener('offline', handleOffline);
      clearInterval(interval);
      clearTimeout(modalTimer);
      interval = undefined;
      modalTimer = undefined;
      // A remount starts from a clean slate rather than a stale offline state.
      connectivityStore.set({ online: true, networkModalDue: false });
    },
    check,
  };
}
