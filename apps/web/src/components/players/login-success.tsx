'use client';

import { useEffect } from 'react';

/**
 * Moves on from /loginsuccess with a full page load, so every cached page and the header start
 * over as the logged-in player. A link is there for anyone whose browser does not move.
 */
export function LoginSuccess({ next, delayMs, label }: { next: string; delayMs: number; label: string }) {
  useEffect(() => {
    const timer = window.setTimeout(() => window.location.replace(next), delayMs);
    return () => window.clearTimeout(timer);
  }, [next, delayMs]);
  return (
    <a className="btn btn-primary" href={next}>
      {label}
    </a>
  );
}
