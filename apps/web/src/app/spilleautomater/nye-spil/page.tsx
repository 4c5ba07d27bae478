import { ListPagination } from '@/components/content/pagination';
import { GameGrid } from '@/components/games/game-tile';
import styles from '@/components/games/games.module.css';
import { LobbyShell } from '@/components/games/lobby-shell';
import { getTranslator } from '@/lib/content';
import { toTileGame } from '@/lib/game-types';
import { loadNewest } from '@/lib/games';
import { one } from '@/lib/games-query';
import { seoMetadata } from '@/lib/seo';

export const generateMetadata = () => seoMetadata('spilleautomater');

const PATH = '/spilleautomater/nye-spil';

/** /spilleautomater/nye-spil: the newest titles, newest first, 24 a page (?side=N). */
export default async function NewGamesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const page = Math.max(1, Math.min(1000, Number(one(await searchParams, 'side', 5)) || 1));
  const [t, answer] = await Promise.all([getTranslator(), loadNewest(page)]);
  return (
    <LobbyShell t={t} current={PATH} title={t('slot_machines.new_games')} intro={t('slot_machines.new_games_intro')}>
      {!answer.ok ? (
        <p className={styles.empty} role="alert">
          {t('slot_machines.list_error')}
        </p>
      ) : (
        <>
          {answer.data.items.length === 0 ? <p className={styles.empty}>{t('games.category_empty')}</p> : null}
          <GameGrid games={answer.data.items.map(toTileGame)} t={t} />
          <ListPagination list={answer.data} basePath={PATH} nav={t('slot_machines.pagination_label')} t={t} />
        </>
      )}
    </LobbyShell>
  );
}
