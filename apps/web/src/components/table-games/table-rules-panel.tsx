import type { Translate } from '../../lib/i18n';
import type { TableRules } from '../../lib/studio-schemas';
import styles from '../game-screen/rules-panel.module.css';

/** The table's rules, paytable and return, inside the game (rendered on the server). */
export function TableRulesPanel({ rules, t }: { rules: TableRules; t: Translate }) {
  return (
    <details className={styles.rules} data-testid="game-rules" data-kind={rules.kind}>
      <summary>{t('games.game_rules')}</summary>
    </details>
  );
}
