import { formatDateTimeDa, formatKr } from '@krone/domain';
import type { Translate } from '../../lib/i18n';
import type { Winner } from '../../lib/winners-schema';
import { TileLink } from '../games/tile-link';
import styles from './winners.module.css';

const linkKind = (gameType: Winner['gameType']) => (gameType === 'slot' ? undefined : gameType);

/**
 * One new winner: the winner's first name and initial, the amount, the title (a link to play it),
 * the stake it was won on and the time in Copenhagen; a jackpot hit marked with its pool.
 */
export function WinnerItem({ winner, t, fresh = false }: { winner: Winner; t: Translate; fresh?: boolean }) {
  return (
    <li
      className={[styles.winner, winner.kind === 'jackpot' ? styles.jackpot : '', fresh ? styles.fresh : ''].filter(Boolean).join(' ')}
      data-testid="winner"
      data-kind={winner.kind}
      data-winner-id={winner.id}
    >
      {winner.kind === 'jackpot' ? (
        <span className={styles.badge} data-testid="winner-jackpot">
          {winner.poolName ? t('games.winner_jackpot_of', { pool: winner.poolName }) : t('games.winner_jackpot')}
        </span>
      ) : null}
      <span className={styles.who}>{t('games.winner_won', { name: winner.winner || t('games.jackpot_anonymous') })}</span>
      <strong className={styles.amount}>{formatKr(winner.amountOre)}</strong>
      <span className={styles.game}>
        {t('games.jackpot_hit_on')}{' '}
        <TileLink gameId={winner.gameId} kind={linkKind(winner.gameType)} className={styles.gameLink}>
          {winner.gameName || winner.gameId}
        </TileLink>
      </span>
      <span className={styles.meta}>
        {t('games.winner_stake', { amount: formatKr(winner.stakeOre) })}
        {' · '}
        <time dateTime={winner.at}>{formatDateTimeDa(winner.at)}</time>
      </span>
    </li>
  );
}
