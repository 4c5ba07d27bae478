import { addIsoDays, copenhagenIsoDate, formatDateTimeDa, formatKr } from '@krone/domain';
import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import styles from '@/components/players/players.module.css';
import own from '@/components/players/transactions.module.css';
import { statusLabel, typeLabel } from '@/components/players/transactions-table';
import { loadAccountSummary, loadBetWinSummary } from '@/lib/account';
import { getTranslator } from '@/lib/content';
import { OFFERS_PATH } from '@/lib/offer-rules';
import { loadProfile, sessionToken } from '@/lib/session';
import { loadTransactions } from '@/lib/transactions';

export const metadata: Metadata = { robots: { index: false } };

/** The page shows what it has: a figure the platform could not give is left out. */
const loadSummary = (token: string) => loadAccountSummary(token).catch(() => null);
const loadBetWin = (token: string) =>
  loadBetWinSummary(token, 30).then(
    (answer) => (answer.ok ? answer.data : null),
    () => null,
  );

/**
 * /min-konto/oversigt (login required): the balances of the account summary, bonus wagering,
 * the player's stakes and wins of the last 30 days, the newest five transactions, and the ways
 * on to deposit, withdraw, limits, the player's offers and the full list.
 */
export default async function OverviewPage() {
  const [t, profile, token] = await Promise.all([getTranslator(), loadProfile(), sessionToken()]);
  if (!profile || !token) redirect('/log-ind?redirect=%2Fmin-konto%2Foversigt');
  const today = copenhagenIsoDate(new Date());
  const [summary, betWin, recent] = await Promise.all([
    loadSummary(token),
    loadBetWin(token),
    loadTransactions(token, { type: 'all', period: 'custom', from: addIsoDays(today, -90), page: 1, pageSize: 5 }),
  ]);
  const info = profile.userInfo;
  const wagered = summary ? Math.round(summary.TotalActiveBonusWageredFraction * 100) : 0;
  const remaining = summary
    ? Math.max(0, Math.round(summary.TotalActiveWageringRequirement * (1 - summary.TotalActiveBonusWageredFraction)))
    : 0;

  return (
    <div className={`${styles.page} ${styles.wide}`}>
      <h1 className={styles.title}>{t('overview.title')}</h1>
      <p className={styles.intro}>{t('overview.greeting', { name: info.firstName })}</p>

      <section className={styles.card} aria-labelledby="overview-balances">
        <h2 id="overview-balances">{t('overview.balances_title')}</h2>
        {summary ? (
          <dl className={own.balances} data-testid="overview-balances">
            <div>
              <dt>{t('overview.total_balance')}</dt>
              <dd data-testid="overview-total">{formatKr(summary.TotalBalance)}</dd>
            </div>
            <div>
              <dt>{t('overview.withdrawable_balance')}</dt>
              <dd data-testid="overview-withdrawable">{formatKr(summary.WithdrawableBalance)}</dd>
            </div>
            <div>
              <dt>{t('overview.bonus_balance')}</dt>
              <dd data-testid="overview-bonus">{formatKr(summary.BonusBalance)}</dd>
            </div>
          </dl>
        ) : (
          <p className={styles.alert} role="alert">
            {t('overview.balance_error')}
          </p>
        )}
        <nav aria-label={t('overview.quick_links')}>
          <ul className={own.links}>
            <li>
              <Link href="/min-konto/overfoer" prefetch={false}>
                {t('overview.deposit_link')}
              </Link>
            </li>
            <li>
              <Link href="/min-konto/udbetal" prefetch={false}>
                {t('overview.withdraw_link')}
              </Link>
            </li>
            <li>
              <Link href="/min-konto/begraensninger" prefetch={false}>
                {t('overview.change_limits')}
              </Link>
            </li>
            <li>
              <Link href={OFFERS_PATH} prefetch={false} data-testid="overview-offers-link">
                {t('menu.my_campaigns')}
              </Link>
            </li>
          </ul>
        </nav>
      </section>

      <section className={styles.card} aria-labelledby="overview-wagering">
        <h2 id="overview-wagering">{t('overview.wagering_title')}</h2>
        {summary && summary.TotalActiveWageringRequirement > 0 ? (
          <div data-testid="overview-wagering">
            <label htmlFor="overview-wagering-progress" className={styles.muted}>
              {t('overview.wagering_progress', { percent: wagered })}
            </label>
            <progress id="overview-wagering-progress" className={own.progress} max={100} value={wagered} />
            <dl className={styles.facts}>
              <dt>{t('overview.wagering_requirement')}</dt>
              <dd>{formatKr(summary.TotalActiveWageringRequirement)}</dd>
              <dt>{t('overview.wagering_remaining')}</dt>
              <dd>{formatKr(remaining)}</dd>
            </dl>
          </div>
        ) : (
          <p className={styles.muted} data-testid="overview-wagering">
            {t('overview.no_active_bonus')}
          </p>
        )}
      </section>

      <section className={styles.card} aria-labelledby="overview-betwin">
        <h2 id="overview-betwin">{t('overview.betwin_title')}</h2>
        {!betWin ? (
          <p className={styles.alert} role="alert">
            {t('overview.betwin_error')}
          </p>
        ) : betWin.rounds === 0 && betWin.totalWin === 0 ? (
          <p className={styles.muted} data-testid="overview-betwin">
            {t('overview.betwin_empty')}
          </p>
        ) : (
          <dl className={own.balances} data-testid="overview-betwin">
            <div>
              <dt>{t('overview.total_stake')}</dt>
              <dd>{formatKr(betWin.totalStake)}</dd>
            </div>
            <div>
              <dt>{t('overview.total_win')}</dt>
              <dd>{formatKr(betWin.totalWin)}</dd>
            </div>
            <div>
              <dt>{t('overview.net_result')}</dt>
              <dd>{formatKr(betWin.net)}</dd>
            </div>
            <div>
              <dt>{t('overview.rounds')}</dt>
              <dd>{betWin.rounds}</dd>
            </div>
          </dl>
        )}
      </section>

      <section className={styles.card} aria-labelledby="overview-recent">
        <h2 id="overview-recent">{t('transactions.recent_title')}</h2>
        {!recent.ok ? (
          <p className={styles.alert} role="alert">
            {t('transactions.error')}
          </p>
        ) : recent.data.rows.length === 0 ? (
          <p className={styles.muted}>{t('transactions.recent_empty')}</p>
        ) : (
          <ul className={own.recent} data-testid="overview-recent">
            {recent.data.rows.map((row) => (
              <li key={`${row.transactionId ?? 'p'}:${row.orderId}`}>
                <span>
                  <strong>
                    {typeLabel(t, row)}
                    {row.game ? `: ${row.game.name}` : ''}
                  </strong>
                  <time dateTime={row.time}>{formatDateTimeDa(row.time)}</time>
                </span>
                <span>
                  <span className={own.amount}>{formatKr(row.amountOre)}</span> · {statusLabel(t, row)}
                </span>
              </li>
            ))}
          </ul>
        )}
        <Link href="/min-konto/transaktioner" prefetch={false} className={styles.secondary}>
          {t('transactions.see_all')}
        </Link>{' '}
        <Link href="/min-konto/spilhistorik" prefetch={false} className={styles.secondary}>
          {t('games.history_link')}
        </Link>
      </section>
    </div>
  );
}
