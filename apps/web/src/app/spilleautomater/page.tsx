import { GameRow } from '@/components/games/game-tile';
import styles from '@/components/games/games.module.css';
import { LobbyShell } from '@/components/games/lobby-shell';
import { RecentlyPlayed } from '@/components/games/recently-played';
import { getTranslator } from '@/lib/content';
import { toTileGame } from '@/lib/game-types';
import { loadLobby } from '@/lib/games';
import { catalogueHref, readCatalogueQuery } from '@/lib/games-query';
import { seoMetadata } from '@/lib/seo';

export const revalidate = 60;

/** A studio's row shows its 6 newest (its "see all" has the rest): a lobby of ten studios hydrates some 80 tiles, not 100 (Lighthouse TBT). */
const STUDIO_ROW = 6;
export const generateMetadata = () => seoMetadata('spilleautomater');

/**
 * /spilleautomater: the slot lobby. Rows of the newest and the most played titles and one per
 * studio, the same for everyone and cached; a logged-in player's recently played row and hearts
 * are asked by the browser (never cached).
 */
export default async function SlotLobbyPage() {
  const [t, lobby] = await Promise.all([getTranslator(), loadLobby()]);
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
          <GameRow
            id="newest"
            title={t('slot_machines.new_games')}
            games={lobby.data.newest.map(toTileGame)}
            t={t}
            eagerCount={4}
            seeAll={{
              href: '/spilleautomater/nye-spil',
              label: t('slot_machines.see_all'),
              name: t('slot_machines.see_all_named', { name: t('slot_machines.new_games') }),
            }}
          />
          <GameRow
            id="popular"
            title={t('slot_machines.popular_games')}
            games={lobby.data.popular.map(toTileGame)}
            t={t}
            seeAll={{
              href: '/bedste-spil',
              label: t('slot_machines.see_all'),
              name: t('slot_machines.see_all_named', { name: t('slot_machines.popular_games') }),
            }}
          />
          {lobby.data.byStudio.map((row, index) => {
            const title = t('slot_machines.studio_row', { studio: row.studio });
            return (
              <GameRow
                key={row.studio}
                id={`studio-${index}`}
                title={title}
                games={row.games.slice(0, STUDIO_ROW).map(toTileGame)}
                t={t}
                seeAll={{
                  href: catalogueHref(all, { studio: row.studio }),
                  label: t('slot_machines.see_all'),
                  name: t('slot_machines.see_all_named', { name: title }),
                }}
              />
            );
          })}
        </>
      )}
    </LobbyShell>
  );
}
