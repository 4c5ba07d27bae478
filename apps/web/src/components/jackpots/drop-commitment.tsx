'use client';

import { useJackpotLive } from './jackpot-live';
import styles from './jackpots.module.css';

/**
 * The committed hash of a pool's next drop (the page's, then the stream's after each hit): the
 * value it falls at was drawn and locked before anyone could win it, and is revealed with the hit.
 */
export function DropCommitment({ poolId, initial }: { poolId: string; initial: { sequence: number; hash: string } }) {
  const { figures, t } = useJackpotLive();
  const drop = figures[poolId]?.drop ?? initial;
  return (
    <p className={styles.commitment} data-testid="jackpot-drop" data-sequence={drop.sequence}>
      <span className={styles.muted}>{t('games.jackpot_next_drop_hash', { sequence: drop.sequence })}</span>{' '}
      <code data-testid="jackpot-drop-hash">{drop.hash}</code>
    </p>
  );
}
