'use client';

import { gameHref } from '../../lib/game-types';
import { useTilesLoggedIn } from './game-texts';

/**
 * A tile's main link: play for money for a logged-in player, play for fun for a guest, on the slot's
 * or the table's launch route (`kind`: lib/game-types.ts gameHref); a live table's is always for
 * money (a guest logs in first). Only the id and that kind cross
 * to the browser, not the whole title: a list's payload stays as small as before. A plain link
 * (the game screen is a page of its own): a list of a hundred tiles hydrates no router links.
 */
export function TileLink({
  gameId,
  kind,
  className,
  children,
}: {
  gameId: string;
  /** A table title's or a live table's; a slot's when none. */
  kind?: 'table' | 'live';
  className?: string;
  children: React.ReactNode;
}) {
  const loggedIn = useTilesLoggedIn();
  return (
    <a
      href={gameHref({ id: gameId, gameType: kind ?? 'slot' }, loggedIn ? 'real' : 'fun')}
      className={className}
      data-testid="game-tile-link"
    >
      {children}
    </a>
  );
}
