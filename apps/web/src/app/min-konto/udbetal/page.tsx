import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import styles from '@/components/players/players.module.css';
import { WithdrawPanel } from '@/components/withdraw/withdraw-panel';
import { getTranslator } from '@/lib/content';
import { pickTranslations } from '@/lib/i18n';
import { sessionToken } from '@/lib/session';
import { loadWithdrawals } from '@/lib/withdrawals';

export const metadata: Metadata = { robots: { index: false } };

const TEXT_KEYS = [
  'payout.step1_title',
  'payout.step2_title',
  'payout.step3_title',
  'payout.amount_label',
  'payout.amount_placeholder',
  'payout.withdrawable',
  'payout.below_minimum',
  'payout.min_amount',
  'payout.all_amount',
  'payout.nemkonto_label',
  'payout.nemkonto_value',
  'payout.nemkonto_info',
  'payout.processing_time',
  'payout.confirm_text',
  'payout.confirm_button',
  'payout.processing',
  'payout.success_title',
  'payout.success_text',
  'payout.error_cannot_withdraw',
  'payout.error_generic',
  'payout.cancel',
  'payout.cancel_label',
  'payout.cancel_success',
  'payout.cancel_error',
  'payout.status_created',
  'payout.status_processing',
  'payout.status_paid',
  'payout.status_cancelled',
  'payout.status_rejected',
  'payout.failed_text',
  'payout.rejected_text',
  'payout.receipt_amount',
  'payout.receipt_date',
  'payout.receipt_expected',
  'payout.receipt_reference',
  'payout.receipt_account',
  'payout.new_withdrawal',
  'payout.history_title',
  'payout.history_empty',
  'payout.expected_by',
  'payout.requested_at',
  'payout.bonus_warning',
  'payout.forfeit_title',
  'payout.forfeit_text',
  'payout.forfeit_own_money',
  'payout.forfeit_final',
  'payout.forfeit_confirm',
  'payout.forfeit_cancel',
  'payout.forfeit_kept',
  'payout.receipt_forfeited',
  'validation.amount_required',
  'validation.amount_invalid',
  'validation.max_withdrawal',
  'btn.next',
  'btn.back',
  'btn.loading',
] as const;

/**
 * /min-konto/udbetal (login required): a withdrawal to the player's NemKonto in three steps
 * (amount, confirmation, receipt), with a warning step before the confirmation while a bonus is
 * open (the withdrawal forfeits it), and the player's withdrawals with where each stands.
 */
export default async function WithdrawPage() {
  const token = await sessionToken();
  const [t, overview] = await Promise.all([getTranslator(), token ? loadWithdrawals(token) : Promise.resolve(null)]);
  if (!overview) redirect('/log-ind?redirect=%2Fmin-konto%2Fudbetal');
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('payout.title')}</h1>
      <p className={styles.intro}>{t('payout.intro')}</p>
      <WithdrawPanel initial={overview} texts={pickTranslations(t, TEXT_KEYS)} />
    </div>
  );
}
