'use client';

// Relative imports: the unit test (game-favourite.test.tsx) runs under vitest, which has no '@/' alias.
import { useEffect, useState } from 'react';
import { loadFavourites, toggleFavourite, useFavourites } from '../games/favourites-store';
import styles from './game-favourite.module.css';

/** The heart's Danish texts, with the game's name already in them (the page translates them). */
export interface FavouriteTexts {
  /** "Gem {game} som favorit": the button's name; aria-pressed tells whether it is one. */
  label: string;
  added: string;
  removed: string;
  error: string;
}

/**
 * Presses the heart: marks the game a favourite or not through the lobby's store (the same
 * CSRF-guarded route, shown at once, taken back when refused) and answers what to tell the player.
 */
export async function pressFavourite(gameId: string, on: boolean, texts: FavouriteTexts): Promise<string> {
  const ok = await toggleFavourite(gameId, !on);
  if (!ok) return texts.error;
  return on ? texts.removed : texts.added;
}

/** The heart as drawn: pressed or not, disabled until the player's favourites are known, the outcome read out. */
export function FavouriteButton({
  on,
  ready,
  texts,
  message,
  onToggle,
}: {
  on: boolean;
  ready: boolean;
  texts: FavouriteTexts;
  message: string;
  onToggle: () => void;
}) {
  return (
    <span className={styles.favourite}>
      <button
        type="button"
        className={styles.heart}
        aria-pressed={on}
        aria-label={texts.label}
        disabled={!ready}
        onClick={onToggle}
        data-testid="game-favourite"
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.7 4.5c2.2 0 3.6 1.2 5.3 3.1 1.7-1.9 3.1-3.1 5.3-3.1 3.7 0 5.8 3.9 4.3 7.3C19.5 16.4 12 21 12 21z" />
        </svg>
      </button>
      <span className="visually-hidden" role="status">
        {message}
      </span>
    </span>
  );
}

/**
 * The favourite heart in the game's bar, as a lobby tile's (components/games/tile-actions.tsx): the
 * same store and route, so a heart pressed here shows in the lobby. Only for a logged-in player:
 * the page leaves it out for a guest, as the tiles do (favourites belong to an account).
 */
export function GameFavourite({ gameId, texts }: { gameId: string; texts: FavouriteTexts }) {
  const favourites = useFavourites();
  useEffect(() => {
    loadFavourites();
  }, []);
  const [message, setMessage] = useState('');
  const on = favourites.ids.has(gameId);
  return (
    <FavouriteButton
      on={on}
      ready={favourites.status === 'ready'}
      texts={texts}
      message={message}
      onToggle={() => void pressFavourite(gameId, on, texts).then(setMessage)}
    />
  );
}
