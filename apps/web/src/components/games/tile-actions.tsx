'use client';

import { useEffect, useState } from 'react';
import { playHref } from '@/lib/game-types';
import { loadFavourites, toggleFavourite, useFavourites } from './favourites-store';
import { useGameTexts, useTilesLoggedIn } from './game-texts';
import styles from './games.module.css';

/** A logged-in player's part of a tile: the favourite heart and a link to play for fun. Nothing for a guest. */
export function TileActions({ gameId, name }: { gameId: string; name: string }) {
  return useTilesLoggedIn() ? <PlayerActions gameId={gameId} name={name} /> : null;
}

function PlayerActions({ gameId, name }: { gameId: string; name: string }) {
  const favourites = useFavourites();
  useEffect(() => {
    loadFavourites();
  }, []);
  const t = useGameTexts();
  const [message, setMessage] = useState('');
  const on = favourites.ids.has(gameId);
  const ready = favourites.status === 'ready';
  async function toggle() {
    const ok = await toggleFavourite(gameId, !on);
    setMessage(
      ok ? t(on ? 'slot_machines.removed_favourite' : 'slot_machines.added_favourite', { game: name }) : t('slot_machines.favourite_error'),
    );
  }
  return (
    <div className={styles.actions}>
      <a href={playHref(gameId, 'fun')} className={styles.funLink} aria-label={t('slot_machines.fun_link_label', { game: name })}>
        {t('slot_machines.play_for_fun')}
      </a>
      <button
        type="button"
        className={styles.heart}
        aria-pressed={on}
        aria-label={t('slot_machines.favourite_label', { game: name })}
        disabled={!ready}
        onClick={toggle}
        data-testid="favourite-toggle"
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.7 4.5c2.2 0 3.6 1.2 5.3 3.1 1.7-1.9 3.1-3.1 5.3-3.1 3.7 0 5.8 3.9 4.3 7.3C19.5 16.4 12 21 12 21z" />
        </svg>
      </button>
      <span className="visually-hidden" role="status">
        {message}
      </span>
    </div>
  );
}
