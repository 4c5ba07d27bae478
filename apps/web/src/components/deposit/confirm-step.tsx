import { formatKr } from '@krone/domain';
import Link from 'next/link';
import type { Translate } from '@/lib/i18n';
import { bareCardNumber } from '@/lib/card-rules';
import styles from './deposit.module.css';
import type { DepositFlowState } from './use-deposit-flow';

/** What the player is about to pay, before they confirm (the main deposit's third step). */
export function DepositSummary({ flow, t }: { flow: DepositFlowState; t: Translate }) {
  const { amountOre, method, card, bonusOpen, bonusCode } = flow;
  return (
    <dl className={styles.facts} data-testid="deposit-summary">
      <dt>{t('deposit.summary_amount')}</dt>
      <dd>{amountOre === null ? '–' : formatKr(amountOre)}</dd>
      <dt>{t('deposit.receipt_method')}</dt>
      <dd>{method === 'card' ? t('deposit.method_card') : t('deposit.method_mobilepay')}</dd>
      {method === 'card' && card.number ? (
        <>
          <dt>{t('deposit.receipt_card')}</dt>
          <dd>{t('deposit.card_masked', { last4: bareCardNumber(card.number).slice(-4) })}</dd>
        </>
      ) : null}
      {bonusOpen && bonusCode.trim() ? (
        <>
          <dt>{t('deposit.summary_bonus')}</dt>
          <dd>{bonusCode.trim().toUpperCase()}</dd>
        </>
      ) : null}
      <dt>{t('deposit.summary_fee')}</dt>
      <dd>{t('deposit.summary_fee_free')}</dd>
      <dt>{t('deposit.summary_total')}</dt>
      <dd>{amountOre === null ? '–' : formatKr(amountOre)}</dd>
    </dl>
  );
}

/** A refusal of the whole deposit, with what may still be deposited and a link to the limits when they are the reason. */
export function DepositAlertBox({ flow, t }: { flow: DepositFlowState; t: Translate }) {
  const { alert } = flow;
  if (!alert) return null;
  return (
    <div className={styles.alert} role="alert" data-testid="deposit-error">
      <p>{alert.key.startsWith('raw:') ? alert.key.slice(4) : t(alert.key)}</p>
      {alert.remaining ? <p data-testid="deposit-error-remaining">{t(alert.remaining.key, alert.remaining.vars)}</p> : null}
      {alert.limitsLink ? (
        <Link href="/min-konto/begraensninger" prefetch={false}>
          {t('deposit.limits_link')}
        </Link>
      ) : null}
    </div>
  );
}

/** Next, or the pay button with its amount; a spinner while the payment is under way. */
export function SubmitButton({ flow, t }: { flow: DepositFlowState; t: Translate }) {
  const { quick, step, busy, amountOre } = flow;
  const amount = amountOre === null ? '' : formatKr(amountOre);
  const label =
    quick || step === 3 ? (quick ? t('quick_deposit.submit', { amount }) : t('deposit.confirm_button', { amount })).trim() : t('btn.next');
  return (
    <button type="submit" className={styles.primary} aria-disabled={busy || undefined} data-testid="deposit-submit">
      {busy ? <span className={styles.spinner} aria-hidden="true" /> : null}
      {busy ? (quick ? t('quick_deposit.processing') : t('deposit.processing')) : label}
    </button>
  );
}
