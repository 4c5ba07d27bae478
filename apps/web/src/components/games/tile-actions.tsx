'use client';

import { useEffect, useState } from 'react';
import { gameHref } from '../../lib/game-types';
import { FavouriteButton, pressFavourite } from './favourite-heart';
import { loadFavourites, useFavourites } from './favourites-store';
import { useGameTexts, useTilesLoggedIn } from './game-texts';
import styles from './games.module.css';

/**
 * A logged-in player's part of a tile: the favourite heart and a link to play for fun (none for a
 * live table, which is played for money only). Nothing for a guest.
 */
export function TileActions({ gameId, name, kind }: { gameId: string; name: string; kind?: 'table' | 'live' }) {
  return useTilesLoggedIn() ? <PlayerActions gameId={gameId} name={name} kind={kind} /> : null;
}

function PlayerActions({ gameId, name, kind }: { gameId: string; name: string; kind?: 'table' | 'live' }) {
  const favourites = useFavourites();
  useEffect(() => {
    loadFavourites();
  }, []);
  const t = useGameTexts();
  const [message, setMessage] = useState('');
  const on = favourites.ids.has(gameId);
  const texts = {
    label: t('slot_machines.favourite_label', { game: name }),
    added: t('slot_machines.added_favourite', { game: name }),
    removed: t('slot_machines.removed_favourite', { game: name }),
    error: t('slot_machines.favourite_error'),
  };
  return (
    <div className={styles.actions}>
      {kind === 'live' ? (
        <span />
      ) : (
        <a
          href={gameHref({ id: gameId, gameType: kind ?? 'slot' }, 'fun')}
          className={styles.funLink}
          aria-label={t('slot_machines.fun_link_label', { game: name })}
        >
          {t('slot_machines.play_for_fun')}
        </a>
      )}
      <FavouriteButton
        on={on}
        ready={favourites.status === 'ready'}
        texts={texts}
        message={message}
        onToggle={() => void pressFavourite(gameId, on, texts).then(setMessage)}
      />
    </div>
  );
}
