import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { GamePage, gameMetadata } from '@/components/game-screen/game-page';
import { TableGamePage, tableGameMetadata } from '@/components/table-games/table-game-page';
import { GAME_ID_PATTERN } from '@/lib/game-sessions';
import { loadLaunchKind } from '@/lib/games';
import { LIVE_MOBILE_PATH } from '@/lib/live-casino';

type Params = Promise<{ slugGames: string }>;

/** Which screen the title plays on: a table title's, a slot's or a live table's (lib/table-games.ts launchKind). */
async function kindOf(slugGames: string) {
  if (!GAME_ID_PATTERN.test(slugGames)) notFound();
  return loadLaunchKind(slugGames);
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { slugGames } = await params;
  const kind = await kindOf(slugGames);
  return kind === 'table' ? tableGameMetadata(slugGames) : kind === 'live' ? {} : gameMetadata(slugGames);
}

/**
 * /mobilspil/{slugGames} (spec §2, route mobilspil-slugGames): the title's game screen, by its id,
 * a table title's (issue 24) or a slot's as the catalogue says; for money when a player is logged
 * in, for fun for a guest (docs/decisions.md). A live table is the live casino's mobile route's
 * (/mobil-live-casino/{slug}, issue 25).
 */
export default async function MobileGamePage({ params }: { params: Params }) {
  const { slugGames } = await params;
  const choice = { route: 'mobile' } as const;
  const path = `/mobilspil/${slugGames}`;
  const kind = await kindOf(slugGames);
  if (kind === 'live') redirect(`${LIVE_MOBILE_PATH}/${slugGames}`);
  return kind === 'table' ? (
    <TableGamePage gameId={slugGames} choice={choice} path={path} />
  ) : (
    <GamePage gameId={slugGames} choice={choice} path={path} />
  );
}
