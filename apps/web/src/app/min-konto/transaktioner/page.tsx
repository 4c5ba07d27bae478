import { addIsoDays, catalogueKeys, copenhagenIsoDate } from '@krone/domain';
import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { Pagination } from '@/components/content/pagination';
import { ListOutcome } from '@/components/players/list-outcome';
import styles from '@/components/players/players.module.css';
import { PERIOD_FILTER_TEXT_KEYS } from '@/components/players/text-keys';
import { TransactionsFilter } from '@/components/players/transactions-filter';
import own from '@/components/players/transactions.module.css';
import { COLUMNS, TransactionsTable } from '@/components/players/transactions-table';
import { getTranslator } from '@/lib/content';
import { pickTranslations } from '@/lib/i18n';
import { loginUrlFor } from '@/lib/login-required';
import { sessionToken } from '@/lib/session';
import { PERIOD_PARAMS, TYPE_PARAMS, loadTransactions, readTransactionsQuery, transactionsHref, type TypeParam } from '@/lib/transactions';

export const metadata: Metadata = { robots: { index: false } };

type Search = Promise<Record<string, string | string[] | undefined>>;

const TABS: { type: TypeParam; key: string }[] = [
  { type: 'alle', key: 'transactions.filter_all' },
  { type: 'betalinger', key: 'transactions.tab_payments' },
  { type: 'spil', key: 'transactions.tab_games' },
  { type: 'bonus', key: 'transactions.tab_bonus' },
];

/** Refusals of the period, shown next to their field. */
const FIELD_MESSAGES: Readonly<Record<string, string>> = catalogueKeys('HISTORY_TOO_OLD', 'HISTORY_PERIOD_INVALID');

/**
 * /min-konto/transaktioner (login required): the player's deposits, withdrawals, bonuses and
 * game rounds from the ledger, the last 30 days unless another period is chosen (up to 90 days
 * back), 10 a page. Rendered on the server from the address; the filter is a GET form.
 */
export default async function TransactionsPage({ searchParams }: { searchParams: Search }) {
  const [t, token, search] = await Promise.all([getTranslator(), sessionToken(), searchParams]);
  const query = readTransactionsQuery(search);
  if (!token) redirect(loginUrlFor(transactionsHref(query, { page: query.page })));
  const answer = await loadTransactions(token, {
    type: TYPE_PARAMS[query.type],
    period: PERIOD_PARAMS[query.period],
    from: query.from || undefined,
    to: query.to || undefined,
    page: query.page,
  });
  if (!answer.ok && answer.status === 401) redirect(loginUrlFor(transactionsHref(query, { page: query.page })));

  const today = copenhagenIsoDate(new Date());
  const minDate = answer.ok ? copenhagenIsoDate(answer.data.earliest) : addIsoDays(today, -90);
  const fieldErrors: { from?: string; to?: string } = {};
  if (!answer.ok && answer.status === 400) {
    const specific = FIELD_MESSAGES[answer.code];
    for (const field of ['from', 'to'] as const) {
      const key = answer.fields[field];
      if (key) fieldErrors[field] = t(specific ?? (key.includes('.') ? key : 'validation.invalid_input'));
    }
    if (!fieldErrors.from && !fieldErrors.to) fieldErrors.from = t(specific ?? 'validation.invalid_input');
  }
  const failed = !answer.ok && answer.status !== 400;
  const columns = COLUMNS[query.type];
  const tabLabel = t(TABS.find((tab) => tab.type === query.type)!.key);

  return (
    <div className={`${styles.page} ${styles.wide}`}>
      <h1 className={styles.title}>{t('transactions.title')}</h1>
      <p className={styles.intro}>{t('transactions.history_note')}</p>
      <nav className={own.tabs} aria-label={t('transactions.filter_type')}>
        <ul>
          {TABS.map((tab) => (
            <li key={tab.type}>
              <Link
                href={transactionsHref(query, { type: tab.type })}
                aria-current={tab.type === query.type ? 'page' : undefined}
                prefetch={false}
              >
                {t(tab.key)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section className={styles.card} aria-labelledby="transactions-list-title">
        <h2 id="transactions-list-title" className="visually-hidden">
          {tabLabel}
        </h2>
        <TransactionsFilter
          type={query.type}
          period={query.period}
          from={query.from}
          to={query.to}
          minDate={minDate}
          maxDate={today}
          errors={fieldErrors}
          texts={pickTranslations(t, PERIOD_FILTER_TEXT_KEYS)}
        />
        <ListOutcome
          testId="transactions"
          failed={failed}
          rows={answer.ok ? answer.data.rows.length : null}
          texts={{
            error: t('transactions.error'),
            empty: t('transactions.empty'),
            count: answer.ok ? t('transactions.showing', { count: answer.data.pagination.totalRecords }) : '',
          }}
        >
          {answer.ok ? (
            <>
              <TransactionsTable rows={answer.data.rows} columns={columns} t={t} caption={`${t('transactions.title')}: ${tabLabel}`} />
              <Pagination
                basePath="/min-konto/transaktioner"
                hrefFor={(n) => transactionsHref(query, { page: n })}
                totalRecords={answer.data.pagination.totalRecords}
                pageSize={answer.data.pagination.pageSize}
                currentPage={answer.data.pagination.currentPage}
                labels={{
                  nav: t('transactions.pagination_label'),
                  previous: t('label.previous_page'),
                  next: t('label.next_page'),
                  page: (n) => t('label.page_x_of_y', { current: n, total: answer.data.pagination.lastPage }),
                }}
              />
            </>
          ) : null}
        </ListOutcome>
      </section>
    </div>
  );
}
