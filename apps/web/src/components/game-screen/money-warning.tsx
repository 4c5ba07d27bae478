'use client';

import { useModalDialog } from '../runtime/use-modal-dialog';
import { formatKr } from '@krone/domain';
import Link from 'next/link';
import { useId } from 'react';
import type { Translate } from '@/lib/i18n';
import { formatSignedKr } from '@/lib/slot-screen';
import type { MoneyWarning as Warning } from '@/lib/studio-schemas';
import styles from './game-screen.module.css';

export const LIMITS_PATH = '/min-konto/begraensninger';

/**
 * The warning about money played (spec §2 screens, config wageringTimePopup): the game is paused
 * and the player sees the minutes played and the session's result, then continues, stops, or goes
 * to the limits page. The studio refuses rounds until it is answered; the screen shows this modal
 * over the game, which is inert meanwhile.
 */
export function MoneyWarning({
  warning,
  busy,
  t,
  onContinue,
  onStop,
}: {
  warning: Warning;
  busy: boolean;
  t: Translate;
  onContinue: () => void;
  onStop: () => void;
}) {
  const id = useId();
  // Modal: showModal() focuses the first button (continue).
  const dialog = useModalDialog();
  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      // Escape does not dismiss it: the studio waits for an answer, and so does the screen.
      onCancel={(event) => event.preventDefault()}
      data-testid="money-warning"
    >
      <h2 id={`${id}-title`}>{t('slot_machines.warning_title', { minutes: Math.floor(warning.minutesPlayed) })}</h2>
      <p id={`${id}-text`}>
        {t('slot_machines.warning_text', {
          net: formatSignedKr(warning.netOre),
          staked: formatKr(warning.stakedOre),
          won: formatKr(warning.wonOre),
        })}
      </p>
      <div className={styles.dialogButtons}>
        <button type="button" className="btn btn-primary" disabled={busy} onClick={onContinue} data-testid="warning-continue">
          {t('slot_machines.warning_continue')}
        </button>
        <button type="button" className="btn btn-outline" disabled={busy} onClick={onStop} data-testid="warning-stop">
          {t('slot_machines.warning_stop')}
        </button>
        <Link href={LIMITS_PATH} className="btn btn-outline" prefetch={false} data-testid="warning-limits">
          {t('slot_machines.warning_limits')}
        </Link>
      </div>
    </dialog>
  );
}
