import type { Translate } from '../../lib/i18n';
import { LIVE_LOBBY_PATH, liveCategoryHref } from '../../lib/live-casino';
import type { TableCategory } from '../../lib/table-games';
import { CategoryNav, categoryPages } from '../games/category-nav';

/**
 * The live casino's own navigation (as the table games' TableNav): the live lobby, then each
 * category of `LiveCategories` in its order (the all-tables entry first, as the config has it),
 * only those whose page this build has, the current one marked.
 */
export function LiveNav({ categories, current, t }: { categories: readonly TableCategory[]; current: string; t: Translate }) {
  const pages = [{ href: LIVE_LOBBY_PATH, name: t('games.live_casino_title') }, ...categoryPages(categories, liveCategoryHref)];
  return <CategoryNav pages={pages} current={current} label={t('games.live_nav')} testId="live-nav" />;
}
