import { formatKr } from '@krone/domain';
import type { Translate } from '../../lib/i18n';
import { stepStake } from '../../lib/slot-screen';
import styles from '../game-screen/game-screen.module.css';

/** A hand's stake among the table's steps (blackjack, video poker): down, the stake (read out when it changes), up. */
export function TableStake({
  steps,
  stakeOre,
  onChange,
  disabled,
  t,
}: {
  steps: readonly number[];
  stakeOre: number;
  onChange: (stakeOre: number) => void;
  disabled: boolean;
  t: Translate;
}) {
  const sorted = [...steps].sort((a, b) => a - b);
  return (
    <div className={styles.stake} role="group" aria-label={t('slot_machines.stake')}>
      <button
        type="button"
        className={styles.stakeButton}
        onClick={() => onChange(stepStake(sorted, stakeOre, -1))}
        disabled={disabled || stakeOre <= sorted[0]!}
        aria-label={t('slot_machines.stake_down')}
        data-testid="stake-down"
      >
        −
      </button>
      <output className={styles.stakeValue} aria-live="polite" data-testid="game-stake">
        <span className={styles.stakeLabel}>{t('slot_machines.stake')}</span>
        {formatKr(stakeOre)}
      </output>
      <button
        type="button"
        className={styles.stakeButton}
        onClick={() => onChange(stepStake(sorted, stakeOre, 1))}
        disabled={disabled || stakeOre >= sorted.at(-1)!}
        aria-label={t('slot_machines.stake_up')}
        data-testid="stake-up"
      >
        +
      </button>
    </div>
  );
}

/** Whether a key press is typing in a field (letters and digits there are not the game's shortcuts). */
export function typingIn(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable ||
      target.closest('input:not([type="radio"]), textarea, select, [role="dialog"], [role="alertdialog"]') !== null)
  );
}

/** Whether a key press carries a modifier (the browser's and the screen reader's shortcuts stay theirs). */
export const withModifier = (event: KeyboardEvent) => event.altKey || event.ctrlKey || event.metaKey;
