'use client';

import { useEffect, useState } from 'react';
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

/** The server's time, ticking every second (spec §2); null until the server has answered. */
export function useServerTime(): Date | null {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    if (!serverClock) return;
    let alive = true;
    const show = () => {
      const time = serverClock.now();
      if (alive && time) setNow(time);
    };
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
  return now;
}
