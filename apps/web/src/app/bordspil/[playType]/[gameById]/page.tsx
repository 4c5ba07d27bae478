import type { Metadata } from 'next';
import { TableGamePage, tableGameMetadata } from '@/components/table-games/table-game-page';

type Params = Promise<{ playType: string; gameById: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return tableGameMetadata((await params).gameById);
}

/**
 * /bordspil/{spil-for-sjov|spil-for-penge}/{gameById} (issue 24): a table game's screen, for fun
 * (anyone) or for money (login first: the proxy sends a guest), the table games' counterpart of the
 * slot's launch route. Header and wallpaper are hidden here unless header__use_playgames is on
 * (lib/chrome-rules.ts bordspil-playType-gameById).
 */
export default async function TableLaunchPage({ params }: { params: Params }) {
  const { playType, gameById } = await params;
  return <TableGamePage gameId={gameById} choice={{ route: 'slot', playType }} path={`/bordspil/${playType}/${gameById}`} />;
}
