'use client';

import { useEffect, useMemo, useRef, useState } from 'react';
import { textsTranslator, type Texts } from '../../lib/i18n';
import { mergeWinners, type Winner } from '../../lib/winners-schema';
import { WINNERS_API_MAX } from '../../lib/winners-view';
import { useEventStream } from '../layout/use-event-stream';
import { WinnerItem } from './winner-item';
import styles from './winners.module.css';

/** The storefront's winners stream (app/api/winners/stream): each new winner as it settles. */
export const WINNERS_STREAM_PATH = '/api/winners/stream';
/** The newest winners, asked once the stream is open: those of the moments between the page's render and the stream. */
export const WINNERS_API_PATH = '/api/winners';

function readWinner(data: string): Winner | null {
  try {
    const winner = JSON.parse(data) as Winner;
    return winner && typeof winner.id === 'number' ? winner : null;
  } catch {
    return null;
  }
}

/**
 * New winners, newest first: the page's (server-rendered, so the list is there without script),
 * then, when `live`, each winner the stream sends, and once it is open the newest from
 * /api/winners (a winner of the moments between the render and the stream is not missed); each
 * winner once. The ones that arrived while the page was open are marked for a moment.
 */
export function WinnersFeed({
  initial,
  limit,
  live,
  variant,
  emptyKey = 'games.no_winners',
  texts,
}: {
  initial: Winner[];
  limit: number;
  live: boolean;
  variant: 'list' | 'strip';
  emptyKey?: string;
  texts: Texts;
}) {
  const t = useMemo(() => textsTranslator(texts), [texts]);
  const [winners, setWinners] = useState(initial);
  const [fresh, setFresh] = useState<ReadonlySet<number>>(() => new Set());
  const known = useRef(new Set<number>(initial.map((winner) => winner.id)));

  // A fresh read that answers after the list was left is not applied.
  const shown = useRef(true);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);
  /** The winners not seen before, now known and marked as arrived while the page was open. */
  const takeUnseen = (incoming: readonly Winner[]) => {
    const unseen = incoming.filter((winner) => !known.current.has(winner.id));
    for (const winner of unseen) known.current.add(winner.id);
    if (unseen.length > 0) setFresh((marked) => new Set([...marked, ...unseen.map((winner) => winner.id)]));
    return unseen;
  };
  const add = (incoming: Winner[]) => {
    const unseen = takeUnseen(incoming);
    if (unseen.length > 0) setWinners((list) => mergeWinners(list, unseen, limit));
  };
  const catchUp = () => {
    fetch(`${WINNERS_API_PATH}?limit=${Math.min(limit, WINNERS_API_MAX)}`, { headers: { accept: 'application/json' }, cache: 'no-store' })
      .then((response) => (response.ok ? (response.json() as Promise<{ data?: { items?: Winner[] } }>) : null))
      .then((body) => {
        if (!shown.current || !Array.isArray(body?.data?.items)) return;
        // The fresh read is the list as it stands: what the first picture held and it no longer
        // does (a winner who has since opted out; a page from a cache) goes; what is new comes in.
        const items = body.data.items;
        takeUnseen(items);
        setWinners((list) => reconcileWinners(list, items, limit));
      })
      .catch(() => undefined);
  };
  useEventStream(live ? WINNERS_STREAM_PATH : null, {
    open: catchUp,
    winner: (data) => {
      const winner = readWinner(data);
      if (winner) add([winner]);
    },
  });

  if (winners.length === 0)
    return (
      <p className={styles.empty} data-testid="winners-empty">
        {t(emptyKey)}
      </p>
    );
  return (
    <ol className={variant === 'strip' ? styles.strip : styles.list} data-testid={variant === 'strip' ? 'winners-strip' : 'winners-list'}>
      {winners.map((winner) => (
        <WinnerItem key={winner.id} winner={winner} t={t} fresh={fresh.has(winner.id)} />
      ))}
    </ol>
  );
}

/**
 * A list after a fresh read of its newest `limit`: the read's winners, and those of the list newer
 * than all of them (come by the stream meanwhile); anything else of the list is no longer shown.
 */
export function reconcileWinners(list: readonly Winner[], read: readonly Winner[], limit: number): Winner[] {
  if (read.length === 0) return [];
  const newest = read.reduce((top, winner) => Math.max(top, winner.id), 0);
  const byId = new Map<number, Winner>();
  for (const winner of [...read, ...list.filter((winner) => winner.id > newest)]) byId.set(winner.id, winner);
  return [...byId.values()].sort((a, b) => b.id - a.id).slice(0, limit);
}
