import { createStore, type VisibilitySource } from './store';

export const BUILD_META_URL = '/build-meta.json';
export const BUILD_POLL_INTERVAL_MS = 60_000;
export const BUILD_FETCH_TIMEOUT_MS = 10_000;

/** The build id of the newer deployment, once one is seen. */
export const newBuildStore = createStore<string | null>(null);

/**
 * After a new deployment the loaded code may ask for chunks the server no longer has, so the
 * next link navigation becomes a full page load (see link-navigation.ts).
 */
export function isFullPageLoadRequired(): boolean {
  return newBuildStore.get() !== null;
}

export async function fetchDeployedBuildId(fetchImpl: typeof fetch = fetch, now: () => number = Date.now): Promise<string | null> {
  try {
    const response = await fetchImpl(`${BUILD_META_URL}?ts=${now()}`, {
      cache: 'no-store',
      signal: AbortSignal.timeout(BUILD_FETCH_TIMEOUT_MS),
    });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    const buildId = (body as { buildId?: unknown } | null)?.buildId;
    return typeof buildId === 'string' && buildId !== '' ? buildId : null;
  } catch {
    return null;
  }
}

export interface DeploymentWatcherDeps {
  currentBuildId: string | undefined;
  fetchBuildId: () => Promise<string | null>;
  visibility: VisibilitySource;
  onNewBuild: (buildId: string) => void;
  intervalMs?: number;
}

/**
 * Spec §4: polls the build-metadata file every minute and when the tab comes back. Hidden tabs
 * skip the timer's polls; they check the moment they are shown again.
 */
export function createDeploymentWatcher(deps: DeploymentWatcherDeps): { start(): void; stop(): void; check(): Promise<void> } {
  const intervalMs = deps.intervalMs ?? BUILD_POLL_INTERVAL_MS;
  let interval: ReturnType<typeof setInterval> | undefined;
  let inFlight: Promise<void> | null = null;
  let running = false;
  let found = false;

  const stopPolling = () => {
    clearInterval(interval);
    interval = undefined;
    deps.visibility.removeEventListener('visibilitychange', handleVisibility);
  };
  const check = (): Promise<void> => {
    if (!running || found) return Promise.resolve();
    inFlight ??= deps
      .fetchBuildId()
      .then((deployed) => {
        if (!running || found || deployed === null || deployed === deps.currentBuildId) return;
        found = true;
        stopPolling();
        deps.onNewBuild(deployed);
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };
  function handleVisibility() {
    if (deps.visibility.visibilityState === 'visible') void check();
  }

  return {
    start() {
      // Without a build id (a misconfigured build) there is nothing to compare against.
      if (running || found || !deps.currentBuildId) return;
      running = true;
      interval = setInterval(() => {
        if (deps.visibility.visibilityState === 'visible') void check();
      }, intervalMs);
      deps.visibility.addEventListener('visibilitychange', handleVisibility);
    },
    stop() {
      running = false;
      stopPolling();
    },
    check,
  };
}
