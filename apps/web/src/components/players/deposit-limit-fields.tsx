'use client';

import { chooseLimitAmount, DEPOSIT_LIMIT_PERIODS, formatKr, SUGGESTED_DEPOSIT_LIMITS_KR, type DepositLimitPeriod } from '@krone/domain';
import { useId } from 'react';
import { textsTranslator } from '@/lib/i18n';
import styles from './players.module.css';

export interface DepositLimitValue {
  period: DepositLimitPeriod | null;
  /** A suggested amount in kroner ("1000"), "custom", or "" before a choice. */
  amount: string;
  custom: string;
}

export const EMPTY_LIMIT: DepositLimitValue = { period: null, amount: '', custom: '' };

/**
 * Checks a limit choice the way the platform will: the period, then the amount (a suggested one
 * or a custom amount in kroner, whole øre, 1 kr. to 10 million kr.). Answers the limit in øre,
 * or the key of the Danish message per field.
 */
export function checkDepositLimit(
  value: DepositLimitValue,
): { ok: true; period: DepositLimitPeriod; amountOre: number } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  if (!value.period) errors.period = 'validation.period_required';
  const amount = chooseLimitAmount(value.amount, value.custom);
  if (!amount.ok) errors.amount = amount.errorKey;
  if (!value.period || !amount.ok) return { ok: false, errors };
  return { ok: true, period: value.period, amountOre: amount.amountOre };
}

/** The limit fields' labels in the registration's words (its limit step, and the deposit pages' first-limit step). */
export const registrationLimitLabels = (t: (key: string) => string) => ({
  period: t('register.limit_period_label'),
  amount: t('register.limit_amount_label'),
  custom: t('register.limit_custom_label'),
  placeholder: t('register.limit_custom_placeholder'),
});

/**
 * The period and amount of a deposit limit, with suggested amounts and a custom amount: one set
 * of fields for the registration limit step and the limits page, so both offer the same choices.
 */
export function DepositLimitFields({
  value,
  onChange,
  errors,
  texts,
  labels,
}: {
  value: DepositLimitValue;
  onChange: (value: DepositLimitValue) => void;
  errors: Record<string, string>;
  texts: Record<string, string>;
  labels: { period: string; amount: string; custom: string; placeholder: string };
}) {
  const t = textsTranslator(texts);
  const id = useId();
  const error = (name: string) =>
    errors[name] ? (
      <p className={styles.fieldError} id={`${id}-${name}-error`} data-testid={`error-${name}`}>
        {t(errors[name]!)}
      </p>
    ) : null;
  return (
    <>
      <fieldset className={styles.choices} aria-describedby={errors.period ? `${id}-period-error` : undefined}>
        <legend className={styles.legend}>{labels.period}</legend>
        {DEPOSIT_LIMIT_PERIODS.map((period) => (
          <label key={period} className={styles.choice}>
            <input
              type="radio"
              name={`${id}-period`}
              value={period}
              checked={value.period === period}
              onChange={() => onChange({ ...value, period })}
            />
            {t(`limitations.period_${period}`)}
          </label>
        ))}
      </fieldset>
      {error('period')}
      <fieldset className={styles.choices} aria-describedby={errors.amount ? `${id}-amount-error` : undefined}>
        <legend className={styles.legend}>{labels.amount}</legend>
        {SUGGESTED_DEPOSIT_LIMITS_KR.map((kr) => (
          <label key={kr} className={styles.choice}>
            <input
              type="radio"
              name={`${id}-amount`}
              value={kr}
              checked={value.amount === String(kr)}
              onChange={() => onChange({ ...value, amount: String(kr) })}
            />
            {formatKr(kr * 100)}
          </label>
        ))}
        <label className={styles.choice}>
          <input
            type="radio"
            name={`${id}-amount`}
            value="custom"
            checked={value.amount === 'custom'}
            onChange={() => onChange({ ...value, amount: 'custom' })}
          />
          {labels.custom}
        </label>
      </fieldset>
      {value.amount === 'custom' ? (
        <div className={styles.field}>
          <label htmlFor={`${id}-custom`}>{labels.custom}</label>
          <input
            id={`${id}-custom`}
            inputMode="decimal"
            autoComplete="off"
            value={value.custom}
            placeholder={labels.placeholder}
            onChange={(event) => onChange({ ...value, custom: event.target.value })}
            aria-invalid={errors.amount ? true : undefined}
            aria-describedby={errors.amount ? `${id}-amount-error` : undefined}
            data-testid="custom-limit"
          />
        </div>
      ) : null}
      {error('amount')}
    </>
  );
}
