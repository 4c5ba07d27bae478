'use client';

import { textsTranslator } from '@/lib/i18n';
import { PeriodFields } from './period-fields';
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
  const t = textsTranslator(texts);
  return (
    <form className={own.filter} method="get" action="/min-konto/transaktioner" data-testid="transactions-filter">
      {type !== 'alle' ? <input type="hidden" name="type" value={type} /> : null}
      <PeriodFields
        idPrefix="transactions"
        label={t('transactions.filter_period')}
        options={[
          { value: '24t', label: t('transactions.last_24_hours') },
          { value: '7d', label: t('transactions.last_7_days') },
          { value: '30d', label: t('transactions.last_30_days') },
          { value: 'valgt', label: t('transactions.last_custom') },
        ]}
        period={period}
        from={from}
        to={to}
        minDate={minDate}
        maxDate={maxDate}
        errors={errors}
        fromLabel={t('transactions.from_label')}
        toLabel={t('transactions.to_label')}
      />
      <button type="submit" className={own.show}>
        {t('transactions.show')}
      </button>
    </form>
  );
}
