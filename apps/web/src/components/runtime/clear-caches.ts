export interface CacheCleanupDeps {
  caches?: Pick<CacheStorage, 'keys' | 'delete'>;
  serviceWorker?: Pick<ServiceWorkerContainer, 'getRegistrations'>;
}

/**
 * Spec §4: cached storage and service workers are deleted at startup, so no stale worker or
 * Cache Storage entry outlives a deployment. Either API may be missing (no secure context, old
 * browser); failures are ignored. Answers how many of each were removed.
 */
export async function clearCachesAndServiceWorkers(deps: CacheCleanupDeps): Promise<{ caches: number; serviceWorkers: number }> {
  const [caches, serviceWorkers] = await Promise.all([clearCaches(deps.caches), unregisterWorkers(deps.serviceWorker)]);
  return { caches, serviceWorkers };
}

async function clearCaches(storage: CacheCleanupDeps['caches']): Promise<number> {
  if (!storage) return 0;
  try {
    const names = await storage.keys();
    const deleted = await Promise.all(names.map((name) => storage.delete(name).catch(() => false)));
    return deleted.filter(Boolean).length;
  } catch {
    return 0;
  }
}

async function unregisterWorkers(container: CacheCleanupDeps['serviceWorker']): Promise<number> {
  if (!container || typeof container.getRegistrations !== 'function') return 0;
  try {
    const registrations = await container.getRegistrations();
    const done = await Promise.all(registrations.map((registration) => registration.unregister().catch(() => false)));
    return done.filter(Boolean).length;
  } catch {
    return 0;
  }
}

/** The browser's own objects, each only where it exists. */
export function browserCacheCleanupDeps(win: Window): CacheCleanupDeps {
  return {
    caches: 'caches' in win ? win.caches : undefined,
    serviceWorker: 'serviceWorker' in win.navigator ? win.navigator.serviceWorker : undefined,
  };
}
