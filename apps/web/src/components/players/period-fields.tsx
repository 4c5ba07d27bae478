'use client';

import { useState } from 'react';
import type { Translate } from '@/lib/i18n';
import styles from './players.module.css';

/** A period choice: the value sent as `periode` and its label. */
export interface PeriodOption {
  value: string;
  label: string;
}

/** The chosen period as the page read it from the address, the dates allowed, and the platform's refusals. */
export interface PeriodProps {
  period: string;
  from: string;
  to: string;
  minDate: string;
  maxDate: string;
  errors: { from?: string; to?: string };
}

/**
 * The period part of a GET filter form (transactions, game history): a period select and, when
 * "valgt" (custom) is chosen, two dates within `minDate`..`maxDate`, each with the platform's refusal
 * under it. Sends `periode`, `fra` and `til`.
 */
export function PeriodFields({
  idPrefix,
  t,
  longer = [],
  period,
  from,
  to,
  minDate,
  maxDate,
  errors,
}: PeriodProps & {
  idPrefix: string;
  /** The filter form's translator (its texts include the transactions.* period keys). */
  t: Translate;
  /** Periods offered after "30 days", before the custom dates (the game history's 90 days). */
  longer?: readonly PeriodOption[];
}) {
  const options: PeriodOption[] = [
    { value: '24t', label: t('transactions.last_24_hours') },
    { value: '7d', label: t('transactions.last_7_days') },
    { value: '30d', label: t('transactions.last_30_days') },
    ...longer,
    { value: 'valgt', label: t('transactions.last_custom') },
  ];
  const [chosen, setChosen] = useState(period);
  return (
    <>
      <div className={styles.field}>
        <label htmlFor={`${idPrefix}-period`}>{t('transactions.filter_period')}</label>
        <select id={`${idPrefix}-period`} name="periode" value={chosen} onChange={(event) => setChosen(event.target.value)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {chosen === 'valgt' ? (
        <>
          <DateField
            id={`${idPrefix}-from`}
            name="fra"
            label={t('transactions.from_label')}
            value={from}
            min={minDate}
            max={maxDate}
            error={errors.from}
            required
          />
          <DateField
            id={`${idPrefix}-to`}
            name="til"
            label={t('transactions.to_label')}
            value={to}
            min={minDate}
            max={maxDate}
            error={errors.to}
          />
        </>
      ) : null}
    </>
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
