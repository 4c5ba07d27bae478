import Link from 'next/link';
import { pickTranslations, type Translate } from '../../lib/i18n';
import type { Winner } from '../../lib/winners-schema';
import { WINNERS_PATH } from '../../lib/winners-view';
import { GameTexts } from '../games/game-texts';
import { WINNER_TEXT_KEYS } from './text-keys';
import { WinnersFeed } from './winners-feed';
import styles from './winners.module.css';

/**
 * The start page's "Nye vindere" (issue 26): the latest winners in a row that scrolls sideways,
 * following the stream, with "Se alle" to /nyevindere. Real winners only: with none yet, it says so.
 */
export function WinnersStrip({ winners, limit, t, id }: { winners: Winner[]; limit: number; t: Translate; id: string }) {
  return (
    <section className={styles.stripSection} aria-labelledby={id} data-testid="home-winners">
      <div className="section-head">
        <h2 id={id}>{t('games.new_winners_title')}</h2>
        <Link href={WINNERS_PATH} prefetch={false} aria-label={t('slot_machines.see_all_named', { name: t('games.new_winners_title') })}>
          {t('slot_machines.see_all')}
        </Link>
      </div>
      <GameTexts texts={{}}>
        <WinnersFeed initial={winners.slice(0, limit)} limit={limit} live variant="strip" texts={pickTranslations(t, WINNER_TEXT_KEYS)} />
      </GameTexts>
    </section>
  );
}
