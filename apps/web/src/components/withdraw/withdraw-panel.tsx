'use client';

import { MIN_WITHDRAWAL_ORE, formatDateDa, formatDateTimeDa, formatKr, parseKrToOre } from '@krone/domain';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { textsTranslator } from '@/lib/i18n';
import { refreshAccountSummary } from '../players/account-summary';
import styles from '../players/players.module.css';
import { usePost } from '../players/use-post';
import { forfeitOfRefusal, stepAfterAmount, type WithdrawStep } from './bonus-forfeit';
import own from './withdraw.module.css';
import type { Withdrawal, WithdrawalsOverview } from '@/lib/platform-types';

const STATUS_KEYS: Record<Withdrawal['status'], string> = {
  pending: 'payout.status_created',
  processing: 'payout.status_processing',
  paid: 'payout.status_paid',
  cancelled: 'payout.status_cancelled',
  failed: 'payout.status_rejected',
  rejected: 'payout.status_rejected',
};

/** While a withdrawal is on its way, the list is read again this often. */
const POLL_MS = 15_000;

/** "1.234,50" for the amount field: the Danish amount without the currency. */
const asTyped = (amountOre: number) => formatKr(amountOre).replace(/ kr\.$/, '');
const reference = (id: string) => id.slice(0, 8).toUpperCase();

/** A v4 uuid; crypto.randomUUID exists only on https and localhost, getRandomValues everywhere. */
function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The withdrawal to NemKonto in the spec's three steps (amount, confirmation, receipt) and the
 * player's withdrawals with where each stands; a pending one can be cancelled. While a bonus is
 * open, a warning step between the amount and the confirmation names the bonus balance the
 * withdrawal forfeits: the player confirms giving it up, or cancels and keeps it (nothing is sent).
 */
