import { formatKr, QUICK_DEPOSIT_AMOUNTS_ORE } from '@krone/domain';
import type { Translate } from '@/lib/i18n';
import styles from './deposit.module.css';
import { FieldError } from './field-error';
import type { DepositFlowState } from './use-deposit-flow';

/** The amount: the quick amounts as chips, or any other amount typed in kroner. */
export function AmountFields({ flow, t }: { flow: DepositFlowState; t: Translate }) {
  const { quick, amountOre } = flow;
  return (
    <>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{quick ? t('quick_deposit.choose_amount') : t('deposit.quick_amounts')}</legend>
        <div className={styles.amounts}>
          {QUICK_DEPOSIT_AMOUNTS_ORE.map((ore) => (
            <button
              key={ore}
              type="button"
              className={styles.amountChip}
              aria-pressed={amountOre === ore}
              onClick={() => flow.chooseAmount(ore)}
              data-testid={`amount-${ore / 100}`}
            >
              {formatKr(ore)}
            </button>
          ))}
        </div>
      </fieldset>
      <div className={styles.field}>
        <label htmlFor={flow.fieldId('amount')}>{quick ? t('quick_deposit.other_amount') : t('deposit.other_amount')}</label>
        <div className={styles.suffixed}>
          <input
            {...flow.inputProps('amount')}
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('deposit.amount_placeholder')}
            value={flow.amount}
            onChange={(event) => flow.setAmount(event.target.value)}
          />
          <span aria-hidden="true">kr.</span>
        </div>
        <p className={styles.help}>{quick ? t('quick_deposit.min_amount') : t('deposit.min_amount')}</p>
        <FieldError flow={flow} field="amount" t={t} />
      </div>
    </>
  );
}

/** The optional bonus code, behind its checkbox. */
export function BonusField({ flow, t }: { flow: DepositFlowState; t: Translate }) {
  return (
    <div className={styles.field}>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={flow.bonusOpen}
          onChange={(event) => flow.setBonusOpen(event.target.checked)}
          data-testid="bonus-toggle"
        />
        <span>{t('deposit.bonus_toggle')}</span>
      </label>
      {flow.bonusOpen ? (
        <>
          <label htmlFor={flow.fieldId('bonusCode')}>{t('deposit.bonus_code_label')}</label>
          <input
            {...flow.inputProps('bonusCode')}
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={40}
            placeholder={t('deposit.bonus_code_placeholder')}
            value={flow.bonusCode}
            onChange={(event) => flow.setBonusCode(event.target.value)}
          />
          <FieldError flow={flow} field="bonusCode" t={t} />
        </>
      ) : null}
    </div>
  );
}
