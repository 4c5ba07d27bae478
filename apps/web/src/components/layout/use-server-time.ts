'use client';

import { useEffect, useMemo, useState } from 'react';
import { createServerClock } from '../../lib/server-clock';

async function fetchServerIso(): Promise<string> {
  const response = await fetch('/api/time', { cache: 'no-store' });
  const answer = (await response.json()) as { result?: number; data?: { now?: string } };
  if (answer.result !== 1 || !answer.data?.now) throw new Error('no server time');
  return answer.data.now;
}

/** One server clock for the page, shared by every clock on it and kept across client-side navigations. */
const serverClock =
  typeof window === 'undefined'
    ? null
    : createServerClock({ fetchServerIso, monotonicMs: () => performance.now(), wallMs: () => Date.now() });

/** The server's time to the minute, checked every second (spec §2); null until the server has answered. */
export function useServerTime(): Date | null {
  // The minute shown, not the instant: the clock shows hours and minutes, so it renders once a minute.
  const [minute, setMinute] = useState<number | null>(null);
  useEffect(() => {
    if (!serverClock) return;
    let alive = true;
    const show = () => {
      const time = serverClock.now();
      if (alive && time) setMinute(Math.floor(time.getTime() / 60_000));
    };
    // Shown at once and again after a due resync; the same minute does not render again.
    const tick = () => {
      show();
      void serverClock.sync().then(show);
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') void serverClock.sync(true).then(show);
    };
    tick();
    const timer = window.setInterval(tick, 1000);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      alive = false;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
  return useMemo(() => (minute === null ? null : new Date(minute * 60_000)), [minute]);
}
