import { formatKr } from '@krone/domain';
import type { Translate } from '@/lib/i18n';
import { stepStake } from '@/lib/slot-screen';
import styles from './game-screen.module.css';

/** The stake among the title's steps: down, the stake (read out when it changes), up. */
export function StakeSelector({
  steps,
  stakeOre,
  onChange,
  disabled,
  t,
}: {
  steps: number[];
  stakeOre: number;
  onChange: (next: (current: number) => number) => void;
  disabled: boolean;
  t: Translate;
}) {
  return (
    <div className={styles.stake} role="group" aria-label={t('slot_machines.stake')}>
      <button
        type="button"
        className={styles.stakeButton}
        onClick={() => onChange((current) => stepStake(steps, current, -1))}
        disabled={disabled || stakeOre <= steps[0]!}
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
        onClick={() => onChange((current) => stepStake(steps, current, 1))}
        disabled={disabled || stakeOre >= steps.at(-1)!}
        aria-label={t('slot_machines.stake_up')}
        data-testid="stake-up"
      >
        +
      </button>
    </div>
  );
}

/** The game's motion switch; off and fixed when the device asks for reduced motion. */
export function MotionToggle({
  motion,
  deviceOff,
  onChange,
  t,
}: {
  motion: boolean;
  deviceOff: boolean;
  onChange: () => void;
  t: Translate;
}) {
  return (
    <button type="button" className={styles.motion} aria-pressed={motion} disabled={deviceOff} onClick={onChange} data-testid="game-motion">
      {deviceOff
        ? t('slot_machines.stage_motion_device_off')
        : motion
          ? t('slot_machines.stage_motion_on')
          : t('slot_machines.stage_motion_off')}
    </button>
  );
}
