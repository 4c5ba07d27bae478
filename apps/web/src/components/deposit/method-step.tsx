import type { Translate } from '@/lib/i18n';
import type { CardField } from '@/lib/card-rules';
import styles from './deposit.module.css';
import { FieldError } from './field-error';
import type { DepositFlowState } from './use-deposit-flow';

/** Card or MobilePay, as the operator allows them for this form. */
export function MethodChoice({
  flow,
  methods,
  t,
}: {
  flow: DepositFlowState;
  methods: { card: boolean; mobilePay: boolean };
  t: Translate;
}) {
  const { id, method } = flow;
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{flow.quick ? t('quick_deposit.method_label') : t('deposit.method_label')}</legend>
      <div className={styles.methods}>
        {methods.card ? (
          <label className={styles.choice}>
            <input
              type="radio"
              name={`${id}-method`}
              value="card"
              checked={method === 'card'}
              onChange={() => flow.setMethod('card')}
              data-testid="method-card"
            />
            <span>{t('deposit.method_card')}</span>
          </label>
        ) : null}
        {methods.mobilePay ? (
          <label className={styles.choice}>
            <input
              type="radio"
              name={`${id}-method`}
              value="mobilepay"
              checked={method === 'mobilepay'}
              onChange={() => flow.setMethod('mobilepay')}
              data-testid="method-mobilepay"
            />
            <span>{t('deposit.method_mobilepay')}</span>
          </label>
        ) : null}
      </div>
      {methods.mobilePay ? (
        <p className={styles.help} data-testid="mobilepay-range">
          {t('deposit.mobilepay_range')}
        </p>
      ) : null}
    </fieldset>
  );
}

/** One card field: its label, input and what is wrong with it. */
function CardInputField({
  flow,
  field,
  t,
  label,
  placeholder,
  ...input
}: {
  flow: DepositFlowState;
  field: CardField;
  t: Translate;
  label: string;
  placeholder: string;
} & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className={styles.field}>
      <label htmlFor={flow.fieldId(field)}>{t(label)}</label>
      <input
        {...flow.inputProps(field)}
        {...input}
        placeholder={t(placeholder)}
        value={flow.card[field]}
        onChange={(event) => flow.setCardField(field, event.target.value)}
      />
      <FieldError flow={flow} field={field} t={t} />
    </div>
  );
}

/** The card's fields, shown when the player pays by card. */
export function CardFields({ flow, t }: { flow: DepositFlowState; t: Translate }) {
  if (flow.method !== 'card') return null;
  return (
    <div className={styles.cardFields}>
      <p className={styles.help}>{t('deposit.accepted_cards')}</p>
      <CardInputField
        flow={flow}
        field="number"
        t={t}
        label="deposit.card_number_label"
        placeholder="deposit.card_number_placeholder"
        inputMode="numeric"
        autoComplete="cc-number"
      />
      <CardInputField
        flow={flow}
        field="holder"
        t={t}
        label="deposit.cardholder_label"
        placeholder="deposit.cardholder_placeholder"
        autoComplete="cc-name"
        maxLength={100}
      />
      <div className={styles.trio}>
        <CardInputField
          flow={flow}
          field="expiryMonth"
          t={t}
          label="deposit.expiry_month_label"
          placeholder="deposit.expiry_month_placeholder"
          inputMode="numeric"
          autoComplete="cc-exp-month"
          maxLength={2}
        />
        <CardInputField
          flow={flow}
          field="expiryYear"
          t={t}
          label="deposit.expiry_year_label"
          placeholder="deposit.expiry_year_placeholder"
          inputMode="numeric"
          autoComplete="cc-exp-year"
          maxLength={4}
        />
        <CardInputField
          flow={flow}
          field="cvv"
          t={t}
          label="deposit.cvv_label"
          placeholder="deposit.cvv_placeholder"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
        />
      </div>
      <p className={styles.help}>{t('deposit.cvv_help')}</p>
    </div>
  );
}
