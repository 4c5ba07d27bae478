import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { GamePage, gameMetadata } from '@/components/game-screen/game-page';
import { TableGamePage, tableGameMetadata } from '@/components/table-games/table-game-page';
import { GAME_ID_PATTERN } from '@/lib/game-sessions';
import { loadLaunchKind } from '@/lib/games';

type Params = Promise<{ slugGames: string }>;

/** Which screen the title plays on: a table title's or a slot's (lib/table-games.ts launchKind). */
async function kindOf(slugGames: string) {
  if (!GAME_ID_PATTERN.test(slugGames)) notFound();
  return loadLaunchKind(slugGames);
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { slugGames } = await params;
  return (await kindOf(slugGames)) === 'table' ? tableGameMetadata(slugGames) : gameMetadata(slugGames);
}

/**
 * /mobilspil/{slugGames} (spec §2, route mobilspil-slugGames): the title's game screen, by its id,
 * a table title's (issue 24) or a slot's as the catalogue says; for money when a player is logged
 * in, for fun for a guest (docs/decisions.md).
 */
export default async function MobileGamePage({ params }: { params: Params }) {
  const { slugGames } = await params;
  const choice = { route: 'mobile' } as const;
  const path = `/mobilspil/${slugGames}`;
  return (await kindOf(slugGames)) === 'table' ? (
    <TableGamePage gameId={slugGames} choice={choice} path={path} />
  ) : (
    <GamePage gameId={slugGames} choice={choice} path={path} />
  );
}
