'use client';

import { useCallback, useSyncExternalStore } from 'react';

/** Where the game's motion setting is kept on this browser (not personal data: a display preference). */
export const MOTION_KEY = 'krone_game_motion';
const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return window.localStorage.getItem(MOTION_KEY) !== 'off';
  } catch {
    return true;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/**
 * The game's own motion setting (on unless the player turned it off), shared by every game screen
 * and tab of this browser. With it off the reels do not spin: each result is shown at once.
 */
export function useMotionSetting(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(subscribe, read, () => true);
  const set = useCallback((next: boolean) => {
    try {
      window.localStorage.setItem(MOTION_KEY, next ? 'on' : 'off');
    } catch {
      // A browser that keeps nothing: the setting lasts while the page does.
    }
    listeners.forEach((listener) => listener());
  }, []);
  return [on, set];
}
