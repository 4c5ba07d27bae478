'use client';

import { formatDateTimeDa, formatKr } from '@krone/domain';
import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import { GAMES_PATH, isBuiltRoute } from '@/lib/built-routes';
import { textsTranslator, type Texts } from '@/lib/i18n';
import type { Deposit } from '@/lib/platform-types';
import { refreshAccountSummary, useAccountSummary } from '../players/account-summary';
import styles from './deposit.module.css';
import { failureKey } from './messages';

const POLL_MS = 1500;
/** After this long without an outcome the page says so, and the balance follows when it comes. */
const PATIENCE_MS = 90_000;

/**
 * Where a deposit stands, after 3-D Secure or on the way back from MobilePay (/MobilePay,
 * /MobilePayQuick, /extpayment): asks the platform until the payment is settled, then shows the
 * receipt and refreshes the balance everywhere, or the Danish reason it failed.
 */
export function PaymentStatus({ id, initial, texts, againHref }: { id: string; initial?: Deposit; texts: Texts; againHref: string }) {
  const t = textsTranslator(texts);
  const [deposit, setDeposit] = useState<Deposit | null>(initial ?? null);
  const [problem, setProblem] = useState<string | null>(null);
  const [slow, setSlow] = useState(false);
  const refreshed = useRef(false);
  const summary = useAccountSummary();
  const initialStatus = initial?.status;

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = Date.now();
    async function ask() {
      try {
        const response = await fetch('/api/deposit/status', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ id }),
          cache: 'no-store',
        });
        const answer = (await response.json().catch(() => ({}))) as { result?: number; data?: Deposit; message?: string };
        if (stopped) return;
        if (answer.result === 1 && answer.data) {
          setDeposit(answer.data);
          if (answer.data.status === 'succeeded' || answer.data.status === 'failed') return;
        } else if (response.status === 401 || response.status === 404) {
          setProblem(answer.message ?? 'deposit.error_server');
          return;
        }
      } catch {
        // The network came and went: ask again.
      }
      if (Date.now() - started > PATIENCE_MS) setSlow(true);
      timer = setTimeout(() => void ask(), POLL_MS);
    }
    if (initialStatus === 'succeeded' || initialStatus === 'failed') return;
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [id, initialStatus]);

  useEffect(() => {
    if (deposit?.status === 'succeeded' && !refreshed.current) {
      refreshed.current = true;
      void refreshAccountSummary();
    }
  }, [deposit?.status]);

  if (problem) {
    return (
      <p className={styles.alert} role="alert" data-testid="deposit-status-error">
        {problem.startsWith('deposit.') ? t(problem) : problem}
      </p>
    );
  }

  if (!deposit || deposit.status === 'created' || deposit.status === 'requires_action') {
    return (
      <section className={styles.card} aria-live="polite" aria-busy="true" data-testid="deposit-pending">
        <h2>{t('deposit.return_title')}</h2>
        <p className={styles.muted}>
          <span className={styles.spinner} aria-hidden="true" />{' '}
          {deposit?.method === 'mobilepay' ? t('deposit.mobilepay_waiting') : t('deposit.return_text')}
        </p>
        {slow ? <p className={styles.muted}>{t('deposit.return_pending')}</p> : null}
      </section>
    );
  }

  if (deposit.status === 'failed') {
    return (
      <section className={styles.card} data-testid="deposit-failed">
        <h2>{t('deposit.failed_title')}</h2>
        <p className={styles.alert} role="alert">
          {t(failureKey(deposit.method, deposit.failureCode))}
        </p>
        <Link className={styles.primary} href={againHref} prefetch={false}>
          {t('deposit.new_deposit')}
        </Link>
      </section>
    );
  }

  const at = deposit.settledAt ?? deposit.createdAt;
  return (
    <section className={styles.card} aria-labelledby="deposit-receipt-title" data-testid="deposit-receipt">
      <h2 id="deposit-receipt-title" tabIndex={-1}>
        {t('deposit.success_title')}
      </h2>
      <p className={styles.success} role="status">
        {t('deposit.success_text', { amount: formatKr(deposit.amountOre) })}
      </p>
      <h3 className={styles.subtitle}>{t('deposit.receipt_title')}</h3>
      <dl className={styles.facts}>
        <dt>{t('deposit.receipt_amount')}</dt>
        <dd data-testid="receipt-amount">{formatKr(deposit.amountOre)}</dd>
        <dt>{t('deposit.receipt_method')}</dt>
        <dd>{deposit.method === 'card' ? t('deposit.method_card') : t('deposit.method_mobilepay')}</dd>
        {deposit.last4 ? (
          <>
            <dt>{t('deposit.receipt_card')}</dt>
            <dd data-testid="receipt-card">{t('deposit.card_masked', { last4: deposit.last4 })}</dd>
          </>
        ) : null}
        <dt>{t('deposit.receipt_date')}</dt>
        <dd>{formatDateTimeDa(at)}</dd>
        <dt>{t('deposit.receipt_reference')}</dt>
        <dd data-testid="receipt-order">{deposit.orderId}</dd>
        {deposit.bonus ? (
          <>
            <dt>{t('deposit.receipt_bonus')}</dt>
            <dd data-testid="receipt-bonus">
              {deposit.bonus.freeRounds
                ? t('deposit.receipt_free_rounds', {
                    rounds: String(deposit.bonus.freeRounds.roundsTotal),
                    stake: formatKr(deposit.bonus.freeRounds.stakeOre),
                  })
                : formatKr(deposit.bonus.amountOre)}{' '}
              ({deposit.bonus.code})
            </dd>
            {deposit.bonus.freeRounds?.gameIds[0] ? (
              <dd>
                <Link
                  href={`/spilleautomater/spil-for-penge/${deposit.bonus.freeRounds.gameIds[0]}`}
                  data-testid="receipt-play-free-rounds"
                >
                  {t('deposit.receipt_play_free_rounds')}
                </Link>
              </dd>
            ) : null}
            <dt>{t('deposit.receipt_wagering')}</dt>
            <dd>{formatKr(deposit.bonus.wageringRequirementOre)}</dd>
          </>
        ) : null}
        {summary.status === 'ready' ? (
          <>
            <dt>{t('deposit.receipt_new_balance')}</dt>
            <dd data-testid="receipt-balance">{formatKr(summary.summary.TotalBalance)}</dd>
          </>
        ) : null}
      </dl>
      <div className={styles.buttons}>
        {/* "Go to the games" only once the games have a page (lib/built-routes.ts); until then, home, named as such. */}
        {isBuiltRoute(GAMES_PATH) ? (
          <Link className={styles.primary} href={GAMES_PATH} prefetch={false}>
            {t('deposit.go_to_games')}
          </Link>
        ) : (
          <Link className={styles.primary} href="/" prefetch={false}>
            {t('btn.go_home')}
          </Link>
        )}
        <Link className={styles.secondary} href={againHref} prefetch={false}>
          {t('deposit.new_deposit')}
        </Link>
      </div>
    </section>
  );
}
