import { describe, expect, it, vi } from 'vitest';
import { browserCacheCleanupDeps, clearCachesAndServiceWorkers } from './clear-caches';

describe('clearCachesAndServiceWorkers', () => {
  it('deletes every cache and unregisters every service worker', async () => {
    const del = vi.fn(() => Promise.resolve(true));
    const unregister = vi.fn(() => Promise.resolve(true));
    const result = await clearCachesAndServiceWorkers({
      caches: { keys: () => Promise.resolve(['a', 'b']), delete: del },
      serviceWorker: {
        getRegistrations: () => Promise.resolve([{ unregister }, { unregister }] as unknown as ServiceWorkerRegistration[]),
      },
    });
    expect(del.mock.calls).toEqual([['a'], ['b']]);
    expect(unregister).toHaveBeenCalledTimes(2);
    expect(result).toEqual({ caches: 2, serviceWorkers: 2 });
  });

  it('copes with missing APIs', async () => {
    await expect(clearCachesAndServiceWorkers({})).resolves.toEqual({ caches: 0, serviceWorkers: 0 });
    const win = { navigator: {} } as unknown as Window;
    expect(browserCacheCleanupDeps(win)).toEqual({ caches: undefined, serviceWorker: undefined });
  });

  it('swallows failures', async () => {
    const result = await clearCachesAndServiceWorkers({
      caches: { keys: () => Promise.reject(new DOMException('insecure', 'SecurityError')), delete: vi.fn() },
      serviceWorker: {
        getRegistrations: () =>
          Promise.resolve([{ unregister: () => Promise.reject(new Error('x')) }] as unknown as ServiceWorkerRegistration[]),
      },
    });
    expect(result).toEqual({ caches: 0, serviceWorkers: 0 });
  });
});
