'use client';

import { useState } from 'react';
import styles from './players.module.css';
import own from './transactions.module.css';

/**
 * The period filter of the transaction list: the last 24 hours, 7 or 30 days, or two dates within
 * the days the platform keeps available. A plain GET form: the list is rendered on the server
 * from the address, so the back button and a shared link show the same list.
 */
export function TransactionsFilter({
  type,
  period,
  from,
  to,
  minDate,
  maxDate,
  errors,
  texts,
}: {
  type: string;
  period: string;
  from: string;
  to: string;
  minDate: string;
  maxDate: string;
  errors: { from?: string; to?: string };
  texts: Record<string, string>;
}) {
  const [chosen, setChosen] = useState(period);
  const t = (key: string) => texts[key] ?? key;
  return (
    <form className={own.filter} method="get" action="/min-konto/transaktioner" data-testid="transactions-filter">
      {type !== 'alle' ? <input type="hidden" name="type" value={type} /> : null}
      <div className={styles.field}>
        <label htmlFor="transactions-period">{t('transactions.filter_period')}</label>
        <select id="transactions-period" name="periode" value={chosen} onChange={(event) => setChosen(event.target.value)}>
          <option value="24t">{t('transactions.last_24_hours')}</option>
          <option value="7d">{t('transactions.last_7_days')}</option>
          <option value="30d">{t('transactions.last_30_days')}</option>
          <option value="valgt">{t('transactions.last_custom')}</option>
        </select>
      </div>
      {chosen === 'valgt' ? (
        <>
          <div className={styles.field}>
            <label htmlFor="transactions-from">{t('transactions.from_label')}</label>
            <input
              id="transactions-from"
              type="date"
              name="fra"
              defaultValue={from}
              min={minDate}
              max={maxDate}
              required
              aria-invalid={errors.from ? true : undefined}
              aria-describedby={errors.from ? 'transactions-from-error' : undefined}
            />
            {errors.from ? (
              <p id="transactions-from-error" className={styles.fieldError} role="alert">
                {errors.from}
              </p>
            ) : null}
          </div>
          <div className={styles.field}>
            <label htmlFor="transactions-to">{t('transactions.to_label')}</label>
            <input
              id="transactions-to"
              type="date"
              name="til"
              defaultValue={to}
              min={minDate}
              max={maxDate}
              aria-invalid={errors.to ? true : undefined}
              aria-describedby={errors.to ? 'transactions-to-error' : undefined}
            />
            {errors.to ? (
              <p id="transactions-to-error" className={styles.fieldError} role="alert">
                {errors.to}
              </p>
            ) : null}
          </div>
        </>
      ) : null}
      <button type="submit" className={own.show}>
        {t('transactions.show')}
      </button>
    </form>
  );
}
