import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_STORAGE_KEY, createChunkReloadGuard, installChunkReloadGuard, isChunkLoadError } from './chunk-reload';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (key) => data.get(key) ?? null, setItem: (key, value) => void data.set(key, value) };
}

function chunkError(): Error {
  const error = new Error('Loading chunk 123 failed.\n(error: https://example.test/_next/static/chunks/123.js)');
  error.name = 'ChunkLoadError';
  return error;
}

describe('isChunkLoadError', () => {
  it.each([
    chunkError(),
    new TypeError('Failed to fetch dynamically imported module: https://example.test/_next/static/chunks/a.js'),
    new TypeError('Importing a module script failed.'),
    new Error('Loading CSS chunk 77 failed'),
    'Uncaught ChunkLoadError: Loading chunk app/page failed.',
  ])('recognises %s', (value) => {
    expect(isChunkLoadError(value)).toBe(true);
  });

  it.each([new Error('boom'), new TypeError('Failed to fetch'), null, undefined, 42, { message: 7 }])('ignores %s', (value) => {
    expect(isChunkLoadError(value)).toBe(false);
  });
});

describe('chunk reload guard', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-01T12:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('reloads once and stores the time', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    const handle = createChunkReloadGuard({ storage, reload });
    expect(handle(chunkError())).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(storage.data.get(CHUNK_RELOAD_STORAGE_KEY)).toBe(String(Date.now()));
  });

  it('does not reload again within 10 s, even after the reload', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    createChunkReloadGuard({ storage, reload })(chunkError());
    vi.advanceTimersByTime(9_999);
    // A fresh guard, as after the page reloaded.
    expect(createChunkReloadGuard({ storage, reload })(chunkError())).toBe(false);
    vi.advanceTimersByTime(1);
    expect(createChunkReloadGuard({ storage, reload })(chunkError())).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('ignores other errors', () => {
    const reload = vi.fn();
    expect(createChunkReloadGuard({ storage: memoryStorage(), reload })(new Error('x'))).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('does not reload when it cannot remember the reload', () => {
    const reload = vi.fn();
    const broken = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
    };
    expect(createChunkReloadGuard({ storage: broken, reload })(chunkError())).toBe(false);
    expect(createChunkReloadGuard({ storage: null, reload })(chunkError())).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('listens to window errors and unhandled rejections', () => {
    const events = new EventTarget();
    const handle = vi.fn(() => false);
    const uninstall = installChunkReloadGuard(events, handle);

    const errorEvent = Object.assign(new Event('error'), { error: undefined, message: 'Uncaught ChunkLoadError' });
    events.dispatchEvent(errorEvent);
    expect(handle).toHaveBeenLastCalledWith('Uncaught ChunkLoadError');

    const reason = chunkError();
    events.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason }));
    expect(handle).toHaveBeenLastCalledWith(reason);

    uninstall();
    handle.mockClear();
    events.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason }));
    expect(handle).not.toHaveBeenCalled();
  });
});
