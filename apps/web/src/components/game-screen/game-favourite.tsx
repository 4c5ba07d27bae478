'use client';

// Relative imports: the unit test (game-favourite.test.tsx) runs under vitest, which has no '@/' alias.
import { useEffect, useState } from 'react';
import { FavouriteButton, pressFavourite, type FavouriteTexts } from '../games/favourite-heart';
import { loadFavourites, useFavourites } from '../games/favourites-store';
import styles from './game-favourite.module.css';

/**
 * The favourite heart in the game's bar, as a lobby tile's (components/games/tile-actions.tsx): the
 * same store and route, so a heart pressed here shows in the lobby. Only for a logged-in player:
 * the page leaves it out for a guest, as the tiles do (favourites belong to an account).
 */
export type { FavouriteTexts };

export function GameFavourite({ gameId, texts }: { gameId: string; texts: FavouriteTexts }) {
  const favourites = useFavourites();
  useEffect(() => {
    loadFavourites();
  }, []);
  const [message, setMessage] = useState('');
  const on = favourites.ids.has(gameId);
  return (
    <FavouriteButton
      className={styles.onBar}
      testId="game-favourite"
      on={on}
      ready={favourites.status === 'ready'}
      texts={texts}
      message={message}
      onToggle={() => void pressFavourite(gameId, on, texts).then(setMessage)}
    />
  );
}
