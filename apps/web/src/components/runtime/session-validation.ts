/**
 * Spec §4 session validity, as a controller with injected time and I/O. A check runs on the
 * first interaction, when the tab becomes visible, and about 2 s after start; it is skipped
 * within 5 s of a reconnect, within 3 s of the last check, or while one runs. A 4xx answer
 * fails at once; other failures are retried twice, after 300 ms and then 600 ms. A final
 * failure schedules the expiry handling 2000 ms later, which runs once. Answers of aborted or
 * superseded checks change nothing.
 */
export const SESSION_FIRST_CHECK_MS = 2_000;
export const SESSION_SKIP_AFTER_RECONNECT_MS = 5_000;
export const SESSION_THROTTLE_MS = 3_000;
export const SESSION_RETRIES = 2;
export const SESSION_RETRY_BASE_MS = 300;
export const SESSION_EXPIRE_DELAY_MS = 2_000;

export interface ValidationAnswer {
  ok: boolean;
  status: number;
}

export interface SessionValidatorDeps {
  validate(signal: AbortSignal): Promise<ValidationAnswer>;
  /** The expiry handling: modal, reset, log, cookies. Called at most once. */
  onExpired(): void;
  now?: () => number;
  lastReconnectAt?: () => number | null;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export type CheckOutcome = 'started' | 'inactive' | 'running' | 'throttled' | 'reconnected';

export function createSessionValidator(deps: SessionValidatorDeps) {
  const now = deps.now ?? Date.now;
  const setTimer = deps.setTimer ?? ((callback: () => void, ms: number) => setTimeout(callback, ms));
  const clearTimer = deps.clearTimer ?? ((timer: unknown) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  let active = false;
  let expired = false;
  let lastCheckAt = Number.NEGATIVE_INFINITY;
  let current: { controller: AbortController; id: number } | null = null;
  let generation = 0;
  let firstTimer: unknown;
  let retryTimer: unknown;
  let expireTimer: unknown;

  const clear = (timer: unknown) => {
    if (timer !== undefined) clearTimer(timer);
  };

  function scheduleExpiry() {
    if (expired || expireTimer !== undefined) return;
    expireTimer = setTimer(() => {
      expireTimer = undefined;
      if (expired || !active) return;
      expired = true;
      deps.onExpired();
    }, SESSION_EXPIRE_DELAY_MS);
  }

  async function attempt(run: { controller: AbortController; id: number }, retry: number) {
    let outcome: 'ok' | 'fail' | 'retry';
    try {
      const answer = await deps.validate(run.controller.signal);
      if (run.controller.signal.aborted || run.id !== generation) return;
      outcome = answer.ok ? 'ok' : answer.status >= 400 && answer.status < 500 ? 'fail' : 'retry';
    } catch {
      if (run.controller.signal.aborted || run.id !== generation) return;
      outcome = 'retry';
    }
    if (outcome === 'retry' && retry < SESSION_RETRIES) {
      retryTimer = setTimer(
        () => {
          retryTimer = undefined;
          void attempt(run, retry + 1);
        },
        SESSION_RETRY_BASE_MS * 2 ** retry,
      );
      return;
    }
    current = null;
    if (outcome === 'ok') {
      clear(expireTimer);
      expireTimer = undefined;
      return;
    }
    scheduleExpiry();
  }

  /** Asks for a check; says why none was started. */
  function check(): CheckOutcome {
    if (!active || expired) return 'inactive';
    if (current) return 'running';
    const at = now();
    if (at - lastCheckAt < SESSION_THROTTLE_MS) return 'throttled';
    const reconnect = deps.lastReconnectAt?.() ?? null;
    if (reconnect !== null && at - reconnect < SESSION_SKIP_AFTER_RECONNECT_MS) return 'reconnected';
    lastCheckAt = at;
    const run = { controller: new AbortController(), id: ++generation };
    current = run;
    void attempt(run, 0);
    return 'started';
  }

  function cancelRun() {
    generation++;
    current?.controller.abort();
    current = null;
    clear(retryTimer);
    retryTimer = undefined;
  }

  return {
    /** A player is logged in: the first check follows about 2 s later. */
    start() {
      if (active) return;
      active = true;
      expired = false;
      firstTimer = setTimer(() => {
        firstTimer = undefined;
        check();
      }, SESSION_FIRST_CHECK_MS);
    },
    check,
    /** Logged out or leaving: nothing more runs, and a pending answer is ignored. */
    stop() {
      active = false;
      cancelRun();
      clear(firstTimer);
      clear(expireTimer);
      firstTimer = expireTimer = undefined;
    },
    get expired() {
      return expired;
    },
  };
}

export type SessionValidator = ReturnType<typeof createSessionValidator>;
