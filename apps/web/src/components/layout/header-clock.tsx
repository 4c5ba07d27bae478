'use client';

import { formatClock } from '@krone/domain';
import { useEffect, useState } from 'react';

/** Hours and minutes in Copenhagen time, refreshed every second (spec §2). */
export function HeaderClock({ label }: { label: string }) {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    setNow(new Date());
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const text = now ? formatClock(now) : '--:--';
  return (
    <time
      className="header-clock"
      aria-label={label.replace('{time}', text)}
      dateTime={now?.toISOString()}
      suppressHydrationWarning
      data-testid="header-clock"
    >
      {text}
    </time>
  );
}
