'use client';

import { createContext, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { textsTranslator, type Texts, type Translate } from '../../lib/i18n';
import { tablesByGame, type LiveLobbyState, type LiveTableState } from '../../lib/live-casino';
import { useEventStream } from '../layout/use-event-stream';

/** The storefront's lobby stream (app/api/live/stream): the server's time, then every state of the live tables. */
export const LIVE_STREAM_PATH = '/api/live/stream';

interface LiveLobby {
  tables: Record<string, LiveTableState>;
  /** The server's time now (ms), counted each second once the stream told it; null before (and on the server). */
  nowMs: number | null;
  t: Translate;
}

const LiveLobbyContext = createContext<LiveLobby>({ tables: {}, nowMs: null, t: textsTranslator({}) });

/**
 * The live tables' state for the tiles below it: first the page's (server-rendered, so the lobby is
 * complete before any script), then each state the stream sends, without a reload. One EventSource
 * a page; the browser reconnects it by itself after a break, and this after a refusal.
 */
export function LiveLobbyProvider({
  initial,
  texts,
  children,
}: {
  initial: LiveLobbyState | null;
  texts: Texts;
  children: React.ReactNode;
}) {
  const [tables, setTables] = useState(() => tablesByGame(initial));
  const [nowMs, setNowMs] = useState<number | null>(null);
  const t = useMemo(() => textsTranslator(texts), [texts]);

  // The server's clock less the device's, from the stream's first event: a round's seconds are the studio's.
  const skewMs = useRef(0);
  useEventStream(LIVE_STREAM_PATH, {
    clock: (data) => {
      const server = Number(data);
      if (Number.isFinite(server)) skewMs.current = server - Date.now();
    },
    lobby: (data) => {
      const lobby = readLobby(data);
      if (lobby) setTables(tablesByGame(lobby));
    },
  });
  useEffect(() => {
    const tick = () => setNowMs(Date.now() + skewMs.current);
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, []);

  const value = useMemo(() => ({ tables, nowMs, t }), [tables, nowMs, t]);
  return <LiveLobbyContext.Provider value={value}>{children}</LiveLobbyContext.Provider>;
}

/** The stream's data as a lobby, or null when it is not one (our own server checked it; this is a last guard). */
function readLobby(data: string): LiveLobbyState | null {
  try {
    const lobby = JSON.parse(data) as LiveLobbyState;
    return lobby && Array.isArray(lobby.tables) ? lobby : null;
  } catch {
    return null;
  }
}

export const useLiveLobby = () => useContext(LiveLobbyContext);
