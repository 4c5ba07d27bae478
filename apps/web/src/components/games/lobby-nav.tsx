import Link from 'next/link';
import type { Translate } from '@/lib/i18n';
import styles from './games.module.css';

const PAGES = [
  { href: '/spilleautomater', key: 'slot_machines.title' },
  { href: '/spilleautomater/nye-spil', key: 'slot_machines.new_games' },
  { href: '/alle-spil', key: 'slot_machines.all_games' },
  { href: '/bedste-spil', key: 'slot_machines.best_games' },
  { href: '/spilleautomater/mine-favoritter', key: 'slot_machines.my_favourites' },
] as const;

export type LobbyPage = (typeof PAGES)[number]['href'] | '/spilleautomater/soeg';

/** The slot pages' own navigation, the current one marked. */
export function LobbyNav({ current, t }: { current: LobbyPage; t: Translate }) {
  return (
    <nav className={styles.nav} aria-label={t('slot_machines.lobby_nav')}>
      <ul>
        {PAGES.map((page) => (
          <li key={page.href}>
            <Link href={page.href} prefetch={false} aria-current={page.href === current ? 'page' : undefined}>
              {t(page.key)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
