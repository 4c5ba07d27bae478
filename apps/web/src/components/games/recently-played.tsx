'use client';

import { useEffect, useState } from 'react';
import { useLoggedIn } from '@/components/layout/use-logged-in';
import type { TileGame } from '@/lib/game-types';
import { GameRow } from './game-tile';
import { useGameTexts } from './game-texts';

/** The logged-in player's recently played titles (never cached: asked by the browser). Nothing for a guest. */
export function RecentlyPlayed() {
  const loggedIn = useLoggedIn();
  const t = useGameTexts();
  const [games, setGames] = useState<TileGame[]>([]);
  useEffect(() => {
    if (!loggedIn) return;
    const controller = new AbortController();
    fetch('/api/games/recent', { signal: controller.signal })
      .then((response) => (response.ok ? response.json() : null))
      .then((body: { data?: { items?: TileGame[] } } | null) => setGames(body?.data?.items ?? []))
      .catch(() => undefined);
    return () => controller.abort();
  }, [loggedIn]);
  if (!loggedIn) return null;
  return <GameRow id="recently-played" title={t('slot_machines.recently_played')} games={games} t={t} />;
}
