import { formatKr } from '@krone/domain';
import type { Translate } from '../../../lib/i18n';
import type { PaytableRow } from './video-poker-model';
import styles from './video-poker.module.css';

/**
 * The paytable as a machine shows it: each hand, its pay × the stake and, for the stake chosen, the
 * amount it pays; the row of the hand in view marked (while holding: what the dealt hand already
 * pays; after the draw: the final hand). Rendered on the screen and in the rules panel.
 */
export function VideoPokerPaytable({
  rows,
  highlight = -1,
  stakeOre,
  t,
  caption,
}: {
  rows: readonly PaytableRow[];
  highlight?: number;
  stakeOre?: number;
  t: Translate;
  caption: string;
}) {
  return (
    <table className={styles.paytable} data-testid="video-poker-paytable">
      <caption className={styles.caption}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('games.table_vp_col_hand')}</th>
          <th scope="col">{t('games.table_vp_col_pay')}</th>
          {stakeOre !== undefined ? <th scope="col">{t('games.table_vp_col_amount', { stake: formatKr(stakeOre) })}</th> : null}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr
            key={row.labelKey}
            className={index === highlight ? styles.highlight : undefined}
            aria-current={index === highlight ? 'true' : undefined}
            data-testid="video-poker-pay-row"
            data-classes={row.classes.join(' ')}
            data-highlight={index === highlight ? 'true' : 'false'}
          >
            <th scope="row">{t(row.labelKey)}</th>
            <td>{t('games.table_vp_pay', { pay: row.pay.toLocaleString('da-DK') })}</td>
            {stakeOre !== undefined ? <td>{formatKr(row.pay * stakeOre)}</td> : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
