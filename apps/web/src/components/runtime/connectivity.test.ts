import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CLOSE_SESSION_MODAL_EVENT,
  connectivityStore,
  createConnectivityMonitor,
  getLastReconnectAt,
  isNetworkModalExcludedPath,
  onReconnect,
  pingServer,
  requestCloseSessionModal,
  type ConnectivityMonitor,
} from './connectivity';

describe('connectivity monitor', () => {
  let reachable: boolean;
  let ping: ReturnType<typeof vi.fn<() => Promise<boolean>>>;
  let events: EventTarget;
  let monitor: ConnectivityMonitor;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-01T12:00:00Z'));
    reachable = true;
    ping = vi.fn(() => Promise.resolve(reachable));
    events = new EventTarget();
    monitor = createConnectivityMonitor({ ping, events });
    monitor.start();
  });

  afterEach(() => {
    monitor.stop();
    vi.useRealTimers();
  });

  it('pings every 30 s', async () => {
    await vi.advanceTimersByTimeAsync(29_999);
    expect(ping).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(ping).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(ping).toHaveBeenCalledTimes(3);
  });

  it('opens the network modal only after 60 s disconnected', async () => {
    reachable = false;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(connectivityStore.get()).toEqual({ online: false, networkModalDue: false });
    await vi.advanceTimersByTimeAsync(59_999);
    expect(connectivityStore.get().networkModalDue).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(connectivityStore.get()).toEqual({ online: false, networkModalDue: true });
  });

  it('closes the modal and tells subscribers when the connection returns', async () => {
    const reconnected = vi.fn();
    const unsubscribe = onReconnect(reconnected);
    reachable = false;
    await vi.advanceTimersByTimeAsync(30_000 + 60_000);
    expect(connectivityStore.get().networkModalDue).toBe(true);

    reachable = true;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(connectivityStore.get()).toEqual({ online: true, networkModalDue: false });
    expect(reconnected).toHaveBeenCalledTimes(1);
    expect(reconnected).toHaveBeenCalledWith(Date.now());
    expect(getLastReconnectAt()).toBe(Date.now());
    unsubscribe();
  });

  it('does not open the modal when the connection returns within 60 s', async () => {
    events.dispatchEvent(new Event('offline'));
    expect(connectivityStore.get().online).toBe(false);
    await vi.advanceTimersByTimeAsync(30_000); // the ping succeeds
    expect(connectivityStore.get().online).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(connectivityStore.get().networkModalDue).toBe(false);
  });

  it('checks at once on the browser online event', async () => {
    events.dispatchEvent(new Event('offline'));
    events.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(ping).toHaveBeenCalledTimes(1);
    expect(connectivityStore.get().online).toBe(true);
  });

  it('does not emit a reconnect while it never was offline', async () => {
    const reconnected = vi.fn();
    const unsubscribe = onReconnect(reconnected);
    await vi.advanceTimersByTimeAsync(90_000);
    expect(reconnected).not.toHaveBeenCalled();
    unsubscribe();
  });

  it('runs one ping at a time', async () => {
    let resolve!: (value: boolean) => void;
    ping.mockImplementation(() => new Promise((r) => (resolve = r)));
    const first = monitor.check();
    const second = monitor.check();
    expect(ping).toHaveBeenCalledTimes(1);
    resolve(true);
    await Promise.all([first, second]);
  });

  it('stops pinging and listening when stopped', async () => {
    monitor.stop();
    events.dispatchEvent(new Event('offline'));
    await vi.advanceTimersByTimeAsync(120_000);
    expect(ping).not.toHaveBeenCalled();
    expect(connectivityStore.get()).toEqual({ online: true, networkModalDue: false });
  });

  it('starts offline when the browser says so', async () => {
    monitor.stop();
    monitor = createConnectivityMonitor({ ping, events, isOnline: () => false });
    monitor.start();
    expect(connectivityStore.get().online).toBe(false);
    reachable = false;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(connectivityStore.get().networkModalDue).toBe(true);
  });
});

describe('pingServer', () => {
  it('sends an uncached HEAD for the favicon', async () => {
    const fetchImpl = vi.fn(() => Promise.resolve(new Response(null, { status: 200 })));
    await expect(pingServer(fetchImpl as unknown as typeof fetch)).resolves.toBe(true);
    expect(fetchImpl).toHaveBeenCalledWith('/favicon.ico', expect.objectContaining({ method: 'HEAD', cache: 'no-store' }));
  });

  it('counts a network failure as offline and any HTTP answer as online', async () => {
    const failing = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(pingServer(failing as unknown as typeof fetch)).resolves.toBe(false);
    const notFound = vi.fn(() => Promise.resolve(new Response(null, { status: 404 })));
    await expect(pingServer(notFound as unknown as typeof fetch)).resolves.toBe(true);
  });
});

describe('network modal helpers', () => {
  it('leaves the quick-deposit routes alone', () => {
    expect(isNetworkModalExcludedPath('/quick-deposit')).toBe(true);
    expect(isNetworkModalExcludedPath('/QuickDeposit')).toBe(true);
    expect(isNetworkModalExcludedPath('/quick-deposit/step')).toBe(true);
    expect(isNetworkModalExcludedPath('/quick-deposits')).toBe(false);
    expect(isNetworkModalExcludedPath('/')).toBe(false);
  });

  it('asks the session modal to close through a window event', () => {
    const target = new EventTarget();
    const listener = vi.fn();
    target.addEventListener(CLOSE_SESSION_MODAL_EVENT, listener);
    requestCloseSessionModal(target);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
