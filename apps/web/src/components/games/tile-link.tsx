'use client';

import Link from 'next/link';
import { useLoggedIn } from '@/components/layout/use-logged-in';
import { playHref } from '@/lib/game-types';

/** A tile's main link: play for money for a logged-in player, play for fun for a guest. */
export function TileLink({ gameId, className, children }: { gameId: string; className?: string; children: React.ReactNode }) {
  const loggedIn = useLoggedIn();
  return (
    <Link href={playHref(gameId, loggedIn ? 'real' : 'fun')} className={className} prefetch={false} data-testid="game-tile-link">
      {children}
    </Link>
  );
}
