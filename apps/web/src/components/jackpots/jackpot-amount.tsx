'use client';

import { formatKr } from '@krone/domain';
import { useEffect, useRef, useState } from 'react';
import { tickAmount } from '../../lib/jackpots-view';
import { useJackpotLive } from './jackpot-live';

const reducedMotion = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/**
 * A pool's amount: the page's figure (server-rendered, so it is there without script), then each
 * figure the stream sends, counted up to it in whole øre (tickAmount). Only real figures are
 * shown: the count runs between two amounts the platform sent, never ahead of the last one. A
 * lower figure (the pool was won and reset) and reduced motion show the new figure at once. Not a
 * live region: a screen reader reads the amount when it gets there, not at every step.
 */
export function JackpotAmount({ poolId, amountOre, className }: { poolId: string; amountOre: number; className?: string }) {
  const target = useJackpotLive().figures[poolId]?.amountOre ?? amountOre;
  const [shown, setShown] = useState(target);
  const shownRef = useRef(target);

  useEffect(() => {
    const from = shownRef.current;
    const show = (value: number) => {
      shownRef.current = value;
      setShown(value);
    };
    if (target <= from || reducedMotion() || typeof requestAnimationFrame === 'undefined') {
      show(target);
      return;
    }
    const start = performance.now();
    let frame = 0;
    const step = (now: number) => {
      const value = tickAmount(from, target, now - start);
      show(value);
      if (value < target) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [target]);

  return (
    <span className={className} data-testid="jackpot-amount" data-pool-id={poolId} data-amount-ore={target}>
      {formatKr(shown)}
    </span>
  );
}
