'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { createLoadingBar, HIDDEN_LOADING_BAR, onLoadingBarStart, type LoadingBarController } from './loading-bar';
import styles from './runtime.module.css';

/**
 * The 3 px bar at the top during page transitions (spec §2). Link clicks start it (see
 * link-navigation.ts); a new pathname or search completes it. Uses useSearchParams, so mount it
 * inside <Suspense>.
 */
export function LoadingBar({ label }: { label: string }) {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const [state, setState] = useState(HIDDEN_LOADING_BAR);
  const controller = useRef<LoadingBarController | null>(null);

  useEffect(() => {
    const bar = createLoadingBar(setState);
    controller.current = bar;
    const unsubscribe = onLoadingBarStart(() => bar.start());
    return () => {
      unsubscribe();
      bar.dispose();
      controller.current = null;
    };
  }, []);

  useEffect(() => {
    controller.current?.done();
  }, [pathname, search]);

  // The preload loader of the layout settings shows while the bar runs (globals.css).
  const loading = state.visible && state.progress < 1;
  useEffect(() => {
    if (loading) document.documentElement.dataset.loading = 'true';
    else delete document.documentElement.dataset.loading;
  }, [loading]);

  const percent = Math.round(state.progress * 100);
  return (
    <div
      className={styles.loadingBar}
      role="progressbar"
      aria-label={label}
      aria-hidden={!state.visible}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={state.visible ? percent : undefined}
      data-visible={state.visible}
      data-done={state.progress >= 1}
    >
      <div className={styles.loadingBarFill} style={{ transform: `scaleX(${state.progress})` }} />
    </div>
  );
}
