'use client';

import { formatKr, interpolate, QUICK_DEPOSIT_AMOUNTS_ORE } from '@krone/domain';
import Link from 'next/link';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { refreshAccountSummary } from '../players/account-summary';
import { bareCardNumber, CARD_FIELDS, checkAmount, checkCard, fullYear, groupCardNumber, type CardField, type CardInput } from './card-rules';
import styles from './deposit.module.css';
import { BONUS_CODE_CODES, DEPOSIT_ERROR_KEYS, LIMITS_CODES, remainingLine } from './messages';
import { PaymentStatus } from './payment-status';
import { ThreeDsFrame } from './threeds-frame';
import type { Deposit, Texts } from './types';

type Method = 'card' | 'mobilepay';
type Field = CardField | 'amount' | 'bonusCode';
type Phase = { kind: 'form' } | { kind: 'threeds'; deposit: Deposit } | { kind: 'result'; deposit: Deposit };
interface Alert {
  key: string;
  limitsLink: boolean;
  /** A limit refusal's second line: what may still be deposited. */
  remaining?: { key: string; vars: { amount: string } } | null;
}

export interface DepositFlowProps {
  variant: 'main' | 'quick';
  methods: { card: boolean; mobilePay: boolean };
  threeDs: { desktop: number; tablet: number; mobile: number };
  tokensUrl: string;
  texts: Texts;
}

const EMPTY_CARD: CardInput = { number: '', holder: '', expiryMonth: '', expiryYear: '', cvv: '' };
const STEP_FIELDS: Record<1 | 2, Field[]> = { 1: ['amount', 'bonusCode'], 2: [...CARD_FIELDS] };

/**
 * A deposit by card or MobilePay. The main deposit (/min-konto/overfoer) has the spec's three
 * steps: amount (and bonus code), payment method and card, confirm. Quick deposit (/QuickDeposit,
 * /quick-deposit) asks the same on one screen with the quick amounts 1000, 500 and 200 kr.
 * Everything is checked here first (spec §5); the card goes from this browser to the provider's
 * tokenisation endpoint and only its token reaches our servers.
 */
