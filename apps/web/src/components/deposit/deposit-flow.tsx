'use client';

import { textsTranslator, type Texts } from '@/lib/i18n';
import type { BonusChoice, DepositOffer } from '@/lib/offer-rules';
import { AmountFields, BonusField } from './amount-step';
import { DepositAlertBox, DepositSummary, SubmitButton } from './confirm-step';
import styles from './deposit.module.css';
import { CardFields, MethodChoice } from './method-step';
import { PaymentStatus } from './payment-status';
import { ThreeDsFrame } from './threeds-frame';
import { useDepositFlow } from './use-deposit-flow';

export interface DepositFlowProps {
  variant: 'main' | 'quick';
  methods: { card: boolean; mobilePay: boolean };
  threeDs: { desktop: number; tablet: number; mobile: number };
  tokensUrl: string;
  texts: Texts;
  /** The campaigns' offers (the player's own, with why not), whose terms show beside the code typed (issue 27). */
  offers?: DepositOffer[];
  /** The code the form starts with: the one chosen on a campaign page, or the welcome offer the player may take. */
  initialBonus?: BonusChoice;
  /** The operator's MobilePay amounts (settingMobilePay). */
  mobilePayRange?: { minOre: number; maxOre: number };
}

/**
 * A deposit by card or MobilePay. The main deposit (/min-konto/overfoer) has the spec's three
 * steps: amount (and bonus code), payment method and card, confirm. Quick deposit (/QuickDeposit,
 * /quick-deposit) asks the same on one screen with the quick amounts 1000, 500 and 200 kr.
 * The state and the payment live in use-deposit-flow.ts; the steps' fields in the files beside.
 */
export function DepositFlow({ variant, methods, threeDs, tokensUrl, texts, offers = [], initialBonus, mobilePayRange }: DepositFlowProps) {
  const t = textsTranslator(texts);
  const flow = useDepositFlow({ variant, methods, tokensUrl, initialBonus, mobilePayRange });
  const { id, quick, step, phase } = flow;

  if (!methods.card && !methods.mobilePay) {
    return (
      <p className={styles.alert} role="alert">
        {t('deposit.no_methods')}
      </p>
    );
  }

  const againHref = quick ? '/QuickDeposit' : '/min-konto/overfoer';
  if (phase.kind === 'result') return <PaymentStatus id={phase.deposit.id} initial={phase.deposit} texts={texts} againHref={againHref} />;

  const titles = { 1: t('deposit.step1_title'), 2: t('deposit.step2_title'), 3: t('deposit.step3_title') };
  const body = quick ? (
    <>
      <AmountFields flow={flow} t={t} />
      <MethodChoice flow={flow} methods={methods} t={t} />
      <CardFields flow={flow} t={t} />
      <BonusField flow={flow} offers={offers} t={t} />
      <DepositAlertBox flow={flow} t={t} />
      <SubmitButton flow={flow} t={t} />
    </>
  ) : (
    <>
      <p className={styles.steps} data-testid="deposit-step">
        {t('deposit.step_of', { current: String(step), total: '3' })}
      </p>
      <h2 id={`${id}-step-title`} className={styles.stepTitle} tabIndex={-1}>
        {titles[step]}
      </h2>
      {step === 1 ? (
        <>
          <AmountFields flow={flow} t={t} />
          <BonusField flow={flow} offers={offers} t={t} />
        </>
      ) : null}
      {step === 2 ? (
        <>
          <MethodChoice flow={flow} methods={methods} t={t} />
          <CardFields flow={flow} t={t} />
        </>
      ) : null}
      {step === 3 ? (
        <>
          <DepositSummary flow={flow} t={t} />
          <p className={styles.help}>{t('deposit.no_fee')}</p>
        </>
      ) : null}
      <DepositAlertBox flow={flow} t={t} />
      <div className={styles.buttons}>
        {step > 1 ? (
          <button type="button" className={styles.secondary} onClick={flow.back}>
            {t('btn.back')}
          </button>
        ) : null}
        <SubmitButton flow={flow} t={t} />
      </div>
    </>
  );

  return (
    <>
      <form
        className={styles.form}
        onSubmit={flow.submit}
        noValidate
        aria-labelledby={quick ? undefined : `${id}-step-title`}
        data-testid="deposit-form"
      >
        {body}
        <p className={styles.help}>{t('deposit.responsible_note')}</p>
      </form>
      {phase.kind === 'threeds' ? (
        <ThreeDsFrame url={phase.deposit.actionUrl!} widths={threeDs} texts={texts} onDone={flow.threeDsDone} />
      ) : null}
    </>
  );
}
