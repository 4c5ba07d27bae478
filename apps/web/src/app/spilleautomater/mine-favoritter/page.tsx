import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { GameGrid } from '@/components/games/game-tile';
import styles from '@/components/games/games.module.css';
import { LobbyShell } from '@/components/games/lobby-shell';
import { getTranslator } from '@/lib/content';
import { toTileGame } from '@/lib/game-types';
import { loadFavourites } from '@/lib/games';
import { loginUrlFor } from '@/lib/login-required';
import { sessionToken } from '@/lib/session';

export const metadata: Metadata = { robots: { index: false } };

const PATH = '/spilleautomater/mine-favoritter';

/** /spilleautomater/mine-favoritter (login required): the player's favourite titles; never cached. */
export default async function FavouritesPage() {
  const [t, token] = await Promise.all([getTranslator(), sessionToken()]);
  if (!token) redirect(loginUrlFor(PATH));
  const answer = await loadFavourites(token);
  if (!answer.ok && answer.status === 401) redirect(loginUrlFor(PATH));
  return (
    <LobbyShell t={t} current={PATH} title={t('slot_machines.my_favourites')} intro={t('slot_machines.favourites_intro')}>
      {!answer.ok ? (
        <p className={styles.empty} role="alert">
          {t('slot_machines.list_error')}
        </p>
      ) : answer.data.items.length === 0 ? (
        <p className={styles.empty} data-testid="favourites-empty">
          {t('slot_machines.favourites_empty')}{' '}
          <Link href="/alle-spil" prefetch={false}>
            {t('slot_machines.all_games')}
          </Link>
        </p>
      ) : (
        <GameGrid games={answer.data.items.map(toTileGame)} t={t} />
      )}
    </LobbyShell>
  );
}
