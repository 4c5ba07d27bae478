'use client';

import { textsTranslator } from '@/lib/i18n';
import { PeriodFields, type PeriodProps } from './period-fields';
import own from './transactions.module.css';

/**
 * The period filter of the transaction list: the last 24 hours, 7 or 30 days, or two dates within
 * the days the platform keeps available. A plain GET form: the list is rendered on the server
 * from the address, so the back button and a shared link show the same list.
 */
export function TransactionsFilter({ type, texts, ...period }: PeriodProps & { type: string; texts: Record<string, string> }) {
  const t = textsTranslator(texts);
  return (
    <form className={own.filter} method="get" action="/min-konto/transaktioner" data-testid="transactions-filter">
      {type !== 'alle' ? <input type="hidden" name="type" value={type} /> : null}
      <PeriodFields idPrefix="transactions" t={t} {...period} />
      <button type="submit" className={own.show}>
        {t('transactions.show')}
      </button>
    </form>
  );
}
