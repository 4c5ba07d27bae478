import { toTileGame } from '@/lib/game-types';
import type { Lobby } from '@/lib/games';
import type { Translate } from '@/lib/i18n';
import { GameRow } from './game-tile';

/**
 * The two rows the start page and the slot lobby open with: the newest titles (all of them at
 * /spilleautomater/nye-spil) and the most played, whose "see all" each page chooses. The platform
 * answers the most played empty until anyone has played (games/README.md): GameRow then renders
 * nothing, so a new casino shows no "Populære spil" row rather than its newest titles again.
 */
export function NewestAndPopularRows({
  lobby,
  t,
  ids,
  popularSeeAll,
  eagerCount = 0,
}: {
  lobby: Lobby;
  t: Translate;
  ids: { newest: string; popular: string };
  popularSeeAll: { href: string; name?: string };
  eagerCount?: number;
}) {
  return (
    <>
      <GameRow
        id={ids.newest}
        title={t('slot_machines.new_games')}
        games={lobby.newest.map(toTileGame)}
        t={t}
        eagerCount={eagerCount}
        seeAll={{ href: '/spilleautomater/nye-spil' }}
      />
      <GameRow
        id={ids.popular}
        title={t('slot_machines.popular_games')}
        games={lobby.popular.map(toTileGame)}
        t={t}
        seeAll={popularSeeAll}
      />
    </>
  );
}
