'use client';

import { useEffect } from 'react';

/**
 * Moves on from /loginsuccess with a full page load, so every cached page and the header start
 * over as the logged-in player. On the way it leaves the flag that opens the welcome popup once
 * (components/players/player-popups.tsx). A link is there for anyone whose browser does not move.
 */
export function LoginSuccess({
  next,
  delayMs,
  label,
  kind,
}: {
  next: string;
  delayMs: number;
  label: string;
  kind: 'login' | 'registration';
}) {
  useEffect(() => {
    const timer = window.setTimeout(() => {
      // Left just before leaving, so the popup opens on the page the player lands on.
      try {
        window.sessionStorage.setItem('krone.welcome', kind);
      } catch {
        // Storage blocked: no welcome popup, nothing else changes.
      }
      window.location.replace(next);
    }, delayMs);
    return () => window.clearTimeout(timer);
  }, [next, delayMs, kind]);
  return (
    <a className="btn btn-primary" href={next}>
      {label}
    </a>
  );
}
