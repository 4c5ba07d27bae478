'use client';

import { formatDateTimeDa, formatKr } from '@krone/domain';
import { dropCheckText } from '../../lib/jackpots-view';
import { TileLink } from '../games/tile-link';
import { useJackpotLive } from './jackpot-live';
import styles from './jackpots.module.css';

/**
 * A pool's last hits, newest first (the page's, then each hit the stream tells of): the amount, the
 * title (a link to play it), the time in Copenhagen, the winner's shortened name or "Anonym
 * spiller" for one who chose not to be shown, and under "Kontrollér faldet" the revealed drop:
 * its value, nonce and the text whose SHA-256 is the hash published before it was won.
 */
export function LastHits({ poolId, headingId }: { poolId: string; headingId: string }) {
  const { hits, t } = useJackpotLive();
  const list = hits[poolId] ?? [];
  return (
    <div className={styles.hitsBlock}>
      <h4 id={headingId} className={styles.smallHeading}>
        {t('games.jackpot_last_hits')}
      </h4>
      {list.length === 0 ? (
        <p className={styles.muted} data-testid="jackpot-no-hits">
          {t('games.jackpot_no_hits')}
        </p>
      ) : (
        <ol className={styles.hits} aria-labelledby={headingId}>
          {list.map((hit) => (
            <li key={hit.sequence} className={styles.hit} data-testid="jackpot-hit" data-sequence={hit.sequence}>
              <div className={styles.hitMain}>
                <strong className={styles.hitAmount}>{formatKr(hit.amountOre)}</strong>
                <span>
                  {t('games.jackpot_hit_on')}{' '}
                  <TileLink gameId={hit.gameId} className={styles.gameLink}>
                    {hit.gameName || hit.gameId}
                  </TileLink>
                </span>
              </div>
              <div className={styles.hitMeta}>
                <span data-testid="jackpot-hit-winner">{hit.winner || t('games.jackpot_anonymous')}</span>
                <time dateTime={hit.at}>{formatDateTimeDa(hit.at)}</time>
              </div>
              <details className={styles.check}>
                <summary>{t('games.jackpot_check_drop')}</summary>
                <dl className={styles.checkFacts}>
                  <dt>{t('games.jackpot_drop_value')}</dt>
                  <dd>{t('games.jackpot_drop_value_ore', { amount: formatKr(hit.drop.ore), ore: hit.drop.ore })}</dd>
                  <dt>{t('games.jackpot_drop_nonce')}</dt>
                  <dd>
                    <code>{hit.drop.nonce}</code>
                  </dd>
                  <dt>{t('games.jackpot_drop_text')}</dt>
                  <dd>
                    <code data-testid="jackpot-hit-check-text">{dropCheckText(hit)}</code>
                  </dd>
                  <dt>{t('games.jackpot_drop_published_hash')}</dt>
                  <dd>
                    <code>{hit.drop.hash}</code>
                  </dd>
                </dl>
              </details>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
