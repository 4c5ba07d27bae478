import Link from 'next/link';
import type { Translate } from '../../lib/i18n';
import { LIVE_LOBBY_PATH, liveCategoryHref } from '../../lib/live-casino';
import type { TableCategory } from '../../lib/table-games';
import styles from '../games/games.module.css';

/**
 * The live casino's own navigation (as the table games' TableNav): the live lobby, then each
 * category of `LiveCategories` in its order (the all-tables entry first, as the config has it),
 * only those whose page this build has, the current one marked.
 */
export function LiveNav({ categories, current, t }: { categories: readonly TableCategory[]; current: string; t: Translate }) {
  const pages = [
    { href: LIVE_LOBBY_PATH, name: t('games.live_casino_title') },
    ...categories.flatMap((category) => {
      const href = liveCategoryHref(category);
      return href ? [{ href, name: category.name }] : [];
    }),
  ];
  return (
    <nav className={styles.nav} aria-label={t('games.live_nav')} data-testid="live-nav">
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
