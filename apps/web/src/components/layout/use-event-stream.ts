'use client';

import { useEffect, useRef } from 'react';

/** After a stream was refused (the server full, the platform away), a new try this much later. */
export const STREAM_RETRY_CLOSED_MS = 30_000;

/** What to do with each named event of a stream: its data ('' for `open`, the connection's own event). */
export type StreamListeners = Record<string, (data: string) => void>;

/**
 * One EventSource on `path` while the component is shown (none when `path` is null or the browser
 * has no EventSource): each event named in `listeners` is handed to the listener of the latest
 * render. The browser reconnects a stream that broke by itself; one it closed (a refusal) is
 * opened again 30 s later. The live lobby, the jackpots and the new winners follow their streams
 * with it.
 */
export function useEventStream(path: string | null, listeners: StreamListeners): void {
  const latest = useRef(listeners);
  useEffect(() => {
    latest.current = listeners;
  });

  useEffect(() => {
    if (path === null || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retry: number | undefined;
    const open = () => {
      source = new EventSource(path);
      for (const name of Object.keys(latest.current)) {
        source.addEventListener(name, (event) => {
          latest.current[name]?.(event instanceof MessageEvent ? String(event.data) : '');
        });
      }
      source.addEventListener('error', () => {
        if (source?.readyState !== EventSource.CLOSED) return;
        source.close();
        retry = window.setTimeout(open, STREAM_RETRY_CLOSED_MS);
      });
    };
    open();
    return () => {
      source?.close();
      window.clearTimeout(retry);
    };
  }, [path]);
}
