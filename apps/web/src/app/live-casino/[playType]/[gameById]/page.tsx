import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { LiveGamePage, liveGameMetadata } from '@/components/live/live-game-page';
import { LIVE_FUN_PLAY_TYPE, LIVE_PLAY_TYPE, livePlayHref } from '@/lib/live-casino';

type Params = Promise<{ playType: string; gameById: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return liveGameMetadata((await params).gameById);
}

/**
 * /live-casino/spil-for-penge/{gameById} (spec §2, route live-casino-playType-gameById; issue 25):
 * a live table for money (login first: the proxy sends a guest). There is no fun play at a live
 * table: spil-for-sjov is sent on to spil-for-penge (docs/decisions.md); any other play type is a
 * 404. Header and wallpaper are hidden here unless header__use_playgames is on (lib/chrome-rules.ts).
 */
export default async function LiveLaunchPage({ params }: { params: Params }) {
  const { playType, gameById } = await params;
  if (playType === LIVE_FUN_PLAY_TYPE) redirect(livePlayHref(gameById));
  if (playType !== LIVE_PLAY_TYPE) notFound();
  return <LiveGamePage gameId={gameById} path={livePlayHref(gameById)} />;
}
