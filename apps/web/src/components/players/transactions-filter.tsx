'use client';

import { useState } from 'react';
import { textsTranslator } from '@/lib/i18n';
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
  const t = textsTranslator(texts);
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
          <DateField
            id="transactions-from"
            name="fra"
            label={t('transactions.from_label')}
            value={from}
            min={minDate}
            max={maxDate}
            error={errors.from}
            required
          />
          <DateField
            id="transactions-to"
            name="til"
            label={t('transactions.to_label')}
            value={to}
            min={minDate}
            max={maxDate}
            error={errors.to}
          />
        </>
      ) : null}
      <button type="submit" className={own.show}>
        {t('transactions.show')}
      </button>
    </form>
  );
}

/** One date of a custom period, with its message under it when the platform refused it. */
function DateField({
  id,
  name,
  label,
  value,
  min,
  max,
  error,
  required,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  min: string;
  max: string;
  error?: string;
  required?: boolean;
}) {
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="date"
        name={name}
        defaultValue={value}
        min={min}
        max={max}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error ? (
        <p id={errorId} className={styles.fieldError} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
