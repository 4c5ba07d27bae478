import type { ListenerTarget } from './store';

/** Spec §9: a failed chunk load reloads the page, but not again within 10 s. */
export const CHUNK_RELOAD_GUARD_MS = 10_000;
export const CHUNK_RELOAD_STORAGE_KEY = 'krone:chunk-reload-at';

const CHUNK_ERROR_PATTERN =
  /ChunkLoadError|Loading (?:CSS )?chunk [\w-]+ failed|Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i;

/** True for the errors webpack, Turbopack and the browsers raise when a code chunk is gone. */
export function isChunkLoadError(value: unknown): boolean {
  if (value == null) return false;
  if (typeof value === 'string') return CHUNK_ERROR_PATTERN.test(value);
  if (typeof value !== 'object') return false;
  const { name, message } = value as { name?: unknown; message?: unknown };
  return name === 'ChunkLoadError' || (typeof message === 'string' && CHUNK_ERROR_PATTERN.test(message));
}

export interface ChunkReloadGuardDeps {
  /** sessionStorage, or null where the browser refuses it. */
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  reload: () => void;
  now?: () => number;
  guardMs?: number;
}

/**
 * Returns a handler that reloads the page for a chunk-load error, at most once per `guardMs`. The
 * time is kept in sessionStorage because the reload wipes everything else; where storage fails
 * it does not reload at all, since it could not stop a reload loop.
 */
export function createChunkReloadGuard(deps: ChunkReloadGuardDeps): (error: unknown) => boolean {
  const now = deps.now ?? Date.now;
  const guardMs = deps.guardMs ?? CHUNK_RELOAD_GUARD_MS;
  return (error) => {
    if (!isChunkLoadError(error) || !deps.storage) return false;
    try {
      const last = Number(deps.storage.getItem(CHUNK_RELOAD_STORAGE_KEY));
      const at = now();
      if (Number.isFinite(last) && last > 0 && at - last < guardMs && at >= last) return false;
      deps.storage.setItem(CHUNK_RELOAD_STORAGE_KEY, String(at));
    } catch {
      return false;
    }
    deps.reload();
    return true;
  };
}

/** Listens for window 'error' and 'unhandledrejection'; returns the cleanup. */
export function installChunkReloadGuard(events: ListenerTarget, handle: (error: unknown) => boolean): () => void {
  const onError = (event: Event) => {
    const { error, message } = event as ErrorEvent;
    if (!handle(error)) handle(message);
  };
  const onRejection = (event: Event) => {
    handle((event as PromiseRejectionEvent).reason);
  };
  events.addEventListener('error', onError);
  events.addEventListener('unhandledrejection', onRejection);
  return () => {
    events.removeEventListener('error', onError);
    events.removeEventListener('unhandledrejection', onRejection);
  };
}
