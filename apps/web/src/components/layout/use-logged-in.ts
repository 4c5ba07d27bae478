'use client';

import { useSyncExternalStore } from 'react';
import { readLoggedIn } from '../../lib/session-cookies';

const listeners = new Set<() => void>();
/** Tells the header that the session cookies changed (login, logout, expiry) without a reload. */
export function notifySessionChanged() {
  for (const listener of listeners) listener();
  if (typeof document !== 'undefined' && !readLoggedIn(document.cookie)) for (const listener of endListeners) listener();
}

const endListeners = new Set<() => void>();
/** Runs the listener when the session ends (logout, expiry). Adding the same one twice adds it once. */
export function onSessionEnded(listener: () => void) {
  endListeners.add(listener);
}

export function useLoggedIn(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      window.addEventListener('focus', listener);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('focus', listener);
      };
    },
    () => readLoggedIn(document.cookie),
    () => false,
  );
}
