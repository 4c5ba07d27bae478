import type { Metadata } from 'next';
import { GamePage, gameMetadata } from '@/components/game-screen/game-page';

type Params = Promise<{ slugGames: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return gameMetadata((await params).slugGames);
}

/**
 * /mobilspil/{slugGames} (spec §2, route mobilspil-slugGames): the same game screen, by the
 * title's id; for money when a player is logged in, for fun for a guest (docs/decisions.md).
 */
export default async function MobileGamePage({ params }: { params: Params }) {
  const { slugGames } = await params;
  return <GamePage gameId={slugGames} choice={{ route: 'mobile' }} path={`/mobilspil/${slugGames}`} />;
}
