'use client';

import { playHref } from '@/lib/game-types';
import { useTilesLoggedIn } from './game-texts';

/**
 * A tile's main link: play for money for a logged-in player, play for fun for a guest. A plain link
 * (the game screen is a page of its own): a list of a hundred tiles hydrates no router links.
 */
export function TileLink({ gameId, className, children }: { gameId: string; className?: string; children: React.ReactNode }) {
  const loggedIn = useTilesLoggedIn();
  return (
    <a href={playHref(gameId, loggedIn ? 'real' : 'fun')} className={className} data-testid="game-tile-link">
      {children}
    </a>
  );
}
