'use client';

import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { createScreenSizeWatcher, DEFAULT_SCREEN, screenStore, writeScreenToRoot, type ScreenInfo } from './screen-size';

const getServerScreen = () => DEFAULT_SCREEN;

export const ScreenSizeContext = createContext<ScreenInfo | null>(null);

/**
 * The current screen size (xs…xxl), device and orientation. Renders with DEFAULT_SCREEN on the
 * server and during hydration (`measured: false`); CSS on html[data-screen] covers first paint.
 * Works with or without a ScreenSizeProvider above.
 */
export function useScreenSize(): ScreenInfo {
  const provided = useContext(ScreenSizeContext);
  const stored = useSyncExternalStore(screenStore.subscribe, screenStore.get, getServerScreen);
  return provided ?? stored;
}

export function ScreenSizeProvider({ children }: { children?: ReactNode }) {
  const screen = useSyncExternalStore(screenStore.subscribe, screenStore.get, getServerScreen);
  return <ScreenSizeContext value={screen}>{children}</ScreenSizeContext>;
}

/** Mounted once by ClientRuntime: keeps the store and html[data-screen|device|orientation] current. */
export function useScreenSizeTracking(): void {
  useEffect(() => {
    const watcher = createScreenSizeWatcher({
      viewport: window,
      userAgent: navigator.userAgent,
      onChange: (screen) => {
        screenStore.set(screen);
        writeScreenToRoot(document.documentElement, screen);
      },
    });
    watcher.start();
    return () => watcher.stop();
  }, []);
}
