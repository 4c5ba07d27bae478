'use client';

import { createContext, useContext, useMemo, useState } from 'react';
import { textsTranslator, type Texts, type Translate } from '../../lib/i18n';
import type { JackpotHit, PoolFigures, PoolsEvent } from '../../lib/jackpots-schema';
import { withHit } from '../../lib/jackpots-view';
import { useEventStream } from '../layout/use-event-stream';

/** The storefront's jackpot stream (app/api/jackpots/stream): every pool's figures, then each change and each hit. */
export const JACKPOTS_STREAM_PATH = '/api/jackpots/stream';

interface JackpotLive {
  /** Each pool's amount and drop in force, by id: the page's, then the stream's. */
  figures: Record<string, PoolFigures>;
  /** Each pool's last hits, by id: the page's, with every hit the stream told of since. */
  hits: Record<string, JackpotHit[]>;
  /** The hits the stream told of while the page was open, newest first. */
  fresh: JackpotHit[];
  t: Translate;
}

const JackpotLiveContext = createContext<JackpotLive>({ figures: {}, hits: {}, fresh: [], t: textsTranslator({}) });

/**
 * The pools' figures for everything below it: first the page's (server-rendered, so the amounts are
 * there before any script and without one), then each figure and hit the stream sends. One
 * EventSource a page; the browser reconnects it by itself after a break, and this after a refusal.
 */
export function JackpotLiveProvider({
  figures: initialFigures,
  hits: initialHits = {},
  texts,
  children,
}: {
  figures: Record<string, PoolFigures>;
  hits?: Record<string, JackpotHit[]>;
  texts: Texts;
  children: React.ReactNode;
}) {
  const t = useMemo(() => textsTranslator(texts), [texts]);
  const [figures, setFigures] = useState(initialFigures);
  const [hits, setHits] = useState(initialHits);
  const [fresh, setFresh] = useState<JackpotHit[]>([]);

  useEventStream(JACKPOTS_STREAM_PATH, {
    pools: (data) => {
      const pools = readJson<PoolsEvent>(data)?.pools;
      if (!Array.isArray(pools)) return;
      setFigures((known) => {
        const next = { ...known };
        for (const pool of pools) next[pool.id] = pool;
        return next;
      });
    },
    hit: (data) => {
      const hit = readJson<JackpotHit>(data);
      if (!hit?.poolId) return;
      setHits((known) => ({ ...known, [hit.poolId]: withHit(known[hit.poolId] ?? [], hit) }));
      setFresh((known) =>
        known.some((seen) => seen.poolId === hit.poolId && seen.sequence === hit.sequence) ? known : [hit, ...known].slice(0, 10),
      );
    },
  });

  const value = useMemo(() => ({ figures, hits, fresh, t }), [figures, hits, fresh, t]);
  return <JackpotLiveContext.Provider value={value}>{children}</JackpotLiveContext.Provider>;
}

/** The stream's data, or null when it is not JSON (our own server checked it; this is a last guard). */
function readJson<T>(data: string): T | null {
  try {
    return JSON.parse(data) as T;
  } catch {
    return null;
  }
}

export const useJackpotLive = () => useContext(JackpotLiveContext);
