import styles from './players.module.css';
import own from './transactions.module.css';

/**
 * What a player's filtered list (transactions, game history) shows under its filter: an alert when
 * the platform failed, a note when the page has no rows, or the count followed by the list. A
 * refused filter (`rows` null, not failed) shows nothing here: its message is at its field.
 */
export function ListOutcome({
  testId,
  failed,
  rows,
  texts,
  children,
}: {
  /** The prefix of the test ids: `<testId>-error`, `-empty`, `-count`. */
  testId: string;
  failed: boolean;
  /** The rows of this page, or null when there is no list. */
  rows: number | null;
  texts: { error: string; empty: string; count: string };
  children: React.ReactNode;
}) {
  if (failed) {
    return (
      <p className={styles.alert} role="alert" data-testid={`${testId}-error`}>
        {texts.error}
      </p>
    );
  }
  if (rows === null) return null;
  if (rows === 0) {
    return (
      <p className={styles.muted} data-testid={`${testId}-empty`}>
        {texts.empty}
      </p>
    );
  }
  return (
    <>
      <p className={own.summary} data-testid={`${testId}-count`} aria-live="polite">
        {texts.count}
      </p>
      {children}
    </>
  );
}
