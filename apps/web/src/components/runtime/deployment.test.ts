import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDeploymentWatcher, fetchDeployedBuildId } from './deployment';

class FakeDocument extends EventTarget {
  visibilityState: DocumentVisibilityState = 'visible';
  setVisibility(state: DocumentVisibilityState) {
    this.visibilityState = state;
    this.dispatchEvent(new Event('visibilitychange'));
  }
}

describe('deployment watcher', () => {
  let deployed: string | null;
  let fetchBuildId: ReturnType<typeof vi.fn<() => Promise<string | null>>>;
  let onNewBuild: ReturnType<typeof vi.fn<(id: string) => void>>;
  let doc: FakeDocument;

  beforeEach(() => {
    vi.useFakeTimers();
    deployed = 'build-1';
    fetchBuildId = vi.fn(() => Promise.resolve(deployed));
    onNewBuild = vi.fn();
    doc = new FakeDocument();
  });
  afterEach(() => vi.useRealTimers());

  const start = (currentBuildId: string | undefined) => {
    const watcher = createDeploymentWatcher({ currentBuildId, fetchBuildId, visibility: doc, onNewBuild });
    watcher.start();
    return watcher;
  };

  it('polls every 60 s and stays quiet while the build is the same', async () => {
    start('build-1');
    await vi.advanceTimersByTimeAsync(59_999);
    expect(fetchBuildId).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(120_001);
    expect(fetchBuildId).toHaveBeenCalledTimes(3);
    expect(onNewBuild).not.toHaveBeenCalled();
  });

  it('reports a new build once and stops polling', async () => {
    start('build-1');
    deployed = 'build-2';
    await vi.advanceTimersByTimeAsync(60_000);
    expect(onNewBuild).toHaveBeenCalledWith('build-2');
    await vi.advanceTimersByTimeAsync(300_000);
    doc.setVisibility('visible');
    expect(fetchBuildId).toHaveBeenCalledTimes(1);
    expect(onNewBuild).toHaveBeenCalledTimes(1);
  });

  it('checks when the tab becomes visible and skips polls while hidden', async () => {
    start('build-1');
    doc.setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(180_000);
    expect(fetchBuildId).not.toHaveBeenCalled();
    deployed = 'build-2';
    doc.setVisibility('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(onNewBuild).toHaveBeenCalledWith('build-2');
  });

  it('ignores failed fetches', async () => {
    start('build-1');
    deployed = null;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(onNewBuild).not.toHaveBeenCalled();
  });

  it('does nothing without a build id of its own', async () => {
    start(undefined);
    deployed = 'build-2';
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetchBuildId).not.toHaveBeenCalled();
  });

  it('stops when stopped', async () => {
    const watcher = start('build-1');
    watcher.stop();
    deployed = 'build-2';
    await vi.advanceTimersByTimeAsync(120_000);
    doc.setVisibility('visible');
    expect(fetchBuildId).not.toHaveBeenCalled();
  });
});

describe('fetchDeployedBuildId', () => {
  it('asks past every cache with a cache-busting timestamp', async () => {
    const fetchImpl = vi.fn(() => Promise.resolve(Response.json({ buildId: 'abc' })));
    await expect(fetchDeployedBuildId(fetchImpl as unknown as typeof fetch, () => 42)).resolves.toBe('abc');
    expect(fetchImpl).toHaveBeenCalledWith('/build-meta.json?ts=42', expect.objectContaining({ cache: 'no-store' }));
  });

  it('answers null on errors, bad statuses and odd bodies', async () => {
    const answers = [
      () => Promise.reject(new TypeError('offline')),
      () => Promise.resolve(new Response('nope', { status: 500 })),
      () => Promise.resolve(new Response('<html>', { status: 200 })),
      () => Promise.resolve(Response.json({ buildId: 7 })),
      () => Promise.resolve(Response.json(null)),
    ];
    for (const answer of answers) {
      await expect(fetchDeployedBuildId(vi.fn(answer) as unknown as typeof fetch)).resolves.toBeNull();
    }
  });
});
