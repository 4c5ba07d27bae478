'use client';

import { useSyncExternalStore } from 'react';
import { USER_COOKIE_NAMES } from '../../lib/session-cookies';

/**
 * Whether a player is logged in, read in the browser from the user-id cookie (the session
 * cookie itself is HttpOnly). Cached pages are the same for everyone; this is what lets their
 * header show the player's side. The server renders the guest's view.
 */
export function readLoggedIn(cookie: string): boolean {
  // `__Host-krone_uid` in production, `krone_uid` in development (lib/session-cookies).
  return cookie
    .split(/;\s*/)
    .some((part) => USER_COOKIE_NAMES.some((name) => part.startsWith(`${name}=`) && part.length > name.length + 1));
}

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
