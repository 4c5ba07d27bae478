'use client';

import { useEffect, useRef, useSyncExternalStore } from 'react';
import { createInteractionTracker, interactionStore, type InteractionTracker } from './interaction';

const notYet = () => false;

/** True once the player has interacted since the last route change or return to the tab. */
export function useInteracted(): boolean {
  return useSyncExternalStore(interactionStore.subscribe, interactionStore.get, notYet);
}

/** Mounted once by ClientRuntime; `pathname` resets the flag on each route change. */
export function useInteractionTracking(pathname: string): void {
  const tracker = useRef<InteractionTracker | null>(null);
  useEffect(() => {
    const current = createInteractionTracker({ events: window, visibility: document });
    current.start();
    tracker.current = current;
    return () => {
      current.stop();
      tracker.current = null;
    };
  }, []);
  useEffect(() => {
    tracker.current?.reset();
  }, [pathname]);
}
