import { createEmitter } from './store';

const startRequests = createEmitter<void>();

/**
 * Starts the loading bar for a transition the link listener cannot see (e.g. router.push after a
 * form). The next pathname or search change completes it.
 */
export function startLoadingBar(): void {
  startRequests.emit();
}

/** The mounted loading bar listens here. */
export function onLoadingBarStart(listener: () => void): () => void {
  return startRequests.on(listener);
}

/** Spec §2: the bar shows only for transitions slower than 200 ms and creeps for about 2 s. */
export const LOADING_BAR_SHOW_DELAY_MS = 200;
export const LOADING_BAR_CREEP_MS = 2_000;
export const LOADING_BAR_MAX_PROGRESS = 0.9;
export const LOADING_BAR_TICK_MS = 100;
/** How long the full bar stays before it fades away. */
export const LOADING_BAR_FINISH_MS = 300;
/** A navigation that never lands (a cancelled click, a download) must not leave the bar up. */
export const LOADING_BAR_TIMEOUT_MS = 15_000;

export interface LoadingBarState {
  visible: boolean;
  /** 0 to 1. */
  progress: number;
}

export const HIDDEN_LOADING_BAR: LoadingBarState = Object.freeze({ visible: false, progress: 0 });

/** Fast at first, slowing toward the cap, like a transfer that is almost done. */
export function creepProgress(elapsedMs: number): number {
  const t = Math.min(Math.max(elapsedMs / LOADING_BAR_CREEP_MS, 0), 1);
  return LOADING_BAR_MAX_PROGRESS * (1 - (1 - t) ** 2);
}

export interface LoadingBarController {
  start(): void;
  done(): void;
  dispose(): void;
}

export function createLoadingBar(onChange: (state: LoadingBarState) => void, now: () => number = Date.now): LoadingBarController {
  let phase: 'idle' | 'pending' | 'running' | 'finishing' = 'idle';
  let shownAt = 0;
  let showTimer: ReturnType<typeof setTimeout> | undefined;
  let tickTimer: ReturnType<typeof setInterval> | undefined;
  let finishTimer: ReturnType<typeof setTimeout> | undefined;
  let timeoutTimer: ReturnType<typeof setTimeout> | undefined;

  const clearAll = () => {
    clearTimeout(showTimer);
    clearInterval(tickTimer);
    clearTimeout(finishTimer);
    clearTimeout(timeoutTimer);
    showTimer = tickTimer = finishTimer = timeoutTimer = undefined;
  };

  const show = () => {
    phase = 'running';
    shownAt = now();
    // Start from a sliver so the bar is seen at once.
    onChange({ visible: true, progress: creepProgress(LOADING_BAR_TICK_MS) });
    tickTimer = setInterval(() => {
      onChange({ visible: true, progress: creepProgress(now() - shownAt + LOADING_BAR_TICK_MS) });
    }, LOADING_BAR_TICK_MS);
  };

  const done = () => {
    if (phase === 'pending') {
      clearAll();
      phase = 'idle';
      return;
    }
    if (phase !== 'running') return;
    clearAll();
    phase = 'finishing';
    onChange({ visible: true, progress: 1 });
    finishTimer = setTimeout(() => {
      phase = 'idle';
      onChange(HIDDEN_LOADING_BAR);
    }, LOADING_BAR_FINISH_MS);
  };

  return {
    start() {
      if (phase === 'pending' || phase === 'running') return;
      clearAll();
      if (phase === 'finishing') onChange(HIDDEN_LOADING_BAR);
      phase = 'pending';
      showTimer = setTimeout(show, LOADING_BAR_SHOW_DELAY_MS);
      timeoutTimer = setTimeout(done, LOADING_BAR_TIMEOUT_MS);
    },
    done,
    dispose() {
      clearAll();
      phase = 'idle';
    },
  };
}
