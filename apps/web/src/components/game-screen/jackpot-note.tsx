// Relative imports: the unit test (jackpot-note.test.tsx) runs under vitest, which has no '@/' alias.
import { formatKr } from '@krone/domain';
import type { Translate } from '../../lib/i18n';
import type { JackpotWin } from '../../lib/studio-schemas';
import styles from './game-screen.module.css';
import { jackpotTotalOre, poolNames } from './jackpot-words';

/**
 * A jackpot hit in the page's own words (issue 26), in the round's live region above its
 * explanation: what the canvas's overlay shows, read out and in view where the canvas is not
 * (no renderer, the grid in its place). Any game kind's screen can show it; it carries the amount
 * for the browser tests (`data-jackpot-ore`).
 */
export function JackpotNote({ wins, t }: { wins: readonly JackpotWin[]; t: Translate }) {
  const totalOre = jackpotTotalOre(wins);
  return (
    <p className={styles.jackpot} data-testid="game-jackpot" data-jackpot-ore={totalOre}>
      <strong>{t('slot_machines.stage_jackpot_title')}</strong>{' '}
      {t('slot_machines.jackpot_note', { pools: poolNames(wins), amount: formatKr(totalOre) })}
    </p>
  );
}
