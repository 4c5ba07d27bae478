'use client';

import { useCallback, useEffect, useRef, useState } from 'react';

/* The game screen's plumbing: its JSON calls, the session's end on leaving, which keys belong to a control, the motion wish. */

export type Answer<T> =
  { ok: true; data: T } | { ok: false; status: number; code: string; message: string; extra: Record<string, unknown> };

/** JSON to one of the game's own API calls (same origin; the JSON body is the CSRF guard's "non-simple request"). */
export async function call<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<Answer<T>> {
  try {
    const response = await fetch(url, {
      method,
      cache: 'no-store',
      keepalive: url.endsWith('/end'),
      ...(method === 'POST' ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) } : {}),
    });
    const json = (await response.json().catch(() => ({}))) as { result?: number; data?: T; code?: string; message?: string };
    if (response.ok && json.result === 1) return { ok: true, data: json.data as T };
    const { result: _r, data: _d, code, message, ...extra } = json as Record<string, unknown>;
    return {
      ok: false,
      status: response.status,
      code: typeof code === 'string' ? code : 'SERVER_ERROR',
      message: typeof message === 'string' ? message : '',
      extra,
    };
  } catch {
    return { ok: false, status: 0, code: 'NETWORK_ERROR', message: '', extra: {} };
  }
}

/** Whether a key press belongs to a control that handles Space and Enter itself. */
export function ownedByControl(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    target.closest('button, a, input, select, textarea, summary, [role="dialog"], [role="alertdialog"]') !== null
  );
}

/** The player's wish for less motion (prefers-reduced-motion), followed live. */
export function useReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    const update = () => setReduced(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return reduced;
}

/**
 * Leaving the game ends its session at once rather than leaving it to expire: a navigation away
 * inside the app unmounts the screen; a closed tab, a reload or a move to another site fires
 * pagehide with persisted=false. A tab switch (visibilitychange) and a page kept in the
 * back/forward cache (persisted=true: it may come back) leave the session running. The end is a
 * keepalive fetch (`call`), so it outlives the page, with its JSON body for the CSRF guard; the
 * session's HttpOnly cookie, scoped to its path, authenticates it. Returns `markEnded`, for a
 * session the studio has ended already (it is not ended twice).
 */
export function useEndSessionOnLeave(sessionPath: string | null): (path: string) => void {
  const ended = useRef<string | null>(null);
  useEffect(() => {
    if (!sessionPath) return;
    const end = () => {
      if (ended.current === sessionPath) return;
      ended.current = sessionPath;
      void call('POST', `${sessionPath}/end`);
    };
    const onPageHide = (event: PageTransitionEvent) => {
      if (!event.persisted) end();
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      end();
    };
  }, [sessionPath]);
  return useCallback((path: string) => {
    ended.current = path;
  }, []);
}
