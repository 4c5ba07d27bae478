import type { Translate } from '@/lib/i18n';
import styles from './deposit.module.css';
import type { DepositField, DepositFlowState } from './use-deposit-flow';

/** What is wrong with one field, under it, named by the field's aria-describedby. */
export function FieldError({ flow, field, t }: { flow: DepositFlowState; field: DepositField; t: Translate }) {
  const key = flow.errors[field];
  return key ? (
    <p id={`${flow.fieldId(field)}-error`} className={styles.fieldError}>
      {t(key)}
    </p>
  ) : null;
}
