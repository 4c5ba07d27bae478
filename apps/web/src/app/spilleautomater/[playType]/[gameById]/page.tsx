import type { Metadata } from 'next';
import { GamePage, gameMetadata } from '@/components/game-screen/game-page';

type Params = Promise<{ playType: string; gameById: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return gameMetadata((await params).gameById);
}

/**
 * /spilleautomater/{spil-for-sjov|spil-for-penge}/{gameById} (spec §2, route
 * spilleautomater-playType-gameById): the slot's game screen, for fun (anyone) or for money
 * (login first). Header and wallpaper are hidden here unless header__use_playgames is on.
 */
export default async function SlotLaunchPage({ params }: { params: Params }) {
  const { playType, gameById } = await params;
  return <GamePage gameId={gameById} choice={{ route: 'slot', playType }} path={`/spilleautomater/${playType}/${gameById}`} />;
}
