import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createSessionValidator,
  SESSION_EXPIRE_DELAY_MS,
  SESSION_FIRST_CHECK_MS,
  SESSION_SKIP_AFTER_RECONNECT_MS,
  SESSION_THROTTLE_MS,
  type ValidationAnswer,
} from './session-validation';

beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
afterEach(() => vi.useRealTimers());

const OK: ValidationAnswer = { ok: true, status: 200 };
const EXPIRED: ValidationAnswer = { ok: false, status: 401 };
const DOWN: ValidationAnswer = { ok: false, status: 503 };

function setup(answers: (ValidationAnswer | Error | Promise<ValidationAnswer>)[] = [], reconnectAt: number | null = null) {
  const calls: number[] = [];
  const signals: AbortSignal[] = [];
  const onExpired = vi.fn();
  let reconnect = reconnectAt;
  const validator = createSessionValidator({
    validate: async (signal) => {
      calls.push(Date.now());
      signals.push(signal);
      const next = answers.shift() ?? OK;
      if (next instanceof Error) throw next;
      return next;
    },
    onExpired,
    lastReconnectAt: () => reconnect,
  });
  return { validator, calls, signals, onExpired, setReconnect: (at: number | null) => (reconnect = at) };
}

describe('session validation (spec §4)', () => {
  it('checks about 2 s after start, and not before', async () => {
    const { validator, calls } = setup();
    validator.start();
    await vi.advanceTimersByTimeAsync(SESSION_FIRST_CHECK_MS - 1);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(1);
  });

  it('checks on interaction or a visible tab, at most once in 3 s, and never two at once', async () => {
    let release!: (answer: ValidationAnswer) => void;
    const slow = new Promise<ValidationAnswer>((resolve) => (release = resolve));
    const { validator, calls } = setup([slow]);
    validator.start();
    expect(validator.check()).toBe('started');
    expect(validator.check()).toBe('running');
    release(OK);
    await vi.advanceTimersByTimeAsync(0);
    expect(validator.check()).toBe('throttled');
    await vi.advanceTimersByTimeAsync(SESSION_THROTTLE_MS);
    expect(validator.check()).toBe('started');
    expect(calls).toHaveLength(2);
  });

  it('skips within 5 s of a reconnect', async () => {
    const { validator, setReconnect } = setup();
    validator.start();
    setReconnect(Date.now());
    expect(validator.check()).toBe('reconnected');
    await vi.advanceTimersByTimeAsync(SESSION_SKIP_AFTER_RECONNECT_MS);
    expect(validator.check()).toBe('started');
  });

  it('fails at once on a 4xx: no retry, and the expiry handling 2000 ms later', async () => {
    const { validator, calls, onExpired } = setup([EXPIRED]);
    validator.start();
    validator.check();
    await vi.advanceTimersByTimeAsync(SESSION_EXPIRE_DELAY_MS - 1);
    expect(onExpired).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(1);
  });

  it('retries other failures twice, after 300 and then 600 ms, before giving up', async () => {
    const { validator, calls, onExpired } = setup([DOWN, new Error('offline'), DOWN]);
    validator.start();
    validator.check();
    await vi.advanceTimersByTimeAsync(0);
    const start = calls[0]!;
    await vi.advanceTimersByTimeAsync(300);
    await vi.advanceTimersByTimeAsync(600);
    expect(calls.map((at) => at - start)).toEqual([0, 300, 900]);
    await vi.advanceTimersByTimeAsync(SESSION_EXPIRE_DELAY_MS);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('recovers when a retry succeeds', async () => {
    const { validator, onExpired } = setup([DOWN, OK]);
    validator.start();
    validator.check();
    await vi.advanceTimersByTimeAsync(300 + SESSION_EXPIRE_DELAY_MS);
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('runs the expiry handling once; after it nothing more is checked', async () => {
    const { validator, calls, onExpired } = setup([EXPIRED, EXPIRED]);
    validator.start();
    validator.check();
    await vi.advanceTimersByTimeAsync(SESSION_EXPIRE_DELAY_MS);
    expect(onExpired).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(SESSION_THROTTLE_MS);
    expect(validator.check()).toBe('inactive');
    await vi.advanceTimersByTimeAsync(SESSION_EXPIRE_DELAY_MS * 3);
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(1);
  });

  it('ignores the answer of a check that was stopped', async () => {
    let release!: (answer: ValidationAnswer) => void;
    const { validator, signals, onExpired } = setup([new Promise((resolve) => (release = resolve))]);
    validator.start();
    validator.check();
    validator.stop();
    expect(signals[0]!.aborted).toBe(true);
    release(EXPIRED);
    await vi.advanceTimersByTimeAsync(SESSION_EXPIRE_DELAY_MS * 2);
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('does nothing for guests, and leaves no timer behind when stopped', async () => {
    const { validator, calls } = setup();
    expect(validator.check()).toBe('inactive');
    validator.start();
    validator.stop();
    await vi.advanceTimersByTimeAsync(SESSION_FIRST_CHECK_MS * 5);
    expect(calls).toHaveLength(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