export function DepositFlow({ variant, methods, threeDs, tokensUrl, texts }: DepositFlowProps) {
  const t = (key: string, vars?: Record<string, string>) => (vars ? interpolate(texts[key] ?? key, vars) : (texts[key] ?? key));
  const id = useId();
  const quick = variant === 'quick';
  const [step, setStep] = useState<1 | 2 | 3>(1);
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<Method>(methods.card ? 'card' : 'mobilepay');
  const [card, setCard] = useState<CardInput>(EMPTY_CARD);
  const [bonusOpen, setBonusOpen] = useState(false);
  const [bonusCode, setBonusCode] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [alert, setAlert] = useState<Alert | null>(null);
  const [busy, setBusy] = useState(false);
  const [phase, setPhase] = useState<Phase>({ kind: 'form' });

  if (!methods.card && !methods.mobilePay) {
    return (
      <p className={styles.alert} role="alert">
        {t('deposit.no_methods')}
      </p>
    );
  }

  const fieldId = (field: Field) => `${id}-${field}`;
  const focus = (field: Field) => document.getElementById(fieldId(field))?.focus();
  const amountOre = (() => {
    const checked = checkAmount(amount);
    return 'ore' in checked ? checked.ore : null;
  })();

  function checkFields(fields: Field[]): Partial<Record<Field, string>> {
    const found: Partial<Record<Field, string>> = {};
    if (fields.includes('amount')) {
      const checked = checkAmount(amount);
      if ('error' in checked) found.amount = checked.error;
    }
    if (fields.includes('bonusCode') && bonusOpen && !bonusCode.trim()) found.bonusCode = 'validation.bonus_code_empty';
    if (method === 'card' && fields.some((field) => (CARD_FIELDS as readonly string[]).includes(field))) Object.assign(found, checkCard(card));
    return found;
  }

  /** Shows what is wrong next to each field and focuses the first; true when all is well. */
  function validate(fields: Field[]): boolean {
    const found = checkFields(fields);
    setErrors(found);
    const first = fields.find((field) => found[field]);
    if (first) focus(first);
    return !first;
  }

  function refuse(code: string | undefined, message: string | undefined, remainingOre?: number) {
    const key = (code && DEPOSIT_ERROR_KEYS[code]) ?? null;
    if (code !== undefined && BONUS_CODE_CODES.has(code)) {
      setErrors({ bonusCode: key! });
      if (!quick) setStep(1);
      setTimeout(() => focus('bonusCode'));
      return;
    }
    if (code === 'DEPOSIT_TOO_SMALL') {
      setErrors({ amount: key! });
      if (!quick) setStep(1);
      setTimeout(() => focus('amount'));
      return;
    }
    if (code === 'CARD_DETAILS_INCORRECT' && !quick) setStep(2);
    setAlert({ key: key ?? (message ? `raw:${message}` : 'deposit.error_server'), limitsLink: code !== undefined && LIMITS_CODES.has(code), remaining: remainingLine(code, remainingOre) });
  }

  async function post(url: string, body: unknown) {
    try {
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return { status: response.status, body: (await response.json().catch(() => ({}))) as { result?: number; code?: string; message?: string; remainingOre?: number; data?: Deposit } };
    } catch {
      return { status: 0, body: { code: 'NETWORK_ERROR' } as { result?: number; code?: string; message?: string; remainingOre?: number; data?: Deposit } };
    }
  }

  /** Card data to the provider, from this browser; answers the token or marks the card's fields. */
  async function tokenise(): Promise<string | null> {
    try {
      const response = await fetch(tokensUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          number: bareCardNumber(card.number),
          holder: card.holder.trim(),
          expiryMonth: Number(card.expiryMonth),
          expiryYear: fullYear(card.expiryYear),
          cvv: card.cvv.trim(),
        }),
      });
      const answer = (await response.json().catch(() => ({}))) as { token?: string; error?: string; fields?: string[] };
      if (response.ok && answer.token) return answer.token;
      if (answer.error === 'invalid_card') {
        const marked: Partial<Record<Field, string>> = {};
        for (const field of answer.fields ?? []) {
          if (field === 'number') marked.number = 'deposit.error_card';
          else if (field === 'expiry' || field === 'expiryMonth' || field === 'expiryYear') marked.expiryYear = 'deposit.error_card';
          else if (field === 'cvv' || field === 'holder') marked[field] = 'deposit.error_card';
        }
        setErrors(marked);
        refuse('CARD_DETAILS_INCORRECT', undefined);
        return null;
      }
      refuse('PAYMENT_PROVIDER_ERROR', undefined);
      return null;
    } catch {
      refuse('PAYMENT_PROVIDER_ERROR', undefined);
      return null;
    }
  }

  async function pay() {
    if (amountOre === null) return;
    setAlert(null);
    setBusy(true);
    try {
      const base = { amountOre, from: variant, ...(bonusOpen ? { bonusCode } : {}) };
      if (method === 'mobilepay') {
        const answer = await post('/api/deposit/mobilepay', base);
        if (answer.body.result === 1 && answer.body.data?.actionUrl) {
          window.location.assign(answer.body.data.actionUrl);
          return;
        }
        refuse(answer.status === 0 ? undefined : answer.body.code, answer.body.message, answer.body.remainingOre);
        return;
      }
      const token = await tokenise();
      if (!token) return;
      const answer = await post('/api/deposit/card', { ...base, token });
      const deposit = answer.body.data;
      if (answer.body.result === 1 && deposit) {
        if (deposit.status === 'requires_action' && deposit.actionUrl) setPhase({ kind: 'threeds', deposit });
        else {
          setPhase({ kind: 'result', deposit });
          void refreshAccountSummary();
        }
        return;
      }
      refuse(answer.status === 0 ? undefined : answer.body.code, answer.body.message, answer.body.remainingOre);
    } finally {
      setBusy(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setAlert(null);
    if (quick) {
      if (validate(['amount', 'bonusCode', ...(method === 'card' ? CARD_FIELDS : [])])) await pay();
      return;
    }
    if (step === 1 && validate(STEP_FIELDS[1])) setStep(2);
    else if (step === 2 && validate(method === 'card' ? STEP_FIELDS[2] : [])) setStep(3);
    else if (step === 3) await pay();
  }

  const againHref = quick ? '/QuickDeposit' : '/min-konto/overfoer';
  if (phase.kind === 'result') return <PaymentStatus id={phase.deposit.id} initial={phase.deposit} texts={texts} againHref={againHref} />;

  const error = (field: Field) =>
    errors[field] ? (
      <p id={`${fieldId(field)}-error`} className={styles.fieldError}>
        {t(errors[field]!)}
      </p>
    ) : null;
  const inputProps = (field: Field) => ({
    id: fieldId(field),
    name: field,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${fieldId(field)}-error` : undefined,
  });
  const setCardField = (field: CardField, value: string) => setCard((current) => ({ ...current, [field]: field === 'number' ? groupCardNumber(value) : value }));

  const amountSection = (
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
              onClick={() => {
                setAmount(String(ore / 100));
                setErrors((current) => ({ ...current, amount: undefined }));
              }}
              data-testid={`amount-${ore / 100}`}
            >
              {formatKr(ore)}
            </button>
          ))}
        </div>
      </fieldset>
      <div className={styles.field}>
        <label htmlFor={fieldId('amount')}>{quick ? t('quick_deposit.other_amount') : t('deposit.other_amount')}</label>
        <div className={styles.suffixed}>
          <input {...inputProps('amount')} inputMode="decimal" autoComplete="off" placeholder={t('deposit.amount_placeholder')} value={amount} onChange={(event) => setAmount(event.target.value)} />
          <span aria-hidden="true">kr.</span>
        </div>
        <p className={styles.help}>{quick ? t('quick_deposit.min_amount') : t('deposit.min_amount')}</p>
        {error('amount')}
      </div>
    </>
  );

  const bonusSection = (
    <div className={styles.field}>
      <label className={styles.check}>
        <input type="checkbox" checked={bonusOpen} onChange={(event) => setBonusOpen(event.target.checked)} data-testid="bonus-toggle" />
        <span>{t('deposit.bonus_toggle')}</span>
      </label>
      {bonusOpen ? (
        <>
          <label htmlFor={fieldId('bonusCode')}>{t('deposit.bonus_code_label')}</label>
          <input {...inputProps('bonusCode')} autoComplete="off" autoCapitalize="characters" maxLength={40} placeholder={t('deposit.bonus_code_placeholder')} value={bonusCode} onChange={(event) => setBonusCode(event.target.value)} />
          {error('bonusCode')}
        </>
      ) : null}
    </div>
  );

  const methodSection = (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{quick ? t('quick_deposit.method_label') : t('deposit.method_label')}</legend>
      <div className={styles.methods}>
        {methods.card ? (
          <label className={styles.choice}>
            <input type="radio" name={`${id}-method`} value="card" checked={method === 'card'} onChange={() => setMethod('card')} data-testid="method-card" />
            <span>{t('deposit.method_card')}</span>
          </label>
        ) : null}
        {methods.mobilePay ? (
          <label className={styles.choice}>
            <input type="radio" name={`${id}-method`} value="mobilepay" checked={method === 'mobilepay'} onChange={() => setMethod('mobilepay')} data-testid="method-mobilepay" />
            <span>{t('deposit.method_mobilepay')}</span>
          </label>
        ) : null}
      </div>
    </fieldset>
  );

  const cardSection =
    method === 'card' ? (
      <div className={styles.cardFields}>
        <p className={styles.help}>{t('deposit.accepted_cards')}</p>
        <div className={styles.field}>
          <label htmlFor={fieldId('number')}>{t('deposit.card_number_label')}</label>
          <input {...inputProps('number')} inputMode="numeric" autoComplete="cc-number" placeholder={t('deposit.card_number_placeholder')} value={card.number} onChange={(event) => setCardField('number', event.target.value)} />
          {error('number')}
        </div>
        <div className={styles.field}>
          <label htmlFor={fieldId('holder')}>{t('deposit.cardholder_label')}</label>
          <input {...inputProps('holder')} autoComplete="cc-name" placeholder={t('deposit.cardholder_placeholder')} maxLength={100} value={card.holder} onChange={(event) => setCardField('holder', event.target.value)} />
          {error('holder')}
        </div>
        <div className={styles.trio}>
          <div className={styles.field}>
            <label htmlFor={fieldId('expiryMonth')}>{t('deposit.expiry_month_label')}</label>
            <input {...inputProps('expiryMonth')} inputMode="numeric" autoComplete="cc-exp-month" maxLength={2} placeholder={t('deposit.expiry_month_placeholder')} value={card.expiryMonth} onChange={(event) => setCardField('expiryMonth', event.target.value)} />
            {error('expiryMonth')}
          </div>
          <div className={styles.field}>
            <label htmlFor={fieldId('expiryYear')}>{t('deposit.expiry_year_label')}</label>
            <input {...inputProps('expiryYear')} inputMode="numeric" autoComplete="cc-exp-year" maxLength={4} placeholder={t('deposit.expiry_year_placeholder')} value={card.expiryYear} onChange={(event) => setCardField('expiryYear', event.target.value)} />
            {error('expiryYear')}
          </div>
          <div className={styles.field}>
            <label htmlFor={fieldId('cvv')}>{t('deposit.cvv_label')}</label>
            <input {...inputProps('cvv')} inputMode="numeric" autoComplete="cc-csc" maxLength={4} placeholder={t('deposit.cvv_placeholder')} value={card.cvv} onChange={(event) => setCardField('cvv', event.target.value)} />
            {error('cvv')}
          </div>
        </div>
        <p className={styles.help}>{t('deposit.cvv_help')}</p>
      </div>
    ) : null;

  const summarySection = (
    <dl className={styles.facts} data-testid="deposit-summary">
      <dt>{t('deposit.summary_amount')}</dt>
      <dd>{amountOre === null ? '–' : formatKr(amountOre)}</dd>
      <dt>{t('deposit.receipt_method')}</dt>
      <dd>{method === 'card' ? t('deposit.method_card') : t('deposit.method_mobilepay')}</dd>
      {method === 'card' && card.number ? (
        <>
          <dt>{t('deposit.receipt_card')}</dt>
          <dd>{t('deposit.card_masked', { last4: bareCardNumber(card.number).slice(-4) })}</dd>
        </>
      ) : null}
      {bonusOpen && bonusCode.trim() ? (
        <>
          <dt>{t('deposit.summary_bonus')}</dt>
          <dd>{bonusCode.trim().toUpperCase()}</dd>
        </>
      ) : null}
      <dt>{t('deposit.summary_fee')}</dt>
      <dd>{t('deposit.summary_fee_free')}</dd>
      <dt>{t('deposit.summary_total')}</dt>
      <dd>{amountOre === null ? '–' : formatKr(amountOre)}</dd>
    </dl>
  );

  const alertBox = alert ? (
    <div className={styles.alert} role="alert" data-testid="deposit-error">
      <p>{alert.key.startsWith('raw:') ? alert.key.slice(4) : t(alert.key)}</p>
      {alert.remaining ? <p data-testid="deposit-error-remaining">{t(alert.remaining.key, alert.remaining.vars)}</p> : null}
      {alert.limitsLink ? (
        <Link href="/min-konto/begraensninger" prefetch={false}>
          {t('deposit.limits_link')}
        </Link>
      ) : null}
    </div>
  ) : null;

  const submitLabel = quick || step === 3 ? (quick ? t('quick_deposit.submit', { amount: amountOre === null ? '' : formatKr(amountOre) }) : t('deposit.confirm_button', { amount: amountOre === null ? '' : formatKr(amountOre) })).trim() : t('btn.next');
  const submitButton = (
    <button type="submit" className={styles.primary} aria-disabled={busy || undefined} data-testid="deposit-submit">
      {busy ? <span className={styles.spinner} aria-hidden="true" /> : null}
      {busy ? (quick ? t('quick_deposit.processing') : t('deposit.processing')) : submitLabel}
    </button>
  );

  let body: ReactNode;
  if (quick) {
    body = (
      <>
        {amountSection}
        {methodSection}
        {cardSection}
        {bonusSection}
        {alertBox}
        {submitButton}
      </>
    );
  } else {
    const titles = { 1: t('deposit.step1_title'), 2: t('deposit.step2_title'), 3: t('deposit.step3_title') };
    body = (
      <>
        <p className={styles.steps} data-testid="deposit-step">
          {t('deposit.step_of', { current: String(step), total: '3' })}
        </p>
        <h2 id={`${id}-step-title`} className={styles.stepTitle} tabIndex={-1}>
          {titles[step]}
        </h2>
        {step === 1 ? (
          <>
            {amountSection}
            {bonusSection}
          </>
        ) : null}
        {step === 2 ? (
          <>
            {methodSection}
            {cardSection}
          </>
        ) : null}
        {step === 3 ? (
          <>
            {summarySection}
            <p className={styles.help}>{t('deposit.no_fee')}</p>
          </>
        ) : null}
        {alertBox}
        <div className={styles.buttons}>
          {step > 1 ? (
            <button
              type="button"
              className={styles.secondary}
              onClick={() => {
                setAlert(null);
                setStep((current) => (current - 1) as 1 | 2);
              }}
            >
              {t('btn.back')}
            </button>
          ) : null}
          {submitButton}
        </div>
      </>
    );
  }

  return (
    <>
      <form className={styles.form} onSubmit={submit} noValidate aria-labelledby={quick ? undefined : `${id}-step-title`} data-testid="deposit-form">
        {body}
        <p className={styles.help}>{t('deposit.responsible_note')}</p>
      </form>
      {phase.kind === 'threeds' ? (
        <ThreeDsFrame url={phase.deposit.actionUrl!} widths={threeDs} texts={texts} onDone={() => setPhase({ kind: 'result', deposit: { ...phase.deposit, status: 'requires_action' } })} />
      ) : null}
    </>
  );
}
