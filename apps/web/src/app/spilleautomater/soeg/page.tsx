import type { Metadata } from 'next';
import { GameGrid } from '@/components/games/game-tile';
import styles from '@/components/games/games.module.css';
import { LobbyShell } from '@/components/games/lobby-shell';
import { getTranslator } from '@/lib/content';
import { toTileGame } from '@/lib/game-types';
import { searchGames } from '@/lib/games';
import { one, SEARCH_MIN_CHARS, SEARCH_PATH, searchTerm } from '@/lib/games-query';

export const metadata: Metadata = { robots: { index: false, follow: true } };

/**
 * /spilleautomater/soeg?q=…: the games search results screen. The platform searches (trigram,
 * typo-tolerant: "vikingrnes" finds "Vikingernes Guld"); with script the box above follows the
 * typing and this screen re-renders from its address.
 */
export default async function GameSearchPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const typed = one(await searchParams, 'q', 200);
  const term = searchTerm(typed);
  const [t, answer] = await Promise.all([getTranslator(), term ? searchGames(term) : null]);
  return (
    <LobbyShell
      t={t}
      current={SEARCH_PATH}
      title={term ? t('slot_machines.search_results', { query: term }) : t('slot_machines.search_title')}
      intro={t('slot_machines.search_hint')}
      search={{ mode: 'navigate', initial: typed }}
    >
      <div data-testid="search-results">
        {!term ? (
          <p className={styles.empty}>{t('slot_machines.search_min_chars', { min: SEARCH_MIN_CHARS })}</p>
        ) : !answer?.ok ? (
          <p className={styles.empty} role="alert">
            {t('slot_machines.list_error')}
          </p>
        ) : answer.data.items.length === 0 ? (
          <p className={styles.empty}>{t('slot_machines.search_no_results', { query: term })}</p>
        ) : (
          <>
            <p className={styles.summary}>{t('slot_machines.search_results_count', { count: answer.data.items.length })}</p>
            <GameGrid games={answer.data.items.map(toTileGame)} t={t} />
          </>
        )}
      </div>
    </LobbyShell>
  );
}