export function WithdrawPanel({ initial, texts }: { initial: WithdrawalsOverview; texts: Record<string, string> }) {
  const t = textsTranslator(texts);
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const { busy, post } = usePost();
  const [overview, setOverview] = useState(initial);
  const [step, setStep] = useState<WithdrawStep>('amount');
  /** The bonus balance the warning named; the player confirmed giving it up once on the confirmation step. */
  const [forfeitOre, setForfeitOre] = useState(0);
  const [forfeitRounds, setForfeitRounds] = useState(0);
  const [forfeitConfirmed, setForfeitConfirmed] = useState(false);
  const [bonusKept, setBonusKept] = useState(false);
  const [amount, setAmount] = useState('');
  const [amountOre, setAmountOre] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [receipt, setReceipt] = useState<Withdrawal | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [cancelling, setCancelling] = useState<string | null>(null);
  const requestId = useRef<string | null>(null);
  const moved = useRef(false);

  const reload = useCallback(async () => {
    try {
      const response = await fetch('/api/withdrawals', { cache: 'no-store' });
      const body = (await response.json()) as { result?: number; data?: WithdrawalsOverview };
      if (body.result === 1 && body.data) setOverview(body.data);
    } catch {
      // The list stays as it was; the next poll or action tries again.
    }
  }, []);

  const underWay = overview.withdrawals.some((w) => w.status === 'pending' || w.status === 'processing');
  useEffect(() => {
    if (!underWay) return;
    const timer = setInterval(() => void reload(), POLL_MS);
    return () => clearInterval(timer);
  }, [underWay, reload]);

  useEffect(() => {
    // Focus follows the step (not on the first render), so keyboard and screen-reader users land on it.
    if (moved.current) heading.current?.focus();
    moved.current = true;
  }, [step]);

  function check(): string | null {
    if (!amount.trim()) return 'validation.amount_required';
    const ore = parseKrToOre(amount);
    if (ore === null || ore <= 0) return 'validation.amount_invalid';
    if (ore < MIN_WITHDRAWAL_ORE) return 'payout.min_amount';
    if (ore > overview.withdrawableOre) return 'validation.max_withdrawal';
    return null;
  }

  function toConfirm(event: FormEvent) {
    event.preventDefault();
    setAlert(null);
    const found = check();
    setError(found);
    if (found) {
      document.getElementById(`${id}-amount`)?.focus();
      return;
    }
    setAmountOre(parseKrToOre(amount)!);
    requestId.current = newRequestId();
    const next = stepAfterAmount(overview.openBonus);
    setForfeitOre(next.bonusOre);
    setForfeitRounds(next.freeRoundsLeft);
    setForfeitConfirmed(false);
    setBonusKept(false);
    setStep(next.step);
  }

  /** The warning answered "withdraw and give the bonus up": on to the confirmation, which sends it. */
  function giveUpBonus() {
    setForfeitConfirmed(true);
    setStep('confirm');
  }

  /** The warning answered "cancel": nothing is sent, the bonus stays, back to the amount. */
  function keepBonus() {
    setForfeitConfirmed(false);
    setBonusKept(true);
    setStep('amount');
  }

  async function confirm() {
    setAlert(null);
    const answer = await post('/api/withdrawals', {
      amount,
      requestId: requestId.current,
      ...(forfeitConfirmed ? { forfeitBonus: true } : {}),
    });
    if (answer.ok) {
      setReceipt(answer.body.data as Withdrawal);
      setStep('receipt');
      void refreshAccountSummary();
      void reload();
      return;
    }
    // A bonus opened (or came to hold money) after the page was read: the warning first.
    const forfeit = forfeitOfRefusal(answer.body as { code?: string; bonusOre?: unknown; freeRoundsLeft?: unknown });
    if (forfeit !== null) {
      setForfeitOre(forfeit.bonusOre);
      setForfeitRounds(forfeit.freeRoundsLeft);
      setForfeitConfirmed(false);
      setStep('forfeit');
      void reload();
      return;
    }
    const fieldKey = answer.body.fields?.amount;
    if (fieldKey && /^(validation|payout)\./.test(fieldKey)) {
      setError(fieldKey);
      setStep('amount');
      void reload();
      return;
    }
    setAlert(answer.body.message ?? t(answer.status === 0 ? 'payout.error_generic' : 'payout.error_cannot_withdraw'));
  }

  async function cancel(withdrawal: Withdrawal) {
    setNotice(null);
    setCancelling(withdrawal.id);
    const answer = await post(`/api/withdrawals/${withdrawal.id}/cancel`, {});
    setCancelling(null);
    setNotice(answer.ok ? { ok: true, text: t('payout.cancel_success') } : { ok: false, text: t('payout.cancel_error') });
    void refreshAccountSummary();
    await reload();
  }

  function again() {
    setAmount('');
    setError(null);
    setReceipt(null);
    setForfeitConfirmed(false);
    setBonusKept(false);
    setStep('amount');
  }

  const stepTitle =
    step === 'amount'
      ? t('payout.step1_title')
      : step === 'forfeit'
        ? t('payout.forfeit_title')
        : step === 'confirm'
          ? t('payout.step2_title')
          : t('payout.step3_title');
  const openBonusOre = overview.openBonus?.bonusOre ?? 0;
  const tooLittle = overview.withdrawableOre < MIN_WITHDRAWAL_ORE;

  return (
    <>
      <section className={styles.card} aria-labelledby={`${id}-step`} data-testid="withdraw-step">
        <h2 id={`${id}-step`} ref={heading} tabIndex={-1} className={own.stepTitle}>
          {stepTitle}
        </h2>
        {step === 'amount' ? (
          <form className={styles.form} onSubmit={toConfirm} noValidate data-testid="withdraw-form">
            <p className={own.withdrawable} data-testid="withdrawable">
              {t('payout.withdrawable', { amount: formatKr(overview.withdrawableOre) })}
            </p>
            {tooLittle ? <p className={styles.muted}>{t('payout.below_minimum')}</p> : null}
            {bonusKept ? (
              <p className={`${styles.alert} ${styles.success}`} role="status" data-testid="withdraw-bonus-kept">
                {t('payout.forfeit_kept')}
              </p>
            ) : null}
            {openBonusOre > 0 ? (
              <p className={styles.help} data-testid="withdraw-bonus-note">
                {t('payout.bonus_warning', { amount: formatKr(openBonusOre) })}
              </p>
            ) : null}
            <div className={styles.field}>
              <label htmlFor={`${id}-amount`}>{t('payout.amount_label')}</label>
              <div className={own.amountRow}>
                <input
                  id={`${id}-amount`}
                  name="amount"
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder={t('payout.amount_placeholder')}
                  value={amount}
                  onChange={(event) => setAmount(event.target.value)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-amount-error` : `${id}-amount-help`}
                />
                <button
                  type="button"
                  className={styles.secondary}
                  onClick={() => {
                    setAmount(asTyped(overview.withdrawableOre));
                    setError(null);
                  }}
                  disabled={overview.withdrawableOre <= 0}
                  data-testid="withdraw-all"
                >
                  {t('payout.all_amount')}
                </button>
              </div>
              {error ? (
                <p className={styles.fieldError} id={`${id}-amount-error`} data-testid="error-amount">
                  {t(error)}
                </p>
              ) : (
                <p className={styles.help} id={`${id}-amount-help`}>
                  {t('payout.min_amount')}
                </p>
              )}
            </div>
            <dl className={styles.facts}>
              <dt>{t('payout.nemkonto_label')}</dt>
              <dd>{t('payout.nemkonto_value')}</dd>
            </dl>
            <p className={styles.help}>{t('payout.nemkonto_info')}</p>
            <p className={styles.help}>{t('payout.processing_time')}</p>
            <div className={styles.buttons}>
              <button type="submit" className={styles.submit}>
                {t('btn.next')}
              </button>
            </div>
          </form>
        ) : null}

        {step === 'forfeit' ? (
          <div className={styles.form} data-testid="withdraw-forfeit">
            <div className={styles.alert} role="alert" data-testid="withdraw-forfeit-warning">
              <strong>{t('payout.forfeit_text', { amount: formatKr(forfeitOre) })}</strong>
              {forfeitRounds > 0 ? (
                <p data-testid="withdraw-forfeit-rounds">{t('payout.forfeit_free_rounds', { count: String(forfeitRounds) })}</p>
              ) : null}
            </div>
            <p className={own.confirmText}>{t('payout.forfeit_own_money', { amount: formatKr(amountOre) })}</p>
            <p className={styles.help}>{t('payout.forfeit_final')}</p>
            <div className={styles.buttons}>
              <button type="button" className={styles.submit} onClick={giveUpBonus} data-testid="withdraw-forfeit-confirm">
                {t('payout.forfeit_confirm')}
              </button>
              <button type="button" className={styles.secondary} onClick={keepBonus} data-testid="withdraw-forfeit-cancel">
                {t('payout.forfeit_cancel')}
              </button>
            </div>
          </div>
        ) : null}

        {step === 'confirm' ? (
          <div className={styles.form} data-testid="withdraw-confirm">
            {alert ? (
              <div className={styles.alert} role="alert" data-testid="withdraw-alert">
                {alert}
              </div>
            ) : null}
            <p className={own.confirmText}>{t('payout.confirm_text', { amount: formatKr(amountOre) })}</p>
            {forfeitConfirmed ? (
              <p className={styles.help} data-testid="withdraw-confirm-forfeit">
                {t('payout.forfeit_text', { amount: formatKr(forfeitOre) })}
              </p>
            ) : null}
            <p className={styles.help}>{t('payout.processing_time')}</p>
            <div className={styles.buttons}>
              <button
                type="button"
                className={styles.submit}
                onClick={() => void confirm()}
                aria-disabled={busy || undefined}
                disabled={busy}
              >
                {busy ? <span className={styles.spinner} aria-hidden="true" /> : null}
                {busy ? t('payout.processing') : t('payout.confirm_button')}
              </button>
              <button
                type="button"
                className={styles.secondary}
                onClick={() => (forfeitConfirmed ? keepBonus() : setStep('amount'))}
                disabled={busy}
              >
                {forfeitConfirmed ? t('payout.forfeit_cancel') : t('btn.back')}
              </button>
            </div>
          </div>
        ) : null}

        {step === 'receipt' && receipt ? (
          <div className={styles.form} data-testid="withdraw-receipt">
            <div className={`${styles.alert} ${styles.success}`} role="status">
              <strong>{t('payout.success_title')}</strong>
              <span>{t('payout.success_text')}</span>
            </div>
            <dl className={`${styles.facts} ${own.stackedFacts}`}>
              <dt>{t('payout.receipt_amount')}</dt>
              <dd>{formatKr(receipt.amountOre)}</dd>
              <dt>{t('payout.receipt_date')}</dt>
              <dd>{formatDateTimeDa(receipt.requestedAt)}</dd>
              <dt>{t('payout.receipt_expected')}</dt>
              <dd data-testid="receipt-expected">{formatDateDa(receipt.expectedBy)}</dd>
              <dt>{t('payout.receipt_account')}</dt>
              <dd>{t('payout.nemkonto_value')}</dd>
              <dt>{t('payout.receipt_reference')}</dt>
              <dd>{reference(receipt.id)}</dd>
              {receipt.forfeitedBonusOre > 0 ? (
                <>
                  <dt>{t('payout.receipt_forfeited')}</dt>
                  <dd data-testid="receipt-forfeited">{formatKr(receipt.forfeitedBonusOre)}</dd>
                </>
              ) : null}
            </dl>
            <div className={styles.buttons}>
              <button type="button" className={styles.secondary} onClick={again}>
                {t('payout.new_withdrawal')}
              </button>
            </div>
          </div>
        ) : null}
      </section>

      <section className={styles.card} aria-labelledby={`${id}-history`}>
        <h2 id={`${id}-history`}>{t('payout.history_title')}</h2>
        <div aria-live="polite">
          {notice ? (
            <p
              className={`${styles.alert} ${notice.ok ? styles.success : ''}`}
              role={notice.ok ? 'status' : 'alert'}
              data-testid="withdraw-notice"
            >
              {notice.text}
            </p>
          ) : null}
        </div>
        {overview.withdrawals.length === 0 ? (
          <p className={styles.muted}>{t('payout.history_empty')}</p>
        ) : (
          <ul className={styles.documents} data-testid="withdrawals-list">
            {overview.withdrawals.map((withdrawal) => (
              <li key={withdrawal.id} data-testid="withdrawal" data-status={withdrawal.status}>
                <div>
                  <strong>{formatKr(withdrawal.amountOre)}</strong>
                  <span className={styles.help}>{t('payout.requested_at', { date: formatDateTimeDa(withdrawal.requestedAt) })}</span>
                  {withdrawal.status === 'pending' || withdrawal.status === 'processing' ? (
                    <span className={styles.help} data-testid="withdrawal-expected">
                      {t('payout.expected_by', { date: formatDateDa(withdrawal.expectedBy) })}
                    </span>
                  ) : null}
                  {withdrawal.status === 'failed' ? (
                    <span className={styles.help}>
                      {t('payout.error_cannot_withdraw')} {t('payout.failed_text')}
                    </span>
                  ) : null}
                  {withdrawal.status === 'rejected' ? (
                    <span className={styles.help} data-testid="withdrawal-rejection">
                      {t('payout.rejected_text', { reason: withdrawal.rejectionReason ?? '' })}
                    </span>
                  ) : null}
                </div>
                <span className={own.itemEnd}>
                  <span className={styles.badge} data-testid="withdrawal-status">
                    {t(STATUS_KEYS[withdrawal.status])}
                  </span>
                  {withdrawal.cancellable ? (
                    <button
                      type="button"
                      className={`${styles.secondary} ${own.cancel}`}
                      onClick={() => void cancel(withdrawal)}
                      aria-label={t('payout.cancel_label', { amount: formatKr(withdrawal.amountOre) })}
                      aria-disabled={cancelling === withdrawal.id || undefined}
                      disabled={cancelling !== null}
                      data-testid="withdrawal-cancel"
                    >
                      {cancelling === withdrawal.id ? t('btn.loading') : t('payout.cancel')}
                    </button>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
