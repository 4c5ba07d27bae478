import { GameGrid } from '@/components/games/game-tile';
import styles from '@/components/games/games.module.css';
import { LobbyShell } from '@/components/games/lobby-shell';
import { getTranslator } from '@/lib/content';
import { toTileGame } from '@/lib/game-types';
import { loadBest } from '@/lib/games';
import { seoMetadata } from '@/lib/seo';

export const revalidate = 60;
export const generateMetadata = () => seoMetadata('spilleautomater');

const count = new Intl.NumberFormat('da-DK');

/** /bedste-spil: the most played titles of the last 7 days, counted from real rounds. */
export default async function BestGamesPage() {
  const [t, answer] = await Promise.all([getTranslator(), loadBest()]);
  const rounds = new Map(answer.ok ? answer.data.items.map((game) => [game.id, game] as const) : []);
  return (
    <LobbyShell t={t} current="/bedste-spil" title={t('slot_machines.best_games')} intro={t('slot_machines.best_games_intro')}>
      {!answer.ok ? (
        <p className={styles.empty} role="alert">
          {t('slot_machines.list_error')}
        </p>
      ) : answer.data.items.length === 0 ? (
        <p className={styles.empty}>{t('slot_machines.best_empty')}</p>
      ) : (
        <GameGrid
          games={answer.data.items.map(toTileGame)}
          t={t}
          extra={(game) => {
            const best = rounds.get(game.id)!;
            return t('slot_machines.best_rounds', { rounds: count.format(best.rounds), players: count.format(best.players) });
          }}
        />
      )}
    </LobbyShell>
  );
}
