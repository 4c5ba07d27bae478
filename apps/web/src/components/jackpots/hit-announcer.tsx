'use client';

import { formatKr } from '@krone/domain';
import { useJackpotLive } from './jackpot-live';
import styles from './jackpots.module.css';

/**
 * The newest hit the stream told of while the page was open, said once (a polite status) and shown
 * above the pools: a real hit of a real round, nothing else is ever announced.
 */
export function HitAnnouncer() {
  const { fresh, t } = useJackpotLive();
  const hit = fresh[0];
  return (
    <div role="status" className={hit ? styles.announce : undefined} data-testid="jackpot-announce">
      {hit
        ? t('games.jackpot_just_won', {
            pool: hit.poolName,
            amount: formatKr(hit.amountOre),
            game: hit.gameName || hit.gameId,
            name: hit.winner || t('games.jackpot_anonymous'),
          })
        : null}
    </div>
  );
}
