'use client';

import { formatClock } from '@krone/domain';
import { useServerTime } from './use-server-time';

/**
 * Hours and minutes in Copenhagen time, refreshed every second (spec §2), from the server's time
 * and never the device's (lib/server-clock.ts). The game screen shows the same clock.
 */
export function HeaderClock({ label }: { label: string }) {
  const now = useServerTime();
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
