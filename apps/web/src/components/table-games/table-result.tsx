import type { Translate } from '../../lib/i18n';
import type { TableRound } from '../../lib/studio-schemas';
import styles from '../game-screen/game-screen.module.css';
import tableStyles from './table-games.module.css';
import type { TableSession } from './use-table-session';

/**
 * The round in words, read out when it changes (a live region): the table's own lines (where the
 * ball landed, each hand's result, the final hand) and the round's return against its stake. It
 * carries the round's figures for the browser tests (`data-round`, `data-status`, `data-stake-ore`,
 * `data-win-ore`): what the words say, as numbers.
 */
export function TableResult({
  round,
  lines,
  hint,
  status,
  t,
}: {
  /** The round the words are of (null before the first). */
  round: TableRound | null;
  lines: string[];
  /** Said before the first round (how to play by keyboard). */
  hint: string;
  /** The screen's messages (pending, refused, ended), under the words. */
  status?: React.ReactNode;
  t: Translate;
}) {
  return (
    <section
      className={`${styles.result} ${tableStyles.result}`}
      aria-live="polite"
      aria-atomic="true"
      data-testid="game-round"
      data-round={round?.roundId ?? ''}
      data-status={round?.status ?? ''}
      data-stake-ore={round?.stakeOre ?? ''}
      data-win-ore={round?.winOre ?? ''}
    >
      <h2 className={styles.resultHeading}>{t('games.table_round_heading')}</h2>
      {lines.length > 0 ? (
        <ul className={tableStyles.words}>
          {lines.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>{hint}</p>
      )}
      {status}
    </section>
  );
}

/** The screen's state in words: a round awaiting the casino, a refusal, the warning to answer, an ended game. */
export function TableStatus({ table, t }: { table: TableSession; t: Translate }) {
  const { awaited, error, ended, session, resumed, round } = table;
  return (
    <>
      {resumed && round?.status === 'playing' ? (
        <p className={styles.muted} data-testid="game-round-resumed">
          {t('games.table_resumed')}
        </p>
      ) : null}
      {awaited ? (
        <p className={styles.muted} role="status" data-testid="game-round-pending" data-own-game={awaited.ownGame}>
          {awaited.ownGame ? t('slot_machines.round_pending') : t('slot_machines.round_pending_other_game')}
        </p>
      ) : null}
      {error ? (
        <p className={styles.error} role="alert" data-testid="game-error">
          {error}
        </p>
      ) : null}
      {session?.warning && !error ? <p className={styles.error}>{t('slot_machines.warning_pending')}</p> : null}
      {ended ? (
        <p className={styles.error}>
          {t('slot_machines.game_ended')}{' '}
          <button type="button" className="btn btn-outline" onClick={() => void table.launch()}>
            {t('slot_machines.play_again')}
          </button>
        </p>
      ) : null}
    </>
  );
}
