'use client';

// Relative imports: unit tests of the components that use this run under vitest without the '@/' alias.
import { toggleFavourite } from './favourites-store';
import styles from './favourite-heart.module.css';

/* The favourite heart, one for the lobby's tiles (tile-actions.tsx) and the game's bar (game-screen/game-favourite.tsx). */

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
  testId = 'favourite-toggle',
  className,
}: {
  testId?: string;
  /** Extra class of the button (where it sits: a tile, the game's bar). */
  className?: string;
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
        className={className ? `${styles.heart} ${className}` : styles.heart}
        aria-pressed={on}
        aria-label={texts.label}
        disabled={!ready}
        onClick={onToggle}
        data-testid={testId}
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
