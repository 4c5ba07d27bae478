import type { Translate } from '../../lib/i18n';
import { categoryHref, TABLE_LOBBY_PATH, type TableCategory } from '../../lib/table-games';
import { CategoryNav, categoryPages } from './category-nav';

/**
 * The table games' own navigation: all table games, then each category of `BordspilCategory` in
 * its order (only those whose page this build has), the current one marked.
 */
export function TableNav({ categories, current, t }: { categories: readonly TableCategory[]; current: string; t: Translate }) {
  const pages = [{ href: TABLE_LOBBY_PATH, name: t('games.board_games_all') }, ...categoryPages(categories, categoryHref)];
  return <CategoryNav pages={pages} current={current} label={t('games.board_games_nav')} testId="table-nav" />;
}
