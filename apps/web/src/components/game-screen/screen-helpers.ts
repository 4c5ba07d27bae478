'use client';

import { useEffect, useState } from 'react';

/* The game screen's plumbing: its JSON calls, which keys belong to a control, the motion wish. */

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
