import { GameRow } from '@/components/games/game-tile';
import styles from '@/components/games/games.module.css';
import { NewestAndPopularRows } from '@/components/games/lobby-rows';
import { LobbyShell } from '@/components/games/lobby-shell';
import { JackpotTiles } from '@/components/jackpots/jackpot-tiles';
import { RecentlyPlayed } from '@/components/games/recently-played';
import { getTranslator } from '@/lib/content';
import { toTileGame } from '@/lib/game-types';
import { loadLobby } from '@/lib/games';
import { loadJackpots } from '@/lib/jackpots';
import { catalogueHref, readCatalogueQuery } from '@/lib/games-query';
import { seoMetadata } from '@/lib/seo';

export const revalidate = 60;

/** A studio's row shows its 6 newest (its "see all" has the rest): a lobby of ten studios hydrates some 80 tiles, not 100 (Lighthouse TBT). */
const STUDIO_ROW = 6;
export const generateMetadata = () => seoMetadata('spilleautomater');

/**
 * /spilleautomater: the slot lobby. The jackpots' tiles (amounts live), rows of the newest and the
 * most played titles and one per studio, the same for everyone and cached; a logged-in player's
 * recently played row and hearts are asked by the browser (never cached).
 */
export default async function SlotLobbyPage() {
  const [t, lobby, jackpots] = await Promise.all([getTranslator(), loadLobby(), loadJackpots()]);
  const all = readCatalogueQuery({});
  return (
    <LobbyShell t={t} current="/spilleautomater" title={t('slot_machines.title')} intro={t('slot_machines.intro')}>
      {!lobby.ok ? (
        <p className={styles.empty} role="alert">
          {t('slot_machines.list_error')}
        </p>
      ) : (
        <>
          <RecentlyPlayed />
          {/* The jackpots (issue 26), their amounts live, each to its part of /jackpots. */}
          {jackpots.ok ? <JackpotTiles pools={jackpots.data.pools} t={t} id="lobby-jackpots" /> : null}
          <NewestAndPopularRows
            lobby={lobby.data}
            t={t}
            ids={{ newest: 'newest', popular: 'popular' }}
            popularSeeAll={{ href: '/bedste-spil' }}
            eagerCount={4}
          />
          {lobby.data.byStudio.map((row, index) => (
            <GameRow
              key={row.studio}
              id={`studio-${index}`}
              title={t('slot_machines.studio_row', { studio: row.studio })}
              games={row.games.slice(0, STUDIO_ROW).map(toTileGame)}
              t={t}
              seeAll={{ href: catalogueHref(all, { studio: row.studio }) }}
            />
          ))}
        </>
      )}
    </LobbyShell>
  );
}
