'use client';

import { useSyncExternalStore } from 'react';

/**
 * The logged-in player's favourites on this page: fetched once from /api/games/favourites when a
 * heart first shows, shared by every heart, changed through the CSRF-guarded POST of the same
 * route. A change shows at once and is taken back if the storefront refuses it.
 */
type State = { status: 'idle' | 'loading' | 'ready' | 'failed'; ids: ReadonlySet<string>; error: string | null };

let state: State = { status: 'idle', ids: new Set(), error: null };
const listeners = new Set<() => void>();
const IDLE: State = state;

function set(next: Partial<State>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

/** Asks for the favourites once per page (a logged-in player's first heart calls it). */
export function loadFavourites() {
  if (state.status !== 'idle') return;
  set({ status: 'loading' });
  fetch('/api/games/favourites', { headers: { accept: 'application/json' } })
    .then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))))
    .then((body: { data?: { ids?: string[] } }) => set({ status: 'ready', ids: new Set(body.data?.ids ?? []) }))
    .catch(() => set({ status: 'failed' }));
}

export function useFavourites(): State {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => IDLE,
  );
}

/** Marks a game a favourite or not; resolves false (and restores the heart) when it was refused. */
export async function toggleFavourite(gameId: string, favourite: boolean): Promise<boolean> {
  const before = state.ids;
  const ids = new Set(before);
  if (favourite) ids.add(gameId);
  else ids.delete(gameId);
  set({ ids, error: null });
  try {
    const response = await fetch('/api/games/favourites', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ gameId, favourite }),
    });
    if (response.ok) return true;
  } catch {
    // answered below
  }
  set({ ids: before, error: gameId });
  return false;
}

/** Forgets what was loaded (a new session, a test). */
export function resetFavourites() {
  set({ status: 'idle', ids: new Set(), error: null });
}
