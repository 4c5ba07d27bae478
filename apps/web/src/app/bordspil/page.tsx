import { GameRow } from '@/components/games/game-tile';
import styles from '@/components/games/games.module.css';
import { LobbyShell } from '@/components/games/lobby-shell';
import { TableNav } from '@/components/games/table-nav';
import { getTranslator } from '@/lib/content';
import { toTileGame } from '@/lib/game-types';
import { loadTableCatalogue, loadTableCategories } from '@/lib/games';
import { seoMetadata } from '@/lib/seo';
import { categoryHref, groupByCategory, TABLE_LOBBY_PATH } from '@/lib/table-games';

export const revalidate = 60;
export const generateMetadata = () => seoMetadata('bordspil');

/**
 * /bordspil (spec §2): every table title, grouped by the categories of the system config
 * `BordspilCategory` in their order, each group headed by its name with a link to its page. The
 * same for everyone and cached, as the slot lobby; a logged-in player's hearts are asked by the browser.
 */
export default async function TableLobbyPage() {
  const [t, categories, answer] = await Promise.all([getTranslator(), loadTableCategories(), loadTableCatalogue()]);
  const groups = answer.ok ? groupByCategory(answer.data.items.map(toTileGame), categories) : [];
  return (
    <LobbyShell
      t={t}
      nav={<TableNav categories={categories} current={TABLE_LOBBY_PATH} t={t} />}
      title={t('games.board_games_title')}
      intro={t('games.board_games_intro')}
    >
      {!answer.ok ? (
        <p className={styles.empty} role="alert">
          {t('slot_machines.list_error')}
        </p>
      ) : groups.length === 0 ? (
        <p className={styles.empty}>{t('games.category_empty')}</p>
      ) : (
        groups.map(({ category, games }, index) => {
          const href = categoryHref(category);
          return (
            <GameRow
              key={category.id}
              id={`table-${category.id}`}
              title={category.name}
              games={games}
              t={t}
              // The first two groups are in a phone's first screen: their pictures are the page's
              // largest content, loaded at once (bench/RESULTS.md, issue 24).
              eagerCount={index < 2 ? 4 : 0}
              seeAll={href ? { href } : undefined}
            />
          );
        })
      )}
    </LobbyShell>
  );
}
