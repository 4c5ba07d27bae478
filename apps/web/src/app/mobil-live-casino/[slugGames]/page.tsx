import type { Metadata } from 'next';
import { LiveGamePage, liveGameMetadata } from '@/components/live/live-game-page';
import { LIVE_MOBILE_PATH } from '@/lib/live-casino';

type Params = Promise<{ slugGames: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return liveGameMetadata((await params).slugGames);
}

/**
 * /mobil-live-casino/{slugGames} (spec §2, route mobil-live-casino-slugGames; issue 25): the live
 * table by its id, for money, as /live-casino/spil-for-penge/{id} (login first: there is no fun
 * play at a live table). Header and wallpaper are hidden here as on every game route.
 */
export default async function MobileLiveLaunchPage({ params }: { params: Params }) {
  const { slugGames } = await params;
  return <LiveGamePage gameId={slugGames} path={`${LIVE_MOBILE_PATH}/${encodeURIComponent(slugGames)}`} />;
}
