'use client';

import { useState } from 'react';
import styles from './players.module.css';

/** A period choice: the value sent as `periode` and its label. */
export interface PeriodOption {
  value: string;
  label: string;
}

/**
 * The period part of a GET filter form (transactions, game history): a period select and, when
 * "valgt" (custom) is chosen, two dates within `minDate`..`maxDate`, each with the platform's refusal
 * under it. Sends `periode`, `fra` and `til`.
 */
export function PeriodFields({
  idPrefix,
  label,
  options,
  period,
  from,
  to,
  minDate,
  maxDate,
  errors,
  fromLabel,
  toLabel,
}: {
  idPrefix: string;
  label: string;
  options: readonly PeriodOption[];
  period: string;
  from: string;
  to: string;
  minDate: string;
  maxDate: string;
  errors: { from?: string; to?: string };
  fromLabel: string;
  toLabel: string;
}) {
  const [chosen, setChosen] = useState(period);
  return (
    <>
      <div className={styles.field}>
        <label htmlFor={`${idPrefix}-period`}>{label}</label>
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
            label={fromLabel}
            value={from}
            min={minDate}
            max={maxDate}
            error={errors.from}
            required
          />
          <DateField id={`${idPrefix}-to`} name="til" label={toLabel} value={to} min={minDate} max={maxDate} error={errors.to} />
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
