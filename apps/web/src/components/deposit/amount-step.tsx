// Relative imports: the unit test (offers.test.tsx) renders BonusField under vitest, which has no '@/' alias.
import { formatKr, QUICK_DEPOSIT_AMOUNTS_ORE } from '@krone/domain';
import Link from 'next/link';
import type { Translate } from '../../lib/i18n';
import { campaignHref, offerForCode, refusalLines, type DepositOffer } from '../../lib/offer-rules';
import { OfferTerms } from '../offers/offer-terms';
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

/** The terms of the offer whose code is in the field (the campaigns' codes), beside it: what the deposit must meet and what it brings. */
function OfferBeside({ offer, welcome, id, t }: { offer: DepositOffer; welcome: boolean; id: string; t: Translate }) {
  return (
    <div className={styles.offer} id={id} data-testid="bonus-offer" data-code={offer.code}>
      <p className={styles.offerTitle}>{welcome ? t('condition.welcome_title') : t('deposit.offer_terms_title')}</p>
      <OfferTerms offer={offer} t={t} />
      {offer.refusal ? (
        <p className={styles.help} data-testid="bonus-offer-refusal">
          {refusalLines(offer.refusal, offer.window?.opensAt, t).join(' ')}
        </p>
      ) : null}
      {offer.campaignSlug ? (
        <Link href={campaignHref(offer.campaignSlug)} prefetch={false}>
          {t('campaign.terms')}
        </Link>
      ) : null}
    </div>
  );
}

/**
 * The optional bonus code, behind its checkbox, with the terms of the campaign's offer it names
 * beside it. When the player may still take the welcome offer it is chosen to begin with, and
 * "Jeg vil ikke have velkomsttilbuddet" sets it aside (and back).
 */
export function BonusField({ flow, offers = [], t }: { flow: DepositFlowState; offers?: readonly DepositOffer[]; t: Translate }) {
  const fieldId = flow.fieldId('bonusCode');
  const offer = flow.bonusOpen ? offerForCode(offers, flow.bonusCode) : undefined;
  const termsId = `${fieldId}-offer`;
  const describedBy = [flow.errors.bonusCode ? `${fieldId}-error` : null, offer ? termsId : null].filter(Boolean).join(' ') || undefined;
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
          <label htmlFor={fieldId}>{t('deposit.bonus_code_label')}</label>
          <input
            {...flow.inputProps('bonusCode')}
            aria-describedby={describedBy}
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={40}
            placeholder={t('deposit.bonus_code_placeholder')}
            value={flow.bonusCode}
            onChange={(event) => flow.setBonusCode(event.target.value)}
          />
          <FieldError flow={flow} field="bonusCode" t={t} />
          {offer ? <OfferBeside offer={offer} welcome={offer.code === flow.welcomeCode} id={termsId} t={t} /> : null}
        </>
      ) : null}
      {flow.showsWelcomeDecline ? (
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={flow.welcomeDeclined}
            onChange={(event) => flow.setWelcomeDeclined(event.target.checked)}
            data-testid="welcome-decline"
          />
          <span>{t('deposit.welcome_decline')}</span>
        </label>
      ) : null}
    </div>
  );
}
