import Link from 'next/link';
import type { Translate } from '../../lib/i18n';
import { categoryHref, TABLE_LOBBY_PATH, type TableCategory } from '../../lib/table-games';
import styles from './games.module.css';

/**
 * The table games' own navigation: all table games, then each category of `BordspilCategory` in
 * its order (only those whose page this build has), the current one marked.
 */
export function TableNav({ categories, current, t }: { categories: readonly TableCategory[]; current: string; t: Translate }) {
  const pages = [
    { href: TABLE_LOBBY_PATH, name: t('games.board_games_all') },
    ...categories.flatMap((category) => {
      const href = categoryHref(category);
      return href ? [{ href, name: category.name }] : [];
    }),
  ];
  return (
    <nav className={styles.nav} aria-label={t('games.board_games_nav')} data-testid="table-nav">
      <ul>
        {pages.map((page) => (
          <li key={page.href}>
            <Link href={page.href} prefetch={false} aria-current={page.href === current ? 'page' : undefined}>
              {page.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
